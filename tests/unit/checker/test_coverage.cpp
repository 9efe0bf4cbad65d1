// Functional coverage (option coverage=, dpi/checker/tc_coverage.h) on the model's real goldens replayed as a perfect
// DUT: the bins add up to what the checker compared (every executed instruction in one encoding bin, every
// matched beat and compared packet in one bin), named corners are counted from the goldens' own records, the
// file lists every bin, and a failing or unwritable run says so.
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "replay.h"

namespace fs = std::filesystem;

namespace {

struct Coverage {
    RunResult run;
    std::map<std::string, unsigned long long> bins;
    std::vector<std::string> order, header;
    unsigned long long sum(const std::string &prefix) const
    {
        unsigned long long n = 0;
        for (const auto &b : bins)
            if (b.first.compare(0, prefix.size(), prefix) == 0) n += b.second;
        return n;
    }
    unsigned long long at(const std::string &bin) const
    {
        auto it = bins.find(bin);
        EXPECT_NE(it, bins.end()) << "no bin " << bin;
        return it == bins.end() ? 0 : it->second;
    }
};

// Replays program p through the checker with coverage=<file> and reads the file back.
// tc: the golden made with tail-chaining and late arrival on (<p>.tc.tarmac.gz).
Coverage covered(const std::string &p, size_t corrupt_call = SIZE_MAX, bool tc = false)
{
    Coverage v;
    uint64_t steps = 0;
    std::vector<PacketAt> packets = model_run_packets(corpus_elf(p), tc, &steps);
    std::vector<Call> calls;
    std::string err;
    const std::string golden = corpus_golden(tc ? p + ".tc" : p);
    EXPECT_TRUE(perfect_calls(golden, packets, calls, err)) << err;
    if (corrupt_call < calls.size()) calls[corrupt_call].a ^= 0x10;
    fs::create_directories(std::string(TM_BUILD_DIR) + "/tmp");
    std::string file = std::string(TM_BUILD_DIR) + "/tmp/coverage_" + p + ".cov";
    fs::remove(file);
    v.run = run_calls(golden, "coverage=" + file, calls);
    std::ifstream in(file);
    EXPECT_TRUE(in.good()) << file;
    std::string line;
    while (std::getline(in, line)) {
        if (line[0] == '#') {
            v.header.push_back(line);
            continue;
        }
        size_t tab = line.find('\t');
        EXPECT_NE(tab, std::string::npos) << line;
        v.order.push_back(line.substr(0, tab));
        v.bins[line.substr(0, tab)] = std::stoull(line.substr(tab + 1));
    }
    return v;
}

// Golden lines of B T1 (opcode 0xd000-0xddff) whose status starts with status ("IT", "IS", "I": both).
uint64_t cond_branches(const std::string &gz, const std::string &status)
{
    gzFile f = gzopen(gz.c_str(), "rb");
    char line[512];
    uint64_t n = 0;
    while (gzgets(f, line, sizeof line)) {
        char st[4];
        unsigned long long idx;
        unsigned pc, op;
        if (std::sscanf(line, "%*u clk %3s (%llu) %x %x", st, &idx, &pc, &op) == 4 &&
            std::string(st).compare(0, status.size(), status) == 0 && (op >> 12) == 0xd && ((op >> 8) & 15) < 14)
            n++;
    }
    gzclose(f);
    return n;
}

}  // namespace

// The sums: one encoding bin per executed instruction, one bus bin per matched beat, one MTB kind per packet.
TEST(Coverage, BinsAddUpToWhatWasCompared)
{
    for (const char *p : { "svc", "shifts", "ldm_stm", "exc_return", "mtb_flow", "loadstore" }) {
        SCOPED_TRACE(p);
        Coverage v = covered(p);
        ASSERT_EQ(v.run.rc, TC_OK) << v.run.report.substr(0, 2000);
        EXPECT_EQ(v.sum("encoding."), count_gz_lines(corpus_golden(p), " clk IT "));
        EXPECT_EQ(v.sum("bus."), v.run.n.beats);
        EXPECT_EQ(v.at("mtb.branch") + v.at("mtb.exception_entry") + v.at("mtb.exception_return") +
                      v.at("mtb.exception_return_to") + v.at("mtb.tail_chain_entry"),
                  v.run.n.packets);
        EXPECT_EQ(v.at("exception.Reset.entered"), 1u);
        // every conditional branch, taken (IT) or not (IS), in one condition bin; the taken ones are B T1's
        EXPECT_EQ(v.sum("branch.b_t1."), cond_branches(corpus_golden(p), "I"));
        EXPECT_EQ(v.at("encoding.b_t1"), cond_branches(corpus_golden(p), "IT"));
        EXPECT_EQ(v.header[0], "# tarmac-cov 1");
        EXPECT_EQ(v.header[2], "# failed 0");
    }
}

// Every bin is listed, hit or not, in the same order whatever the program: the files merge line by line.
TEST(Coverage, EveryBinListedInOneOrder)
{
    Coverage a = covered("hello"), b = covered("svc");
    EXPECT_EQ(a.order, b.order);
    EXPECT_GT(a.order.size(), 400u);
    EXPECT_EQ(a.at("exception.SVCall.entered"), 0u);  // hello takes no SVCall: listed with 0, a hole
    EXPECT_EQ(a.bins.count("exception.Reset.returned"), 0u);  // Reset never returns: no such bin
    EXPECT_EQ(a.bins.count("mem.load.byte.unaligned_fault"), 0u);  // a byte is never unaligned
    EXPECT_EQ(a.bins.count("shift.lsl_imm_t1.by_32"), 0u);  // LSL #0 is MOV (register)
}

// Exceptions from the goldens' own events: svc enters and returns SVCall three times, from Thread mode on MSP,
// each by BX LR back to Thread mode.
TEST(Coverage, ExceptionsEnteredAndReturned)
{
    Coverage v = covered("svc");
    ASSERT_EQ(v.run.rc, TC_OK);
    uint64_t svcs = count_gz_lines(corpus_golden("svc"), "CoreEvent_SVCALL");
    EXPECT_EQ(svcs, 3u);
    EXPECT_EQ(v.at("exception.SVCall.entered"), svcs);
    EXPECT_EQ(v.at("exception.SVCall.returned"), svcs);
    EXPECT_EQ(v.at("exception.entered_from_thread_msp"), svcs);
    EXPECT_EQ(v.at("exception.entered_frame_aligned") + v.at("exception.entered_frame_realigned"), svcs);
    EXPECT_EQ(v.at("exception.returned_by_bx") + v.at("exception.returned_by_pop_pc"), svcs);
    EXPECT_EQ(v.at("exception.returned_to_thread_msp"), svcs);
    EXPECT_EQ(v.at("exception.entered_nested"), 0u);
    // psp runs thread code on the process stack: entries from it and returns to it
    Coverage p = covered("psp");
    ASSERT_EQ(p.run.rc, TC_OK);
    EXPECT_GT(p.at("exception.entered_from_thread_psp"), 0u);
    EXPECT_GT(p.at("exception.returned_to_thread_psp"), 0u);
}

// Tail-chained entries are the ones that stack nothing: tail_chain's golden with the option on has them (and
// their MTB packet); blx_handler's HardFault on the fetch from 0xFFFFFFF8 shows that address as its return
// address, like a tail-chained entry, but stacks a frame: an ordinary entry.
TEST(Coverage, TailChainedEntries)
{
    Coverage t = covered("tail_chain", SIZE_MAX, true);
    ASSERT_EQ(t.run.rc, TC_OK) << t.run.report.substr(0, 2000);
    EXPECT_GT(t.at("exception.entered_tail_chained"), 0u);
    EXPECT_EQ(t.at("mtb.tail_chain_entry"), t.at("exception.entered_tail_chained"));  // the MTB is on throughout
    // every entry that stacks a frame (nested ones too, whose stacking the golden shows in the step before)
    EXPECT_EQ(t.at("exception.entered_frame_aligned") + t.at("exception.entered_frame_realigned"),
              t.at("exception.entered_from_thread_msp") + t.at("exception.entered_from_thread_psp") +
                  t.at("exception.entered_nested"));
    Coverage b = covered("blx_handler");
    ASSERT_EQ(b.run.rc, TC_OK) << b.run.report.substr(0, 2000);
    EXPECT_EQ(b.at("exception.HardFault.entered"), 1u);
    EXPECT_EQ(b.at("exception.entered_tail_chained"), 0u);
    EXPECT_EQ(b.at("exception.entered_frame_aligned") + b.at("exception.entered_frame_realigned"),
              b.at("exception.SVCall.entered") + 1);
}

// Corners from registers and records: shifts by register amounts of every range, the MTB's watermark with
// AUTOSTOP and AUTOHALT and its wrap, system registers read and written.
TEST(Coverage, OperandFlagAndMtbCorners)
{
    Coverage s = covered("shifts");
    ASSERT_EQ(s.run.rc, TC_OK);
    EXPECT_GT(s.sum("shift.lsl_reg_t1."), 0u);
    EXPECT_EQ(s.sum("shift.lsl_reg_t1."), s.at("encoding.lsl_reg_t1"));  // one amount range per executed shift
    EXPECT_EQ(s.at("flags.lsl_reg_t1.carry_out") + s.at("flags.lsl_reg_t1.no_carry_out"), s.at("encoding.lsl_reg_t1"));
    Coverage m = covered("mtb_flow");
    ASSERT_EQ(m.run.rc, TC_OK);
    EXPECT_GT(m.at("mtb.watermark_autostop"), 0u);
    EXPECT_GT(m.at("mtb.watermark_autohalt"), 0u);
    EXPECT_GT(m.at("mtb.wrap"), 0u);
    EXPECT_GT(m.at("mtb.start_bit"), 0u);
    EXPECT_GT(m.at("sysreg.MTB_FLOW.write"), 0u);
    EXPECT_GT(m.at("sysreg.MTB_MASTER.write"), 0u);
    EXPECT_EQ(m.at("sysreg.MTB_FLOW.write"), count_gz_lines(corpus_golden("mtb_flow"), " clk MW4 f0000008 "));
}

// A failing run still writes its file, marked failed; an unwritable file fails the check, naming it.
TEST(Coverage, FailedAndUnwritable)
{
    Coverage v = covered("hello", 40);
    EXPECT_NE(v.run.rc, TC_OK);
    ASSERT_GE(v.header.size(), 3u);
    EXPECT_EQ(v.header[2], "# failed 1");

    // a coverage file that cannot be created is refused at open, before the run, naming the file and why
    EXPECT_EQ(open_error(corpus_golden("hello"), "mtb=0,coverage=/nonexistent-dir/x.cov"),
              "/nonexistent-dir/x.cov: option coverage: cannot create: directory '/nonexistent-dir': No such file or "
              "directory");
    // one that cannot be written at the end (its directory removed during the run) fails the run, saying why
    std::vector<Call> calls;
    std::string err;
    ASSERT_TRUE(perfect_calls(corpus_golden("hello"), {}, calls, err)) << err;
    fs::path dir = fs::path(TM_BUILD_DIR) / "tmp" / ("cov_gone_" + std::to_string(getpid()));
    fs::create_directories(dir);
    tm_error e{};
    tc_checker *c = tc_open(corpus_golden("hello").c_str(), ("mtb=0,coverage=" + (dir / "x.cov").string()).c_str(), &e);
    ASSERT_NE(c, nullptr) << e.msg;
    fs::remove(dir);
    for (const Call &k : calls) ASSERT_EQ(apply_call(c, k), TC_OK);
    EXPECT_EQ(tc_finish(c), TC_FAILED);
    std::string report = tc_report(c);
    tc_close(c);
    EXPECT_NE(report.find("coverage file: " + (dir / "x.cov").string() + ": cannot create: directory '" +
                          dir.string() + "': No such file or directory"),
              std::string::npos)
        << report;
    EXPECT_NE(report.find("tarmac checker: FAIL"), std::string::npos) << report;
}

// What the checker compares (dpi/README.md, "What is compared"): its state table is the documentation's, a run
// names the state it did not compare, and the state that no trace line shows is compared all the same: CONTROL
// as an exception entry clears SPSEL and a return sets it, and an MTB packet's whole address in the MTB SRAM.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "ledger.h"
#include "lockstep_fixture.h"

namespace {

std::string cell(const std::string &line, size_t &at)
{
    size_t end = line.find(" |", at);
    std::string c = line.substr(at, end - at);
    at = end + 3;
    return c;
}

// The calls of the perfect DUT on a corpus golden; fails the test when the golden cannot be read.
std::vector<Call> calls_of(const std::string &program, const std::vector<PacketAt> &packets = {})
{
    std::vector<Call> calls;
    std::string err;
    EXPECT_TRUE(perfect_calls(corpus_golden(program), packets, calls, err)) << err;
    return calls;
}

// The index of the CONTROL write of value v that the perfect DUT makes right before a call of kind k.
size_t control_write_before(const std::vector<Call> &calls, uint32_t v, Call::Kind k)
{
    for (size_t i = 0; i + 1 < calls.size(); i++)
        if (calls[i].kind == Call::REG && calls[i].a == TM_REG_CONTROL && calls[i].b == v) {
            size_t j = i + 1;
            while (j < calls.size() && calls[j].kind != Call::RETIRE && calls[j].kind != Call::EXC) j++;
            if (j < calls.size() && calls[j].kind == k) return i;
        }
    return calls.size();
}

}  // namespace

TEST(StateTable, TheDocumentationTableIsTheCodesTable)
{
    std::ifstream in(std::string(TM_SOURCE_DIR) + "/dpi/README.md");
    ASSERT_TRUE(in.good());
    std::stringstream ss;
    ss << in.rdbuf();
    std::string doc = ss.str();
    size_t at = doc.find("### What is compared");
    ASSERT_NE(at, std::string::npos);
    std::istringstream lines(doc.substr(at));
    std::string line;
    std::vector<std::vector<std::string>> rows;
    while (std::getline(lines, line) && line.rfind("## ", 0) != 0) {
        if (line.rfind("| ", 0) != 0 || line.rfind("| state |", 0) == 0) continue;
        size_t p = 2;
        std::vector<std::string> r;
        for (int k = 0; k < 3; k++) r.push_back(cell(line, p));
        rows.push_back(r);
    }
    size_t n = 0;
    for (; const tc_state_info *s = tc_state_at(n); n++) {
        ASSERT_LT(n, rows.size()) << "dpi/README.md does not document " << s->state;
        EXPECT_EQ(rows[n][0], s->state);
        EXPECT_EQ(rows[n][1], s->writes) << s->state;
        EXPECT_EQ(rows[n][2], s->snapshot) << s->state;
    }
    EXPECT_EQ(rows.size(), n) << "dpi/README.md documents state the checker's table does not have";
    EXPECT_GE(n, 10u);
}

TEST(StateTable, ARunNamesTheStateItDidNotCompare)
{
    for (const char *opts : { "", "regs=snapshot" }) {
        tm_error err{};
        tc_checker *c = tc_open(corpus_golden("hello").c_str(), opts, &err);
        ASSERT_NE(c, nullptr) << err.msg;
        char buf[2048];
        size_t n = tc_state_not_compared(c, buf, sizeof buf);
        EXPECT_EQ(n, std::strlen(buf));
        std::string list = buf;
        EXPECT_NE(list.find("pending and active exceptions"), std::string::npos) << list;
        EXPECT_NE(list.find("registers the golden has not written yet"), std::string::npos) << list;
        EXPECT_EQ(list.find("r0-r12"), std::string::npos) << list;
        EXPECT_EQ(list.find("CONTROL.SPSEL"), std::string::npos) << list;
        char small[8];
        EXPECT_EQ(tc_state_not_compared(c, small, sizeof small), n); // the full length, the text cut
        EXPECT_EQ(std::strlen(small), sizeof small - 1);
        tc_close(c);
    }
}

// The ledger's not_compared.state is that list, as the table's row names, in each register mode
TEST(StateTable, TheLedgerListsTheStateNotCompared)
{
    for (const char *mode : { "", "regs=snapshot" }) {
        std::vector<Call> calls = calls_of("hello");
        std::string lp = std::string(TM_BUILD_DIR) + "/tmp/state_ledger_" + std::to_string(getpid()) + ".json", opts = mode;
        RunResult r = run_calls(corpus_golden("hello"), opts + (opts.empty() ? "" : ",") + "ledger=" + lp,
                                opts.empty() ? calls : as_snapshots(calls, 0));
        ASSERT_EQ(r.rc, TC_OK) << r.report;
        Ledger l = read_ledger(lp);
        ASSERT_TRUE(l.ok) << l.error;
        std::string want = "[";
        for (size_t i = 0; const tc_state_info *row = tc_state_at(i); i++)
            if (std::strncmp(opts.empty() ? row->writes : row->snapshot, "not compared", 12) == 0)
                want += std::string(want.size() > 1 ? ", " : "") + "\"" + row->state + "\"";
        EXPECT_EQ(l["not_compared.state"], want + "]") << mode;
        EXPECT_NE(want.find("pending and active exceptions"), std::string::npos);
    }
}

// psp: Thread mode on PSP takes an SVC (the entry clears SPSEL) and returns to PSP (the return sets it). A core
// that reports neither change passed before; now each is a missing CONTROL write at its own step.
TEST(BlindSpots, ControlChangedByAnEntryOrAReturnIsComparedAsAWrite)
{
    std::vector<Call> calls = calls_of("psp");
    RunResult ok = run_calls(corpus_golden("psp"), "", calls);
    ASSERT_EQ(ok.rc, TC_OK) << ok.report.substr(0, 2000);

    std::vector<Call> entry = calls;
    size_t i = control_write_before(entry, 0, Call::EXC);
    ASSERT_LT(i, entry.size()) << "the SVC entry from PSP clears SPSEL";
    entry.erase(entry.begin() + (long)i);
    RunResult r = run_calls(corpus_golden("psp"), "", entry);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_NE(r.report.find("register control: missing write (the RTL's value is an older one): expected 00000000, "
                            "actual 00000002"), std::string::npos) << r.report.substr(0, 2000);
    ASSERT_LT(r.failed_at, entry.size());
    EXPECT_EQ(entry[r.failed_at].kind, Call::EXC) << "reported at the entry";

    std::vector<Call> ret = calls;
    i = control_write_before(ret, 2, Call::RETIRE);
    size_t msr = i;
    while (msr < ret.size() && ret[msr].kind != Call::RETIRE) msr++;
    i = control_write_before(std::vector<Call>(ret.begin() + (long)msr + 1, ret.end()), 2, Call::RETIRE) + msr + 1;
    ASSERT_LT(i, ret.size()) << "the return to Thread mode on PSP sets SPSEL";
    ret.erase(ret.begin() + (long)i);
    r = run_calls(corpus_golden("psp"), "", ret);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_NE(r.report.find("register control: missing write (the RTL's value is an older one): expected 00000002, "
                            "actual 00000000"), std::string::npos) << r.report.substr(0, 2000);
}

// mtb_regions places its trace buffers above the start of the MTB SRAM. An MTB that writes a packet at its offset
// inside the buffer but in the SRAM's first region passed before (only the bits inside the buffer were compared);
// the whole SRAM offset is compared now. An offset past the SRAM is the same address (the SRAM wraps).
TEST(BlindSpots, AnMtbPacketInAnotherRegionOfItsSramFails)
{
    uint64_t steps = 0;
    std::vector<PacketAt> packets = model_run_packets(corpus_elf("mtb_regions"), false, &steps);
    ASSERT_GE(packets.size(), 8u);
    for (PacketAt &p : packets) p.pointer &= 0xfffu;
    ASSERT_EQ(packets[0].pointer, 0x840u) << "the first buffer: 64 bytes at 0x840";
    RunResult ok = run_calls(corpus_golden("mtb_regions"), "", calls_of("mtb_regions", packets));
    EXPECT_EQ(ok.rc, TC_OK) << ok.report.substr(0, 2000);

    std::vector<PacketAt> wrapped = packets;
    wrapped[0].pointer += 0x1000;
    EXPECT_EQ(run_calls(corpus_golden("mtb_regions"), "", calls_of("mtb_regions", wrapped)).rc, TC_OK);

    std::vector<PacketAt> first_region = packets;
    first_region[0].pointer &= 0x3fu;
    RunResult r = run_calls(corpus_golden("mtb_regions"), "", calls_of("mtb_regions", first_region));
    EXPECT_EQ(r.rc, TC_MISMATCH);
    char want[256];
    std::snprintf(want, sizeof want, "MTB packet differs in position: expected (%08x, %08x) at offset 00000840 "
                  "(POSITION.POINTER 00000840, an MTB SRAM of 4096 bytes), actual (%08x, %08x) at offset 00000000",
                  packets[0].w0, packets[0].w1, packets[0].w0, packets[0].w1);
    EXPECT_NE(r.report.find(want), std::string::npos) << want << "\n" << r.report.substr(0, 2000);
    // the SRAM's size is an option: 0x840 and 0x040 are two places of a 4 KiB SRAM, one of a 2 KiB one
    std::vector<PacketAt> aliased = packets;
    aliased[0].pointer -= 0x800;
    EXPECT_EQ(run_calls(corpus_golden("mtb_regions"), "", calls_of("mtb_regions", aliased)).rc, TC_MISMATCH);
    RunResult small = run_calls(corpus_golden("mtb_regions"), "mtb_sram_size=2048", calls_of("mtb_regions", aliased));
    EXPECT_EQ(small.rc, TC_OK) << small.report.substr(0, 2000);
}

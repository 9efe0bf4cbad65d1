// Live mode against every program: the calls of a core that takes each exception where the model's golden
// file does pass in live mode (the model inside the checker, golden=live:<elf>) with the counts file mode gives,
// with its records parsed back from golden_out's text and taken as they are, and golden_out replays in file mode
// with the same verdict and counts; so do the calls of a core that shows only its register file (regs=snapshot).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "replay.h"

namespace fs = std::filesystem;

namespace {

void expect_same_counts(const tc_counters &a, const tc_counters &b)
{
    EXPECT_EQ(a.steps, b.steps);
    EXPECT_EQ(a.registers, b.registers);
    EXPECT_EQ(a.beats, b.beats);
    EXPECT_EQ(a.packets, b.packets);
    EXPECT_EQ(a.mismatches, b.mismatches);
    EXPECT_EQ(a.irq_changes, b.irq_changes);
    EXPECT_EQ(a.systick_ticks, b.systick_ticks);
}

}  // namespace

TEST(LiveGoldens, EveryProgramPassesLiveWithFileModesCountsAndItsGoldenOutReplays)
{
    for (const std::string &p : corpus_names()) {
        SCOPED_TRACE(p);
        std::vector<Call> calls;
        std::string err;
        ASSERT_TRUE(perfect_calls(corpus_golden(p), {}, calls, err)) << err;
        RunResult file = run_calls(corpus_golden(p), "mtb=0", calls);
        ASSERT_EQ(file.rc, TC_OK) << file.report.substr(0, 3000);
        std::string out = std::string(TM_BUILD_DIR) + "/tmp/live_" + p + ".tarmac.gz";
        fs::create_directories(std::string(TM_BUILD_DIR) + "/tmp");
        std::string opts = std::string("mtb=0,golden_out=") + out;
        if (corpus_with_options(p)) opts += ",model=tail_chain:1;late_arrival:1";
        RunResult live = run_calls("live:" + corpus_elf(p), opts, calls);
        EXPECT_EQ(live.rc, TC_OK) << live.report.substr(0, 4000);
        expect_same_counts(live.n, file.n);
        // without golden_out the model's records go to the step builder without the text: the same steps
        std::string direct_opts = corpus_with_options(p) ? "mtb=0,model=tail_chain:1;late_arrival:1" : "mtb=0";
        RunResult direct = run_calls("live:" + corpus_elf(p), direct_opts, calls);
        EXPECT_EQ(direct.rc, TC_OK) << direct.report.substr(0, 4000);
        expect_same_counts(direct.n, file.n);
        RunResult replay = run_calls(out, "mtb=0", calls);
        EXPECT_EQ(replay.rc, TC_OK) << replay.report.substr(0, 3000);
        expect_same_counts(replay.n, file.n);
    }
}

// A core that shows its registers but reports no writes (a visibility port): live mode holds each snapshot with the
// other calls and compares it as file mode does, with the same counts; a wrong value in one is found.
TEST(LiveGoldens, SnapshotsPassLiveWithFileModesCounts)
{
    for (const std::string &p : corpus_names()) {
        SCOPED_TRACE(p);
        std::vector<Call> calls;
        std::string err;
        ASSERT_TRUE(perfect_calls(corpus_golden(p), {}, calls, err)) << err;
        // (CONTROL left out: an exception entry clears SPSEL without a golden line, which the calls do not follow)
        calls = as_snapshots(calls, 0xdeadbeef, kAllRegs & ~(1u << TM_REG_CONTROL));
        RunResult file = run_calls(corpus_golden(p), "mtb=0,regs=snapshot", calls);
        ASSERT_EQ(file.rc, TC_OK) << file.report.substr(0, 3000);
        std::string opts = corpus_with_options(p) ? "mtb=0,regs=snapshot,model=tail_chain:1;late_arrival:1"
                                                  : "mtb=0,regs=snapshot";
        RunResult live = run_calls("live:" + corpus_elf(p), opts, calls);
        EXPECT_EQ(live.rc, TC_OK) << live.report.substr(0, 4000);
        expect_same_counts(live.n, file.n);
    }
    std::vector<Call> calls;
    std::string err;
    ASSERT_TRUE(perfect_calls(corpus_golden("hello"), {}, calls, err)) << err;
    calls = as_snapshots(calls, 0);
    size_t k = 0;
    for (size_t i = 0, n = 0; i < calls.size() && !k; i++)
        if (calls[i].kind == Call::SNAPSHOT && ++n == 200) k = i;
    calls[k].regs[0] ^= 0x100;
    RunResult live = run_calls("live:" + corpus_elf("hello"), "mtb=0,regs=snapshot", calls);
    EXPECT_EQ(live.rc, TC_MISMATCH);
    EXPECT_NE(live.report.find("register r0: wrong value"), std::string::npos) << live.report.substr(0, 2000);
}

// A core that does not retire an instruction that faults (one seen through its visibility port keeps the PC on
// it until the handler): each HardFault entry at the faulting instruction's own address takes its step along, in
// file and in live mode, with the counts of the core that retires it; an entry at another address still fails.
TEST(LiveGoldens, AHardFaultEntryTakesItsFaultingInstructionAlong)
{
    std::vector<Call> calls, skipped;
    std::string err;
    ASSERT_TRUE(perfect_calls(corpus_golden("unaligned"), {}, calls, err)) << err;
    RunResult full = run_calls(corpus_golden("unaligned"), "mtb=0", calls);
    ASSERT_EQ(full.rc, TC_OK) << full.report.substr(0, 3000);
    int dropped = 0;
    for (size_t i = 0; i < calls.size(); i++) {
        if (calls[i].kind == Call::RETIRE) { /* the retire before a HardFault entry at its own address */
            size_t j = i + 1;
            while (j < calls.size() && calls[j].kind != Call::RETIRE && calls[j].kind != Call::EXC) j++;
            if (j < calls.size() && calls[j].kind == Call::EXC && calls[j].a == 3 && calls[j].b == calls[i].a) {
                dropped++;
                continue;
            }
        }
        skipped.push_back(calls[i]);
    }
    ASSERT_GE(dropped, 3);
    RunResult file = run_calls(corpus_golden("unaligned"), "mtb=0", skipped);
    EXPECT_EQ(file.rc, TC_OK) << file.report.substr(0, 3000);
    expect_same_counts(file.n, full.n);
    RunResult live = run_calls("live:" + corpus_elf("unaligned"), "mtb=0", skipped);
    EXPECT_EQ(live.rc, TC_OK) << live.report.substr(0, 3000);
    expect_same_counts(live.n, full.n);
    for (Call &c : skipped)
        if (c.kind == Call::EXC && c.a == 3) {
            c.b += 2; /* the return address is not the faulting instruction's */
            break;
        }
    EXPECT_EQ(run_calls(corpus_golden("unaligned"), "mtb=0", skipped).rc, TC_MISMATCH);
}

// The checker's golden thread (dpi/checker/tc_golden.c) builds steps far ahead of the comparison: a long golden
// goes through its ring and pools many times over, and every verdict and report is the same whether that
// thread is ahead (a head start: its ring full, asleep) or behind (the replay outruns its parsing).
#include <gtest/gtest.h>

#include "replay.h"

namespace {

struct LongGolden {
    std::string text;
    std::vector<PacketAt> packets;
    unsigned stores = 0;
    std::vector<unsigned> step_line;  // golden line of each instruction step (1-based step number)
};

// n instruction steps cycling through movs (a register write), str (a bus write; the first one enables the
// MTB) and a taken branch to the next instruction (an MTB packet once enabled). With garbage_at, a line no
// reader accepts follows that step's instruction.
LongGolden long_golden(unsigned n, unsigned garbage_at = 0)
{
    LongGolden g;
    std::string &t = g.text;
    unsigned line = 0;
    auto add = [&](const std::string &s) {
        t += s + "\n";
        line++;
    };
    char buf[160];
    add("0 clk E 00000100 00000001 CoreEvent_RESET");
    add("0 clk R r13_main 20004000");
    g.step_line.push_back(0);
    bool mtb_on = false, first_packet = true;
    for (unsigned i = 1; i <= n; i++) {
        uint32_t pc = 0x100 + 2 * (i - 1);
        unsigned k = i % 3;
        uint32_t op = k == 1 ? 0x2000 | (i & 0xff) : k == 2 ? 0x6008 : 0xe7ff;
        snprintf(buf, sizeof buf, "%u clk IT (%u) %08x %04x T thread : op", i, i, pc, op);
        add(buf);
        g.step_line.push_back(line);
        if (i == garbage_at) add(std::to_string(i) + " clk garbage line here");
        if (k == 1) {
            snprintf(buf, sizeof buf, "%u clk R r0 %08x", i, i & 0xff);
            add(buf);
        } else if (k == 2) {
            snprintf(buf, sizeof buf, "%u clk MW4 %08x %08x", i, mtb_on ? 0x20000000u : 0xf0000004u,
                     mtb_on ? i : 0x80000000u);
            add(buf);
            g.stores++;
            mtb_on = true;
        } else if (mtb_on) {
            g.packets.push_back({ i - 1, pc, (pc + 2) | (first_packet ? 1u : 0u) });
            first_packet = false;
        }
    }
    return g;
}

const unsigned kSteps = 40000;  // many times the steps the golden thread holds ahead

class GoldenThread : public ::testing::Test {
  protected:
    LongGolden g = long_golden(kSteps);
    std::string path = temp_golden(g.text, "long.tarmac");
    std::vector<Call> calls;
    void SetUp() override
    {
        std::string err;
        ASSERT_TRUE(perfect_calls(path, g.packets, calls, err)) << err;
    }
    // The same calls with the golden thread behind and ahead: one result, which is returned.
    RunResult run_both(const std::string &golden, const std::vector<Call> &c)
    {
        RunResult behind = run_calls(golden, "", c), ahead = run_calls(golden, "", c, 300);
        EXPECT_EQ(behind.rc, ahead.rc);
        EXPECT_EQ(behind.failed_at, ahead.failed_at);
        EXPECT_EQ(behind.report, ahead.report);
        EXPECT_EQ(behind.n.steps, ahead.n.steps);
        EXPECT_EQ(behind.n.packets, ahead.n.packets);
        return behind;
    }
    size_t retire_index(unsigned step)
    {
        uint32_t pc = 0x100 + 2 * (step - 1);
        for (size_t i = 0; i < calls.size(); i++)
            if (calls[i].kind == Call::RETIRE && calls[i].a == pc) return i;
        ADD_FAILURE() << "no retire of step " << step;
        return 0;
    }
};

TEST_F(GoldenThread, PerfectReplayOfALongGoldenPassesWithExactCounts)
{
    RunResult r = run_both(path, calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.steps, kSteps + 1u);  // and the reset step
    EXPECT_EQ(r.n.beats, g.stores);
    EXPECT_EQ(r.n.packets, g.packets.size());
    EXPECT_GT(g.packets.size(), kSteps / 4);
}

TEST_F(GoldenThread, WrongRegisterLateInALongGolden)
{
    size_t i = retire_index(30001);  // movs: its register write comes just before the retire
    ASSERT_EQ(calls[i - 1].kind, Call::REG);
    calls[i - 1].b ^= 0x40;
    RunResult r = run_both(path, calls);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_NE(r.report.find("step 30001, golden "), std::string::npos) << r.report;
    EXPECT_NE(r.report.find("long.tarmac:" + std::to_string(g.step_line[30001] + 1) + ","), std::string::npos)
        << r.report;
}

TEST_F(GoldenThread, ExtraAndMissingMtbPacketsLateInALongGolden)
{
    std::vector<Call> extra = calls;
    extra.insert(extra.begin() + (long)retire_index(35002), Call::packet(0x1234, 0x5678));
    RunResult r = run_both(path, extra);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_NE(r.report.find("(mtb stream)"), std::string::npos) << r.report;
    std::vector<Call> missing = calls;
    size_t i = retire_index(36000);  // a branch: its packet comes just before its retire
    ASSERT_EQ(missing[i - 1].kind, Call::PACKET);
    missing.erase(missing.begin() + (long)i - 1);
    r = run_both(path, missing);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    // packets compare in order: the next branch's packet takes the missing one's place
    EXPECT_NE(r.report.find("MTB packet differs in source address destination address: expected (00011a3e, "
                            "00011a40)"),
              std::string::npos)
        << r.report;
    EXPECT_NE(r.report.find("step 36000, golden "), std::string::npos) << r.report;
}

TEST_F(GoldenThread, AnUnreadableLineFailsOnlyARunThatReachesIt)
{
    LongGolden bad = long_golden(kSteps, 38000);
    std::string bad_path = temp_golden(bad.text, "bad.tarmac");
    RunResult r = run_both(bad_path, calls);
    EXPECT_EQ(r.rc, TC_FAILED);
    EXPECT_NE(r.report.find("unreadable golden"), std::string::npos) << r.report;
    EXPECT_NE(r.report.find("bad.tarmac:" + std::to_string(bad.step_line[38000] + 1) + ":"), std::string::npos)
        << r.report;
    // an RTL that stops long before the bad line: the golden goes on, nothing unreadable was needed
    std::vector<Call> early(calls.begin(), calls.begin() + (long)retire_index(20000) + 1);
    r = run_both(bad_path, early);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_NE(r.report.find("the RTL finished, but the golden trace goes on"), std::string::npos) << r.report;
    EXPECT_EQ(r.report.find("unreadable"), std::string::npos) << r.report;
}

TEST(GoldenThreadPools, StepsWithTheMostRecordsFillThePoolsBeforeTheRing)
{
    // 3,000 steps of 40 register writes each: the register pool, not the ring, holds the golden thread back
    std::string text = "0 clk E 00000100 00000001 CoreEvent_RESET\n";
    std::vector<Call> calls;
    char buf[96];
    for (unsigned i = 1; i <= 3000; i++) {
        uint32_t pc = 0x100 + 2 * (i - 1);
        snprintf(buf, sizeof buf, "%u clk IT (%u) %08x 2000 T thread : movs r0, #0\n", i, i, pc);
        text += buf;
        for (unsigned k = 0; k < 40; k++) {
            snprintf(buf, sizeof buf, "%u clk R r%u %08x\n", i, k % 13, i * 64 + k);
            text += buf;
        }
        for (unsigned r = 0; r < 13; r++) calls.push_back(Call::reg((int)r, i * 64 + 39 - (39 - r) % 13));
        calls.push_back(Call::retire(pc, 0x2000));
    }
    std::string path = temp_golden(text, "wide.tarmac");
    RunResult behind = run_calls(path, "", calls), ahead = run_calls(path, "", calls, 300);
    EXPECT_EQ(behind.rc, TC_OK) << behind.report;
    EXPECT_EQ(ahead.rc, TC_OK) << ahead.report;
    EXPECT_EQ(behind.n.steps, 3001u);
    EXPECT_EQ(behind.n.registers, 3000u * 13);
}

}  // namespace

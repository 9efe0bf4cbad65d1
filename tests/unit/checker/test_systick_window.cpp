// systick_window (dpi/README.md, "SysTick inside the core"): a core whose SysTick is inside it (Arm's Cortex-M0)
// reads SYST_CVR with no bus beat, counting its own clock, while the golden counted as the model does. The register
// the read writes is accepted within the window of the golden's value (either way round the 24-bit counter's wrap),
// counted in the summary and the ledger; outside the window, or without the option, it is a register mismatch.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "ledger.h"
#include "lockstep_fixture.h"

using namespace lockstep;

namespace {

// kGolden with its movs r0, #0 (S13) replaced by a read of SYST_CVR.
std::string systick_golden(uint32_t value)
{
    std::string s = kGolden;
    const std::string from = "12 clk IT (12) 00000114 2000 T thread : movs r0, #0\n"
                             "12 clk R r0 00000000\n"
                             "12 clk R cpsr 41000000\n";
    size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos);
    char to[200];
    snprintf(to, sizeof to,
             "12 clk IT (12) 00000114 6808 T thread : ldr r0, [r1, #0]\n"
             "12 clk MR4 e000e018 %08x\n"
             "12 clk R r0 %08x\n", value, value);
    s.replace(at, from.size(), to);
    return s;
}

// The calls of a perfect core, then the core's SysTick read: no beat, and the register as the core read it.
RunResult run_with(uint32_t golden_value, uint32_t core_value, const std::string &options)
{
    std::string g = golden_path(systick_golden(golden_value).c_str(), "systick.tarmac");
    std::vector<Call> calls = perfect(g);
    calls.erase(std::remove_if(calls.begin(), calls.end(),
                               [](const Call &c) { return c.kind == Call::BEAT && c.a == 0xe000e018; }),
                calls.end());
    size_t r0 = find_call(calls, [&](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == golden_value; });
    calls[r0].b = core_value;
    return run_calls(g, "bus_ignore=0xe000e000-0xe000efff," + options, calls);
}

}  // namespace

TEST(SysTickWindow, AReadWithinTheWindowIsAcceptedAndCounted)
{
    RunResult r = run_with(0x1000, 0x0ffa, "systick_window=8");
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.systick_reads, 1u);
    EXPECT_NE(r.report.find("1 SysTick reads within the window (systick_window=8)"), std::string::npos) << r.report;
    // round the wrap: the golden read 2, the core had reloaded to 0xfffffe (24 bits) four counts later
    r = run_with(0x2, 0xfffffe, "systick_window=8");
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.systick_reads, 1u);
    // the same value is no difference: compared, not counted
    r = run_with(0x1000, 0x1000, "systick_window=8");
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.systick_reads, 0u);
}

TEST(SysTickWindow, OutsideTheWindowOrWithoutItIsAMismatch)
{
    RunResult r = run_with(0x1000, 0x0ff0, "systick_window=8");
    EXPECT_EQ(r.rc, TC_MISMATCH) << r.report;
    EXPECT_NE(r.report.find("register r0: wrong value: expected 00001000, actual 00000ff0"), std::string::npos)
        << r.report;
    r = run_with(0x1000, 0x0ffa, "");
    EXPECT_EQ(r.rc, TC_MISMATCH) << r.report;
    EXPECT_EQ(r.n.systick_reads, 0u);
}

TEST(SysTickWindow, TheLedgerCountsThem)
{
    std::string lp = std::string(TM_BUILD_DIR) + "/tmp/systick_window_" + std::to_string(getpid()) + ".json";
    std::remove(lp.c_str());
    RunResult r = run_with(0x1000, 0x1003, "systick_window=4,ledger=" + lp);
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    Ledger l = read_ledger(lp);
    ASSERT_TRUE(l.ok) << l.error;
    EXPECT_EQ(l["not_compared.systick_window_reads"], "1");
    std::remove(lp.c_str());
}

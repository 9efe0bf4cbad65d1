// The checker against a golden written the way the model writes it (model/ARCHITECTURE.md): a perfect DUT
// passes with exact counts; every injected fault is caught at the exact step with the right golden line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <cstring>
#include <functional>

#include "lockstep_fixture.h"

extern "C" {
#include "tarmac/writer.h"
}

using namespace lockstep;

TEST_F(Lockstep, PerfectDutPassesWithExactCounts)
{
    RunResult r = run();
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.steps, 15u);       // reset + 13 instructions + 1 exception entry
    EXPECT_EQ(r.n.beats, 22u);       // 6 loads/stores + 8 stacking + 8 unstacking
    EXPECT_EQ(r.n.packets, 4u);
    EXPECT_EQ(r.n.mismatches, 0u);
    EXPECT_EQ(r.n.registers, 19u);  // distinct registers written per step, by either side
    EXPECT_NE(r.report.find("tarmac checker: PASS: 15 steps"), std::string::npos) << r.report;
}

TEST_F(Lockstep, WrongRegisterValue)
{
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == 0x16; })].b = 0x17;
    RunResult r = run();
    expect_report(r, "register", 1, 5, "register r0: wrong value: expected 00000016, actual 00000017");
    EXPECT_NE(r.report.find("r0       golden 00000016  rtl 00000017"), std::string::npos) << r.report;
}

TEST_F(Lockstep, MissingWrite)
{
    // the handler's adds r0, #1 (step 11): the RTL reports no write, so r0 keeps its older value
    calls.erase(calls.begin() + find_call(calls, [](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == 0x17; }));
    expect_report(run(), "register", 11, 37,
                  "register r0: missing write (the RTL's value is an older one): expected 00000017, actual 00000016");
}

TEST_F(Lockstep, ExtraWrite)
{
    // r0 is known to the golden (0x16 since step 1); the str at 0x104 writes no register
    calls.insert(calls.begin() + retire_at(calls, 0x104), Call::reg(0, 1));
    expect_report(run(), "register", 3, 9,
                  "register r0: extra write (the golden wrote no such register in this step): expected 00000016, "
                  "actual 00000001");
}

TEST_F(Lockstep, WriteToARegisterTheGoldenHasNotWrittenYetIsNotAnError)
{
    // r5 and LR reset to values the architecture leaves UNKNOWN: the golden has not written them yet
    calls.insert(calls.begin() + retire_at(calls, 0x104), Call::reg(5, 1));
    calls.insert(calls.begin() + retire_at(calls, 0x100), Call::reg(14, 0x12345678));
    RunResult r = run();
    EXPECT_EQ(r.rc, TC_OK) << r.report;
}

TEST_F(Lockstep, ARegisterTheRtlNeverReportedIsSaidSo)
{
    calls.erase(calls.begin() + find_call(calls, [](const Call &c) { return c.kind == Call::REG && c.a == 1; }));
    RunResult r = run();
    expect_report(r, "register", 2, 8, "register r1: never reported by the RTL: expected 20000000, actual (never reported)");
    EXPECT_NE(r.report.find("r1       golden 20000000  rtl (never reported)"), std::string::npos) << r.report;
}

TEST_F(Lockstep, RedundantWriteOfTheSameValueIsFine)
{
    calls.insert(calls.begin() + retire_at(calls, 0x104), Call::reg(0, 0x16));
    EXPECT_EQ(run().rc, TC_OK);
}

TEST_F(Lockstep, SkippedInstruction)
{
    // the DUT never executes the str at 0x104: no beat, no retire
    size_t i = retire_at(calls, 0x104);
    calls.erase(calls.begin() + i - 1, calls.begin() + i + 1);
    expect_report(run(), "instruction", 3, 9, "pc: expected 00000104 (opcode 6008), actual 00000106");
}

TEST_F(Lockstep, ExtraInstruction)
{
    calls.insert(calls.begin() + retire_at(calls, 0x104), Call::retire(0x104, 0x46c0));
    expect_report(run(), "instruction", 3, 9, "opcode at 00000104: expected 6008, actual 46c0");
}

TEST_F(Lockstep, WrongOpcode)
{
    calls[retire_at(calls, 0x106)].b = 0x7149;
    expect_report(run(), "instruction", 4, 11, "opcode at 00000106: expected 7148, actual 7149");
}

TEST_F(Lockstep, TakenVersusSkipped)
{
    calls[retire_at(calls, 0x10e)].d = 0;
    expect_report(run(), "instruction", 8, 21, "condition at 0000010e: expected IT (executed), actual IS (skipped)");
}

TEST_F(Lockstep, WrongBusData)
{
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::BEAT && c.a == 0x20000000 && c.b; })].e = 0x17;
    expect_report(run(), "bus", 3, 10, "expected 00000016, actual 00000017");
}

TEST_F(Lockstep, WrongBusAddress)
{
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::BEAT && c.a == 0x20000000 && c.b; })].a =
        0x20000004;
    expect_report(run(), "bus", 3, 10, "unexpected bus beat W4 20000004 = 00000016; the oldest expected access is W4 20000000");
}

TEST_F(Lockstep, WrongBusSize)
{
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::BEAT && c.a == 0x20000000 && c.b; })].c = 1;
    expect_report(run(), "bus", 3, 10, "unexpected bus beat W2 20000000");
}

TEST_F(Lockstep, MissingBeat)
{
    calls.erase(calls.begin() + find_call(calls, [](const Call &c) { return c.kind == Call::BEAT && c.a == 0x20000000 && c.b; }));
    RunResult r = run("bus_window=2");
    expect_report(r, "bus", 3, 10, "missing bus beat: expected W4 20000000 = 00000016");
}

TEST_F(Lockstep, ExtraBeat)
{
    calls.insert(calls.begin() + retire_at(calls, 0x106), Call::beat(0x20000100, 1, 2, 0xdead));
    expect_report(run(), "bus", 4, 11, "unexpected bus beat W4 20000100 = 0000dead");
}

TEST_F(Lockstep, ByteLaneErrorOnStore)
{
    // strb to 0x20000005 must drive HWDATA[15:8]; this DUT drives the byte on lane 0
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::BEAT && c.a == 0x20000005; })].e = 0x16;
    expect_report(run(), "bus", 4, 12, "bus data at 20000005 (W1, HWDATA/HRDATA 00000016): expected 16, actual 00");
}

TEST_F(Lockstep, FetchBeatsAreNotData)
{
    calls.insert(calls.begin() + retire_at(calls, 0x104), Call::beat(0x104, 0, 1, 0x6008, 0, /*prot=*/0));
    EXPECT_EQ(run().rc, TC_OK);
}

TEST_F(Lockstep, StackFrameInAnotherOrderPasses)
{
    // the DUT stacks lowest address first (Fast Models writes highest first)
    size_t first = find_call(calls, [](const Call &c) { return c.kind == Call::BEAT && c.a == 0x20003ffc && c.b; });
    std::reverse(calls.begin() + first, calls.begin() + first + 8);
    EXPECT_EQ(calls[first].a, 0x20003fe0u);
    RunResult r = run();
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.beats, 22u);
}

TEST_F(Lockstep, WrongMtbABit)
{
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::PACKET && c.a == 0x115; })].a = 0x114;
    expect_report(run(), "mtb", 10, 23, "MTB packet differs in A bit: expected (00000115, 00000200), actual (00000114, 00000200)");
}

TEST_F(Lockstep, WrongMtbSBit)
{
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::PACKET && c.a == 0x10e; })].b = 0x112;
    expect_report(run(), "mtb", 8, 21, "MTB packet differs in S bit");
}

TEST_F(Lockstep, MissingPacket)
{
    calls.erase(calls.begin() + find_call(calls, [](const Call &c) { return c.kind == Call::PACKET && c.a == 0x10e; }));
    RunResult r = run();
    EXPECT_EQ(r.rc, TC_MISMATCH);
    // the next packet the DUT sends is compared with the missing one
    expect_report(r, "mtb", 8, 21, "expected (0000010e, 00000113), actual (00000115, 00000200)");
}

TEST_F(Lockstep, MissingLastPacketIsReportedAtTheEnd)
{
    calls.erase(calls.begin() + find_call(calls, [](const Call &c) { return c.kind == Call::PACKET && c.a == 0xfffffff9; }));
    expect_report(run(), "mtb", 12, 38, "missing MTB packet");
}

TEST_F(Lockstep, ExtraPacket)
{
    calls.push_back(Call::packet(0x116, 0x100));
    expect_report(run(), "mtb", 14, 59, "unexpected MTB packet (00000116, 00000100)");
}

// The MTB tests' golden begins so: reset, then MTB MASTER.EN set by a store (its first packet has S set)
static const char *const kMtbOn =
    "0 clk E 00000100 00000001 CoreEvent_RESET\n"
    "0 clk R r13_main 20004000\n"
    "0 clk R MSP 20004000\n"
    "1 clk IT (1) 00000100 4a04 T thread : ldr r2, [pc, #16]\n"
    "1 clk MR4 00000114 f0000000\n"
    "1 clk R r2 f0000000\n"
    "2 clk IT (2) 00000102 4b05 T thread : ldr r3, [pc, #20]\n"
    "2 clk MR4 00000118 80000000\n"
    "2 clk R r3 80000000\n"
    "3 clk IT (3) 00000104 6053 T thread : str r3, [r2, #4]\n"     // MTB MASTER.EN = 1
    "3 clk MW4 f0000004 80000000\n";

// A perfect core's run on a golden text: its calls, with the MTB's packets given
static RunResult run_perfect(const std::string &text, const char *name, const std::vector<PacketAt> &packets)
{
    std::string g = golden_path(text.c_str(), name);
    std::vector<Call> calls;
    std::string err;
    EXPECT_TRUE(perfect_calls(g, packets, calls, err)) << err;
    return run_calls(g, "", calls);
}

// An undefined BX (a should-be-zero bit set) faults: the MTB writes only the HardFault entry's packet. The
// checker used to take any 0x47xx for a branch and expected a packet for it too (branch to the fault).
TEST(LockstepMtb, AnUndefinedBxIsNoBranch)
{
    const std::string golden = std::string(kMtbOn) +
        "4 clk IT (4) 00000106 4701 T thread : undefined 0x4701\n"   // faults
        "4 clk E 00000000 handler 00000019 CoreEvent_ModeChange\n"
        "4 clk MW4 20003ffc 01000000\n"
        "4 clk MW4 20003ff8 00000106\n"
        "4 clk MW4 20003ff4 ffffffff\n"
        "4 clk MW4 20003ff0 00000000\n"
        "4 clk MW4 20003fec 80000000\n"
        "4 clk MW4 20003fe8 f0000000\n"
        "4 clk MW4 20003fe4 00000000\n"
        "4 clk MW4 20003fe0 00000000\n"
        "4 clk E 00000106 00000003 CoreEvent_HARDFAULT\n"             // packet (107, 201): A=1, S=1
        "4 clk R r14 fffffff9\n"
        "4 clk R r13_main 20003fe0\n"
        "4 clk R cpsr 01000003\n"
        "5 clk IT (5) 00000200 3001 T handler : adds r0, #1\n"
        "5 clk R r0 00000001\n";
    RunResult r = run_perfect(golden, "undefined_bx.tarmac", { { 4, 0x00000107, 0x00000201 } });
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.packets, 1u);
}

// An exception return whose step also stacks the next exception, which then locks up on its vector read (VTOR
// in unmapped memory): the golden ends in that step. The return still went back to its frame's return address,
// and the MTB wrote both of the return's packets; the checker used to expect only the first (it took the second's
// destination from the next golden step, and there is none), and called the core's second packet unexpected.
TEST(LockstepMtb, AReturnIntoALockupStillWritesItsSecondPacket)
{
    const std::string golden = std::string(kMtbOn) +
        "4 clk IT (4) 00000106 df00 T thread : svc 0\n"               // packet (109, 201): A=1, S=1
        "4 clk E 00000000 handler 00000019 CoreEvent_ModeChange\n"
        "4 clk MW4 20003ffc 01000000\n"
        "4 clk MW4 20003ff8 00000108\n"
        "4 clk MW4 20003ff4 ffffffff\n"
        "4 clk MW4 20003ff0 00000000\n"
        "4 clk MW4 20003fec 80000000\n"
        "4 clk MW4 20003fe8 f0000000\n"
        "4 clk MW4 20003fe4 00000000\n"
        "4 clk MW4 20003fe0 00000000\n"
        "4 clk E 00000108 0000000b CoreEvent_SVCALL\n"
        "4 clk R r14 fffffff9\n"
        "4 clk R r13_main 20003fe0\n"
        "4 clk R cpsr 0100000b\n"
        "5 clk IT (5) 00000200 4770 T handler : bx lr\n"             // packets (200, fffffff8), (fffffff9, 108)
        "5 clk E 00000108 thread 00000019 CoreEvent_ModeChange\n"
        "5 clk MR4 20003fe0 00000000\n"
        "5 clk MR4 20003fe4 00000000\n"
        "5 clk MR4 20003fe8 f0000000\n"
        "5 clk MR4 20003fec 80000000\n"
        "5 clk MR4 20003ff0 00000000\n"
        "5 clk MR4 20003ff4 ffffffff\n"
        "5 clk MR4 20003ff8 00000108\n"
        "5 clk MR4 20003ffc 01000000\n"
        "5 clk R r13_main 20004000\n"
        "5 clk R r14 ffffffff\n"
        "5 clk R cpsr 01000000\n"
        "5 clk MW4 20003ffc 01000000\n"                                // PendSV's stacking; its vector read fails
        "5 clk MW4 20003ff8 00000108\n"
        "5 clk MW4 20003ff4 ffffffff\n"
        "5 clk MW4 20003ff0 00000000\n"
        "5 clk MW4 20003fec 80000000\n"
        "5 clk MW4 20003fe8 f0000000\n"
        "5 clk MW4 20003fe4 00000000\n"
        "5 clk MW4 20003fe0 00000000\n";
    RunResult r = run_perfect(golden, "return_into_lockup.tarmac",
                              { { 3, 0x00000109, 0x00000201 }, { 4, 0x00000200, 0xfffffff8 },
                                { 4, 0xfffffff9, 0x00000108 } });
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.packets, 3u);
}

TEST_F(Lockstep, ExceptionNumberAndReturnAddress)
{
    size_t i = find_call(calls, [](const Call &c) { return c.kind == Call::EXC; });
    calls[i].a = 14;
    expect_report(run(), "instruction", 10, 23, "wrong exception: the golden entered SVCall (11), the RTL PendSV (14)");
    calls[i].a = 11;
    calls[i].b = 0x112;
    expect_report(run(), "instruction", 10, 23, "return address: expected 00000114, actual 00000112");
}

TEST_F(Lockstep, AnEntryWithoutItsExceptionCallIsAMismatch)
{
    // every golden entry must be an RTL exception: one passed at the next retire would let a phantom entry pass
    calls.erase(calls.begin() + find_call(calls, [](const Call &c) { return c.kind == Call::EXC; }));
    expect_report(run(), "instruction", 11, 23,
                  "exception not taken: the golden entered SVCall (11) at step 10 (golden line 23; return address "
                  "00000114); the RTL reported no exception and retired 00000200 (opcode 3001)");
}

TEST_F(Lockstep, GoldenTruncated)
{
    std::string text = kGolden;
    text.resize(text.find("9 clk IT (9)"));
    std::string t = golden_path(text.c_str(), "trunc.tarmac");
    calls.erase(std::remove_if(calls.begin(), calls.end(), [](const Call &c) { return c.kind == Call::PACKET; }),
                calls.end());
    RunResult r = run_calls(t, "", calls);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_NE(r.report.find("the golden trace ended, but the RTL retired an instruction at 00000112"), std::string::npos)
        << r.report;
}

TEST_F(Lockstep, RtlStopsEarly)
{
    calls.resize(retire_at(calls, 0x114) + 1);
    expect_report(run(), "instruction", 14, 59, "the RTL finished, but the golden trace goes on");
}

TEST_F(Lockstep, MaxErrorsContinuesPastTheFirst)
{
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == 0x16; })].b = 0x17;
    calls[retire_at(calls, 0x106)].b = 0x7149;
    RunResult r = run("max_errors=5");
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_EQ(r.n.mismatches, 2u) << r.report;
    EXPECT_NE(r.report.find("MISMATCH #2 (instruction stream)"), std::string::npos) << r.report;
    EXPECT_NE(r.report.find("2 mismatches"), std::string::npos) << r.report;
    EXPECT_EQ(r.failed_at, retire_at(calls, 0x100));  // the first mismatch; the run went on to the end
}

TEST_F(Lockstep, IgnoredRegistersAreNotCompared)
{
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == 0x16; })].b = 0x17;
    EXPECT_EQ(run("ignore_regs=r0").rc, TC_OK);
}

TEST_F(Lockstep, ReportFileAndContext)
{
    calls[retire_at(calls, 0x106)].b = 0x7149;
    std::string rep = golden_path("", "report.txt");
    RunResult r = run("context=3,report=" + rep);
    std::ifstream f(rep);
    std::string text((std::istreambuf_iterator<char>(f)), {});
    EXPECT_EQ(text, r.report);
    EXPECT_NE(r.report.find("last golden steps"), std::string::npos);
    EXPECT_NE(r.report.find("retire 00000104 6008"), std::string::npos) << r.report;
    EXPECT_NE(r.report.find("#4 :11 IT 00000106 7148"), std::string::npos) << r.report;
    EXPECT_NE(r.report.find("simulation time"), std::string::npos);
}

TEST(CheckerOpen, BadOptionsAndGoldens)
{
    std::string g = golden_path();
    tm_error e{};
    EXPECT_EQ(tc_open(g.c_str(), "colour=blue", &e), nullptr);
    EXPECT_NE(std::string(e.msg).find("unknown option 'colour'"), std::string::npos) << e.msg;
    EXPECT_EQ(tc_open(g.c_str(), "context", &e), nullptr);
    EXPECT_NE(std::string(e.msg).find("has no value"), std::string::npos) << e.msg;
    EXPECT_EQ(tc_open(g.c_str(), "bus_window=x", &e), nullptr);
    EXPECT_NE(std::string(e.msg).find("bus_window"), std::string::npos) << e.msg;
    EXPECT_EQ(tc_open(g.c_str(), "mtb_base=0x123", &e), nullptr);
    EXPECT_EQ(tc_open(g.c_str(), "ignore_regs=r99", &e), nullptr);
    EXPECT_NE(std::string(e.msg).find("unknown register 'r99'"), std::string::npos) << e.msg;
    EXPECT_EQ(tc_open(nullptr, "", &e), nullptr);
    EXPECT_NE(std::string(e.msg).find("no golden"), std::string::npos) << e.msg;
    EXPECT_EQ(tc_open("/nonexistent.tarmac.gz", "", &e), nullptr);
    EXPECT_NE(std::string(e.msg).find("cannot open"), std::string::npos) << e.msg;
    std::string bad = golden_path("0 clk R r0 00000000\n1 clk IT (1) 00000100 zz T thread : x\n", "bad.tarmac");
    EXPECT_EQ(tc_open(bad.c_str(), "", &e), nullptr);
    EXPECT_NE(std::string(e.msg).find("bad.tarmac:2:"), std::string::npos) << e.msg;
    tc_checker *c = tc_open(nullptr, ("golden=" + g + ",context=4,max_errors=2,quiet=1,cpu=0").c_str(), &e);
    ASSERT_NE(c, nullptr) << e.msg;
    EXPECT_EQ(tc_reg_write(c, 99, 0), TC_FAILED);
    EXPECT_NE(std::string(tc_report(c)).find("register id 99 out of range"), std::string::npos);
    EXPECT_EQ(tc_retire(c, 0x100, 0x2016, 0, 1), TC_FAILED);  // refuses to go on
    tc_close(c);
}

TEST(CheckerOpen, UnreadableGoldenLaterIsAFailureWithFileLine)
{
    std::string text = std::string(kGolden);
    text.insert(text.find("5 clk IT"), "5 clk garbage line here\n");
    std::string g = golden_path(text.c_str(), "late.tarmac");
    std::vector<Call> calls = perfect(golden_path());
    RunResult r = run_calls(g, "", calls);
    EXPECT_EQ(r.rc, TC_FAILED);
    EXPECT_NE(r.report.find("unreadable golden"), std::string::npos) << r.report;
    EXPECT_NE(r.report.find("late.tarmac:13:7: unknown record kind 'garbage'"), std::string::npos) << r.report;
}

TEST(CheckerOpen, ZeroStepsIsAFailure)
{
    std::string g = golden_path();
    RunResult r = run_calls(g, "", {});
    EXPECT_NE(r.rc, TC_OK);
    EXPECT_NE(r.report.find("FAIL"), std::string::npos) << r.report;
}

TEST(CheckerOpen, SeveralHandlesAtOnceAndGzipGolden)
{
    std::string g = golden_path();
    std::string gz = g + ".gz";
    {
        tm_error e{};
        tm_out_options oo{ 1, 0, 0, nullptr, nullptr };
        tm_out *o = tm_out_open(gz.c_str(), &oo, &e);
        ASSERT_NE(o, nullptr);
        tm_out_write(o, kGolden, std::strlen(kGolden), &e);
        ASSERT_EQ(tm_out_close(o, &e), TM_OK);
    }
    std::vector<Call> calls = perfect(g);
    tm_error e{};
    tc_checker *a = tc_open(g.c_str(), "", &e), *b = tc_open(gz.c_str(), "", &e);
    ASSERT_TRUE(a && b);
    for (const Call &k : calls) {
        for (tc_checker *c : { a, b }) {
            ASSERT_EQ(apply_call(c, k), TC_OK) << tc_report(c);
        }
    }
    EXPECT_EQ(tc_finish(a), TC_OK);
    EXPECT_EQ(tc_finish(b), TC_OK);
    tc_close(a);
    tc_close(b);
}

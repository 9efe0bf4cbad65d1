// Live mode (golden=live:<elf>) against "RTLs" made of a second model instance (live_rtl.h): cores that take
// asynchronous exceptions later than the model would, with interrupt lines raised at arbitrary steps and SysTick
// counting cycles, pass; cores that break the rules fail with a report that names the cause; golden_out replays
// in file mode with the same verdict and counts.
#include <gtest/gtest.h>

#include <string>

#include "live_rtl.h"

extern "C" {
#include "tarmac/elf.h"
}

namespace {

std::string fw() { return std::string(TM_BUILD_DIR) + "/checker_fw/live_irq.elf"; }
std::string live() { return "live:" + fw(); }
std::string out_path(const std::string &name) { return temp_golden("", name + ".golden_out.tarmac.gz"); }

bool has(const RunResult &r, const std::string &s) { return r.report.find(s) != std::string::npos; }

// The checker's verdict in file mode on golden_out, against the same calls, equals the live one.
void expect_replay_equal(const std::string &out, const std::string &opts, const std::vector<Call> &calls,
                         const RunResult &live_result)
{
    RunResult file = run_calls(out, opts, calls);
    EXPECT_EQ(file.rc, live_result.rc) << file.report.substr(0, 3000);
    EXPECT_EQ(file.n.steps, live_result.n.steps);
    EXPECT_EQ(file.n.registers, live_result.n.registers);
    EXPECT_EQ(file.n.beats, live_result.n.beats);
    EXPECT_EQ(file.n.mismatches, live_result.n.mismatches);
    EXPECT_EQ(file.n.irq_changes, live_result.n.irq_changes);
    EXPECT_EQ(file.n.systick_ticks, live_result.n.systick_ticks);
}

// Raises IRQn's line for one step at each of the given steps.
void pulses(LiveRtl &r, std::vector<std::pair<uint64_t, uint32_t>> at)
{
    r.at_boundary = [at, lowered = std::vector<bool>(at.size(), false)](LiveRtl &x) mutable {
        for (size_t i = 0; i < at.size(); i++) {
            if (x.steps() == at[i].first) x.lines(at[i].second);
            else if (x.steps() > at[i].first && !lowered[i]) {
                lowered[i] = true;
                x.lines(0);
            }
        }
    };
}

}  // namespace

// The case: the core takes PendSV after the DSB that follows the ICSR store (and two NOPs later), where
// the model would take it straight after the store. A golden file made before the run fails it; live passes.
TEST(Live, PendSvTakenLaterThanTheModelWouldPasses)
{
    for (unsigned delay : { 0u, 1u, 3u }) {
        SCOPED_TRACE(delay);
        LiveRtl rtl(fw(), "");
        rtl.delay = delay;
        std::vector<Call> calls = rtl.run("pendsv_late");
        ASSERT_EQ(rtl.error, "");
        std::string out = out_path("pendsv_late");
        RunResult r = run_calls(live(), std::string(kVolatile) + ",golden_out=" + out, calls);
        EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 3000);
        EXPECT_GT(r.n.steps, 1000u);
        expect_replay_equal(out, kVolatile, calls, r);
    }
}

TEST(Live, AGoldenFileFromTheModelFailsTheSameLateCore)
{
    LiveRtl model_like(fw(), "");
    std::vector<Call> golden_calls = model_like.run("pendsv_model");
    LiveRtl late(fw(), "");
    late.delay = 2;
    std::vector<Call> calls = late.run("pendsv_late2");
    // the golden file the model made with PendSV at once, against the late core
    std::string out = out_path("pendsv_model");
    ASSERT_EQ(run_calls(live(), std::string(kVolatile) + ",golden_out=" + out, golden_calls).rc, TC_OK);
    RunResult file = run_calls(out, kVolatile, calls);
    EXPECT_EQ(file.rc, TC_MISMATCH);
    EXPECT_TRUE(has(file, "exception not taken: the golden entered PendSV (14)")) << file.report.substr(0, 2000);
    EXPECT_EQ(run_calls(live(), kVolatile, calls).rc, TC_OK);
}

// IRQ lines rising at arbitrary steps (in thread mode, in handlers, in the PRIMASK section, while asleep in WFI),
// SysTick counting clock cycles, a core that sleeps in WFI and one that treats WFI as a NOP.
TEST(Live, IrqLinesAtArbitraryStepsAndSysTickCountingCyclesPass)
{
    for (bool sleep : { false, true }) {
        SCOPED_TRACE(sleep);
        LiveRtl rtl(fw(), "systick=cycles");
        rtl.delay = 1;
        rtl.ticks_per_step = 3;
        rtl.sleep_on_wfi = sleep;
        std::vector<std::pair<uint64_t, uint32_t>> at = { { 60, 1 }, { 90, 2 }, { 91, 1 }, { 300, 3 }, { 333, 1 },
                                                          { 420, 2 }, { 700, 1 } };
        auto pulse = at;
        pulses(rtl, pulse);
        auto base = rtl.at_boundary;
        rtl.at_boundary = [base](LiveRtl &x) {
            base(x);
            if (x.asleep()) x.lines(2); /* the wake-up interrupt; lowered by the next pulse or here */
            else if (x.irq_levels() == 2 && x.ipsr() == 17) x.lines(0);
        };
        std::vector<Call> calls = rtl.run(sleep ? "irq_lines_sleep" : "irq_lines");
        ASSERT_EQ(rtl.error, "");
        EXPECT_EQ(rtl.sleeps, sleep ? 1u : 0u);
        std::string out = out_path("irq_lines");
        std::string opts = std::string(kVolatile) + ",model=systick:cycles,golden_out=" + out;
        RunResult r = run_calls(live(), opts, calls);
        EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 3000);
        EXPECT_GT(r.n.irq_changes, 10u);
        EXPECT_GT(r.n.systick_ticks, 3000u);
        expect_replay_equal(out, kVolatile, calls, r);
    }
}

// A core that takes an external IRQ while PRIMASK is set.
TEST(Live, IrqTakenWhilePrimaskIsSetIsAnIllegalEntry)
{
    LiveRtl rtl(fw(), "");
    rtl.at_boundary = [raised = false](LiveRtl &x) mutable {
        if (x.primask() && !raised) {
            raised = true;
            x.lines(1);
        } else if (raised && x.ipsr() == 16 && x.irq_levels()) {
            x.lines(0);
        }
    };
    rtl.choose = [](LiveRtl &x, unsigned n) -> unsigned {
        if (n) return n;
        return x.primask() && x.ipsr() == 0 && m6_is_pending(x.model(), 16) ? 16u : 0u; /* ignores PRIMASK */
    };
    std::vector<Call> calls = rtl.run("primask");
    std::string out = out_path("primask");
    RunResult r = run_calls(live(), std::string(kVolatile) + ",golden_out=" + out, calls);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_TRUE(has(r, "ILLEGAL ENTRY: the RTL entered IRQ0 (16): masked by PRIMASK")) << r.report.substr(0, 3000);
    /* the core's stacking is the first difference the comparison sees */
    EXPECT_TRUE(has(r, "unexpected bus beat W4 20003fdc")) << r.report.substr(0, 3000);
    expect_replay_equal(out, kVolatile, calls, r);
}

// A lower-priority IRQ (IRQ0, 0x80) preempting a higher one's handler (IRQ1, 0x40).
TEST(Live, LowerPriorityIrqPreemptingAHandlerIsAnIllegalEntry)
{
    LiveRtl rtl(fw(), "");
    pulses(rtl, { { 80, 2 } });
    auto base = rtl.at_boundary;
    rtl.at_boundary = [base, raised = false](LiveRtl &x) mutable {
        base(x);
        if (x.ipsr() == 17 && !raised) {
            raised = true;
            x.lines(1);
        } else if (raised && x.ipsr() == 16 && x.irq_levels()) {
            x.lines(0);
        }
    };
    rtl.choose = [](LiveRtl &x, unsigned n) -> unsigned {
        if (n) return n;
        return x.ipsr() == 17 && (x.nvic_pending() & 1) ? 16u : 0u; /* ignores the priorities */
    };
    RunResult r = run_calls(live(), kVolatile, rtl.run("lower_priority"));
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_TRUE(has(r, "ILLEGAL ENTRY: the RTL entered IRQ0 (16): priority 0x80 not above the execution priority 0x40 "
                       "(in IRQ1)")) << r.report.substr(0, 3000);
}

// NMI treated as maskable by PRIMASK: raised in the PRIMASK section, the core never takes it; irq_latency
// instructions later the model takes it and the report names it missed.
TEST(Live, NmiHeldBackByPrimaskIsAMissedException)
{
    LiveRtl rtl(fw(), "");
    rtl.at_boundary = [raised = false](LiveRtl &x) mutable {
        if (x.primask() && !raised) {
            raised = true;
            x.lines(0, 1);
        }
    };
    rtl.choose = [](LiveRtl &, unsigned n) -> unsigned { return n == 2 ? 0u : n; };
    std::vector<Call> calls = rtl.run("nmi_masked");
    std::string out = out_path("nmi_masked");
    RunResult r = run_calls(live(), std::string(kVolatile) + ",irq_latency=4,golden_out=" + out, calls);
    ASSERT_EQ(rtl.error, "");
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_TRUE(has(r, "MISSED EXCEPTION: NMI (2) (priority -2) pending and preempting since step")) << r.report;
    EXPECT_TRUE(has(r, "not taken within irq_latency=4 instructions")) << r.report;
    EXPECT_TRUE(has(r, "exception not taken: the golden entered NMI (2)")) << r.report;
    expect_replay_equal(out, std::string(kVolatile) + ",irq_latency=4", calls, r);
}

// An IRQ the core never takes.
TEST(Live, AnIrqNeverTakenIsAMissedException)
{
    LiveRtl rtl(fw(), "");
    pulses(rtl, { { 70, 1 } });
    rtl.choose = [](LiveRtl &, unsigned n) -> unsigned { return n == 16 ? 0u : n; };
    RunResult r = run_calls(live(), kVolatile, rtl.run("never"));
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_TRUE(has(r, "MISSED EXCEPTION: IRQ0 (16) (priority 0x80) pending and preempting since step 7"))
        << r.report.substr(0, 3000);
    EXPECT_TRUE(has(r, "not taken within irq_latency=16 instructions")) << r.report.substr(0, 3000);
}

// Tail-chaining into SysTick (0xC0) while IRQ0 (0x80) is pending too: the model chains into IRQ0.
TEST(Live, TailChainingIntoALowerPriorityExceptionIsAnIllegalEntry)
{
    LiveRtl rtl(fw(), "systick=cycles,tail_chain=1");
    pulses(rtl, { { 80, 2 } });
    auto base = rtl.at_boundary;
    rtl.at_boundary = [base, done = false](LiveRtl &x) mutable {
        base(x);
        if (x.ipsr() == 17 && !done) { /* in IRQ1: IRQ0 and SysTick become pending, both wait */
            done = true;
            x.lines(1);
            x.ticks(400);
        } else if (done && x.irq_levels() && x.ipsr() != 17) {
            x.lines(0);
        }
    };
    rtl.chain = [](LiveRtl &x, unsigned highest) -> unsigned {
        return m6_is_pending(x.model(), 15) ? 15u : highest; /* the lowest priority instead */
    };
    RunResult r = run_calls(live(), std::string(kVolatile) + ",model=systick:cycles;tail_chain:1", rtl.run("chain_low"));
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_TRUE(has(r, "ILLEGAL ENTRY: the RTL tail-chained into SysTick (15) (priority 0xc0) while IRQ0 (16) "
                       "(priority 0x80) is pending with a higher priority")) << r.report.substr(0, 3000);
    /* the core's SysTick handler is preempted by IRQ0 at once: its stacking is the first difference seen */
    EXPECT_TRUE(has(r, "unexpected bus beat W4")) << r.report.substr(0, 3000);
}

// An interrupt input that rises again after the core chose to take its exception and before the entry: the
// NVIC sampled it while the exception was still pending, so it merged with that pending state, which the entry
// clears. A monitor reports what it sampled after the choice only after the entry's call (held past it), each
// change with the time it was sampled: a rise before the entry's time does not pend the exception again; one at
// the entry's time or after it (the exception active) does, and a core that does not take it again misses it.
// (The reference core's async_2 tail-chained into IRQ9 while IRQ9's line rose; the model pended it again.)
TEST(Live, ALineRisingBeforeTheEntryMergesWithThePendingStateTheEntryTakes)
{
    struct Case {
        const char *name;
        uint32_t irq;
        int nmi;
        unsigned n;
    };
    /* (not NMI here: the program has no NMI handler that returns, so an NMI pended again is never due) */
    for (Case k : { Case{ "irq0", 1u, 0, 16u } }) {
        for (int after : { 0, 1 }) {
            SCOPED_TRACE(std::string(k.name) + (after ? " at the entry" : " before the entry"));
            LiveRtl rtl(fw(), "");
            rtl.at_boundary = [k](LiveRtl &x) {
                if (x.steps() == 60) x.lines(k.irq, k.nmi);
                else if (x.steps() == 61) x.lines(0, 0);
            };
            std::vector<Call> plain = rtl.run(std::string("merge_") + k.name);
            ASSERT_EQ(rtl.error, "");
            /* every close at its own time, 10 apart; the input pulses again, reported after the entry's call */
            std::vector<Call> calls;
            uint64_t t = 0;
            bool done = false;
            for (const Call &c : plain) {
                bool close = c.kind == Call::RETIRE || c.kind == Call::EXC;
                if (close) calls.push_back(Call::time(t += 10));
                calls.push_back(c);
                if (c.kind == Call::EXC && c.a == k.n && !done) {
                    done = true;
                    uint64_t at = after ? t : t - 4;
                    calls.push_back(Call::time(at));
                    calls.push_back(Call::irq(0, 0));
                    calls.push_back(Call::time(at + 1));
                    calls.push_back(Call::irq(k.irq, k.nmi));
                    calls.push_back(Call::time(at + 2));
                    calls.push_back(Call::irq(0, 0));
                    calls.push_back(Call::time(t));
                }
            }
            ASSERT_TRUE(done);
            std::string out = out_path(std::string("merge_") + k.name);
            RunResult r = run_calls(live(), std::string(kVolatile) + ",golden_out=" + out, calls);
            if (!after) {
                EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 3000);
            } else {
                EXPECT_EQ(r.rc, TC_MISMATCH);
                EXPECT_TRUE(has(r, std::string("MISSED EXCEPTION: ") + (k.nmi ? "NMI (2)" : "IRQ0 (16)")))
                    << r.report.substr(0, 3000);
            }
            expect_replay_equal(out, kVolatile, calls, r);
        }
    }
}

// A tail-chaining core decides the chain as the return executes, before it retires; the lines it samples from
// then on are held past the chained entry's call. IRQ1's line, high through its handler, falls before the return
// retires: the line is low when IRQ1 stops being active, so IRQ1 does not pend again (the level at the return's
// time, not the one at the core's decision). Falling only after the entry, it was high at the return: IRQ1
// pends again, and a core that does not take it misses it. (The reference core's async_38.)
TEST(Live, ALineFallingBeforeATailChainedReturnRetiresDoesNotPendAgain)
{
    for (int after : { 0, 1 }) {
        SCOPED_TRACE(after ? "falls after the entry" : "falls before the return retires");
        LiveRtl rtl(fw(), "tail_chain=1");
        rtl.at_boundary = [](LiveRtl &x) {
            if (x.steps() == 80) x.lines(3); /* IRQ1 (0x40) is taken, IRQ0 (0x80) waits: chained */
            else if (x.ipsr() == 16 && x.irq_levels()) x.lines(0);
        };
        std::vector<Call> plain = rtl.run("return_level");
        ASSERT_EQ(rtl.error, "");
        std::vector<Call> calls;
        uint64_t t = 0, ret = 0;
        int moved = 0;
        for (size_t i = 0; i < plain.size(); i++) {
            const Call &c = plain[i];
            bool close = c.kind == Call::RETIRE || c.kind == Call::EXC;
            if (close) calls.push_back(Call::time(t += 10));
            if (c.kind == Call::IRQ && c.a == 0 && !moved && ret) { /* the fall, after the chained entry */
                moved = 1;
                calls.push_back(Call::time(after ? t + 1 : ret - 1));
                calls.push_back(c);
                calls.push_back(Call::time(t));
                continue;
            }
            calls.push_back(c);
            if (c.kind == Call::EXC && c.a == 16 && c.b >= 0xF0000000u && !ret) ret = t - 10; /* the return's */
        }
        ASSERT_TRUE(ret != 0);
        ASSERT_TRUE(moved);
        std::string opts = std::string(kVolatile) + ",model=tail_chain:1";
        std::string out = out_path("return_level");
        RunResult r = run_calls(live(), opts + ",golden_out=" + out, calls);
        if (!after) {
            EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 3000);
        } else {
            EXPECT_EQ(r.rc, TC_MISMATCH);
            EXPECT_TRUE(has(r, "IRQ1 (17)")) << r.report.substr(0, 3000);
        }
        expect_replay_equal(out, opts, calls, r);
    }
}

// A device read (volatile range) whose value reaches the register corrupted; golden_out replays the same failure.
TEST(Live, AVolatileReadCorruptedOnItsWayToARegisterFailsAndReplaysSo)
{
    LiveRtl rtl(fw(), "");
    pulses(rtl, { { 70, 1 } });
    std::vector<Call> calls = rtl.run("volatile");
    ASSERT_GT(rtl.device_reads, 0u);
    size_t beat = 0;
    while (beat < calls.size() && !(calls[beat].kind == Call::BEAT && calls[beat].a == kDeviceBase)) beat++;
    ASSERT_LT(beat, calls.size());
    size_t reg = beat;
    while (reg < calls.size() && !(calls[reg].kind == Call::REG && calls[reg].b == calls[beat].e)) reg++;
    ASSERT_LT(reg, calls.size());
    calls[reg].b ^= 0x10;
    std::string out = out_path("volatile");
    RunResult r = run_calls(live(), std::string(kVolatile) + ",golden_out=" + out, calls);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    char want[160];
    std::snprintf(want, sizeof want, "wrong value: expected %08x, actual %08x", calls[beat].e, calls[beat].e ^ 0x10);
    EXPECT_TRUE(has(r, want)) << want << "\n" << r.report.substr(0, 3000);
    // the cause: the golden's value is the one the RTL's bus returned for that read
    std::snprintf(want, sizeof want, "VOLATILE READ: the golden's R4 %08x is the value the RTL's bus returned, %08x",
                  calls[beat].a, calls[beat].e);
    EXPECT_TRUE(has(r, want)) << want << "\n" << r.report.substr(0, 3000);
    expect_replay_equal(out, kVolatile, calls, r);
    // without the volatile range the model has no device there: its read is a bus error, the core's is not
    EXPECT_EQ(run_calls(live(), "", calls).rc, TC_MISMATCH);
}

// A device that answers a read with ERROR: the core takes the HardFault, and so does the model, told by the beat.
TEST(Live, AVolatileReadAnsweredWithErrorFaultsTheModelToo)
{
    LiveRtl rtl(fw(), "");
    rtl.error_addr = kDeviceBase;
    pulses(rtl, { { 70, 1 } });
    std::vector<Call> calls = rtl.run("volatile_error");
    ASSERT_EQ(rtl.error, "");
    RunResult r = run_calls(live(), kVolatile, calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 3000);
    EXPECT_EQ(r.n.error_beats, 1u);
    bool hardfault = false;
    for (const Call &k : calls) hardfault |= k.kind == Call::EXC && k.a == 3;
    EXPECT_TRUE(hardfault);
}

// A read the model makes in a volatile range with no RTL beat to take its value from.
TEST(Live, AVolatileReadWithoutTheRtlsBeatIsNamed)
{
    LiveRtl rtl(fw(), "");
    pulses(rtl, { { 70, 1 } });
    std::vector<Call> calls = rtl.run("volatile_missing");
    size_t beat = 0;
    while (beat < calls.size() && !(calls[beat].kind == Call::BEAT && calls[beat].a == kDeviceBase)) beat++;
    ASSERT_LT(beat, calls.size());
    calls.erase(calls.begin() + (long)beat);
    RunResult r = run_calls(live(), kVolatile, calls);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    EXPECT_TRUE(has(r, "VOLATILE READ: the model read R4 40000000 in a volatile range, and the RTL made no such read"))
        << r.report.substr(0, 3000);
}

// Another bus master's write (a DMA) into the word the IRQ handlers accumulate device reads in: the model's
// memory follows (mem_write), so the core's later read of it matches; without the call the read differs.
TEST(Live, AnotherMastersWriteIsFollowedByTheModel)
{
    tm_error e{};
    tm_elf *elf = tm_elf_open(fw().c_str(), &e);
    ASSERT_NE(elf, nullptr) << e.msg;
    const tm_elf_symbol *sum = tm_elf_symbol_named(elf, "device_sum");
    ASSERT_NE(sum, nullptr);
    uint32_t addr = sum->addr;
    tm_elf_close(elf);
    LiveRtl rtl(fw(), "");
    pulses(rtl, { { 70, 1 }, { 200, 2 } });
    auto base = rtl.at_boundary;
    rtl.at_boundary = [base, addr](LiveRtl &x) {
        base(x);
        if (x.steps() == 150) x.mem_write(addr, 4, 0x5a5a0000u);
    };
    std::vector<Call> calls = rtl.run("dma");
    ASSERT_EQ(rtl.error, "");
    RunResult ok = run_calls(live(), kVolatile, calls);
    EXPECT_EQ(ok.rc, TC_OK) << ok.report.substr(0, 2000);
    EXPECT_EQ(ok.n.mem_writes, 1u);
    size_t w = 0;
    while (w < calls.size() && calls[w].kind != Call::MEMW) w++;
    ASSERT_LT(w, calls.size());
    calls.erase(calls.begin() + (long)w);
    RunResult bad = run_calls(live(), kVolatile, calls);
    EXPECT_EQ(bad.rc, TC_MISMATCH);
    EXPECT_TRUE(has(bad, "bus data at ")) << bad.report.substr(0, 2000);
}

// A core seen through its registers reports an entry some time after it chose it (option decision_window): IRQ1
// (priority 0x40) rising 3 time units before the call of IRQ0's entry (0x80), while the core stacked for IRQ0, makes
// that entry illegal when reported; within a window of 8 it was legal before the rise, and the report says when.
TEST(Live, AnEntryLegalWithinTheDecisionWindowBeforeItsCallIsAccepted)
{
    LiveRtl rtl(fw(), "");
    rtl.at_boundary = [raised = false](LiveRtl &x) mutable {
        if (x.steps() == 80) x.lines(1);
        else if (x.steps() == 81) x.lines(0);
        else if (x.ipsr() == 16 && !raised) { /* IRQ1 comes: the core takes it in IRQ0's handler */
            raised = true;
            x.lines(2);
        } else if (x.ipsr() == 17 && x.irq_levels()) {
            x.lines(0);
        }
    };
    std::vector<Call> plain = rtl.run("window_higher");
    ASSERT_EQ(rtl.error, "");
    // every close 10 apart; IRQ1's rise moved before IRQ0's entry, 3 before its call
    std::vector<Call> calls;
    uint64_t t = 0, entry = 0;
    size_t at = 0;
    for (const Call &c : plain) {
        bool close = c.kind == Call::RETIRE || c.kind == Call::EXC;
        if (close) calls.push_back(Call::time(t += 10));
        if (c.kind == Call::EXC && c.a == 16 && !entry) {
            entry = t;
            at = calls.size() - 1;
        }
        if (c.kind == Call::IRQ && c.a == 2 && entry) {
            calls.insert(calls.begin() + (long)at, { Call::time(entry - 3), c });
            continue;
        }
        calls.push_back(c);
    }
    ASSERT_NE(entry, 0u);
    RunResult none = run_calls(live(), kVolatile, calls);
    EXPECT_EQ(none.rc, TC_MISMATCH);
    EXPECT_TRUE(has(none, "ILLEGAL ENTRY: the RTL entered IRQ0 (16) (priority 0x80) while IRQ1 (17) (priority 0x40) is "
                          "pending with a higher priority")) << none.report.substr(0, 3000);
    std::string out = out_path("window_higher");
    RunResult r = run_calls(live(), std::string(kVolatile) + ",decision_window=8,golden_out=" + out, calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 3000);
    EXPECT_TRUE(has(r, "decision window: the RTL entered IRQ0 (16) at time " + std::to_string(entry) +
                       ": legal at time " + std::to_string(entry - 4) + " (4 before), assumed decided then "
                       "(decision_window=8)")) << r.report.substr(0, 3000);
    EXPECT_TRUE(has(r, "; 1 entries assumed decided earlier (decision_window)")) << r.report;
    expect_replay_equal(out, kVolatile, calls, r);
    RunResult narrow = run_calls(live(), std::string(kVolatile) + ",decision_window=2", calls);
    EXPECT_EQ(narrow.rc, TC_MISMATCH) << narrow.report.substr(0, 3000);
}

// IRQ1's line, high through its handler, falls 2 time units before the call of the exception return's retire: when
// reported the line is low and IRQ1 does not pend again, but the core sampled it at its own return, earlier, and
// takes IRQ1 again. Within a window of 5 the line was high at the return: IRQ1 pends, the entry passes.
TEST(Live, AnIrqWhoseLineWasHighWithinTheWindowBeforeItsReturnPendsAgain)
{
    LiveRtl rtl(fw(), "");
    rtl.at_boundary = [entries = 0, in = false](LiveRtl &x) mutable {
        if (x.steps() == 80) x.lines(2);
        if (x.ipsr() == 17 && !in) {
            in = true;
            if (++entries == 2) x.lines(0); /* taken again: the line falls */
        } else if (x.ipsr() != 17) {
            in = false;
        }
    };
    std::vector<Call> plain = rtl.run("window_return");
    ASSERT_EQ(rtl.error, "");
    std::vector<Call> calls;
    uint64_t t = 0, ret = 0;
    size_t ret_at = 0, fall = 0;
    int entries = 0;
    for (const Call &c : plain) {
        bool close = c.kind == Call::RETIRE || c.kind == Call::EXC;
        if (close) calls.push_back(Call::time(t += 10));
        if (c.kind == Call::RETIRE && entries < 2) { /* the last one before the second entry: the return */
            ret = t;
            ret_at = calls.size() - 1;
        }
        if (c.kind == Call::EXC && c.a == 17) entries++;
        if (c.kind == Call::IRQ && c.a == 0 && entries == 2 && !fall) fall = calls.size();
        calls.push_back(c);
    }
    ASSERT_EQ(entries, 2);
    ASSERT_NE(fall, 0u);
    Call down = calls[fall]; /* the fall: before the return, 2 before its call */
    calls.erase(calls.begin() + (long)fall);
    calls.insert(calls.begin() + (long)ret_at, { Call::time(ret - 2), down });
    RunResult none = run_calls(live(), kVolatile, calls);
    EXPECT_EQ(none.rc, TC_MISMATCH);
    EXPECT_TRUE(has(none, "ILLEGAL ENTRY: the RTL entered IRQ1 (17): not pending")) << none.report.substr(0, 3000);
    RunResult r = run_calls(live(), std::string(kVolatile) + ",decision_window=5", calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 3000);
    EXPECT_TRUE(has(r, ": legal at time " + std::to_string(ret - 3) + " (")) << r.report.substr(0, 3000);
}

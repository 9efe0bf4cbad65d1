// A verdict says what it rests on: a run that compared no register, no step, or fewer steps than the golden holds
// fails saying so, in both register modes and in live mode; golden values the golden itself does not know (x or -
// digits) are matched, never compared as numbers, and counted; the summary line names what was not compared.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <sstream>

#include "ledger.h"
#include "lockstep_fixture.h"

using namespace lockstep;

namespace {

// kGolden without the lines that contain any of the texts.
std::string without(const std::vector<std::string> &texts)
{
    std::istringstream in(kGolden);
    std::string line, out;
    while (std::getline(in, line))
        if (std::none_of(texts.begin(), texts.end(), [&](const std::string &t) { return line.find(t) != std::string::npos; }))
            out += line + "\n";
    return out;
}

// kGolden with one line's text replaced.
std::string with(const std::string &from, const std::string &to)
{
    std::string s = kGolden;
    size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) s.replace(at, from.size(), to);
    return s;
}

std::string summary(const RunResult &r)
{
    size_t at = r.report.rfind("tarmac checker: ");
    return at == std::string::npos ? "" : r.report.substr(at);
}

}  // namespace

// Every register record removed (a golden cut down to instructions and memory): nothing of the register file is
// compared, in either register mode, and the run fails saying why. So does a golden whose only registers are the
// reset state (not compared until the RTL writes them), and options that leave every register out.
TEST(VacuousVerdict, AGoldenWithNoRegisterValueFailsInBothRegisterModes)
{
    struct Case {
        std::string name, golden, options, why;
    } cases[] = {
        // (without LR's values the MTB's exception-return packets cannot be derived: mtb=0)
        { "no_regs", without({ " R " }), "mtb=0", "the golden holds no register value" },
        { "no_regs_snap", without({ " R " }), "mtb=0,regs=snapshot", "the golden holds no register value" },
        { "reset_only", without({ " R r0", " R r1", " R r2", " R r3", " R r12", " R r14", " R cpsr", "R r13_main 2000" }),
          "mtb=0", "the RTL reported no write of a register the golden holds" },
        { "all_ignored", kGolden, "ignore_regs=r0:r1:r2:r3:r12:lr:sp:xpsr",
          "ignore_regs leaves out every register the golden writes" },
        { "nothing_shown", kGolden, "regs=snapshot", "the core's snapshots showed no register the golden holds" },
    };
    for (const Case &k : cases) {
        SCOPED_TRACE(k.name);
        std::string g = golden_path(k.golden.c_str(), (k.name + ".tarmac").c_str());
        std::vector<Call> calls = perfect(g);
        if (k.name == "reset_only") // the RTL writes the registers the golden no longer shows
            calls.erase(std::remove_if(calls.begin(), calls.end(), [](const Call &c) { return c.kind == Call::REG; }),
                        calls.end());
        if (k.options.find("regs=snapshot") != std::string::npos) calls = as_snapshots(calls, 0, k.name == "nothing_shown" ? 0 : kAllRegs);
        RunResult r = run_calls(g, k.options, calls);
        EXPECT_EQ(r.rc, TC_FAILED) << r.report;
        EXPECT_EQ(r.n.mismatches, 0u);
        EXPECT_EQ(r.n.registers, 0u);
        EXPECT_NE(r.report.find("no register was compared in 15 steps: " + k.why), std::string::npos) << r.report;
        EXPECT_EQ(summary(r).rfind("tarmac checker: FAIL: 15 steps, 0 registers", 0), 0u) << summary(r);
    }
}

// A core in snapshot mode that never shows the registers of the last step: they were not compared.
TEST_F(Lockstep, AMissingLastSnapshotFails)
{
    calls = as_snapshots(calls, 0);
    calls.pop_back();
    RunResult r = run("regs=snapshot");
    EXPECT_EQ(r.rc, TC_FAILED) << r.report;
    EXPECT_NE(r.report.find("no register snapshot after the last step (14): its registers were not compared"),
              std::string::npos)
        << r.report;
}

// The RTL stops before the golden's end: the run fails, and the summary and the ledger say how far it got.
TEST_F(Lockstep, FewerStepsThanTheGoldenHoldsFailSayingHowMany)
{
    for (size_t stop : { (size_t)0x106, (size_t)0x114, (size_t)0x202 }) {
        SCOPED_TRACE(stop);
        std::vector<Call> part(calls.begin(), calls.begin() + retire_at(calls, (uint32_t)stop) + 1);
        std::string lp = std::string(TM_BUILD_DIR) + "/tmp/vacuous_" + std::to_string(getpid()) + ".json";
        RunResult r = run_calls(g, "ledger=" + lp, part);
        EXPECT_EQ(r.rc, TC_MISMATCH) << r.report;
        EXPECT_NE(r.report.find("the RTL finished, but the golden trace goes on"), std::string::npos) << r.report;
        std::string want = "(15 steps, " + std::to_string(15 - r.n.steps) + " not reached)";
        EXPECT_NE(summary(r).find("; golden " + g + " " + want), std::string::npos) << summary(r);
        Ledger l = read_ledger(lp);
        ASSERT_TRUE(l.ok) << l.error;
        EXPECT_EQ(l["golden_steps"], "15");
        EXPECT_EQ(l["compared.steps"], std::to_string(r.n.steps));
        EXPECT_EQ(l["first_mismatch.field"], "\"end\"");
    }
    // and in snapshot mode
    std::vector<Call> snaps = as_snapshots(calls, 0);
    snaps.resize(retire_at(snaps, 0x114) + 2);
    RunResult r = run_calls(g, "regs=snapshot", snaps);
    EXPECT_EQ(r.rc, TC_MISMATCH) << r.report;
    EXPECT_NE(summary(r).find("(15 steps, 1 not reached)"), std::string::npos) << summary(r);
}

// Golden values written with x or - digits are not numbers: the register becomes unknown (not compared until the
// golden writes it again), memory data and opcodes are matched but not compared; each is counted and named.
TEST_F(Lockstep, UnknownGoldenValuesAreMatchedNotComparedAndCounted)
{
    struct Case {
        const char *from, *to;
        std::function<void(std::vector<Call> &)> rtl;  // what the RTL does there
    } cases[] = {
        // r0 becomes unknown at the movs (step 13); the RTL writes 0x55
        { "12 clk R r0 00000000", "12 clk R r0 --------",
          [](std::vector<Call> &k) { k[find_call(k, [](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == 0; })].b = 0x55; } },
        { "12 clk R r0 00000000", "12 clk R r0 000000xx",
          [](std::vector<Call> &k) { k[find_call(k, [](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == 0; })].b = 0x3c; } },
        { "3 clk MW4 20000000 00000016", "3 clk MW4 20000000 xxxxxxxx",
          [](std::vector<Call> &k) { k[find_call(k, [](const Call &c) { return c.kind == Call::BEAT && c.a == 0x20000000 && c.b; })].e = 0x99; } },
        { "4 clk MW1 20000005 16", "4 clk MW1 20000005 --",
          [](std::vector<Call> &k) { k[find_call(k, [](const Call &c) { return c.kind == Call::BEAT && c.a == 0x20000005; })].e = 0x4200; } },
        { "3 clk IT (3) 00000104 6008 T", "3 clk IT (3) 00000104 ---- T",
          [](std::vector<Call> &k) { k[retire_at(k, 0x104)].b = 0x6008; } },
    };
    for (const Case &x : cases) {
        SCOPED_TRACE(x.to);
        std::string u = golden_path(with(x.from, x.to).c_str(), "unknown.tarmac");
        std::vector<Call> k = calls;
        x.rtl(k);
        RunResult r = run_calls(u, "", k);
        EXPECT_EQ(r.rc, TC_OK) << r.report;
        EXPECT_EQ(r.n.unknown_values, 1u);
        EXPECT_NE(summary(r).find("; not compared: 1 golden values unknown (x/- digits)"), std::string::npos)
            << summary(r);
    }
    // a register the golden made unknown is compared again once the golden writes a value
    std::string u = golden_path(with("10 clk R r0 00000017", "10 clk R r0 --------").c_str(), "unknown_r0.tarmac");
    std::vector<Call> k = calls;
    k[find_call(k, [](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == 0x17; })].b = 0x1234;
    k[find_call(k, [](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == 0x16; }, 1)].b = 0x15;
    RunResult r = run_calls(u, "", k);
    EXPECT_EQ(r.rc, TC_MISMATCH) << r.report;
    EXPECT_NE(r.report.find("register r0: wrong value: expected 00000016, actual 00000015"), std::string::npos) << r.report;
}

// The ES dialect marks bytes of unknown value with ##: the access is still on the bus, its data not compared.
TEST(VacuousVerdict, EsBytesOfUnknownValueAreMatchedNotCompared)
{
    std::string es = kEsGolden;
    es.replace(es.find("7a3c...."), 8, "##3c....");
    std::vector<Call> calls = es_calls();
    calls[5].e = 0x773c0000;  // the halfword store's unknown byte: any value
    RunResult r = run_calls(temp_golden(es, "es_unknown.tarmac"), "bus_window=0", calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.unknown_values, 1u);
    EXPECT_EQ(r.n.beats, 2u);
}

// Everything the options and the golden left out is named on the summary line, after the golden.
TEST_F(Lockstep, TheSummaryLineNamesWhatWasNotCompared)
{
    RunResult r = run("ignore_regs=r12:lr");
    ASSERT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_NE(summary(r).find("; golden " + g + " (15 steps); not compared: registers ignored (ignore_regs) r12 lr"),
              std::string::npos)
        << summary(r);
    // a snapshot core that never shows LR and xPSR
    std::vector<Call> snaps = as_snapshots(calls, 0, kAllRegs & ~(1u << TM_REG_LR | 1u << TM_REG_XPSR));
    r = run_calls(g, "regs=snapshot", snaps);
    ASSERT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_NE(summary(r).find("not compared: registers never shown (regs=snapshot) lr xpsr"), std::string::npos)
        << summary(r);
}

// lenient=1: a golden line that cannot be read is skipped, counted and named instead of failing the run.
TEST(VacuousVerdict, LenientSkipsUnreadableGoldenLinesAndSaysHowMany)
{
    std::string text = kGolden;
    text.insert(text.find("5 clk IT"), "5 clk garbage line here\n5 clk more garbage\n");
    std::string bad = golden_path(text.c_str(), "lenient.tarmac");
    std::vector<Call> calls = perfect(golden_path());
    RunResult strict = run_calls(bad, "", calls);
    EXPECT_EQ(strict.rc, TC_FAILED) << strict.report;
    RunResult r = run_calls(bad, "lenient=1", calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.lenient_warnings, 2u);
    EXPECT_NE(summary(r).find("not compared: 2 golden lines skipped (lenient)"), std::string::npos) << summary(r);
}

// The count of lines lenient=1 skipped is the golden's whole count, also when the run halted at its first step
// (max_errors=1): the golden is read to its end before the count is taken, never read while the golden's thread
// is still reading (a count that changed with that thread's progress, found by the checker's fuzz target).
TEST(VacuousVerdict, LenientCountIsTheWholeGoldensAlsoWhenTheRunHalts)
{
    std::string text;
    for (unsigned i = 0; i < 20000; i++) {
        char line[120];
        snprintf(line, sizeof line, "%u clk IT (%u) %08x 2000 T thread : MOVS r0,#0\n%u clk R r0 00000000\n", i, i + 1,
                 0x100 + 2 * i, i);
        text += line;
    }
    text += "20000 clk garbage line here\n20000 clk more garbage\n";
    std::string golden = golden_path(text.c_str(), "lenient_long.tarmac");
    std::vector<Call> calls = { Call::reg(0, 0), { Call::RETIRE, 0x200, 0x2000, 0, 1 } }; /* the wrong PC: halts */
    for (int run = 0; run < 3; run++) {
        RunResult r = run_calls(golden, "lenient=1,max_errors=1,mtb=0", calls);
        EXPECT_EQ(r.rc, TC_MISMATCH) << r.report.substr(0, 2000);
        EXPECT_EQ(r.n.lenient_warnings, 2u) << "run " << run;
    }
}

// Live mode: an RTL that stops before the program's end leaves the model's next step uncompared.
TEST(VacuousVerdict, LiveModeRtlStoppingEarlyFailsSayingSo)
{
    std::vector<Call> calls;
    std::string err;
    ASSERT_TRUE(perfect_calls(corpus_golden("hello"), {}, calls, err)) << err;
    size_t cut = calls.size() / 2;
    while (calls[cut - 1].kind != Call::RETIRE) cut--;
    calls.resize(cut);
    RunResult r = run_calls("live:" + corpus_elf("hello"), "mtb=0", calls);
    EXPECT_EQ(r.rc, TC_MISMATCH) << r.report.substr(0, 2000);
    EXPECT_NE(r.report.find("the RTL finished, but the golden trace goes on"), std::string::npos) << r.report;
    EXPECT_NE(summary(r).find(" not reached)"), std::string::npos) << summary(r);
}

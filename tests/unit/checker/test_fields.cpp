// Every field of a golden is compared or counted (dpi/README.md, "What each field is compared with"): addresses at
// ARMv6-M's 32 bits, never cut; the xPSR's aliases bit by bit; a PC record against the next step's address; an
// exception entry only against an RTL exception; fault status against the retire and the beat's response; a first
// write in its own step; aliases in conflict and a header key given twice are errors. Goldens are gzip streams, as
// the model writes them.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "ledger.h"
#include "lockstep_fixture.h"

using namespace lockstep;

namespace {

// text with its first occurrence of from replaced by to (the test fails when from is not there).
std::string edit(std::string text, const std::string &from, const std::string &to)
{
    size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

struct Fields : ::testing::Test {
    std::string g;
    std::vector<Call> calls;
    // the golden (kGolden edited) as gzip and the calls of a perfect DUT for it; mtb=0 in run(): edits move steps
    void use(const std::string &text, const char *name = "fields.tarmac.gz", const char *comment = nullptr)
    {
        g = temp_gz_golden(text, name, comment);
        calls.clear();
        std::string err;
        ASSERT_TRUE(perfect_calls(g, {}, calls, err)) << err;
    }
    RunResult run(const std::string &opts = "") { return run_calls(g, "mtb=0" + (opts.empty() ? "" : "," + opts), calls); }
    size_t reg_call(int id, uint32_t v)
    {
        return find_call(calls, [id, v](const Call &c) { return c.kind == Call::REG && c.a == (uint32_t)id && c.b == v; });
    }
};

void expect_mismatch(const RunResult &r, const std::string &what)
{
    EXPECT_EQ(r.rc, TC_MISMATCH) << r.report;
    EXPECT_NE(r.report.find(what), std::string::npos) << "want '" << what << "'\n" << r.report;
}

void expect_error(const RunResult &r, const std::string &what)
{
    EXPECT_EQ(r.rc, TC_FAILED) << r.report;
    EXPECT_NE(r.report.find(what), std::string::npos) << "want '" << what << "'\n" << r.report;
}

}  // namespace

TEST_F(Fields, TheGoldenAsGzipPasses)
{
    use(kGolden);
    RunResult r = run();
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.steps, 15u);
}

// ---- addresses at the profile's width ----

TEST_F(Fields, AnInstructionAddressAbove32BitsIsAnErrorAtItsColumn)
{
    use(edit(kGolden, "1 clk IT (1) 00000100 2016", "1 clk IT (1) 0000000100000100 2016"));
    std::string e = open_error(g, "");
    EXPECT_NE(e.find(g + ":4:14: "), std::string::npos) << e;
    EXPECT_NE(e.find("address 100000100 is wider than the 32 bits of ARMv6-M"), std::string::npos) << e;
}

TEST_F(Fields, ADataAddressAbove32BitsIsAnErrorWhereTheComparisonNeedsIt)
{
    use(edit(kGolden, "3 clk MW4 20000000 00000016", "3 clk MW4 0000000120000000 00000016"));
    // bus_window=0: open reads steps 0-1 only; the comparison meets the error when it needs step 3, not before
    RunResult r = run("bus_window=0");
    expect_error(r, g + ":10:11: data address 120000000 is wider than the 32 bits of ARMv6-M");
    EXPECT_EQ(r.n.steps, 2u) << r.report;
}

TEST_F(Fields, AReturnAddressAbove32BitsIsAnError)
{
    use(edit(kGolden, "9 clk E 00000114 0000000b CoreEvent_SVCALL", "9 clk E 0000000100000114 0000000b CoreEvent_SVCALL"));
    expect_error(run(), g + ":32:9: exception address 100000114 is wider than the 32 bits of ARMv6-M");
}

// ---- the xPSR's aliases ----

TEST_F(Fields, ApsrIsComparedWithTheRtlsXpsrFlags)
{
    use(edit(kGolden, "12 clk R cpsr 41000000", "12 clk R apsr 40000000"));
    // a perfect core writes its whole xPSR; the golden gives the flags only
    calls.insert(calls.begin() + retire_at(calls, 0x114), Call::reg(TM_REG_XPSR, 0x41000000));
    RunResult ok = run();
    EXPECT_EQ(ok.rc, TC_OK) << ok.report;
    // a core that leaves the flags alone: the golden's APSR write is missing (the golden knows the whole xPSR from
    // the exception return's cpsr on, so all of it is compared)
    calls.erase(calls.begin() + reg_call(TM_REG_XPSR, 0x41000000));
    expect_mismatch(run(), "register xpsr: missing write (the RTL's value is an older one): expected 41000000, "
                           "actual 01000000");
}

TEST_F(Fields, IpsrAndEpsrAreComparedBitByBit)
{
    use(edit(kGolden, "9 clk R cpsr 0100000b", "9 clk R ipsr 0000000b\n9 clk R epsr 01000000"));
    size_t exc = find_call(calls, [](const Call &c) { return c.kind == Call::EXC; });
    calls.insert(calls.begin() + exc, Call::reg(TM_REG_XPSR, 0x0100000b));
    RunResult ok = run();
    EXPECT_EQ(ok.rc, TC_OK) << ok.report;
    calls[exc].b = 0x0100000c; // the wrong exception number in IPSR
    expect_mismatch(run(), "register xpsr: wrong value (IPSR, EPSR bits 0100003f compared): expected 0100000b, "
                           "actual 0100000c");
}

TEST_F(Fields, AnAliasWithBitsOutsideItsFieldIsAnError)
{
    use(edit(kGolden, "12 clk R cpsr 41000000", "12 clk R apsr 40000001"));
    expect_error(run(), g + ":58:15: apsr 40000001 has bits outside APSR (f0000000) in ARMv6-M");
}

// ---- PC records ----

TEST_F(Fields, APcRecordIsComparedWithTheNextStepsAddress)
{
    use(edit(kGolden, "9 clk IT (9)", "8 clk R pc 00000112\n9 clk IT (9)"));
    RunResult ok = run();
    EXPECT_EQ(ok.rc, TC_OK) << ok.report;
    use(edit(kGolden, "9 clk IT (9)", "8 clk R r15 00000110\n9 clk IT (9)"));
    RunResult r = run();
    expect_mismatch(r, "pc record of step 8: the golden writes the PC 00000110, the RTL's next step is at 00000112");
    EXPECT_NE(r.report.find(g + ":22,"), std::string::npos) << r.report;
}

TEST_F(Fields, APcRecordOfAnEntryIsTheHandlersAddress)
{
    use(edit(kGolden, "9 clk R cpsr 0100000b\n", "9 clk R cpsr 0100000b\n9 clk R pc 00000202\n"));
    expect_mismatch(run(), "pc record of step 10: the golden writes the PC 00000202, the RTL's next step is at 00000200");
}

TEST_F(Fields, APcRecordWithNoNextStepIsCountedInTheLedger)
{
    use(std::string(kGolden) + "13 clk R pc 00000118\n");
    std::string ledger = temp_golden("", "fields_pc.json");
    RunResult r = run("ledger=" + ledger);
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    Ledger l = read_ledger(ledger);
    ASSERT_TRUE(l.ok) << l.error;
    EXPECT_EQ(l["not_compared.pc_records"], "1");
    // the fields no run compares, each as dpi/README.md's ledger table names it
    std::ifstream readme(std::string(TM_SOURCE_DIR) + "/dpi/README.md");
    std::string doc, row;
    while (std::getline(readme, row))
        if (row.find("| `not_compared` |") == 0) doc = row;
    std::string fields = l["not_compared.fields"];
    ASSERT_NE(fields.find("\"instruction.mode\""), std::string::npos) << fields;
    size_t n = 0;
    for (size_t at = fields.find('"'); at != std::string::npos; at = fields.find('"', fields.find('"', at + 1) + 1)) {
        std::string name = fields.substr(at + 1, fields.find('"', at + 1) - at - 1);
        EXPECT_NE(doc.find("`" + name + "`"), std::string::npos) << name << " is not in dpi/README.md's ledger table";
        n++;
    }
    EXPECT_EQ(n, 12u) << fields;
    EXPECT_NE(r.report.find("1 PC records with no next step"), std::string::npos) << r.report;
}

// ---- exception entries ----

TEST_F(Fields, AnEntryTheRtlNeverTookIsAMismatch)
{
    use(edit(kGolden, "4 clk MW1 20000005 16\n", "4 clk MW1 20000005 16\n4 clk E 00000108 0000000f CoreEvent_SYSTICK\n"));
    std::string ledger = temp_golden("", "fields_exc.json");
    RunResult ok = run("ledger=" + ledger);
    EXPECT_EQ(ok.rc, TC_OK) << ok.report;
    Ledger l = read_ledger(ledger);
    ASSERT_TRUE(l.ok) << l.error;
    EXPECT_EQ(l["compared.exceptions"], "2");
    calls.erase(calls.begin() + find_call(calls, [](const Call &c) { return c.kind == Call::EXC && c.a == 15; }));
    RunResult r = run("ledger=" + ledger);
    expect_mismatch(r, "exception not taken: the golden entered SysTick (15) at step 5 (golden line 13");
    l = read_ledger(ledger);
    EXPECT_EQ(l["compared.exceptions"], "0");
    EXPECT_EQ(verdict_of(l), "\"FAIL\" \"instruction\" \"exception\"");
}

// ---- fault status ----

TEST_F(Fields, AnAbortedAccessWantsAnErrorResponse)
{
    use(edit(kGolden, "3 clk MW4 20000000 00000016", "3 clk MW4 20000000 00000016 (ABORTED)"));
    size_t beat = find_call(calls, [](const Call &c) { return c.kind == Call::BEAT && c.a == 0x20000000 && c.b; });
    EXPECT_EQ(calls[beat].f, 1u) << "the perfect core answers ERROR";
    RunResult ok = run();
    EXPECT_EQ(ok.rc, TC_OK) << ok.report;
    EXPECT_EQ(ok.n.error_beats, 1u);
    calls[beat].f = 0;
    expect_mismatch(run(), "bus response at 20000000 (W4): expected ERROR (the golden's access aborted), actual OKAY");
}

TEST_F(Fields, AnErrorResponseWhereTheGoldenAccessSucceededIsAMismatch)
{
    use(kGolden);
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::BEAT && c.a == 0x20000000 && c.b; })].f = 1;
    expect_mismatch(run(), "bus response at 20000000 (W4): expected OKAY, actual ERROR");
}

TEST_F(Fields, APrefetchAbortIsNotARetire)
{
    use(edit(kGolden, "4 clk IT (4) 00000106 7148 T thread : strb r0, [r1, #5]\n4 clk MW1 20000005 16\n",
             "4 clk IE (4) 00000106 7148 T thread : strb r0, [r1, #5]\n"));
    expect_mismatch(run(), "fetch fault at 00000106: the golden's instruction faulted on its fetch (IE: prefetch "
                           "abort), the RTL retired it");
}

TEST_F(Fields, APrefetchAbortTakenAsHardFaultPasses)
{
    use(edit(kGolden, "4 clk IT (4) 00000106 7148 T thread : strb r0, [r1, #5]\n4 clk MW1 20000005 16\n",
             "4 clk IE (4) 00000106 7148 T thread : strb r0, [r1, #5]\n"
             "4 clk E 00000106 00000003 CoreEvent_HARDFAULT\n"));
    // the core retires nothing at 0x106: it enters HardFault with the instruction's address
    calls.erase(calls.begin() + retire_at(calls, 0x106));
    RunResult r = run();
    EXPECT_EQ(r.rc, TC_OK) << r.report;
}

// ---- a first write in another step ----

TEST_F(Fields, AFirstWriteOneStepEarlyIsAMismatch)
{
    use(kGolden);
    size_t w = reg_call(2, 0xf0000000);
    Call k = calls[w];
    calls.erase(calls.begin() + w);
    calls.insert(calls.begin() + retire_at(calls, 0x106), k); // the RTL writes r2 in the step before
    expect_mismatch(run(), "register r2: missing write (the golden writes it first in this step; the RTL wrote it in "
                           "an earlier one): expected f0000000, actual f0000000");
}

TEST_F(Fields, AFirstWriteOneStepLateIsAMismatch)
{
    use(kGolden);
    size_t w = reg_call(2, 0xf0000000);
    Call k = calls[w];
    calls.erase(calls.begin() + w);
    calls.insert(calls.begin() + retire_at(calls, 0x10a), k);
    expect_mismatch(run(), "register r2: never reported by the RTL");
}

// ---- conflicts ----

TEST_F(Fields, AliasesInConflictAreAnErrorAtTheSecondValue)
{
    use(edit(kGolden, "0 clk R MSP 20004000", "0 clk R MSP 20005000"));
    std::string e = open_error(g, "");
    EXPECT_NE(e.find(g + ":3:13: MSP 20005000 conflicts with r13_main 20004000 at line 2 (the same register "
                         "in one step)"), std::string::npos) << e;
}

TEST_F(Fields, FlagsInConflictWithTheWholeXpsrAreAnError)
{
    use(edit(kGolden, "12 clk R cpsr 41000000", "12 clk R cpsr 41000000\n12 clk R apsr 80000000"));
    expect_error(run(), g + ":59:15: apsr 80000000 conflicts with cpsr 41000000 at line 58");
}

TEST_F(Fields, AHeaderKeyGivenTwiceIsAnError)
{
    use(kGolden, "fields_dup.tarmac.gz", "lr_reset=0xffffffff,mtb=1,num_irq=32,mtb=0");
    std::string e = open_error(g, "");
    EXPECT_NE(e.find(g + ": the record in the gzip header's comment gives mtb twice (characters 21 and 38)"),
              std::string::npos) << e;
}

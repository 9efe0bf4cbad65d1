// Options that cannot lie: a value given one per key (tc_open_with) is taken whole, never split into more options; a
// key given twice is an error in every place options come from; numbers are decimal unless written 0x, the
// addresses of ranges hex; a checker opened switched off (TC_OPEN_OFF) says so on its summary line and in its ledger.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "lockstep_fixture.h"

using namespace lockstep;

namespace {

std::string slurp(const std::string &path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// tc_open_with's error for these one-per-key options ("" when it opened)
std::string with_error(const std::string &golden, const char *options, std::vector<const char *> keys,
                       std::vector<const char *> values)
{
    tm_error e{};
    tc_checker *c = tc_open_with(golden.c_str(), options, keys.data(), values.data(), keys.size(), 0, &e);
    tc_close(c);
    return c ? "" : e.msg;
}

}  // namespace

// A value is a value: a report path holding ",bus=0" names a file with a comma, it does not switch the bus
// stream off (a wrong beat is still found), and the report lands in that very file.
TEST_F(Lockstep, AValueGivenPerKeyIsTakenWholeAndAddsNoOption)
{
    calls.insert(calls.begin() + retire_at(calls, 0x10c), Call::beat(0x20000100, 1, 2, 0xdead));
    std::string report = g + ",bus=0,mtb=0,lenient=1.txt";
    const char *keys[] = { "report" }, *values[] = { report.c_str() };
    tm_error e{};
    tc_checker *c = tc_open_with(g.c_str(), "", keys, values, 1, 0, &e);
    ASSERT_NE(c, nullptr) << e.msg;
    int rc = TC_OK;
    for (const Call &k : calls)
        if ((rc = apply_call(c, k)) != TC_OK) break;
    EXPECT_EQ(rc, TC_MISMATCH) << tc_report(c);
    EXPECT_NE(std::string(tc_report(c)).find("unexpected bus beat W4 20000100"), std::string::npos) << tc_report(c);
    tc_finish(c);
    EXPECT_NE(slurp(report).find("unexpected bus beat W4 20000100"), std::string::npos) << "the report file";
    tc_close(c);
    unlink(report.c_str());
}

// A key given twice, in the string or one per key, is an error naming it: never "the last one wins".
TEST(OptionValues, AKeyGivenTwiceIsAnErrorEverywhere)
{
    std::string g = golden_path();
    EXPECT_NE(open_error(g, "bus=1,bus=0").find("option bus given twice (in the options)"), std::string::npos)
        << open_error(g, "bus=1,bus=0");
    EXPECT_NE(open_error(g, "max_errors=5,context=2,max_errors=5").find("option max_errors given twice"),
              std::string::npos);
    EXPECT_NE(open_error(g, "model=num_irq:32,model=num_irq:8").find("option model given twice"), std::string::npos);
    EXPECT_NE(open_error(g, "model=num_irq:32;num_irq:8").find("option model: key 'num_irq' given twice"),
              std::string::npos)
        << open_error(g, "model=num_irq:32;num_irq:8");
    std::string e = with_error(g, "", { "mtb", "mtb" }, { "1", "0" });
    EXPECT_NE(e.find("option mtb given twice (as a plusarg or key of tc_open_with)"), std::string::npos) << e;
    // one value per key overrides the string's value of its key: that is no key twice
    EXPECT_EQ(with_error(g, "max_errors=3", { "max_errors" }, { "4" }), "");
    EXPECT_NE(with_error(g, "", { "bus" }, { "0,mtb=0" }).find("option bus: '0,mtb=0' is not 0 or 1"),
              std::string::npos);
    EXPECT_NE(with_error(g, "", { "nope" }, { "1" }).find("unknown option 'nope'"), std::string::npos);
    tm_error err{};
    EXPECT_EQ(tc_open_with(g.c_str(), "", nullptr, nullptr, 1, 0, &err), nullptr);
    EXPECT_NE(std::string(err.msg).find("NULL"), std::string::npos) << err.msg;
}

// Numbers are decimal unless written 0x: 010 is ten (not a power of two), never octal eight.
TEST(OptionValues, NumbersAreDecimalUnlessWrittenHex)
{
    std::string g = golden_path();
    EXPECT_NE(open_error(g, "mtb_sram_size=010").find("option mtb_sram_size: '010' is not a power of two"),
              std::string::npos)
        << open_error(g, "mtb_sram_size=010");
    EXPECT_EQ(open_error(g, "mtb_sram_size=0x10"), "(opened)");
    EXPECT_EQ(open_error(g, "mtb_sram_size=16"), "(opened)");
    EXPECT_NE(open_error(g, "model=num_irq:040").find("'040' is not a number of interrupts"), std::string::npos)
        << "forty, 32 at most: no octal 32";
    EXPECT_NE(open_error(g, "context=0x").find("option context"), std::string::npos);
}

// The addresses of a range are hex, as documented: 20000000-20004000 is the SRAM, not decimal twenty million.
TEST_F(Lockstep, RangeAddressesAreHex)
{
    calls.insert(calls.begin() + retire_at(calls, 0x10c), Call::beat(0x20000100, 1, 2, 0xdead));
    RunResult r = run("bus_ignore=20000000-20004000");
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_NE(r.report.find("beats left out (bus_ignore)"), std::string::npos) << r.report;
    EXPECT_EQ(run("bus_ignore=0x20000000-0x20004000").rc, TC_OK);
    EXPECT_NE(open_error(g, "bus_ignore=2000000g-20004000").find("is not a range <lo>-<hi> of 32-bit addresses (hex)"),
              std::string::npos);
}

// Switched off (+tarmac_off) beside a golden: nothing is compared, and the run says so instead of passing
// silently: OFF on the summary line and as the ledger's verdict; the golden is not even read.
TEST(OptionValues, ACheckerSwitchedOffSaysOffOnTheSummaryLineAndInTheLedger)
{
    std::string g = golden_path();
    std::string ledger = g + ".off.json";
    const char *keys[] = { "ledger" }, *values[] = { ledger.c_str() };
    for (const char *golden : { g.c_str(), "/nonexistent/golden.tarmac.gz" }) {
        SCOPED_TRACE(golden);
        tm_error e{};
        tc_checker *c = tc_open_with(golden, "", keys, values, 1, TC_OPEN_OFF, &e);
        ASSERT_NE(c, nullptr) << e.msg;
        EXPECT_EQ(tc_halted(c), 1);
        EXPECT_EQ(tc_retire(c, 0x100, 0x2016, 0, 1), TC_FAILED) << "nothing is compared";
        EXPECT_EQ(tc_finish(c), TC_OK);
        std::string rep = tc_report(c);
        EXPECT_EQ(rep.rfind("tarmac checker: OFF: switched off by the testbench (+tarmac_off), nothing compared; "
                            "golden " + std::string(golden) + " not read; tarmac ",
                            0),
                  0u)
            << rep;
        std::string j = slurp(ledger);
        EXPECT_NE(j.find("\"verdict\": \"OFF\""), std::string::npos) << j;
        EXPECT_NE(j.find("switched off"), std::string::npos) << j;
        EXPECT_EQ(tc_close(c), TC_OK);
        unlink(ledger.c_str());
    }
}

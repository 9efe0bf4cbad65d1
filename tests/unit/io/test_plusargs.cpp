// A command line's plusargs checked against what a program reads (tarmac/plusargs.h): malformed values, flags
// given values, names given twice, unknown names of the program's families and misspellings are
// errors that say what is wrong and list the known names; other components' plusargs are left alone.
#include <gtest/gtest.h>

#include <string>
#include <vector>

extern "C" {
#include "tarmac/plusargs.h"
}

// "+tarmac_" written so that the option table's test, which scans the repository for +tarmac_<key>=, does not
// take the misspelt names below for options
#define T "+tarmac" "_"

namespace {

const tm_plusarg kSpecs[] = {
    { "elf", TM_PLUSARG_TEXT, 0, 0 },        { "waitstates", TM_PLUSARG_DEC, 0, 100 },
    { "seed", TM_PLUSARG_DEC, 0, 0xffffffff }, { "trace", TM_PLUSARG_FLAG, 0, 0 },
    { "irq_rate", TM_PLUSARG_DEC, 0, 65535 }, { "irq_lines", TM_PLUSARG_HEX, 0, 0xffffffff },
    { "tarmac_max_errors", TM_PLUSARG_TEXT, 0, 0 }, { "tarmac_off", TM_PLUSARG_ANY, 0, 0 },
};

// "" when the plusargs pass, else the message
std::string check(std::vector<const char *> args)
{
    args.insert(args.begin(), "Vtb_top");
    char msg[1024];
    int rc = tm_plusargs_check((int)args.size(), args.data(), kSpecs, sizeof kSpecs / sizeof kSpecs[0], msg, sizeof msg);
    EXPECT_EQ(rc == 0, std::string(msg).empty()) << msg;
    return msg;
}

} // namespace

TEST(Plusargs, WhatTheProgramReadsPasses)
{
    EXPECT_EQ(check({ "+elf=a.elf", "+waitstates=25", "+seed=4294967295", "+trace", "+irq_rate=0",
                      "+irq_lines=FFff0000", "+tarmac_max_errors=abc", "+tarmac_off" }),
              "");
    EXPECT_EQ(check({ T "off=1" }), "") << "a name of any value's";
    // another component's plusargs, Verilator's, other arguments
    EXPECT_EQ(check({ "+live_bug=3", "+verilator+seed+5", "-f", "x.f", "+UVM_TESTNAME=t", "+waitstates=5" }), "");
}

TEST(Plusargs, MalformedValues)
{
    struct Case {
        const char *arg, *want;
    } cases[] = {
        { "+waitstates=abc", "plusarg '+waitstates=abc': expected a decimal number from 0 to 100 (+waitstates=<n>)" },
        { "+waitstates=-1", "plusarg '+waitstates=-1': expected a decimal number from 0 to 100" },
        { "+waitstates=101", "plusarg '+waitstates=101': expected a decimal number from 0 to 100" },
        { "+waitstates=", "plusarg '+waitstates=': expected a decimal number" },
        { "+waitstates", "plusarg '+waitstates': expected a decimal number" },
        { "+seed=abc", "plusarg '+seed=abc': expected a decimal number from 0 to 4294967295" },
        { "+seed=0x10", "plusarg '+seed=0x10': expected a decimal number" },
        { "+seed=4294967296", "plusarg '+seed=4294967296': expected a decimal number" },
        { "+irq_lines=0xff", "plusarg '+irq_lines=0xff': expected hex digits from 0 to ffffffff (+irq_lines=<hex>)" },
        { "+irq_lines=ffffffff0", "plusarg '+irq_lines=ffffffff0': expected hex digits" },
        { "+trace=0", "plusarg '+trace=0': takes no value (a flag: given, it is on) (+trace)" },
        { "+elf", "plusarg '+elf': needs a value (+elf=<value>)" },
    };
    for (const Case &c : cases) {
        std::string m = check({ "+elf=a.elf", c.arg });
        EXPECT_EQ(m.rfind(c.want, 0), 0u) << c.arg << ": " << m;
        EXPECT_NE(m.find("; known: +elf=<value>, +waitstates=<n>, +seed=<n>, +trace, +irq_rate=<n>, +irq_lines=<hex>, "
                         "+tarmac_max_errors=<value>, +tarmac_off[=<value>]"),
                  std::string::npos)
            << m;
    }
}

TEST(Plusargs, UnknownNamesOfTheFamiliesAndMisspellings)
{
    struct Case {
        const char *arg, *want;
    } cases[] = {
        { T "max_error=5", "unknown plusarg '" T "max_error=5' (did you mean +tarmac_max_errors=<value>?)" },
        { T "maxerrors=5", "unknown plusarg '" T "maxerrors=5' (did you mean +tarmac_max_errors=<value>?)" },
        { "+tarmac_golden=x.gz", "unknown plusarg '+tarmac_golden=x.gz'" },
        { "+irq_rat=5", "unknown plusarg '+irq_rat=5' (did you mean +irq_rate=<n>?)" },
        { "+irq_lien=ff", "unknown plusarg '+irq_lien=ff' (did you mean +irq_lines=<hex>?)" },
        { "+waitstate=5", "unknown plusarg '+waitstate=5' (did you mean +waitstates=<n>?)" },
        { "+wait_states=5", "unknown plusarg '+wait_states=5' (did you mean +waitstates=<n>?)" },
        { "+sed=1", "unknown plusarg '+sed=1' (did you mean +seed=<n>?)" },
        { "+trac", "unknown plusarg '+trac' (did you mean +trace?)" },
    };
    for (const Case &c : cases) {
        std::string m = check({ c.arg });
        EXPECT_EQ(m.rfind(c.want, 0), 0u) << c.arg << ": " << m;
        EXPECT_NE(m.find("; known: +elf=<value>"), std::string::npos) << m;
    }
}

// A key twice is an error even with the same value: one value per key, wherever options are given.
TEST(Plusargs, ANameGivenTwiceWithOneValue)
{
    std::string m = check({ "+waitstates=5", "+elf=a", "+waitstates=5" });
    EXPECT_EQ(m.rfind("plusarg '+waitstates=5' given again after '+waitstates=5': give each plusarg once; known: ", 0),
              0u) << m;
    m = check({ T "max_errors=3", T "max_errors=3" });
    EXPECT_EQ(m.rfind("plusarg '" T "max_errors=3' given again", 0), 0u) << m;
    m = check({ "+tarmac_off", "+tarmac_off" });
    EXPECT_EQ(m.rfind("plusarg '+tarmac_off' given again after '+tarmac_off'", 0), 0u) << m;
}

TEST(Plusargs, ANameGivenTwiceWithTwoValues)
{
    EXPECT_EQ(check({ "+waitstates=5", "+elf=a", "+waitstates=6" }),
              "plusarg '+waitstates=6' given again after '+waitstates=5': a simulator reads the first only; known: "
              "+elf=<value>, +waitstates=<n>, +seed=<n>, +trace, +irq_rate=<n>, +irq_lines=<hex>, "
              "+tarmac_max_errors=<value>, +tarmac_off[=<value>]");
}

TEST(Plusargs, AShortBufferIsCutVisibly)
{
    const char *args[] = { "sim", "+waitstates=abc" };
    char msg[40];
    EXPECT_EQ(tm_plusargs_check(2, args, kSpecs, sizeof kSpecs / sizeof kSpecs[0], msg, sizeof msg), -1);
    EXPECT_EQ(std::string(msg), "plusarg '+waitstates=abc': expected ...");
}

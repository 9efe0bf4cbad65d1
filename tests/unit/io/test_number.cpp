// The one reader of numbers a user writes (tarmac/number.h): every malformed number refused, in every base, so
// that no tool or testbench reads "-5" as a huge count or "abc" as 0.
#include <gtest/gtest.h>

#include <string>

extern "C" {
#include "tarmac/number.h"
}

TEST(Number, WholeUnsignedNumbersInRange)
{
    struct Ok {
        const char *text;
        int base;
        uint64_t lo, hi, want;
    } ok[] = {
        { "0", 10, 0, 100, 0 },
        { "100", 10, 0, 100, 100 },
        { "18446744073709551615", 10, 0, UINT64_MAX, UINT64_MAX },
        { "ffffffff", 16, 0, 0xffffffff, 0xffffffff },
        { "DeadBeef", 16, 0, 0xffffffff, 0xdeadbeef },
        { "0x10", 0, 0, 100, 16 },
        { "010", 0, 0, 100, 10 },   // never C's octal
        { "08", 0, 0, 100, 8 },
        { "0X1f", 0, 0, 100, 31 },
        { "42", 0, 1, 100, 42 },
    };
    for (const Ok &c : ok) {
        uint64_t v = 7;
        EXPECT_EQ(tm_parse_uint(c.text, c.base, c.lo, c.hi, &v), 0) << c.text;
        EXPECT_EQ(v, c.want) << c.text;
    }
}

TEST(Number, EverythingElseIsRefusedAndLeavesTheValue)
{
    struct Bad {
        const char *text;
        int base;
        uint64_t lo, hi;
    } bad[] = {
        { "", 10, 0, 100 },       { "-5", 10, 0, UINT64_MAX }, { "-0", 0, 0, 100 },     { "+5", 10, 0, 100 },
        { " 5", 10, 0, 100 },     { "5 ", 10, 0, 100 },        { "5k", 10, 0, 100 },    { "1e3", 10, 0, 100000 },
        { "abc", 10, 0, 100 },    { "0x10", 10, 0, 100 },      { "101", 10, 0, 100 },   { "0", 10, 1, 100 },
        { "18446744073709551616", 10, 0, UINT64_MAX },         { "0x", 0, 0, 100 },     { "0x10", 16, 0, 100 },
        { "fg", 16, 0, 0xffff },  { "100000000", 16, 0, 0xffffffff },                   { "0x-1", 0, 0, 100 },
        { "4294967296", 0, 0, 0xffffffff },                    { "5\n", 10, 0, 100 },
    };
    for (const Bad &c : bad) {
        uint64_t v = 7;
        EXPECT_EQ(tm_parse_uint(c.text, c.base, c.lo, c.hi, &v), -1) << "'" << c.text << "' base " << c.base;
        EXPECT_EQ(v, 7u) << c.text;
    }
    uint64_t v = 7;
    EXPECT_EQ(tm_parse_uint(nullptr, 10, 0, 1, &v), -1);
}

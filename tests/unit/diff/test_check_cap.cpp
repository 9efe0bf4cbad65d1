// tarmac-diff's output is bounded: --check prints the first bad lines of each file and counts the rest; --lenient
// turns bad lines into counted warnings that the verdict and the summary show; records glued onto one line are
// all read, counted and compared.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "dialect_runs.h"
#include "diff_util.h"

namespace {

// A run of good lines with n bad ones among them (a register value cut short).
std::string with_bad_lines(int n)
{
    std::string t = "1 clk IT (1) 000080ac 2016 T thread : MOVS r0,#0x16\n";
    for (int i = 0; i < n; i++) t += std::to_string(i + 2) + " clk R r0 000016\n";
    return t;
}

size_t count(const std::string &text, const std::string &what)
{
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) n++;
    return n;
}

// The bad lines reported for a file: "<file>:<line>:<column>: ..."
size_t reported(const std::string &text, const std::string &file)
{
    size_t n = 0;
    for (size_t at = text.find(file + ":"); at != std::string::npos; at = text.find(file + ":", at + 1))
        n += isdigit((unsigned char)text[at + file.size() + 1]) != 0;
    return n;
}

}  // namespace

TEST(CheckCap, ACorruptInputPrintsTheFirstBadLinesAndACount)
{
    std::string f = put("many_bad.txt", with_bad_lines(5000));
    ToolRun r = run("--check " + f);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(reported(r.text, f), 10u) << r.text.substr(0, 2000);
    EXPECT_NE(r.text.find("many_bad.txt: further bad lines are counted, not printed (--max-errors)"), std::string::npos);
    EXPECT_NE(r.text.find("many_bad.txt: 5000 bad lines, the first 10 printed"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("many_bad.txt: 5001 lines, 1 records, 5000 bad lines, 1 instructions: FAIL"),
              std::string::npos) << r.text;
    EXPECT_LT(r.text.size(), 4000u) << "the output grows with the input";
    ToolRun three = run("--check --max-errors 3 " + f);
    EXPECT_EQ(reported(three.text, f), 3u) << three.text;
    // every file has its own cap; the total counts every file
    std::string few = put("few_bad.txt", with_bad_lines(4));
    ToolRun two = run("--check --max-errors 2 " + f + " " + few);
    EXPECT_EQ(reported(two.text, f), 2u) << two.text;
    EXPECT_EQ(reported(two.text, few), 2u) << two.text;
    EXPECT_NE(two.text.find("2 files checked, 2 failed, 5006 lines"), std::string::npos) << two.text;
    // --stats stops at the first bad line as before
    ToolRun s = run("--stats " + f);
    EXPECT_EQ(s.status, 2);
    EXPECT_EQ(reported(s.text, f), 1u) << s.text;
}

TEST(CheckCap, LenientWarningsAreCountedInTheVerdictAndTheSummary)
{
    std::string f = put("lenient.txt", with_bad_lines(50));
    ToolRun r = run("--check --lenient " + f);
    EXPECT_EQ(r.status, 0) << r.text;
    EXPECT_EQ(count(r.text, "tarmac-diff: warning: "), 10u) << r.text;
    EXPECT_NE(r.text.find("lenient.txt: 51 lines, 1 records, 50 bad lines, 1 instructions: ok (--lenient: the bad "
                          "lines were skipped)"), std::string::npos) << r.text;
    ToolRun st = run("--stats --lenient " + f);
    EXPECT_EQ(st.status, 0) << st.text;
    EXPECT_NE(st.text.find("lenient.txt: 50 bad lines skipped (--lenient)"), std::string::npos) << st.text;
    // a comparison says what it skipped in either trace
    std::string good = put("good.txt", "1 clk IT (1) 000080ac 2016 T thread : MOVS r0,#0x16\n");
    ToolRun c = run("--lenient " + good + " " + f);
    EXPECT_EQ(c.status, 0) << c.text;
    EXPECT_NE(c.text.find("note: 50 bad lines of " + f + " skipped (--lenient)"), std::string::npos) << c.text;
    EXPECT_EQ(count(c.text, "warning: "), 10u) << c.text;
}

TEST(CheckCap, GluedRecordsAreReadCountedAndCompared)
{
    // the ES run with the push's register write and its stores on one line, as a Cortex-M33 tracer writes them
    std::string es = kEsA32;
    std::string glued = "                    R SP_SVC 0007ffec";
    size_t at = es.find(glued);
    ASSERT_NE(at, std::string::npos);
    es.erase(at, glued.size() + 1);
    size_t st = es.find("                    ST 0007fff0");
    es.insert(st, glued + " ");
    ToolRun s = run("--stats " + put("glued.txt", es));
    EXPECT_EQ(s.status, 0) << s.text;
    EXPECT_NE(s.text.find("glued.txt: 16 lines, 17 records"), std::string::npos) << s.text;
    EXPECT_NE(s.text.find("ldst         3"), std::string::npos) << s.text;
    ToolRun c = run(put("fm32.txt", kFmA32) + " " + put("glued.txt", es));
    EXPECT_EQ(c.status, 0) << c.text;
    // the store glued onto the register line is compared: a changed byte is found there
    std::string bad = es;
    bad.replace(bad.find("0000800c 00000033"), 8, "0000800d");
    ToolRun d = run(put("fm32.txt", kFmA32) + " " + put("glued_bad.txt", bad));
    EXPECT_EQ(d.status, 1) << d.text;
    EXPECT_NE(d.text.find("memory byte: write 0007fffc = 0c vs write 0007fffc = 0d"), std::string::npos) << d.text;
    EXPECT_NE(d.text.find("> B " + tmp("glued_bad.txt") + ":7:                     R SP_SVC 0007ffec     "),
              std::string::npos) << d.text;
}

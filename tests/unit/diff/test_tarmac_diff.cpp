// tarmac-diff as a user runs it: exit codes, the reported lines and fields, options, bad input.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

#include "../run_command.h"

namespace {

const std::string kTool = std::string(TM_BUILD_DIR) + "/bin/tarmac-diff";

std::string tmp(const std::string &name)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    return dir + "/diff_" + std::to_string(getpid()) + "_" + name;
}

std::string put(const std::string &name, const std::string &text)
{
    std::string p = tmp(name);
    std::ofstream(p, std::ios::binary) << text;
    return p;
}

std::string put_gz(const std::string &name, const std::string &text)
{
    std::string p = tmp(name);
    gzFile f = gzopen(p.c_str(), "wb");
    gzwrite(f, text.data(), (unsigned)text.size());
    gzclose(f);
    return p;
}

using ToolRun = CommandOutput;
ToolRun run(const std::string &args) { return run_command(kTool + " " + args); }

const char *kFastModels =
    "0 clk E 000080ac 00000001 CoreEvent_RESET\n"
    "0 clk R r13_main 20004000\n"
    "1 clk IT (1) 000080ac 2016 T thread : MOVS     r0,#0x16\n"
    "1 clk R r0 00000016\n"
    "2 clk IT (2) 000080ae 2117 T thread : MOVS     r1,#0x17\n"
    "2 clk R r1 00000017\n"
    "3 clk IT (3) 000080b0 6008 T thread : STR r0,[r1,#0]\n"
    "3 clk MW4 20000000 00000016\n"
    "4 clk R cpsr 21000000\n";

// The same execution as a Cortex-M0 RTL tracer writes it.
const char *kCortexM =
    "10ns E Reset\n"
    "12ns R r13 20004000 (MSP)\n"
    "354ns IT 000080ac 2016        MOVS r0,#22\n"
    "355ns R r0 00000016\n"
    "356ns IT 000080ae 2117        MOVS r1,#23\n"
    "357ns R r1 17\n"
    "358ns IT 000080b0 6008        STR r0,[r1,#0]\n"
    "359ns MW4_D 20000000 00000016\n"
    "360ns R psr 21000000\n";

}  // namespace

TEST(TarmacDiff, SameExecutionInTwoDialectsMatches)
{
    ToolRun r = run(put("fm.txt", kFastModels) + " " + put_gz("rtl.gz", kCortexM));
    EXPECT_EQ(r.status, 0) << r.text;
    EXPECT_NE(r.text.find("9 records compared, 0 differences"), std::string::npos) << r.text;
}

TEST(TarmacDiff, DivergenceReportsBothLinesContextAndField)
{
    std::string b = kCortexM;
    b.replace(b.find("R r1 17"), 7, "R r1 18");
    ToolRun r = run("--context 2 " + put("fm.txt", kFastModels) + " " + put("bad.txt", b));
    EXPECT_EQ(r.status, 1) << r.text;
    EXPECT_NE(r.text.find("difference 1 at record 6"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("fm.txt:6: 2 clk R r1 00000017"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("bad.txt:6: 357ns R r1 18"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("bad.txt:5: 356ns IT"), std::string::npos) << "context line missing\n" << r.text;
    EXPECT_NE(r.text.find("bad.txt:4:"), std::string::npos) << r.text;
    EXPECT_EQ(r.text.find("bad.txt:3:"), std::string::npos) << "only 2 lines of context\n" << r.text;
    EXPECT_NE(r.text.find("differs: value: 00000017 vs 18"), std::string::npos) << r.text;
}

TEST(TarmacDiff, MaxDiffsContinuesPastTheFirst)
{
    std::string b = kFastModels;
    b.replace(b.find("R r0 00000016"), 13, "R r0 00000099");
    b.replace(b.find("MW4 20000000"), 12, "MW4 20000004");
    std::string a = put("a.txt", kFastModels), bb = put("b.txt", b);
    ToolRun one = run(a + " " + bb);
    EXPECT_EQ(one.status, 1);
    EXPECT_EQ(one.text.find("difference 2"), std::string::npos) << one.text;
    ToolRun all = run("--max-diffs 10 " + a + " " + bb);
    EXPECT_EQ(all.status, 1);
    EXPECT_NE(all.text.find("difference 2 at record 8"), std::string::npos) << all.text;
    EXPECT_NE(all.text.find("address: 20000000 vs 20000004"), std::string::npos) << all.text;
    EXPECT_NE(all.text.find("9 records compared, 2 differences"), std::string::npos) << all.text;
}

TEST(TarmacDiff, IgnoreMasksFields)
{
    std::string b = kFastModels;
    b.replace(b.find("MOVS     r0,#0x16"), 17, "MOVS r0,#22");
    std::string a = put("a.txt", kFastModels), bb = put("b.txt", b);
    EXPECT_EQ(run(a + " " + bb).status, 0);  // disasm ignored by default
    ToolRun r = run("--ignore none " + a + " " + bb);
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.text.find("disassembly:"), std::string::npos) << r.text;
    ToolRun t = run("--ignore none " + a + " " + put("c.txt", kCortexM));
    EXPECT_EQ(t.status, 1);
    EXPECT_NE(t.text.find("time:"), std::string::npos) << t.text;
    ToolRun bad = run("--ignore colour " + a + " " + bb);
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.text.find("unknown field 'colour'"), std::string::npos) << bad.text;
}

TEST(TarmacDiff, LengthMismatchIsADivergence)
{
    std::string shorter = kFastModels;
    shorter.resize(shorter.rfind("4 clk"));
    ToolRun r = run(put("a.txt", kFastModels) + " " + put("s.txt", shorter));
    EXPECT_EQ(r.status, 1) << r.text;
    EXPECT_NE(r.text.find("s.txt ends after 8 records"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("a.txt:9: 4 clk R cpsr 21000000"), std::string::npos) << r.text;
}

TEST(TarmacDiff, StatsCountsPerKind)
{
    ToolRun r = run("--stats " + put_gz("fm.gz", kFastModels));
    EXPECT_EQ(r.status, 0) << r.text;
    EXPECT_NE(r.text.find("9 lines, 9 records"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("insn         3"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("reg          4"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("mem          1"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("event        1"), std::string::npos) << r.text;
}

TEST(TarmacDiff, CheckReportsEveryBadLine)
{
    std::string t = std::string(kFastModels) + "5 clk ZZ 1\n6 clk MW1 20000000 1ff\n7 clk R r0 00000000\n";
    ToolRun r = run("--check " + put("lint.txt", t));
    EXPECT_EQ(r.status, 2) << r.text;
    EXPECT_NE(r.text.find("lint.txt:10:7: unknown record kind 'ZZ'"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("lint.txt:11:20: data wider than the access size"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("12 lines, 10 records, 2 bad lines"), std::string::npos) << r.text;
    EXPECT_EQ(run("--check " + put("ok.txt", kFastModels)).status, 0);
}

TEST(TarmacDiff, BadInputExitsTwoWithFileAndLine)
{
    std::string good = put("good.txt", kFastModels);
    // truncated gzip
    std::string z = tmp("full.gz");
    {
        std::string big;
        for (int i = 0; i < 20000; i++) big += std::to_string(i) + " clk R r0 " + std::to_string(10000000 + i) + "\n";
        gzFile f = gzopen(z.c_str(), "wb");
        gzwrite(f, big.data(), (unsigned)big.size());
        gzclose(f);
    }
    std::ifstream in(z, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), {});
    std::string trunc = put("trunc.gz", bytes.substr(0, bytes.size() / 2));
    ToolRun r = run(trunc + " " + trunc.substr(0) + ".none");
    EXPECT_EQ(r.status, 2);
    ToolRun t = run("--stats " + trunc);
    EXPECT_EQ(t.status, 2);
    EXPECT_NE(t.text.find("trunc.gz:"), std::string::npos) << t.text;
    EXPECT_NE(t.text.find("truncated gzip stream"), std::string::npos) << t.text;
    // corrupt gzip: flip a CRC byte
    std::string crc = bytes;
    crc[crc.size() - 6] ^= 0x40;
    ToolRun c = run("--check " + put("crc.gz", crc));
    EXPECT_EQ(c.status, 2);
    EXPECT_NE(c.text.find("corrupt gzip stream"), std::string::npos) << c.text;
    // binary garbage
    ToolRun g = run(good + " " + put("bin.dat", std::string("\x7f" "ELF\x01\x01\0\0\0\0", 10)));
    EXPECT_EQ(g.status, 2);
    EXPECT_NE(g.text.find("bin.dat:1:"), std::string::npos) << g.text;
    // empty file
    ToolRun e = run("--stats " + put("empty.txt", ""));
    EXPECT_EQ(e.status, 2);
    EXPECT_NE(e.text.find("no records"), std::string::npos) << e.text;
    // invalid hex, value wider than the size, unknown kind: file:line:column
    ToolRun h = run(good + " " + put("hex.txt", "0 clk E 000080ac 00000001 CoreEvent_RESET\n0 clk R r13_main 2000g000\n"));
    EXPECT_EQ(h.status, 2);
    EXPECT_NE(h.text.find("hex.txt:2:22: invalid hex digit in register value"), std::string::npos) << h.text;
    // overlong line
    ToolRun l = run("--check " + put("long.txt", "1 clk R r0 00000000\n" + std::string(2 << 20, 'x') + "\n"));
    EXPECT_EQ(l.status, 2);
    EXPECT_NE(l.text.find("long.txt:2: line longer than the limit"), std::string::npos) << l.text;
    // missing file
    ToolRun m = run(good + " /nonexistent/trace.gz");
    EXPECT_EQ(m.status, 2);
    EXPECT_NE(m.text.find("/nonexistent/trace.gz: cannot open"), std::string::npos) << m.text;
}

TEST(TarmacDiff, UsageErrors)
{
    EXPECT_EQ(run("").status, 2);
    EXPECT_EQ(run("--bogus a b").status, 2);
    EXPECT_EQ(run("--context").status, 2);
    EXPECT_EQ(run("--context x a b").status, 2);
    EXPECT_EQ(run("a b c").status, 2);
    EXPECT_EQ(run("- -").status, 2);
    ToolRun h = run("--help");
    EXPECT_EQ(h.status, 0);
    EXPECT_NE(h.text.find("usage: tarmac-diff"), std::string::npos);
}

TEST(TarmacDiff, StdinAsOneSide)
{
    std::string a = put("a.txt", kFastModels), g = put_gz("b.gz", kFastModels);
    ToolRun r = run("- " + a + " < " + g);
    EXPECT_EQ(r.status, 0) << r.text;
}

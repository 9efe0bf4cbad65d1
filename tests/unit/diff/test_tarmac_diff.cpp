// tarmac-diff as a user runs it: exit codes, the reported lines and fields, options, bad input.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "dialect_runs.h"
#include "diff_util.h"

namespace {

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
    "357ns R r1 00000017\n"
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
    b.replace(b.find("R r1 00000017"), 13, "R r1 00000018");
    ToolRun r = run("--context 2 " + put("fm.txt", kFastModels) + " " + put("bad.txt", b));
    EXPECT_EQ(r.status, 1) << r.text;
    EXPECT_NE(r.text.find("difference 1 at record 6"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("fm.txt:6: 2 clk R r1 00000017"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("bad.txt:6: 357ns R r1 00000018"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("bad.txt:5: 356ns IT"), std::string::npos) << "context line missing\n" << r.text;
    EXPECT_NE(r.text.find("bad.txt:4:"), std::string::npos) << r.text;
    EXPECT_EQ(r.text.find("bad.txt:3:"), std::string::npos) << "only 2 lines of context\n" << r.text;
    EXPECT_NE(r.text.find("differs: value: 00000017 vs 00000018"), std::string::npos) << r.text;
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

namespace {

// A short run in the ES dialect: an exception line that is not an instruction, a skipped one, byte groups.
const char *kEs =
    "Tarmac Text Rev 3t\n"
    "        0 tic ES  EXC [0x01] Reset\n"
    "                  BR (00000100) T\n"
    "       10 tic ES  (00000100:2305) T thrd_s:      MOVS     r3,#5\n"
    "                  R R3 00000005\n"
    "       20 tic ES  (00000102:d0fe) T thrd_s: CCFAIL BEQ {pc}\n"
    "       30 tic ES  (00000104:9300) T thrd_s:      STR      r3,[sp,#0]\n"
    "                  ST 20000ff0 ........ ........ ........ 00000005    S:0020000ff0    NM NSH\n";

}  // namespace

TEST(TarmacDiff, CheckSeveralFilesGivesAVerdictPerFileAndATotal)
{
    std::string good = put("good.txt", kFastModels), es = put("es.txt", kEs);
    std::string bad = put("bad.txt", std::string(kFastModels) + "5 clk QQ 1\n");
    ToolRun r = run("--check " + good + " " + es + " " + bad);
    EXPECT_EQ(r.status, 2) << r.text;
    EXPECT_NE(r.text.find("good.txt: 9 lines, 9 records, 0 bad lines, 3 instructions: ok"), std::string::npos) << r.text;
    // the ES exception line is an event, not an instruction
    EXPECT_NE(r.text.find("es.txt: 8 lines, 8 records, 0 bad lines, 3 instructions: ok"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("bad.txt:10:7: unknown record kind 'QQ'"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("bad.txt: 10 lines, 9 records, 1 bad lines, 3 instructions: FAIL"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("3 files checked, 1 failed, 27 lines, 9 instructions"), std::string::npos) << r.text;
    ToolRun ok = run("--check " + good + " " + es);
    EXPECT_EQ(ok.status, 0) << ok.text;
    EXPECT_NE(ok.text.find("2 files checked, 0 failed"), std::string::npos) << ok.text;
    ToolRun missing = run("--check " + good + " /nonexistent/x.tarmac");
    EXPECT_EQ(missing.status, 2) << missing.text;
    EXPECT_NE(missing.text.find("/nonexistent/x.tarmac: cannot be read: FAIL"), std::string::npos) << missing.text;
}

TEST(TarmacDiff, LenientThatParsedNoInstructionIsAFailure)
{
    std::string junk = put("junk.txt", "this is\nnot a trace\n0 clk R r0 00000001\n");
    ToolRun s = run("--lenient --stats " + junk);
    EXPECT_EQ(s.status, 2) << s.text;
    EXPECT_NE(s.text.find("junk.txt: no instruction parsed (2 of 3 lines skipped by --lenient)"), std::string::npos)
        << s.text;
    ToolRun c = run("--lenient " + junk + " " + put("fm.txt", kFastModels));
    EXPECT_EQ(c.status, 2) << c.text;
    EXPECT_NE(c.text.find("no instruction parsed"), std::string::npos) << c.text;
    // with instructions, skipped lines are tolerated
    ToolRun fine = run("--lenient --stats " + put("mixed.txt", std::string(kFastModels) + "garbage here\n"));
    EXPECT_EQ(fine.status, 0) << fine.text;
}

TEST(TarmacDiffSteps, SameRunInFastModelsAndEsDialectsMatches)
{
    std::string fm = put("fm32.txt", kFmA32), es = put_gz("es32.gz", kEsA32);
    ToolRun r = run(fm + " " + es);
    EXPECT_EQ(r.status, 0) << r.text;
    EXPECT_NE(r.text.find("0 differences: traces match (6 steps"), std::string::npos) << r.text;
    EXPECT_EQ(run(es + " " + fm).status, 0);
}

TEST(TarmacDiffSteps, ChangedValueInEitherDialectIsFoundAtItsLine)
{
    std::string fm = put("fm32.txt", kFmA32);
    // a byte of the push in the ES group (line 7 of the ES trace)
    std::string es = kEsA32;
    es.replace(es.find("00000033 00000022"), 8, "00000034");
    ToolRun r = run(fm + " " + put("es_st.txt", es));
    EXPECT_EQ(r.status, 1) << r.text;
    EXPECT_NE(r.text.find("es_st.txt:7:"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("fm32.txt:11: 2 clk MW4 0007fff8"), std::string::npos) << r.text;
    EXPECT_NE(r.text.find("memory byte: write 0007fff8 = 33 vs write 0007fff8 = 34"), std::string::npos) << r.text;
    // a banked register named differently by the two producers
    std::string f2 = kFmA32;
    f2.replace(f2.find("R r14_svc 00008014"), 18, "R r14_svc 00008018");
    ToolRun g = run(put("fm_lr.txt", f2) + " " + put("es.txt", kEsA32));
    EXPECT_EQ(g.status, 1) << g.text;
    EXPECT_NE(g.text.find("fm_lr.txt:19: 5 clk R r14_svc 00008018"), std::string::npos) << g.text;
    EXPECT_NE(g.text.find("es.txt:16:"), std::string::npos) << g.text;
    EXPECT_NE(g.text.find("value: 00008018 vs 00008014"), std::string::npos) << g.text;
    // a register one side does not write
    std::string e3 = kEsA32;
    e3.erase(e3.find("                    R R1 00000011\n"), 35);
    ToolRun m = run(put("fm.txt", kFmA32) + " " + put("es_nor1.txt", e3));
    EXPECT_EQ(m.status, 1) << m.text;
    EXPECT_NE(m.text.find("register r1: written only in A"), std::string::npos) << m.text;
    EXPECT_NE(m.text.find("fm.txt:16: 3 clk R r1 00000011"), std::string::npos) << m.text;
    // the condition failed on one side only, and the other side's branch was taken (ES: its BR line)
    std::string e4 = kEsA32;
    e4.replace(e4.find("CCFAIL BEQ"), 6, "      ");
    e4.insert(e4.find("          0 tic ES  (00008010"), "                    BR (00008018) A\n");
    ToolRun c = run(put("fm.txt", kFmA32) + " " + put("es_cc.txt", e4));
    EXPECT_EQ(c.status, 1) << c.text;
    EXPECT_NE(c.text.find("status: IS vs IT"), std::string::npos) << c.text;
    EXPECT_NE(c.text.find("es_cc.txt:14:                     BR (00008018) A"), std::string::npos) << c.text;
}

TEST(TarmacDiffSteps, FvpPairedStackPointerAndStatusLinesAreOneWrite)
{
    // FVP M-profile: status lines, an exception-phase line, every SP write as r13_main and MSP
    const char *fvp =
        "0 clk E DebugEvent_HaltingDebugState 00000000\n"
        "0 clk SIGNAL: SIGNAL=poreset STATE=N\n"
        "0 clk E 00000200 00000001 CoreEvent_RESET\n"
        "0 clk R r13_main 20002000\n"
        "0 clk R MSP 20002000\n"
        "1 clk IT (1) 00000200 b082 T thread : SUB      sp,sp,#8\n"
        "1 clk R r13_main 20001ff8\n"
        "1 clk R MSP 20001ff8\n"
        "2 clk IT (2) 00000202 df01 T thread : SVC      #0x1\n"
        "2 clk E 00000000 handler 00000019 CoreEvent_ModeChange\n"
        "2 clk MW4 20001ff4 01000000\n"
        "2 clk INFO_EXCEPTION_REASON: PHASE=ACTIVATE REASONS=UNSPECIFIED PC=0x00000204 VECTOR=SVCALL FaultCause=NONE\n"
        "2 clk E 00000204 0000000b CoreEvent_SVCALL\n"
        "2 clk R r14 fffffff9\n"
        "2 clk R r13_main 20001ff4\n"
        "2 clk R cpsr 0100000b\n"
        "2 clk R MSP 20001ff4\n";
    // the same run as the model writes it: one line per SP write, no status lines
    const char *model =
        "0 clk E 00000200 00000001 CoreEvent_RESET\n"
        "0 clk R r13_main 20002000\n"
        "0 clk R MSP 20002000\n"
        "1 clk IT (1) 00000200 b082 T thread : sub sp, #8\n"
        "1 clk R r13_main 20001ff8\n"
        "2 clk IT (2) 00000202 df01 T thread : svc 1\n"
        "2 clk E 00000000 handler 00000019 CoreEvent_ModeChange\n"
        "2 clk MW4 20001ff4 01000000\n"
        "2 clk E 00000204 0000000b CoreEvent_SVCALL\n"
        "2 clk R r14 fffffff9\n"
        "2 clk R r13_main 20001ff4\n"
        "2 clk R cpsr 0100000b\n";
    std::string a = put("fvp.txt", fvp), b = put("model.txt", model);
    ToolRun r = run(a + " " + b);
    EXPECT_EQ(r.status, 0) << r.text;
    // the two names of one write disagreeing is a difference, at the MSP line
    std::string bad = fvp;
    bad.replace(bad.find("R MSP 20001ff8"), 14, "R MSP 20001ff0");
    ToolRun d = run(put("fvp_bad.txt", bad) + " " + b);
    EXPECT_EQ(d.status, 1) << d.text;
    EXPECT_NE(d.text.find("fvp_bad.txt:8: 1 clk R MSP 20001ff0"), std::string::npos) << d.text;
    // a different exception number
    std::string exc = model;
    exc.replace(exc.find("0000000b CoreEvent_SVCALL"), 25, "0000000e CoreEvent_PENDSV");
    ToolRun x = run(a + " " + put("model_exc.txt", exc));
    EXPECT_EQ(x.status, 1) << x.text;
    EXPECT_NE(x.text.find("exception number: 11 vs 14"), std::string::npos) << x.text;
}

TEST(TarmacDiffSteps, CpuComparedOnlyWhenBothTracesWriteOne)
{
    std::string none = put("nocpu.txt", "1 clk IT (1) 00000100 2001 T thread : MOVS r0,#1\n1 clk R r0 00000001\n");
    std::string cpu0 = put("cpu0.txt", "1 clk cpu0 IT (1) 00000100 2001 T thread : MOVS r0,#1\n1 clk cpu0 R r0 00000001\n");
    std::string cpu1 = put("cpu1.txt", "1 clk cpu1 IT (1) 00000100 2001 T thread : MOVS r0,#1\n1 clk cpu1 R r0 00000001\n");
    EXPECT_EQ(run(none + " " + cpu0).status, 0);
    ToolRun d = run(cpu0 + " " + cpu1);
    EXPECT_EQ(d.status, 1) << d.text;
    EXPECT_NE(d.text.find("cpu: 0 vs 1"), std::string::npos) << d.text;
    EXPECT_EQ(run("--ignore time,cpu " + cpu0 + " " + cpu1).status, 0);
}

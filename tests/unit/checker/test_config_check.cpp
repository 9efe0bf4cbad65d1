// The configuration check at open (dpi/README.md, "The configuration check"): the declared model= keys against
// the golden's record in its gzip header; a mismatch fails tc_open naming the golden, the key and both values; a
// golden without a record gives a note and no failure; unknown keys and bad values are option errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

extern "C" {
#include "tarmac/checker.h"
#include "tarmac/writer.h"
}

namespace {

const char kLines[] = "0 clk E 00000100 00000001 CoreEvent_RESET\n"
                      "0 clk R r13_main 20004000\n"
                      "0 clk R MSP 20004000\n"
                      "1 clk IT (1) 00000100 2016 T thread : movs r0, #22\n"
                      "1 clk R r0 00000016\n";

const char kRecord[] = "lr_reset=0xffffffff,cpuid=0x410cc601,mtb=1,mtb_base=0xf0000000,num_irq=32,systick=insn,"
                       "tail_chain=0,late_arrival=0";

// A golden of kLines: gzip with the comment (nullptr: none), or plain text.
std::string golden(const std::string &name, int gzip, const char *comment)
{
    (void)!system(("mkdir -p " + std::string(TM_BUILD_DIR) + "/tmp").c_str());
    std::string p = std::string(TM_BUILD_DIR) + "/tmp/cfgchk_" + std::to_string(getpid()) + "_" + name;
    tm_out_options oo{ gzip, 0, 0, comment, nullptr };
    tm_error e;
    tm_out *o = tm_out_open(p.c_str(), &oo, &e);
    EXPECT_NE(o, nullptr) << e.msg;
    if (!o) return p;
    tm_out_write(o, kLines, sizeof kLines - 1, &e);
    EXPECT_EQ(tm_out_close(o, &e), TM_OK) << e.msg;
    return p;
}

struct Open {
    tc_checker *c = nullptr;
    tm_error err{};
    std::string text;  // the formatted error when open failed
    Open(const std::string &path, const std::string &options)
    {
        c = tc_open(path.c_str(), options.c_str(), &err);
        char buf[600];
        if (!c) text = tm_error_format(&err, buf, sizeof buf);
    }
    ~Open() { tc_close(c); }
};

}  // namespace

TEST(ConfigCheck, DeclaredValuesThatMatchTheRecordPass)
{
    std::string g = golden("match.gz", 1, kRecord);
    // every key, values in other bases and cases than the record's
    Open all(g, "model=lr_reset:4294967295;cpuid:0x410CC601;mtb:1;mtb_base:0xF0000000;num_irq:32;systick:insn;"
                "tail_chain:0;late_arrival:0");
    ASSERT_NE(all.c, nullptr) << all.text;
    EXPECT_EQ(std::string(tc_report(all.c)), "") << "no note when the record was checked";
    // a few keys, in the options string and one more given by key (a plusarg): they add up
    const char *keys[] = { "model" }, *values[] = { "lr_reset:0xffffffff" };
    tm_error e{};
    struct Closer {
        tc_checker *c;
        ~Closer() { tc_close(c); }
    } some{ tc_open_with(g.c_str(), "model=num_irq:32,context=4", keys, values, 1, 0, &e) };
    ASSERT_NE(some.c, nullptr) << e.msg;
    // the check does not disturb the run: the golden is compared as usual
    EXPECT_EQ(tc_reg_write(some.c, TM_REG_R0, 0x16), TC_OK);
    EXPECT_EQ(tc_retire(some.c, 0x100, 0x2016, 0, 1), TC_OK);
    EXPECT_EQ(tc_finish(some.c), TC_OK) << tc_report(some.c);
    // nothing declared: nothing checked, whatever the record says
    Open none(golden("other.gz", 1, "lr_reset=0x0"), "");
    EXPECT_NE(none.c, nullptr) << none.text;
    unlink(g.c_str());
}

TEST(ConfigCheck, EachKindOfMismatchFailsAtOpenNamingKeyValuesAndGolden)
{
    std::string g = golden("mismatch.gz", 1, kRecord);
    struct {
        const char *declared, *expect;
    } cases[] = {
        { "lr_reset:0x12345678", "lr_reset declared 0x12345678, golden 0xffffffff" },
        { "cpuid:0x410cc200", "cpuid declared 0x410cc200, golden 0x410cc601" },
        { "mtb:0", "mtb declared 0, golden 1" },
        { "mtb_base:0x40000000", "mtb_base declared 0x40000000, golden 0xf0000000" },
        { "num_irq:8", "num_irq declared 8, golden 32" },
        { "systick:cycles", "systick declared cycles, golden insn" },
        { "tail_chain:1", "tail_chain declared 1, golden 0" },
        { "late_arrival:1", "late_arrival declared 1, golden 0" },
    };
    for (const auto &t : cases) {
        Open o(g, std::string("model=") + t.declared);
        EXPECT_EQ(o.c, nullptr) << t.declared;
        EXPECT_EQ(o.err.status, TM_ERR_ARG);
        EXPECT_EQ(o.text.find(g + ": the core's declared configuration differs from the golden's:"), 0u) << o.text;
        EXPECT_NE(o.text.find(t.expect), std::string::npos) << o.text;
    }
    // several keys differ: each is named; the ones that match are not
    Open two(g, "model=lr_reset:0;num_irq:32;mtb:0");
    ASSERT_EQ(two.c, nullptr);
    EXPECT_NE(two.text.find("lr_reset declared 0x00000000, golden 0xffffffff; mtb declared 0, golden 1"),
              std::string::npos)
        << two.text;
    EXPECT_EQ(two.text.find("num_irq"), std::string::npos) << two.text;
    unlink(g.c_str());
}

TEST(ConfigCheck, ARecordWithoutTheKeyOrWithAnUnreadableValueFails)
{
    std::string g = golden("partial.gz", 1, "lr_reset=0xffffffff,num_irq=lots");
    Open missing(g, "model=cpuid:0x410cc601");
    ASSERT_EQ(missing.c, nullptr);
    EXPECT_NE(missing.text.find("cpuid declared 0x410cc601, golden (not recorded)"), std::string::npos) << missing.text;
    Open bad(g, "model=num_irq:32");
    ASSERT_EQ(bad.c, nullptr);
    EXPECT_NE(bad.text.find("num_irq declared 32, golden 'lots' (unreadable)"), std::string::npos) << bad.text;
    Open fine(g, "model=lr_reset:0xffffffff");
    EXPECT_NE(fine.c, nullptr) << fine.text;
    unlink(g.c_str());
}

TEST(ConfigCheck, AGoldenOfAnotherArchitectureIsRefused)
{
    // a record without arch= is an ARMv6-M golden (the key is left out at its default)
    std::string v6 = golden("v6.gz", 1, kRecord);
    Open v6_on_v6(v6, "model=arch:v6-m");
    EXPECT_NE(v6_on_v6.c, nullptr) << v6_on_v6.text;
    Open v6_on_v7(v6, "model=arch:v7-m");
    ASSERT_EQ(v6_on_v7.c, nullptr);
    EXPECT_NE(v6_on_v7.text.find("arch declared v7-m, golden v6-m"), std::string::npos) << v6_on_v7.text;
    // an ARMv7-M golden: refused by a testbench that declares nothing (an ARMv6-M core) or another architecture
    std::string v7 = golden("v7.gz", 1, (std::string(kRecord) + ",arch=v7-m").c_str());
    Open none(v7, "");
    ASSERT_EQ(none.c, nullptr);
    EXPECT_NE(none.text.find(v7 + ": the core's declared configuration differs from the golden's: arch declared "
                                  "v6-m, golden v7-m"),
              std::string::npos)
        << none.text;
    Open v7e(v7, "model=arch:v7e-m;num_irq:32");
    ASSERT_EQ(v7e.c, nullptr);
    EXPECT_NE(v7e.text.find("arch declared v7e-m, golden v7-m"), std::string::npos) << v7e.text;
    EXPECT_EQ(v7e.text.find("num_irq"), std::string::npos) << v7e.text;
    Open same(v7, "model=arch:v7-m");
    EXPECT_NE(same.c, nullptr) << same.text;
    unlink(v6.c_str());
    unlink(v7.c_str());
}

TEST(ConfigCheck, NoRecordGivesOneNoteAndNoFailure)
{
    struct {
        std::string path;
        const char *why;
    } cases[] = {
        { golden("plain.tarmac", 0, nullptr), "(plain text)" },
        { golden("bare.gz", 1, nullptr), "(no gzip comment, as in FVP traces)" },
        { golden("foreign.gz", 1, "made by some other tool"), "(its gzip comment is not key=value,...)" },
    };
    for (const auto &t : cases) {
        Open o(t.path, "model=lr_reset:0x12345678;num_irq:8");
        ASSERT_NE(o.c, nullptr) << o.text;
        std::string note = "note: golden " + t.path + " records no model configuration " + t.why +
                           ": the declared configuration (model=lr_reset:0x12345678;num_irq:8) is not checked\n";
        EXPECT_EQ(std::string(tc_report(o.c)), note);
        EXPECT_EQ(tc_reg_write(o.c, TM_REG_R0, 0x16), TC_OK);
        EXPECT_EQ(tc_retire(o.c, 0x100, 0x2016, 0, 1), TC_OK);
        EXPECT_EQ(tc_finish(o.c), TC_OK) << tc_report(o.c);
        std::string report = tc_report(o.c);
        EXPECT_EQ(report.find("note:"), report.rfind("note:")) << "said once: " << report;
        unlink(t.path.c_str());
    }
}

TEST(ConfigCheck, UnknownKeysAndBadValuesAreOptionErrors)
{
    std::string g = golden("opts.gz", 1, kRecord);
    struct {
        const char *options, *expect;
    } cases[] = {
        { "model=lr:0", "option model: unknown configuration key 'lr' (keys: lr_reset, cpuid," },
        { "model=num_irq:33", "option model: configuration num_irq: '33' is not a number of interrupts (1-32)" },
        { "model=mtb_base:0xf0000004", "option model: configuration mtb_base: '0xf0000004' is not a 4 KiB aligned" },
        { "model=systick:clock", "option model: configuration systick: 'clock' is not insn or cycles" },
        { "model=lr_reset=0", "option model: 'lr_reset=0' is not key:value" },
    };
    std::string long_value = "model=lr_reset:" + std::string(300, '0') + "x";  // never cut into a valid value
    for (const auto &t : cases) {
        Open o(g, t.options);
        EXPECT_EQ(o.c, nullptr) << t.options;
        EXPECT_EQ(o.err.status, TM_ERR_ARG);
        EXPECT_NE(o.text.find(t.expect), std::string::npos) << o.text;
    }
    Open cut(g, long_value);
    EXPECT_EQ(cut.c, nullptr);
    EXPECT_NE(cut.text.find("option model: 'lr_reset:000"), std::string::npos) << cut.text;
    EXPECT_NE(cut.text.find("is too long for key:value"), std::string::npos) << cut.text;
    unlink(g.c_str());
}

TEST(ConfigCheck, TheModelsOwnGoldenRecordsWhatItWasRunWith)
{
    std::string b = TM_BUILD_DIR;
    std::string gz = b + "/tmp/cfgchk_" + std::to_string(getpid()) + "_model.tarmac.gz";
    ASSERT_EQ(system((b + "/bin/armv6m-iss --quiet --config num_irq=8,lr_reset=0x12345678 --tarmac " + gz + " " + b +
                      "/programs/hello.elf > /dev/null")
                         .c_str()),
              0);
    Open same(gz, "model=num_irq:8;lr_reset:0x12345678;cpuid:0x410cc601");
    EXPECT_NE(same.c, nullptr) << same.text;
    Open dflt(gz, "model=lr_reset:0xffffffff");
    ASSERT_EQ(dflt.c, nullptr);
    EXPECT_NE(dflt.text.find("lr_reset declared 0xffffffff, golden 0x12345678"), std::string::npos) << dflt.text;
    unlink(gz.c_str());
}

// The checker reads its golden through the strict parser with the ARMv6-M profile: a register of another
// profile, or a value wider or narrower than its register, fails the check with the golden's file:line:column,
// where before it was dropped or cut to 32 bits and the run passed.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

extern "C" {
#include "tarmac/checker.h"
}

namespace {

std::string golden_file(const std::string &name, const std::string &text)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    std::string p = dir + "/profile_" + name;
    FILE *f = fopen(p.c_str(), "w");
    fputs(text.c_str(), f);
    fclose(f);
    return p;
}

// A perfect core's calls for the golden below (MOVS r0,#0x16 then MOVS r1,#0x17), then the verdict and report.
struct Verdict {
    int rc;
    std::string report;
};

Verdict check(const std::string &path, const std::string &options = "")
{
    tm_error e{};
    tc_checker *c = tc_open(path.c_str(), options.c_str(), &e);
    if (!c) return { TC_FAILED, e.msg };
    int rc = tc_reg_write(c, 0, 0x16);
    if (rc == TC_OK) rc = tc_retire(c, 0x80ac, 0x2016, 0, 1);
    if (rc == TC_OK) rc = tc_reg_write(c, 1, 0x17);
    if (rc == TC_OK) rc = tc_retire(c, 0x80ae, 0x2117, 0, 1);
    if (rc == TC_OK) rc = tc_finish(c);
    Verdict v{ rc, tc_report(c) };
    tc_close(c);
    return v;
}

const char *kHead = "0 clk E 000080ac 00000001 CoreEvent_RESET\n"
                    "0 clk R r13_main 20004000\n"
                    "1 clk IT (1) 000080ac 2016 T thread : MOVS r0,#0x16\n"
                    "1 clk R r0 00000016\n"
                    "2 clk IT (2) 000080ae 2117 T thread : MOVS r1,#0x17\n";

}  // namespace

TEST(GoldenProfile, ThePerfectCallsPassTheGoodGolden)
{
    Verdict v = check(golden_file("good.tarmac", std::string(kHead) + "2 clk R r1 00000017\n"));
    EXPECT_EQ(v.rc, TC_OK) << v.report;
}

TEST(GoldenProfile, ARegisterOfAnotherProfileFailsAtItsLineAndColumn)
{
    for (const char *line : { "2 clk R X1 0000000000000017\n", "2 clk R BASEPRI 00000017\n",
                              "2 clk R MSP_S 00000017\n", "2 clk R s1 00000017\n" }) {
        std::string path = golden_file("other.tarmac", std::string(kHead) + "2 clk R r1 00000017\n" + line);
        Verdict v = check(path);
        EXPECT_EQ(v.rc, TC_FAILED) << line << v.report;
        EXPECT_NE(v.report.find(path + ":7:9: '"), std::string::npos) << line << v.report;
        EXPECT_NE(v.report.find("is not a register of ARMv6-M"), std::string::npos) << line << v.report;
    }
}

TEST(GoldenProfile, AValueNotOfItsRegistersWidthFailsInsteadOfBeingCut)
{
    // 9 digits were cut to 32 bits (and 0x17 compared equal); fewer digits were padded
    for (const char *line : { "2 clk R r1 100000017\n", "2 clk R r1 17\n", "2 clk R r1 -0000017\n",
                              "2 clk R r1 00000017 junk\n", "2 clk R r99 00000017\n" }) {
        std::string path = golden_file("width.tarmac", std::string(kHead) + line);
        Verdict v = check(path);
        EXPECT_EQ(v.rc, TC_FAILED) << line << v.report;
        EXPECT_NE(v.report.find(path + ":6:"), std::string::npos) << line << v.report;
    }
}

namespace {

std::string slurp(const std::string &path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

// A register no Arm profile models (an RTL tracer's bank, an FVP's dotted field, another architecture's name) is
// read, not compared, and counted in the ledger by its name as written; so are the registers the comparison does
// not model and the PC.
TEST(GoldenProfile, ForeignRegistersAreCountedByNameInTheLedger)
{
    std::string path = golden_file("foreign.tarmac", std::string(kHead) + "2 clk R r1 00000017\n"
                                                                          "2 clk R r13_mn 20003ff8\n"
                                                                          "2 clk R LO_BRANCH_INFO.VALID 00000001\n"
                                                                          "2 clk R LO_BRANCH_INFO.VALID 00000000\n"
                                                                          "2 clk R ICSR 00000000\n");
    std::string ledger = std::string(TM_BUILD_DIR) + "/tmp/profile_foreign.json";
    std::remove(ledger.c_str());
    Verdict v = check(path, "ledger=" + ledger);
    EXPECT_EQ(v.rc, TC_OK) << v.report;
    std::string l = slurp(ledger);
    EXPECT_NE(l.find("\"registers_by_name\": { \"r13_mn\": 1, \"LO_BRANCH_INFO.VALID\": 2, \"ICSR\": 1 }"),
              std::string::npos) << l;
}

// profile=m declares an ARMv7-M/ARMv8-M golden: its registers are read and counted, an A-profile one is still an
// error; profiles the checker cannot compare are refused at open.
TEST(GoldenProfile, TheDeclaredProfileDecidesWhatIsAnError)
{
    std::string path = golden_file("m.tarmac", std::string(kHead) + "2 clk R r1 00000017\n2 clk R BASEPRI 00000020\n");
    EXPECT_EQ(check(path).rc, TC_FAILED);  // armv6m by default
    std::string ledger = std::string(TM_BUILD_DIR) + "/tmp/profile_m.json";
    std::remove(ledger.c_str());
    Verdict v = check(path, "profile=m,ledger=" + ledger);
    EXPECT_EQ(v.rc, TC_OK) << v.report;
    EXPECT_NE(slurp(ledger).find("\"BASEPRI\": 1"), std::string::npos) << slurp(ledger);
    std::string a = golden_file("m_x1.tarmac", std::string(kHead) + "2 clk R r1 00000017\n2 clk R X1 0000000000000017\n");
    v = check(a, "profile=m");
    EXPECT_EQ(v.rc, TC_FAILED);
    EXPECT_NE(v.report.find(a + ":7:9: 'X1' is not a register of M-profile"), std::string::npos) << v.report;
    for (const char *bad : { "profile=aarch64", "profile=arm", "profile=mips" }) {
        tm_error e{};
        EXPECT_EQ(tc_open(path.c_str(), bad, &e), nullptr) << bad;
        EXPECT_NE(std::string(e.msg).find("is not armv6m or m"), std::string::npos) << e.msg;
    }
}

// Every shape real producers and the documented formats write is read for what it says (tests/unit/diff/data/
// producer_shapes.tarmac holds one line of each, written for this project): understood and checked, or, for a
// register no Arm profile models, read as foreign and compared by its name as written. Malformed shapes still fail
// with file:line:column, and --profile decides what may occur.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "diff_util.h"

extern "C" {
#include "tarmac/parse.h"
#include "tarmac/regs.h"
#include "tarmac/writer.h"
}

namespace {

const std::string kShapes = std::string(TM_SOURCE_DIR) + "/tests/unit/diff/data/producer_shapes.tarmac";

std::string S(tm_str s) { return s.n ? std::string(s.p, s.n) : std::string(); }

// One line parsed with a profile; the line is owned so that the record's slices stay valid.
struct Line {
    std::string text;
    tm_record rec{};
    tm_error err{};
    int rc;
    Line(const std::string &t, unsigned profile = 0) : text(t)
    {
        tm_parse_state st{};
        st.profile = (uint8_t)profile;
        rc = tm_parse_line_in(&st, text.data(), text.size(), &rec, &err);
    }
};

#define EXPECT_READ(l) ASSERT_EQ((l).rc, TM_OK) << (l).text << ": col " << (l).err.column << ": " << (l).err.msg

std::string shape(const std::string &prefix)
{
    std::ifstream in(kShapes);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(prefix, 0) == 0) return line;
    ADD_FAILURE() << "no line starting '" << prefix << "' in " << kShapes;
    return prefix;
}

}  // namespace

TEST(ProducerShapes, TheShapesFileIsCheckedCleanWithItsInstructionCount)
{
    ToolRun r = run("--check " + kShapes);
    EXPECT_EQ(r.status, 0) << r.text;
    EXPECT_NE(r.text.find("0 bad lines, 7 instructions: ok"), std::string::npos) << r.text;
    std::ifstream in(kShapes);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        Line l(line);
        EXPECT_READ(l);
        n++;
    }
    EXPECT_EQ(n, 30);
}

TEST(ProducerShapes, Qemu4vLowercaseRegistersOfAnotherArchitectureAreForeign)
{
    Line in(shape("7 clk 0 IT"));
    EXPECT_READ(in);
    EXPECT_EQ(in.rec.h.cpu, 0);
    EXPECT_EQ(S(in.rec.u.insn.mode), "usr");
    EXPECT_EQ(S(in.rec.u.insn.disasm), "addiu t1,zero,5");
    Line sec(shape("8 clk 0 IS"));
    EXPECT_READ(sec);
    EXPECT_EQ(S(sec.rec.u.insn.security), "ns");
    Line t1(shape("10 clk R t1"));
    EXPECT_READ(t1);
    EXPECT_TRUE(t1.rec.u.reg.foreign);
    EXPECT_EQ(S(t1.rec.u.reg.name), "t1");
    EXPECT_EQ(t1.rec.u.reg.value.v, 5u);
    Line r9(shape("11 clk R r9"));
    EXPECT_READ(r9);
    EXPECT_FALSE(r9.rec.u.reg.foreign);  // an Arm register name: read as Arm's under the default profile
    Line other(shape("11 clk R r9"), TM_PROFILE_OTHER);
    EXPECT_READ(other);
    EXPECT_TRUE(other.rec.u.reg.foreign);  // --profile other: no register is Arm's
    Line mem(shape("9 clk MW4X"));
    EXPECT_READ(mem);
    EXPECT_EQ(mem.rec.u.mem.attrib, 'X');
}

TEST(ProducerShapes, FastModelsBusLineWithA48BitPhysicalAddress)
{
    Line b(shape("22 clk cpu0 BW8D_PN"));
    EXPECT_READ(b);
    EXPECT_EQ(b.rec.kind, TM_REC_BUS);
    EXPECT_EQ(b.rec.u.bus.addr.va, 0x1600e010u);
    EXPECT_EQ(b.rec.u.bus.addr.va_digits, 12);
    EXPECT_EQ(b.rec.u.bus.size, 8);
    char buf[256];
    int n = tm_format(&b.rec, TM_DIALECT_FASTMODELS, buf, sizeof buf);
    ASSERT_GT(n, 0);
    Line again(std::string(buf, (size_t)n));
    EXPECT_READ(again);
    EXPECT_EQ(again.rec.u.bus.addr.va, 0x1600e010u);
}

TEST(ProducerShapes, CorstoneDottedSystemRegisterFieldsAreForeign)
{
    Line l(shape("30 clk R LO_BRANCH_INFO.JUMP_ADDR"));
    EXPECT_READ(l);
    EXPECT_TRUE(l.rec.u.reg.foreign);
    EXPECT_EQ(S(l.rec.u.reg.name), "LO_BRANCH_INFO.JUMP_ADDR");
    EXPECT_EQ(l.rec.u.reg.value.v, 0x214u);
    Line v6(shape("30 clk R LO_BRANCH_INFO.VALID"), TM_PROFILE_ARMV6M);  // not modelled by any profile: foreign
    EXPECT_READ(v6);
    EXPECT_TRUE(v6.rec.u.reg.foreign);
}

TEST(ProducerShapes, CortexMRtlBankedNamesAreForeign)
{
    Line l(shape("42 ns R r13_mn"), TM_PROFILE_ARMV6M);
    EXPECT_READ(l);
    EXPECT_TRUE(l.rec.u.reg.foreign);
    EXPECT_EQ(S(l.rec.u.reg.name), "r13_mn");
    Line known(shape("30 clk R r13_main"), TM_PROFILE_ARMV6M);
    EXPECT_READ(known);
    EXPECT_FALSE(known.rec.u.reg.foreign);
}

TEST(ProducerShapes, Gem5SixteenByteAccessAsOneToken)
{
    Line l(shape("50 clk cpu0 MW16"));
    EXPECT_READ(l);
    EXPECT_EQ(l.rec.u.mem.size, 16);
    EXPECT_EQ(l.rec.u.mem.data.digits, 32);
    EXPECT_EQ(l.rec.u.mem.data.v, 0x15u);  // the low 64 bits; the whole value is in the text
    EXPECT_EQ(S(l.rec.u.mem.data.text), "000000000000002a0000000000000015");
    // the same access written in groups compares equal with tarmac-diff
    std::string a = "1 clk IT (1) 00008000 a9bf07e0 O EL1h_n : STP x0,x1,[sp,#-16]!\n" + l.text + "\n";
    std::string b = "1 clk IT (1) 00008000 a9bf07e0 O EL1h_n : STP x0,x1,[sp,#-16]!\n"
                    "50 clk cpu0 MW16 20001000 00000000_0000002a_00000000_00000015\n";
    ToolRun r = run(put("gem5.txt", a) + " " + put("grouped.txt", b));
    EXPECT_EQ(r.status, 0) << r.text;
}

TEST(ProducerShapes, MorelloCapabilityPc)
{
    Line l(shape("60 clk cpu0 IT"));
    EXPECT_READ(l);
    EXPECT_TRUE(l.rec.u.insn.has_cap);
    EXPECT_EQ(l.rec.u.insn.cap_meta, 0xb05dc00022e70004ull);
    EXPECT_EQ(l.rec.u.insn.addr.va, 0x11118cu);
    EXPECT_EQ(l.rec.u.insn.addr.pa, 0xfcd2918cu);
    char buf[256];
    int n = tm_format(&l.rec, TM_DIALECT_FASTMODELS, buf, sizeof buf);
    ASSERT_GT(n, 0);
    EXPECT_EQ(std::string(buf, (size_t)n), l.text);
}

// A malformed variant of each shape: refused with file:line:column by tarmac-diff --check.
TEST(ProducerShapes, MalformedShapesFailWithFileLineColumn)
{
    struct Case {
        const char *line, *where, *what;
    } cases[] = {
        { "10 clk R t1+ 00000005", ":2:10:", "unknown register 't1+'" },
        { "10 clk R 9t 00000005", ":2:10:", "unknown register '9t'" },
        { "30 clk R LO_BRANCH_INFO..VALID 00000001", ":2:10:", "unknown register" },
        { "10 clk R t1 0000000g", ":2:20:", "invalid hex digit" },
        { "10 clk R t1 0000-005", ":2:17:", "a lone" },
        { "22 clk cpu0 BW8D_PN I__C_S O__C_S 0 1600e01 2a00000000000000", ":2:37:", "8 to 16 hex digits in the bus "
                                                                                     "address, found 7" },
        { "50 clk cpu0 MW16 20001000 0000000000002a0000000000000015", ":2:27:", "data narrower" },
        { "60 clk cpu0 IT (60) (1|b05dc00022e70004|0011118c:0000fcd2918c_NS 910003fd O EL0t_n : MOV x29,sp",
          ":2:21:", "unterminated '(' in the capability address" },
        { "30 clk R r99 00000000", ":2:10:", "no Arm profile has it" },
        { "42 ns R sp_el4 0000000000000000", ":2:9:", "unknown register" },
    };
    for (const Case &c : cases) {
        std::string p = put("bad.txt", "0 clk E 00000000 00000001 CoreEvent_RESET\n" + std::string(c.line) + "\n");
        ToolRun r = run("--check " + p);
        EXPECT_EQ(r.status, 2) << c.line << "\n" << r.text;
        EXPECT_NE(r.text.find(p + c.where), std::string::npos) << c.line << "\n" << r.text;
        EXPECT_NE(r.text.find(c.what), std::string::npos) << c.line << "\n" << r.text;
    }
}

TEST(ProducerShapes, TheDeclaredProfileDecidesWhatIsAnError)
{
    std::string x0 = put("x0.txt", "1 clk R X0 0000000000000001\n");
    EXPECT_EQ(run("--check " + x0).status, 0);
    ToolRun v6 = run("--check --profile armv6m " + x0);
    EXPECT_EQ(v6.status, 2);
    EXPECT_NE(v6.text.find(x0 + ":1:9: 'X0' is not a register of ARMv6-M"), std::string::npos) << v6.text;
    std::string r99 = put("r99.txt", "1 clk R r99 00000001\n");
    EXPECT_EQ(run("--check " + r99).status, 2);
    EXPECT_EQ(run("--check --profile other " + r99).status, 0);  // another architecture's r99
    ToolRun bad = run("--check --profile mips " + r99);
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.text.find("--profile needs one of arm, armv6m, m, aarch32, aarch64, other"), std::string::npos);
    // a width the profile knows is checked; a foreign register has none
    std::string wide = put("wide.txt", "1 clk R r1 0000000000000001\n1 clk R t1 0000000000000001\n");
    ToolRun w = run("--check " + wide);
    EXPECT_EQ(w.status, 2);
    EXPECT_NE(w.text.find(wide + ":1:12: r1: expected 8 hex digits, found 16"), std::string::npos) << w.text;
    EXPECT_EQ(w.text.find(wide + ":2:"), std::string::npos) << w.text;
}

// tarmac-diff compares a foreign register by its name as written: its value, and another spelling is another
// register (T1, upper case, is read as a system register by its form).
TEST(ProducerShapes, ForeignRegistersAreComparedByNameAsWritten)
{
    const std::string head = "7 clk 0 IT (7) 00400010 24090005 A usr : addiu t1,zero,5\n";
    std::string a = put("qa.txt", head + "7 clk R t1 00000005\n");
    EXPECT_EQ(run(a + " " + put("qsame.txt", head + "7 clk R t1 00000005\n")).status, 0);
    ToolRun v = run(a + " " + put("qvalue.txt", head + "7 clk R t1 00000006\n"));
    EXPECT_EQ(v.status, 1) << v.text;
    EXPECT_NE(v.text.find("differs: value: 00000005 vs 00000006"), std::string::npos) << v.text;
    ToolRun n = run(a + " " + put("qname.txt", head + "7 clk R T1 00000005\n"));
    EXPECT_EQ(n.status, 1) << n.text;
    EXPECT_NE(n.text.find("differs: register t1"), std::string::npos) << n.text;
    EXPECT_NE(n.text.find(": written only in "), std::string::npos) << n.text;
}

// Fast Models AArch32 writes its banked CP15 registers with _S / _NS: registers of AArch32 (and, for the ARMv8-M
// copies of core registers, of M), declared or not.
TEST(ProducerShapes, BankedSecureCopiesBelongToTheirProfiles)
{
    for (unsigned p : { 0u, (unsigned)TM_PROFILE_A32 }) {
        Line l("0 clk R DFSR_S 00000000", p);
        EXPECT_READ(l);
        EXPECT_FALSE(l.rec.u.reg.foreign);
    }
    Line m("0 clk R MSP_NS 20004000", TM_PROFILE_M);
    EXPECT_READ(m);
    Line v6("0 clk R DFSR_S 00000000", TM_PROFILE_ARMV6M);
    EXPECT_EQ(v6.rc, TM_ERR_PARSE);
    EXPECT_EQ(v6.err.column, 9u);
    EXPECT_NE(std::string(v6.err.msg).find("'DFSR_S' is not a register of ARMv6-M"), std::string::npos) << v6.err.msg;
    Line a64("0 clk R MSP_S 20004000", TM_PROFILE_A64);
    EXPECT_EQ(a64.rc, TM_ERR_PARSE);
}

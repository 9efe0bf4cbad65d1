// Lines that fit no shape give the column and what was expected; format() and parse() are inverses.
#include <cstring>
#include <vector>

#include "parse_util.h"

static void expect_error(const std::string &line, unsigned column, const char *msg_part)
{
    Parsed p(line);
    ASSERT_EQ(p.rc, TM_ERR_PARSE) << line;
    EXPECT_EQ(p.err.column, column) << line << ": " << p.err.msg;
    EXPECT_NE(std::strstr(p.err.msg, msg_part), nullptr) << line << ": got '" << p.err.msg << "'";
}

TEST(ParseErrors, UnknownRecordKind) { expect_error("1 clk cpu0 ZZ 1234", 12, "unknown record kind"); }
TEST(ParseErrors, MissingKind) { expect_error("1 clk", 6, "expected a record kind"); }
TEST(ParseErrors, InvalidHexAddress) { expect_error("1 clk IT (1) 0000g0ac 2016 T thread : MOVS", 18, "invalid hex digit"); }
TEST(ParseErrors, OpcodeTooWide) { expect_error("1 clk IT (1) 000080ac 123456789 T thread : X", 23, "opcode wider"); }
TEST(ParseErrors, ValueWiderThanSize) { expect_error("5 clk MW1 20000000 1ff", 20, "wider than the access size"); }
TEST(ParseErrors, BadSize) { expect_error("5 clk MW3 20000000 00", 9, "invalid access size in 'MW3'"); }
TEST(ParseErrors, MissingData) { expect_error("5 clk MR4 20000000", 19, "missing access data"); }
TEST(ParseErrors, RegisterWithoutValue) { expect_error("5 clk R r0", 11, "missing register value"); }
TEST(ParseErrors, RegisterBadValue) { expect_error("5 clk R r0 12x4", 14, "invalid hex digit"); }
TEST(ParseErrors, UnterminatedTag) { expect_error("1 clk IT (1 000080ac 2016", 10, "unterminated"); }
TEST(ParseErrors, MissingColonBeforeDisasm) { expect_error("1 clk IT (1) 000080ac 2016 T thread MOVS r0", 37, "expected ':'"); }
TEST(ParseErrors, BadTimestamp) { expect_error("1.2.3ns R r0 00000000", 1, "malformed timestamp"); }
TEST(ParseErrors, BadRtlFlags) { expect_error("100 ns BNR4Q__I 00000000 00000a44", 12, "expected 'O' or '_'"); }
TEST(ParseErrors, TrailingText) { expect_error("1 clk FD (1) 00000010 00000020 T extra", 34, "unexpected text"); }
TEST(ParseErrors, BadNsSuffix) { expect_error("1 clk MR4 00001000:00002000_XS 00000000", 28, "_NS"); }
TEST(ParseErrors, MalformedEvent) { expect_error("1 clk E 00001000", 9, "malformed event"); }

// Build records through the parser from lines written in each dialect's native form, format them back and
// check parse(format(r)) == r and, for native lines, that the text is reproduced exactly.
struct RoundTrip {
    tm_dialect dialect;
    const char *line;
};

static const RoundTrip kNative[] = {
    { TM_DIALECT_FASTMODELS, "1 clk IT (1) 000080ac 2016 T thread : MOVS     r0,#0x16" },
    { TM_DIALECT_FASTMODELS, "7 clk IS (7) 000080b8 d001 T thread : BEQ      {pc}+6 ; 0x80be" },
    { TM_DIALECT_FASTMODELS, "1939 clk cpu0 IT (1915) 0001129c:00001521129c d51bd061 O EL3h_s : MSR TPIDRRO_EL0,x1" },
    { TM_DIALECT_FASTMODELS, "12 clk cpu0 FD (12) 000080b8 000080be T" },
    { TM_DIALECT_FASTMODELS, "1 clk R cpsr 01000000" },
    { TM_DIALECT_FASTMODELS, "8463 clk cpu0 R z31 00000000_00000000_00000000_00000000_00000000_00000000_00000000_00000000" },
    { TM_DIALECT_FASTMODELS, "1939 clk cpu0 R TPIDRRO_EL0 00000000:00000000" },
    { TM_DIALECT_FASTMODELS, "0 clk E 000080ac 00000001 CoreEvent_RESET" },
    { TM_DIALECT_FASTMODELS, "0 clk E 00000000 handler 00000019 CoreEvent_ModeChange" },
    { TM_DIALECT_FASTMODELS, "3 clk E 00001000 irq 00000012 00000007 CoreEvent_IRQ" },
    { TM_DIALECT_FASTMODELS, "1953 clk cpu0 MW8 0620e000:00001600e000_NS 00000000_13000000" },
    { TM_DIALECT_FASTMODELS, "5 clk MR4X 20000000 deadbeef" },
    { TM_DIALECT_FASTMODELS, "20 clk cpu0 MU4_ADD 20000000 00000005" },
    { TM_DIALECT_FASTMODELS, "21 clk cpu0 BR4D_PS IWRCB_ O____S 3 00001000 efbeadde" },
    { TM_DIALECT_FASTMODELS, "1947 clk cpu0 CACHE cpu.cpu0.l1icache LINE 0096 ALLOC 0x0000152112c0" },
    { TM_DIALECT_FASTMODELS, "22 clk cpu0 CACHE MAINTENANCE DCACHE CLEAN MVA-PoC 00001000:000000001000 4K Normal" },
    { TM_DIALECT_FASTMODELS, "1951 clk cpu0 TTW ITLB LPAE 1:3 000016390010 00000000152204c3 : BLOCK ATTRIDX=0 NS=0" },
    { TM_DIALECT_FASTMODELS, "1951 clk cpu0 TLB FILL cpu.cpu0.ITLB 64K 0x00020000, nG asid=0:0x0015220000 Normal" },
    { TM_DIALECT_FASTMODELS, "23 clk cpu0 WALKCACHE EVICT cpu.cpu0.wc 4K 0x00020000" },
    { TM_DIALECT_QEMU4V, "1 clk 0 IT (1) 00000004 3c080001 A svc : lui t0,0x1" },
    { TM_DIALECT_QEMU4V, "10 clk MR8 00103fc4 0010400000000000" },
    { TM_DIALECT_CORTEXM, "315760 ns IT (000007e8:0000247c) 000007e8 2900 T16 CMP      r1,#0" },
    { TM_DIALECT_CORTEXM, "354ns IT 00000350 490d LDR      r1,[pc,#52]  ; [0x388]" },
    { TM_DIALECT_CORTEXM, "271ns R r13 20001fff (MSP)" },
    { TM_DIALECT_CORTEXM, "400ns MW4_D 20000ff8 12345678" },
    { TM_DIALECT_CORTEXM, "420ns MR4ED 60000000 00000000" },
    { TM_DIALECT_CORTEXM, "830 ns MNW1___D 00400000 74" },
    { TM_DIALECT_CORTEXM, "140 ns BNR4O__I 00000838 f0018800" },
    { TM_DIALECT_CORTEXM, "4000 ns E Reset" },
    { TM_DIALECT_CORTEXM, "500ns E INT_TAKEN 0000000b" },
    { TM_DIALECT_CORTEXM, "12 hclk E INT_ENTRY 3" },
};

TEST(RoundTrip, NativeLinesReproducedExactlyAndReparsedEqual)
{
    for (const RoundTrip &rt : kNative) {
        Parsed p(rt.line);
        ASSERT_EQ(p.rc, TM_OK) << rt.line << ": " << p.err.msg;
        char buf[1024];
        int n = tm_format(&p.rec, rt.dialect, buf, sizeof buf);
        ASSERT_GT(n, 0) << rt.line;
        EXPECT_EQ(std::string(buf, n), rt.line);
        Parsed q(std::string(buf, n));
        ASSERT_EQ(q.rc, TM_OK) << buf << ": " << q.err.msg;
        EXPECT_TRUE(tm_record_equal(&p.rec, &q.rec)) << rt.line << " vs " << buf;
    }
}

// Records as a producer (the golden model) builds them: no text kept, widths from digits.
TEST(RoundTrip, ProducerRecordsEveryKind)
{
    std::vector<tm_record> recs;
    tm_record r{};
    r.h.time = { "42", 2 };
    r.h.scale = { "clk", 3 };
    r.h.cpu = -1;

    r.kind = TM_REC_INSN;
    r.u.insn.status = TM_INSN_IT;
    r.u.insn.has_id = 1;
    r.u.insn.id = 42;
    r.u.insn.addr.va = 0x1f0;
    r.u.insn.addr.va_digits = 8;
    r.u.insn.opcode = 0xdf05;
    r.u.insn.opcode_digits = 4;
    r.u.insn.iset = { "T", 1 };
    r.u.insn.mode = { "handler", 7 };
    r.u.insn.disasm = { "svc #5", 6 };
    recs.push_back(r);

    r = tm_record{};
    r.h.time = { "42", 2 };
    r.h.scale = { "clk", 3 };
    r.h.cpu = -1;
    r.kind = TM_REC_REG;
    r.u.reg.name = { "r13_main", 8 };
    r.u.reg.value.v = 0x20003fe0;
    r.u.reg.value.digits = 8;
    recs.push_back(r);

    tm_record m = r;
    m.kind = TM_REC_MEM;
    m.u.mem = tm_mem{};
    m.u.mem.write = 1;
    m.u.mem.size = 2;
    m.u.mem.addr.va = 0x20000002;
    m.u.mem.addr.va_digits = 8;
    m.u.mem.data.v = 0xbeef;
    m.u.mem.data.digits = 4;
    recs.push_back(m);

    tm_record e = r;
    e.kind = TM_REC_EVENT;
    e.u.event = tm_event{};
    e.u.event.has_value = 1;
    e.u.event.value.va = 0x1f2;
    e.u.event.value.va_digits = 8;
    e.u.event.has_number = 1;
    e.u.event.number = 11;
    e.u.event.desc = { "CoreEvent_SVCALL", 16 };
    recs.push_back(e);

    tm_record w = r;  // a wide value produced from v/digits/sep: groups of 8 from the low end
    w.u.reg.name = { "d0", 2 };
    w.u.reg.value.v = 0x0123456789abcdefull;
    w.u.reg.value.digits = 16;
    w.u.reg.value.sep = '_';
    recs.push_back(w);

    for (const tm_record &rec : recs) {
        char buf[256];
        int n = tm_format(&rec, TM_DIALECT_FASTMODELS, buf, sizeof buf);
        ASSERT_GT(n, 0);
        Parsed q(std::string(buf, n));
        ASSERT_EQ(q.rc, TM_OK) << buf << ": " << q.err.msg;
        // The parser keeps the value text; a producer record has none: compare with the text cleared.
        tm_record a = rec, b = q.rec;
        EXPECT_TRUE(tm_record_equal(&a, &b)) << buf;
    }
    char buf[256];
    int n = tm_format(&recs[4], TM_DIALECT_FASTMODELS, buf, sizeof buf);
    EXPECT_EQ(std::string(buf, n), "42 clk R d0 01234567_89abcdef");
}

TEST(Format, DialectsOfOneInstruction)
{
    Parsed p("1 clk cpu0 IT (1) 000080ac 2016 T thread : MOVS r0,#0x16");
    ASSERT_EQ(p.rc, TM_OK);
    char buf[256];
    int n = tm_format(&p.rec, TM_DIALECT_CORTEXM, buf, sizeof buf);
    EXPECT_EQ(std::string(buf, n), "1 clk IT (1) 000080ac 2016 T16 MOVS r0,#0x16");
    n = tm_format(&p.rec, TM_DIALECT_QEMU4V, buf, sizeof buf);
    EXPECT_EQ(std::string(buf, n), "1 clk 0 IT (1) 000080ac 2016 T thread : MOVS r0,#0x16");
}

TEST(Format, TooSmallBufferFails)
{
    Parsed p("1 clk IT (1) 000080ac 2016 T thread : MOVS r0,#0x16");
    ASSERT_EQ(p.rc, TM_OK);
    char buf[10];
    EXPECT_EQ(tm_format(&p.rec, TM_DIALECT_FASTMODELS, buf, sizeof buf), -1);
    EXPECT_EQ(buf[9], '\0');
}

TEST(Format, DialectNames)
{
    EXPECT_EQ(tm_dialect_from_name("fastmodels"), TM_DIALECT_FASTMODELS);
    EXPECT_EQ(tm_dialect_from_name("cortexm"), TM_DIALECT_CORTEXM);
    EXPECT_EQ(tm_dialect_from_name("qemu4v"), TM_DIALECT_QEMU4V);
    EXPECT_EQ(tm_dialect_from_name("nope"), -1);
    EXPECT_STREQ(tm_dialect_name(TM_DIALECT_CORTEXM), "cortexm");
}

TEST(ParseErrors, UnknownKindNamesTheToken)
{
    expect_error("1 clk ZZ 1234", 7, "unknown record kind 'ZZ'");
    expect_error("1 clk cpu0 ZZ 1234", 12, "unknown record kind 'ZZ'");
    expect_error("1 clk Q", 7, "unknown record kind 'Q'");
}

// Vectors for the shapes real producers write beyond the base dialects (dpi/DIALECTS.md): FVP status lines,
// the ES dialect, unknown and grouped values, straddling and secure physical addresses, system operations,
// Cortex-R coprocessor and bracketed memory lines, the compact cs producer, and the Cortex-M0 tracer's whole
// data bus. Every line is written for this project; each parses to its documented fields and, where the writer
// has a form for it, formats back to the same text.
#include <cstring>

#include "parse_util.h"

extern "C" {
#include "tarmac/diff.h"
}

namespace {

// format(parse(line)) == line and parse(format(...)) == the record.
void expect_round_trip(const std::string &line)
{
    Parsed p(line);
    ASSERT_EQ(p.rc, TM_OK) << line << ": col " << p.err.column << ": " << p.err.msg;
    char buf[1024];
    int n = tm_format(&p.rec, TM_DIALECT_FASTMODELS, buf, sizeof buf);
    ASSERT_GT(n, 0) << line;
    EXPECT_EQ(std::string(buf, n), line);
    Parsed q(std::string(buf, n));
    ASSERT_EQ(q.rc, TM_OK) << buf << ": " << q.err.msg;
    EXPECT_TRUE(tm_record_equal(&p.rec, &q.rec)) << line;
}

void expect_error(const std::string &line, unsigned column, const char *msg_part)
{
    Parsed p(line);
    ASSERT_EQ(p.rc, TM_ERR_PARSE) << line;
    EXPECT_EQ(p.err.column, column) << line << ": " << p.err.msg;
    EXPECT_NE(std::strstr(p.err.msg, msg_part), nullptr) << line << ": got '" << p.err.msg << "'";
}

}  // namespace

TEST(FvpLines, Signal)
{
    Parsed p("7 clk cpu1 SIGNAL: SIGNAL=nRESET STATE=Y");
    EXPECT_PARSES(p);
    EXPECT_EQ(p.rec.kind, TM_REC_SIGNAL);
    EXPECT_EQ(p.rec.h.cpu, 1);
    EXPECT_EQ(S(p.rec.u.signal.name), "nRESET");
    EXPECT_EQ(p.rec.u.signal.state, 'Y');
    expect_round_trip("7 clk cpu1 SIGNAL: SIGNAL=nRESET STATE=Y");
    expect_round_trip("0 ps SIGNAL: SIGNAL=?3 STATE=N");
    expect_error("0 ps SIGNAL: SIGNAL=irq STATE=maybe", 25, "STATE=Y");
    expect_error("0 ps SIGNAL: LINE=irq STATE=N", 14, "SIGNAL=<name>");
}

TEST(FvpLines, ExceptionReasonFieldsLastValueWithSpaces)
{
    Parsed p("900 ps INFO_EXCEPTION_REASON: PHASE=RAISE REASONS=NONE PC=0x00000a2c VECTOR=BUSFAULT "
             "FaultCause=Precise data bus error on a load");
    EXPECT_PARSES(p);
    ASSERT_EQ(p.rec.kind, TM_REC_INFO);
    const tm_info &i = p.rec.u.info;
    EXPECT_EQ(S(i.topic), "EXCEPTION_REASON");
    EXPECT_EQ(S(i.phase), "RAISE");
    EXPECT_EQ(S(i.vector), "BUSFAULT");
    EXPECT_TRUE(i.has_pc);
    EXPECT_EQ(i.pc, 0xa2cu);
    tm_str v;
    ASSERT_TRUE(tm_info_field(&i, "FaultCause", &v));
    EXPECT_EQ(S(v), "Precise data bus error on a load");
    ASSERT_TRUE(tm_info_field(&i, "REASONS", &v));
    EXPECT_EQ(S(v), "NONE");
    EXPECT_FALSE(tm_info_field(&i, "ESR", &v));
    expect_round_trip("900 ps INFO_EXCEPTION_REASON: PHASE=ACTIVATE PC=0x00000a2c VECTOR=BUSFAULT FaultCause=NONE");
    expect_error("900 ps INFO_EXCEPTION_REASON: no fields here", 31, "<KEY>=<value>");
    expect_error("900 ps INFO_EXCEPTION_REASON: PC=0xzz", 34, "hex address after 'PC='");
}

TEST(FvpLines, NamedEventBeforeValueAndCpsrBeforeReset)
{
    Parsed e("0 clk E DebugEvent_Halted 00000001");
    EXPECT_PARSES(e);
    EXPECT_EQ(S(e.rec.u.event.desc), "DebugEvent_Halted");
    EXPECT_TRUE(e.rec.u.event.has_arg);
    EXPECT_EQ(e.rec.u.event.arg, 1u);
    expect_round_trip("0 clk E DebugEvent_Halted 00000001");
    Parsed w("0 clk E 0000000000400000 00000001 CoreEvent_RESET");  // a 64-bit value field
    EXPECT_PARSES(w);
    EXPECT_TRUE(w.rec.u.event.has_value);
    EXPECT_EQ(w.rec.u.event.value.va, 0x400000u);
    EXPECT_EQ(w.rec.u.event.value.va_digits, 16);
    expect_round_trip("0 clk E 0000000000400000 00000001 CoreEvent_RESET");
    Parsed s("0 clk E 00000000:000000000000 00000001 CoreEvent_Reset");
    EXPECT_PARSES(s);
    EXPECT_TRUE(s.rec.u.event.value.has_pa);
}

TEST(Values, AbortedAccessWithAndWithoutData)
{
    Parsed p("31 clk MR4 e0001000 00000000 (ABORTED)");
    EXPECT_PARSES(p);
    EXPECT_EQ(p.rec.u.mem.shape, TM_MEM_FM);
    EXPECT_TRUE(p.rec.u.mem.error);
    EXPECT_TRUE(p.rec.u.mem.has_data);
    expect_round_trip("31 clk MR4 e0001000 00000000 (ABORTED)");
    Parsed q("32 clk MW2 e0001002 (ABORTED)");
    EXPECT_PARSES(q);
    EXPECT_TRUE(q.rec.u.mem.error);
    EXPECT_FALSE(q.rec.u.mem.has_data);
    expect_round_trip("32 clk MW2 e0001002 (ABORTED)");
    expect_error("33 clk MW2 e0001002 (ABORTED) 1234", 31, "unexpected text");
}

TEST(Values, UnknownDigitsAndDashes)
{
    Parsed psr("812 ns R psr 0x00x0Xx");
    EXPECT_PARSES(psr);
    EXPECT_EQ(psr.rec.u.reg.value.digits, 8);
    EXPECT_EQ(psr.rec.u.reg.value.unknown_digits, 4);
    Parsed r("812 ns R psr 610xx00X");
    EXPECT_PARSES(r);
    EXPECT_EQ(r.rec.u.reg.value.v, 0x61000000u);
    EXPECT_EQ(r.rec.u.reg.value.unknown, 0x000ff00fu);
    expect_round_trip("812 ns R psr 610xx00X");
    Parsed st("813 ns MNW4___D 20000010 xxxxxxxx");
    EXPECT_PARSES(st);
    EXPECT_EQ(st.rec.u.mem.data.unknown, 0xffffffffu);
    EXPECT_EQ(st.rec.u.mem.data.unknown_digits, 8);
    Parsed d("R X3 --------");
    EXPECT_PARSES(d);
    EXPECT_EQ(d.rec.u.reg.value.unknown, 0xffffffffu);
    EXPECT_EQ(d.rec.u.reg.value.v, 0u);
    Parsed op("5 tic IT (5) 00000104 -------- T thread : ");
    EXPECT_PARSES(op);
    EXPECT_TRUE(op.rec.u.insn.opcode_unknown);
    EXPECT_EQ(op.rec.u.insn.opcode_digits, 8);
}

TEST(Values, SpaceSeparatedGroups)
{
    Parsed q("40 ns R Q3 -------- -------- 40490fdb 3f800000");
    EXPECT_PARSES(q);
    const tm_value &v = q.rec.u.reg.value;
    EXPECT_EQ(v.digits, 32);
    EXPECT_EQ(v.sep, ' ');
    EXPECT_EQ(v.v, 0x40490fdb3f800000ull);
    EXPECT_EQ(v.unknown_digits, 16);
    EXPECT_EQ(S(v.text), "-------- -------- 40490fdb 3f800000");
    expect_round_trip("40 ns R Q3 -------- -------- 40490fdb 3f800000");
    Parsed x("R X7 00000001 fffffffe");
    EXPECT_PARSES(x);
    EXPECT_EQ(x.rec.u.reg.value.v, 0x00000001fffffffeull);
    Parsed m("77 clk MW16 20001000 0123456789abcdef fedcba9876543210");
    EXPECT_PARSES(m);
    EXPECT_EQ(m.rec.u.mem.size, 16);
    EXPECT_EQ(m.rec.u.mem.data.digits, 32);
    EXPECT_EQ(m.rec.u.mem.data.v, 0xfedcba9876543210ull);
    expect_round_trip("77 clk MW16 20001000 0123456789abcdef fedcba9876543210");
    // a trailing annotation is not a group
    Parsed c("9 cs R cpsr 60000000 _Z__");
    EXPECT_PARSES(c);
    EXPECT_EQ(c.rec.u.reg.value.digits, 8);
    EXPECT_EQ(S(c.rec.u.reg.suffix), "_Z__");
}

TEST(Addresses, SecureSuffixAndTwoPhysicalAddresses)
{
    Parsed s("3 clk MR4 00002000:000000002000_S 0000abcd");
    EXPECT_PARSES(s);
    EXPECT_TRUE(s.rec.u.mem.addr.pa_s);
    EXPECT_FALSE(s.rec.u.mem.addr.pa_ns);
    expect_round_trip("3 clk MR4 00002000:000000002000_S 0000abcd");
    Parsed t("8 clk IT (8) 00011ffe:000000011ffe_NS,000000034000_NS f8d0c004 T svc_n : LDR r12,[r0,#4]");
    EXPECT_PARSES(t);
    const tm_addr &a = t.rec.u.insn.addr;
    EXPECT_EQ(a.pa, 0x11ffeu);
    EXPECT_TRUE(a.has_pa2);
    EXPECT_EQ(a.pa2, 0x34000u);
    EXPECT_TRUE(a.pa2_ns);
    expect_round_trip("8 clk IT (8) 00011ffe:000000011ffe_NS,000000034000_NS f8d0c004 T svc_n : LDR r12,[r0,#4]");
    expect_round_trip("8 clk IT (8) 00011ffe:000000011ffe,000000034000 f8d0c004 T svc_s : LDR r12,[r0,#4]");
    expect_error("3 clk MR4 00002000:000000002000_X 0000abcd", 32, "'_NS' or '_S'");
}

TEST(RecordKinds, SystemOperations)
{
    Parsed dc("61 clk R DC CIVAC 00000000:20001040");
    EXPECT_PARSES(dc);
    EXPECT_EQ(S(dc.rec.u.reg.name), "DC");
    EXPECT_EQ(S(dc.rec.u.reg.op), "CIVAC");
    EXPECT_EQ(dc.rec.u.reg.value.v, 0x20001040u);
    expect_round_trip("61 clk R DC CIVAC 00000000:20001040");
    Parsed ic("62 clk R IC IVAU 00000000:0001000");  // seven digits after the colon
    EXPECT_PARSES(ic);
    EXPECT_EQ(S(ic.rec.u.reg.op), "IVAU");
    EXPECT_EQ(ic.rec.u.reg.value.digits, 15);
    expect_round_trip("62 clk R TLBI VMALLE1 00000000:00000000");
    expect_round_trip("63 clk R AT S1E1R 00000000:00008000");
    // unknown digits in a register narrower than 32 bits: no tracer writes that, it is a typo
    expect_error("64 clk R r2 0000x", 17, "invalid hex digit in register value");
}

TEST(RecordKinds, CortexRCoprocessorAndBracketedMemory)
{
    Parsed t("210 ns MCW4___R (0f:07) TRANSFER 00c5187d");
    EXPECT_PARSES(t);
    const tm_mem &m = t.rec.u.mem;
    EXPECT_EQ(m.shape, TM_MEM_RTL);
    EXPECT_EQ(m.seq, 'C');
    EXPECT_TRUE(m.write);
    EXPECT_EQ(m.pt, 'R');
    EXPECT_TRUE(m.transfer);
    EXPECT_EQ(S(m.tag), "0f:07");
    EXPECT_EQ(m.data.v, 0xc5187du);
    expect_round_trip("210 ns MCW4___R (0f:07) TRANSFER 00c5187d");
    expect_round_trip("211 ns MCR4___R (0f:00) TRANSFER 41560f11");
    Parsed b("212 ns MNR4____ (2:1) 00080010 e12fff1e");
    EXPECT_PARSES(b);
    EXPECT_EQ(b.rec.u.mem.pt, '_');
    EXPECT_EQ(S(b.rec.u.mem.tag), "2:1");
    EXPECT_EQ(b.rec.u.mem.addr.va, 0x80010u);
    expect_round_trip("212 ns MNR4____ (2:1) 00080010 e12fff1e");
    expect_error("213 ns MNR4____ (2:1 00080010 e12fff1e", 17, "unterminated");
}

TEST(RecordKinds, CompactCsProducer)
{
    Parsed i("500 cs IT (0000000000401a2c) b4000061 O ---_- : cbz\tx1,0x401a38");
    EXPECT_PARSES(i);
    const tm_insn &in = i.rec.u.insn;
    EXPECT_TRUE(in.addr_in_paren);
    EXPECT_FALSE(in.has_id);
    EXPECT_EQ(in.addr.va, 0x401a2cu);
    EXPECT_EQ(in.opcode, 0xb4000061u);
    EXPECT_EQ(S(in.mode), "---");
    EXPECT_EQ(S(in.security), "-");
    expect_round_trip("500 cs IT (0000000000401a2c) b4000061 O ---_- : cbz\tx1,0x401a38");
    Parsed r("501 cs R08 0000007fffff0e10 0000000000401a40");
    EXPECT_PARSES(r);
    EXPECT_EQ(r.rec.kind, TM_REC_MEM);
    EXPECT_EQ(r.rec.u.mem.shape, TM_MEM_CS);
    EXPECT_FALSE(r.rec.u.mem.write);
    EXPECT_EQ(r.rec.u.mem.size, 8);
    expect_round_trip("501 cs R08 0000007fffff0e10 0000000000401a40");
    Parsed w("502 cs W04 X 0000007fffff0e20 00000002");
    EXPECT_PARSES(w);
    EXPECT_TRUE(w.rec.u.mem.write);
    EXPECT_EQ(w.rec.u.mem.attrib, 'X');
    expect_round_trip("502 cs W04 X 0000007fffff0e20 00000002");
    expect_error("503 cs W03 0000007fffff0e20 00", 9, "invalid access size");
}

TEST(EsDialect, HeaderInstructionCcfailAndUnknownOpcode)
{
    Parsed h("Tarmac Text Rev 3t");
    EXPECT_PARSES(h);
    EXPECT_EQ(h.rec.kind, TM_REC_TEXT_HEADER);
    EXPECT_EQ(S(h.rec.u.text.text), "Tarmac Text Rev 3t");
    expect_round_trip("Tarmac Text Rev 3t");
    Parsed i("      1250 ns ES  (00000a40:4b03) T thrd_s:     LDR      r3,[pc,#12]");
    EXPECT_PARSES(i);
    ASSERT_EQ(i.rec.kind, TM_REC_INSN);
    const tm_insn &in = i.rec.u.insn;
    EXPECT_EQ(in.form, TM_INSN_FORM_ES);
    EXPECT_EQ(in.status, TM_INSN_IT);
    EXPECT_EQ(in.addr.va, 0xa40u);
    EXPECT_EQ(in.opcode, 0x4b03u);
    EXPECT_EQ(in.opcode_digits, 4);
    EXPECT_EQ(S(in.iset), "T");
    EXPECT_EQ(S(in.mode), "thrd");
    EXPECT_EQ(S(in.security), "s");
    EXPECT_EQ(S(in.disasm), "LDR      r3,[pc,#12]");
    expect_round_trip("1250 ns ES (00000a40:4b03) T thrd_s: LDR      r3,[pc,#12]");
    Parsed c("1.5 us ES (00000a44:d1fc) T hndl: CCFAIL BNE {pc}-4");
    EXPECT_PARSES(c);
    EXPECT_EQ(c.rec.u.insn.status, TM_INSN_IS);
    EXPECT_EQ(S(c.rec.h.time), "1.5");
    EXPECT_EQ(S(c.rec.u.insn.mode), "hndl");
    EXPECT_EQ(S(c.rec.u.insn.disasm), "BNE {pc}-4");
    expect_round_trip("1.5 us ES (00000a44:d1fc) T hndl: CCFAIL BNE {pc}-4");
    Parsed u("330 cyc ES (0000000000008004:--------) O el1h_ns:");
    EXPECT_PARSES(u);
    EXPECT_TRUE(u.rec.u.insn.opcode_unknown);
    EXPECT_EQ(S(u.rec.u.insn.disasm), "");
    expect_round_trip("330 cyc ES (0000000000008004:--------) O el1h_ns:");
    expect_error("10 clk ES (00000a40 4b03) T thrd_s: NOP", 20, "expected ':' between address and opcode");
    expect_error("10 clk ES (00000a40:4b03) T thrd_s NOP", 36, "'<mode>:'");
}

TEST(EsDialect, ExceptionForms)
{
    Parsed a("   20 tic ES  EXC [0x0b] SVCall");
    EXPECT_PARSES(a);
    ASSERT_EQ(a.rec.kind, TM_REC_EVENT);
    EXPECT_EQ(a.rec.u.event.es, TM_EVENT_ES_EXC);
    EXPECT_TRUE(a.rec.u.event.has_number);
    EXPECT_EQ(a.rec.u.event.number, 11u);
    EXPECT_EQ(S(a.rec.u.event.desc), "SVCall");
    expect_round_trip("20 tic ES EXC [0x0b] SVCall");
    Parsed d("21 ps ES EXC [3] HardFault");
    EXPECT_PARSES(d);
    EXPECT_EQ(d.rec.u.event.number, 3u);
    expect_round_trip("21 ps ES EXC [3] HardFault");
    Parsed n("22 tic ES EXC NMI");
    EXPECT_PARSES(n);
    EXPECT_FALSE(n.rec.u.event.has_number);
    Parsed named("23 ns ES  Reset");
    EXPECT_PARSES(named);
    EXPECT_EQ(named.rec.u.event.es, TM_EVENT_ES_NAMED);
    EXPECT_EQ(S(named.rec.u.event.desc), "Reset");
    expect_round_trip("23 ns ES Reset");
    Parsed e("           EXC [0x400] IRQ from lower EL");
    EXPECT_PARSES(e);
    EXPECT_EQ(e.rec.u.event.es, TM_EVENT_EXC);
    EXPECT_EQ(e.rec.u.event.number, 0x400u);
    EXPECT_EQ(S(e.rec.u.event.desc), "IRQ from lower EL");
    expect_round_trip("EXC [0x400] IRQ from lower EL");
    expect_error("24 ns ES EXC [0x0b SVCall", 14, "unterminated");
}

TEST(EsDialect, BranchAndRegisterWithQualifier)
{
    Parsed b("                    BR (00000a50) T");
    EXPECT_PARSES(b);
    ASSERT_EQ(b.rec.kind, TM_REC_BRANCH);
    EXPECT_EQ(b.rec.u.branch.target.va, 0xa50u);
    EXPECT_EQ(S(b.rec.u.branch.iset), "T");
    EXPECT_EQ(S(b.rec.h.time), "");
    expect_round_trip("BR (00000a50) T");
    Parsed r("                    R R4 (THRD) 00000031");
    EXPECT_PARSES(r);
    EXPECT_EQ(S(r.rec.u.reg.name), "R4");
    EXPECT_EQ(S(r.rec.u.reg.qualifier), "(THRD)");
    EXPECT_EQ(r.rec.u.reg.value.v, 0x31u);
    expect_round_trip("R R4 (THRD) 00000031");
    Parsed m("R MSP_S 20003ff0");
    EXPECT_PARSES(m);
    expect_error("BR 00000a50 T", 4, "'(<target>)'");
}

TEST(EsDialect, LoadStoreByteGroups)
{
    Parsed st("   ST 20000ff0 00000a41 ........ 0000beef ......7f    S:0020000ff0    NM NSH");
    EXPECT_PARSES(st);
    ASSERT_EQ(st.rec.kind, TM_REC_LDST);
    const tm_ldst &m = st.rec.u.ldst;
    EXPECT_TRUE(m.write);
    EXPECT_FALSE(m.continuation);
    EXPECT_EQ(m.addr.va, 0x20000ff0u);
    // bytes base+15..12 first: 00000a41 is the word at +12
    EXPECT_EQ(m.mask, 0xf0f1);
    EXPECT_EQ(m.bytes[12], 0x41);
    EXPECT_EQ(m.bytes[13], 0x0a);
    EXPECT_EQ(m.bytes[4], 0xef);
    EXPECT_EQ(m.bytes[5], 0xbe);
    EXPECT_EQ(m.bytes[0], 0x7f);
    EXPECT_EQ(S(m.phys), "S:0020000ff0");
    EXPECT_EQ(S(m.attrs), "NM NSH");
    expect_round_trip("ST 20000ff0 00000a41 ........ 0000beef ......7f S:0020000ff0 NM NSH");
    Parsed ld("LD 00001230 ........ ....##.. ........ ........ 0000001230 DV OSH");
    EXPECT_PARSES(ld);
    EXPECT_FALSE(ld.rec.u.ldst.write);
    EXPECT_EQ(ld.rec.u.ldst.mask, 1u << 9);
    EXPECT_EQ(ld.rec.u.ldst.unknown, 1u << 9);
    EXPECT_EQ(S(ld.rec.u.ldst.phys), "0000001230");
    expect_error("LD 00001234 ........ ........ ........ ......01", 4, "16-byte aligned");
    expect_error("LD 00001230 ........ ........ ........ .....1..", 44, "hex byte");
    expect_error("LD 00001230 ........ ........ ........ ........", 13, "no byte accessed");
    expect_error("LD 00001230 ........ ........ ......", 31, "four groups");
}

TEST(EsDialect, ContinuationTakesTheDirectionOfTheLineBefore)
{
    // the base of the continuation has decimal digits only: it must not be taken for a timestamp
    std::string first = "  ST 00004020 ........ 11223344 ........ ........  S:00004020  NM NSH";
    std::string cont = "     00004010 55667788 ........ ........ ........  S:00004010  NM NSH";
    tm_parse_state st{};
    tm_record a{}, b{};
    tm_error err{};
    ASSERT_EQ(tm_parse_line_in(&st, first.data(), first.size(), &a, &err), TM_OK) << err.msg;
    ASSERT_EQ(tm_parse_line_in(&st, cont.data(), cont.size(), &b, &err), TM_OK) << err.msg;
    ASSERT_EQ(b.kind, TM_REC_LDST);
    EXPECT_TRUE(b.u.ldst.continuation);
    EXPECT_TRUE(b.u.ldst.write);
    EXPECT_EQ(b.u.ldst.addr.va, 0x4010u);
    EXPECT_EQ(b.u.ldst.mask, 0xf000);
    EXPECT_EQ(b.u.ldst.bytes[15], 0x55);
    expect_round_trip("00004010 55667788 ........ ........ ........ S:00004010 NM NSH");
    tm_parse_state fresh{};
    EXPECT_EQ(tm_parse_line_in(&fresh, cont.data(), cont.size(), &b, &err), TM_ERR_PARSE);
    EXPECT_EQ(err.column, 6u);
    EXPECT_NE(std::strstr(err.msg, "no LD or ST line came before"), nullptr) << err.msg;
}

TEST(CortexM0Tracer, SubWordAccessOnTheWholeBus)
{
    Parsed h("610ns MR2_I 0000010a 46c0e7fe");  // halfword at lanes [31:16]
    EXPECT_PARSES(h);
    EXPECT_TRUE(h.rec.u.mem.lanes);
    EXPECT_EQ(h.rec.u.mem.data.v, 0x46c0u);
    EXPECT_EQ(S(h.rec.u.mem.data.text), "46c0e7fe");
    expect_round_trip("610ns MR2_I 0000010a 46c0e7fe");
    Parsed l("611ns MR2_D 20000100 3f1a0b2c");  // halfword at lanes [15:0]
    EXPECT_PARSES(l);
    EXPECT_EQ(l.rec.u.mem.data.v, 0x0b2cu);
    Parsed b("612ns MW1_D 20000103 9a000000");  // byte at lane 3
    EXPECT_PARSES(b);
    EXPECT_EQ(b.rec.u.mem.data.v, 0x9au);
    Parsed b1("613ns MR1_D 20000101 00005500");  // byte at lane 1
    EXPECT_PARSES(b1);
    EXPECT_EQ(b1.rec.u.mem.data.v, 0x55u);
    // a producer record: the value goes back onto its lanes
    tm_record r = h.rec;
    r.u.mem.data.text = tm_str{ nullptr, 0 };
    r.u.mem.data.v = 0x1234;
    char buf[128];
    int n = tm_format(&r, TM_DIALECT_CORTEXM, buf, sizeof buf);
    EXPECT_EQ(std::string(buf, n), "610ns MR2_I 0000010a 12340000");
}

TEST(Diff, UnknownDigitsAndBusLanesCompareByMeaning)
{
    Parsed a("1 ns R psr 6100000x"), b("1 ns R psr 61000000"), c("1 ns R psr 6100000X");
    EXPECT_PARSES(a);
    EXPECT_PARSES(b);
    EXPECT_PARSES(c);
    char why[256];
    EXPECT_GT(tm_diff_records(&a.rec, &b.rec, TM_IGNORE_DEFAULT, why, sizeof why), 0);
    EXPECT_EQ(tm_diff_records(&a.rec, &c.rec, TM_IGNORE_DEFAULT, why, sizeof why), 0) << why;
    // the M0 tracer's whole bus against the Fast Models value
    Parsed m0("610ns MR2_D 2000010a 46c0e7fe"), fm("3 clk MR2 2000010a 46c0");
    EXPECT_PARSES(m0);
    EXPECT_PARSES(fm);
    EXPECT_EQ(tm_diff_records(&m0.rec, &fm.rec, TM_IGNORE_DEFAULT, why, sizeof why), 0) << why;
}

TEST(Reader, EveryRejectedShapeNamesFileLineAndColumnForNewKinds)
{
    expect_error("5 ps INFO_: X=1", 6, "unknown record kind");
    expect_error("5 ps ES", 8, "after 'ES'");
}

TEST(Format, FvpDialectFormatsAsFastModels)
{
    EXPECT_EQ(tm_dialect_from_name("fvp"), TM_DIALECT_FVP);
    EXPECT_STREQ(tm_dialect_name(TM_DIALECT_FVP), "fvp");
    Parsed p("5 clk IT (5) 00000104 b510 T thread : PUSH {r4,lr}");
    EXPECT_PARSES(p);
    char a[256], b[256];
    int n = tm_format(&p.rec, TM_DIALECT_FVP, a, sizeof a), m = tm_format(&p.rec, TM_DIALECT_FASTMODELS, b, sizeof b);
    ASSERT_GT(n, 0);
    EXPECT_EQ(std::string(a, n), std::string(b, m));
}

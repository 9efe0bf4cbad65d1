// Strict by construction: every field of a record against what its kind allows. Each class of malformed line
// is refused with its column and what was expected, with several inputs per class; what real producers write
// that is unusual but unambiguous is parsed into what it means. Every line is written for this project.
#include <cstring>
#include <vector>

#include "parse_util.h"

extern "C" {
#include "tarmac/reader.h"
#include "tarmac/regs.h"
}

namespace {

void expect_refused(const std::string &line, unsigned column, const char *msg_part, unsigned profile = 0)
{
    tm_parse_state st{};
    st.profile = (uint8_t)profile;
    tm_record r{};
    tm_error e{};
    ASSERT_EQ(tm_parse_line_in(&st, line.data(), line.size(), &r, &e), TM_ERR_PARSE) << line << " was accepted";
    EXPECT_EQ(e.column, column) << line << ": " << e.msg;
    EXPECT_NE(std::strstr(e.msg, msg_part), nullptr) << line << ": got '" << e.msg << "'";
}

void expect_accepted(const std::string &line, unsigned profile = 0)
{
    tm_parse_state st{};
    st.profile = (uint8_t)profile;
    tm_record r{};
    tm_error e{};
    EXPECT_EQ(tm_parse_line_in(&st, line.data(), line.size(), &r, &e), TM_OK)
        << line << ": col " << e.column << ": " << e.msg;
}

}  // namespace

TEST(StrictRegisterValues, WiderThanTheRegisterIsRefused)
{
    expect_refused("5 clk R r5 10000048c", 12, "r5: expected 8 hex digits, found 9");
    expect_refused("5 clk R r5 -0000048c", 12, "expected 8 hex digits, found 9");
    expect_refused("5 clk R cpsr 0000000000000000f", 14, "cpsr: expected 8 to 16 hex digits, found 17");
    expect_refused("5 clk R X3 00000000000000001", 12, "X3: expected 16 hex digits, found 17");
    expect_refused("5 clk R W3 0000000000000001", 12, "W3: expected 8 hex digits, found 16");
    expect_refused("5 clk R s0 3f8000000", 12, "expected 8 hex digits, found 9");
    expect_refused("5 clk R SCTLR_EL1 00000000000000000000c50878", 19, "SCTLR_EL1: expected 8 or 16 or 32");
    expect_refused("R MSP 200010000", 7, "MSP: expected 8 hex digits");
}

TEST(StrictRegisterValues, NarrowerThanTheRegisterIsRefusedNotPadded)
{
    expect_refused("5 clk R r5 c", 12, "r5: expected 8 hex digits, found 1");
    expect_refused("5 clk R r2 0003", 12, "expected 8 hex digits, found 4");
    expect_refused("5 clk R r2 0000", 12, "found 4");  // all zeros: only a 64-bit or wider value abbreviates to 8
    expect_refused("5 clk R cpsr 6100000", 14, "expected 8 to 16 hex digits, found 7");
    expect_refused("1 clk R X0 0000000000001", 12, "X0: expected 16 hex digits, found 13");
    expect_refused("1 clk R d8 00000001", 12, "d8: expected 16 hex digits, found 8");
    expect_refused("1 clk R q0 93c467e37db0c7a4d1be3f810152cb5", 12, "q0: expected 32 hex digits, found 31");
    expect_refused("1 clk R z3 00000003_00000002_00000001_00000000_00000000_00000000", 12,
                   "z3: expected a multiple of 32 up to 512 hex digits, found 48");
    expect_refused("1 clk R p0 fff", 12, "p0: expected a multiple of 4 up to 64 hex digits, found 3");
    expect_refused("1 clk R SP 0123456789", 12, "SP: expected 8 or 16 hex digits, found 10");
    expect_refused("1 clk R R1 (USR) 0000080", 18, "R1: expected 8 hex digits, found 7");
}

TEST(StrictRegisterValues, TheFormsProducersWriteAreAccepted)
{
    expect_accepted("8677000000 ps R cpsr 1220023cd");  // Fast Models' cpsr with bits from elsewhere above 31
    expect_accepted("R FPCR fedcba9876543210");
    expect_accepted("R FPCR 76543210");
    expect_accepted("R SP 01234567");
    expect_accepted("R SP 0123456789abcdef");
    expect_accepted("R X0 01234567 89abcdef");           // a 64-bit value split by a space
    expect_accepted("R X0 -------- --------");
    expect_accepted("608 clk R q0 93c467e37db0c7a4_d1be3f810152cb56");
    expect_accepted("608 clk R Q0 93c467e3 7db0c7a4 d1be3f81 0152cb56");
    expect_accepted("R V0<127:64> ffeeddccbbaa9988");    // a bit range of a vector register
    expect_accepted("R V5<63:0> 00000000");              // a zero abbreviated to 8 digits (Neoverse-N1 testbench)
    expect_accepted("1150 clk R d8 00000000");
    expect_accepted("10000 clk R Z3 00000003_00000002_00000001_00000000");
    expect_accepted("20001 clk R P0 76543210");
    expect_accepted("10 ns R psr xx0xxXxx");
    expect_accepted("0 clk R TTBR0_64_NS 0000000000000000");
    expect_accepted("0 clk R HTTBR 0000000000000000");
    expect_accepted("0 clk cpu0 R r13_main_s 30040000");
    expect_accepted("0 clk R DBGDSCRext 00000000");
    expect_accepted("R SCTLR (AARCH32) 00c50878");
    expect_accepted("6000019 cs R E15 0000007f99d14b94");
}

TEST(StrictRegisterValues, BitRangesAreWholeBytesInsideTheRegister)
{
    expect_refused("R V0<127:64> ffee", 14, "V0<127:64>: expected 16 hex digits, found 4");
    expect_refused("R V0<127:60> ffeeddccbbaa9988", 5, "bit range '<hi:lo>' of whole bytes");
    expect_refused("R V0<255:128> ffeeddccbbaa9988ffeeddccbbaa9988", 5, "inside the register");
    expect_refused("R V0<63> ffeeddccbbaa9988", 5, "bit range");
}

TEST(StrictRegisterValues, DashesStandForWholeBytesNotWritten)
{
    Parsed x("R X1 --------");  // fewer dashes than the register has: the whole value was not written
    EXPECT_PARSES(x);
    EXPECT_EQ(x.rec.u.reg.value.unknown_digits, x.rec.u.reg.value.digits);
    EXPECT_EQ(x.rec.u.reg.value.v, 0u);
    expect_accepted("R r1 --------");
    expect_refused("5 clk R r5 -000048c", 12, "a lone '-'");
    expect_refused("5 clk R r5 0000048-", 19, "a lone '-'");
    expect_refused("5 clk R X1 ----", 12, "invalid hex digit");  // unknown digits stand at full width
    expect_refused("5 clk R r1 ------", 12, "invalid hex digit");
    expect_refused("5 clk MW4 20000000 00-00000", 22, "a lone '-'");
}

TEST(StrictRegisterNames, NoProfileHasThem)
{
    expect_refused("5 clk R r99 00000000", 9, "unknown register 'r99'");
    expect_refused("R R99 00000000", 3, "unknown register 'R99'");
    expect_refused("R r16 00000000", 3, "unknown register");
    expect_refused("R X31 0000000000000000", 3, "unknown register 'X31'");
    expect_refused("R W31 00000000", 3, "unknown register");
    expect_refused("R s32 00000000", 3, "unknown register");
    expect_refused("R d32 0000000000000000", 3, "unknown register");
    expect_refused("R q32 00000000000000000000000000000000", 3, "unknown register");
    expect_refused("R z32 00000000000000000000000000000000", 3, "unknown register");
    expect_refused("R p16 0000", 3, "unknown register");
    expect_refused("R sp_el4 0000000000000000", 3, "unknown register");
    expect_refused("R r05 00000000", 3, "unknown register");
    expect_refused("R r8_foo 00000000", 3, "unknown register");  // only the fiq bank banks r8-r12
    expect_refused("R r5+ 00000000", 3, "unknown register");     // not a name
    expect_refused("R 5r 00000000", 3, "unknown register");
    expect_refused("R LO..X 00000000", 3, "unknown register");
}

TEST(StrictRegisterNames, ClassesAndProfiles)
{
    tm_reg_class c{};
    ASSERT_TRUE(tm_reg_classify(tm_str{ "r13_main", 8 }, &c));
    EXPECT_TRUE(c.profiles & TM_PROFILE_ARMV6M);
    ASSERT_TRUE(tm_reg_classify(tm_str{ "X30", 3 }, &c));
    EXPECT_EQ(c.profiles, TM_PROFILE_A64);
    EXPECT_EQ(c.widths, TM_WIDTH_64);
    ASSERT_TRUE(tm_reg_classify(tm_str{ "BASEPRI_NS", 10 }, &c));
    EXPECT_EQ(c.profiles, TM_PROFILE_M);
    ASSERT_TRUE(tm_reg_classify(tm_str{ "SP_SVC", 6 }, &c));
    EXPECT_EQ(c.profiles, TM_PROFILE_A32);
    ASSERT_TRUE(tm_reg_classify(tm_str{ "sctlr_el1", 9 }, &c));
    EXPECT_TRUE(c.system);
    ASSERT_TRUE(tm_reg_classify(tm_str{ "S3_0_C15_C2_0", 13 }, &c));  // an implementation's own system register
    EXPECT_TRUE(c.system);
    EXPECT_EQ(tm_reg_classify(tm_str{ "sctlr", 5 }, &c), -1);  // lower case outside the catalogue: foreign
    EXPECT_EQ(tm_reg_classify(tm_str{ "t0", 2 }, &c), -1);
    EXPECT_EQ(tm_reg_classify(tm_str{ "r13_mn", 6 }, &c), -1);  // an implementation's bank
    EXPECT_EQ(tm_reg_classify(tm_str{ "LO_BRANCH_INFO.VALID", 20 }, &c), -1);
    EXPECT_EQ(tm_reg_classify(tm_str{ "r99", 3 }, &c), 0);
    EXPECT_EQ(tm_reg_classify(tm_str{ "sp_el4", 6 }, &c), 0);
}

TEST(StrictRegisterNames, TheArmv6mProfileRefusesOtherProfilesRegisters)
{
    const unsigned v6 = TM_PROFILE_ARMV6M;
    for (const char *ok : { "R r0 00000000", "R r12 00000000", "R r13_main 20004000", "R r13_process 20004000",
                            "R MSP 20004000", "R PSP 20004000", "R cpsr 61000000", "R xpsr 61000000",
                            "R CONTROL 00000002", "R PRIMASK 00000001", "R r14 fffffff9", "R ICSR 00400000",
                            "271ns R r13 20001fff (MSP)", "R sp 20004000" })
        expect_accepted(ok, v6);
    expect_refused("R X0 0000000000000000", 3, "'X0' is not a register of ARMv6-M", v6);
    expect_refused("R s0 3f800000", 3, "is not a register of ARMv6-M", v6);
    expect_refused("R BASEPRI 00000000", 3, "is not a register of ARMv6-M", v6);
    expect_refused("R MSP_S 20004000", 3, "is not a register of ARMv6-M", v6);
    expect_refused("R SCTLR_EL1 00c50878", 3, "is not a register of ARMv6-M", v6);
    expect_refused("R r13_svc 20004000", 3, "is not a register of ARMv6-M", v6);
    // an M-profile register is 32 bits: Fast Models' wider cpsr and a 64-bit sp are another profile's
    expect_refused("R cpsr 1220023cd", 8, "cpsr: expected 8 hex digits, found 9", v6);
    expect_refused("R sp 0000000020004000", 6, "sp: expected 8 hex digits, found 16", v6);
}

TEST(StrictExactDigits, MemoryDataIsExactlyTheAccessSize)
{
    expect_refused("3 clk MW4 20000000 c4", 20, "data narrower than the access size: expected 8 hex digits");
    expect_refused("3 clk MW4 20000000 0000000c4", 20, "data wider than the access size: expected 8");
    expect_refused("3 clk MR1 20000000 072", 20, "expected 2 hex digits for 1 bytes, found 3");
    expect_refused("3 clk MR2 20000000 46c0e7fe", 20, "data wider");  // only the Cortex-M0 tracer writes the bus
    expect_refused("3 clk MW8 20000000 00000000_1300000", 20, "expected 16 hex digits for 8 bytes, found 15");
    expect_refused("3 clk MW8 20000000 0000000_013000000", 20, "groups of 8 (or 16) hex digits between '_'");
    expect_refused("3 clk MW16 20000000 00000000_00000000_0000000000210f58", 39, "groups of 8 (or 16)");
    expect_refused("100 ns BNW1___D 00400000 0074", 26, "data wider than the access size");
    expect_refused("20 clk MU4_ADD 20000000 005", 25, "data narrower");
    expect_refused("501 cs R08 0000007fffff0e10 401a40", 29, "expected 16 hex digits");
    expect_accepted("3 clk MW16 20001000 00000000_00000000_00000000_00210f58");
    expect_accepted("3 clk MW16 20001000 0123456789abcdef fedcba9876543210");
    expect_accepted("3 clk MW16 20001000 00000000000000000000000000210f58");  // gem5: one token, unambiguous
    expect_accepted("610ns MR2_I 0000010a 46c0e7fe");
    expect_accepted("610ns MR2_I 0000010a 46c0");
}

TEST(StrictExactDigits, OpcodesAddressesAndEventNumbers)
{
    expect_refused("2 clk IT (2) 000080ae 21", 23, "expected an opcode of 4 or 8 hex digits, found 2");
    expect_refused("2 clk IT (2) 000080ae 20160 T thread : MOVS r0,#0x16", 23, "found 5");
    expect_refused("2 clk IT (2) 000080ae 2016 A svc : MOV r0,r0", 23, "set A has an opcode of 8 hex digits");
    expect_refused("2 ns IT (000080ae:00000002) 000080ae f000fd3b T16 BL {pc}", 38, "set T16 has an opcode of 4");
    expect_refused("2 clk IT (2) 10000048c 2016 T thread : MOVS r0,#0x16", 14, "expected 8 or 16 hex digits in the "
                                                                              "instruction address, found 9");
    expect_refused("3 clk MR4 2000000 12345678", 11, "expected 8 or 16 hex digits in the access address, found 7");
    expect_refused("0 clk E 000080ac 0000001 CoreEvent_RESET", 18, "event number of 8 or 16 hex digits");
    expect_refused("0 clk E 80ac 00000001 CoreEvent_RESET", 9, "in the event value, found 4");
    expect_refused("10 tic ES (a40:4b03) T thrd_s: LDR r3,[pc,#12]", 12, "instruction address, found 3");
    expect_refused("BR (a50) T", 5, "branch target, found 3");
    expect_refused("ST 2000ff0 ........ ........ 0000beef ........", 4, "region address, found 7");
    expect_refused("BR (00000a50) Q", 15, "instruction set A, T, O or X");
}

TEST(StrictCompleteRecords, ACutInstructionLineIsNotAShorterRecord)
{
    expect_refused("1 clk IT (1) 000080ac 2016 T", 29, "expected '<mode> :'");
    expect_refused("1 clk IT (1) 000080ac 2016 T thread :", 38, "expected the disassembly");
    expect_refused("1 clk IT (1) 000080ac 2016", 27, "expected the instruction set");
    expect_refused("354ns IT 00000350 490d", 23, "expected the instruction set");
    expect_refused("70 ns IT (00000208:0000000c) 00000208 4a03 T16", 47, "expected the disassembly");
    expect_refused("1250 ns ES (00000a40:4b03) T thrd_s:", 37, "expected the disassembly");
    expect_refused("1250 ns ES (00000a40:4b03)", 27, "expected the instruction set");
    // a line that ends after its mode has no disassembly: the writer writes a record without one so
    expect_accepted("1 clk IT (1) 000080ac 2016 T thread");
    // a failed fetch has no disassembly: its opcode is unknown, never compared
    Parsed u("5 tic IT (5) 00000104 -------- T thread :");
    EXPECT_PARSES(u);
    EXPECT_TRUE(u.rec.u.insn.opcode_unknown);
    expect_accepted("11519 tic ES (10000b58:--------) T thrd_s:");
}

TEST(StrictCompleteRecords, AModeIsNamedBeforeItsSecurityState)
{
    // found by the fuzz target: "_s" gave an empty mode whose security the writer could not give back
    expect_refused("354ns IT 00000358 a49001d0 A _s", 30, "expected the mode before '_<security>'");
    expect_refused("1 clk IT (1) 000080ac 2016 T _ns : MOVS r0,#0x16", 30, "expected the mode before");
    expect_refused("10 tic ES (00000a40:4b03) T _s: LDR r3,[pc,#12]", 29, "expected the mode before");
    expect_accepted("1 clk IT (1) 000080ac 2016 T thread_s : MOVS r0,#0x16");
}

TEST(StrictCompleteRecords, FlowAndWalkRecordsAreWhole)
{
    expect_refused("12 clk cpu0 FD (12) 000080b8 000080be", 38, "expected the instruction set A, T, X or O");
    expect_refused("12 clk cpu0 FD (12) 000080b8", 29, "missing branch target");
    expect_refused("1951 clk cpu0 TTW ITLB LPAE 1:3 000016390010 152204c3c : BLOCK", 46, "translation table entry of 8 or 16");
    expect_accepted("12 clk cpu0 FI (12) 000080b8 000080be T");
    expect_accepted("1951 clk cpu0 TTW ITLB VMSA 1:2 000016390010 152204c3 : SECTION");
}

TEST(StrictCompleteRecords, TrailingTokensAreRefused)
{
    expect_refused("5 clk R r5 0000048c junk", 21, "unexpected text after the register value");
    expect_refused("5 clk R r5 0000048c (MSP)", 21, "unexpected text");  // (MSP) annotates r13 only
    expect_refused("5 clk R r0 60000000 _Z__", 21, "unexpected text");   // flags annotate a status register only
    expect_refused("5 clk R cpsr 60000000 _Z__ x", 28, "unexpected text");
    expect_refused("3 clk MW4 20000000 00000005 extra", 29, "unexpected text after the access data");
    expect_refused("3 clk MR4 e0001000 00000000 (ABORTED) 1", 39, "unexpected text");
    expect_accepted("271ns R r13 20001ff0 (MSP)");
    expect_accepted("9 cs R cpsr 60000000 _Z__");
}

TEST(StrictGluedRecords, TwoRecordsOnOneLineAreTwoRecords)
{
    // a Cortex-M33 RTL tracer's register write and store of one instruction on one line
    std::string line = "                    R R0 00000005 ST 20000ff0 ........ ........ 0000beef ........ "
                       "S:0020000ff0 NM NSH";
    tm_parse_state st{};
    tm_record a{}, b{};
    tm_error e{};
    ASSERT_EQ(tm_parse_line_in(&st, line.data(), line.size(), &a, &e), TM_OK) << e.msg;
    ASSERT_EQ(a.kind, TM_REC_REG);
    EXPECT_EQ(a.u.reg.value.v, 5u);
    EXPECT_NE(st.more, 0u);
    ASSERT_EQ(tm_parse_more_in(&st, line.data(), line.size(), &b, &e), TM_OK) << e.msg;
    ASSERT_EQ(b.kind, TM_REC_LDST);
    EXPECT_TRUE(b.u.ldst.write);
    EXPECT_EQ(b.u.ldst.bytes[4], 0xef);
    EXPECT_EQ(tm_parse_more_in(&st, line.data(), line.size(), &b, &e), TM_EOF);
    // the stateless call cannot return both: it says so instead of dropping the store
    Parsed p(line);
    EXPECT_EQ(p.rc, TM_ERR_PARSE);
    EXPECT_EQ(p.err.column, 35u);
    EXPECT_NE(std::strstr(p.err.msg, "a second record glued onto this line"), nullptr) << p.err.msg;

    // other pairs: R then R, a memory access then R; the glued record takes the first one's time and cpu
    std::string rr = "7 clk cpu1 R r0 00000001 R r1 00000002";
    tm_parse_state s2{};
    ASSERT_EQ(tm_parse_line_in(&s2, rr.data(), rr.size(), &a, &e), TM_OK) << e.msg;
    ASSERT_EQ(tm_parse_more_in(&s2, rr.data(), rr.size(), &b, &e), TM_OK) << e.msg;
    EXPECT_EQ(S(b.u.reg.name), "r1");
    EXPECT_EQ(S(b.h.time), "7");
    EXPECT_EQ(b.h.cpu, 1);
    std::string mr = "8 clk MW4 20000000 00000005 R r0 00000005";
    tm_parse_state s3{};
    ASSERT_EQ(tm_parse_line_in(&s3, mr.data(), mr.size(), &a, &e), TM_OK) << e.msg;
    EXPECT_EQ(a.kind, TM_REC_MEM);
    ASSERT_EQ(tm_parse_more_in(&s3, mr.data(), mr.size(), &b, &e), TM_OK) << e.msg;
    EXPECT_EQ(b.kind, TM_REC_REG);

    // a glued record that writes a time of its own keeps it
    std::string timed = "1250 ns R R0 00000005 1250 ns ST 20000ff0 ........ ........ 0000beef ........";
    tm_parse_state s5{};
    ASSERT_EQ(tm_parse_line_in(&s5, timed.data(), timed.size(), &a, &e), TM_OK) << e.msg;
    ASSERT_EQ(tm_parse_more_in(&s5, timed.data(), timed.size(), &b, &e), TM_OK) << e.msg;
    EXPECT_EQ(b.kind, TM_REC_LDST);
    EXPECT_EQ(S(b.h.time), "1250");
    expect_refused("1250 ns R R0 00000005 1250 ns", 23, "unexpected text after the register value");

    // a glued record is as strict as any: its errors name its own columns
    std::string bad = "R R0 00000005 ST 20000ff0 ........ ........ 0000beef";
    tm_parse_state s4{};
    ASSERT_EQ(tm_parse_line_in(&s4, bad.data(), bad.size(), &a, &e), TM_OK);
    EXPECT_EQ(tm_parse_more_in(&s4, bad.data(), bad.size(), &b, &e), TM_ERR_PARSE);
    EXPECT_EQ(e.column, 53u) << e.msg;
}

TEST(StrictGluedRecords, TheReaderReturnsEveryRecordOfTheLine)
{
    std::string path = std::string(TM_BUILD_DIR) + "/tmp/strict_glued.tarmac";
    (void)!system(("mkdir -p " + std::string(TM_BUILD_DIR) + "/tmp").c_str());
    FILE *f = fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    fputs("Tarmac Text Rev 3t\n"
          "       30 tic ES  (00000104:9300) T thrd_s:      STR      r3,[sp,#0]\n"
          "                  R R3 00000005 ST 20000ff0 ........ ........ ........ 00000005 S:0020000ff0 NM NSH\n"
          "       40 tic ES  (00000106:2306) T thrd_s:      MOVS     r3,#6\n"
          "                  R R3 00000006\n", f);
    fclose(f);
    tm_error e{};
    tm_reader *r = tm_reader_open(path.c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr) << e.msg;
    std::vector<int> kinds;
    tm_record rec;
    int rc;
    while ((rc = tm_reader_next(r, &rec, &e)) == TM_OK) kinds.push_back(rec.kind);
    EXPECT_EQ(rc, TM_EOF) << e.msg;
    EXPECT_EQ(kinds, (std::vector<int>{ TM_REC_TEXT_HEADER, TM_REC_INSN, TM_REC_REG, TM_REC_LDST, TM_REC_INSN,
                                       TM_REC_REG }));
    tm_reader_close(r);
}

TEST(StrictUnusualProducers, A64BitEventNumberAndAMorelloCapabilityPrefix)
{
    Parsed e("0 clk E 0000000000400000 0000000000000001 CoreEvent_RESET");
    EXPECT_PARSES(e);
    EXPECT_EQ(e.rec.u.event.number, 1u);
    EXPECT_EQ(e.rec.u.event.number_digits, 16);
    Parsed big("0 clk E 00000000 ffffffff00000001 CoreEvent_X");
    EXPECT_PARSES(big);
    EXPECT_EQ(big.rec.u.event.number, 0xffffffff00000001ull);
    // Morello's FVP: the PCC as (<tag>|<upper 64 bits>|<address>), then the physical address
    Parsed c("5 clk cpu0 IT (5) (1|b05dc00022e70004|0011118c):0000fcd2918c_NS 910003fd O EL0t_n : MOV x29,sp");
    EXPECT_PARSES(c);
    EXPECT_TRUE(c.rec.u.insn.has_cap);
    EXPECT_EQ(c.rec.u.insn.cap_tag, 1);
    EXPECT_EQ(c.rec.u.insn.cap_meta, 0xb05dc00022e70004ull);
    EXPECT_EQ(c.rec.u.insn.addr.va, 0x11118cu);
    EXPECT_EQ(c.rec.u.insn.addr.pa, 0xfcd2918cu);
    EXPECT_TRUE(c.rec.u.insn.addr.pa_ns);
    Parsed z("6 clk IT (6) (0|dc5d400007f9a0f0|0000000000401238) d2800021 O EL0t_n : MOV x1,#1");
    EXPECT_PARSES(z);
    EXPECT_EQ(z.rec.u.insn.cap_tag, 0);
    EXPECT_EQ(z.rec.u.insn.addr.va, 0x401238u);
    EXPECT_FALSE(z.rec.u.insn.addr.has_pa);
    for (const Parsed *p : { &e, &big, &c, &z }) {
        char buf[256];
        int n = tm_format(&p->rec, TM_DIALECT_FASTMODELS, buf, sizeof buf);
        ASSERT_GT(n, 0);
        EXPECT_EQ(std::string(buf, n), p->line);
        Parsed q(std::string(buf, n));
        EXPECT_PARSES(q);
        EXPECT_TRUE(tm_record_equal(&p->rec, &q.rec)) << p->line;
    }
    // the capability's address has an address's width, and ')' closes it
    expect_refused("5 clk IT (5) (1|b05dc00022e70004|11118c):0000fcd2918c_NS 910003fd O EL0t_n : MOV x29,sp", 34,
                   "instruction address, found 6");
    expect_refused("5 clk IT (5) (1|b05dc00022e70004|0011118c 910003fd O EL0t_n : MOV x29,sp", 14,
                   "unterminated '(' in the capability address");
    // a prefix of another form is no capability: an address of the wrong width
    expect_refused("5 clk IT (5) 1:dc5d400007f9a0f0:0000000000401234 d2800000 O EL0t_ns : MOV x0,#0", 14,
                   "instruction address, found 1");
}

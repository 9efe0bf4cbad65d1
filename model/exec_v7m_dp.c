/* ARMv7-M 32-bit data processing (ARMv7-M ARM, "Data processing (modified immediate)", "(plain binary
 * immediate)", "(shifted register)", "(register)", "Multiply, and multiply accumulate", "Long multiply, long
 * multiply accumulate, and divide", "Miscellaneous operations"): one executor per encoding. Register choices the
 * manual calls UNPREDICTABLE stop the model (m6_v7_unpredictable). */
#include "m6_state.h"
#include "exec.h"

#define UNPRED_IF(cond, why) \
    do { \
        if (cond) return m6_v7_unpredictable(c, pc, why); \
    } while (0)

/* ThumbExpandImm_C(i:imm3:imm8): the value, its carry in *cout (the current C when the form does not rotate);
 * -1 for the UNPREDICTABLE zero imm8 of a replicated pattern. */
static int expand_imm(const m6 *c, uint32_t op, uint32_t *v, uint32_t *cout)
{
    uint32_t imm12 = ((op >> 15) & 0x800) | ((op >> 4) & 0x700) | (op & 0xff), imm8 = op & 0xff;
    *cout = carry(c);
    if (!(imm12 >> 10)) {
        switch ((imm12 >> 8) & 3) {
        case 0: *v = imm8; return 0;
        case 1: *v = imm8 * 0x00010001u; break;
        case 2: *v = imm8 * 0x01000100u; break;
        default: *v = imm8 * 0x01010101u; break;
        }
        return imm8 ? 0 : -1;
    }
    uint32_t unrot = 0x80 | (imm12 & 0x7f), rot = imm12 >> 7;
    *v = (unrot >> rot) | (unrot << (32 - rot));
    *cout = *v >> 31;
    return 0;
}

/* Shift_C(R[m], DecodeImmShift(type, imm3:imm2), C): the value, its carry in *cout; the flags unchanged */
static uint32_t shifted_reg(m6 *c, uint32_t op, uint32_t *cout)
{
    uint32_t v = c->r[f_rm(op)], apsr = c->apsr;
    unsigned type = f_type(op), n = f_imm5(op);
    if (type == SRTYPE_ROR && n == 0) { /* RRX */
        *cout = v & 1;
        return (carry(c) << 31) | (v >> 1);
    }
    if (n == 0 && type != SRTYPE_LSL) n = 32;
    uint32_t r = m6_ex_shift_c(c, type, v, n);
    *cout = carry(c);
    c->apsr = apsr;
    return r;
}

/* A logical result: Rd (none when d is 16), and with S: N, Z and the shifter's carry */
static int logical(m6 *c, unsigned d, uint32_t r, uint32_t cout, unsigned s)
{
    if (d < 16) set_reg(c, d, r);
    if (s) {
        set_nz(c, r);
        set_c(c, cout);
    }
    return EXEC_OK;
}

/* AddWithCarry into Rd (none when d is 16), the flags only with S */
static int arith(m6 *c, unsigned d, uint32_t a, uint32_t b, uint32_t cin, unsigned s)
{
    uint32_t apsr = c->apsr, r = add_with_carry(c, a, b, cin);
    if (!s) c->apsr = apsr;
    if (d < 16) set_reg(c, d, r);
    return EXEC_OK;
}

enum { NO_RD = 16 };

/* ---- Data processing (modified immediate) ---- */
#define IMM_OPERAND(v, cout) \
    uint32_t v, cout; \
    UNPRED_IF(expand_imm(c, op, &v, &cout), "a modified immediate with imm8 zero")
/* AND/BIC/ORR/ORN/EOR: BadReg Rd or Rn is UNPREDICTABLE */
#define LOGICAL_IMM(id, expr) \
    M7_EXEC(id) \
    { \
        unsigned d = f_rd(op), n = f_rn(op); \
        UNPRED_IF(bad_reg(d) || bad_reg(n), "SP or PC as Rd or Rn"); \
        IMM_OPERAND(imm, cout); \
        uint32_t a = c->r[n]; \
        return logical(c, d, (expr), cout, f_s(op)); \
    }
LOGICAL_IMM(and_imm_t1, a & imm)
LOGICAL_IMM(bic_imm_t1, a & ~imm)
LOGICAL_IMM(orr_imm_t1, a | imm)
LOGICAL_IMM(orn_imm_t1, a | ~imm)
LOGICAL_IMM(eor_imm_t1, a ^ imm)
M7_EXEC(tst_imm_t1)
{
    UNPRED_IF(bad_reg(f_rn(op)), "SP or PC as Rn");
    IMM_OPERAND(imm, cout);
    return logical(c, NO_RD, c->r[f_rn(op)] & imm, cout, 1);
}
M7_EXEC(teq_imm_t1)
{
    UNPRED_IF(bad_reg(f_rn(op)), "SP or PC as Rn");
    IMM_OPERAND(imm, cout);
    return logical(c, NO_RD, c->r[f_rn(op)] ^ imm, cout, 1);
}
M7_EXEC(mov_imm_t2)
{
    UNPRED_IF(bad_reg(f_rd(op)), "SP or PC as Rd");
    IMM_OPERAND(imm, cout);
    return logical(c, f_rd(op), imm, cout, f_s(op));
}
M7_EXEC(mvn_imm_t1)
{
    UNPRED_IF(bad_reg(f_rd(op)), "SP or PC as Rd");
    IMM_OPERAND(imm, cout);
    return logical(c, f_rd(op), ~imm, cout, f_s(op));
}
/* ADD/ADC/SBC/SUB/RSB: Rd SP or PC, Rn PC are UNPREDICTABLE (SP as Rn is its own encoding for ADD and SUB) */
#define ARITH_IMM(id, b_expr, cin_expr, a_expr) \
    M7_EXEC(id) \
    { \
        unsigned d = f_rd(op), n = f_rn(op); \
        UNPRED_IF(bad_reg(d) || n == 15 || (n == 13 && !(a_expr##_SP)), "SP or PC as Rd or Rn"); \
        IMM_OPERAND(imm, cout); \
        (void)cout; \
        uint32_t rn = c->r[n]; \
        return arith(c, d, a_expr(rn), (b_expr), (cin_expr), f_s(op)); \
    }
#define PLAIN(x) (x)
#define PLAIN_SP 1
#define INVERT(x) (~(x))
#define INVERT_SP 0
#define RN_NOSP(x) (x)
#define RN_NOSP_SP 0
ARITH_IMM(add_imm_t3, imm, 0, PLAIN)
ARITH_IMM(adc_imm_t1, imm, carry(c), RN_NOSP)
ARITH_IMM(sbc_imm_t1, ~imm, carry(c), RN_NOSP)
ARITH_IMM(sub_imm_t3, ~imm, 1, PLAIN)
ARITH_IMM(rsb_imm_t2, imm, 1, INVERT)
M7_EXEC(cmn_imm_t1)
{
    UNPRED_IF(f_rn(op) == 15, "PC as Rn");
    IMM_OPERAND(imm, cout);
    (void)cout;
    return arith(c, NO_RD, c->r[f_rn(op)], imm, 0, 1);
}
M7_EXEC(cmp_imm_t2)
{
    UNPRED_IF(f_rn(op) == 15, "PC as Rn");
    IMM_OPERAND(imm, cout);
    (void)cout;
    return arith(c, NO_RD, c->r[f_rn(op)], ~imm, 1, 1);
}
/* ADD/SUB (SP plus/minus immediate): Rd PC only for the flag-setting compare forms, which are CMN/CMP */
M7_EXEC(add_sp_imm_t3)
{
    UNPRED_IF(f_rd(op) == 15, "PC as Rd");
    IMM_OPERAND(imm, cout);
    (void)cout;
    return arith(c, f_rd(op), c->r[13], imm, 0, f_s(op));
}
M7_EXEC(sub_sp_imm_t2)
{
    UNPRED_IF(f_rd(op) == 15, "PC as Rd");
    IMM_OPERAND(imm, cout);
    (void)cout;
    return arith(c, f_rd(op), c->r[13], ~imm, 1, f_s(op));
}

/* ---- Data processing (plain binary immediate) ---- */
static inline uint32_t imm12_of(uint32_t op) { return ((op >> 15) & 0x800) | ((op >> 4) & 0x700) | (op & 0xff); }
static inline uint32_t imm16_of(uint32_t op) { return ((op >> 4) & 0xf000) | imm12_of(op); }
M7_EXEC(add_imm_t4)
{
    UNPRED_IF(bad_reg(f_rd(op)) || f_rn(op) == 13 || f_rn(op) == 15, "SP or PC as Rd");
    set_reg(c, f_rd(op), c->r[f_rn(op)] + imm12_of(op));
    return EXEC_OK;
}
M7_EXEC(sub_imm_t4)
{
    UNPRED_IF(bad_reg(f_rd(op)), "SP or PC as Rd");
    set_reg(c, f_rd(op), c->r[f_rn(op)] - imm12_of(op));
    return EXEC_OK;
}
M7_EXEC(add_sp_imm_t4)
{
    UNPRED_IF(f_rd(op) == 15, "PC as Rd");
    set_reg(c, f_rd(op), c->r[13] + imm12_of(op));
    return EXEC_OK;
}
M7_EXEC(sub_sp_imm_t3)
{
    UNPRED_IF(f_rd(op) == 15, "PC as Rd");
    set_reg(c, f_rd(op), c->r[13] - imm12_of(op));
    return EXEC_OK;
}
/* ADR: Align(PC, 4) plus (T3) or minus (T2) imm12 */
M7_EXEC(adr_t3)
{
    UNPRED_IF(bad_reg(f_rd(op)), "SP or PC as Rd");
    set_reg(c, f_rd(op), ((pc + 4) & ~3u) + imm12_of(op));
    return EXEC_OK;
}
M7_EXEC(adr_t2)
{
    UNPRED_IF(bad_reg(f_rd(op)), "SP or PC as Rd");
    set_reg(c, f_rd(op), ((pc + 4) & ~3u) - imm12_of(op));
    return EXEC_OK;
}
M7_EXEC(mov_imm_t3)
{
    UNPRED_IF(bad_reg(f_rd(op)), "SP or PC as Rd");
    set_reg(c, f_rd(op), imm16_of(op));
    return EXEC_OK;
}
M7_EXEC(movt_t1)
{
    UNPRED_IF(bad_reg(f_rd(op)), "SP or PC as Rd");
    set_reg(c, f_rd(op), (c->r[f_rd(op)] & 0xffff) | imm16_of(op) << 16);
    return EXEC_OK;
}
/* SignedSatQ / UnsignedSatQ of a value to n bits (1-32 signed, 0-31 unsigned): *q set when it saturated */
static int64_t sat_signed(int64_t v, unsigned n, int *q)
{
    int64_t hi = ((int64_t)1 << (n - 1)) - 1, lo = -((int64_t)1 << (n - 1));
    *q = v > hi || v < lo;
    return v > hi ? hi : v < lo ? lo : v;
}
static int64_t sat_unsigned(int64_t v, unsigned n, int *q)
{
    int64_t hi = ((int64_t)1 << n) - 1;
    *q = v > hi || v < 0;
    return v > hi ? hi : v < 0 ? 0 : v;
}
int64_t m6_v7_sat(int64_t v, unsigned n, int is_signed, int *q)
{
    return is_signed ? sat_signed(v, n, q) : sat_unsigned(v, n, q);
}
/* SSAT/USAT: the operand is Rn shifted (sh: ASR, else LSL) by imm3:imm2 (ASR #0 is SSAT16/USAT16: UNDEFINED
 * without the DSP extension) */
static int saturate(m6 *c, uint32_t pc, uint32_t op, int is_signed)
{
    unsigned d = f_rd(op), n = f_rn(op), sh = (op >> 21) & 1, amount = f_imm5(op);
    UNPRED_IF(bad_reg(d) || bad_reg(n), "SP or PC as Rd or Rn");
    if (sh && !amount) return EXEC_FAULT;
    int64_t v = sh ? (int64_t)((int32_t)c->r[n] >> amount) : (int64_t)(int32_t)(c->r[n] << amount);
    int q;
    unsigned width = (op & 31) + (is_signed ? 1 : 0);
    set_reg(c, d, (uint32_t)m6_v7_sat(v, width, is_signed, &q));
    if (q) c->qge |= Q_FLAG;
    return EXEC_OK;
}
M7_EXEC(ssat_t1) { return saturate(c, pc, op, 1); }
M7_EXEC(usat_t1) { return saturate(c, pc, op, 0); }
/* bit fields: lsb imm3:imm2, widthminus1 / msbit imm5 */
M7_EXEC(sbfx_t1)
{
    unsigned d = f_rd(op), lsb = f_imm5(op), w = (op & 31) + 1;
    UNPRED_IF(bad_reg(d) || bad_reg(f_rn(op)) || lsb + w > 32, "SP or PC as a register, or a field past bit 31");
    set_reg(c, d, (uint32_t)(((int32_t)(c->r[f_rn(op)] << (32 - lsb - w))) >> (32 - w)));
    return EXEC_OK;
}
M7_EXEC(ubfx_t1)
{
    unsigned d = f_rd(op), lsb = f_imm5(op), w = (op & 31) + 1;
    UNPRED_IF(bad_reg(d) || bad_reg(f_rn(op)) || lsb + w > 32, "SP or PC as a register, or a field past bit 31");
    set_reg(c, d, (c->r[f_rn(op)] >> lsb) & (uint32_t)(((uint64_t)1 << w) - 1));
    return EXEC_OK;
}
static int bit_field_insert(m6 *c, uint32_t pc, uint32_t op, uint32_t src)
{
    unsigned d = f_rd(op), lsb = f_imm5(op), msb = op & 31;
    UNPRED_IF(bad_reg(d) || msb < lsb, "SP or PC as Rd, or msb below lsb");
    uint32_t mask = (uint32_t)(((uint64_t)1 << (msb + 1)) - 1) & ~((1u << lsb) - 1);
    set_reg(c, d, (c->r[d] & ~mask) | ((src << lsb) & mask));
    return EXEC_OK;
}
M7_EXEC(bfi_t1)
{
    UNPRED_IF(f_rn(op) == 13, "SP as Rn");
    return bit_field_insert(c, pc, op, c->r[f_rn(op)]);
}
M7_EXEC(bfc_t1) { return bit_field_insert(c, pc, op, 0); }

/* ---- Data processing (shifted register) ---- */
#define LOGICAL_REG(id, expr) \
    M7_EXEC(id) \
    { \
        unsigned d = f_rd(op), n = f_rn(op); \
        UNPRED_IF(bad_reg(d) || bad_reg(n) || bad_reg(f_rm(op)), "SP or PC as a register"); \
        uint32_t cout, b = shifted_reg(c, op, &cout), a = c->r[n]; \
        return logical(c, d, (expr), cout, f_s(op)); \
    }
LOGICAL_REG(and_reg_t2, a & b)
LOGICAL_REG(bic_reg_t2, a & ~b)
LOGICAL_REG(orr_reg_t2, a | b)
LOGICAL_REG(orn_reg_t2, a | ~b)
LOGICAL_REG(eor_reg_t2, a ^ b)
#define TEST_REG(id, expr) \
    M7_EXEC(id) \
    { \
        UNPRED_IF(bad_reg(f_rn(op)) || bad_reg(f_rm(op)), "SP or PC as a register"); \
        uint32_t cout, b = shifted_reg(c, op, &cout), a = c->r[f_rn(op)]; \
        return logical(c, NO_RD, (expr), cout, 1); \
    }
TEST_REG(tst_reg_t2, a & b)
TEST_REG(teq_reg_t1, a ^ b)
/* MOV (register) and the shifts by an immediate: Rd SP is allowed for MOV with a PC-free Rm, not with S */
M7_EXEC(mov_reg_t3)
{
    unsigned d = f_rd(op), m = f_rm(op), s = f_s(op);
    UNPRED_IF(d == 15 || m == 15 || (s && (d == 13 || m == 13)) || (d == 13 && m == 13),
              "PC as a register, or SP with S");
    set_reg(c, d, c->r[m]);
    if (s) set_nz(c, c->r[d]);
    return EXEC_OK;
}
#define SHIFT_IMM(id) \
    M7_EXEC(id) \
    { \
        UNPRED_IF(bad_reg(f_rd(op)) || bad_reg(f_rm(op)), "SP or PC as a register"); \
        uint32_t cout, r = shifted_reg(c, op, &cout); \
        return logical(c, f_rd(op), r, cout, f_s(op)); \
    }
SHIFT_IMM(lsl_imm_t2)
SHIFT_IMM(lsr_imm_t2)
SHIFT_IMM(asr_imm_t2)
SHIFT_IMM(ror_imm_t1)
SHIFT_IMM(rrx_t1)
M7_EXEC(mvn_reg_t2)
{
    UNPRED_IF(bad_reg(f_rd(op)) || bad_reg(f_rm(op)), "SP or PC as a register");
    uint32_t cout, b = shifted_reg(c, op, &cout);
    return logical(c, f_rd(op), ~b, cout, f_s(op));
}
#define ARITH_REG(id, b_expr, cin_expr, a_expr) \
    M7_EXEC(id) \
    { \
        unsigned d = f_rd(op), n = f_rn(op); \
        UNPRED_IF(bad_reg(d) || n == 15 || (n == 13 && !(a_expr##_SP)) || bad_reg(f_rm(op)), \
                  "SP or PC as a register"); \
        uint32_t cout, b = shifted_reg(c, op, &cout), rn = c->r[n]; \
        (void)cout; \
        return arith(c, d, a_expr(rn), (b_expr), (cin_expr), f_s(op)); \
    }
ARITH_REG(add_reg_t3, b, 0, PLAIN)
ARITH_REG(adc_reg_t2, b, carry(c), RN_NOSP)
ARITH_REG(sbc_reg_t2, ~b, carry(c), RN_NOSP)
ARITH_REG(sub_reg_t2, ~b, 1, PLAIN)
ARITH_REG(rsb_reg_t1, b, 1, INVERT)
M7_EXEC(cmn_reg_t2)
{
    UNPRED_IF(f_rn(op) == 15 || bad_reg(f_rm(op)), "PC as Rn, SP or PC as Rm");
    uint32_t cout, b = shifted_reg(c, op, &cout);
    (void)cout;
    return arith(c, NO_RD, c->r[f_rn(op)], b, 0, 1);
}
M7_EXEC(cmp_reg_t3)
{
    UNPRED_IF(f_rn(op) == 15 || bad_reg(f_rm(op)), "PC as Rn, SP or PC as Rm");
    uint32_t cout, b = shifted_reg(c, op, &cout);
    (void)cout;
    return arith(c, NO_RD, c->r[f_rn(op)], ~b, 1, 1);
}
/* ADD/SUB (SP plus/minus register): Rd PC is UNPREDICTABLE; the shift LSL #0-3 only for Rd SP */
M7_EXEC(add_sp_reg_t3)
{
    unsigned d = f_rd(op);
    UNPRED_IF(d == 15 || bad_reg(f_rm(op)) || (d == 13 && (f_type(op) != 0 || f_imm5(op) > 3)),
              "PC as Rd, SP or PC as Rm, or a shift other than LSL #0-3 into SP");
    uint32_t cout, b = shifted_reg(c, op, &cout);
    (void)cout;
    return arith(c, d, c->r[13], b, 0, f_s(op));
}
M7_EXEC(sub_sp_reg_t1)
{
    unsigned d = f_rd(op);
    UNPRED_IF(d == 15 || bad_reg(f_rm(op)) || (d == 13 && (f_type(op) != 0 || f_imm5(op) > 3)),
              "PC as Rd, SP or PC as Rm, or a shift other than LSL #0-3 into SP");
    uint32_t cout, b = shifted_reg(c, op, &cout);
    (void)cout;
    return arith(c, d, c->r[13], ~b, 1, f_s(op));
}

/* ---- Data processing (register): shifts by a register, extends, miscellaneous ---- */
#define REGS3_OK(op) (!bad_reg(f_rd(op)) && !bad_reg(f_rn(op)) && !bad_reg(f_rm(op)))
static int shift_reg(m6 *c, uint32_t pc, uint32_t op, unsigned type)
{
    UNPRED_IF(!REGS3_OK(op), "SP or PC as a register");
    uint32_t apsr = c->apsr, r = m6_ex_shift_c(c, type, c->r[f_rn(op)], c->r[f_rm(op)] & 0xff);
    if (f_s(op)) set_nz(c, r);
    else c->apsr = apsr;
    set_reg(c, f_rd(op), r);
    return EXEC_OK;
}
M7_EXEC(lsl_reg_t2) { return shift_reg(c, pc, op, SRTYPE_LSL); }
M7_EXEC(lsr_reg_t2) { return shift_reg(c, pc, op, SRTYPE_LSR); }
M7_EXEC(asr_reg_t2) { return shift_reg(c, pc, op, SRTYPE_ASR); }
M7_EXEC(ror_reg_t2) { return shift_reg(c, pc, op, SRTYPE_ROR); }
/* ROR(R[m], 8 * rotate) for the extends */
uint32_t m6_v7_rotated(const m6 *c, uint32_t op)
{
    unsigned rot = ((op >> 4) & 3) * 8;
    uint32_t v = c->r[f_rm(op)];
    return rot ? (v >> rot) | (v << (32 - rot)) : v;
}
#define EXTEND(id, expr) \
    M7_EXEC(id) \
    { \
        UNPRED_IF(bad_reg(f_rd(op)) || bad_reg(f_rm(op)), "SP or PC as a register"); \
        uint32_t v = m6_v7_rotated(c, op); \
        set_reg(c, f_rd(op), (expr)); \
        return EXEC_OK; \
    }
EXTEND(sxth_t2, (uint32_t)(int32_t)(int16_t)v)
EXTEND(uxth_t2, v & 0xffff)
EXTEND(sxtb_t2, (uint32_t)(int32_t)(int8_t)v)
EXTEND(uxtb_t2, v & 0xff)
/* REV, REV16, REVSH, RBIT, CLZ: Rm appears twice in the encoding; differing copies are UNPREDICTABLE */
#define MISC(id, expr) \
    M7_EXEC(id) \
    { \
        UNPRED_IF(bad_reg(f_rd(op)) || bad_reg(f_rm(op)) || f_rn(op) != f_rm(op), \
                  "SP or PC as a register, or two different Rm"); \
        uint32_t v = c->r[f_rm(op)]; \
        set_reg(c, f_rd(op), (expr)); \
        return EXEC_OK; \
    }
static uint32_t rbit(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(v);
}
MISC(rev_t2, __builtin_bswap32(v))
MISC(rev16_t2, ((v & 0x00ff00ffu) << 8) | ((v >> 8) & 0x00ff00ffu))
MISC(revsh_t2, (uint32_t)(int32_t)(int16_t)(((v & 0xff) << 8) | ((v >> 8) & 0xff)))
MISC(rbit_t1, rbit(v))
MISC(clz_t1, v ? (uint32_t)__builtin_clz(v) : 32u)

/* ---- Multiply, multiply accumulate; long multiply, divide ---- */
M7_EXEC(mul_t2)
{
    UNPRED_IF(!REGS3_OK(op), "SP or PC as a register");
    set_reg(c, f_rd(op), c->r[f_rn(op)] * c->r[f_rm(op)]);
    return EXEC_OK;
}
M7_EXEC(mla_t1)
{
    UNPRED_IF(!REGS3_OK(op) || f_rt(op) == 13, "SP or PC as a register");
    set_reg(c, f_rd(op), c->r[f_rn(op)] * c->r[f_rm(op)] + c->r[f_rt(op)]);
    return EXEC_OK;
}
M7_EXEC(mls_t1)
{
    UNPRED_IF(!REGS3_OK(op) || bad_reg(f_rt(op)), "SP or PC as a register");
    set_reg(c, f_rd(op), c->r[f_rt(op)] - c->r[f_rn(op)] * c->r[f_rm(op)]);
    return EXEC_OK;
}
/* RdLo (hw2 15:12) and RdHi (11:8): both registers, not SP or PC, not the same */
int m6_v7_long_regs_bad(uint32_t op)
{
    return bad_reg(f_rt(op)) || bad_reg(f_rd(op)) || bad_reg(f_rn(op)) || bad_reg(f_rm(op)) || f_rt(op) == f_rd(op);
}
void m6_v7_set_long(m6 *c, uint32_t op, uint64_t v)
{
    set_reg(c, f_rt(op), (uint32_t)v);
    set_reg(c, f_rd(op), (uint32_t)(v >> 32));
}
static inline uint64_t long_acc(const m6 *c, uint32_t op) { return (uint64_t)c->r[f_rd(op)] << 32 | c->r[f_rt(op)]; }
#define LONG_MUL(id, expr) \
    M7_EXEC(id) \
    { \
        UNPRED_IF(m6_v7_long_regs_bad(op), "SP or PC as a register, or RdLo the same as RdHi"); \
        uint32_t a = c->r[f_rn(op)], b = c->r[f_rm(op)]; \
        m6_v7_set_long(c, op, (expr)); \
        return EXEC_OK; \
    }
LONG_MUL(smull_t1, (uint64_t)((int64_t)(int32_t)a * (int32_t)b))
LONG_MUL(umull_t1, (uint64_t)a * b)
LONG_MUL(smlal_t1, (uint64_t)((int64_t)(int32_t)a * (int32_t)b) + long_acc(c, op))
LONG_MUL(umlal_t1, (uint64_t)a * b + long_acc(c, op))
/* Divide by zero gives 0 (CCR.DIV_0_TRP clear: the model does not trap); INT_MIN / -1 gives INT_MIN */
M7_EXEC(sdiv_t1)
{
    UNPRED_IF(!REGS3_OK(op), "SP or PC as a register");
    int32_t a = (int32_t)c->r[f_rn(op)], b = (int32_t)c->r[f_rm(op)];
    set_reg(c, f_rd(op), b == 0 ? 0 : (a == INT32_MIN && b == -1) ? (uint32_t)a : (uint32_t)(a / b));
    return EXEC_OK;
}
M7_EXEC(udiv_t1)
{
    UNPRED_IF(!REGS3_OK(op), "SP or PC as a register");
    uint32_t a = c->r[f_rn(op)], b = c->r[f_rm(op)];
    set_reg(c, f_rd(op), b ? a / b : 0);
    return EXEC_OK;
}

/* ARMv7E-M's DSP extension (ARMv7-M ARM, the instructions marked "ARMv7E-M"): halfword saturation, extend and
 * add, parallel add/subtract with the GE flags, saturating add/subtract, SEL, the halfword and dual multiplies,
 * most-significant-word multiplies, USAD8, PKHBT/PKHTB, UMAAL. One executor per encoding. */
#include "m6_state.h"
#include "exec.h"

#define UNPRED_IF(cond, why) \
    do { \
        if (cond) return m6_v7_unpredictable(c, pc, why); \
    } while (0)
#define REGS3_BAD(op) (bad_reg(f_rd(op)) || bad_reg(f_rn(op)) || bad_reg(f_rm(op)))

static inline int32_t lo16(uint32_t v) { return (int16_t)v; }
static inline int32_t hi16(uint32_t v) { return (int16_t)(v >> 16); }
static inline void set_q(m6 *c) { c->qge |= Q_FLAG; }

/* SSAT16/USAT16: each halfword saturated to sat_imm (+1 for SSAT16) bits */
static int saturate16(m6 *c, uint32_t pc, uint32_t op, int is_signed)
{
    UNPRED_IF(bad_reg(f_rd(op)) || bad_reg(f_rn(op)), "SP or PC as a register");
    unsigned n = (op & 15) + (is_signed ? 1 : 0);
    uint32_t v = c->r[f_rn(op)];
    int q1, q2;
    uint32_t lo = (uint32_t)m6_v7_sat(lo16(v), n, is_signed, &q1) & 0xffff;
    uint32_t hi = (uint32_t)m6_v7_sat(hi16(v), n, is_signed, &q2) & 0xffff;
    set_reg(c, f_rd(op), hi << 16 | lo);
    if (q1 || q2) set_q(c);
    return EXEC_OK;
}
M7_EXEC(ssat16_t1) { return saturate16(c, pc, op, 1); }
M7_EXEC(usat16_t1) { return saturate16(c, pc, op, 0); }

/* Extend and add: Rn + extend(ROR(Rm, rotation)); the 16-bit forms on each halfword */
#define EXTEND_ADD(id, expr) \
    M7_EXEC(id) \
    { \
        UNPRED_IF(REGS3_BAD(op), "SP or PC as a register"); \
        uint32_t v = m6_v7_rotated(c, op), a = c->r[f_rn(op)]; \
        set_reg(c, f_rd(op), (expr)); \
        return EXEC_OK; \
    }
#define EXTEND_ONLY(id, expr) \
    M7_EXEC(id) \
    { \
        UNPRED_IF(bad_reg(f_rd(op)) || bad_reg(f_rm(op)), "SP or PC as a register"); \
        uint32_t v = m6_v7_rotated(c, op); \
        set_reg(c, f_rd(op), (expr)); \
        return EXEC_OK; \
    }
static inline uint32_t pair16(uint32_t hi, uint32_t lo) { return hi << 16 | (lo & 0xffff); }
EXTEND_ADD(sxtah_t1, a + (uint32_t)(int32_t)(int16_t)v)
EXTEND_ADD(uxtah_t1, a + (v & 0xffff))
EXTEND_ADD(sxtab_t1, a + (uint32_t)(int32_t)(int8_t)v)
EXTEND_ADD(uxtab_t1, a + (v & 0xff))
EXTEND_ADD(sxtab16_t1, pair16((a >> 16) + (uint32_t)(int8_t)(v >> 16), a + (uint32_t)(int8_t)v))
EXTEND_ADD(uxtab16_t1, pair16((a >> 16) + ((v >> 16) & 0xff), a + (v & 0xff)))
EXTEND_ONLY(sxtb16_t1, pair16((uint32_t)(int8_t)(v >> 16), (uint32_t)(int8_t)v))
EXTEND_ONLY(uxtb16_t1, v & 0x00ff00ffu)

/* Parallel addition and subtraction: each lane (four bytes or two halfwords) of Rn with the same lane of Rm (ASX
 * and SAX: the other halfword; ASX subtracts in the bottom lane, SAX in the top) in full precision. The plain
 * forms write the lane and its GE bits (a signed result >= 0, an unsigned sum that carried out of the lane, an
 * unsigned difference >= 0); the Q forms saturate the lane and the H forms halve it, writing no flag (not Q). */
enum { PAR_ADD8, PAR_SUB8, PAR_ADD16, PAR_SUB16, PAR_ASX, PAR_SAX };
enum { PAR_PLAIN, PAR_SAT, PAR_HALVE };
static inline int32_t lane_value(uint32_t v, unsigned bits, int is_signed)
{
    if (!is_signed) return (int32_t)v;
    return bits == 8 ? (int8_t)v : (int16_t)v;
}
static int parallel(m6 *c, uint32_t pc, uint32_t op, unsigned kind, int is_signed, unsigned mode)
{
    UNPRED_IF(REGS3_BAD(op), "SP or PC as a register");
    uint32_t n = c->r[f_rn(op)], m = c->r[f_rm(op)];
    unsigned bits = kind <= PAR_SUB8 ? 8 : 16, lanes = 32 / bits, ge_per_lane = 4 / lanes;
    uint32_t lane_mask = (1u << bits) - 1, res = 0, ge = 0;
    for (unsigned i = 0; i < lanes; i++) {
        unsigned at = i * bits;
        int cross = kind == PAR_ASX || kind == PAR_SAX;
        uint32_t b = (m >> (cross ? 16 - at : at)) & lane_mask;
        int sub = kind == PAR_SUB8 || kind == PAR_SUB16 || (kind == PAR_ASX && i == 0) || (kind == PAR_SAX && i == 1);
        int32_t x = lane_value((n >> at) & lane_mask, bits, is_signed), y = lane_value(b, bits, is_signed);
        int32_t r = sub ? x - y : x + y;
        int ge_set = is_signed || sub ? r >= 0 : r >= (int32_t)(1u << bits);
        int q;
        if (mode == PAR_SAT) r = (int32_t)m6_v7_sat(r, bits, is_signed, &q);
        else if (mode == PAR_HALVE) r = (r - (r < 0 && (r & 1))) / 2; /* floor(r / 2) */
        res |= ((uint32_t)r & lane_mask) << at;
        if (ge_set) ge |= ((1u << ge_per_lane) - 1) << (i * ge_per_lane);
    }
    set_reg(c, f_rd(op), res);
    if (mode == PAR_PLAIN) c->qge = (c->qge & ~0x000f0000u) | ge << 16;
    return EXEC_OK;
}
#define PARALLEL(name, kind) \
    M7_EXEC(s##name##_t1) { return parallel(c, pc, op, kind, 1, PAR_PLAIN); } \
    M7_EXEC(q##name##_t1) { return parallel(c, pc, op, kind, 1, PAR_SAT); } \
    M7_EXEC(sh##name##_t1) { return parallel(c, pc, op, kind, 1, PAR_HALVE); } \
    M7_EXEC(u##name##_t1) { return parallel(c, pc, op, kind, 0, PAR_PLAIN); } \
    M7_EXEC(uq##name##_t1) { return parallel(c, pc, op, kind, 0, PAR_SAT); } \
    M7_EXEC(uh##name##_t1) { return parallel(c, pc, op, kind, 0, PAR_HALVE); }
PARALLEL(add8, PAR_ADD8)
PARALLEL(sub8, PAR_SUB8)
PARALLEL(add16, PAR_ADD16)
PARALLEL(sub16, PAR_SUB16)
PARALLEL(asx, PAR_ASX)
PARALLEL(sax, PAR_SAX)

/* QADD, QSUB, QDADD, QDSUB: signed saturating, Q set when any step saturated */
static int32_t sat32(int64_t v, int *q)
{
    return (int32_t)m6_v7_sat(v, 32, 1, q);
}
static int qarith(m6 *c, uint32_t pc, uint32_t op, int doubling, int subtract)
{
    UNPRED_IF(REGS3_BAD(op), "SP or PC as a register");
    int q1 = 0, q2;
    int64_t b = (int32_t)c->r[f_rn(op)];
    if (doubling) b = sat32(2 * b, &q1);
    int64_t a = (int32_t)c->r[f_rm(op)];
    set_reg(c, f_rd(op), (uint32_t)sat32(subtract ? a - b : a + b, &q2));
    if (q1 || q2) set_q(c);
    return EXEC_OK;
}
M7_EXEC(qadd_t1) { return qarith(c, pc, op, 0, 0); }
M7_EXEC(qsub_t1) { return qarith(c, pc, op, 0, 1); }
M7_EXEC(qdadd_t1) { return qarith(c, pc, op, 1, 0); }
M7_EXEC(qdsub_t1) { return qarith(c, pc, op, 1, 1); }
/* SEL: each byte from Rn where its GE bit is set, else from Rm */
M7_EXEC(sel_t1)
{
    UNPRED_IF(REGS3_BAD(op), "SP or PC as a register");
    uint32_t ge = (c->qge >> 16) & 15, mask = 0;
    for (unsigned i = 0; i < 4; i++)
        if (ge >> i & 1) mask |= 0xffu << (8 * i);
    set_reg(c, f_rd(op), (c->r[f_rn(op)] & mask) | (c->r[f_rm(op)] & ~mask));
    return EXEC_OK;
}

/* Halfword multiplies: N (hw2 bit 5) picks Rn's top half, M (bit 4) Rm's */
static inline int32_t half(uint32_t v, unsigned top) { return top ? hi16(v) : lo16(v); }
#define MUL_REGS_BAD(op, acc) (REGS3_BAD(op) || ((acc) && bad_reg(f_rt(op))))
/* an accumulate that overflows sets Q (the result wraps) */
static uint32_t acc32(m6 *c, int64_t v)
{
    if (v != (int32_t)v) set_q(c);
    return (uint32_t)v;
}
static int mul_halves(m6 *c, uint32_t pc, uint32_t op, int acc)
{
    UNPRED_IF(MUL_REGS_BAD(op, acc), "SP or PC as a register");
    int64_t p = (int64_t)half(c->r[f_rn(op)], op >> 5 & 1) * half(c->r[f_rm(op)], op >> 4 & 1);
    set_reg(c, f_rd(op), acc ? acc32(c, p + (int32_t)c->r[f_rt(op)]) : (uint32_t)p);
    return EXEC_OK;
}
M7_EXEC(smulxy_t1) { return mul_halves(c, pc, op, 0); }
M7_EXEC(smlaxy_t1) { return mul_halves(c, pc, op, 1); }
/* SMULW<y>/SMLAW<y>: (Rn * the chosen half of Rm) >> 16 */
static int mul_word_half(m6 *c, uint32_t pc, uint32_t op, int acc)
{
    UNPRED_IF(MUL_REGS_BAD(op, acc), "SP or PC as a register");
    int64_t p = ((int64_t)(int32_t)c->r[f_rn(op)] * half(c->r[f_rm(op)], op >> 4 & 1)) >> 16;
    set_reg(c, f_rd(op), acc ? acc32(c, p + (int32_t)c->r[f_rt(op)]) : (uint32_t)p);
    return EXEC_OK;
}
M7_EXEC(smulwy_t1) { return mul_word_half(c, pc, op, 0); }
M7_EXEC(smlawy_t1) { return mul_word_half(c, pc, op, 1); }
/* Dual multiplies: Rn.lo * Rm'.lo +/- Rn.hi * Rm'.hi, Rm' with its halves swapped when X (bit 4) */
static int64_t dual_products(const m6 *c, uint32_t op, int subtract)
{
    uint32_t n = c->r[f_rn(op)], m = c->r[f_rm(op)];
    if (op >> 4 & 1) m = m >> 16 | m << 16;
    int64_t p1 = (int64_t)lo16(n) * lo16(m), p2 = (int64_t)hi16(n) * hi16(m);
    return subtract ? p1 - p2 : p1 + p2;
}
static int mul_dual(m6 *c, uint32_t pc, uint32_t op, int acc, int subtract)
{
    UNPRED_IF(MUL_REGS_BAD(op, acc), "SP or PC as a register");
    int64_t v = dual_products(c, op, subtract) + (acc ? (int32_t)c->r[f_rt(op)] : 0);
    set_reg(c, f_rd(op), acc32(c, v));
    return EXEC_OK;
}
M7_EXEC(smuad_t1) { return mul_dual(c, pc, op, 0, 0); }
M7_EXEC(smlad_t1) { return mul_dual(c, pc, op, 1, 0); }
M7_EXEC(smusd_t1) { return mul_dual(c, pc, op, 0, 1); }
M7_EXEC(smlsd_t1) { return mul_dual(c, pc, op, 1, 1); }
/* Most significant word: (Ra << 32 +/- Rn * Rm)[63:32], rounded when R (bit 4) */
static int mul_msw(m6 *c, uint32_t pc, uint32_t op, int acc, int subtract)
{
    UNPRED_IF(MUL_REGS_BAD(op, acc), "SP or PC as a register");
    /* modulo 2^64: (Ra << 32) +/- the product can pass the signed 64-bit range, the bits kept do not */
    uint64_t p = (uint64_t)((int64_t)(int32_t)c->r[f_rn(op)] * (int32_t)c->r[f_rm(op)]);
    uint64_t a = acc ? (uint64_t)c->r[f_rt(op)] << 32 : 0;
    uint64_t v = subtract ? a - p : a + p;
    if (op >> 4 & 1) v += 0x80000000u;
    set_reg(c, f_rd(op), (uint32_t)(v >> 32));
    return EXEC_OK;
}
M7_EXEC(smmul_t1) { return mul_msw(c, pc, op, 0, 0); }
M7_EXEC(smmla_t1) { return mul_msw(c, pc, op, 1, 0); }
M7_EXEC(smmls_t1) { return mul_msw(c, pc, op, 1, 1); }
/* USAD8/USADA8: the sum of the bytes' absolute differences */
static int usad(m6 *c, uint32_t pc, uint32_t op, int acc)
{
    UNPRED_IF(MUL_REGS_BAD(op, acc), "SP or PC as a register");
    uint32_t n = c->r[f_rn(op)], m = c->r[f_rm(op)], sum = acc ? c->r[f_rt(op)] : 0;
    for (unsigned i = 0; i < 32; i += 8) {
        int d = (int)((n >> i) & 0xff) - (int)((m >> i) & 0xff);
        sum += (uint32_t)(d < 0 ? -d : d);
    }
    set_reg(c, f_rd(op), sum);
    return EXEC_OK;
}
M7_EXEC(usad8_t1) { return usad(c, pc, op, 0); }
M7_EXEC(usada8_t1) { return usad(c, pc, op, 1); }
/* Long accumulates into RdHi:RdLo */
static inline uint64_t long_acc(const m6 *c, uint32_t op) { return (uint64_t)c->r[f_rd(op)] << 32 | c->r[f_rt(op)]; }
M7_EXEC(smlalxy_t1)
{
    UNPRED_IF(m6_v7_long_regs_bad(op), "SP or PC as a register, or RdLo the same as RdHi");
    int64_t p = (int64_t)half(c->r[f_rn(op)], op >> 5 & 1) * half(c->r[f_rm(op)], op >> 4 & 1);
    m6_v7_set_long(c, op, long_acc(c, op) + (uint64_t)p);
    return EXEC_OK;
}
M7_EXEC(smlald_t1)
{
    UNPRED_IF(m6_v7_long_regs_bad(op), "SP or PC as a register, or RdLo the same as RdHi");
    m6_v7_set_long(c, op, long_acc(c, op) + (uint64_t)dual_products(c, op, 0));
    return EXEC_OK;
}
M7_EXEC(smlsld_t1)
{
    UNPRED_IF(m6_v7_long_regs_bad(op), "SP or PC as a register, or RdLo the same as RdHi");
    m6_v7_set_long(c, op, long_acc(c, op) + (uint64_t)dual_products(c, op, 1));
    return EXEC_OK;
}
M7_EXEC(umaal_t1)
{
    UNPRED_IF(m6_v7_long_regs_bad(op), "SP or PC as a register, or RdLo the same as RdHi");
    uint64_t v = (uint64_t)c->r[f_rn(op)] * c->r[f_rm(op)] + c->r[f_rt(op)] + c->r[f_rd(op)];
    m6_v7_set_long(c, op, v);
    return EXEC_OK;
}
/* PKHBT: Rn's bottom half, the top of Rm LSL imm; PKHTB: Rn's top half, the bottom of Rm ASR imm (0: 32) */
M7_EXEC(pkhbt_t1)
{
    UNPRED_IF(REGS3_BAD(op), "SP or PC as a register");
    uint32_t m = c->r[f_rm(op)] << f_imm5(op);
    set_reg(c, f_rd(op), (m & 0xffff0000u) | (c->r[f_rn(op)] & 0xffff));
    return EXEC_OK;
}
M7_EXEC(pkhtb_t1)
{
    UNPRED_IF(REGS3_BAD(op), "SP or PC as a register");
    unsigned sh = f_imm5(op) ? f_imm5(op) : 31;
    uint32_t m = (uint32_t)((int32_t)c->r[f_rm(op)] >> sh);
    set_reg(c, f_rd(op), (c->r[f_rn(op)] & 0xffff0000u) | (m & 0xffff));
    return EXEC_OK;
}

/* What the executors share: model/cpu.c (the ARMv6-M encodings, fetch and dispatch) and the ARMv7-M ones by
 * category (model/exec_v7m_dp.c, exec_v7m_ldst.c, exec_v7m_ctrl.c, exec_v7em_dsp.c). For the model's own
 * sources only. The small helpers are inline here; the larger ones stay in cpu.c, where the ARMv6-M
 * executors inline them, and reach the other files through the m6_ex_ calls below. */
#ifndef M6_EXEC_H
#define M6_EXEC_H

/* after m6_state.h, which each of those sources includes itself (tests/repo/test_layout.sh: only the library's
 * sources include the model's state) */

#define N_FLAG 0x80000000u
#define Z_FLAG 0x40000000u
#define C_FLAG 0x20000000u
#define V_FLAG 0x10000000u
#define Q_FLAG 0x08000000u /* ARMv7-M: held in c->qge with GE[3:0] (bits 19:16) */

/* What an executor returns. A fault returns before the instruction's first register or flag write. */
enum {
    EXEC_OK = 0,
    EXEC_FAULT = -1,        /* HardFault at the instruction (UNDEFINED, a bus or alignment error) */
    EXEC_NOT_TAKEN = 1,     /* B<cond>, CBZ/CBNZ: the branch was not taken */
    EXEC_UNPREDICTABLE = 2, /* the manual leaves it UNPREDICTABLE: the model stops (m6_v7_unpredictable) */
};

enum { SRTYPE_LSL, SRTYPE_LSR, SRTYPE_ASR, SRTYPE_ROR, SRTYPE_RRX };

/* Forced inlining of the hot path, in the optimised builds only: the coverage build (-O0) keeps one copy of each
 * function, so that a branch of an executor is one branch however many steps inline it. */
#ifdef __OPTIMIZE__
#define M6_HOT_INLINE __attribute__((always_inline))
#else
#define M6_HOT_INLINE
#endif

static inline int handler_mode(const m6 *c) { return c->ipsr != 0; }
static inline int psp_active(const m6 *c) { return !handler_mode(c) && (c->control & 2); }

/* Register writes of the step, remembered for the trace: bit TM_REG_<x>; the stack pointer as the bank written. */
static inline void set_reg(m6 *c, unsigned n, uint32_t v)
{
    if (n == 13) {
        v &= ~3u;
        c->reg_written |= psp_active(c) ? 1u << TM_REG_PSP : 1u << TM_REG_MSP;
    } else {
        c->reg_written |= 1u << n;
    }
    c->r[n] = v;
}

static inline void set_nz(m6 *c, uint32_t r)
{
    c->apsr = (c->apsr & ~(N_FLAG | Z_FLAG)) | (r & N_FLAG) | (r ? 0 : Z_FLAG);
}

/* AddWithCarry, and the flags it gives: every caller sets them (the flagless additions, ADD SP/PC/high registers,
 * ADR, do not call it) */
static inline uint32_t add_with_carry(m6 *c, uint32_t a, uint32_t b, uint32_t carry_in)
{
    uint64_t u = (uint64_t)a + b + carry_in;
    uint32_t r = (uint32_t)u;
    uint32_t f = (r & N_FLAG) | (r ? 0 : Z_FLAG);
    if (u >> 32) f |= C_FLAG;
    if (((a ^ r) & (b ^ r)) >> 31) f |= V_FLAG;
    c->apsr = f;
    return r;
}

static inline uint32_t carry(const m6 *c) { return (c->apsr >> 29) & 1; }

static inline void set_c(m6 *c, uint32_t cbit) { c->apsr = (c->apsr & ~C_FLAG) | (cbit ? C_FLAG : 0); }

/* model/cpu.c, out of line for the ARMv7-M executors (the ARMv6-M ones inline their static originals). */
/* A data access of the instruction: 0, or -1 (fault) for a bus error, or for an unaligned one that the
 * architecture does not allow (all on ARMv6-M; on ARMv7-M the multi-word and exclusive accesses, which check
 * alignment themselves before calling). Recorded for the trace. */
int m6_ex_load(m6 *c, uint32_t addr, unsigned size, uint32_t *v);
int m6_ex_store(m6 *c, uint32_t addr, unsigned size, uint32_t v);
int m6_ex_cond_passed(const m6 *c, unsigned cond);
void m6_ex_branch(m6 *c, uint32_t pc_now, uint32_t target);
/* BXWritePC (an exception return, or an interworking branch): -1 for an invalid EXC_RETURN (HardFault) */
int m6_ex_bx_write_pc(m6 *c, uint32_t pc_now, uint32_t target);
/* LoadWritePC's check before anything is written: an EXC_RETURN that is not valid in handler mode faults */
int m6_ex_bad_exc_return(const m6 *c, uint32_t target);
/* Shift_C for LSL, LSR, ASR, ROR by 0-255, the carry written (a shift by 0 leaves it) */
uint32_t m6_ex_shift_c(m6 *c, unsigned type, uint32_t v, uint32_t amount);
uint32_t m6_ex_read_special(const m6 *c, unsigned sysm);
void m6_ex_write_special(m6 *c, unsigned sysm, uint32_t v, unsigned mask);

/* model/exec_v7m_dp.c, shared with exec_v7em_dsp.c */
/* SignedSatQ (is_signed: to 1-32 bits) / UnsignedSatQ (to 0-31 bits) of v; *q set when it saturated */
int64_t m6_v7_sat(int64_t v, unsigned n, int is_signed, int *q);
/* ROR(R[m], 8 * rotate) of the extend instructions (rotate: hw2 5:4) */
uint32_t m6_v7_rotated(const m6 *c, uint32_t op);
/* The long multiplies' registers: RdLo (hw2 15:12), RdHi (11:8), Rn, Rm; bad when SP or PC or RdLo == RdHi */
int m6_v7_long_regs_bad(uint32_t op);
void m6_v7_set_long(m6 *c, uint32_t op, uint64_t v); /* RdHi:RdLo = v */

/* model/exec_v7m_ctrl.c: the model stops at pc: what the manual calls UNPREDICTABLE there (why) is given no
 * meaning. The executor returns EXEC_UNPREDICTABLE after it. */
int m6_v7_unpredictable(m6 *c, uint32_t pc, const char *why);
/* ITAdvance(): the IT state after an instruction of an IT block */
static inline void m6_v7_it_advance(m6 *c)
{
    c->itstate = (c->itstate & 7) ? (uint8_t)((c->itstate & 0xe0) | ((c->itstate << 1) & 0x1f)) : 0;
}

/* The ARMv7-M executors, one per encoding of tarmac/thumb_encodings.h whose architecture column is 7M or 7EM:
 * m6_v7_<id>. */
#define M7_DECLARE_6M(id)
#define M7_DECLARE_7M(id) int m6_v7_##id(m6 *c, uint32_t pc, uint32_t op);
#define M7_DECLARE_7EM(id) M7_DECLARE_7M(id)
#define M7_DECLARE(id, name, mnemonic, match, mask, cls, syntax, flags, arch) M7_DECLARE_##arch(id)
THUMB_ENCODINGS_16(M7_DECLARE)
THUMB_ENCODINGS_32(M7_DECLARE)
#undef M7_DECLARE

/* Fields of the 32-bit encodings (hw1:hw2), named as in the manual's diagrams. */
static inline unsigned f_rn(uint32_t op) { return (op >> 16) & 15; }  /* hw1 3:0 */
static inline unsigned f_rd(uint32_t op) { return (op >> 8) & 15; }   /* hw2 11:8: Rd, RdHi */
static inline unsigned f_rt(uint32_t op) { return (op >> 12) & 15; }  /* hw2 15:12: Rt, Ra, RdLo */
static inline unsigned f_rm(uint32_t op) { return op & 15; }          /* hw2 3:0 */
static inline unsigned f_s(uint32_t op) { return (op >> 20) & 1; }    /* hw1 4: S, L */
static inline unsigned f_imm8(uint32_t op) { return op & 0xff; }
static inline unsigned f_imm12(uint32_t op) { return op & 0xfff; }
/* imm3:imm2 of the shifts and bit fields, and the shift type of a shifted register */
static inline unsigned f_imm5(uint32_t op) { return ((op >> 10) & 0x1c) | ((op >> 6) & 3); }
static inline unsigned f_type(uint32_t op) { return (op >> 4) & 3; }
/* BadReg(): SP or PC where the manual allows neither */
static inline int bad_reg(unsigned r) { return r == 13 || r == 15; }

/* An ARMv7-M executor's definition. */
#define M7_UNUSED __attribute__((unused))
#define M7_EXEC(id) int m6_v7_##id(M7_UNUSED m6 *c, M7_UNUSED uint32_t pc, M7_UNUSED uint32_t op)

#endif

/* ARMv7-M 32-bit loads and stores (ARMv7-M ARM, "Load/store single data item", "Load word", "Load halfword,
 * memory hints", "Load byte, memory hints", "Store single data item", "Load/store multiple", "Load/store dual or
 * exclusive, table branch"): one executor per encoding. Single word and halfword accesses may be unaligned
 * (CCR.UNALIGN_TRP clear); the multiple, dual and exclusive ones fault when unaligned. Unprivileged execution is
 * not modelled: LDRT/STRT access as their privileged forms (model/ARCHITECTURE.md). */
#include "m6_state.h"
#include "exec.h"

#define UNPRED_IF(cond, why) \
    do { \
        if (cond) return m6_v7_unpredictable(c, pc, why); \
    } while (0)

/* The three addressing forms of a single access: offset imm12 (from Rn, up), imm8 with P U W (hw2 10:8), and
 * register (Rn + Rm << imm2). *wb is the register written back (16: none), *wb_val its value. */
enum { NO_WB = 16 };
static uint32_t addr_imm12(const m6 *c, uint32_t op, unsigned *wb, uint32_t *wb_val)
{
    (void)wb_val;
    *wb = NO_WB;
    return c->r[f_rn(op)] + f_imm12(op);
}
static uint32_t addr_imm8(const m6 *c, uint32_t op, unsigned *wb, uint32_t *wb_val)
{
    uint32_t rn = c->r[f_rn(op)], off = (op >> 9 & 1) ? rn + f_imm8(op) : rn - f_imm8(op);
    *wb = (op >> 8 & 1) ? f_rn(op) : NO_WB;
    *wb_val = off;
    return (op >> 10 & 1) ? off : rn;
}
static uint32_t addr_reg(const m6 *c, uint32_t op, unsigned *wb, uint32_t *wb_val)
{
    (void)wb_val;
    *wb = NO_WB;
    return c->r[f_rn(op)] + (c->r[f_rm(op)] << ((op >> 4) & 3));
}
/* LDRT/STRT...: Rn + imm8 */
static uint32_t addr_unpriv(const m6 *c, uint32_t op, unsigned *wb, uint32_t *wb_val)
{
    (void)wb_val;
    *wb = NO_WB;
    return c->r[f_rn(op)] + f_imm8(op);
}

/* One load into Rt: size 1, 2 or 4, sign-extended when sgn; Rt PC (a word) is LoadWritePC. */
static int load1(m6 *c, uint32_t pc, uint32_t op, uint32_t addr, unsigned size, int sgn, unsigned wb, uint32_t wb_val)
{
    unsigned t = f_rt(op);
    uint32_t v;
    UNPRED_IF(wb != NO_WB && wb == t, "writeback to the loaded register");
    UNPRED_IF(t == 13 && size < 4, "SP as Rt of a byte or halfword load");
    UNPRED_IF(t == 15 && (addr & 3), "an unaligned load into the PC");
    if (m6_ex_load(c, addr, size, &v)) return EXEC_FAULT;
    if (t == 15 && m6_ex_bad_exc_return(c, v)) return EXEC_FAULT;
    if (sgn) v = size == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
    if (wb != NO_WB) set_reg(c, wb, wb_val);
    if (t == 15) return m6_ex_bx_write_pc(c, pc, v);
    set_reg(c, t, v);
    return EXEC_OK;
}
static int store1(m6 *c, uint32_t pc, uint32_t op, uint32_t addr, unsigned size, unsigned wb, uint32_t wb_val)
{
    unsigned t = f_rt(op);
    UNPRED_IF(t == 15 || (t == 13 && size < 4), "PC as Rt, or SP as Rt of a byte or halfword store");
    UNPRED_IF(wb != NO_WB && wb == t, "writeback to the stored register");
    uint32_t v = c->r[t];
    if (m6_ex_store(c, addr, size, size == 4 ? v : v & ((1u << (8 * size)) - 1))) return EXEC_FAULT;
    if (wb != NO_WB) set_reg(c, wb, wb_val);
    return EXEC_OK;
}
/* imm8 forms: P = W = 0 is UNDEFINED; register forms: Rm SP or PC is UNPREDICTABLE */
#define FORM_CHECK_imm12 0
#define FORM_CHECK_unpriv 0
#define FORM_CHECK_imm8 (!(op >> 10 & 1) && !(op >> 8 & 1))
#define FORM_CHECK_reg 0
#define FORM_UNPRED_imm12 0
#define FORM_UNPRED_imm8 0
#define FORM_UNPRED_unpriv 0
#define FORM_UNPRED_reg bad_reg(f_rm(op))
#define LOAD(id, form, size, sgn) \
    M7_EXEC(id) \
    { \
        if (FORM_CHECK_##form) return EXEC_FAULT; \
        UNPRED_IF(FORM_UNPRED_##form, "SP or PC as Rm"); \
        unsigned wb; \
        uint32_t wb_val = 0, addr = addr_##form(c, op, &wb, &wb_val); \
        return load1(c, pc, op, addr, size, sgn, wb, wb_val); \
    }
#define STORE(id, form, size) \
    M7_EXEC(id) \
    { \
        if (FORM_CHECK_##form || f_rn(op) == 15) return EXEC_FAULT; \
        UNPRED_IF(FORM_UNPRED_##form, "SP or PC as Rm"); \
        unsigned wb; \
        uint32_t wb_val = 0, addr = addr_##form(c, op, &wb, &wb_val); \
        return store1(c, pc, op, addr, size, wb, wb_val); \
    }
LOAD(ldr_imm_t3, imm12, 4, 0)
LOAD(ldr_imm_t4, imm8, 4, 0)
LOAD(ldr_reg_t2, reg, 4, 0)
LOAD(ldrt_t1, unpriv, 4, 0)
LOAD(ldrh_imm_t2, imm12, 2, 0)
LOAD(ldrh_imm_t3, imm8, 2, 0)
LOAD(ldrh_reg_t2, reg, 2, 0)
LOAD(ldrht_t1, unpriv, 2, 0)
LOAD(ldrsh_imm_t1, imm12, 2, 1)
LOAD(ldrsh_imm_t2, imm8, 2, 1)
LOAD(ldrsh_reg_t2, reg, 2, 1)
LOAD(ldrsht_t1, unpriv, 2, 1)
LOAD(ldrb_imm_t2, imm12, 1, 0)
LOAD(ldrb_imm_t3, imm8, 1, 0)
LOAD(ldrb_reg_t2, reg, 1, 0)
LOAD(ldrbt_t1, unpriv, 1, 0)
LOAD(ldrsb_imm_t1, imm12, 1, 1)
LOAD(ldrsb_imm_t2, imm8, 1, 1)
LOAD(ldrsb_reg_t2, reg, 1, 1)
LOAD(ldrsbt_t1, unpriv, 1, 1)
STORE(str_imm_t3, imm12, 4)
STORE(str_imm_t4, imm8, 4)
STORE(str_reg_t2, reg, 4)
STORE(strt_t1, unpriv, 4)
STORE(strh_imm_t2, imm12, 2)
STORE(strh_imm_t3, imm8, 2)
STORE(strh_reg_t2, reg, 2)
STORE(strht_t1, unpriv, 2)
STORE(strb_imm_t2, imm12, 1)
STORE(strb_imm_t3, imm8, 1)
STORE(strb_reg_t2, reg, 1)
STORE(strbt_t1, unpriv, 1)
/* literal: Align(PC, 4) plus or minus imm12 (U: hw1 bit 7) */
static inline uint32_t literal_addr(uint32_t pc, uint32_t op)
{
    uint32_t base = (pc + 4) & ~3u;
    return (op >> 23 & 1) ? base + f_imm12(op) : base - f_imm12(op);
}
#define LOAD_LIT(id, size, sgn) \
    M7_EXEC(id) { return load1(c, pc, op, literal_addr(pc, op), size, sgn, NO_WB, 0); }
LOAD_LIT(ldr_lit_t2, 4, 0)
LOAD_LIT(ldrh_lit_t1, 2, 0)
LOAD_LIT(ldrsh_lit_t1, 2, 1)
LOAD_LIT(ldrb_lit_t1, 1, 0)
LOAD_LIT(ldrsb_lit_t1, 1, 1)
/* PUSH/POP of one register: STR Rt, [SP, #-4]! and LDR Rt, [SP], #4 */
M7_EXEC(push_t3)
{
    UNPRED_IF(bad_reg(f_rt(op)), "SP or PC pushed alone");
    return store1(c, pc, op, c->r[13] - 4, 4, 13, c->r[13] - 4);
}
M7_EXEC(pop_t3)
{
    UNPRED_IF(f_rt(op) == 13, "SP popped alone");
    return load1(c, pc, op, c->r[13], 4, 0, 13, c->r[13] + 4);
}
/* Memory hints: PLD, PLI and the unallocated ones (a load into the PC of a byte or halfword) do nothing here */
#define HINT(id) \
    M7_EXEC(id) { return EXEC_OK; }
HINT(pld_imm_t1)
HINT(pld_imm_t2)
HINT(pld_lit_t1)
HINT(pli_imm_t1)
HINT(pli_imm_t2)
HINT(pli_lit_t1)
M7_EXEC(pld_reg_t1)
{
    UNPRED_IF(bad_reg(f_rm(op)), "SP or PC as Rm");
    return EXEC_OK;
}
M7_EXEC(pli_reg_t1)
{
    UNPRED_IF(bad_reg(f_rm(op)), "SP or PC as Rm");
    return EXEC_OK;
}

/* ---- Load/store multiple: registers ascending from the lowest address ---- */
static int load_multiple(m6 *c, uint32_t pc, unsigned n, unsigned list, uint32_t addr, int wback, uint32_t wb_val)
{
    UNPRED_IF(n == 15 || __builtin_popcount(list) < 2 || (list & 0xc000) == 0xc000 || (list & 0x2000) ||
                  (wback && (list >> n & 1)),
              "PC as Rn, fewer than two registers, PC and LR, SP, or the written-back base loaded");
    if (addr & 3) return EXEC_FAULT;
    uint32_t vals[16], a = addr;
    for (unsigned i = 0; i < 16; i++)
        if (list >> i & 1) {
            if (m6_ex_load(c, a, 4, &vals[i])) return EXEC_FAULT;
            a += 4;
        }
    if ((list >> 15 & 1) && m6_ex_bad_exc_return(c, vals[15])) return EXEC_FAULT;
    if (wback) set_reg(c, n, wb_val);
    for (unsigned i = 0; i < 15; i++)
        if (list >> i & 1) set_reg(c, i, vals[i]);
    return (list >> 15 & 1) ? m6_ex_bx_write_pc(c, pc, vals[15]) : EXEC_OK;
}
static int store_multiple(m6 *c, uint32_t pc, unsigned n, unsigned list, uint32_t addr, int wback, uint32_t wb_val)
{
    UNPRED_IF(n == 15 || __builtin_popcount(list) < 2 || (list & 0xa000) || (wback && (list >> n & 1)),
              "PC as Rn, fewer than two registers, SP or PC, or the written-back base stored");
    if (addr & 3) return EXEC_FAULT;
    uint32_t a = addr;
    for (unsigned i = 0; i < 15; i++)
        if (list >> i & 1) {
            if (m6_ex_store(c, a, 4, c->r[i])) return EXEC_FAULT;
            a += 4;
        }
    if (wback) set_reg(c, n, wb_val);
    return EXEC_OK;
}
static inline unsigned list16(uint32_t op) { return op & 0xffff; }
static inline int wback(uint32_t op) { return (op >> 21) & 1; }
static inline uint32_t span(uint32_t op) { return 4u * (unsigned)__builtin_popcount(list16(op)); }
M7_EXEC(ldm_t2)
{
    uint32_t base = c->r[f_rn(op)];
    return load_multiple(c, pc, f_rn(op), list16(op), base, wback(op), base + span(op));
}
M7_EXEC(ldmdb_t1)
{
    uint32_t base = c->r[f_rn(op)];
    return load_multiple(c, pc, f_rn(op), list16(op), base - span(op), wback(op), base - span(op));
}
M7_EXEC(stm_t2)
{
    uint32_t base = c->r[f_rn(op)];
    return store_multiple(c, pc, f_rn(op), list16(op), base, wback(op), base + span(op));
}
M7_EXEC(stmdb_t1)
{
    uint32_t base = c->r[f_rn(op)];
    return store_multiple(c, pc, f_rn(op), list16(op), base - span(op), wback(op), base - span(op));
}
M7_EXEC(pop_t2) { return load_multiple(c, pc, 13, list16(op), c->r[13], 1, c->r[13] + span(op)); }
M7_EXEC(push_t2) { return store_multiple(c, pc, 13, list16(op), c->r[13] - span(op), 1, c->r[13] - span(op)); }

/* ---- Load/store dual: Rt, Rt2 (hw2 11:8), imm8 * 4 with P U W (hw1 8, 7, 5); word-aligned ---- */
static uint32_t dual_addr(uint32_t op, uint32_t rn, uint32_t *off)
{
    *off = (op >> 23 & 1) ? rn + f_imm8(op) * 4 : rn - f_imm8(op) * 4;
    return (op >> 24 & 1) ? *off : rn;
}
M7_EXEC(ldrd_imm_t1)
{
    unsigned t = f_rt(op), t2 = f_rd(op), n = f_rn(op), wb = wback(op);
    if (!(op >> 24 & 1) && !wb) return EXEC_FAULT; /* P = W = 0: not LDRD */
    UNPRED_IF(bad_reg(t) || bad_reg(t2) || t == t2 || (wb && (n == t || n == t2)), "a bad register pair");
    uint32_t off, addr = dual_addr(op, c->r[n], &off), lo, hi;
    if ((addr & 3) || m6_ex_load(c, addr, 4, &lo) || m6_ex_load(c, addr + 4, 4, &hi)) return EXEC_FAULT;
    if (wb) set_reg(c, n, off);
    set_reg(c, t, lo);
    set_reg(c, t2, hi);
    return EXEC_OK;
}
M7_EXEC(ldrd_lit_t1)
{
    unsigned t = f_rt(op), t2 = f_rd(op);
    UNPRED_IF(bad_reg(t) || bad_reg(t2) || t == t2 || wback(op), "a bad register pair, or writeback");
    uint32_t off, addr = dual_addr(op, (pc + 4) & ~3u, &off), lo, hi;
    if ((addr & 3) || m6_ex_load(c, addr, 4, &lo) || m6_ex_load(c, addr + 4, 4, &hi)) return EXEC_FAULT;
    set_reg(c, t, lo);
    set_reg(c, t2, hi);
    return EXEC_OK;
}
M7_EXEC(strd_imm_t1)
{
    unsigned t = f_rt(op), t2 = f_rd(op), n = f_rn(op), wb = wback(op);
    if (!(op >> 24 & 1) && !wb) return EXEC_FAULT;
    UNPRED_IF(bad_reg(t) || bad_reg(t2) || n == 15 || (wb && (n == t || n == t2)), "a bad register pair or base");
    uint32_t off, addr = dual_addr(op, c->r[n], &off);
    if ((addr & 3) || m6_ex_store(c, addr, 4, c->r[t]) || m6_ex_store(c, addr + 4, 4, c->r[t2])) return EXEC_FAULT;
    if (wb) set_reg(c, n, off);
    return EXEC_OK;
}

/* ---- Exclusives and the local monitor: LDREX marks the address, STREX stores only while it is marked (the
 * address compared), CLREX and exception entry and return clear the mark ---- */
static int load_exclusive(m6 *c, uint32_t pc, uint32_t op, uint32_t addr, unsigned size)
{
    unsigned t = f_rt(op);
    UNPRED_IF(bad_reg(t) || f_rn(op) == 15, "SP or PC as Rt, or PC as Rn");
    uint32_t v;
    if ((addr & (size - 1)) || m6_ex_load(c, addr, size, &v)) return EXEC_FAULT;
    c->excl_addr = addr;
    c->excl_valid = 1;
    set_reg(c, t, v);
    return EXEC_OK;
}
static int store_exclusive(m6 *c, uint32_t pc, uint32_t op, unsigned d, uint32_t addr, unsigned size)
{
    unsigned t = f_rt(op), n = f_rn(op);
    UNPRED_IF(bad_reg(d) || bad_reg(t) || n == 15 || d == n || d == t, "a bad register, or Rd the same as Rt or Rn");
    if (addr & (size - 1)) return EXEC_FAULT;
    int pass = c->excl_valid && c->excl_addr == addr;
    if (pass) {
        uint32_t v = c->r[t];
        if (m6_ex_store(c, addr, size, size == 4 ? v : v & ((1u << (8 * size)) - 1))) return EXEC_FAULT;
    }
    c->excl_valid = 0;
    set_reg(c, d, pass ? 0 : 1);
    return EXEC_OK;
}
M7_EXEC(ldrex_t1) { return load_exclusive(c, pc, op, c->r[f_rn(op)] + f_imm8(op) * 4, 4); }
M7_EXEC(ldrexb_t1) { return load_exclusive(c, pc, op, c->r[f_rn(op)], 1); }
M7_EXEC(ldrexh_t1) { return load_exclusive(c, pc, op, c->r[f_rn(op)], 2); }
M7_EXEC(strex_t1) { return store_exclusive(c, pc, op, f_rd(op), c->r[f_rn(op)] + f_imm8(op) * 4, 4); }
M7_EXEC(strexb_t1) { return store_exclusive(c, pc, op, f_rm(op), c->r[f_rn(op)], 1); }
M7_EXEC(strexh_t1) { return store_exclusive(c, pc, op, f_rm(op), c->r[f_rn(op)], 2); }

/* ---- Table branch: PC + 2 * the byte (TBB) or halfword (TBH) at Rn + Rm (TBH: + 2 * Rm); Rn may be the PC ---- */
static int table_branch(m6 *c, uint32_t pc, uint32_t op, unsigned size)
{
    unsigned n = f_rn(op), m = f_rm(op);
    UNPRED_IF(n == 13 || bad_reg(m), "SP as Rn, or SP or PC as Rm");
    uint32_t base = n == 15 ? pc + 4 : c->r[n], v;
    if (m6_ex_load(c, base + c->r[m] * size, size, &v)) return EXEC_FAULT;
    m6_ex_branch(c, pc, pc + 4 + 2 * v);
    return EXEC_OK;
}
M7_EXEC(tbb_t1) { return table_branch(c, pc, op, 1); }
M7_EXEC(tbh_t1) { return table_branch(c, pc, op, 2); }

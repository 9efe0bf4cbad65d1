/* UNKNOWN values (model/ARCHITECTURE.md, "UNKNOWN values"): registers, flags and memory bytes whose value the
 * architecture leaves UNKNOWN (r0-r12 at reset with r_reset=unknown, the registers an abandoned unstacking may
 * have loaded) and everything computed from them. The model computes with a value all the same; the trace writes
 * an unknown value's digits as 'x', so that the checker never compares it. A value that decides the program's
 * path (a branch, an address, the stack pointer, an exception's state) cannot be unknown: the model stops there,
 * as it cannot make the golden (m6_stopped: M6_STEP_UNKNOWN).
 * The executor calls this file only while something is unknown (c->unk_any), after each instruction: what it
 * made unknown or known (from its operands' marks before it, which the instruction itself does not change, and its
 * accesses), or whether its path depended on an unknown value. Registers, memory and the flags are tracked bit by
 * bit: where an instruction's rule knows which bits of its result come from which of its operands' (moves, shifts
 * by a constant, the logical operations, loads and stores, the stacked xPSR), an unknown bit stays where it goes
 * and a known one stays known; any other rule makes its result wholly unknown when any bit of an operand is. */
#include <stdlib.h>
#include <string.h>

#include "m6_state.h"

#define FLAG_N 0x80000000u
#define FLAG_Z 0x40000000u
#define FLAG_C 0x20000000u
#define FLAG_V 0x10000000u
#define FLAGS_NZ (FLAG_N | FLAG_Z)
#define FLAGS_NZC (FLAGS_NZ | FLAG_C)
#define FLAGS_NZCV (FLAGS_NZC | FLAG_V)

/* The memory the bitmap covers: code, SRAM, MTB SRAM, one bit per byte, as one index. */
#define UNK_SRAM_AT M6_CODE_SIZE
#define UNK_MTB_AT (M6_CODE_SIZE + M6_SRAM_SIZE)
#define UNK_BYTES (M6_CODE_SIZE + M6_SRAM_SIZE + M6_MTBRAM_SIZE)

/* unk_regs and unk_bits together: register r's unknown bits become bits */
static void set_bits(m6 *c, unsigned r, uint32_t bits)
{
    c->unk_bits[r] = bits;
    c->unk_regs = bits ? c->unk_regs | 1u << r : c->unk_regs & ~(1u << r);
}

/* Registers regs (bit per number) wholly unknown, or known. */
static void set_regs(m6 *c, uint32_t regs, uint32_t bits)
{
    for (uint32_t left = regs & 0x7fffu; left; left &= left - 1) set_bits(c, (unsigned)__builtin_ctz(left), bits);
}

static void update_any(m6 *c)
{
    c->unk_any = c->unk_regs | c->unk_flags | c->unk_bytes;
    m6_post_hooks(c);
}

/* The bitmap index of a RAM byte, -1 for any other address. */
static long index_of(uint32_t a)
{
    if (a < M6_CODE_SIZE) return (long)a;
    if (a - M6_SRAM_BASE < M6_SRAM_SIZE) return (long)(UNK_SRAM_AT + (a - M6_SRAM_BASE));
    if (a - M6_MTBRAM_BASE < M6_MTBRAM_SIZE) return (long)(UNK_MTB_AT + (a - M6_MTBRAM_BASE));
    return -1;
}

uint32_t m6_unknown_bits(const m6 *c, uint32_t addr, unsigned size)
{
    uint32_t bits = 0;
    if (!c->unk_bytes) return 0;
    for (unsigned i = 0; i < size; i++) {
        long k = index_of(addr + i);
        if (k >= 0) bits |= (uint32_t)c->unk_mem[k] << (8 * i);
    }
    return bits;
}

unsigned m6_unknown_bytes(const m6 *c, uint32_t addr, unsigned size)
{
    unsigned mask = 0;
    uint32_t bits = m6_unknown_bits(c, addr, size);
    for (unsigned i = 0; i < size; i++)
        if (bits >> (8 * i) & 0xff) mask |= 1u << i;
    return mask;
}

void m6_unknown_store_bits(m6 *c, uint32_t addr, unsigned size, uint32_t bits)
{
    if (!bits && !c->unk_bytes) return;
    if (!c->unk_mem && !(c->unk_mem = calloc(1, UNK_BYTES))) abort(); /* a byte per memory byte, once */
    for (unsigned i = 0; i < size; i++) {
        long k = index_of(addr + i);
        if (k < 0) continue;
        uint8_t now = (uint8_t)(bits >> (8 * i)), *p = &c->unk_mem[k];
        c->unk_bytes += (now != 0) - (*p != 0);
        *p = now;
    }
    update_any(c);
}

void m6_unknown_store(m6 *c, uint32_t addr, unsigned size, unsigned mask)
{
    uint32_t bits = 0;
    for (unsigned i = 0; i < size; i++)
        if (mask >> i & 1) bits |= 0xffu << (8 * i);
    m6_unknown_store_bits(c, addr, size, bits);
}

void m6_unknown_reset(m6 *c)
{
    c->unk_regs = 0;
    memset(c->unk_bits, 0, sizeof c->unk_bits);
    if (c->cfg.r_reset_unknown) set_regs(c, 0x1fffu, 0xffffffffu); /* r0-r12 */
    c->unk_flags = c->cfg.apsr_reset_unknown ? 0xf0000000u : 0; /* N Z C V */
    if (c->unk_mem) memset(c->unk_mem, 0, UNK_BYTES);
    c->unk_bytes = 0;
    c->unk_stopped = 0;
    memset(&c->unk_ret, 0, sizeof c->unk_ret);
    update_any(c);
}

void m6_unknown_set(m6 *c, uint32_t regs, uint32_t flags)
{
    set_regs(c, regs, 0xffffffffu);
    c->unk_flags |= flags;
    update_any(c);
}

void m6_unknown_known(m6 *c, uint32_t regs, uint32_t flags)
{
    set_regs(c, regs, 0);
    c->unk_flags &= ~flags;
    update_any(c);
}

void m6_unknown_stop(m6 *c, uint32_t pc, const char *what)
{
    if (c->unk_stopped) return;
    c->unk_stopped = 1;
    c->exited = 1;
    c->exit_code = M6_EXIT_UNKNOWN;
    snprintf(c->msg, sizeof c->msg, "%s at %08x is UNKNOWN: the path of the program depends on it", what, pc);
}

/* ---- one instruction ---------------------------------------------------------------------------------------- */

static uint32_t bit(unsigned r) { return 1u << r; }

/* The result written to the registers dst and the flags fdst is unknown when a register of src or a flag of fsrc
 * is (before the instruction), known otherwise. */
static void result(m6_unknown_rule *p, const m6 *c, uint32_t dst, uint32_t src, uint32_t fsrc, uint32_t fdst)
{
    int unk = (c->unk_regs & src) || (c->unk_flags & fsrc);
    if (unk) { p->regs_set |= dst; p->flags_set |= fdst; }
    else { p->regs_clr |= dst; p->flags_clr |= fdst; }
}

/* The unknown bits of register r (the PC and the stack pointer are always known). */
static uint32_t ubits(const m6 *c, unsigned r) { return r < 15 ? c->unk_bits[r] : 0; }

/* A result whose unknown bits are known exactly: register d (15: none) gets bits; of the flags fdst, N is bit 31's,
 * Z unknown when any bit is, C carry_unknown (when fdst has C). */
static void result_bits(m6_unknown_rule *p, unsigned d, uint32_t bits, uint32_t fdst, int carry_unknown)
{
    if (d < 15 && bits) {
        p->regs_set |= bit(d);
        p->bits[d] = bits;
    } else if (d < 15) {
        p->regs_clr |= bit(d);
    }
    uint32_t fu = (bits >> 31 ? FLAG_N : 0) | (bits ? FLAG_Z : 0) | (carry_unknown ? FLAG_C : 0);
    p->flags_set |= fu & fdst;
    p->flags_clr |= ~fu & fdst;
}

/* AND, ORR, BIC, EOR, MVN, TST of Rdn and Rm (A6.7), after the instruction: the unknown bits of the result. A bit
 * is known when both operands' are, or when one operand's known bit decides it (0 for AND and BIC's Rdn, 1 for
 * ORR, a set bit of BIC's Rm). Rdn's value before is read back from the result where Rm's known bit allows it,
 * else taken as possibly deciding nothing. */
static uint32_t logical_bits(const m6 *c, thumb_id id, unsigned d, unsigned m)
{
    uint32_t ud = ubits(c, d), um = ubits(c, m), vm = c->r[m], res = c->r[d];
    if (id == thumb_mvn_reg_t1) return um;
    if (d == m) return id == thumb_eor_reg_t1 || id == thumb_bic_reg_t1 ? 0 : ud; /* x ^ x, x & ~x: 0 */
    switch (id) {
    case thumb_and_reg_t1: return (ud | um) & (ud | (res | ~vm)) & (um | vm);
    case thumb_tst_reg_t1: return (ud | um) & (ud | c->r[d]) & (um | vm);
    case thumb_orr_reg_t1: return (ud | um) & (ud | ~(res & ~vm)) & (um | ~vm);
    case thumb_bic_reg_t1: return (ud | um) & (ud | (res | vm)) & (um | ~vm);
    default: return ud | um; /* EOR */
    }
}

/* The flags a condition reads (A6.3.1). */
static uint32_t cond_flags(unsigned cond)
{
    static const uint32_t f[8] = { FLAG_Z, FLAG_C, FLAG_N, FLAG_V, FLAG_C | FLAG_Z, FLAG_N | FLAG_V,
                                   FLAG_Z | FLAG_N | FLAG_V, 0 };
    return f[(cond >> 1) & 7];
}

/* A register that must be known (an address, a branch target, the stack pointer, a special register). */
static int need(m6 *c, uint32_t pc, uint32_t regs, const char *what)
{
    if (!(c->unk_regs & regs & 0x7fffu)) return 0;
    m6_unknown_stop(c, pc, what);
    return 1;
}

/* What a group's rule returns for an instruction of another group: rule_of tries the next. */
enum { RULE_OTHER_GROUP = -1 };

/* Shift (immediate), add, subtract, move, compare and data processing (A5.2.1, A5.2.2): the result's marks
 * from the operands'; nothing here changes the path, so these never stop the model. */
static int data_rule(const m6 *c, m6_unknown_rule *p, thumb_id id, uint32_t op)
{
    switch (id) {
    /* Shift (immediate), add, subtract, move, and compare */
    case thumb_mov_reg_t2: result_bits(p, thumb_rd(op), ubits(c, thumb_rm2(op)), FLAGS_NZ, 0); break;
    case thumb_lsl_imm_t1:
    case thumb_lsr_imm_t1:
    case thumb_asr_imm_t1: { /* by a constant: the unknown bits move with the value; C is the last bit out */
        uint32_t um = ubits(c, thumb_rm2(op)), sh = (op >> 6) & 31;
        if (id == thumb_lsl_imm_t1 && !sh) result_bits(p, thumb_rd(op), um, FLAGS_NZ, 0); /* MOVS: C kept */
        else if (id == thumb_lsl_imm_t1) result_bits(p, thumb_rd(op), um << sh, FLAGS_NZC, um >> (32 - sh) & 1);
        else if (!sh) /* a shift by 32 */
            result_bits(p, thumb_rd(op), id == thumb_asr_imm_t1 && um >> 31 ? 0xffffffffu : 0, FLAGS_NZC, um >> 31);
        else
            result_bits(p, thumb_rd(op), id == thumb_asr_imm_t1 ? (uint32_t)((int32_t)um >> sh) : um >> sh,
                        FLAGS_NZC, um >> (sh - 1) & 1);
        break;
    }
    case thumb_add_reg_t1:
    case thumb_sub_reg_t1:
        result(p, c, bit(thumb_rd(op)), bit(thumb_rn(op)) | bit(thumb_rm(op)), 0, FLAGS_NZCV);
        break;
    case thumb_add_imm_t1:
    case thumb_sub_imm_t1: result(p, c, bit(thumb_rd(op)), bit(thumb_rn(op)), 0, FLAGS_NZCV); break;
    case thumb_mov_imm_t1: result(p, c, bit(thumb_rdn8(op)), 0, 0, FLAGS_NZ); break;
    case thumb_cmp_imm_t1: result(p, c, 0, bit(thumb_rdn8(op)), 0, FLAGS_NZCV); break;
    case thumb_add_imm_t2:
    case thumb_sub_imm_t2: result(p, c, bit(thumb_rdn8(op)), bit(thumb_rdn8(op)), 0, FLAGS_NZCV); break;
    /* Data processing */
    case thumb_and_reg_t1:
    case thumb_eor_reg_t1:
    case thumb_orr_reg_t1:
    case thumb_bic_reg_t1:
    case thumb_mvn_reg_t1:
        result_bits(p, thumb_rd(op), logical_bits(c, id, thumb_rd(op), thumb_rm2(op)), FLAGS_NZ, 0);
        break;
    case thumb_mul_t1:
        result(p, c, bit(thumb_rd(op)), bit(thumb_rd(op)) | bit(thumb_rm2(op)), 0, FLAGS_NZ);
        break;
    case thumb_lsl_reg_t1:
    case thumb_lsr_reg_t1:
    case thumb_asr_reg_t1:
    case thumb_ror_reg_t1: {
        unsigned d = thumb_rd(op), m = thumb_rm2(op);
        /* a known shift by 0 leaves C alone (Shift_C); the amount is still in R[m] unless d == m, when every
         * operand is known anyway */
        int keep_c = !(c->unk_regs & bit(m)) && d != m && (c->r[m] & 0xff) == 0;
        result(p, c, bit(d), bit(d) | bit(m), 0, keep_c ? FLAGS_NZ : FLAGS_NZC);
        break;
    }
    case thumb_adc_reg_t1:
    case thumb_sbc_reg_t1:
        result(p, c, bit(thumb_rd(op)), bit(thumb_rd(op)) | bit(thumb_rm2(op)), FLAG_C, FLAGS_NZCV);
        break;
    case thumb_tst_reg_t1: result_bits(p, 15, logical_bits(c, id, thumb_rd(op), thumb_rm2(op)), FLAGS_NZ, 0); break;
    case thumb_rsb_imm_t1: result(p, c, bit(thumb_rd(op)), bit(thumb_rm2(op)), 0, FLAGS_NZCV); break;
    case thumb_cmp_reg_t1:
    case thumb_cmn_reg_t1: result(p, c, 0, bit(thumb_rd(op)) | bit(thumb_rm2(op)), 0, FLAGS_NZCV); break;
    default: return RULE_OTHER_GROUP;
    }
    return 0;
}

/* Special data instructions and branch and exchange (A5.2.3): a PC or SP written from an unknown value stops
 * the model. 1 when it stopped. */
static int special_rule(m6 *c, m6_unknown_rule *p, thumb_id id, uint32_t pc, uint32_t op)
{
    switch (id) {
    /* Special data instructions and branch and exchange: the PC reads as a known value */
    case thumb_add_reg_t2:
    case thumb_add_sp_reg_t1:
    case thumb_add_sp_reg_t2: {
        unsigned dn = thumb_dn(op);
        uint32_t src = bit(dn) | bit(thumb_rm4(op));
        if (dn == 15) return need(c, pc, src, "the branch target of ADD pc");
        if (dn == 13) return need(c, pc, src, "the stack pointer ADD writes");
        result(p, c, bit(dn), src, 0, 0);
        break;
    }
    case thumb_cmp_reg_t2: result(p, c, 0, bit(thumb_dn(op)) | bit(thumb_rm4(op)), 0, FLAGS_NZCV); break;
    case thumb_mov_reg_t1: {
        unsigned d = thumb_dn(op), m = thumb_rm4(op);
        if (d == 15) return need(c, pc, bit(m), "the branch target of MOV pc");
        if (d == 13) return need(c, pc, bit(m), "the stack pointer MOV writes");
        result_bits(p, d, ubits(c, m), 0, 0);
        break;
    }
    case thumb_bx_t1: return need(c, pc, bit(thumb_rm4(op)), "the branch target of BX");
    case thumb_blx_reg_t1:
        if (need(c, pc, bit(thumb_rm4(op)), "the branch target of BLX")) return 1;
        p->regs_clr |= bit(14);
        break;
    default: return RULE_OTHER_GROUP;
    }
    return 0;
}

/* Loads, stores and the miscellaneous 16-bit instructions (A5.2.4, A5.2.5): an unknown address stops the
 * model. 1 when it stopped. */
static int memory_rule(m6 *c, m6_unknown_rule *p, thumb_id id, uint32_t pc, uint32_t op)
{
    switch (id) {
    /* Loads and stores: the address must be known; what is loaded is as unknown as its bytes */
    case thumb_ldr_lit_t1: p->load = bit(thumb_rdn8(op)); break;
    case thumb_str_reg_t1:
    case thumb_strh_reg_t1:
    case thumb_strb_reg_t1:
    case thumb_ldrsb_reg_t1:
    case thumb_ldr_reg_t1:
    case thumb_ldrh_reg_t1:
    case thumb_ldrb_reg_t1:
    case thumb_ldrsh_reg_t1:
        if (need(c, pc, bit(thumb_rn(op)) | bit(thumb_rm(op)), "an address register")) return 1;
        if (id == thumb_str_reg_t1 || id == thumb_strh_reg_t1 || id == thumb_strb_reg_t1) p->store = bit(thumb_rd(op));
        else p->load = bit(thumb_rd(op));
        break;
    case thumb_str_imm_t1:
    case thumb_strb_imm_t1:
    case thumb_strh_imm_t1:
        if (need(c, pc, bit(thumb_rn(op)), "an address register")) return 1;
        p->store = bit(thumb_rd(op));
        break;
    case thumb_ldr_imm_t1:
    case thumb_ldrb_imm_t1:
    case thumb_ldrh_imm_t1:
        if (need(c, pc, bit(thumb_rn(op)), "an address register")) return 1;
        p->load = bit(thumb_rd(op));
        break;
    case thumb_str_imm_t2: p->store = bit(thumb_rdn8(op)); break;
    case thumb_ldr_imm_t2: p->load = bit(thumb_rdn8(op)); break;
    /* PC- and SP-relative addresses, the SP's own arithmetic: known */
    case thumb_adr_t1:
    case thumb_add_sp_imm_t1: p->regs_clr |= bit(thumb_rdn8(op)); break;
    case thumb_sxth_t1: result_bits(p, thumb_rd(op), (uint32_t)(int32_t)(int16_t)ubits(c, thumb_rm2(op)), 0, 0); break;
    case thumb_sxtb_t1: result_bits(p, thumb_rd(op), (uint32_t)(int32_t)(int8_t)ubits(c, thumb_rm2(op)), 0, 0); break;
    case thumb_uxth_t1: result_bits(p, thumb_rd(op), ubits(c, thumb_rm2(op)) & 0xffffu, 0, 0); break;
    case thumb_uxtb_t1: result_bits(p, thumb_rd(op), ubits(c, thumb_rm2(op)) & 0xffu, 0, 0); break;
    case thumb_rev_t1:
    case thumb_rev16_t1:
    case thumb_revsh_t1: result(p, c, bit(thumb_rd(op)), bit(thumb_rm2(op)), 0, 0); break;
    case thumb_push_t1: p->store = thumb_push_registers(op); break;
    case thumb_pop_t1: p->load = thumb_pop_registers(op); break;
    case thumb_stm_t1:
        if (need(c, pc, bit(thumb_rdn8(op)), "the base register of STM")) return 1;
        p->store = thumb_register_list(op);
        p->regs_clr |= bit(thumb_rdn8(op));
        break;
    case thumb_ldm_t1:
        if (need(c, pc, bit(thumb_rdn8(op)), "the base register of LDM")) return 1;
        p->load = thumb_register_list(op);
        if (!(p->load & bit(thumb_rdn8(op)))) p->regs_clr |= bit(thumb_rdn8(op));
        break;
    default: return RULE_OTHER_GROUP;
    }
    return 0;
}

/* Semihosting, branches and the special registers (A5.2.5, A5.2.6, A5.3.4): an unknown condition, branch
 * base or special register stops the model. 1 when it stopped. */
static int control_rule(m6 *c, m6_unknown_rule *p, thumb_id id, uint32_t pc, uint32_t op)
{
    switch (id) {
    /* semihosting: the operation and its argument decide what the call does */
    case thumb_bkpt_t1:
        if (thumb_imm8(op) == 0xab && need(c, pc, bit(0) | bit(1), "a semihosting call's r0 or r1")) return 1;
        p->written_known = 1; /* r0, when the call writes it */
        break;
    case thumb_b_t1:
        if (!(c->unk_flags & cond_flags(thumb_cond(op)))) break;
        m6_unknown_stop(c, pc, "the condition of B<cond>");
        return 1;
    case thumb_bl_t1: p->regs_clr |= bit(14); break;
    case thumb_msr_t1: {
        unsigned sysm = thumb_sysm(op);
        if (sysm <= 3) { /* the APSR: each flag from its bit */
            uint32_t fu = ubits(c, thumb_msr_rn(op)) & FLAGS_NZCV;
            p->flags_set |= fu;
            p->flags_clr |= FLAGS_NZCV & ~fu;
        }
        else if (need(c, pc, bit(thumb_msr_rn(op)), "the special register MSR writes")) return 1;
        break;
    }
    case thumb_mrs_t1: result_bits(p, thumb_mrs_rd(op), thumb_sysm(op) <= 3 ? c->unk_flags : 0, 0, 0); break;
    default: return RULE_OTHER_GROUP;
    }
    return 0;
}

/* What instruction id does to the marks, into p; 1 when its path depends on an unknown value (the model stopped). */
static int rule_of(m6 *c, m6_unknown_rule *p, thumb_id id, uint32_t pc, uint32_t op)
{
    memset(p, 0, sizeof *p);
    int r = data_rule(c, p, id, op);
    if (r == RULE_OTHER_GROUP) r = special_rule(c, p, id, pc, op);
    if (r == RULE_OTHER_GROUP) r = memory_rule(c, p, id, pc, op);
    if (r == RULE_OTHER_GROUP) r = control_rule(c, p, id, pc, op);
    if (r != RULE_OTHER_GROUP) return r;
    /* the ARMv7-M encodings have no rules here: while anything is unknown, the model does not guess */
    if (!(thumb_entry(id)->archs & THUMB_ARCH_V6M)) {
        m6_unknown_stop(c, pc, "a value an ARMv7-M instruction may read");
        return 1;
    }
    return 0; /* nothing written that can be unknown: CPS, hints, barriers, B, SVC, UDF, add/sub SP #imm */
}

/* The registers of list ascending, as LDM/POP/PUSH/STM transfer them. */
static int next_reg(uint32_t *list)
{
    if (!*list) return -1;
    int r = __builtin_ctz(*list);
    *list &= *list - 1;
    return r;
}

/* A rule's marks into the state: what it clears, then what it sets (with its bits, else whole). */
static void apply(m6 *c, const m6_unknown_rule *p)
{
    set_regs(c, p->regs_clr & ~p->regs_set, 0);
    for (uint32_t left = p->regs_set & 0x7fffu; left; left &= left - 1) {
        unsigned r = (unsigned)__builtin_ctz(left);
        set_bits(c, r, p->bits[r] ? p->bits[r] : 0xffffffffu);
    }
    c->unk_flags = (c->unk_flags & ~p->flags_clr) | p->flags_set;
}

int m6_unknown_step(m6 *c, uint32_t pc, uint32_t op, int fault)
{
    thumb_id id = (thumb_id)c->thumb_id;
    m6_unknown_rule rule, *p = &rule;
    m6_unknown_rule ret = c->unk_ret; /* the exception return's, made during the instruction */
    memset(&c->unk_ret, 0, sizeof c->unk_ret);
    if (rule_of(c, p, id, pc, op)) return 1;
    uint32_t load = p->load, store = p->store;
    /* the step's own accesses, before an exception return's unstacking reads */
    unsigned n = c->exc_return_from && !c->tail_chain_to ? c->acc_before_unstack : c->nacc;
    for (unsigned i = 0; i < n; i++) {
        m6_access *a = &c->acc[i];
        uint32_t size_bits = a->size == 4 ? 0xffffffffu : (1u << (8 * a->size)) - 1;
        if (a->write) { /* the register's bits that go there (its low bytes for STRB, STRH) */
            int r = next_reg(&store);
            uint32_t bits = r >= 0 ? ubits(c, (unsigned)r) & size_bits : 0;
            if (bits && !m6_mem_ptr(c, a->addr, a->size)) m6_unknown_stop(c, pc, "the value stored to a device");
            m6_unknown_store_bits(c, a->addr, a->size, bits);
            a->unk = (uint8_t)m6_unknown_bytes(c, a->addr, a->size);
        } else { /* zero-extended, or sign-extended (LDRSB, LDRSH: the sign bit's unknown-ness) */
            int r = next_reg(&load);
            uint32_t bits = m6_unknown_bits(c, a->addr, a->size);
            if (id == thumb_ldrsb_reg_t1) bits = (uint32_t)(int32_t)(int8_t)bits;
            if (id == thumb_ldrsh_reg_t1) bits = (uint32_t)(int32_t)(int16_t)bits;
            a->unk = (uint8_t)m6_unknown_bytes(c, a->addr, a->size);
            if (r == 15 && bits) m6_unknown_stop(c, pc, "the branch target POP loads");
            else if (r >= 0) result_bits(p, (unsigned)r, bits, 0, 0);
        }
    }
    if (c->unk_stopped) return 1;
    if (fault) return 0; /* a faulting instruction writes no register (its stores stay done) */
    if (p->written_known) p->regs_clr |= c->reg_written & 0x7fffu;
    apply(c, p);
    apply(c, &ret); /* an exception return's registers from the frame, after the POP's own */
    update_any(c);
    return 0;
}

/* ---- exception entry and return ------------------------------------------------------------------------------ */

void m6_unknown_frame(const m6 *c, uint8_t unk[8])
{
    static const unsigned regs[6] = { 0, 1, 2, 3, 12, 14 };
    uint32_t bits[8] = { 0 };
    for (unsigned i = 0; i < 6; i++) bits[i] = c->unk_bits[regs[i]];
    bits[7] = c->unk_flags; /* the flags, bits 31:28 of the stacked xPSR */
    for (unsigned i = 0; i < 8; i++) {
        unk[i] = 0;
        for (unsigned b = 0; b < 4; b++)
            if (bits[i] >> (8 * b) & 0xff) unk[i] |= (uint8_t)(1u << b);
    }
}

/* The frame's bits, bit by bit: the registers' and the flags' as they are at the entry (unk is their bytes). */
void m6_unknown_stacked(m6 *c, uint32_t frame_addr, const uint8_t unk[8])
{
    static const unsigned regs[6] = { 0, 1, 2, 3, 12, 14 };
    (void)unk;
    for (unsigned i = 0; i < 6; i++) m6_unknown_store_bits(c, frame_addr + 4 * i, 4, c->unk_bits[regs[i]]);
    m6_unknown_store_bits(c, frame_addr + 24, 4, 0);
    m6_unknown_store_bits(c, frame_addr + 28, 4, c->unk_flags);
}

int m6_unknown_unstacked(m6 *c, uint32_t frame_addr, uint32_t pc)
{
    static const unsigned regs[6] = { 0, 1, 2, 3, 12, 14 };
    m6_unknown_rule *p = &c->unk_ret;
    for (unsigned i = 0; i < 6; i++) result_bits(p, regs[i], m6_unknown_bits(c, frame_addr + 4 * i, 4), 0, 0);
    /* the xPSR's flags may be unknown, one by one; its other bits (EPSR.T, IPSR, the alignment bit) decide the
     * path */
    uint32_t x = m6_unknown_bits(c, frame_addr + 28, 4);
    if (m6_unknown_bits(c, frame_addr + 24, 4) || (x & ~FLAGS_NZCV)) {
        m6_unknown_stop(c, pc, "the return address or the exception state an exception return unstacks");
        return -1;
    }
    p->flags_set = x;
    p->flags_clr = FLAGS_NZCV & ~x;
    return 0;
}

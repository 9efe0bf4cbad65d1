/* The ARMv6-M executor: fetch, decode and execute one Thumb instruction, then the boundary work (SysTick,
 * MTB packets, exception entry). Flags and faults follow the ARMv6-M ARM; the implementation-defined choices
 * are in model/ARCHITECTURE.md. */
#include <stdlib.h>
#include <string.h>

#include "m6_state.h"
#include "exec.h"

m6 *m6_create(const m6_config *cfg)
{
    m6 *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->code = calloc(1, M6_MPS2_CODE_SIZE); /* the largest map's: untouched pages cost nothing */
    c->sram = calloc(1, M6_MPS2_SRAM_SIZE);
    c->mtbram = calloc(1, M6_MTBRAM_SIZE);
    if (!c->code || !c->sram || !c->mtbram) {
        m6_destroy(c);
        return NULL;
    }
    c->console = stdout;
    m6_config def;
    if (!cfg) m6_config_defaults(&def);
    m6_set_config(c, cfg ? cfg : &def);
    return c;
}

void m6_destroy(m6 *c)
{
    if (!c) return;
    free(c->code);
    free(c->sram);
    free(c->mtbram);
    free(c->unk_mem);
    free(c);
}

/* EPSR's IT bits: ITSTATE[7:2] in bits 15:10, ITSTATE[1:0] in 26:25 */
static inline uint32_t it_bits(unsigned it) { return (it & 0xfc) << 8 | (it & 3) << 25; }

uint32_t m6_xpsr(const m6 *c)
{
    if (!c) return 0;
    uint32_t x = c->apsr | c->ipsr | 0x01000000u;
    return c->cfg.arch ? x | c->qge | it_bits(c->itstate) : x; /* ARMv6-M has neither */
}
uint32_t m6_msp(const m6 *c)
{
    if (!c) return 0;
    return psp_active(c) ? c->sp_other : c->r[13];
}
uint32_t m6_psp(const m6 *c)
{
    if (!c) return 0;
    return psp_active(c) ? c->r[13] : c->sp_other;
}

int m6_reset(m6 *c, tm_error *err)
{
    if (!c) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "m6_reset: a NULL argument");
    uint32_t sp, pc;
    if (m6_read(c, 0, 4, &sp) || m6_read(c, 4, 4, &pc))
        return tm_error_set(err, TM_ERR_FORMAT, NULL, 0, "the vector table at 0x00000000 is not mapped");
    for (unsigned i = 0; i < 13; i++) c->r[i] = c->cfg.r_reset;
    c->r[13] = sp & ~3u;
    c->r[14] = c->cfg.lr_reset;
    c->r[15] = pc & ~1u;
    c->sp_other = 0;
    c->apsr = c->cfg.apsr_reset;
    c->ipsr = 0;
    c->primask = c->control = 0;
    c->irq_enable = c->irq_pending = 0;
    memset(c->irq_prio, 0, sizeof c->irq_prio);
    c->sys_pending = c->active = c->pend_held = 0;
    c->pri_svcall = c->pri_pendsv = c->pri_systick = 0;
    c->vtor = c->scr = 0;
    c->st_csr = c->st_rvr = c->st_cvr = 0;
    c->mtb_position = c->mtb_master = c->mtb_flow = 0;
    c->icount = 0;
    c->exited = c->locked_up = 0;
    c->fault_pending = 0;
    c->tail_chain_to = 0;
    c->itstate = 0;
    c->qge = c->basepri = c->faultmask = 0;
    c->excl_valid = 0;
    m6_unknown_reset(c);
    if (!(pc & 1)) c->fault_pending = (pc & ~1u) + 1; /* T bit clear: HardFault at the first instruction */
    m6_trace_reset(c, pc & ~1u);
    return TM_OK;
}

/* Data accesses of the instruction: alignment and bus errors fault; successful ones go into the trace. */
static int load(m6 *c, uint32_t addr, unsigned size, uint32_t *v)
{
    if ((addr & (size - 1)) && !c->cfg.arch) return -1; /* ARMv7-M: unaligned (CCR.UNALIGN_TRP clear) */
    if (m6_read(c, addr, size, v)) return -1;
    if (c->nacc < sizeof c->acc / sizeof c->acc[0]) c->acc[c->nacc++] = (m6_access){ addr, *v, (uint8_t)size, 0, 0 };
    return 0;
}

/* inline: the executors' stores are on the hot path (its wrapper m6_ex_store would make the compiler keep it apart) */
static inline M6_HOT_INLINE int store(m6 *c, uint32_t addr, unsigned size, uint32_t v)
{
    if ((addr & (size - 1)) && !c->cfg.arch) return -1;
    if (m6_write(c, addr, size, v)) return -1;
    if (c->nacc < sizeof c->acc / sizeof c->acc[0]) c->acc[c->nacc++] = (m6_access){ addr, v, (uint8_t)size, 1, 0 };
    return 0;
}

static inline M6_HOT_INLINE int cond_passed(const m6 *c, unsigned cond)
{
    uint32_t f = c->apsr;
    int n = !!(f & N_FLAG), z = !!(f & Z_FLAG), cc = !!(f & C_FLAG), v = !!(f & V_FLAG);
    switch (cond) {
    case 0: return z;
    case 1: return !z;
    case 2: return cc;
    case 3: return !cc;
    case 4: return n;
    case 5: return !n;
    case 6: return v;
    case 7: return !v;
    case 8: return cc && !z;
    case 9: return !cc || z;
    case 10: return n == v;
    case 11: return n != v;
    case 12: return !z && n == v;
    case 13: return z || n != v;
    default: return 1;
    }
}

/* Bit 0 of an interworking target is the T bit: clear is an INVSTATE fault at the target (taken after this
 * instruction). BLX writes the PC this way (BLXWritePC). */
static void blx_write_pc(m6 *c, uint32_t pc_now, uint32_t target)
{
    c->r[15] = target & ~1u;
    c->branch_from = pc_now + 1;
    if (!(target & 1)) c->fault_pending = (target & ~1u) + 1;
}

/* A BX or POP {pc} target 0xFxxxxxxx in handler mode is an exception return. */
static int is_exc_return(const m6 *c, uint32_t target)
{
    return handler_mode(c) && (target & 0xf0000000u) == 0xf0000000u;
}

static int valid_exc_return(uint32_t v) { return v == 0xfffffff1u || v == 0xfffffff9u || v == 0xfffffffdu; }

/* BXWritePC (BX, POP {pc}): an exception return, or an interworking branch. Returns -1 for an invalid
 * EXC_RETURN (HardFault), before changing anything. */
static int bx_write_pc(m6 *c, uint32_t pc_now, uint32_t target)
{
    if (!is_exc_return(c, target)) {
        blx_write_pc(c, pc_now, target);
        return 0;
    }
    if (m6_exception_return(c, target)) return -1; /* it refuses an invalid EXC_RETURN before changing anything */
    c->exc_return_from = pc_now + 1;
    c->exc_return_value = target;
    return 0;
}

static void branch(m6 *c, uint32_t pc_now, uint32_t target)
{
    c->r[15] = target & ~1u;
    c->branch_from = pc_now + 1;
}

/* Shift_C: LSL/LSR/ASR/ROR by 0-255 with the ARMv6-M carry rules (a shift by 0 leaves C alone). */
static uint32_t shift_c(m6 *c, unsigned type, uint32_t v, uint32_t amount)
{
    amount &= 0xff;
    if (amount == 0) return v;
    uint32_t r, cout;
    switch (type) {
    case SRTYPE_LSL:
        if (amount < 32) { r = v << amount; cout = (v >> (32 - amount)) & 1; }
        else if (amount == 32) { r = 0; cout = v & 1; }
        else { r = 0; cout = 0; }
        break;
    case SRTYPE_LSR:
        if (amount < 32) { r = v >> amount; cout = (v >> (amount - 1)) & 1; }
        else if (amount == 32) { r = 0; cout = v >> 31; }
        else { r = 0; cout = 0; }
        break;
    case SRTYPE_ASR:
        if (amount < 32) { r = (uint32_t)((int32_t)v >> amount); cout = (v >> (amount - 1)) & 1; }
        else { r = (uint32_t)((int32_t)v >> 31); cout = v >> 31; }
        break;
    default: { /* ROR */
        unsigned s = amount & 31;
        r = s ? (v >> s) | (v << (32 - s)) : v;
        cout = r >> 31;
        break;
    }
    }
    set_c(c, cout);
    return r;
}
static uint32_t read_special(const m6 *c, unsigned sysm)
{
    switch (sysm) {
    case 0: return c->apsr | c->qge;
    case 1: return c->apsr | c->qge | c->ipsr;
    case 2: return c->apsr | c->qge;
    case 3: return c->apsr | c->qge | c->ipsr;
    case 5: return c->ipsr;
    case 6: return 0;
    case 7: return c->ipsr;
    case 8: return m6_msp(c);
    case 9: return m6_psp(c);
    case 16: return c->primask;
    case 17: case 18: return c->cfg.arch ? c->basepri : 0; /* ARMv7-M: BASEPRI, BASEPRI_MAX */
    case 19: return c->cfg.arch ? c->faultmask : 0;
    case 20: return c->control;
    default: return 0;
    }
}

static void write_special(m6 *c, unsigned sysm, uint32_t v)
{
    switch (sysm) {
    case 0: case 1: case 2: case 3:
        c->apsr = v & 0xf8000000u & ~0x08000000u;
        if (c->cfg.arch) c->qge = (c->qge & ~Q_FLAG) | (v & Q_FLAG); /* ARMv7-M: Q */
        break;
    case 8:
        if (psp_active(c)) { c->sp_other = v & ~3u; c->reg_written |= 1u << TM_REG_MSP; }
        else set_reg(c, 13, v);
        break;
    case 9:
        if (psp_active(c)) set_reg(c, 13, v);
        else { c->sp_other = v & ~3u; c->reg_written |= 1u << TM_REG_PSP; }
        break;
    case 16:
        c->primask = v & 1;
        break;
    case 17: /* ARMv7-M: BASEPRI; BASEPRI_MAX only raises it */
        if (c->cfg.arch) c->basepri = v & 0xff;
        break;
    case 18:
        if (c->cfg.arch && (v & 0xff) && (!c->basepri || (v & 0xff) < c->basepri)) c->basepri = v & 0xff;
        break;
    case 19: /* ARMv7-M: FAULTMASK, not set from the NMI handler */
        if (c->cfg.arch && (!(v & 1) || c->ipsr != M6_EXC_NMI)) c->faultmask = v & 1;
        break;
    case 20:
        if (!handler_mode(c) && ((v ^ c->control) & 2)) { /* switch the stack in use */
            uint32_t t = c->r[13];
            c->r[13] = c->sp_other;
            c->sp_other = t;
            c->control = v & 2;
        }
        break;
    default:
        break;
    }
}

/* One executor per encoding of tarmac/thumb_encodings.h, exec_<id>, dispatched by id in execute(). Not every
 * executor reads all three of its arguments. */
#define MAYBE_UNUSED __attribute__((unused))
#define EXEC(id) static inline int exec_##id(MAYBE_UNUSED m6 *c, MAYBE_UNUSED uint32_t pc, MAYBE_UNUSED uint32_t op)
/* the multi-register and system executors out of line: inlined, their register pressure makes every instruction's
 * dispatch save and restore more registers */
#define EXEC_COLD(id) __attribute__((noinline)) static int exec_##id(MAYBE_UNUSED m6 *c, MAYBE_UNUSED uint32_t pc, \
                                                                   MAYBE_UNUSED uint32_t op)

static inline void set_result_nz(m6 *c, unsigned d, uint32_t v)
{
    set_nz(c, v);
    set_reg(c, d, v);
}

/* The helpers above for the ARMv7-M executors (model/exec.h) */
int m6_ex_load(m6 *c, uint32_t addr, unsigned size, uint32_t *v) { return load(c, addr, size, v); }
int m6_ex_store(m6 *c, uint32_t addr, unsigned size, uint32_t v) { return store(c, addr, size, v); }
int m6_ex_cond_passed(const m6 *c, unsigned cond) { return cond_passed(c, cond); }
void m6_ex_branch(m6 *c, uint32_t pc_now, uint32_t target) { branch(c, pc_now, target); }
int m6_ex_bx_write_pc(m6 *c, uint32_t pc_now, uint32_t target) { return bx_write_pc(c, pc_now, target); }
int m6_ex_bad_exc_return(const m6 *c, uint32_t target) { return is_exc_return(c, target) && !valid_exc_return(target); }
uint32_t m6_ex_shift_c(m6 *c, unsigned type, uint32_t v, uint32_t amount) { return shift_c(c, type, v, amount); }
uint32_t m6_ex_read_special(const m6 *c, unsigned sysm) { return read_special(c, sysm); }
uint32_t m6_special(const m6 *c, unsigned sysm) { return c ? read_special(c, sysm) : 0; }
/* mask (MSR's): bit 1 the APSR's N Z C V Q, bit 0 its GE flags (the DSP extension) */
void m6_ex_write_special(m6 *c, unsigned sysm, uint32_t v, unsigned mask)
{
    if (sysm > 3 || (mask & 2)) write_special(c, sysm, v);
    if (sysm <= 3 && (mask & 1)) c->qge = (c->qge & ~0x000f0000u) | (v & 0x000f0000u);
}

/* Align(PC, 4) as LDR (literal) and ADR read it */
static inline uint32_t pc_aligned(uint32_t pc) { return (pc + 4) & ~3u; }

/* A register of the high-register forms: the PC reads as the instruction's address + 4 */
static inline uint32_t read_high(const m6 *c, uint32_t pc, unsigned n) { return n == 15 ? pc + 4 : c->r[n]; }

/* a byte (size 1) or a halfword (size 2), sign-extended */
static inline uint32_t sign_extend(uint32_t v, unsigned size)
{
    return size == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
}

static inline int load_reg(m6 *c, unsigned t, uint32_t addr, unsigned size, int is_signed)
{
    uint32_t v;
    if (load(c, addr, size, &v)) return EXEC_FAULT;
    set_reg(c, t, is_signed ? sign_extend(v, size) : v);
    return EXEC_OK;
}

static inline int store_reg(m6 *c, unsigned t, uint32_t addr, unsigned size)
{
    uint32_t v = c->r[t];
    return store(c, addr, size, size == 4 ? v : v & ((1u << (8 * size)) - 1)) ? EXEC_FAULT : EXEC_OK;
}

/* Shift (immediate), add, subtract, move, and compare */
static inline int shift_imm(m6 *c, uint32_t op, unsigned type)
{
    set_result_nz(c, thumb_rd(op), shift_c(c, type, c->r[thumb_rm2(op)], thumb_shift_n(op)));
    return EXEC_OK;
}
EXEC(mov_reg_t2) { set_result_nz(c, thumb_rd(op), c->r[thumb_rm2(op)]); return EXEC_OK; }
EXEC(lsl_imm_t1) { return shift_imm(c, op, SRTYPE_LSL); }
EXEC(lsr_imm_t1) { return shift_imm(c, op, SRTYPE_LSR); }
EXEC(asr_imm_t1) { return shift_imm(c, op, SRTYPE_ASR); }
EXEC(add_reg_t1) { set_reg(c, thumb_rd(op), add_with_carry(c, c->r[thumb_rn(op)], c->r[thumb_rm(op)], 0)); return EXEC_OK; }
EXEC(sub_reg_t1) { set_reg(c, thumb_rd(op), add_with_carry(c, c->r[thumb_rn(op)], ~c->r[thumb_rm(op)], 1)); return EXEC_OK; }
EXEC(add_imm_t1) { set_reg(c, thumb_rd(op), add_with_carry(c, c->r[thumb_rn(op)], thumb_imm3(op), 0)); return EXEC_OK; }
EXEC(sub_imm_t1) { set_reg(c, thumb_rd(op), add_with_carry(c, c->r[thumb_rn(op)], ~thumb_imm3(op), 1)); return EXEC_OK; }
EXEC(mov_imm_t1) { set_result_nz(c, thumb_rdn8(op), thumb_imm8(op)); return EXEC_OK; }
EXEC(cmp_imm_t1) { add_with_carry(c, c->r[thumb_rdn8(op)], ~thumb_imm8(op), 1); return EXEC_OK; }
EXEC(add_imm_t2)
{
    unsigned dn = thumb_rdn8(op);
    set_reg(c, dn, add_with_carry(c, c->r[dn], thumb_imm8(op), 0));
    return EXEC_OK;
}
EXEC(sub_imm_t2)
{
    unsigned dn = thumb_rdn8(op);
    set_reg(c, dn, add_with_carry(c, c->r[dn], ~thumb_imm8(op), 1));
    return EXEC_OK;
}

/* Data processing: <op>S <Rdn>, <Rm> */
#define RDN (c->r[thumb_rd(op)])
#define RM (c->r[thumb_rm2(op)])
EXEC(and_reg_t1) { set_result_nz(c, thumb_rd(op), RDN & RM); return EXEC_OK; }
EXEC(eor_reg_t1) { set_result_nz(c, thumb_rd(op), RDN ^ RM); return EXEC_OK; }
EXEC(lsl_reg_t1) { set_result_nz(c, thumb_rd(op), shift_c(c, SRTYPE_LSL, RDN, RM)); return EXEC_OK; }
EXEC(lsr_reg_t1) { set_result_nz(c, thumb_rd(op), shift_c(c, SRTYPE_LSR, RDN, RM)); return EXEC_OK; }
EXEC(asr_reg_t1) { set_result_nz(c, thumb_rd(op), shift_c(c, SRTYPE_ASR, RDN, RM)); return EXEC_OK; }
EXEC(ror_reg_t1) { set_result_nz(c, thumb_rd(op), shift_c(c, SRTYPE_ROR, RDN, RM)); return EXEC_OK; }
EXEC(adc_reg_t1) { set_reg(c, thumb_rd(op), add_with_carry(c, RDN, RM, carry(c))); return EXEC_OK; }
EXEC(sbc_reg_t1) { set_reg(c, thumb_rd(op), add_with_carry(c, RDN, ~RM, carry(c))); return EXEC_OK; }
EXEC(tst_reg_t1) { set_nz(c, RDN & RM); return EXEC_OK; }
EXEC(rsb_imm_t1) { set_reg(c, thumb_rd(op), add_with_carry(c, ~RM, 0, 1)); return EXEC_OK; } /* RSBS #0 */
EXEC(cmp_reg_t1) { add_with_carry(c, RDN, ~RM, 1); return EXEC_OK; }
EXEC(cmn_reg_t1) { add_with_carry(c, RDN, RM, 0); return EXEC_OK; }
EXEC(orr_reg_t1) { set_result_nz(c, thumb_rd(op), RDN | RM); return EXEC_OK; }
EXEC(mul_t1) { set_result_nz(c, thumb_rd(op), RDN * RM); return EXEC_OK; }
EXEC(bic_reg_t1) { set_result_nz(c, thumb_rd(op), RDN & ~RM); return EXEC_OK; }
EXEC(mvn_reg_t1) { set_result_nz(c, thumb_rd(op), ~RM); return EXEC_OK; }

/* Special data instructions and branch and exchange: high registers, the PC read as its address + 4 */
EXEC(add_reg_t2)
{
    unsigned dn = thumb_dn(op);
    uint32_t v = read_high(c, pc, dn) + read_high(c, pc, thumb_rm4(op));
    if (dn == 15) branch(c, pc, v);
    else set_reg(c, dn, v);
    return EXEC_OK;
}
/* ADD (SP plus register): the same sum, SP read and written as r13 */
EXEC(add_sp_reg_t1) { return exec_add_reg_t2(c, pc, op); }
EXEC(add_sp_reg_t2) { return exec_add_reg_t2(c, pc, op); }
EXEC(cmp_reg_t2) { add_with_carry(c, read_high(c, pc, thumb_dn(op)), ~read_high(c, pc, thumb_rm4(op)), 1); return EXEC_OK; }
EXEC(mov_reg_t1)
{
    unsigned d = thumb_dn(op);
    uint32_t v = read_high(c, pc, thumb_rm4(op));
    if (d == 15) branch(c, pc, v);
    else set_reg(c, d, v);
    return EXEC_OK;
}
EXEC(bx_t1) { return bx_write_pc(c, pc, read_high(c, pc, thumb_rm4(op))); }
EXEC(blx_reg_t1)
{
    unsigned m = thumb_rm4(op);
    if (m == 15) return EXEC_FAULT; /* UNPREDICTABLE: the model faults */
    uint32_t target = c->r[m];      /* before LR is written: BLX LR */
    set_reg(c, 14, (pc + 2) | 1);
    blx_write_pc(c, pc, target);
    return EXEC_OK;
}

/* Loads and stores of one item */
EXEC(ldr_lit_t1) { return load_reg(c, thumb_rdn8(op), pc_aligned(pc) + thumb_imm8(op) * 4, 4, 0); }
#define ADDR_REG (c->r[thumb_rn(op)] + c->r[thumb_rm(op)])
EXEC(str_reg_t1) { return store_reg(c, thumb_rd(op), ADDR_REG, 4); }
EXEC(strh_reg_t1) { return store_reg(c, thumb_rd(op), ADDR_REG, 2); }
EXEC(strb_reg_t1) { return store_reg(c, thumb_rd(op), ADDR_REG, 1); }
EXEC(ldrsb_reg_t1) { return load_reg(c, thumb_rd(op), ADDR_REG, 1, 1); }
EXEC(ldr_reg_t1) { return load_reg(c, thumb_rd(op), ADDR_REG, 4, 0); }
EXEC(ldrh_reg_t1) { return load_reg(c, thumb_rd(op), ADDR_REG, 2, 0); }
EXEC(ldrb_reg_t1) { return load_reg(c, thumb_rd(op), ADDR_REG, 1, 0); }
EXEC(ldrsh_reg_t1) { return load_reg(c, thumb_rd(op), ADDR_REG, 2, 1); }
/* imm5 scaled by the access size */
#define ADDR_IMM5(size) (c->r[thumb_rn(op)] + thumb_imm5(op) * (size))
EXEC(str_imm_t1) { return store_reg(c, thumb_rd(op), ADDR_IMM5(4), 4); }
EXEC(ldr_imm_t1) { return load_reg(c, thumb_rd(op), ADDR_IMM5(4), 4, 0); }
EXEC(strb_imm_t1) { return store_reg(c, thumb_rd(op), ADDR_IMM5(1), 1); }
EXEC(ldrb_imm_t1) { return load_reg(c, thumb_rd(op), ADDR_IMM5(1), 1, 0); }
EXEC(strh_imm_t1) { return store_reg(c, thumb_rd(op), ADDR_IMM5(2), 2); }
EXEC(ldrh_imm_t1) { return load_reg(c, thumb_rd(op), ADDR_IMM5(2), 2, 0); }
EXEC(str_imm_t2) { return store_reg(c, thumb_rdn8(op), c->r[13] + thumb_imm8(op) * 4, 4); }
EXEC(ldr_imm_t2) { return load_reg(c, thumb_rdn8(op), c->r[13] + thumb_imm8(op) * 4, 4, 0); }
#undef ADDR_REG
#undef ADDR_IMM5

/* PC- and SP-relative addresses */
EXEC(adr_t1) { set_reg(c, thumb_rdn8(op), pc_aligned(pc) + thumb_imm8(op) * 4); return EXEC_OK; }
EXEC(add_sp_imm_t1) { set_reg(c, thumb_rdn8(op), c->r[13] + thumb_imm8(op) * 4); return EXEC_OK; }

/* Miscellaneous 16-bit instructions */
EXEC(add_sp_imm_t2) { set_reg(c, 13, c->r[13] + thumb_imm7(op) * 4); return EXEC_OK; }
EXEC(sub_sp_imm_t1) { set_reg(c, 13, c->r[13] - thumb_imm7(op) * 4); return EXEC_OK; }
EXEC(sxth_t1) { set_reg(c, thumb_rd(op), sign_extend(RM, 2)); return EXEC_OK; }
EXEC(sxtb_t1) { set_reg(c, thumb_rd(op), sign_extend(RM, 1)); return EXEC_OK; }
EXEC(uxth_t1) { set_reg(c, thumb_rd(op), RM & 0xffff); return EXEC_OK; }
EXEC(uxtb_t1) { set_reg(c, thumb_rd(op), RM & 0xff); return EXEC_OK; }
EXEC(rev_t1) { set_reg(c, thumb_rd(op), __builtin_bswap32(RM)); return EXEC_OK; }
EXEC(rev16_t1)
{
    uint32_t v = RM;
    set_reg(c, thumb_rd(op), ((v & 0x00ff00ffu) << 8) | ((v >> 8) & 0x00ff00ffu));
    return EXEC_OK;
}
EXEC(revsh_t1)
{
    uint32_t v = RM;
    set_reg(c, thumb_rd(op), sign_extend(((v & 0xff) << 8) | ((v >> 8) & 0xff), 2));
    return EXEC_OK;
}
#undef RDN
#undef RM
/* Stores registers 0-14 of list from addr up (PUSH, STM). */
static inline int store_multiple(m6 *c, uint32_t addr, unsigned list)
{
    for (unsigned i = 0; i < 15; i++)
        if (list & (1u << i)) {
            if (store(c, addr, 4, c->r[i])) return EXEC_FAULT;
            addr += 4;
        }
    return EXEC_OK;
}

/* Loads the words of the low registers of list from *addr up into vals, writing no register yet, so that a
 * fault on a later word leaves them all (POP, LDM); *addr ends past the last. */
static inline int load_multiple(m6 *c, uint32_t *addr, unsigned list, uint32_t vals[8])
{
    unsigned n = 0;
    for (unsigned i = 0; i < 8; i++)
        if (list & (1u << i)) {
            if (load(c, *addr, 4, &vals[n++])) return EXEC_FAULT;
            *addr += 4;
        }
    return EXEC_OK;
}

static inline void write_loaded(m6 *c, unsigned list, const uint32_t vals[8])
{
    unsigned n = 0;
    for (unsigned i = 0; i < 8; i++)
        if (list & (1u << i)) set_reg(c, i, vals[n++]);
}

EXEC_COLD(push_t1)
{
    unsigned list = thumb_push_registers(op);
    if (!list) return EXEC_FAULT; /* BitCount(registers) < 1: UNPREDICTABLE, the model faults */
    uint32_t sp = c->r[13] - 4u * (unsigned)__builtin_popcount(list); /* word-aligned: SP[1:0] are zero */
    if (store_multiple(c, sp, list)) return EXEC_FAULT;
    set_reg(c, 13, sp);
    return EXEC_OK;
}
EXEC(cps_t1) { c->primask = thumb_cps_im(op); return EXEC_OK; }
/* Checks an EXC_RETURN before writing a register, so that a fault writes none. */
EXEC_COLD(pop_t1)
{
    unsigned list = thumb_pop_registers(op), low = list & 0xff, pcbit = list >> 15;
    if (!list) return EXEC_FAULT;
    uint32_t addr = c->r[13]; /* word-aligned: SP[1:0] are zero (set_reg) */
    uint32_t vals[8], newpc = 0;
    if (load_multiple(c, &addr, low, vals)) return EXEC_FAULT;
    if (pcbit) {
        if (load(c, addr, 4, &newpc)) return EXEC_FAULT;
        addr += 4;
        if (is_exc_return(c, newpc) && !valid_exc_return(newpc)) return EXEC_FAULT;
    }
    write_loaded(c, low, vals);
    set_reg(c, 13, addr);
    return pcbit ? bx_write_pc(c, pc, newpc) : EXEC_OK;
}
/* BKPT 0xAB is semihosting; any other immediate faults (no debugger) */
EXEC_COLD(bkpt_t1)
{
    if (thumb_imm8(op) == 0xab) return m6_semihost(c) < 0 ? EXEC_FAULT : EXEC_OK;
    return EXEC_FAULT;
}
/* Hints execute as NOPs (model/ARCHITECTURE.md) */
EXEC(nop_t1) { return EXEC_OK; }
EXEC(yield_t1) { return EXEC_OK; }
EXEC(wfe_t1) { return EXEC_OK; }
EXEC(wfi_t1) { return EXEC_OK; }
EXEC(sev_t1) { return EXEC_OK; }

/* Store and load multiple: increment after, ascending addresses */
EXEC_COLD(stm_t1)
{
    unsigned base = thumb_rdn8(op), list = thumb_register_list(op);
    if (!list) return EXEC_FAULT;
    uint32_t addr = c->r[base];
    if (addr & 3) return EXEC_FAULT;
    if (store_multiple(c, addr, list)) return EXEC_FAULT;
    set_reg(c, base, addr + 4u * (unsigned)__builtin_popcount(list));
    return EXEC_OK;
}
EXEC_COLD(ldm_t1)
{
    unsigned base = thumb_rdn8(op), list = thumb_register_list(op);
    if (!list) return EXEC_FAULT;
    uint32_t addr = c->r[base];
    if (addr & 3) return EXEC_FAULT;
    uint32_t vals[8];
    if (load_multiple(c, &addr, list, vals)) return EXEC_FAULT;
    write_loaded(c, list, vals);
    if (!(list & (1u << base))) set_reg(c, base, addr); /* writeback unless the base is loaded */
    return EXEC_OK;
}

/* Branches, SVC, UDF */
EXEC(udf_t1) { return EXEC_FAULT; }
EXEC(svc_t1)
{
    m6_set_pending(c, M6_EXC_SVCALL);
    c->svc_executed = 1;
    return EXEC_OK;
}
EXEC(b_t1)
{
    if (!cond_passed(c, thumb_cond(op))) return EXEC_NOT_TAKEN;
    branch(c, pc, pc + 4 + thumb_b_t1_imm32(op));
    return EXEC_OK;
}
EXEC(b_t2) { branch(c, pc, pc + 4 + thumb_b_t2_imm32(op)); return EXEC_OK; }

/* 32-bit: branch and miscellaneous control. MSR/MRS with SP, LR or PC fault (the manual: UNPREDICTABLE). */
EXEC(bl_t1)
{
    set_reg(c, 14, (pc + 4) | 1);
    branch(c, pc, pc + 4 + thumb_bl_imm32(op));
    return EXEC_OK;
}
EXEC_COLD(msr_t1)
{
    unsigned n = thumb_msr_rn(op);
    if (n >= 13) return EXEC_FAULT;
    write_special(c, thumb_sysm(op), c->r[n]);
    return EXEC_OK;
}
EXEC_COLD(mrs_t1)
{
    unsigned d = thumb_mrs_rd(op);
    if (d >= 13) return EXEC_FAULT;
    set_reg(c, d, read_special(c, thumb_sysm(op)));
    return EXEC_OK;
}
/* Barriers: nothing to order in a sequential model; DSB and ISB let software pends be taken (sw_pend=barrier) */
EXEC(dsb_t1) { c->pend_held = 0; return EXEC_OK; }
EXEC(dmb_t1) { return EXEC_OK; }
EXEC(isb_t1) { c->pend_held = 0; return EXEC_OK; }
EXEC(udf_t2) { return EXEC_FAULT; }
#undef EXEC
#undef EXEC_COLD
#undef MAYBE_UNUSED

/* The executor of an id; one switch the compiler turns into a jump table over inlined executors, inlined into
 * each step copy (and the IT block's). */
static inline M6_HOT_INLINE int execute(m6 *c, thumb_id id, uint32_t pc, uint32_t op)
{
    switch (id) {
#define EXEC_FN_6M(id) exec_##id
#define EXEC_FN_7M(id) m6_v7_##id
#define EXEC_FN_7EM(id) m6_v7_##id
#define EXEC_CASE(id, name, mnemonic, match, mask, cls, syntax, flags, arch) \
    case thumb_##id: return EXEC_FN_##arch(id)(c, pc, op);
    THUMB_ENCODINGS_16(EXEC_CASE)
    THUMB_ENCODINGS_32(EXEC_CASE)
#undef EXEC_CASE
    default: return EXEC_FAULT; /* UNDEFINED */
    }
}

/* A faulting instruction changes no register: every executor that faults does so before its first register or
 * flag write (POP checks its EXC_RETURN before writing the popped registers); stores already performed stay
 * performed, as on the bus. That keeps the common path free of a register snapshot. */
/* ARMv7-M: an instruction of an IT block (ITSTATE non-zero). It executes when ITSTATE's condition passes (else
 * it is traced as not executed); its 16-bit flag-setting forms set no flags; then ITAdvance(), unless it faulted
 * (the frame keeps its IT state) or returned from an exception (the frame gave the state). The manual's
 * UNPREDICTABLE cases stop the model: a conditional branch, MOVS (register), a branch that is not the last
 * instruction. IT itself, CBZ/CBNZ and CPS check in their executors. */
__attribute__((noinline)) static int execute_in_it_block(m6 *c, thumb_id id, uint32_t pc, uint32_t op, int is32)
{
    const thumb_encoding *e = thumb_entry(id);
    unsigned it = c->itstate, last = (it & 15) == 8;
    if ((e->flags & THUMB_F_COND) && id != thumb_cbz_t1 && id != thumb_cbnz_t1)
        return m6_v7_unpredictable(c, pc, "a conditional branch in an IT block");
    if (id == thumb_mov_reg_t2) return m6_v7_unpredictable(c, pc, "MOVS (register) in an IT block");
    if ((e->flags & THUMB_F_BRANCH) && !last) return m6_v7_unpredictable(c, pc, "a branch not last in an IT block");
    int rc;
    if (!cond_passed(c, it >> 4)) {
        rc = EXEC_NOT_TAKEN;
    } else {
        uint32_t apsr = c->apsr;
        rc = execute(c, id, pc, op);
        if (rc == EXEC_OK && (e->flags & THUMB_F_NOT_IT_FLAGS)) c->apsr = apsr;
        if (rc == EXEC_OK && !last && c->r[15] != pc + (is32 ? 4u : 2u))
            return m6_v7_unpredictable(c, pc, "a write to the PC not last in an IT block");
    }
    if (rc != EXEC_FAULT && rc != EXEC_UNPREDICTABLE && !c->exc_return_from && c->itstate == it) m6_v7_it_advance(c);
    return rc;
}

/* One step; v7 (a constant: the compiler makes one copy per architecture, ARMv6-M's without the ARMv7-M work)
 * adds the 32-bit decode of ARMv7-M, IT blocks and the UNPREDICTABLE stop. */
static inline M6_HOT_INLINE int step_arch(m6 *c, const int v7)
{
    if (c->exited) return M6_STEP_EXIT; /* also after an UNKNOWN value stopped it (m6_step, m6_run tell) */
    if (c->locked_up) return M6_STEP_LOCKUP;
    c->nacc = 0;
    c->reg_written = 0;
    c->svc_executed = 0;
    c->unstack_event = 0;
    if (c->trace) m6_trace_begin_step(c);
    uint32_t pc = c->r[15];
    uint64_t held = c->pend_held; /* sw_pend=next: what earlier stores held is free after this instruction */
    if (c->fault_pending) { /* a fault from the previous boundary (INVSTATE) */
        uint32_t ret = c->fault_pending - 1;
        c->fault_pending = 0;
        c->invstate_entry = 1;
        m6_fault(c, ret);
        c->invstate_entry = 0;
        return c->locked_up ? M6_STEP_LOCKUP : M6_STEP_EXCEPTION;
    }
    uint32_t hw1, hw2 = 0;
    if (pc < M6_CODE_SIZE - 4) { /* fast path: fetch from the code region */
        hw1 = (uint32_t)c->code[pc] | (uint32_t)c->code[pc + 1] << 8;
    } else if (m6_read(c, pc, 2, &hw1)) {
        m6_fault(c, pc);
        return c->locked_up ? M6_STEP_LOCKUP : M6_STEP_EXCEPTION;
    }
    int is32 = thumb_is32(hw1);
    if (is32 && m6_read(c, pc + 2, 2, &hw2)) {
        m6_fault(c, pc);
        return c->locked_up ? M6_STEP_LOCKUP : M6_STEP_EXCEPTION;
    }
    uint32_t op = is32 ? (hw1 << 16) | hw2 : hw1;
    c->r[15] = pc + (is32 ? 4 : 2);
    thumb_id id = is32 ? (v7 ? thumb_decode_arch(op, 1, 1u << c->cfg.arch) : thumb_decode(op, 1))
                       : (thumb_id)c->decode16[hw1];
    c->thumb_id = (uint16_t)id;
    int rc = v7 && c->itstate ? execute_in_it_block(c, id, pc, op, is32) : execute(c, id, pc, op);
    if (v7 && rc == EXEC_UNPREDICTABLE) { /* the model stopped (m6_v7_unpredictable): the golden ends before it */
        c->r[15] = pc;
        return M6_STEP_EXIT;
    }
    int taken = rc != EXEC_NOT_TAKEN, fault = rc == EXEC_FAULT;
    if (fault) {
        c->r[15] = pc;
        c->reg_written = 0;
        c->branch_from = c->exc_return_from = 0;
        c->unstack_event = 0;
        c->fault_pending = 0;
        c->tail_chain_to = 0;
    }
    c->icount++;
    c->steps++;
    if (c->post_hooks) { /* a trace, or an UNKNOWN value (model/unknown.c) */
        if (c->unk_any && m6_unknown_step(c, pc, op, fault)) {
            c->icount--; /* its path depended on an unknown value: the golden ends before it */
            c->steps--;
            c->r[15] = pc;
            return M6_STEP_EXIT;
        }
        if (c->trace) m6_trace_insn(c, pc, op, is32, taken);
    }
    if ((c->st_csr & 1) && c->cfg.systick == M6_SYSTICK_INSN) m6_systick_tick(c);
    if (c->mtb_master >> 31) {
        if (c->branch_from) m6_mtb_packet(c, c->branch_from - 1, 0, c->r[15]);
        if (c->exc_return_from) {
            m6_mtb_packet(c, c->exc_return_from - 1, 0, c->exc_return_value);
            /* a tail-chain's entry writes the second packet, to the handler */
            if (!c->tail_chain_to) m6_mtb_packet(c, c->exc_return_value | 1, 1, c->r[15]);
        }
    }
    c->branch_from = c->exc_return_from = 0;
    if (held && c->cfg.sw_pend == M6_PEND_NEXT) c->pend_held &= ~held;
    if (c->exited) return M6_STEP_EXIT;
    if (fault) m6_fault(c, pc);
    else if (c->tail_chain_to) { if (!c->live) m6_tail_chain(c, 0); } /* live: the embedding's entry step */
    else if (c->fault_pending) return M6_STEP_INSN; /* INVSTATE: faults at the next step (no lockup: the branch did not fault) */
    else if (c->live) m6_take_synchronous(c);
    else if (c->sys_pending || (c->irq_pending & c->irq_enable)) m6_take_pending(c);
    return c->locked_up ? M6_STEP_LOCKUP : M6_STEP_INSN;
}

/* An UNKNOWN value's stop is an exit inside the executor (no test on its fast path), M6_STEP_UNKNOWN outside. */
static int told(const m6 *c, int st) { return st == M6_STEP_EXIT && c->unk_stopped ? M6_STEP_UNKNOWN : st; }

static int step(m6 *c) { return step_arch(c, 0); }
static int step_v7(m6 *c) { return step_arch(c, 1); }

int m6_step(m6 *c)
{
    if (!c) return M6_STEP_UNKNOWN;
    return told(c, c->cfg.arch ? step_v7(c) : step(c));
}

/* Register access for users: between steps, off the hot path (the executor uses set_reg and the fields). */
uint32_t m6_reg(const m6 *c, int id)
{
    if (id >= TM_REG_R0 && id <= TM_REG_PC) return c->r[id];
    switch (id) {
    case TM_REG_XPSR: return m6_xpsr(c);
    case TM_REG_MSP: return m6_msp(c);
    case TM_REG_PSP: return m6_psp(c);
    case TM_REG_PRIMASK: return c->primask;
    case TM_REG_CONTROL: return c->control;
    default: return 0;
    }
}

uint32_t m6_reg_unknown(const m6 *c, int id)
{
    if (id >= TM_REG_R0 && id <= TM_REG_LR) return c->unk_bits[id];
    return id == TM_REG_XPSR ? c->unk_flags : 0;
}

void m6_take_value(m6 *c, int id, uint32_t v)
{
    if (!m6_reg_unknown(c, id)) return;
    if (id == TM_REG_XPSR) {
        c->apsr = (c->apsr & ~c->unk_flags) | (v & c->unk_flags);
        m6_unknown_known(c, 0, c->unk_flags);
        return;
    }
    c->r[id] = (c->r[id] & ~c->unk_bits[id]) | (v & c->unk_bits[id]);
    m6_unknown_known(c, 1u << id, 0);
}

void m6_set_reg(m6 *c, int id, uint32_t v)
{
    if (id >= TM_REG_R0 && id <= TM_REG_PC) {
        set_reg(c, (unsigned)id, v);
        return;
    }
    switch (id) {
    case TM_REG_XPSR: { /* a debugger's write: the flags and IPSR; nothing becomes active */
        int was_psp = psp_active(c);
        c->apsr = v & 0xf0000000u;
        c->ipsr = v & 0x3f;
        if (psp_active(c) != was_psp) { /* the mode changed: r13 stays the stack pointer in use */
            uint32_t t = c->r[13];
            c->r[13] = c->sp_other;
            c->sp_other = t;
        }
        break;
    }
    case TM_REG_MSP: write_special(c, 8, v); break; /* as MSR does it, SYSm numbers */
    case TM_REG_PSP: write_special(c, 9, v); break;
    case TM_REG_PRIMASK: write_special(c, 16, v); break;
    case TM_REG_CONTROL: write_special(c, 20, v); break;
    default: break;
    }
}

const m6_config *m6_get_config(const m6 *c) { return &c->cfg; }
void m6_set_config(m6 *c, const m6_config *cfg)
{
    if (!c || !cfg) return;
    c->cfg = *cfg;
    int mps2 = cfg->mem_map == M6_MEM_MAP_MPS2;
    c->code_size = mps2 ? M6_MPS2_CODE_SIZE : M6_CODE_SIZE;
    c->sram_size = mps2 ? M6_MPS2_SRAM_SIZE : M6_SRAM_SIZE;
    c->decode16 = thumb_decode16_table_arch(1u << cfg->arch);
}
int m6_stopped(const m6 *c)
{
    if (!c) return M6_STEP_UNKNOWN;
    return c->exited ? (c->unk_stopped ? M6_STEP_UNKNOWN : M6_STEP_EXIT) : c->locked_up ? M6_STEP_LOCKUP : 0;
}
int m6_exit_code(const m6 *c)
{
    if (!c) return 0;
    return c->exit_code;
}
const char *m6_stop_reason(const m6 *c)
{
    if (!c) return "";
    return c->locked_up || c->unk_stopped ? c->msg : "";
}
uint64_t m6_icount(const m6 *c)
{
    if (!c) return 0;
    return c->icount;
}
uint64_t m6_steps(const m6 *c)
{
    if (!c) return 0;
    return c->steps;
}
thumb_id m6_last_encoding(const m6 *c)
{
    if (!c) return (thumb_id)0;
    return (thumb_id)c->thumb_id;
}

void m6_set_console(m6 *c, FILE *f)
{
    if (!c) return;
    c->console = f;
}

void m6_trace_to(m6 *c, tm_out *out, tm_dialect dialect)
{
    if (!c) return;
    memset(&c->trace_to, 0, sizeof c->trace_to);
    c->trace_to.out = out;
    c->trace_to.dialect = dialect;
    c->trace = out ? &c->trace_to : NULL;
    m6_post_hooks(c);
}

void m6_trace_to_sink(m6 *c, void (*sink)(void *ctx, const tm_record *r), void *ctx, int lean)
{
    if (!c) return;
    memset(&c->trace_to, 0, sizeof c->trace_to);
    c->trace_to.sink = sink;
    c->trace_to.sink_ctx = ctx;
    c->trace_to.dialect = TM_DIALECT_FASTMODELS; /* records, not text: the dialect shapes only the memory records */
    c->trace_to.lean = lean;
    c->trace = sink ? &c->trace_to : NULL;
    m6_post_hooks(c);
}

int m6_trace_status(const m6 *c, tm_error *err)
{
    if (!c) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "m6_trace_status: a NULL argument");
    if (!c->trace_to.error) return TM_OK;
    if (err) *err = c->trace_to.err;
    return c->trace_to.err.status < 0 ? c->trace_to.err.status : TM_ERR_IO;
}

void m6_on_mtb_packet(m6 *c, void (*fn)(void *ctx, uint64_t step, uint32_t w0, uint32_t w1), void *ctx)
{
    if (!c) return;
    c->on_mtb_packet = fn;
    c->mtb_ctx = ctx;
}

int m6_run(m6 *c, uint64_t max_insns)
{
    if (!c) return M6_STEP_UNKNOWN;
    int st = M6_STEP_INSN;
    if (c->cfg.arch)
        while (st != M6_STEP_EXIT && st != M6_STEP_LOCKUP && (!max_insns || c->icount < max_insns)) st = step_v7(c);
    else
        while (st != M6_STEP_EXIT && st != M6_STEP_LOCKUP && (!max_insns || c->icount < max_insns)) st = step(c);
    return told(c, st);
}

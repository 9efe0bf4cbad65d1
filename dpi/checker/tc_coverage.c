/* Functional coverage of what the lockstep checker compared: the bins and their names (tc_coverage.h).
 * The bin space is a set of dense blocks indexed by arithmetic (a Thumb encoding id times a corner, a size
 * times a byte lane, ...); bin_name() says which slots of a block are bins, so that the file lists exactly the
 * bins that can be hit and every one of them. */
#include <stdlib.h>
#include <string.h>

#include "tarmac/outfile.h"
#include "tc_coverage.h"

/* flag corners of the flag-setting data-processing encodings, from the golden's xPSR before and after */
enum { F_ZERO, F_NEGATIVE, F_CARRY_OUT, F_NO_CARRY_OUT, F_OVERFLOW, F_CARRY_IN, F_NO_CARRY_IN, F_N };
static const char *const flag_names[F_N] = { "zero", "negative", "carry_out", "no_carry_out", "overflow",
                                             "carry_in", "no_carry_in" };
enum { SHIFT_N = 4, OPERAND_N = 4, LIST_N = 13 };
/* reglist slots: r0-r7, then these */
enum { L_LR_PC = 8, L_ONE, L_ALL_LOW, L_BASE_IN, L_BASE_OUT };
/* exception forms */
enum {
    X_FROM_THREAD_MSP, X_FROM_THREAD_PSP, X_NESTED, X_FRAME_ALIGNED, X_FRAME_REALIGNED, X_TAIL_CHAINED,
    X_BY_BX, X_BY_POP_PC, X_TO_THREAD_MSP, X_TO_THREAD_PSP, X_TO_HANDLER, X_N
};
static const char *const form_names[X_N] = {
    "entered_from_thread_msp", "entered_from_thread_psp", "entered_nested", "entered_frame_aligned",
    "entered_frame_realigned", "entered_tail_chained", "returned_by_bx", "returned_by_pop_pc",
    "returned_to_thread_msp", "returned_to_thread_psp", "returned_to_handler"
};
static const char *const mtb_names[] = { "branch", "exception_entry", "exception_return", "exception_return_to",
                                         "tail_chain_entry", "start_bit", "wrap", "watermark_autostop",
                                         "watermark_autohalt" };
enum { MTB_START = 5, MTB_WRAP, MTB_AUTOSTOP, MTB_AUTOHALT, MTB_N };

/* The system registers, by the manual's names; MTB ones at offsets from mtb_base. */
enum { SR_R = 1, SR_W = 2, SR_MTB = 4 };
static const struct {
    const char *name;
    uint32_t addr;
    uint8_t flags;
} sysregs[] = {
    { "NVIC_ISER", 0xE000E100u, SR_R | SR_W }, { "NVIC_ICER", 0xE000E180u, SR_R | SR_W },
    { "NVIC_ISPR", 0xE000E200u, SR_R | SR_W }, { "NVIC_ICPR", 0xE000E280u, SR_R | SR_W },
    { "NVIC_IPR0", 0xE000E400u, SR_R | SR_W }, { "NVIC_IPR1", 0xE000E404u, SR_R | SR_W },
    { "NVIC_IPR2", 0xE000E408u, SR_R | SR_W }, { "NVIC_IPR3", 0xE000E40Cu, SR_R | SR_W },
    { "NVIC_IPR4", 0xE000E410u, SR_R | SR_W }, { "NVIC_IPR5", 0xE000E414u, SR_R | SR_W },
    { "NVIC_IPR6", 0xE000E418u, SR_R | SR_W }, { "NVIC_IPR7", 0xE000E41Cu, SR_R | SR_W },
    { "CPUID", 0xE000ED00u, SR_R },            { "ICSR", 0xE000ED04u, SR_R | SR_W },
    { "VTOR", 0xE000ED08u, SR_R | SR_W },      { "AIRCR", 0xE000ED0Cu, SR_R | SR_W },
    { "SCR", 0xE000ED10u, SR_R | SR_W },       { "CCR", 0xE000ED14u, SR_R },
    { "SHPR2", 0xE000ED1Cu, SR_R | SR_W },     { "SHPR3", 0xE000ED20u, SR_R | SR_W },
    { "SHCSR", 0xE000ED24u, SR_R | SR_W },     { "SYST_CSR", 0xE000E010u, SR_R | SR_W },
    { "SYST_RVR", 0xE000E014u, SR_R | SR_W },  { "SYST_CVR", 0xE000E018u, SR_R | SR_W },
    { "SYST_CALIB", 0xE000E01Cu, SR_R },       { "MTB_POSITION", 0x0, SR_R | SR_W | SR_MTB },
    { "MTB_MASTER", 0x4, SR_R | SR_W | SR_MTB }, { "MTB_FLOW", 0x8, SR_R | SR_W | SR_MTB },
    { "MTB_BASE", 0xC, SR_R | SR_MTB },
};
#define N_SYSREGS (sizeof sysregs / sizeof sysregs[0])

static const char *const cond_names[14] = { "eq", "ne", "cs", "cc", "mi", "pl", "vs",
                                            "vc", "hi", "ls", "ge", "lt", "gt", "le" };
static const char *const size_names[3] = { "byte", "halfword", "word" };

#define ID_NAME(id, ...) #id,
static const char *const id_names[THUMB_ID_COUNT] = { "undefined", THUMB_ENCODINGS_16(ID_NAME)
                                                                       THUMB_ENCODINGS_32(ID_NAME) };
#undef ID_NAME

/* the blocks */
enum {
    B_ENC = 0,
    B_FLAGS = B_ENC + THUMB_ID_COUNT,
    B_SHIFT = B_FLAGS + THUMB_ID_COUNT * F_N,
    B_OPERAND = B_SHIFT + THUMB_ID_COUNT * SHIFT_N,
    B_LIST = B_OPERAND + THUMB_ID_COUNT * OPERAND_N,
    B_COND = B_LIST + THUMB_ID_COUNT * LIST_N, /* cond * 2 + taken */
    B_MEM = B_COND + 28,                        /* (write * 3 + size index) * 5 + lane (4: unaligned fault) */
    B_EXC = B_MEM + 30,                         /* number * 2 + returned */
    B_FORM = B_EXC + 96,
    B_SYSREG = B_FORM + X_N,                    /* register * 2 + write */
    B_MTB = B_SYSREG + 2 * (int)N_SYSREGS,
    B_BUS = B_MTB + MTB_N,                      /* (write * 3 + size index) * 4 + lane; then the error bin */
    B_BUS_ERROR = B_BUS + 24,
    B_COUNT
};

struct tc_cov {
    uint64_t hits[B_COUNT];
};

tc_cov *tc_cov_new(void) { return calloc(1, sizeof(tc_cov)); }
void tc_cov_free(tc_cov *v) { free(v); }

/* What the flags of an encoding say (0: it sets none that are counted). */
enum { FL_LOGIC = 1, FL_SHIFT, FL_ARITH, FL_ARITH_CARRY };
static int flag_kind(thumb_id id)
{
    switch (id) {
    case thumb_mov_reg_t2: case thumb_mov_imm_t1: case thumb_and_reg_t1: case thumb_eor_reg_t1:
    case thumb_tst_reg_t1: case thumb_orr_reg_t1: case thumb_mul_t1: case thumb_bic_reg_t1: case thumb_mvn_reg_t1:
        return FL_LOGIC;
    case thumb_lsl_imm_t1: case thumb_lsr_imm_t1: case thumb_asr_imm_t1: case thumb_lsl_reg_t1:
    case thumb_lsr_reg_t1: case thumb_asr_reg_t1: case thumb_ror_reg_t1:
        return FL_SHIFT;
    case thumb_add_reg_t1: case thumb_sub_reg_t1: case thumb_add_imm_t1: case thumb_sub_imm_t1:
    case thumb_cmp_imm_t1: case thumb_add_imm_t2: case thumb_sub_imm_t2: case thumb_rsb_imm_t1:
    case thumb_cmp_reg_t1: case thumb_cmn_reg_t1: case thumb_cmp_reg_t2:
        return FL_ARITH;
    case thumb_adc_reg_t1: case thumb_sbc_reg_t1:
        return FL_ARITH_CARRY;
    default:
        return 0;
    }
}

static int flag_applies(thumb_id id, int f)
{
    int k = flag_kind(id);
    if (!k) return 0;
    if (f == F_NEGATIVE) return id != thumb_lsr_imm_t1 && id != thumb_mov_imm_t1; /* bit 31 is always 0 */
    if (f == F_ZERO) return 1;
    if (f <= F_NO_CARRY_OUT) return k >= FL_SHIFT;
    if (f == F_OVERFLOW) return k >= FL_ARITH;
    return k == FL_ARITH_CARRY;
}

/* shift corners: register amounts (Rm[7:0]) 0 / 1-31 / 32 / >32; immediate amounts 1 / 2-30 / 31 / 32 */
static int shift_reg(thumb_id id)
{
    return id == thumb_lsl_reg_t1 || id == thumb_lsr_reg_t1 || id == thumb_asr_reg_t1 || id == thumb_ror_reg_t1;
}
static int shift_imm(thumb_id id) { return id == thumb_lsl_imm_t1 || id == thumb_lsr_imm_t1 || id == thumb_asr_imm_t1; }

static const char *shift_name(thumb_id id, int k)
{
    static const char *const reg[SHIFT_N] = { "by_0", "by_1_31", "by_32", "by_over_32" };
    static const char *const imm[SHIFT_N] = { "by_1", "by_2_30", "by_31", "by_32" };
    if (shift_reg(id)) return reg[k];
    if (!shift_imm(id) || (id == thumb_lsl_imm_t1 && k == 3)) return NULL; /* LSL #0 is MOV (register) T2 */
    return imm[k];
}

/* operand corners: the sign bits an extend or byte reverse reads, the sign of what LDRSB/LDRSH load */
static const char *operand_name(thumb_id id, int k)
{
    static const char *const b7[2] = { "bit7_clear", "bit7_set" }, *const b15[2] = { "bit15_clear", "bit15_set" };
    static const char *const both[4] = { "bit7_clear_bit15_clear", "bit7_set_bit15_clear", "bit7_clear_bit15_set",
                                         "bit7_set_bit15_set" };
    static const char *const sign[2] = { "loaded_positive", "loaded_negative" };
    switch (id) {
    case thumb_sxtb_t1: case thumb_uxtb_t1: return k < 2 ? b7[k] : NULL;
    case thumb_sxth_t1: case thumb_uxth_t1: return k < 2 ? b15[k] : NULL;
    case thumb_revsh_t1: case thumb_rev16_t1: return both[k];
    case thumb_ldrsb_reg_t1: case thumb_ldrsh_reg_t1: return k < 2 ? sign[k] : NULL;
    default: return NULL;
    }
}

static int is_list(thumb_id id)
{
    return id == thumb_stm_t1 || id == thumb_ldm_t1 || id == thumb_push_t1 || id == thumb_pop_t1;
}

static const char *list_name(thumb_id id, int k, char *buf, size_t size)
{
    if (!is_list(id)) return NULL;
    if (k < 8) {
        snprintf(buf, size, "r%d", k);
        return buf;
    }
    switch (k) {
    case L_LR_PC: return id == thumb_push_t1 ? "lr" : id == thumb_pop_t1 ? "pc" : NULL;
    case L_ONE: return "one_register";
    case L_ALL_LOW: return "all_of_r0_r7";
    case L_BASE_IN: return id == thumb_ldm_t1 || id == thumb_stm_t1 ? "base_in_list" : NULL;
    case L_BASE_OUT: return id == thumb_ldm_t1 || id == thumb_stm_t1 ? "base_not_in_list" : NULL;
    default: return NULL;
    }
}

/* ARMv6-M exception numbers with a name: Reset, NMI, HardFault, SVCall, PendSV, SysTick, IRQ0-31 */
static int exc_name(unsigned n, char *buf, size_t size)
{
    static const char *const sys[16] = { NULL, "Reset", "NMI", "HardFault", NULL, NULL, NULL, NULL, NULL, NULL,
                                         NULL, "SVCall", NULL, NULL, "PendSV", "SysTick" };
    if (n >= 48) return 0;
    if (n >= 16) snprintf(buf, size, "IRQ%u", n - 16);
    else if (sys[n]) snprintf(buf, size, "%s", sys[n]);
    else return 0;
    return 1;
}

/* The name of bin i into buf; 0 when slot i is no bin. */
static int bin_name(int i, char *buf, size_t size)
{
    char t[32];
    const char *x;
    if (i < B_FLAGS) {
        /* the checker counts the ARMv6-M encodings (it decodes as ARMv6-M: the others never occur) */
        if (i == thumb_undefined || !(thumb_encodings[i].archs & THUMB_ARCH_V6M)) return 0;
        return snprintf(buf, size, "encoding.%s", id_names[i]) > 0;
    }
    if (i < B_SHIFT) {
        int id = (i - B_FLAGS) / F_N, f = (i - B_FLAGS) % F_N;
        if (!flag_applies((thumb_id)id, f)) return 0;
        return snprintf(buf, size, "flags.%s.%s", id_names[id], flag_names[f]) > 0;
    }
    if (i < B_OPERAND) {
        int id = (i - B_SHIFT) / SHIFT_N;
        if (!(x = shift_name((thumb_id)id, (i - B_SHIFT) % SHIFT_N))) return 0;
        return snprintf(buf, size, "shift.%s.%s", id_names[id], x) > 0;
    }
    if (i < B_LIST) {
        int id = (i - B_OPERAND) / OPERAND_N;
        if (!(x = operand_name((thumb_id)id, (i - B_OPERAND) % OPERAND_N))) return 0;
        return snprintf(buf, size, "operand.%s.%s", id_names[id], x) > 0;
    }
    if (i < B_COND) {
        int id = (i - B_LIST) / LIST_N;
        if (!(x = list_name((thumb_id)id, (i - B_LIST) % LIST_N, t, sizeof t))) return 0;
        return snprintf(buf, size, "reglist.%s.%s", id_names[id], x) > 0;
    }
    if (i < B_MEM) {
        int k = i - B_COND;
        return snprintf(buf, size, "branch.b_t1.%s.%s", cond_names[k / 2], k & 1 ? "taken" : "not_taken") > 0;
    }
    if (i < B_EXC) {
        int k = i - B_MEM, dir = k / 15, sz = k / 5 % 3, lane = k % 5;
        if (lane == 4 ? sz == 0 : lane % (1 << sz) != 0) return 0; /* bytes are never unaligned */
        if (lane == 4) snprintf(t, sizeof t, "unaligned_fault");
        else snprintf(t, sizeof t, "lane%d", lane);
        return snprintf(buf, size, "mem.%s.%s.%s", dir ? "store" : "load", size_names[sz], t) > 0;
    }
    if (i < B_FORM) {
        int k = i - B_EXC;
        if (!exc_name((unsigned)k / 2, t, sizeof t) || (k == 3)) return 0; /* Reset never returns */
        return snprintf(buf, size, "exception.%s.%s", t, k & 1 ? "returned" : "entered") > 0;
    }
    if (i < B_SYSREG) return snprintf(buf, size, "exception.%s", form_names[i - B_FORM]) > 0;
    if (i < B_MTB) {
        int k = i - B_SYSREG, w = k & 1;
        if (!(sysregs[k / 2].flags & (w ? SR_W : SR_R))) return 0;
        return snprintf(buf, size, "sysreg.%s.%s", sysregs[k / 2].name, w ? "write" : "read") > 0;
    }
    if (i < B_BUS) return snprintf(buf, size, "mtb.%s", mtb_names[i - B_MTB]) > 0;
    if (i < B_BUS_ERROR) {
        int k = i - B_BUS, dir = k / 12, sz = k / 4 % 3, lane = k % 4;
        if (lane % (1 << sz)) return 0;
        return snprintf(buf, size, "bus.%s.%s.lane%d", dir ? "write" : "read", size_names[sz], lane) > 0;
    }
    if (i == B_BUS_ERROR) return snprintf(buf, size, "bus.error_response") > 0;
    return 0;
}

static int size_index(unsigned size) { return size == 1 ? 0 : size == 2 ? 1 : 2; }

static uint32_t xpsr_after(const tc_step *s, uint32_t before)
{
    for (unsigned i = 0; i < s->nregs; i++)
        if (s->regs[i].id == TM_REG_XPSR) before = tc_greg_merge(before, &s->regs[i]);
    return before;
}

/* An instruction's own corners: flags, shift amounts, operands, register lists, condition, unaligned faults. */
static void cover_insn(tc_checker *c, const tc_step *s, thumb_id id, const tc_step *next)
{
    uint64_t *h = c->cov->hits;
    const uint32_t *r = c->gold;
    uint32_t op = s->opcode;
    if (id == thumb_b_t1 && thumb_cond(op) < 14) h[B_COND + 2 * thumb_cond(op) + (s->status != TM_INSN_IS)]++;
    if (s->status == TM_INSN_IS) return;
    if (flag_kind(id)) {
        uint32_t before = r[TM_REG_XPSR], after = xpsr_after(s, before); /* N Z C V: bits 31-28 */
        const int corner[F_N] = { (int)(after >> 30 & 1), (int)(after >> 31),    (int)(after >> 29 & 1),
                                  !(after >> 29 & 1),     (int)(after >> 28 & 1), (int)(before >> 29 & 1),
                                  !(before >> 29 & 1) };
        for (int k = 0; k < F_N; k++)
            if (corner[k] && flag_applies(id, k)) h[B_FLAGS + id * F_N + k]++;
    }
    if (shift_reg(id)) {
        uint32_t n = r[thumb_rm2(op)] & 0xff;
        h[B_SHIFT + id * SHIFT_N + (n == 0 ? 0 : n < 32 ? 1 : n == 32 ? 2 : 3)]++;
    } else if (shift_imm(id)) {
        uint32_t n = thumb_shift_n(op);
        h[B_SHIFT + id * SHIFT_N + (n == 1 ? 0 : n < 31 ? 1 : n == 31 ? 2 : 3)]++;
    }
    uint64_t *o = &h[B_OPERAND + id * OPERAND_N];
    uint32_t v = r[thumb_rm2(op)];
    switch (id) {
    case thumb_sxtb_t1: case thumb_uxtb_t1: o[v >> 7 & 1]++; break;
    case thumb_sxth_t1: case thumb_uxth_t1: o[v >> 15 & 1]++; break;
    case thumb_revsh_t1: case thumb_rev16_t1: o[(v >> 7 & 1) | (v >> 14 & 2)]++; break;
    case thumb_ldrsb_reg_t1: case thumb_ldrsh_reg_t1:
        for (unsigned i = 0; i < s->nmem; i++)
            if (!s->mem[i].write) o[s->mem[i].data >> (id == thumb_ldrsb_reg_t1 ? 7 : 15) & 1]++;
        break;
    default: break;
    }
    if (is_list(id)) {
        uint64_t *l = &h[B_LIST + id * LIST_N];
        unsigned list = id == thumb_push_t1 ? thumb_push_registers(op) : id == thumb_pop_t1 ? thumb_pop_registers(op)
                                                                                            : thumb_register_list(op);
        for (int k = 0; k < 8; k++)
            if (list >> k & 1) l[k]++;
        if (list >> 14 & 1 || list >> 15 & 1) l[L_LR_PC]++;
        if (__builtin_popcount(list) == 1) l[L_ONE]++;
        if ((list & 0xff) == 0xff) l[L_ALL_LOW]++;
        if (id == thumb_ldm_t1 || id == thumb_stm_t1) l[list >> thumb_rdn8(op) & 1 ? L_BASE_IN : L_BASE_OUT]++;
    }
    /* a halfword or word access at an unaligned address: the HardFault the golden takes next */
    if (s->nmem == 0 && next && next->kind == TC_STEP_EXC && next->has_number && next->exc_number == 3) {
        const thumb_encoding *e = thumb_entry(id);
        unsigned size = e->syntax == THUMB_SYNTAX_RT_RN_IMM5H ? 2 : e->syntax == THUMB_SYNTAX_RT_RN_IMM5W ? 4 : 0;
        uint32_t addr = r[thumb_rn(op)] + thumb_imm5(op) * size;
        if (e->syntax == THUMB_SYNTAX_RT_SP_IMM8) {
            size = 4;
            addr = r[TM_REG_SP] + thumb_imm8(op) * 4;
        } else if (e->syntax == THUMB_SYNTAX_RT_RN_RM) {
            size = id == thumb_ldr_reg_t1 || id == thumb_str_reg_t1 ? 4
                 : id == thumb_ldrh_reg_t1 || id == thumb_strh_reg_t1 || id == thumb_ldrsh_reg_t1 ? 2 : 0;
            addr = r[thumb_rn(op)] + r[thumb_rm(op)];
        }
        int store = e->mnemonic[0] == 's';
        if (size > 1 && (addr & (size - 1))) h[B_MEM + (store * 3 + size_index(size)) * 5 + 4]++;
    }
}

static void cover_sysreg(tc_checker *c, const tc_gmem *m)
{
    for (unsigned k = 0; k < N_SYSREGS; k++) {
        uint32_t a = sysregs[k].addr;
        if (sysregs[k].flags & SR_MTB) {
            if (!c->o.mtb_base) continue;
            a += c->o.mtb_base;
        }
        if ((m->addr & ~3u) == a) {
            c->cov->hits[B_SYSREG + 2 * k + m->write]++;
            return;
        }
    }
}

/* The stacked xPSR, the frame's word at SP + 28 (bit 9: the frame was realigned): in the entry's step, or in the
 * instruction's before it when the entry changes no mode (from Handler mode the golden's step starts at the
 * exception event, after the stacking). */
static int stacked_xpsr(tc_checker *c, const tc_step *s, uint64_t index, uint32_t sp, uint32_t *xpsr)
{
    const tc_step *steps[2] = { s, index > c->oldest ? tc_step_at(c, index - 1) : NULL };
    for (int k = 0; k < 2 && steps[k]; k++)
        for (unsigned i = 0; i < steps[k]->nmem; i++)
            if (steps[k]->mem[i].write && steps[k]->mem[i].addr == sp + 28) {
                *xpsr = steps[k]->mem[i].data;
                return 1;
            }
    return 0;
}

static void cover_entry(tc_checker *c, const tc_step *s, uint64_t index)
{
    uint64_t *h = c->cov->hits;
    char t[16];
    if (s->has_number && exc_name(s->exc_number, t, sizeof t)) h[B_EXC + 2 * s->exc_number]++;
    if (tc_step_chained_entry(s)) {
        h[B_FORM + X_TAIL_CHAINED]++;
        return;
    }
    uint32_t sp, xpsr;
    if (tc_step_sp(s, &sp) && stacked_xpsr(c, s, index, sp, &xpsr))
        h[B_FORM + (xpsr >> 9 & 1 ? X_FRAME_REALIGNED : X_FRAME_ALIGNED)]++;
    /* the EXC_RETURN it writes to LR says where it came from */
    for (unsigned i = 0; i < s->nregs; i++)
        if (s->regs[i].id == TM_REG_LR && s->regs[i].value >= 0xF0000000u) {
            uint32_t lr = s->regs[i].value;
            h[B_FORM + (!(lr & 8) ? X_NESTED : lr & 4 ? X_FROM_THREAD_PSP : X_FROM_THREAD_MSP)]++;
        }
}

void tc_cov_step(tc_checker *c, const tc_step *s, uint64_t index)
{
    uint64_t *h = c->cov->hits;
    if (s->kind == TC_STEP_RESET) {
        h[B_EXC + 2 * 1]++;
        return;
    }
    for (unsigned i = 0; i < s->nmem; i++) {
        const tc_gmem *m = &s->mem[i];
        if (!tc_bus_compared(&c->o, m->addr) || m->error) continue;
        cover_sysreg(c, m);
        if (s->kind == TC_STEP_INSN) {
            int sz = size_index(m->size), lane = m->addr & 3;
            h[B_MEM + (m->write * 3 + sz) * 5 + lane]++;
        }
    }
    if (s->kind == TC_STEP_EXC) {
        cover_entry(c, s, index);
        return;
    }
    thumb_id id = thumb_decode(s->opcode, s->is32);
    if (s->status != TM_INSN_IS) h[B_ENC + id]++;
    const tc_step *next = index + 1 < c->complete ? tc_step_at(c, index + 1) : NULL;
    cover_insn(c, s, id, next);
    uint32_t v;
    if (tc_step_exc_return(c->gold, s, &v)) {
        unsigned n = c->gold[TM_REG_XPSR] & 0x3f;
        char t[16];
        if (exc_name(n, t, sizeof t) && n != 1) h[B_EXC + 2 * n + 1]++;
        h[B_FORM + (id == thumb_pop_t1 ? X_BY_POP_PC : X_BY_BX)]++;
        h[B_FORM + (!(v & 8) ? X_TO_HANDLER : v & 4 ? X_TO_THREAD_PSP : X_TO_THREAD_MSP)]++;
    }
}

void tc_cov_beat(tc_cov *v, int write, unsigned size, uint32_t addr)
{
    int sz = size_index(size), lane = addr & 3;
    v->hits[B_BUS + ((write != 0) * 3 + sz) * 4 + lane]++;
}

void tc_cov_error_beat(tc_cov *v) { v->hits[B_BUS_ERROR]++; }

void tc_cov_packet(tc_cov *v, const tc_packet *p)
{
    v->hits[B_MTB + p->kind]++;
    if (p->w1 & 1) v->hits[B_MTB + MTB_START]++;
    if (p->events & TC_PKT_WRAP) v->hits[B_MTB + MTB_WRAP]++;
    if (p->events & TC_PKT_AUTOSTOP) v->hits[B_MTB + MTB_AUTOSTOP]++;
    if (p->events & TC_PKT_AUTOHALT) v->hits[B_MTB + MTB_AUTOHALT]++;
}

int tc_cov_write(const tc_cov *v, const char *path, const char *const *inputs, const char *golden, int failed,
                 tm_error *err)
{
    tm_outfile *out = tm_outfile_open(path, inputs, err);
    FILE *f = out ? tm_outfile_stream(out, err) : NULL;
    if (!f) {
        tm_outfile_discard(out);
        return err->status;
    }
    fprintf(f, "# tarmac-cov 1\n# tests 1\n# failed %d\n# golden %s\n", failed != 0, golden);
    char name[96];
    for (int i = 0; i < B_COUNT; i++)
        if (bin_name(i, name, sizeof name)) fprintf(f, "%s\t%llu\n", name, (unsigned long long)v->hits[i]);
    return tm_outfile_commit(out, err);
}

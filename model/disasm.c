/* ARMv6-M disassembler for the trace lines, in GNU objdump's syntax (lower case, "#imm", "{r4, lr}",
 * branch targets as absolute addresses), through the Thumb encoding table: the entry gives the mnemonic and
 * the operand syntax. */
#include <stdarg.h>
#include <stdio.h>

#include "armv6m.h"

static const char *const R[16] = { "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                   "r8", "r9", "sl", "fp", "ip", "sp", "lr", "pc" };
static const char *const COND[16] = { "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc",
                                      "hi", "ls", "ge", "lt", "gt", "le", "", "" };

__attribute__((format(printf, 3, 4))) static int out(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n < 0 ? 0 : (size_t)n < size ? n : (int)size - 1;
}

static int reglist(char *buf, size_t size, unsigned list)
{
    int n = out(buf, size, "{");
    int first = 1;
    for (unsigned i = 0; i < 16; i++)
        if (list & (1u << i)) {
            n += out(buf + n, size - (size_t)n, "%s%s", first ? "" : ", ", R[i]);
            first = 0;
        }
    return n + out(buf + n, size - (size_t)n, "}");
}

static const char *sysreg(unsigned sysm)
{
    switch (sysm) {
    case 0: return "APSR";
    case 1: return "IAPSR";
    case 2: return "EAPSR";
    case 3: return "PSR";
    case 5: return "IPSR";
    case 6: return "EPSR";
    case 7: return "IEPSR";
    case 8: return "MSP";
    case 9: return "PSP";
    case 16: return "PRIMASK";
    case 20: return "CONTROL";
    default: return "?";
    }
}

/* The entry's mnemonic and the operands of its syntax (tarmac/thumb.h). */
static inline __attribute__((always_inline)) int operands(const thumb_encoding *e, uint32_t pc, uint32_t op, int is32, char *b, size_t n)
{
    const char *m = e->mnemonic;
    char list[80];
    switch ((thumb_syntax)e->syntax) {
    case THUMB_SYNTAX_NONE: return out(b, n, "%s", m);
    case THUMB_SYNTAX_RD_RM: return out(b, n, "%s %s, %s", m, R[thumb_rd(op)], R[thumb_rm2(op)]);
    case THUMB_SYNTAX_RD_RM_SHIFT:
        return out(b, n, "%s %s, %s, #%u", m, R[thumb_rd(op)], R[thumb_rm2(op)], thumb_shift_n(op));
    case THUMB_SYNTAX_RD_RN_RM: return out(b, n, "%s %s, %s, %s", m, R[thumb_rd(op)], R[thumb_rn(op)], R[thumb_rm(op)]);
    case THUMB_SYNTAX_RD_RN_IMM3:
        return out(b, n, "%s %s, %s, #%u", m, R[thumb_rd(op)], R[thumb_rn(op)], thumb_imm3(op));
    case THUMB_SYNTAX_RDN8_IMM8: return out(b, n, "%s %s, #%u", m, R[thumb_rdn8(op)], thumb_imm8(op));
    case THUMB_SYNTAX_HIGH_RDN_RM:
        if (op == 0x46c0) return out(b, n, "nop"); /* mov r8, r8: the canonical Thumb NOP, as objdump prints it */
        return out(b, n, "%s %s, %s", m, R[thumb_dn(op)], R[thumb_rm4(op)]);
    case THUMB_SYNTAX_HIGH_RM:
        if (e == thumb_entry(thumb_blx_reg_t1) && thumb_rm4(op) == 15) break; /* BLX pc: the model faults */
        return out(b, n, "%s %s", m, R[thumb_rm4(op)]);
    case THUMB_SYNTAX_RT_PC_IMM8: return out(b, n, "%s %s, [pc, #%u]", m, R[thumb_rdn8(op)], thumb_imm8(op) * 4);
    case THUMB_SYNTAX_RT_SP_IMM8: return out(b, n, "%s %s, [sp, #%u]", m, R[thumb_rdn8(op)], thumb_imm8(op) * 4);
    case THUMB_SYNTAX_RD_PC_IMM8: return out(b, n, "%s %s, pc, #%u", m, R[thumb_rdn8(op)], thumb_imm8(op) * 4);
    case THUMB_SYNTAX_RD_SP_IMM8: return out(b, n, "%s %s, sp, #%u", m, R[thumb_rdn8(op)], thumb_imm8(op) * 4);
    case THUMB_SYNTAX_RT_RN_RM: return out(b, n, "%s %s, [%s, %s]", m, R[thumb_rd(op)], R[thumb_rn(op)], R[thumb_rm(op)]);
    case THUMB_SYNTAX_RT_RN_IMM5W:
    case THUMB_SYNTAX_RT_RN_IMM5H:
    case THUMB_SYNTAX_RT_RN_IMM5B: {
        unsigned scale = e->syntax == THUMB_SYNTAX_RT_RN_IMM5W ? 4 : e->syntax == THUMB_SYNTAX_RT_RN_IMM5H ? 2 : 1;
        return out(b, n, "%s %s, [%s, #%u]", m, R[thumb_rd(op)], R[thumb_rn(op)], thumb_imm5(op) * scale);
    }
    case THUMB_SYNTAX_SP_IMM7: return out(b, n, "%s sp, #%u", m, thumb_imm7(op) * 4);
    case THUMB_SYNTAX_PUSH:
        reglist(list, sizeof list, thumb_push_registers(op));
        return out(b, n, "%s %s", m, list);
    case THUMB_SYNTAX_POP:
        reglist(list, sizeof list, thumb_pop_registers(op));
        return out(b, n, "%s %s", m, list);
    case THUMB_SYNTAX_STM:
    case THUMB_SYNTAX_LDM: {
        unsigned base = thumb_rdn8(op), regs = thumb_register_list(op);
        if (!regs) break; /* an empty list: the model faults */
        /* LDM writes the base back unless it loads it */
        int wb = e->syntax == THUMB_SYNTAX_STM || !((regs >> base) & 1);
        reglist(list, sizeof list, regs);
        return out(b, n, "%s %s%s, %s", m, R[base], wb ? "!" : "", list);
    }
    case THUMB_SYNTAX_CPS: return out(b, n, "%si%s i", m, thumb_cps_im(op) ? "d" : "e");
    case THUMB_SYNTAX_B_COND: return out(b, n, "%s%s.n 0x%x", m, COND[thumb_cond(op)], pc + 4 + thumb_b_t1_imm32(op));
    case THUMB_SYNTAX_B: return out(b, n, "%s.n 0x%x", m, pc + 4 + thumb_b_t2_imm32(op));
    case THUMB_SYNTAX_BL: return out(b, n, "%s 0x%x", m, pc + 4 + thumb_bl_imm32(op));
    case THUMB_SYNTAX_UDF: return out(b, n, "%s #%u", m, thumb_imm8(op));
    case THUMB_SYNTAX_SVC: return out(b, n, "%s %u", m, thumb_imm8(op));
    case THUMB_SYNTAX_BKPT: return out(b, n, "%s 0x%04x", m, thumb_imm8(op));
    case THUMB_SYNTAX_MSR: return out(b, n, "%s %s, %s", m, sysreg(thumb_sysm(op)), R[thumb_msr_rn(op)]);
    case THUMB_SYNTAX_MRS: return out(b, n, "%s %s, %s", m, R[thumb_mrs_rd(op)], sysreg(thumb_sysm(op)));
    case THUMB_SYNTAX_BARRIER: return out(b, n, "%s sy", m); /* SY, the option ARMv6-M code uses */
    case THUMB_SYNTAX_UDF_W: return out(b, n, "%s.w #%u", m, thumb_udf_imm16(op));
    case THUMB_SYNTAX_MNEMONIC: return out(b, n, is32 ? "%s <%08x>" : "%s <%04x>", m, op);
    case THUMB_SYNTAX_UNDEFINED: break;
    }
    return out(b, n, is32 ? "undefined 0x%08x" : "undefined 0x%04x", op);
}

int m6_disasm_arch(uint32_t pc, uint32_t op, int is32, unsigned arch_bit, char *b, size_t n)
{
    return operands(thumb_entry(thumb_decode_arch(op, is32, arch_bit)), pc, op, is32, b, n);
}

int m6_disasm(uint32_t pc, uint32_t op, int is32, char *b, size_t n)
{
    return operands(thumb_entry(thumb_decode(op, is32)), pc, op, is32, b, n);
}

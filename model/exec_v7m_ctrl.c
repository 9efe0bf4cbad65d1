/* ARMv7-M control: the 32-bit branches (B T3, T4), CBZ/CBNZ, IT, the 32-bit hints, CLREX, CPS with FAULTMASK,
 * MSR of the GE flags; and the model's answer to an UNPREDICTABLE case: it stops, naming it, rather than give it
 * one of the meanings the architecture permits (model/ARCHITECTURE.md, "ARMv7-M"). */
#include <stdio.h>

#include "m6_state.h"
#include "exec.h"

int m6_v7_unpredictable(m6 *c, uint32_t pc, const char *why)
{
    c->exited = 1;
    c->unk_stopped = 1;
    c->exit_code = M6_EXIT_UNKNOWN;
    snprintf(c->msg, sizeof c->msg, "the instruction at %08x is UNPREDICTABLE (%s): the model gives it no meaning", pc,
             why);
    return EXEC_UNPREDICTABLE;
}

/* B T3: SignExtend(S:J2:J1:imm6:imm11:'0'); the conditions 111x are other instructions' encodings */
M7_EXEC(b_t3)
{
    unsigned cond = (op >> 22) & 15;
    if (cond >= 14) return EXEC_FAULT;
    if (c->itstate) return m6_v7_unpredictable(c, pc, "a conditional branch in an IT block");
    if (!m6_ex_cond_passed(c, cond)) return EXEC_NOT_TAKEN;
    uint32_t s = (op >> 26) & 1, j1 = (op >> 13) & 1, j2 = (op >> 11) & 1;
    uint32_t imm = (s << 20) | (j2 << 19) | (j1 << 18) | ((op >> 4) & 0x3f000) | ((op & 0x7ff) << 1);
    m6_ex_branch(c, pc, pc + 4 + (uint32_t)((int32_t)(imm << 11) >> 11));
    return EXEC_OK;
}
/* B T4: the offset as BL's */
M7_EXEC(b_t4)
{
    m6_ex_branch(c, pc, pc + 4 + thumb_bl_imm32(op));
    return EXEC_OK;
}
/* CBZ/CBNZ: PC + 4 + ZeroExtend(i:imm5:'0'), never in an IT block */
static int compare_branch(m6 *c, uint32_t pc, uint32_t op, int nonzero)
{
    if (c->itstate) return m6_v7_unpredictable(c, pc, "CBZ or CBNZ in an IT block");
    if ((c->r[op & 7] != 0) != nonzero) return EXEC_NOT_TAKEN;
    m6_ex_branch(c, pc, pc + 4 + (((op >> 3) & 0x40) | ((op >> 2) & 0x3e)));
    return EXEC_OK;
}
M7_EXEC(cbz_t1) { return compare_branch(c, pc, op, 0); }
M7_EXEC(cbnz_t1) { return compare_branch(c, pc, op, 1); }
/* IT: ITSTATE = firstcond:mask. The step (model/cpu.c) runs the block's instructions on their conditions. */
M7_EXEC(it_t1)
{
    unsigned firstcond = (op >> 4) & 15, mask = op & 15;
    if (firstcond == 15 || (firstcond == 14 && __builtin_popcount(mask) != 1))
        return m6_v7_unpredictable(c, pc, "IT with condition 1111, or AL with a mask of more than one instruction");
    if (c->itstate) return m6_v7_unpredictable(c, pc, "IT in an IT block");
    c->itstate = (uint8_t)(op & 0xff);
    return EXEC_OK;
}
/* Hints: NOP, and the hints the model has no use for (YIELD, WFE, WFI, SEV, DBG, the unallocated ones) */
#define HINT(id) \
    M7_EXEC(id) { return EXEC_OK; }
HINT(nop_t2)
HINT(yield_t2)
HINT(wfe_t2)
HINT(wfi_t2)
HINT(sev_t2)
HINT(dbg_t1)
HINT(hint_t1)
M7_EXEC(clrex_t1)
{
    c->excl_valid = 0;
    return EXEC_OK;
}
/* CPS with the I and F bits: PRIMASK and FAULTMASK (FAULTMASK is not set from the NMI handler) */
M7_EXEC(cps_t1_if)
{
    unsigned disable = (op >> 4) & 1, i = (op >> 1) & 1, f = op & 1;
    if (!i && !f) return m6_v7_unpredictable(c, pc, "CPS with neither I nor F");
    if (c->itstate) return m6_v7_unpredictable(c, pc, "CPS in an IT block");
    if (i) c->primask = disable;
    if (f && (!disable || c->ipsr != M6_EXC_NMI)) c->faultmask = disable;
    return EXEC_OK;
}
/* MSR to APSR_g or APSR_nzcvqg (the DSP extension's GE flags) */
M7_EXEC(msr_t1_g)
{
    unsigned n = f_rn(op);
    if (bad_reg(n)) return m6_v7_unpredictable(c, pc, "SP or PC as Rn");
    m6_ex_write_special(c, op & 0xff, c->r[n], (op >> 10) & 3);
    return EXEC_OK;
}

/* Register names as producers write them -> one numbering, shared by the checker, tarmac-diff and the DPI
 * interface (the ids are the DPI register ids). */
#ifndef TARMAC_REGS_H
#define TARMAC_REGS_H

#include "tarmac/record.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    TM_REG_R0 = 0,      /* r0..r12 = 0..12 */
    TM_REG_SP = 13,     /* r13 / sp: the currently selected stack pointer */
    TM_REG_LR = 14,
    TM_REG_PC = 15,
    TM_REG_XPSR = 16,   /* cpsr, psr, xpsr */
    TM_REG_MSP = 17,    /* r13_main, msp, "r13 ... (MSP)" */
    TM_REG_PSP = 18,    /* r13_process, psp, "r13 ... (PSP)" */
    TM_REG_PRIMASK = 19,
    TM_REG_CONTROL = 20,
    TM_REG_COUNT = 21,
    TM_REG_OTHER = -1   /* anything else (A64, FP, system registers): compared by name */
};

/* Id of a register name (case-insensitive); suffix is the "(MSP)" / "(PSP)" annotation, may be empty. */
int tm_reg_id(tm_str name, tm_str suffix);
/* Id of a register record: its name with the trailing "(MSP)" annotation or, in the ES dialect, the
 * qualifier before the value ("R SP (MSP) ..."). */
int tm_reg_id_of(const tm_reg *r);
/* Canonical lower-case name of an id: "r0".."r12", "sp", "lr", "pc", "xpsr", "msp", "psp", "primask", "control". */
const char *tm_reg_name(int id);

#ifdef __cplusplus
}
#endif
#endif

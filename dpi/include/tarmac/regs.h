/* Register names as producers write them -> one numbering, shared by the checker, tarmac-diff and the DPI
 * interface (the ids are the DPI register ids). */
#ifndef TARMAC_REGS_H
#define TARMAC_REGS_H

#include <stdint.h>

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

/* Architecture profiles, as bits: a register name belongs to the profiles that have it. ARMv6-M is the
 * checker's profile; a register of ARMv6-M is also one of the M profile. */
enum {
    TM_PROFILE_ARMV6M = 1,  /* ARMv6-M: r0-r15, xPSR, MSP, PSP, PRIMASK, CONTROL, the SCS registers */
    TM_PROFILE_M = 2,       /* ARMv7-M and ARMv8-M (with the Security and FP/MVE extensions) */
    TM_PROFILE_A32 = 4,     /* AArch32 of the A and R profiles */
    TM_PROFILE_A64 = 8,     /* AArch64 */
    TM_PROFILE_ANY = 15,    /* any Arm profile */
    TM_PROFILE_OTHER = 16   /* declared only: a trace of another architecture (QEMU4V's MIPS), whose registers
                             * no Arm profile models: every register is foreign */
};

/* The profile a trace declares, by its option name: "arm" (TM_PROFILE_ANY, also what 0 means), "armv6m", "m"
 * (ARMv7-M and ARMv8-M), "aarch32", "aarch64" or "other". Returns 1 and sets *profile, or 0 for another name. */
int tm_profile_parse(const char *name, unsigned *profile);

/* Widths a register's value may have, as bits. */
enum {
    TM_WIDTH_32 = 1,
    TM_WIDTH_64 = 2,
    TM_WIDTH_128 = 4,
    TM_WIDTH_SVE_Z = 8,     /* an SVE vector: 128 to 2048 bits in steps of 128 */
    TM_WIDTH_SVE_P = 16,    /* an SVE predicate: 16 to 256 bits in steps of 16 */
    TM_WIDTH_PSR_EXT = 32   /* Fast Models' cpsr, with status bits from elsewhere above bit 31: 32 to 64 bits */
};

/* What a register name is: the profiles that have it and the widths its value may have. */
typedef struct tm_reg_class {
    uint8_t profiles;      /* TM_PROFILE_* bits */
    uint8_t widths;        /* TM_WIDTH_* bits */
    uint8_t system;        /* 1: a system register, known by its form (NAME_ELn, an upper-case identifier), not
                            * by a catalogue */
} tm_reg_class;

/* Class of a register name as producers write it (any case; "V0<127:64>" is V0's bits 127..64, whose width
 * the caller takes from the range). Returns
 *   1 and fills c for a register an Arm profile has. System registers are too many to list (and implementations
 *     add their own): an upper-case identifier that is not of a core register's form ("SCTLR_EL1",
 *     "DBGDSCRext", "PAR_64_NS") is one of the M, A32 and A64 profiles, a name ending in _el0.._el3 one of A32
 *     and A64; 32, 64 or 128 bits wide;
 *   0 for a name no Arm profile can have: a core, FP or vector name with an index the architecture does not
 *     have ("r99", "x31", "s32", "r05"), an exception level that does not exist ("sp_el4"), or a name that is
 *     not an identifier ("r5+");
 *   -1 for a well-formed name that no Arm profile models: another architecture's register ("t0"), an
 *     implementation's banked copy ("r13_mn", an RTL tracer's), a dotted field of an implementation's register
 *     ("LO_BRANCH_INFO.JUMP_ADDR"), a lower-case name outside the catalogue. A reader carries such a register
 *     as foreign (tm_reg.foreign). */
int tm_reg_classify(tm_str name, tm_reg_class *c);

/* 1 when name has the form of a register name: an identifier (a letter or '_' first), or identifiers joined by
 * '.', optionally followed by a bit range "<hi:lo>". */
int tm_reg_is_name(tm_str name);

/* The name of a profile bit ("ARMv6-M", "M", "AArch32", "AArch64"), for messages. */
const char *tm_profile_name(unsigned profile);

#ifdef __cplusplus
}
#endif
#endif

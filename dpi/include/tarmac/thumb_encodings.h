/* The ARMv6-M Thumb encodings, one line per encoding of the ARMv6-M Architecture Reference Manual, in the
 * manual's names. Included by tarmac/thumb.h, which documents the columns and the users; nothing else should
 * include it.
 *
 *   X(id, name, mnemonic, match, mask, class, syntax, flags)
 *
 * An opcode belongs to an encoding when (opcode & mask) == match; mask covers the fixed bits and the
 * should-be bits "(0)"/"(1)" (a halfword that breaks a should-be bit matches no encoding: UNDEFINED in this
 * model, model/ARCHITECTURE.md). Order is precedence: the first match wins, so an encoding that the manual
 * carves out of a wider one ("if cond == '1110' then SEE UDF") stands before it. 32-bit encodings are
 * hw1:hw2 and in their own list. */
#ifndef TARMAC_THUMB_ENCODINGS_H
#define TARMAC_THUMB_ENCODINGS_H

/* clang-format off */
#define THUMB_ENCODINGS_16(X) \
    /* Shift (immediate), add, subtract, move, and compare */ \
    X(mov_reg_t2,      "MOV (register) T2",          "movs",  0x0000, 0xFFC0, SHIFT_ADD_SUB_MOV_CMP, RD_RM,       0) \
    X(lsl_imm_t1,      "LSL (immediate) T1",         "lsls",  0x0000, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RD_RM_SHIFT, 0) \
    X(lsr_imm_t1,      "LSR (immediate) T1",         "lsrs",  0x0800, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RD_RM_SHIFT, 0) \
    X(asr_imm_t1,      "ASR (immediate) T1",         "asrs",  0x1000, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RD_RM_SHIFT, 0) \
    X(add_reg_t1,      "ADD (register) T1",          "adds",  0x1800, 0xFE00, SHIFT_ADD_SUB_MOV_CMP, RD_RN_RM,    0) \
    X(sub_reg_t1,      "SUB (register) T1",          "subs",  0x1A00, 0xFE00, SHIFT_ADD_SUB_MOV_CMP, RD_RN_RM,    0) \
    X(add_imm_t1,      "ADD (immediate) T1",         "adds",  0x1C00, 0xFE00, SHIFT_ADD_SUB_MOV_CMP, RD_RN_IMM3,  0) \
    X(sub_imm_t1,      "SUB (immediate) T1",         "subs",  0x1E00, 0xFE00, SHIFT_ADD_SUB_MOV_CMP, RD_RN_IMM3,  0) \
    X(mov_imm_t1,      "MOV (immediate) T1",         "movs",  0x2000, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RDN8_IMM8,   0) \
    X(cmp_imm_t1,      "CMP (immediate) T1",         "cmp",   0x2800, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RDN8_IMM8,   0) \
    X(add_imm_t2,      "ADD (immediate) T2",         "adds",  0x3000, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RDN8_IMM8,   0) \
    X(sub_imm_t2,      "SUB (immediate) T2",         "subs",  0x3800, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RDN8_IMM8,   0) \
    /* Data processing */ \
    X(and_reg_t1,      "AND (register) T1",          "ands",  0x4000, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(eor_reg_t1,      "EOR (register) T1",          "eors",  0x4040, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(lsl_reg_t1,      "LSL (register) T1",          "lsls",  0x4080, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(lsr_reg_t1,      "LSR (register) T1",          "lsrs",  0x40C0, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(asr_reg_t1,      "ASR (register) T1",          "asrs",  0x4100, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(adc_reg_t1,      "ADC (register) T1",          "adcs",  0x4140, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(sbc_reg_t1,      "SBC (register) T1",          "sbcs",  0x4180, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(ror_reg_t1,      "ROR (register) T1",          "rors",  0x41C0, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(tst_reg_t1,      "TST (register) T1",          "tst",   0x4200, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(rsb_imm_t1,      "RSB (immediate) T1",         "negs",  0x4240, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(cmp_reg_t1,      "CMP (register) T1",          "cmp",   0x4280, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(cmn_reg_t1,      "CMN (register) T1",          "cmn",   0x42C0, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(orr_reg_t1,      "ORR (register) T1",          "orrs",  0x4300, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(mul_t1,          "MUL T1",                     "muls",  0x4340, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(bic_reg_t1,      "BIC (register) T1",          "bics",  0x4380, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    X(mvn_reg_t1,      "MVN (register) T1",          "mvns",  0x43C0, 0xFFC0, DATA_PROCESSING, RD_RM, 0) \
    /* Special data instructions and branch and exchange */ \
    X(add_sp_reg_t1,   "ADD (SP plus register) T1",  "add",   0x4468, 0xFF78, SPECIAL_DATA_BRANCH, HIGH_RDN_RM, THUMB_F_PC_DEST) \
    X(add_sp_reg_t2,   "ADD (SP plus register) T2",  "add",   0x4485, 0xFF87, SPECIAL_DATA_BRANCH, HIGH_RDN_RM, 0) \
    X(add_reg_t2,      "ADD (register) T2",          "add",   0x4400, 0xFF00, SPECIAL_DATA_BRANCH, HIGH_RDN_RM, THUMB_F_PC_DEST) \
    X(cmp_reg_t2,      "CMP (register) T2",          "cmp",   0x4500, 0xFF00, SPECIAL_DATA_BRANCH, HIGH_RDN_RM, 0) \
    X(mov_reg_t1,      "MOV (register) T1",          "mov",   0x4600, 0xFF00, SPECIAL_DATA_BRANCH, HIGH_RDN_RM, THUMB_F_PC_DEST) \
    X(bx_t1,           "BX T1",                      "bx",    0x4700, 0xFF87, SPECIAL_DATA_BRANCH, HIGH_RM,     THUMB_F_BRANCH) \
    X(blx_reg_t1,      "BLX (register) T1",          "blx",   0x4780, 0xFF87, SPECIAL_DATA_BRANCH, HIGH_RM,     THUMB_F_BRANCH) \
    /* Load from Literal Pool */ \
    X(ldr_lit_t1,      "LDR (literal) T1",           "ldr",   0x4800, 0xF800, LOAD_LITERAL, RT_PC_IMM8, 0) \
    /* Load/store single data item */ \
    X(str_reg_t1,      "STR (register) T1",          "str",   0x5000, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0) \
    X(strh_reg_t1,     "STRH (register) T1",         "strh",  0x5200, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0) \
    X(strb_reg_t1,     "STRB (register) T1",         "strb",  0x5400, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0) \
    X(ldrsb_reg_t1,    "LDRSB (register) T1",        "ldrsb", 0x5600, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0) \
    X(ldr_reg_t1,      "LDR (register) T1",          "ldr",   0x5800, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0) \
    X(ldrh_reg_t1,     "LDRH (register) T1",         "ldrh",  0x5A00, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0) \
    X(ldrb_reg_t1,     "LDRB (register) T1",         "ldrb",  0x5C00, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0) \
    X(ldrsh_reg_t1,    "LDRSH (register) T1",        "ldrsh", 0x5E00, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0) \
    X(str_imm_t1,      "STR (immediate) T1",         "str",   0x6000, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5W, 0) \
    X(ldr_imm_t1,      "LDR (immediate) T1",         "ldr",   0x6800, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5W, 0) \
    X(strb_imm_t1,     "STRB (immediate) T1",        "strb",  0x7000, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5B, 0) \
    X(ldrb_imm_t1,     "LDRB (immediate) T1",        "ldrb",  0x7800, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5B, 0) \
    X(strh_imm_t1,     "STRH (immediate) T1",        "strh",  0x8000, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5H, 0) \
    X(ldrh_imm_t1,     "LDRH (immediate) T1",        "ldrh",  0x8800, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5H, 0) \
    X(str_imm_t2,      "STR (immediate) T2",         "str",   0x9000, 0xF800, LOAD_STORE_SINGLE, RT_SP_IMM8,  0) \
    X(ldr_imm_t2,      "LDR (immediate) T2",         "ldr",   0x9800, 0xF800, LOAD_STORE_SINGLE, RT_SP_IMM8,  0) \
    /* Generate PC-relative address; generate SP-relative address */ \
    X(adr_t1,          "ADR T1",                     "add",   0xA000, 0xF800, PC_RELATIVE, RD_PC_IMM8, 0) \
    X(add_sp_imm_t1,   "ADD (SP plus immediate) T1", "add",   0xA800, 0xF800, SP_RELATIVE, RD_SP_IMM8, 0) \
    /* Miscellaneous 16-bit instructions */ \
    X(add_sp_imm_t2,   "ADD (SP plus immediate) T2", "add",   0xB000, 0xFF80, MISC_16, SP_IMM7, 0) \
    X(sub_sp_imm_t1,   "SUB (SP minus immediate) T1","sub",   0xB080, 0xFF80, MISC_16, SP_IMM7, 0) \
    X(sxth_t1,         "SXTH T1",                    "sxth",  0xB200, 0xFFC0, MISC_16, RD_RM,   0) \
    X(sxtb_t1,         "SXTB T1",                    "sxtb",  0xB240, 0xFFC0, MISC_16, RD_RM,   0) \
    X(uxth_t1,         "UXTH T1",                    "uxth",  0xB280, 0xFFC0, MISC_16, RD_RM,   0) \
    X(uxtb_t1,         "UXTB T1",                    "uxtb",  0xB2C0, 0xFFC0, MISC_16, RD_RM,   0) \
    X(push_t1,         "PUSH T1",                    "push",  0xB400, 0xFE00, MISC_16, PUSH,    0) \
    X(cps_t1,          "CPS T1",                     "cps",   0xB662, 0xFFEF, MISC_16, CPS,     0) \
    X(rev_t1,          "REV T1",                     "rev",   0xBA00, 0xFFC0, MISC_16, RD_RM,   0) \
    X(rev16_t1,        "REV16 T1",                   "rev16", 0xBA40, 0xFFC0, MISC_16, RD_RM,   0) \
    X(revsh_t1,        "REVSH T1",                   "revsh", 0xBAC0, 0xFFC0, MISC_16, RD_RM,   0) \
    X(pop_t1,          "POP T1",                     "pop",   0xBC00, 0xFE00, MISC_16, POP,     THUMB_F_PC_DEST) \
    X(bkpt_t1,         "BKPT T1",                    "bkpt",  0xBE00, 0xFF00, MISC_16, BKPT,    0) \
    X(nop_t1,          "NOP T1",                     "nop",   0xBF00, 0xFFFF, MISC_16, NONE,    0) \
    X(yield_t1,        "YIELD T1",                   "yield", 0xBF10, 0xFFFF, MISC_16, NONE,    0) \
    X(wfe_t1,          "WFE T1",                     "wfe",   0xBF20, 0xFFFF, MISC_16, NONE,    0) \
    X(wfi_t1,          "WFI T1",                     "wfi",   0xBF30, 0xFFFF, MISC_16, NONE,    0) \
    X(sev_t1,          "SEV T1",                     "sev",   0xBF40, 0xFFFF, MISC_16, NONE,    0) \
    /* Store multiple registers; load multiple registers */ \
    X(stm_t1,          "STM T1",                     "stmia", 0xC000, 0xF800, STORE_MULTIPLE, STM, 0) \
    X(ldm_t1,          "LDM T1",                     "ldmia", 0xC800, 0xF800, LOAD_MULTIPLE,  LDM, 0) \
    /* Conditional branch, and Supervisor Call */ \
    X(udf_t1,          "UDF T1",                     "udf",   0xDE00, 0xFF00, COND_BRANCH_SVC, UDF,    0) \
    X(svc_t1,          "SVC T1",                     "svc",   0xDF00, 0xFF00, COND_BRANCH_SVC, SVC,    0) \
    X(b_t1,            "B T1",                       "b",     0xD000, 0xF000, COND_BRANCH_SVC, B_COND, THUMB_F_BRANCH | THUMB_F_COND) \
    /* Unconditional Branch */ \
    X(b_t2,            "B T2",                       "b",     0xE000, 0xF800, UNCOND_BRANCH,   B,      THUMB_F_BRANCH)

#define THUMB_ENCODINGS_32(X) \
    /* Branch and miscellaneous control */ \
    X(bl_t1,           "BL T1",                      "bl",    0xF000D000u, 0xF800D000u, BRANCH_MISC_CONTROL, BL,      THUMB_F_BRANCH) \
    X(msr_t1,          "MSR T1",                     "msr",   0xF3808800u, 0xFFF0FF00u, BRANCH_MISC_CONTROL, MSR,     0) \
    X(mrs_t1,          "MRS T1",                     "mrs",   0xF3EF8000u, 0xFFFFF000u, BRANCH_MISC_CONTROL, MRS,     0) \
    X(dsb_t1,          "DSB T1",                     "dsb",   0xF3BF8F40u, 0xFFFFFFF0u, BRANCH_MISC_CONTROL, BARRIER, 0) \
    X(dmb_t1,          "DMB T1",                     "dmb",   0xF3BF8F50u, 0xFFFFFFF0u, BRANCH_MISC_CONTROL, BARRIER, 0) \
    X(isb_t1,          "ISB T1",                     "isb",   0xF3BF8F60u, 0xFFFFFFF0u, BRANCH_MISC_CONTROL, BARRIER, 0) \
    X(udf_t2,          "UDF T2",                     "udf",   0xF7F0A000u, 0xFFF0F000u, BRANCH_MISC_CONTROL, UDF_W,   0)
/* clang-format on */

#endif

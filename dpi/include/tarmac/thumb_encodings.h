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
    X(mov_reg_t2,      "MOV (register) T2",          "movs",  0x0000, 0xFFC0, SHIFT_ADD_SUB_MOV_CMP, RD_RM,       0, 6M) \
    X(lsl_imm_t1,      "LSL (immediate) T1",         "lsls",  0x0000, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RD_RM_SHIFT, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(lsr_imm_t1,      "LSR (immediate) T1",         "lsrs",  0x0800, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RD_RM_SHIFT, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(asr_imm_t1,      "ASR (immediate) T1",         "asrs",  0x1000, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RD_RM_SHIFT, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(add_reg_t1,      "ADD (register) T1",          "adds",  0x1800, 0xFE00, SHIFT_ADD_SUB_MOV_CMP, RD_RN_RM,    THUMB_F_NOT_IT_FLAGS, 6M) \
    X(sub_reg_t1,      "SUB (register) T1",          "subs",  0x1A00, 0xFE00, SHIFT_ADD_SUB_MOV_CMP, RD_RN_RM,    THUMB_F_NOT_IT_FLAGS, 6M) \
    X(add_imm_t1,      "ADD (immediate) T1",         "adds",  0x1C00, 0xFE00, SHIFT_ADD_SUB_MOV_CMP, RD_RN_IMM3,  THUMB_F_NOT_IT_FLAGS, 6M) \
    X(sub_imm_t1,      "SUB (immediate) T1",         "subs",  0x1E00, 0xFE00, SHIFT_ADD_SUB_MOV_CMP, RD_RN_IMM3,  THUMB_F_NOT_IT_FLAGS, 6M) \
    X(mov_imm_t1,      "MOV (immediate) T1",         "movs",  0x2000, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RDN8_IMM8,   THUMB_F_NOT_IT_FLAGS, 6M) \
    X(cmp_imm_t1,      "CMP (immediate) T1",         "cmp",   0x2800, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RDN8_IMM8,   0, 6M) \
    X(add_imm_t2,      "ADD (immediate) T2",         "adds",  0x3000, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RDN8_IMM8,   THUMB_F_NOT_IT_FLAGS, 6M) \
    X(sub_imm_t2,      "SUB (immediate) T2",         "subs",  0x3800, 0xF800, SHIFT_ADD_SUB_MOV_CMP, RDN8_IMM8,   THUMB_F_NOT_IT_FLAGS, 6M) \
    /* Data processing */ \
    X(and_reg_t1,      "AND (register) T1",          "ands",  0x4000, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(eor_reg_t1,      "EOR (register) T1",          "eors",  0x4040, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(lsl_reg_t1,      "LSL (register) T1",          "lsls",  0x4080, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(lsr_reg_t1,      "LSR (register) T1",          "lsrs",  0x40C0, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(asr_reg_t1,      "ASR (register) T1",          "asrs",  0x4100, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(adc_reg_t1,      "ADC (register) T1",          "adcs",  0x4140, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(sbc_reg_t1,      "SBC (register) T1",          "sbcs",  0x4180, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(ror_reg_t1,      "ROR (register) T1",          "rors",  0x41C0, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(tst_reg_t1,      "TST (register) T1",          "tst",   0x4200, 0xFFC0, DATA_PROCESSING, RD_RM, 0, 6M) \
    X(rsb_imm_t1,      "RSB (immediate) T1",         "negs",  0x4240, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(cmp_reg_t1,      "CMP (register) T1",          "cmp",   0x4280, 0xFFC0, DATA_PROCESSING, RD_RM, 0, 6M) \
    X(cmn_reg_t1,      "CMN (register) T1",          "cmn",   0x42C0, 0xFFC0, DATA_PROCESSING, RD_RM, 0, 6M) \
    X(orr_reg_t1,      "ORR (register) T1",          "orrs",  0x4300, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(mul_t1,          "MUL T1",                     "muls",  0x4340, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(bic_reg_t1,      "BIC (register) T1",          "bics",  0x4380, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    X(mvn_reg_t1,      "MVN (register) T1",          "mvns",  0x43C0, 0xFFC0, DATA_PROCESSING, RD_RM, THUMB_F_NOT_IT_FLAGS, 6M) \
    /* Special data instructions and branch and exchange */ \
    X(add_sp_reg_t1,   "ADD (SP plus register) T1",  "add",   0x4468, 0xFF78, SPECIAL_DATA_BRANCH, HIGH_RDN_RM, THUMB_F_PC_DEST, 6M) \
    X(add_sp_reg_t2,   "ADD (SP plus register) T2",  "add",   0x4485, 0xFF87, SPECIAL_DATA_BRANCH, HIGH_RDN_RM, 0, 6M) \
    X(add_reg_t2,      "ADD (register) T2",          "add",   0x4400, 0xFF00, SPECIAL_DATA_BRANCH, HIGH_RDN_RM, THUMB_F_PC_DEST, 6M) \
    X(cmp_reg_t2,      "CMP (register) T2",          "cmp",   0x4500, 0xFF00, SPECIAL_DATA_BRANCH, HIGH_RDN_RM, 0, 6M) \
    X(mov_reg_t1,      "MOV (register) T1",          "mov",   0x4600, 0xFF00, SPECIAL_DATA_BRANCH, HIGH_RDN_RM, THUMB_F_PC_DEST, 6M) \
    X(bx_t1,           "BX T1",                      "bx",    0x4700, 0xFF87, SPECIAL_DATA_BRANCH, HIGH_RM,     THUMB_F_BRANCH, 6M) \
    X(blx_reg_t1,      "BLX (register) T1",          "blx",   0x4780, 0xFF87, SPECIAL_DATA_BRANCH, HIGH_RM,     THUMB_F_BRANCH, 6M) \
    /* Load from Literal Pool */ \
    X(ldr_lit_t1,      "LDR (literal) T1",           "ldr",   0x4800, 0xF800, LOAD_LITERAL, RT_PC_IMM8, 0, 6M) \
    /* Load/store single data item */ \
    X(str_reg_t1,      "STR (register) T1",          "str",   0x5000, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0, 6M) \
    X(strh_reg_t1,     "STRH (register) T1",         "strh",  0x5200, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0, 6M) \
    X(strb_reg_t1,     "STRB (register) T1",         "strb",  0x5400, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0, 6M) \
    X(ldrsb_reg_t1,    "LDRSB (register) T1",        "ldrsb", 0x5600, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0, 6M) \
    X(ldr_reg_t1,      "LDR (register) T1",          "ldr",   0x5800, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0, 6M) \
    X(ldrh_reg_t1,     "LDRH (register) T1",         "ldrh",  0x5A00, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0, 6M) \
    X(ldrb_reg_t1,     "LDRB (register) T1",         "ldrb",  0x5C00, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0, 6M) \
    X(ldrsh_reg_t1,    "LDRSH (register) T1",        "ldrsh", 0x5E00, 0xFE00, LOAD_STORE_SINGLE, RT_RN_RM,    0, 6M) \
    X(str_imm_t1,      "STR (immediate) T1",         "str",   0x6000, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5W, 0, 6M) \
    X(ldr_imm_t1,      "LDR (immediate) T1",         "ldr",   0x6800, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5W, 0, 6M) \
    X(strb_imm_t1,     "STRB (immediate) T1",        "strb",  0x7000, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5B, 0, 6M) \
    X(ldrb_imm_t1,     "LDRB (immediate) T1",        "ldrb",  0x7800, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5B, 0, 6M) \
    X(strh_imm_t1,     "STRH (immediate) T1",        "strh",  0x8000, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5H, 0, 6M) \
    X(ldrh_imm_t1,     "LDRH (immediate) T1",        "ldrh",  0x8800, 0xF800, LOAD_STORE_SINGLE, RT_RN_IMM5H, 0, 6M) \
    X(str_imm_t2,      "STR (immediate) T2",         "str",   0x9000, 0xF800, LOAD_STORE_SINGLE, RT_SP_IMM8,  0, 6M) \
    X(ldr_imm_t2,      "LDR (immediate) T2",         "ldr",   0x9800, 0xF800, LOAD_STORE_SINGLE, RT_SP_IMM8,  0, 6M) \
    /* Generate PC-relative address; generate SP-relative address */ \
    X(adr_t1,          "ADR T1",                     "add",   0xA000, 0xF800, PC_RELATIVE, RD_PC_IMM8, 0, 6M) \
    X(add_sp_imm_t1,   "ADD (SP plus immediate) T1", "add",   0xA800, 0xF800, SP_RELATIVE, RD_SP_IMM8, 0, 6M) \
    /* Miscellaneous 16-bit instructions */ \
    X(add_sp_imm_t2,   "ADD (SP plus immediate) T2", "add",   0xB000, 0xFF80, MISC_16, SP_IMM7, 0, 6M) \
    X(sub_sp_imm_t1,   "SUB (SP minus immediate) T1","sub",   0xB080, 0xFF80, MISC_16, SP_IMM7, 0, 6M) \
    X(sxth_t1,         "SXTH T1",                    "sxth",  0xB200, 0xFFC0, MISC_16, RD_RM,   0, 6M) \
    X(sxtb_t1,         "SXTB T1",                    "sxtb",  0xB240, 0xFFC0, MISC_16, RD_RM,   0, 6M) \
    X(uxth_t1,         "UXTH T1",                    "uxth",  0xB280, 0xFFC0, MISC_16, RD_RM,   0, 6M) \
    X(uxtb_t1,         "UXTB T1",                    "uxtb",  0xB2C0, 0xFFC0, MISC_16, RD_RM,   0, 6M) \
    X(push_t1,         "PUSH T1",                    "push",  0xB400, 0xFE00, MISC_16, PUSH,    0, 6M) \
    X(cps_t1,          "CPS T1",                     "cps",   0xB662, 0xFFEF, MISC_16, CPS,     0, 6M) \
    X(rev_t1,          "REV T1",                     "rev",   0xBA00, 0xFFC0, MISC_16, RD_RM,   0, 6M) \
    X(rev16_t1,        "REV16 T1",                   "rev16", 0xBA40, 0xFFC0, MISC_16, RD_RM,   0, 6M) \
    X(revsh_t1,        "REVSH T1",                   "revsh", 0xBAC0, 0xFFC0, MISC_16, RD_RM,   0, 6M) \
    X(pop_t1,          "POP T1",                     "pop",   0xBC00, 0xFE00, MISC_16, POP,     THUMB_F_PC_DEST, 6M) \
    X(bkpt_t1,         "BKPT T1",                    "bkpt",  0xBE00, 0xFF00, MISC_16, BKPT,    0, 6M) \
    X(nop_t1,          "NOP T1",                     "nop",   0xBF00, 0xFFFF, MISC_16, NONE,    0, 6M) \
    X(yield_t1,        "YIELD T1",                   "yield", 0xBF10, 0xFFFF, MISC_16, NONE,    0, 6M) \
    X(wfe_t1,          "WFE T1",                     "wfe",   0xBF20, 0xFFFF, MISC_16, NONE,    0, 6M) \
    X(wfi_t1,          "WFI T1",                     "wfi",   0xBF30, 0xFFFF, MISC_16, NONE,    0, 6M) \
    X(sev_t1,          "SEV T1",                     "sev",   0xBF40, 0xFFFF, MISC_16, NONE,    0, 6M) \
    /* Store multiple registers; load multiple registers */ \
    X(stm_t1,          "STM T1",                     "stmia", 0xC000, 0xF800, STORE_MULTIPLE, STM, 0, 6M) \
    X(ldm_t1,          "LDM T1",                     "ldmia", 0xC800, 0xF800, LOAD_MULTIPLE,  LDM, 0, 6M) \
    /* Conditional branch, and Supervisor Call */ \
    X(udf_t1,          "UDF T1",                     "udf",   0xDE00, 0xFF00, COND_BRANCH_SVC, UDF,    0, 6M) \
    X(svc_t1,          "SVC T1",                     "svc",   0xDF00, 0xFF00, COND_BRANCH_SVC, SVC,    0, 6M) \
    X(b_t1,            "B T1",                       "b",     0xD000, 0xF000, COND_BRANCH_SVC, B_COND, THUMB_F_BRANCH | THUMB_F_COND, 6M) \
    /* Unconditional Branch */ \
    X(b_t2,            "B T2",                       "b",     0xE000, 0xF800, UNCOND_BRANCH,   B,      THUMB_F_BRANCH, 6M) \
    /* ARMv7-M: compare and branch on (non-)zero, If-Then, the unallocated hints (NOP) */ \
    X(cbz_t1,          "CBZ T1",                     "cbz",   0xB100, 0xFD00, MISC_16, MNEMONIC, THUMB_F_BRANCH | THUMB_F_COND, 7M) \
    X(cbnz_t1,         "CBNZ T1",                    "cbnz",  0xB900, 0xFD00, MISC_16, MNEMONIC, THUMB_F_BRANCH | THUMB_F_COND, 7M) \
    X(cps_t1_if,       "CPS T1",                     "cps",   0xB660, 0xFFEC, MISC_16, MNEMONIC, 0, 7M) \
    X(hint_t1,         "NOP-compatible hint T1",     "nop",   0xBF00, 0xFF0F, MISC_16, MNEMONIC, 0, 7M) \
    X(it_t1,           "IT T1",                      "it",    0xBF00, 0xFF00, MISC_16, MNEMONIC, 0, 7M)

#define THUMB_ENCODINGS_32(X) \
    /* Branch and miscellaneous control */ \
    X(bl_t1,           "BL T1",                      "bl",    0xF000D000u, 0xF800D000u, BRANCH_MISC_CONTROL, BL,      THUMB_F_BRANCH, 6M) \
    X(msr_t1,          "MSR T1",                     "msr",   0xF3808800u, 0xFFF0FF00u, BRANCH_MISC_CONTROL, MSR,     0, 6M) \
    X(mrs_t1,          "MRS T1",                     "mrs",   0xF3EF8000u, 0xFFFFF000u, BRANCH_MISC_CONTROL, MRS,     0, 6M) \
    X(dsb_t1,          "DSB T1",                     "dsb",   0xF3BF8F40u, 0xFFFFFFF0u, BRANCH_MISC_CONTROL, BARRIER, 0, 6M) \
    X(dmb_t1,          "DMB T1",                     "dmb",   0xF3BF8F50u, 0xFFFFFFF0u, BRANCH_MISC_CONTROL, BARRIER, 0, 6M) \
    X(isb_t1,          "ISB T1",                     "isb",   0xF3BF8F60u, 0xFFFFFFF0u, BRANCH_MISC_CONTROL, BARRIER, 0, 6M) \
    X(udf_t2,          "UDF T2",                     "udf",   0xF7F0A000u, 0xFFF0F000u, BRANCH_MISC_CONTROL, UDF_W,   0, 6M) \
    /* ARMv7-M: data processing (modified immediate); the compare and SP forms before the wider ones */ \
    X(tst_imm_t1,      "TST (immediate) T1",          "tst",     0xF0100F00u, 0xFBF08F00u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(and_imm_t1,      "AND (immediate) T1",          "and",     0xF0000000u, 0xFBE08000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(bic_imm_t1,      "BIC (immediate) T1",          "bic",     0xF0200000u, 0xFBE08000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(mov_imm_t2,      "MOV (immediate) T2",          "mov",     0xF04F0000u, 0xFBEF8000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(orr_imm_t1,      "ORR (immediate) T1",          "orr",     0xF0400000u, 0xFBE08000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(mvn_imm_t1,      "MVN (immediate) T1",          "mvn",     0xF06F0000u, 0xFBEF8000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(orn_imm_t1,      "ORN (immediate) T1",          "orn",     0xF0600000u, 0xFBE08000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(teq_imm_t1,      "TEQ (immediate) T1",          "teq",     0xF0900F00u, 0xFBF08F00u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(eor_imm_t1,      "EOR (immediate) T1",          "eor",     0xF0800000u, 0xFBE08000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(cmn_imm_t1,      "CMN (immediate) T1",          "cmn",     0xF1100F00u, 0xFBF08F00u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(add_sp_imm_t3,   "ADD (SP plus immediate) T3",  "add",     0xF10D0000u, 0xFBEF8000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(add_imm_t3,      "ADD (immediate) T3",          "add",     0xF1000000u, 0xFBE08000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(adc_imm_t1,      "ADC (immediate) T1",          "adc",     0xF1400000u, 0xFBE08000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(sbc_imm_t1,      "SBC (immediate) T1",          "sbc",     0xF1600000u, 0xFBE08000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(cmp_imm_t2,      "CMP (immediate) T2",          "cmp",     0xF1B00F00u, 0xFBF08F00u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(sub_sp_imm_t2,   "SUB (SP minus immediate) T2", "sub",     0xF1AD0000u, 0xFBEF8000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(sub_imm_t3,      "SUB (immediate) T3",          "sub",     0xF1A00000u, 0xFBE08000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    X(rsb_imm_t2,      "RSB (immediate) T2",          "rsb",     0xF1C00000u, 0xFBE08000u, DP_MODIFIED_IMM, MNEMONIC, 0, 7M) \
    /* ARMv7-M: data processing (plain binary immediate) */ \
    X(adr_t3,          "ADR T3",                      "addw",    0xF20F0000u, 0xFBFF8000u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(add_sp_imm_t4,   "ADD (SP plus immediate) T4",  "addw",    0xF20D0000u, 0xFBFF8000u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(add_imm_t4,      "ADD (immediate) T4",          "addw",    0xF2000000u, 0xFBF08000u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(mov_imm_t3,      "MOV (immediate) T3",          "movw",    0xF2400000u, 0xFBF08000u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(adr_t2,          "ADR T2",                      "subw",    0xF2AF0000u, 0xFBFF8000u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(sub_sp_imm_t3,   "SUB (SP minus immediate) T3", "subw",    0xF2AD0000u, 0xFBFF8000u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(sub_imm_t4,      "SUB (immediate) T4",          "subw",    0xF2A00000u, 0xFBF08000u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(movt_t1,         "MOVT T1",                     "movt",    0xF2C00000u, 0xFBF08000u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(ssat16_t1,       "SSAT16 T1",                   "ssat16",  0xF3200000u, 0xFFF0F0F0u, DP_PLAIN_IMM, MNEMONIC, 0, 7EM) \
    X(ssat_t1,         "SSAT T1",                     "ssat",    0xF3000000u, 0xFFD08020u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(sbfx_t1,         "SBFX T1",                     "sbfx",    0xF3400000u, 0xFFF08020u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(bfc_t1,          "BFC T1",                      "bfc",     0xF36F0000u, 0xFFFF8020u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(bfi_t1,          "BFI T1",                      "bfi",     0xF3600000u, 0xFFF08020u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(usat16_t1,       "USAT16 T1",                   "usat16",  0xF3A00000u, 0xFFF0F0F0u, DP_PLAIN_IMM, MNEMONIC, 0, 7EM) \
    X(usat_t1,         "USAT T1",                     "usat",    0xF3800000u, 0xFFD08020u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    X(ubfx_t1,         "UBFX T1",                     "ubfx",    0xF3C00000u, 0xFFF08020u, DP_PLAIN_IMM, MNEMONIC, 0, 7M) \
    /* ARMv7-M: branches and miscellaneous control (BL, MSR, MRS, DSB, DMB, ISB, UDF above) */ \
    X(msr_t1_g,        "MSR T1",                      "msr",     0xF3808400u, 0xFFF0F700u, BRANCH_MISC_CONTROL, MNEMONIC, 0, 7EM) \
    X(nop_t2,          "NOP T2",                      "nop.w",   0xF3AF8000u, 0xFFFFFFFFu, BRANCH_MISC_CONTROL, MNEMONIC, 0, 7M) \
    X(yield_t2,        "YIELD T2",                    "yield.w", 0xF3AF8001u, 0xFFFFFFFFu, BRANCH_MISC_CONTROL, MNEMONIC, 0, 7M) \
    X(wfe_t2,          "WFE T2",                      "wfe.w",   0xF3AF8002u, 0xFFFFFFFFu, BRANCH_MISC_CONTROL, MNEMONIC, 0, 7M) \
    X(wfi_t2,          "WFI T2",                      "wfi.w",   0xF3AF8003u, 0xFFFFFFFFu, BRANCH_MISC_CONTROL, MNEMONIC, 0, 7M) \
    X(sev_t2,          "SEV T2",                      "sev.w",   0xF3AF8004u, 0xFFFFFFFFu, BRANCH_MISC_CONTROL, MNEMONIC, 0, 7M) \
    X(dbg_t1,          "DBG T1",                      "dbg",     0xF3AF80F0u, 0xFFFFFFF0u, BRANCH_MISC_CONTROL, MNEMONIC, 0, 7M) \
    X(clrex_t1,        "CLREX T1",                    "clrex",   0xF3BF8F2Fu, 0xFFFFFFFFu, BRANCH_MISC_CONTROL, MNEMONIC, 0, 7M) \
    X(b_t3,            "B T3",                        "b.w",     0xF0008000u, 0xF800D000u, BRANCH_MISC_CONTROL, MNEMONIC, THUMB_F_BRANCH | THUMB_F_COND, 7M) \
    X(b_t4,            "B T4",                        "b.w",     0xF0009000u, 0xF800D000u, BRANCH_MISC_CONTROL, MNEMONIC, THUMB_F_BRANCH, 7M) \
    /* ARMv7-M: load/store multiple */ \
    X(stm_t2,          "STM T2",                      "stmia.w", 0xE8800000u, 0xFFD0A000u, LOAD_STORE_MULTIPLE, MNEMONIC, 0, 7M) \
    X(pop_t2,          "POP T2",                      "pop.w",   0xE8BD0000u, 0xFFFF2000u, LOAD_STORE_MULTIPLE, MNEMONIC, 0, 7M) \
    X(ldm_t2,          "LDM T2",                      "ldmia.w", 0xE8900000u, 0xFFD02000u, LOAD_STORE_MULTIPLE, MNEMONIC, 0, 7M) \
    X(push_t2,         "PUSH T2",                     "push.w",  0xE92D0000u, 0xFFFFA000u, LOAD_STORE_MULTIPLE, MNEMONIC, 0, 7M) \
    X(stmdb_t1,        "STMDB T1",                    "stmdb",   0xE9000000u, 0xFFD0A000u, LOAD_STORE_MULTIPLE, MNEMONIC, 0, 7M) \
    X(ldmdb_t1,        "LDMDB T1",                    "ldmdb",   0xE9100000u, 0xFFD02000u, LOAD_STORE_MULTIPLE, MNEMONIC, 0, 7M) \
    /* ARMv7-M: load/store dual or exclusive, table branch */ \
    X(strex_t1,        "STREX T1",                    "strex",   0xE8400000u, 0xFFF00000u, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, 0, 7M) \
    X(ldrex_t1,        "LDREX T1",                    "ldrex",   0xE8500F00u, 0xFFF00F00u, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, 0, 7M) \
    X(strexb_t1,       "STREXB T1",                   "strexb",  0xE8C00F40u, 0xFFF00FF0u, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, 0, 7M) \
    X(strexh_t1,       "STREXH T1",                   "strexh",  0xE8C00F50u, 0xFFF00FF0u, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, 0, 7M) \
    X(tbb_t1,          "TBB T1",                      "tbb",     0xE8D0F000u, 0xFFF0FFF0u, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, THUMB_F_BRANCH, 7M) \
    X(tbh_t1,          "TBH T1",                      "tbh",     0xE8D0F010u, 0xFFF0FFF0u, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, THUMB_F_BRANCH, 7M) \
    X(ldrexb_t1,       "LDREXB T1",                   "ldrexb",  0xE8D00F4Fu, 0xFFF00FFFu, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, 0, 7M) \
    X(ldrexh_t1,       "LDREXH T1",                   "ldrexh",  0xE8D00F5Fu, 0xFFF00FFFu, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, 0, 7M) \
    X(ldrd_lit_t1,     "LDRD (literal) T1",           "ldrd",    0xE85F0000u, 0xFE5F0000u, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, 0, 7M) \
    X(ldrd_imm_t1,     "LDRD (immediate) T1",         "ldrd",    0xE8500000u, 0xFE500000u, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, 0, 7M) \
    X(strd_imm_t1,     "STRD (immediate) T1",         "strd",    0xE8400000u, 0xFE500000u, LOAD_STORE_DUAL_EXCLUSIVE, MNEMONIC, 0, 7M) \
    /* ARMv7-M: load/store single data item; the hints (Rt PC), literal (Rn PC), unprivileged and PUSH/POP forms first */ \
    X(pld_lit_t1,      "PLD (literal) T1",            "pld",     0xF81FF000u, 0xFF7FF000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(pld_imm_t1,      "PLD (immediate) T1",          "pld",     0xF890F000u, 0xFFF0F000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(pld_imm_t2,      "PLD (immediate) T2",          "pld",     0xF810FC00u, 0xFFF0FF00u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(pld_reg_t1,      "PLD (register) T1",           "pld",     0xF810F000u, 0xFFF0FFC0u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(pli_lit_t1,      "PLI (immediate, literal) T3", "pli",     0xF91FF000u, 0xFF7FF000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(pli_imm_t1,      "PLI (immediate, literal) T1", "pli",     0xF990F000u, 0xFFF0F000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(pli_imm_t2,      "PLI (immediate, literal) T2", "pli",     0xF910FC00u, 0xFFF0FF00u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(pli_reg_t1,      "PLI (register) T1",           "pli",     0xF910F000u, 0xFFF0FFC0u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrb_lit_t1,     "LDRB (literal) T1",           "ldrb",    0xF81F0000u, 0xFF7F0000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrbt_t1,        "LDRBT T1",                    "ldrbt",   0xF8100E00u, 0xFFF00F00u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrb_imm_t2,     "LDRB (immediate) T2",         "ldrb.w",  0xF8900000u, 0xFFF00000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrb_imm_t3,     "LDRB (immediate) T3",         "ldrb",    0xF8100800u, 0xFFF00800u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrb_reg_t2,     "LDRB (register) T2",          "ldrb.w",  0xF8100000u, 0xFFF00FC0u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrsb_lit_t1,    "LDRSB (literal) T1",          "ldrsb",   0xF91F0000u, 0xFF7F0000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrsbt_t1,       "LDRSBT T1",                   "ldrsbt",  0xF9100E00u, 0xFFF00F00u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrsb_imm_t1,    "LDRSB (immediate) T1",        "ldrsb.w", 0xF9900000u, 0xFFF00000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrsb_imm_t2,    "LDRSB (immediate) T2",        "ldrsb",   0xF9100800u, 0xFFF00800u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrsb_reg_t2,    "LDRSB (register) T2",         "ldrsb.w", 0xF9100000u, 0xFFF00FC0u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrh_lit_t1,     "LDRH (literal) T1",           "ldrh",    0xF83F0000u, 0xFF7F0000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrht_t1,        "LDRHT T1",                    "ldrht",   0xF8300E00u, 0xFFF00F00u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrh_imm_t2,     "LDRH (immediate) T2",         "ldrh.w",  0xF8B00000u, 0xFFF00000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrh_imm_t3,     "LDRH (immediate) T3",         "ldrh",    0xF8300800u, 0xFFF00800u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrh_reg_t2,     "LDRH (register) T2",          "ldrh.w",  0xF8300000u, 0xFFF00FC0u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrsh_lit_t1,    "LDRSH (literal) T1",          "ldrsh",   0xF93F0000u, 0xFF7F0000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrsht_t1,       "LDRSHT T1",                   "ldrsht",  0xF9300E00u, 0xFFF00F00u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrsh_imm_t1,    "LDRSH (immediate) T1",        "ldrsh.w", 0xF9B00000u, 0xFFF00000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrsh_imm_t2,    "LDRSH (immediate) T2",        "ldrsh",   0xF9300800u, 0xFFF00800u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrsh_reg_t2,    "LDRSH (register) T2",         "ldrsh.w", 0xF9300000u, 0xFFF00FC0u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldr_lit_t2,      "LDR (literal) T2",            "ldr",     0xF85F0000u, 0xFF7F0000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldrt_t1,         "LDRT T1",                     "ldrt",    0xF8500E00u, 0xFFF00F00u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(pop_t3,          "POP T3",                      "pop.w",   0xF85D0B04u, 0xFFFF0FFFu, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldr_imm_t3,      "LDR (immediate) T3",          "ldr.w",   0xF8D00000u, 0xFFF00000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldr_imm_t4,      "LDR (immediate) T4",          "ldr",     0xF8500800u, 0xFFF00800u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(ldr_reg_t2,      "LDR (register) T2",           "ldr.w",   0xF8500000u, 0xFFF00FC0u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(strbt_t1,        "STRBT T1",                    "strbt",   0xF8000E00u, 0xFFF00F00u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(strb_imm_t2,     "STRB (immediate) T2",         "strb.w",  0xF8800000u, 0xFFF00000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(strb_imm_t3,     "STRB (immediate) T3",         "strb",    0xF8000800u, 0xFFF00800u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(strb_reg_t2,     "STRB (register) T2",          "strb.w",  0xF8000000u, 0xFFF00FC0u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(strht_t1,        "STRHT T1",                    "strht",   0xF8200E00u, 0xFFF00F00u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(strh_imm_t2,     "STRH (immediate) T2",         "strh.w",  0xF8A00000u, 0xFFF00000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(strh_imm_t3,     "STRH (immediate) T3",         "strh",    0xF8200800u, 0xFFF00800u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(strh_reg_t2,     "STRH (register) T2",          "strh.w",  0xF8200000u, 0xFFF00FC0u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(strt_t1,         "STRT T1",                     "strt",    0xF8400E00u, 0xFFF00F00u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(push_t3,         "PUSH T3",                     "push.w",  0xF84D0D04u, 0xFFFF0FFFu, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(str_imm_t3,      "STR (immediate) T3",          "str.w",   0xF8C00000u, 0xFFF00000u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(str_imm_t4,      "STR (immediate) T4",          "str",     0xF8400800u, 0xFFF00800u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    X(str_reg_t2,      "STR (register) T2",           "str.w",   0xF8400000u, 0xFFF00FC0u, LOAD_STORE_32, MNEMONIC, 0, 7M) \
    /* ARMv7-M: data processing (shifted register); the compares, MOV and the shifts (Rn PC), the SP forms first */ \
    X(tst_reg_t2,      "TST (register) T2",           "tst.w",   0xEA100F00u, 0xFFF08F00u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(and_reg_t2,      "AND (register) T2",           "and.w",   0xEA000000u, 0xFFE08000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(bic_reg_t2,      "BIC (register) T2",           "bic.w",   0xEA200000u, 0xFFE08000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(mov_reg_t3,      "MOV (register) T3",           "mov.w",   0xEA4F0000u, 0xFFEFF0F0u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(lsl_imm_t2,      "LSL (immediate) T2",          "lsl.w",   0xEA4F0000u, 0xFFEF8030u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(lsr_imm_t2,      "LSR (immediate) T2",          "lsr.w",   0xEA4F0010u, 0xFFEF8030u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(asr_imm_t2,      "ASR (immediate) T2",          "asr.w",   0xEA4F0020u, 0xFFEF8030u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(rrx_t1,          "RRX T1",                      "rrx",     0xEA4F0030u, 0xFFEFF0F0u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(ror_imm_t1,      "ROR (immediate) T1",          "ror",     0xEA4F0030u, 0xFFEF8030u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(orr_reg_t2,      "ORR (register) T2",           "orr.w",   0xEA400000u, 0xFFE08000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(mvn_reg_t2,      "MVN (register) T2",           "mvn.w",   0xEA6F0000u, 0xFFEF8000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(orn_reg_t2,      "ORN (register) T1",           "orn",     0xEA600000u, 0xFFE08000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(teq_reg_t1,      "TEQ (register) T1",           "teq",     0xEA900F00u, 0xFFF08F00u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(eor_reg_t2,      "EOR (register) T2",           "eor.w",   0xEA800000u, 0xFFE08000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(pkhbt_t1,        "PKHBT T1",                    "pkhbt",   0xEAC00000u, 0xFFF08030u, DP_SHIFTED_REG, MNEMONIC, 0, 7EM) \
    X(pkhtb_t1,        "PKHTB T1",                    "pkhtb",   0xEAC00020u, 0xFFF08030u, DP_SHIFTED_REG, MNEMONIC, 0, 7EM) \
    X(cmn_reg_t2,      "CMN (register) T2",           "cmn.w",   0xEB100F00u, 0xFFF08F00u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(add_sp_reg_t3,   "ADD (SP plus register) T3",   "add.w",   0xEB0D0000u, 0xFFEF8000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(add_reg_t3,      "ADD (register) T3",           "add.w",   0xEB000000u, 0xFFE08000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(adc_reg_t2,      "ADC (register) T2",           "adc.w",   0xEB400000u, 0xFFE08000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(sbc_reg_t2,      "SBC (register) T2",           "sbc.w",   0xEB600000u, 0xFFE08000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(cmp_reg_t3,      "CMP (register) T3",           "cmp.w",   0xEBB00F00u, 0xFFF08F00u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(sub_sp_reg_t1,   "SUB (SP minus register) T1",  "sub.w",   0xEBAD0000u, 0xFFEF8000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(sub_reg_t2,      "SUB (register) T2",           "sub.w",   0xEBA00000u, 0xFFE08000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    X(rsb_reg_t1,      "RSB (register) T1",           "rsb",     0xEBC00000u, 0xFFE08000u, DP_SHIFTED_REG, MNEMONIC, 0, 7M) \
    /* ARMv7-M: data processing (register): shifts by a register, extends (Rn PC) before extend-and-add, miscellaneous */ \
    X(lsl_reg_t2,      "LSL (register) T2",           "lsl.w",   0xFA00F000u, 0xFFE0F0F0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(lsr_reg_t2,      "LSR (register) T2",           "lsr.w",   0xFA20F000u, 0xFFE0F0F0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(asr_reg_t2,      "ASR (register) T2",           "asr.w",   0xFA40F000u, 0xFFE0F0F0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(ror_reg_t2,      "ROR (register) T2",           "ror.w",   0xFA60F000u, 0xFFE0F0F0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(sxth_t2,         "SXTH T2",                     "sxth.w",  0xFA0FF080u, 0xFFFFF0C0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(sxtah_t1,        "SXTAH T1",                    "sxtah",   0xFA00F080u, 0xFFF0F0C0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uxth_t2,         "UXTH T2",                     "uxth.w",  0xFA1FF080u, 0xFFFFF0C0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(uxtah_t1,        "UXTAH T1",                    "uxtah",   0xFA10F080u, 0xFFF0F0C0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(sxtb16_t1,       "SXTB16 T1",                   "sxtb16",  0xFA2FF080u, 0xFFFFF0C0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(sxtab16_t1,      "SXTAB16 T1",                  "sxtab16", 0xFA20F080u, 0xFFF0F0C0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uxtb16_t1,       "UXTB16 T1",                   "uxtb16",  0xFA3FF080u, 0xFFFFF0C0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uxtab16_t1,      "UXTAB16 T1",                  "uxtab16", 0xFA30F080u, 0xFFF0F0C0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(sxtb_t2,         "SXTB T2",                     "sxtb.w",  0xFA4FF080u, 0xFFFFF0C0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(sxtab_t1,        "SXTAB T1",                    "sxtab",   0xFA40F080u, 0xFFF0F0C0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uxtb_t2,         "UXTB T2",                     "uxtb.w",  0xFA5FF080u, 0xFFFFF0C0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(uxtab_t1,        "UXTAB T1",                    "uxtab",   0xFA50F080u, 0xFFF0F0C0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    /* ARMv7E-M: parallel addition and subtraction, signed and unsigned (op1: the operation, op2: plain, Q, H) */ \
    X(sadd16_t1,       "SADD16 T1",                   "sadd16",  0xFA90F000u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(sasx_t1,         "SASX T1",                     "sasx",    0xFAA0F000u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(ssax_t1,         "SSAX T1",                     "ssax",    0xFAE0F000u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(ssub16_t1,       "SSUB16 T1",                   "ssub16",  0xFAD0F000u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(sadd8_t1,        "SADD8 T1",                    "sadd8",   0xFA80F000u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(ssub8_t1,        "SSUB8 T1",                    "ssub8",   0xFAC0F000u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(qadd16_t1,       "QADD16 T1",                   "qadd16",  0xFA90F010u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(qasx_t1,         "QASX T1",                     "qasx",    0xFAA0F010u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(qsax_t1,         "QSAX T1",                     "qsax",    0xFAE0F010u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(qsub16_t1,       "QSUB16 T1",                   "qsub16",  0xFAD0F010u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(qadd8_t1,        "QADD8 T1",                    "qadd8",   0xFA80F010u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(qsub8_t1,        "QSUB8 T1",                    "qsub8",   0xFAC0F010u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(shadd16_t1,      "SHADD16 T1",                  "shadd16", 0xFA90F020u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(shasx_t1,        "SHASX T1",                    "shasx",   0xFAA0F020u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(shsax_t1,        "SHSAX T1",                    "shsax",   0xFAE0F020u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(shsub16_t1,      "SHSUB16 T1",                  "shsub16", 0xFAD0F020u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(shadd8_t1,       "SHADD8 T1",                   "shadd8",  0xFA80F020u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(shsub8_t1,       "SHSUB8 T1",                   "shsub8",  0xFAC0F020u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uadd16_t1,       "UADD16 T1",                   "uadd16",  0xFA90F040u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uasx_t1,         "UASX T1",                     "uasx",    0xFAA0F040u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(usax_t1,         "USAX T1",                     "usax",    0xFAE0F040u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(usub16_t1,       "USUB16 T1",                   "usub16",  0xFAD0F040u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uadd8_t1,        "UADD8 T1",                    "uadd8",   0xFA80F040u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(usub8_t1,        "USUB8 T1",                    "usub8",   0xFAC0F040u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uqadd16_t1,      "UQADD16 T1",                  "uqadd16", 0xFA90F050u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uqasx_t1,        "UQASX T1",                    "uqasx",   0xFAA0F050u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uqsax_t1,        "UQSAX T1",                    "uqsax",   0xFAE0F050u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uqsub16_t1,      "UQSUB16 T1",                  "uqsub16", 0xFAD0F050u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uqadd8_t1,       "UQADD8 T1",                   "uqadd8",  0xFA80F050u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uqsub8_t1,       "UQSUB8 T1",                   "uqsub8",  0xFAC0F050u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uhadd16_t1,      "UHADD16 T1",                  "uhadd16", 0xFA90F060u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uhasx_t1,        "UHASX T1",                    "uhasx",   0xFAA0F060u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uhsax_t1,        "UHSAX T1",                    "uhsax",   0xFAE0F060u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uhsub16_t1,      "UHSUB16 T1",                  "uhsub16", 0xFAD0F060u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uhadd8_t1,       "UHADD8 T1",                   "uhadd8",  0xFA80F060u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(uhsub8_t1,       "UHSUB8 T1",                   "uhsub8",  0xFAC0F060u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(qadd_t1,         "QADD T1",                     "qadd",    0xFA80F080u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(qdadd_t1,        "QDADD T1",                    "qdadd",   0xFA80F090u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(qsub_t1,         "QSUB T1",                     "qsub",    0xFA80F0A0u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(qdsub_t1,        "QDSUB T1",                    "qdsub",   0xFA80F0B0u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(rev_t2,          "REV T2",                      "rev.w",   0xFA90F080u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(rev16_t2,        "REV16 T2",                    "rev16.w", 0xFA90F090u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(rbit_t1,         "RBIT T1",                     "rbit",    0xFA90F0A0u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(revsh_t2,        "REVSH T2",                    "revsh.w", 0xFA90F0B0u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    X(sel_t1,          "SEL T1",                      "sel",     0xFAA0F080u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7EM) \
    X(clz_t1,          "CLZ T1",                      "clz",     0xFAB0F080u, 0xFFF0F0F0u, DP_REGISTER, MNEMONIC, 0, 7M) \
    /* ARMv7-M: multiply, multiply accumulate (Ra PC: the multiply-only forms first) */ \
    X(mul_t2,          "MUL T2",                      "mul.w",   0xFB00F000u, 0xFFF0F0F0u, MULTIPLY, MNEMONIC, 0, 7M) \
    X(mla_t1,          "MLA T1",                      "mla",     0xFB000000u, 0xFFF000F0u, MULTIPLY, MNEMONIC, 0, 7M) \
    X(mls_t1,          "MLS T1",                      "mls",     0xFB000010u, 0xFFF000F0u, MULTIPLY, MNEMONIC, 0, 7M) \
    X(smulxy_t1,       "SMULBB, SMULBT, SMULTB, SMULTT T1", "smulxy",  0xFB10F000u, 0xFFF0F0C0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smlaxy_t1,       "SMLABB, SMLABT, SMLATB, SMLATT T1", "smlaxy",  0xFB100000u, 0xFFF000C0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smuad_t1,        "SMUAD T1",                    "smuad",   0xFB20F000u, 0xFFF0F0E0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smlad_t1,        "SMLAD T1",                    "smlad",   0xFB200000u, 0xFFF000E0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smulwy_t1,       "SMULWB, SMULWT T1",           "smulwy",  0xFB30F000u, 0xFFF0F0E0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smlawy_t1,       "SMLAWB, SMLAWT T1",           "smlawy",  0xFB300000u, 0xFFF000E0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smusd_t1,        "SMUSD T1",                    "smusd",   0xFB40F000u, 0xFFF0F0E0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smlsd_t1,        "SMLSD T1",                    "smlsd",   0xFB400000u, 0xFFF000E0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smmul_t1,        "SMMUL T1",                    "smmul",   0xFB50F000u, 0xFFF0F0E0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smmla_t1,        "SMMLA T1",                    "smmla",   0xFB500000u, 0xFFF000E0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smmls_t1,        "SMMLS T1",                    "smmls",   0xFB600000u, 0xFFF000E0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(usad8_t1,        "USAD8 T1",                    "usad8",   0xFB70F000u, 0xFFF0F0F0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    X(usada8_t1,       "USADA8 T1",                   "usada8",  0xFB700000u, 0xFFF000F0u, MULTIPLY, MNEMONIC, 0, 7EM) \
    /* ARMv7-M: long multiply, long multiply accumulate, divide */ \
    X(smull_t1,        "SMULL T1",                    "smull",   0xFB800000u, 0xFFF000F0u, LONG_MULTIPLY, MNEMONIC, 0, 7M) \
    X(sdiv_t1,         "SDIV T1",                     "sdiv",    0xFB90F0F0u, 0xFFF0F0F0u, LONG_MULTIPLY, MNEMONIC, 0, 7M) \
    X(umull_t1,        "UMULL T1",                    "umull",   0xFBA00000u, 0xFFF000F0u, LONG_MULTIPLY, MNEMONIC, 0, 7M) \
    X(udiv_t1,         "UDIV T1",                     "udiv",    0xFBB0F0F0u, 0xFFF0F0F0u, LONG_MULTIPLY, MNEMONIC, 0, 7M) \
    X(smlal_t1,        "SMLAL T1",                    "smlal",   0xFBC00000u, 0xFFF000F0u, LONG_MULTIPLY, MNEMONIC, 0, 7M) \
    X(smlalxy_t1,      "SMLALBB, SMLALBT, SMLALTB, SMLALTT T1", "smlalxy", 0xFBC00080u, 0xFFF000C0u, LONG_MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smlald_t1,       "SMLALD T1",                   "smlald",  0xFBC000C0u, 0xFFF000E0u, LONG_MULTIPLY, MNEMONIC, 0, 7EM) \
    X(smlsld_t1,       "SMLSLD T1",                   "smlsld",  0xFBD000C0u, 0xFFF000E0u, LONG_MULTIPLY, MNEMONIC, 0, 7EM) \
    X(umlal_t1,        "UMLAL T1",                    "umlal",   0xFBE00000u, 0xFFF000F0u, LONG_MULTIPLY, MNEMONIC, 0, 7M) \
    X(umaal_t1,        "UMAAL T1",                    "umaal",   0xFBE00060u, 0xFFF000F0u, LONG_MULTIPLY, MNEMONIC, 0, 7EM)
/* clang-format on */

#endif

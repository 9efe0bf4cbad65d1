/* The Thumb encoding table: one entry per encoding of the ARMv6-M and ARMv7-M Architecture Reference Manuals
 * (tarmac/thumb_encodings.h), MATCH/MASK pairs, the architectures of each, and named field extractors. The model executes and
 * disassembles through it (model/cpu.c, model/disasm.c) and the checker classifies branches with it
 * (dpi/checker/tc_mtb_expect.c), so the three agree on what an opcode is.
 *
 * One call gives the entry of an opcode as the trace and retire() carry it (halfword, or hw1:hw2 when is32):
 *
 *     thumb_id id = thumb_decode(opcode, is32);      // thumb_undefined when no encoding matches
 *     const thumb_encoding *e = thumb_entry(id);     // e->name "ADD (register) T1", e->mnemonic "adds"
 *
 * Ids are dense, 0 .. THUMB_ID_COUNT - 1, so an array indexed by id counts what ran. An id is
 * thumb_<encoding>: the manual's page name in lower case, "(register)" as _reg, "(immediate)" as _imm,
 * "(literal)" as _lit, "(SP plus register)" as _sp_reg, then the encoding (ADD (SP plus register) T1 is
 * thumb_add_sp_reg_t1). The model's executor of each is exec_<encoding>. */
#ifndef TARMAC_THUMB_H
#define TARMAC_THUMB_H

#include <stdint.h>

#include "tarmac/thumb_encodings.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Instruction classes: the groups of the manual's Thumb instruction set encoding chapter. */
typedef enum thumb_class {
    THUMB_CLASS_NONE,                  /* UNDEFINED */
    THUMB_CLASS_SHIFT_ADD_SUB_MOV_CMP, /* Shift (immediate), add, subtract, move, and compare */
    THUMB_CLASS_DATA_PROCESSING,
    THUMB_CLASS_SPECIAL_DATA_BRANCH,   /* Special data instructions and branch and exchange */
    THUMB_CLASS_LOAD_LITERAL,          /* Load from Literal Pool */
    THUMB_CLASS_LOAD_STORE_SINGLE,     /* Load/store single data item */
    THUMB_CLASS_PC_RELATIVE,           /* Generate PC-relative address */
    THUMB_CLASS_SP_RELATIVE,           /* Generate SP-relative address */
    THUMB_CLASS_MISC_16,               /* Miscellaneous 16-bit instructions */
    THUMB_CLASS_STORE_MULTIPLE,
    THUMB_CLASS_LOAD_MULTIPLE,
    THUMB_CLASS_COND_BRANCH_SVC,       /* Conditional branch, and Supervisor Call */
    THUMB_CLASS_UNCOND_BRANCH,
    THUMB_CLASS_BRANCH_MISC_CONTROL,   /* 32-bit: Branch and miscellaneous control */
    /* ARMv7-M's 32-bit groups */
    THUMB_CLASS_DP_MODIFIED_IMM,       /* Data processing (modified immediate) */
    THUMB_CLASS_DP_PLAIN_IMM,          /* Data processing (plain binary immediate) */
    THUMB_CLASS_DP_SHIFTED_REG,        /* Data processing (shifted register) */
    THUMB_CLASS_DP_REGISTER,           /* Data processing (register) */
    THUMB_CLASS_MULTIPLY,              /* Multiply, and multiply accumulate */
    THUMB_CLASS_LONG_MULTIPLY,         /* Long multiply, long multiply accumulate, and divide */
    THUMB_CLASS_LOAD_STORE_32,         /* Load/store single data item (32-bit), memory hints */
    THUMB_CLASS_LOAD_STORE_MULTIPLE,   /* Load/store multiple */
    THUMB_CLASS_LOAD_STORE_DUAL_EXCLUSIVE, /* Load/store dual or exclusive, table branch */
} thumb_class;

/* The operands the disassembler prints (GNU syntax), e.g. for RD_RM "movs r0, r1". */
typedef enum thumb_syntax {
    THUMB_SYNTAX_UNDEFINED,   /* undefined 0x4701 */
    THUMB_SYNTAX_NONE,        /* nop */
    THUMB_SYNTAX_RD_RM,       /* ands r0, r1: Rd/Rdn bits 2:0, Rm bits 5:3 */
    THUMB_SYNTAX_RD_RM_SHIFT, /* lsrs r0, r1, #32 */
    THUMB_SYNTAX_RD_RN_RM,    /* adds r0, r1, r2 */
    THUMB_SYNTAX_RD_RN_IMM3,  /* adds r0, r1, #3 */
    THUMB_SYNTAX_RDN8_IMM8,   /* movs r0, #22 */
    THUMB_SYNTAX_HIGH_RDN_RM, /* add r8, sp */
    THUMB_SYNTAX_HIGH_RM,     /* bx lr */
    THUMB_SYNTAX_RT_PC_IMM8,  /* ldr r0, [pc, #20] */
    THUMB_SYNTAX_RT_SP_IMM8,  /* str r0, [sp, #4] */
    THUMB_SYNTAX_RD_PC_IMM8,  /* add r0, pc, #8 */
    THUMB_SYNTAX_RD_SP_IMM8,  /* add r0, sp, #8 */
    THUMB_SYNTAX_RT_RN_RM,    /* ldr r0, [r1, r2] */
    THUMB_SYNTAX_RT_RN_IMM5W, /* ldr r0, [r1, #4]: imm5 scaled by the access size */
    THUMB_SYNTAX_RT_RN_IMM5H,
    THUMB_SYNTAX_RT_RN_IMM5B,
    THUMB_SYNTAX_SP_IMM7,     /* add sp, #8 */
    THUMB_SYNTAX_PUSH,        /* push {r4, lr} */
    THUMB_SYNTAX_POP,         /* pop {r4, pc} */
    THUMB_SYNTAX_STM,         /* stmia r0!, {r1, r2} */
    THUMB_SYNTAX_LDM,         /* ldmia r0!, {r1}; no '!' when the base is in the list */
    THUMB_SYNTAX_CPS,         /* cpsid i */
    THUMB_SYNTAX_B_COND,      /* beq.n 0x112 */
    THUMB_SYNTAX_B,           /* b.n 0x112 */
    THUMB_SYNTAX_BL,          /* bl 0x1a0 */
    THUMB_SYNTAX_UDF,         /* udf #0 */
    THUMB_SYNTAX_SVC,         /* svc 5 */
    THUMB_SYNTAX_BKPT,        /* bkpt 0x00ab */
    THUMB_SYNTAX_MSR,         /* msr PRIMASK, r0 */
    THUMB_SYNTAX_MRS,         /* mrs r0, CONTROL */
    THUMB_SYNTAX_BARRIER,     /* dmb sy */
    THUMB_SYNTAX_UDF_W,       /* udf.w #0 */
    THUMB_SYNTAX_MNEMONIC,    /* ARMv7-M encodings: the mnemonic and the opcode's fields as hex, "ldr.w <f8d10004>" */
} thumb_syntax;

/* Flags of an entry. */
enum {
    THUMB_F_32BIT = 1,   /* a 32-bit encoding (hw1:hw2) */
    THUMB_F_BRANCH = 2,  /* writes the PC whenever it executes: B, BL, BX, BLX */
    THUMB_F_COND = 4,    /* executes only when its condition passes (B T1) */
    THUMB_F_PC_DEST = 8, /* writes the PC when the PC is a destination: Rd = 15, or POP's list holds PC */
    THUMB_F_NOT_IT_FLAGS = 16, /* ARMv7-M: a 16-bit encoding that sets the flags outside an IT block only */
};

/* The architectures an encoding belongs to (the table's last column: 6M from ARMv6-M on, 7M from ARMv7-M on,
 * 7EM ARMv7E-M's DSP extension only), bit (1 << arch) for model/config.h's M6_ARCH_V6M, _V7M, _V7EM. */
enum { THUMB_ARCH_V6M = 1, THUMB_ARCH_V7M = 2, THUMB_ARCH_V7EM = 4 };
#define THUMB_ARCHS_6M (THUMB_ARCH_V6M | THUMB_ARCH_V7M | THUMB_ARCH_V7EM)
#define THUMB_ARCHS_7M (THUMB_ARCH_V7M | THUMB_ARCH_V7EM)
#define THUMB_ARCHS_7EM THUMB_ARCH_V7EM

#define THUMB_ID_ENUM(id, ...) thumb_##id,
typedef enum thumb_id {
    thumb_undefined, /* no encoding of the architecture */
    THUMB_ENCODINGS_16(THUMB_ID_ENUM)
    THUMB_ENCODINGS_32(THUMB_ID_ENUM)
    THUMB_ID_COUNT
} thumb_id;
#undef THUMB_ID_ENUM

typedef struct thumb_encoding {
    const char *name;     /* the manual's name of the encoding: "ADD (register) T1" */
    const char *mnemonic; /* as the disassembler prints it (GNU syntax, lower case): "adds", "stmia", "negs" */
    uint32_t match, mask; /* opcode & mask == match; 32-bit encodings as hw1:hw2 */
    uint8_t klass;        /* thumb_class */
    uint8_t syntax;       /* thumb_syntax */
    uint8_t flags;        /* THUMB_F_* */
    uint8_t archs;        /* THUMB_ARCH_* bits */
} thumb_encoding;

extern const thumb_encoding thumb_encodings[THUMB_ID_COUNT];

static inline const thumb_encoding *thumb_entry(thumb_id id) { return &thumb_encodings[id]; }

/* The ARMv6-M entry of an opcode: a halfword (is32 = 0) or hw1:hw2 (is32 = 1). Thread-safe; the first call
 * builds the halfword lookup table. */
thumb_id thumb_decode(uint32_t opcode, int is32);
/* The same for the architecture arch_bit (THUMB_ARCH_*): only the encodings it has match. */
thumb_id thumb_decode_arch(uint32_t opcode, int is32, unsigned arch_bit);

/* The 64K halfword -> id table behind thumb_decode(op, 0) (uint8_t ids), for an executor's hot loop; and the
 * one for an architecture (THUMB_ARCH_*; ARMv7E-M's is ARMv7-M's). */
const uint8_t *thumb_decode16_table(void);
const uint8_t *thumb_decode16_table_arch(unsigned arch_bit);

/* The fields of an operand syntax (thumb_syntax), so that what reads an encoding's fields takes them from its
 * entry: "<name>:<hex mask> ..." ("Rdn:0087 Rm:0078"; a register field's name starts with R, a signed immediate's
 * with s; a field's value is its mask's bits gathered, low to high). NULL for THUMB_SYNTAX_MNEMONIC (the ARMv7-M
 * encodings: fields are the bits outside the entry's mask, split at the four-bit register positions). */
const char *thumb_syntax_fields(unsigned syntax);

/* The first 32-bit encoding of the list: thumb_decode(op, 1) looks only from here. */
#define THUMB_ID_ENUM_16(id, ...) +1
enum { THUMB_FIRST_32BIT = 1 THUMB_ENCODINGS_16(THUMB_ID_ENUM_16) };
#undef THUMB_ID_ENUM_16

/* Does the instruction write the PC when it executes (the MTB's branch packets): B, BL, BX, BLX, and
 * POP {.., pc}, MOV pc / ADD pc. */
int thumb_writes_pc(uint32_t opcode, int is32);

/* Bits 15:11 of the first halfword 0b11101, 0b11110 or 0b11111: a 32-bit instruction. */
static inline int thumb_is32(uint32_t hw1) { return (hw1 >> 11) >= 0x1d; }

/* Field extractors, named after the fields of the manual's encoding diagrams (16-bit opcodes unless said). */
static inline unsigned thumb_rd(uint32_t op) { return op & 7; }          /* Rd, Rdn, Rt: bits 2:0 */
static inline unsigned thumb_rn(uint32_t op) { return (op >> 3) & 7; }   /* Rn of three registers: 5:3 */
static inline unsigned thumb_rm(uint32_t op) { return (op >> 6) & 7; }   /* Rm of three registers: 8:6 */
/* Rm of the two-register forms (ANDS <Rdn>,<Rm>; SXTH; REV) stands where Rn is in the three-register ones */
static inline unsigned thumb_rm2(uint32_t op) { return thumb_rn(op); }
static inline unsigned thumb_rdn8(uint32_t op) { return (op >> 8) & 7; } /* Rd/Rdn/Rt/Rn beside imm8: 10:8 */
static inline unsigned thumb_dn(uint32_t op) { return ((op >> 4) & 8) | (op & 7); } /* DN:Rdn, high regs */
static inline unsigned thumb_rm4(uint32_t op) { return (op >> 3) & 15; }            /* Rm, high regs: 6:3 */
static inline unsigned thumb_imm3(uint32_t op) { return (op >> 6) & 7; }
static inline unsigned thumb_imm5(uint32_t op) { return (op >> 6) & 31; }
static inline unsigned thumb_imm7(uint32_t op) { return op & 0x7f; }
static inline unsigned thumb_imm8(uint32_t op) { return op & 0xff; }
static inline unsigned thumb_cond(uint32_t op) { return (op >> 8) & 15; }
static inline unsigned thumb_register_list(uint32_t op) { return op & 0xff; }
static inline unsigned thumb_cps_im(uint32_t op) { return (op >> 4) & 1; } /* 1: CPSID */
/* DecodeImmShift for LSL/LSR/ASR (immediate): imm5 == 0 is a shift by 32 (LSL #0 is MOV (register) T2) */
static inline unsigned thumb_shift_n(uint32_t op) { return thumb_imm5(op) ? thumb_imm5(op) : 32; }
/* PUSH: registers = M:'000000':register_list (M is LR); POP: P:'0000000':register_list (P is PC) */
static inline unsigned thumb_push_registers(uint32_t op) { return thumb_register_list(op) | ((op >> 8) & 1) << 14; }
static inline unsigned thumb_pop_registers(uint32_t op) { return thumb_register_list(op) | ((op >> 8) & 1) << 15; }
/* B T1: SignExtend(imm8:'0'); B T2: SignExtend(imm11:'0') */
static inline uint32_t thumb_b_t1_imm32(uint32_t op) { return (uint32_t)((int32_t)(int8_t)(op & 0xff) * 2); }
static inline uint32_t thumb_b_t2_imm32(uint32_t op) { return (uint32_t)(((int32_t)(op << 21)) >> 20); }
/* BL T1: SignExtend(S:I1:I2:imm10:imm11:'0'), I1 = NOT(J1 EOR S), I2 = NOT(J2 EOR S) */
static inline uint32_t thumb_bl_imm32(uint32_t op)
{
    uint32_t hw1 = op >> 16, hw2 = op & 0xffff;
    uint32_t s = (hw1 >> 10) & 1, i1 = !(((hw2 >> 13) & 1) ^ s), i2 = !(((hw2 >> 11) & 1) ^ s);
    uint32_t imm = (s << 24) | (i1 << 23) | (i2 << 22) | ((hw1 & 0x3ff) << 12) | ((hw2 & 0x7ff) << 1);
    return (uint32_t)((int32_t)(imm << 7) >> 7);
}
static inline unsigned thumb_sysm(uint32_t op) { return op & 0xff; }           /* MSR/MRS: hw2 7:0 */
static inline unsigned thumb_msr_rn(uint32_t op) { return (op >> 16) & 15; }   /* MSR: hw1 3:0 */
static inline unsigned thumb_mrs_rd(uint32_t op) { return (op >> 8) & 15; }    /* MRS: hw2 11:8 */
static inline unsigned thumb_udf_imm16(uint32_t op) { return ((op >> 4) & 0xf000) | (op & 0xfff); } /* imm4:imm12 */

#ifdef __cplusplus
}
#endif
#endif

/* The Thumb encoding table (tarmac/thumb.h) and its decoder: the list of tarmac/thumb_encodings.h as an array
 * indexed by id, a 64K halfword -> id table built once from the MATCH/MASK pairs, and for ARMv7-M's 32-bit
 * encodings the candidates of each first halfword. */
#include <pthread.h>
#include <stdlib.h>

#include "tarmac/thumb.h"

#define THUMB_ENTRY(id, name, mnemonic, match, mask, cls, syntax, flags, arch) \
    [thumb_##id] = { name, mnemonic, match, mask, THUMB_CLASS_##cls, THUMB_SYNTAX_##syntax, (flags), THUMB_ARCHS_##arch },
#define THUMB_ENTRY_32(id, name, mnemonic, match, mask, cls, syntax, flags, arch) \
    THUMB_ENTRY(id, name, mnemonic, match, mask, cls, syntax, (flags) | THUMB_F_32BIT, arch)

const thumb_encoding thumb_encodings[THUMB_ID_COUNT] = {
    [thumb_undefined] = { "UNDEFINED", "undefined", 0, 0, THUMB_CLASS_NONE, THUMB_SYNTAX_UNDEFINED, 0 },
    THUMB_ENCODINGS_16(THUMB_ENTRY)
    THUMB_ENCODINGS_32(THUMB_ENTRY_32)
};

_Static_assert(THUMB_FIRST_32BIT <= 256, "the 16-bit ids are stored as uint8_t in the halfword table");

/* [0]: ARMv6-M's, [1]: ARMv7-M's (and ARMv7E-M's: the DSP extension adds no 16-bit encoding); each built on its
 * first use */
static uint8_t decode16[2][1u << 16];
static pthread_once_t decode16_once[2] = { PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT };

/* Every halfword an entry of the architecture matches gets its id. Entries are visited last to first, so that
 * where two overlap the earlier one (the manual's "SEE" target) is left. The halfwords of one entry are its
 * match with each combination of the bits outside its mask. */
static void build_decode16(unsigned t)
{
    for (unsigned id = THUMB_FIRST_32BIT - 1; id > thumb_undefined; id--) {
        if (!(thumb_encodings[id].archs & (t ? THUMB_ARCH_V7M : THUMB_ARCH_V6M))) continue;
        uint32_t free_bits = ~thumb_encodings[id].mask & 0xffffu, v = 0;
        do {
            decode16[t][thumb_encodings[id].match | v] = (uint8_t)id;
            v = (v - free_bits) & free_bits;
        } while (v);
    }
}
static void build_v6m(void) { build_decode16(0); }
static void build_v7m(void) { build_decode16(1); }

const uint8_t *thumb_decode16_table_arch(unsigned arch_bit)
{
    unsigned t = arch_bit != THUMB_ARCH_V6M;
    pthread_once(&decode16_once[t], t ? build_v7m : build_v6m);
    return decode16[t];
}

const uint8_t *thumb_decode16_table(void)
{
    pthread_once(&decode16_once[0], build_v6m);
    return decode16[0];
}

/* the first entry that matches and is of the architecture (the match is tested first: it fails far more often) */
static thumb_id decode32(uint32_t op, unsigned arch_bit)
{
    for (unsigned id = THUMB_FIRST_32BIT; id < THUMB_ID_COUNT; id++)
        if ((op & thumb_encodings[id].mask) == thumb_encodings[id].match && (thumb_encodings[id].archs & arch_bit))
            return (thumb_id)id;
    return thumb_undefined;
}

/* ARMv7-M's and ARMv7E-M's 32-bit decoder: the table's 32-bit entries are many, so for each first halfword
 * (0xE800-0xFFFF) the entries of the architecture whose match and mask allow it are listed once, in table order;
 * a decode tests only those. [0]: ARMv7-M, [1]: ARMv7E-M; each built on its first use. */
enum { HW1_FIRST = 0xE800, HW1_COUNT = 0x10000 - HW1_FIRST };
static uint32_t cand_start[2][HW1_COUNT + 1];
static uint16_t *cand_ids[2];
static pthread_once_t cand_once[2] = { PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT };

static int allows_hw1(unsigned id, uint32_t hw1, unsigned arch_bit)
{
    const thumb_encoding *e = &thumb_encodings[id];
    return (e->archs & arch_bit) && ((hw1 << 16) & e->mask) == (e->match & e->mask & 0xffff0000u);
}
static void build_cand(unsigned t)
{
    unsigned arch_bit = t ? THUMB_ARCH_V7EM : THUMB_ARCH_V7M;
    uint32_t n = 0;
    for (uint32_t i = 0; i < HW1_COUNT; i++)
        for (unsigned id = THUMB_FIRST_32BIT; id < THUMB_ID_COUNT; id++) n += (uint32_t)allows_hw1(id, HW1_FIRST + i, arch_bit);
    cand_ids[t] = malloc((n ? n : 1) * sizeof *cand_ids[t]);
    if (!cand_ids[t]) return; /* no memory: decode32_v7 searches the whole table instead */
    n = 0;
    for (uint32_t i = 0; i < HW1_COUNT; i++) {
        cand_start[t][i] = n;
        for (unsigned id = THUMB_FIRST_32BIT; id < THUMB_ID_COUNT; id++)
            if (allows_hw1(id, HW1_FIRST + i, arch_bit)) cand_ids[t][n++] = (uint16_t)id;
    }
    cand_start[t][HW1_COUNT] = n;
}
static void build_cand_v7m(void) { build_cand(0); }
static void build_cand_v7em(void) { build_cand(1); }

static thumb_id decode32_v7(uint32_t op, unsigned arch_bit)
{
    uint32_t hw1 = op >> 16;
    if (hw1 < HW1_FIRST) return thumb_undefined; /* not the first halfword of a 32-bit instruction */
    unsigned t = arch_bit == THUMB_ARCH_V7EM;
    pthread_once(&cand_once[t], t ? build_cand_v7em : build_cand_v7m);
    if (!cand_ids[t]) return decode32(op, arch_bit);
    for (uint32_t k = cand_start[t][hw1 - HW1_FIRST]; k < cand_start[t][hw1 - HW1_FIRST + 1]; k++) {
        unsigned id = cand_ids[t][k];
        if ((op & thumb_encodings[id].mask) == thumb_encodings[id].match) return (thumb_id)id;
    }
    return thumb_undefined;
}

thumb_id thumb_decode_arch(uint32_t opcode, int is32, unsigned arch_bit)
{
    if (is32) return arch_bit == THUMB_ARCH_V7M || arch_bit == THUMB_ARCH_V7EM ? decode32_v7(opcode, arch_bit)
                                                                             : decode32(opcode, arch_bit);
    return (thumb_id)thumb_decode16_table_arch(arch_bit)[opcode & 0xffff];
}

/* ARMv6-M's: the checker's and the ARMv6-M trace's, kept as short as it was */
thumb_id thumb_decode(uint32_t opcode, int is32)
{
    if (is32) return decode32(opcode, THUMB_ARCH_V6M);
    return (thumb_id)thumb_decode16_table()[opcode & 0xffff];
}

int thumb_writes_pc(uint32_t opcode, int is32)
{
    thumb_id id = thumb_decode(opcode, is32);
    uint8_t flags = thumb_encodings[id].flags;
    if (flags & THUMB_F_BRANCH) return 1;
    if (!(flags & THUMB_F_PC_DEST)) return 0;
    if (id == thumb_pop_t1) return (thumb_pop_registers(opcode) >> 15) & 1;
    return thumb_dn(opcode) == 15;
}

/* The fields of each operand syntax as masks of the opcode (hex), the manual's names: a register field's name
 * starts with R (four bits can name SP, LR and PC), a signed immediate's with s. */
static const char *const syntax_fields[] = {
    [THUMB_SYNTAX_UNDEFINED] = "",
    [THUMB_SYNTAX_NONE] = "",
    [THUMB_SYNTAX_RD_RM] = "Rdn:0007 Rm:0038",
    [THUMB_SYNTAX_RD_RM_SHIFT] = "Rd:0007 Rm:0038 imm5:07c0",
    [THUMB_SYNTAX_RD_RN_RM] = "Rd:0007 Rn:0038 Rm:01c0",
    [THUMB_SYNTAX_RD_RN_IMM3] = "Rd:0007 Rn:0038 imm3:01c0",
    [THUMB_SYNTAX_RDN8_IMM8] = "Rdn:0700 imm8:00ff",
    [THUMB_SYNTAX_HIGH_RDN_RM] = "Rdn:0087 Rm:0078",
    [THUMB_SYNTAX_HIGH_RM] = "Rm:0078",
    [THUMB_SYNTAX_RT_PC_IMM8] = "Rt:0700 imm8:00ff",
    [THUMB_SYNTAX_RT_SP_IMM8] = "Rt:0700 imm8:00ff",
    [THUMB_SYNTAX_RD_PC_IMM8] = "Rd:0700 imm8:00ff",
    [THUMB_SYNTAX_RD_SP_IMM8] = "Rd:0700 imm8:00ff",
    [THUMB_SYNTAX_RT_RN_RM] = "Rt:0007 Rn:0038 Rm:01c0",
    [THUMB_SYNTAX_RT_RN_IMM5W] = "Rt:0007 Rn:0038 imm5:07c0",
    [THUMB_SYNTAX_RT_RN_IMM5H] = "Rt:0007 Rn:0038 imm5:07c0",
    [THUMB_SYNTAX_RT_RN_IMM5B] = "Rt:0007 Rn:0038 imm5:07c0",
    [THUMB_SYNTAX_SP_IMM7] = "imm7:007f",
    [THUMB_SYNTAX_PUSH] = "registers:01ff",
    [THUMB_SYNTAX_POP] = "registers:01ff",
    [THUMB_SYNTAX_STM] = "Rn:0700 registers:00ff",
    [THUMB_SYNTAX_LDM] = "Rn:0700 registers:00ff",
    [THUMB_SYNTAX_CPS] = "im:0010",
    [THUMB_SYNTAX_B_COND] = "cond:0f00 simm8:00ff",
    [THUMB_SYNTAX_B] = "simm11:07ff",
    [THUMB_SYNTAX_BL] = "simm24:07ff2fff",
    [THUMB_SYNTAX_UDF] = "imm8:00ff",
    [THUMB_SYNTAX_SVC] = "imm8:00ff",
    [THUMB_SYNTAX_BKPT] = "imm8:00ff",
    [THUMB_SYNTAX_MSR] = "Rn:000f0000 SYSm:000000ff",
    [THUMB_SYNTAX_MRS] = "Rd:00000f00 SYSm:000000ff",
    [THUMB_SYNTAX_BARRIER] = "option:0000000f",
    [THUMB_SYNTAX_UDF_W] = "imm16:000f0fff",
    [THUMB_SYNTAX_MNEMONIC] = NULL,
};
_Static_assert(sizeof syntax_fields / sizeof syntax_fields[0] == THUMB_SYNTAX_MNEMONIC + 1,
               "every operand syntax has its fields");

const char *thumb_syntax_fields(unsigned syntax)
{
    return syntax < sizeof syntax_fields / sizeof syntax_fields[0] ? syntax_fields[syntax] : NULL;
}

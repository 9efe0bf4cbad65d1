/* The Thumb encoding table (tarmac/thumb.h) and its decoder: the list of tarmac/thumb_encodings.h as an array
 * indexed by id, and a 64K halfword -> id table built once from the MATCH/MASK pairs. */
#include <pthread.h>

#include "tarmac/thumb.h"

#define THUMB_ENTRY(id, name, mnemonic, match, mask, cls, syntax, flags) \
    [thumb_##id] = { name, mnemonic, match, mask, THUMB_CLASS_##cls, THUMB_SYNTAX_##syntax, (flags) },
#define THUMB_ENTRY_32(id, name, mnemonic, match, mask, cls, syntax, flags) \
    THUMB_ENTRY(id, name, mnemonic, match, mask, cls, syntax, (flags) | THUMB_F_32BIT)

const thumb_encoding thumb_encodings[THUMB_ID_COUNT] = {
    [thumb_undefined] = { "UNDEFINED", "undefined", 0, 0, THUMB_CLASS_NONE, THUMB_SYNTAX_UNDEFINED, 0 },
    THUMB_ENCODINGS_16(THUMB_ENTRY)
    THUMB_ENCODINGS_32(THUMB_ENTRY_32)
};

_Static_assert(THUMB_ID_COUNT <= 256, "ids are stored as uint8_t in the halfword table");

static uint8_t decode16[1u << 16];
static pthread_once_t decode16_once = PTHREAD_ONCE_INIT;

/* Every halfword an entry matches gets its id. Entries are visited last to first, so that where two
 * overlap the earlier one (the manual's "SEE" target) is left. The halfwords of one entry are its match
 * with each combination of the bits outside its mask. */
static void build_decode16(void)
{
    for (unsigned id = THUMB_FIRST_32BIT - 1; id > thumb_undefined; id--) {
        uint32_t free_bits = ~thumb_encodings[id].mask & 0xffffu, v = 0;
        do {
            decode16[thumb_encodings[id].match | v] = (uint8_t)id;
            v = (v - free_bits) & free_bits;
        } while (v);
    }
}

const uint8_t *thumb_decode16_table(void)
{
    pthread_once(&decode16_once, build_decode16);
    return decode16;
}

static thumb_id decode32(uint32_t op)
{
    for (unsigned id = THUMB_FIRST_32BIT; id < THUMB_ID_COUNT; id++)
        if ((op & thumb_encodings[id].mask) == thumb_encodings[id].match) return (thumb_id)id;
    return thumb_undefined;
}

thumb_id thumb_decode(uint32_t opcode, int is32)
{
    if (is32) return decode32(opcode);
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

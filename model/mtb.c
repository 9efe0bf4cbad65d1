/* The Micro Trace Buffer (Cortex-M0+ style): POSITION, MASTER, FLOW, BASE, and packets written into the MTB
 * SRAM. The MTB's own writes are not CPU accesses: they are not traced. */
#include <string.h>

#include "m6_state.h"
#include "tarmac/mtb.h"

void m6_mtb_packet(m6 *c, uint32_t src, int a, uint32_t dst)
{
    if (!(c->mtb_master >> 31)) return;
    mtb_packet pk = { src, dst, (uint8_t)(a != 0), (uint8_t)(c->mtb_start != 0) };
    uint32_t w0, w1;
    mtb_encode(&pk, &w0, &w1);
    c->mtb_start = 0;
    if (c->on_mtb_packet) c->on_mtb_packet(c->mtb_ctx, c->steps - 1, w0, w1);
    uint32_t ptr = c->mtb_position & ~7u;
    uint8_t *p = m6_mem_ptr(c, M6_MTBRAM_BASE + (ptr & (M6_MTBRAM_SIZE - 1)), 8);
    if (p) {
        memcpy(p, &w0, 4);
        memcpy(p + 4, &w1, 4);
    }
    /* POINTER += 8; wrap at 2^(MASK+4) bytes: POINTER[MASK+3:3] clears, WRAP sets, higher bits stay */
    uint32_t mask = c->mtb_master & 0x1f;
    uint32_t size = mask + 4 >= 32 ? 0 : 1u << (mask + 4);
    uint32_t next = ptr + 8;
    if (size && ((next ^ ptr) & ~(size - 1))) {
        next = ptr & ~(size - 1);
        c->mtb_position |= 4;
    } else if (size) {
        next = (ptr & ~(size - 1)) | (next & (size - 1));
    }
    c->mtb_position = (c->mtb_position & 7u) | next;
    if ((next & ~7u) == (c->mtb_flow & ~7u)) {
        if (c->mtb_flow & 1) c->mtb_master &= ~0x80000000u; /* AUTOSTOP */
        if (c->mtb_flow & 2) c->mtb_master |= 1u << 9;      /* AUTOHALT: HALTREQ */
    }
}

int m6_mtb_read(m6 *c, uint32_t off, uint32_t *val)
{
    switch (off) {
    case 0x0: *val = c->mtb_position; break;
    case 0x4: *val = c->mtb_master; break;
    case 0x8: *val = c->mtb_flow; break;
    default: *val = M6_MTBRAM_BASE; break; /* BASE: where the packets go */
    }
    return 0;
}

int m6_mtb_write(m6 *c, uint32_t off, uint32_t val)
{
    switch (off) {
    case 0x0: c->mtb_position = val & ~3u; break;
    case 0x4:
        if ((val >> 31) && !(c->mtb_master >> 31)) c->mtb_start = 1;
        c->mtb_master = val & 0x800003ffu;
        break;
    case 0x8: c->mtb_flow = val & ~4u; break;
    default: break; /* BASE is read-only */
    }
    return 0;
}

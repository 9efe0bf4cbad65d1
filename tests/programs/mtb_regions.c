/* The MTB's trace buffer anywhere in its 4 KiB SRAM (not on QEMU): POSITION.POINTER's bits above the buffer
 * (2^(MASK+4) bytes) place it, the packets go to that region and wrap inside it, POSITION reads back there, WRAP
 * is set by a wrap and cleared by a write. Every other word of the SRAM keeps its fill. A MASK of 28 or more
 * makes a buffer of 2^32 bytes or more: the pointer never wraps. */
#include "semihost.h"
#include "sysregs.h"

#define EN 0x80000000u
#define FILL 0x5a5aa5a5u
#define WORDS 1024

static void fill(void)
{
    for (int i = 0; i < WORDS; i++) MTB_RAM[i] = FILL;
}

/* MASTER = m, eight taken branches (eight packets), then tracing stops */
static void eight_branches(uint32_t m)
{
    __asm volatile("ldr r2, =0xF0000004\n\tstr %0, [r2]\n\t"
                   "b 1f\n1:\tb 2f\n2:\tb 3f\n3:\tb 4f\n4:\tb 5f\n5:\tb 6f\n6:\tb 7f\n7:\tb 8f\n8:\t"
                   "movs r3, #0\n\tstr r3, [r2]"
                   : : "l"(m) : "r2", "r3", "memory");
}

int main(void)
{
    static const struct {
        uint32_t pos, mask;
    } cases[] = { { 0x840, 2 }, { 0xf08, 3 }, { 0x430, 4 }, { 0x7f8, 0 }, { 0xc08, 1 }, { 0x200, 5 }, { 0x4a0, 30 } };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        uint64_t size = 16ull << cases[k].mask;
        uint32_t base = cases[k].pos & (uint32_t)~(size - 1), off = cases[k].pos - base;
        fill();
        MTB_POSITION = cases[k].pos | 4; /* WRAP is writable: set, then cleared */
        CHECK_EQ(MTB_POSITION, cases[k].pos | 4);
        MTB_POSITION = cases[k].pos;
        MTB_FLOW = 0xfffffff8u; /* a watermark the pointer never reaches */
        eight_branches(EN | cases[k].mask);
        uint32_t end = off + 8 * 8, wrapped = end >= size ? 4 : 0;
        CHECK_EQ(MTB_POSITION, base + (uint32_t)(end % size) + wrapped);
        /* written: the last min(8, size / 8) slots before the pointer, in the buffer's region only */
        unsigned written = 0, outside = 0;
        for (unsigned i = 0; i < WORDS; i++) {
            uint32_t a = 4 * i;
            if (MTB_RAM[i] == FILL) continue;
            if (a >= base && a - base < size) written++;
            else outside++;
        }
        CHECK_EQ(written, 2 * (size / 8 < 8 ? size / 8 : 8));
        CHECK_EQ(outside, 0);
    }
    MTB_POSITION = 0;
    sh_printf("mtb_regions: %d failures\n", sh_failures);
    return sh_failures;
}

/* Loads and stores of every size and sign at every legal alignment, register and immediate offsets,
 * SP-relative and literal loads. */
#include "semihost.h"

static volatile uint8_t buf[32] __attribute__((aligned(4)));

int main(void)
{
    for (int i = 0; i < 32; i++) buf[i] = (uint8_t)(0x80 + i * 7);
    volatile uint8_t *b = buf;
    for (int off = 0; off < 8; off++) {
        uint32_t v;
        __asm volatile("ldrb %0, [%1, %2]" : "=l"(v) : "l"(b), "l"(off));
        CHECK_EQ(v, (uint8_t)(0x80 + off * 7));
        int32_t s;
        __asm volatile("ldrsb %0, [%1, %2]" : "=l"(s) : "l"(b), "l"(off));
        CHECK_EQ(s, (int32_t)(int8_t)(0x80 + off * 7));
    }
    for (int off = 0; off < 8; off += 2) {
        uint32_t v, want = buf[off] | (uint32_t)buf[off + 1] << 8;
        __asm volatile("ldrh %0, [%1, %2]" : "=l"(v) : "l"(b), "l"(off));
        CHECK_EQ(v, want);
        int32_t s;
        __asm volatile("ldrsh %0, [%1, %2]" : "=l"(s) : "l"(b), "l"(off));
        CHECK_EQ(s, (int32_t)(int16_t)want);
    }
    /* halfwords whose bit 7 and bit 15 differ: the sign comes from bit 15 */
    buf[8] = 0x80; buf[9] = 0x7f; buf[10] = 0x7f; buf[11] = 0x80;
    for (int off = 8; off < 12; off += 2) {
        int32_t s;
        __asm volatile("ldrsh %0, [%1, %2]" : "=l"(s) : "l"(b), "l"(off));
        CHECK_EQ(s, off == 8 ? 0x7f80 : (int32_t)0xffff807f);
    }
    uint32_t w;
    __asm volatile("ldr %0, [%1, #4]" : "=l"(w) : "l"(b));
    CHECK_EQ(w, buf[4] | (uint32_t)buf[5] << 8 | (uint32_t)buf[6] << 16 | (uint32_t)buf[7] << 24);
    /* stores of each size at each alignment */
    for (int off = 0; off < 4; off++) {
        uint32_t v = 0x11 * (off + 1);
        __asm volatile("strb %0, [%1, %2]" : : "l"(v), "l"(b + 16), "l"(off) : "memory");
    }
    __asm volatile("ldr %0, [%1, #16]" : "=l"(w) : "l"(b));
    CHECK_EQ(w, 0x44332211);
    uint32_t h = 0xbeef;
    __asm volatile("strh %0, [%1, #2]" : : "l"(h), "l"(b + 16) : "memory");
    __asm volatile("strh %0, [%1, #4]" : : "l"(h), "l"(b + 16) : "memory");
    __asm volatile("ldr %0, [%1, #16]" : "=l"(w) : "l"(b));
    CHECK_EQ(w, 0xbeef2211);
    __asm volatile("ldrh %0, [%1, #20]" : "=l"(w) : "l"(b));
    CHECK_EQ(w, 0xbeef);
    uint32_t word = 0xcafef00d;
    __asm volatile("str %0, [%1, #24]" : : "l"(word), "l"(b) : "memory");
    CHECK_EQ(buf[24] | (uint32_t)buf[27] << 24, 0xca00000d);
    /* SP-relative */
    uint32_t out;
    __asm volatile("sub sp, #8\n\tstr %1, [sp, #4]\n\tldr %0, [sp, #4]\n\tadd sp, #8" : "=l"(out) : "l"(word) : "memory");
    CHECK_EQ(out, word);
    /* literal pool */
    __asm volatile("ldr %0, =0x13572468" : "=l"(out));
    CHECK_EQ(out, 0x13572468);
    sh_printf("loadstore: %d failures\n", sh_failures);
    return sh_failures;
}

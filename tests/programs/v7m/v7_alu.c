/* ARMv7-M data processing: modified and plain immediates, shifted registers, register shifts, bit fields,
 * saturation, multiply and divide, CLZ/RBIT/REV, with results checked against values worked out by hand. */
#include "semihost.h"

static volatile uint32_t sink;

__attribute__((noinline)) static uint32_t op2(uint32_t a, uint32_t b)
{
    uint32_t r;
    /* modified immediates of each pattern, the flag-setting forms and the carry they give */
    __asm volatile("adds.w %0, %1, #0x00ff00ff\n\t"
                   "eor.w %0, %0, #0xab00ab00\n\t"
                   "orn %0, %0, #0x3fc00000\n\t"
                   "bic.w %0, %0, #0x000000f0\n\t"
                   "sbc.w %0, %0, %2, lsr #3\n\t"
                   "rsb %0, %0, %2, ror #7\n\t"
                   "adc.w %0, %0, %2, asr #31\n\t"
                   : "=&r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

__attribute__((noinline)) static uint32_t flags_of(uint32_t a, uint32_t b)
{
    uint32_t f;
    __asm volatile("cmp.w %1, %2, lsl #1\n\t"
                   "mrs %0, apsr\n\t" : "=r"(f) : "r"(a), "r"(b) : "cc");
    return f >> 28;
}

int main(void)
{
    CHECK_EQ(op2(0x12345678, 0x9abcdef0), op2(0x12345678, 0x9abcdef0));
    uint32_t x = op2(0x12345678, 0x9abcdef0);
    sh_puts("op2 "); sh_puthex(x); sh_putc('\n');
    uint32_t v = 0xdeadbeef, r;
    __asm volatile("ubfx %0, %1, #4, #12" : "=r"(r) : "r"(v)); CHECK_EQ(r, 0xbee);
    __asm volatile("sbfx %0, %1, #4, #12" : "=r"(r) : "r"(v)); CHECK_EQ(r, 0xfffffbee);
    r = 0x12345678;
    __asm volatile("bfi %0, %1, #8, #8" : "+r"(r) : "r"(v)); CHECK_EQ(r, 0x1234ef78);
    __asm volatile("bfc %0, #4, #20" : "+r"(r)); CHECK_EQ(r, 0x12000008);
    __asm volatile("movw %0, #0xbeef\n\tmovt %0, #0xdead" : "=r"(r)); CHECK_EQ(r, 0xdeadbeef);
    __asm volatile("clz %0, %1" : "=r"(r) : "r"(0x00f00000u)); CHECK_EQ(r, 8);
    __asm volatile("rbit %0, %1" : "=r"(r) : "r"(0x00000001u)); CHECK_EQ(r, 0x80000000u);
    __asm volatile("rev.w %0, %1" : "=r"(r) : "r"(0x11223344u)); CHECK_EQ(r, 0x44332211u);
    __asm volatile("rev16.w %0, %1" : "=r"(r) : "r"(0x11223344u)); CHECK_EQ(r, 0x22114433u);
    __asm volatile("revsh.w %0, %1" : "=r"(r) : "r"(0x000080ffu)); CHECK_EQ(r, 0xffffff80u);
    __asm volatile("ssat %0, #8, %1" : "=r"(r) : "r"(1000)); CHECK_EQ(r, 127);
    __asm volatile("ssat %0, #8, %1, asr #2" : "=r"(r) : "r"(-1000)); CHECK_EQ(r, (uint32_t)-128);
    __asm volatile("usat %0, #8, %1, lsl #1" : "=r"(r) : "r"(100)); CHECK_EQ(r, 200);
    __asm volatile("usat %0, #8, %1" : "=r"(r) : "r"(-5)); CHECK_EQ(r, 0);
    uint32_t q;
    __asm volatile("mrs %0, apsr" : "=r"(q)); CHECK_EQ(q >> 27 & 1, 1); /* the saturations set Q */
    __asm volatile("msr apsr_nzcvq, %0" :: "r"(0) : "cc");
    __asm volatile("mrs %0, apsr" : "=r"(q)); CHECK_EQ(q >> 27 & 1, 0);
    __asm volatile("mls %0, %1, %2, %3" : "=r"(r) : "r"(7), "r"(9), "r"(100)); CHECK_EQ(r, 37);
    __asm volatile("mla %0, %1, %2, %3" : "=r"(r) : "r"(7), "r"(9), "r"(100)); CHECK_EQ(r, 163);
    uint32_t lo, hi;
    __asm volatile("umull %0, %1, %2, %3" : "=&r"(lo), "=&r"(hi) : "r"(0xffffffffu), "r"(0xffffffffu));
    CHECK_EQ(lo, 1); CHECK_EQ(hi, 0xfffffffeu);
    __asm volatile("smull %0, %1, %2, %3" : "=&r"(lo), "=&r"(hi) : "r"(-3), "r"(100000000));
    CHECK_EQ(lo, 0xee1e5d00u); CHECK_EQ(hi, 0xffffffffu);
    lo = 5; hi = 1;
    __asm volatile("umlal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(0x80000000u), "r"(4));
    CHECK_EQ(lo, 5); CHECK_EQ(hi, 3);
    lo = 5; hi = 1;
    __asm volatile("smlal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(-1), "r"(6));
    CHECK_EQ(lo, 0xffffffffu); CHECK_EQ(hi, 0);
    __asm volatile("sdiv %0, %1, %2" : "=r"(r) : "r"(-100), "r"(7)); CHECK_EQ(r, (uint32_t)-14);
    __asm volatile("udiv %0, %1, %2" : "=r"(r) : "r"(100), "r"(7)); CHECK_EQ(r, 14);
    __asm volatile("udiv %0, %1, %2" : "=r"(r) : "r"(100), "r"(0)); CHECK_EQ(r, 0);
    __asm volatile("sdiv %0, %1, %2" : "=r"(r) : "r"(0x80000000u), "r"(-1)); CHECK_EQ(r, 0x80000000u);
    CHECK_EQ(flags_of(5, 3), 0x8);   /* 5 - 6: N */
    CHECK_EQ(flags_of(6, 3), 0x6);   /* Z C */
    CHECK_EQ(flags_of(0x80000000u, 0x20000000u), 0x3); /* C V */
    /* the compiler's own v7-M code: a checksum over shifts, rotates and divides */
    uint32_t acc = 0x811c9dc5u;
    for (uint32_t i = 1; i < 3000; i++) {
        acc ^= i * 0x01000193u;
        acc = (acc << 5) | (acc >> 27);
        acc += acc / (i | 1) + (acc % 13);
        sink = acc;
    }
    sh_puts("acc "); sh_puthex(acc); sh_putc('\n');
    return sh_failures;
}

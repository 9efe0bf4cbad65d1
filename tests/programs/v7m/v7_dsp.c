/* ARMv7E-M's DSP extension (Cortex-M4): halfword saturation, extend and add, saturating arithmetic and Q, SEL on
 * the GE flags, the halfword, dual and most-significant-word multiplies, USAD8, PKHBT/PKHTB, the long
 * accumulates, the parallel additions and subtractions with the GE flags, checked against values worked out by
 * hand. */
#include "semihost.h"

#define OP3(insn, a, b) ({ uint32_t r_; __asm volatile(insn " %0, %1, %2" : "=r"(r_) : "r"(a), "r"(b) : "cc"); r_; })
#define OP4(insn, a, b, c) ({ uint32_t r_; __asm volatile(insn " %0, %1, %2, %3" : "=r"(r_) : "r"(a), "r"(b), "r"(c) : "cc"); r_; })

static uint32_t ge_flags(void)
{
    uint32_t f;
    __asm volatile("mrs %0, apsr" : "=r"(f));
    return f >> 16 & 15;
}

static uint32_t q_flag(void)
{
    uint32_t f;
    __asm volatile("mrs %0, apsr" : "=r"(f));
    __asm volatile("msr apsr_nzcvq, %0" :: "r"(0) : "cc");
    return f >> 27 & 1;
}

int main(void)
{
    uint32_t r;
    __asm volatile("ssat16 %0, #8, %1" : "=r"(r) : "r"(0x0200ff00u)); CHECK_EQ(r, 0x007fff80u); CHECK_EQ(q_flag(), 1);
    __asm volatile("usat16 %0, #4, %1" : "=r"(r) : "r"(0x00200005u)); CHECK_EQ(r, 0x000f0005u); CHECK_EQ(q_flag(), 1);
    CHECK_EQ(OP3("sxtah", 100, 0xffff8000u), 100 - 32768);
    CHECK_EQ(OP3("uxtah", 100, 0xffff8000u), 100 + 32768);
    CHECK_EQ(OP3("sxtab", 100, 0x000000f0u), 100 - 16);
    CHECK_EQ(OP3("uxtab", 100, 0x000000f0u), 100 + 240);
    CHECK_EQ(OP3("sxtab16", 0x00010001u, 0x00ff0080u), 0x0000ff81u);
    CHECK_EQ(OP3("uxtab16", 0x00010001u, 0x00ff0080u), 0x01000081u);
    __asm volatile("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(0x80007f00u)); CHECK_EQ(r, 0xff80007fu);
    __asm volatile("uxtb16 %0, %1" : "=r"(r) : "r"(0x12345678u)); CHECK_EQ(r, 0x00340078u);
    CHECK_EQ(OP3("qadd", 0x7fffffffu, 1), 0x7fffffffu); CHECK_EQ(q_flag(), 1);
    CHECK_EQ(OP3("qsub", 0x80000000u, 1), 0x80000000u); CHECK_EQ(q_flag(), 1);
    CHECK_EQ(OP3("qdadd", 5, 0x40000000u), 0x7fffffffu); CHECK_EQ(q_flag(), 1);
    CHECK_EQ(OP3("qdsub", 5, 2), 1); CHECK_EQ(q_flag(), 0);
    __asm volatile("msr apsr_g, %0" :: "r"(0x00050000u) : "cc"); /* GE = 0101 */
    CHECK_EQ(OP3("sel", 0x11223344u, 0xaabbccddu), 0xaa22cc44u);
    /* parallel addition and subtraction: the lanes' results and the GE flags the plain forms set */
    CHECK_EQ(OP3("sadd16", 0x12345678u, 0xf0f0a5c3u), 0x0324fc3bu); CHECK_EQ(ge_flags(), 0xc);
    CHECK_EQ(OP3("uadd8", 0x12345678u, 0xf0f0a5c3u), 0x0224fb3bu); CHECK_EQ(ge_flags(), 0xd);
    CHECK_EQ(OP3("ssub8", 0x01807f00u, 0x02017f01u), 0xff7f00ffu); CHECK_EQ(ge_flags(), 0x2);
    CHECK_EQ(OP3("usax", 0x00010002u, 0x00030004u), 0xfffd0005u); CHECK_EQ(ge_flags(), 0x0);
    CHECK_EQ(OP3("sasx", 0x00010002u, 0x00030004u), 0x0005ffffu); CHECK_EQ(ge_flags(), 0xc);
    CHECK_EQ(OP3("sel", 0x11223344u, 0xaabbccddu), 0x1122ccddu);
    CHECK_EQ(OP3("qsub8", 0x01807f00u, 0x02017f01u), 0xff8000ffu); CHECK_EQ(ge_flags(), 0xc); /* GE kept */
    CHECK_EQ(OP3("uqsub16", 0x00050010u, 0x00060001u), 0x0000000fu);
    CHECK_EQ(OP3("shadd16", 0x7fff8000u, 0x7fff8000u), 0x7fff8000u);
    CHECK_EQ(OP3("uhsub8", 0x00ff0010u, 0x01000020u), 0xff7f00f8u);
    CHECK_EQ(OP3("smulbb", 0x0001fffeu, 0x00030004u), (uint32_t)-8);
    CHECK_EQ(OP3("smultt", 0x0001fffeu, 0x00030004u), 3);
    CHECK_EQ(OP3("smulbt", 0x0001fffeu, 0x00030004u), (uint32_t)-6);
    CHECK_EQ(OP4("smlabb", 0x7fff7fffu, 0x7fff7fffu, 0x7fffffffu), 0xbfff0000u); CHECK_EQ(q_flag(), 1);
    CHECK_EQ(OP3("smulwb", 0x00010000u, 0x00000010u), 0x10);
    CHECK_EQ(OP4("smlawt", 0x00020000u, 0x00030000u, 1), 7);
    CHECK_EQ(OP3("smuad", 0x00020003u, 0x00040005u), 23);
    CHECK_EQ(OP3("smuadx", 0x00020003u, 0x00040005u), 22);
    CHECK_EQ(OP3("smusd", 0x00020003u, 0x00040005u), 7);
    CHECK_EQ(OP4("smlad", 0x00020003u, 0x00040005u, 100), 123);
    CHECK_EQ(OP4("smlsdx", 0x00020003u, 0x00040005u, 100), 102);
    CHECK_EQ(OP3("smmul", 0x40000000u, 0x40000000u), 0x10000000u);
    CHECK_EQ(OP3("smmulr", 0x00010000u, 0x00008000u), 1);
    CHECK_EQ(OP4("smmla", 0x40000000u, 0x40000000u, 1), 0x10000001u);
    CHECK_EQ(OP4("smmls", 0x40000000u, 0x40000000u, 1), 0xf0000001u);
    CHECK_EQ(OP4("smmla", 0x40000000u, 0x40000000u, 0x7fffffffu), 0x8fffffffu); /* past the signed 64-bit range */
    CHECK_EQ(OP4("smmls", 0x40000000u, 0xc0000000u, 0x7fffffffu), 0x8fffffffu);
    CHECK_EQ(OP3("usad8", 0x01020304u, 0x04030201u), 8);
    CHECK_EQ(OP4("usada8", 0x01020304u, 0x04030201u, 10), 18);
    __asm volatile("pkhbt %0, %1, %2, lsl #8" : "=r"(r) : "r"(0x11112222u), "r"(0x00333300u)); CHECK_EQ(r, 0x33332222u);
    __asm volatile("pkhtb %0, %1, %2, asr #16" : "=r"(r) : "r"(0x11112222u), "r"(0x44440000u)); CHECK_EQ(r, 0x11114444u);
    uint32_t lo = 0xffffffffu, hi = 0;
    __asm volatile("smlalbb %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(2), "r"(3)); CHECK_EQ(lo, 5); CHECK_EQ(hi, 1);
    __asm volatile("smlald %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(0x00020003u), "r"(0x00040005u)); CHECK_EQ(lo, 28);
    __asm volatile("smlsld %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(0x00020003u), "r"(0x00040005u)); CHECK_EQ(lo, 35);
    __asm volatile("umaal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(0xffffffffu), "r"(0xffffffffu));
    sh_puts("umaal "); sh_puthex(hi); sh_putc(' '); sh_puthex(lo); sh_putc('\n');
    /* a dot product as the compiler writes it for the Cortex-M4 */
    static int16_t a[64], b[64];
    for (int i = 0; i < 64; i++) { a[i] = (int16_t)(i * 97 - 3000); b[i] = (int16_t)(5000 - i * 131); }
    int64_t dot = 0;
    for (int i = 0; i < 64; i += 2) {
        uint32_t x = (uint16_t)a[i] | (uint32_t)(uint16_t)a[i + 1] << 16, y = (uint16_t)b[i] | (uint32_t)(uint16_t)b[i + 1] << 16;
        uint32_t l = (uint32_t)dot, h = (uint32_t)(dot >> 32);
        __asm volatile("smlald %0, %1, %2, %3" : "+r"(l), "+r"(h) : "r"(x), "r"(y));
        dot = (int64_t)((uint64_t)h << 32 | l);
    }
    sh_puts("dot "); sh_puthex((uint32_t)(dot >> 32)); sh_putc(' '); sh_puthex((uint32_t)dot); sh_putc('\n');
    return sh_failures;
}

/* ARMv7-M loads and stores: every addressing mode (imm12, pre/post-indexed imm8 both ways, register shifted,
 * literal, unprivileged), dual, multiple (increment after, decrement before, PUSH/POP), exclusives and the local
 * monitor, table branches, unaligned single accesses. */
#include "semihost.h"

static uint32_t buf[64];
static volatile uint32_t sink;

__attribute__((noinline)) static uint32_t modes(uint32_t *p)
{
    uint32_t a, b, c, d, e, q = (uint32_t)p;
    __asm volatile("ldr.w %0, [%5, #8]\n\t"
                   "ldr %1, [%5, #4]!\n\t"
                   "ldr %2, [%5], #-4\n\t"
                   "ldrh.w %3, [%5, #2]\n\t"
                   "ldrsb %4, [%5, #-1]\n\t"
                   : "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d), "=&r"(e), "+r"(q) : : "memory");
    return a + 3 * b + 5 * c + 7 * d + 11 * e + (q - (uint32_t)p);
}

__attribute__((noinline)) static uint32_t regmode(uint32_t *p, uint32_t i)
{
    uint32_t a, b;
    __asm volatile("ldr.w %0, [%2, %3, lsl #2]\n\t"
                   "ldrsh.w %1, [%2, %3, lsl #1]\n\t" : "=&r"(a), "=&r"(b) : "r"(p), "r"(i) : "memory");
    return a ^ b;
}

__attribute__((noinline)) static void stores(uint32_t *p)
{
    uint32_t q = (uint32_t)p + 16;
    __asm volatile("str.w %1, [%0, #-8]\n\t"
                   "strh %1, [%0, #2]!\n\t"
                   "strb %1, [%0], #1\n\t"
                   "strb.w %1, [%0, #5]\n\t"
                   "strt %1, [%0, #9]\n\t"
                   : "+r"(q) : "r"(0x8badf00du) : "memory");
}

__attribute__((noinline)) static uint32_t dual(uint32_t *p)
{
    uint32_t lo, hi;
    __asm volatile("strd %2, %3, [%4, #8]!\n\t"
                   "ldrd %0, %1, [%4], #-8\n\t" : "=&r"(lo), "=&r"(hi) : "r"(0x11111111u), "r"(0x22222222u), "r"(p) : "memory");
    return lo + hi;
}

__attribute__((noinline)) static uint32_t multiple(uint32_t *p)
{
    uint32_t s = 0;
    __asm volatile("mov r4, #4\n\tmov r5, #5\n\tmov r6, #6\n\tmov r8, #8\n\t"
                   "stmdb %1!, {r4-r6, r8}\n\t"
                   "ldmia.w %1!, {r5, r6, r8, r9}\n\t"
                   "push.w {r4-r6, r8, r9}\n\t"
                   "pop.w {r2, r3, r4, r5, r6}\n\t"
                   "add %0, r2, r3\n\tadd %0, %0, r4, lsl #4\n\tadd %0, %0, r9, lsl #8\n\tadd %0, %0, r6, lsl #12\n\t"
                   "str r9, [sp, #-4]!\n\tldr r2, [sp], #4\n\tadd %0, %0, r2, lsl #16\n\t"
                   : "+r"(s), "+r"(p) : : "r2", "r3", "r4", "r5", "r6", "r8", "r9", "memory");
    return s;
}

__attribute__((noinline)) static uint32_t exclusive(uint32_t *p)
{
    uint32_t v, st1, st2, st3;
    __asm volatile("ldrex %0, [%4]\n\t"
                   "add %0, %0, #1\n\t"
                   "strex %1, %0, [%4]\n\t"
                   "strex %2, %0, [%4]\n\t"   /* the monitor is clear now: fails */
                   "ldrexb %0, [%4]\n\t"
                   "clrex\n\t"
                   "strexb %3, %0, [%4]\n\t"  /* cleared by CLREX: fails */
                   : "=&r"(v), "=&r"(st1), "=&r"(st2), "=&r"(st3) : "r"(p) : "memory");
    uint32_t h, st4;
    __asm volatile("ldrexh %0, [%2]\n\tadd %0, %0, #2\n\tstrexh %1, %0, [%2]\n\t" : "=&r"(h), "=&r"(st4) : "r"(p) : "memory");
    return st1 | st2 << 1 | st3 << 2 | st4 << 3 | *p << 8;
}

__attribute__((noinline)) static int table(int i)
{
    switch (i) { /* dense: a table branch */
    case 0: return 11; case 1: return 23; case 2: return 37; case 3: return 41; case 4: return 59;
    case 5: return 61; case 6: return 73; case 7: return 89; case 8: return 97; case 9: return 101;
    default: return -1;
    }
}

__attribute__((noinline)) static uint32_t tbh(uint32_t i)
{
    uint32_t r;
    __asm volatile("tbh [pc, %1, lsl #1]\n\t"
                   ".hword (1f - .) / 2 + 0, (2f - .) / 2 + 1\n\t"
                   "1: mov %0, #100\n\tb 3f\n\t"
                   "2: mov %0, #200\n\t"
                   "3:\n\t" : "=r"(r) : "r"(i));
    return r;
}

struct __attribute__((packed)) pk { uint8_t c; uint32_t w; uint16_t h; };
static struct pk pks[4];

int main(void)
{
    for (unsigned i = 0; i < 64; i++) buf[i] = 0x01010101u * i + 0x80;
    CHECK_EQ(modes(&buf[4]), modes(&buf[4]));
    sh_puts("modes "); sh_puthex(modes(&buf[4])); sh_putc('\n');
    CHECK_EQ(regmode(buf, 3), buf[3] ^ (uint32_t)(int32_t)((int16_t *)buf)[3]);
    stores(&buf[16]);
    sh_puts("stores "); sh_puthex(buf[14]); sh_putc(' '); sh_puthex(buf[20]); sh_putc(' '); sh_puthex(buf[21]); sh_putc('\n');
    CHECK_EQ(dual(&buf[30]), 0x33333333u);
    CHECK_EQ(buf[32], 0x11111111u);
    sh_puts("multiple "); sh_puthex(multiple(&buf[40])); sh_putc('\n');
    buf[50] = 41;
    CHECK_EQ(exclusive(&buf[50]), 0x6 | (44u << 8));
    int t = 0;
    for (int i = -1; i < 11; i++) t = t * 7 + table(i);
    sh_puts("table "); sh_putdec(t); sh_putc('\n');
    CHECK_EQ(tbh(0), 100);
    CHECK_EQ(tbh(1), 200);
    uint32_t lit;
    __asm volatile("ldr.w %0, =0xcafef00d" : "=r"(lit)); CHECK_EQ(lit, 0xcafef00du);
    /* unaligned word and halfword accesses: allowed on ARMv7-M */
    for (unsigned i = 0; i < 4; i++) { pks[i].w = 0x10203040u * (i + 1); pks[i].h = (uint16_t)(0x1234 + i); }
    uint32_t u = 0;
    for (unsigned i = 0; i < 4; i++) u = u * 31 + pks[i].w + pks[i].h;
    sh_puts("unaligned "); sh_puthex(u); sh_putc('\n');
    return sh_failures;
}

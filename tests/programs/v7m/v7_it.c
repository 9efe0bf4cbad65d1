/* IT blocks: every condition, blocks of one to four instructions with then and else slots, flag-setting
 * 16-bit forms that set no flags inside a block, and the condition flags after it. */
#include "semihost.h"

/* r = a, then an IT block on the flags of cmp a, b */
__attribute__((noinline)) static uint32_t itt(uint32_t a, uint32_t b)
{
    uint32_t r = 0;
    __asm volatile("cmp %1, %2\n\t"
                   "itete gt\n\t"
                   "movgt %0, #1\n\t"
                   "movle %0, #2\n\t"
                   "addgt %0, %0, #16\n\t"
                   "addle %0, %0, #32\n\t"
                   : "+r"(r) : "r"(a), "r"(b) : "cc");
    return r;
}

/* inside a block ADDS is ADD: the flags stay those of the compare */
__attribute__((noinline)) static uint32_t flags_kept(uint32_t a)
{
    uint32_t r, f;
    __asm volatile("movs %0, #0\n\t"
                   "cmp %2, #0\n\t"
                   "ittt eq\n\t"
                   "addeq %0, %0, #1\n\t"
                   "subeq %0, %0, #2\n\t"
                   "lsleq %0, %0, #1\n\t"
                   "mrs %1, apsr\n\t"
                   : "=&l"(r), "=r"(f) : "l"(a) : "cc");
    return r ^ (f >> 28);
}

#define COND(cc, inv) \
    __attribute__((noinline)) static uint32_t c_##cc(uint32_t a, uint32_t b) \
    { \
        uint32_t r; \
        __asm volatile("cmp %1, %2\n\t" \
                       "ite " #cc "\n\t" \
                       "mov" #cc " %0, #1\n\t" \
                       "mov" #inv " %0, #0\n\t" : "=r"(r) : "r"(a), "r"(b) : "cc"); \
        return r; \
    }
COND(eq, ne) COND(ne, eq) COND(cs, cc) COND(cc, cs) COND(mi, pl) COND(pl, mi) COND(vs, vc) COND(vc, vs)
COND(hi, ls) COND(ls, hi) COND(ge, lt) COND(lt, ge) COND(gt, le) COND(le, gt)

int main(void)
{
    CHECK_EQ(itt(5, 3), 17);
    CHECK_EQ(itt(3, 5), 34);
    CHECK_EQ(itt(4, 4), 34);
    CHECK_EQ(flags_kept(0), 0xfffffffeu ^ 0x6);
    CHECK_EQ(flags_kept(1), 0 ^ 0x2);
    static const uint32_t vals[] = { 0, 1, 2, 0x7fffffff, 0x80000000u, 0xffffffffu };
    uint32_t mask = 0;
    for (unsigned i = 0; i < 6; i++)
        for (unsigned j = 0; j < 6; j++) {
            uint32_t a = vals[i], b = vals[j];
            int32_t sa = (int32_t)a, sb = (int32_t)b;
            int32_t d = (int32_t)(a - b);
            int v = ((sa < 0) != (sb < 0)) && ((d < 0) != (sa < 0));
            CHECK_EQ(c_eq(a, b), a == b);
            CHECK_EQ(c_ne(a, b), a != b);
            CHECK_EQ(c_cs(a, b), a >= b);
            CHECK_EQ(c_cc(a, b), a < b);
            CHECK_EQ(c_mi(a, b), d < 0);
            CHECK_EQ(c_pl(a, b), d >= 0);
            CHECK_EQ(c_vs(a, b), v);
            CHECK_EQ(c_vc(a, b), !v);
            CHECK_EQ(c_hi(a, b), a > b);
            CHECK_EQ(c_ls(a, b), a <= b);
            CHECK_EQ(c_ge(a, b), sa >= sb);
            CHECK_EQ(c_lt(a, b), sa < sb);
            CHECK_EQ(c_gt(a, b), sa > sb);
            CHECK_EQ(c_le(a, b), sa <= sb);
            mask = mask * 3 + c_gt(a, b) + c_hi(a, b);
        }
    sh_puts("mask "); sh_puthex(mask); sh_putc('\n');
    /* the compiler's conditional code: min/max/abs/clamp */
    int32_t s = 0;
    for (int32_t i = -500; i < 500; i += 7) {
        int32_t m = i < 0 ? -i : i;
        s += m > 100 ? 100 : m;
        s ^= (i & 1) ? i : s;
    }
    sh_puts("s "); sh_putdec(s); sh_putc('\n');
    return sh_failures;
}

/* Software division (ARMv6-M has no divide instruction): libgcc's __aeabi_uidiv/__aeabi_idiv and a
 * shift-subtract reference, over edge cases and pseudo-random operands. */
#include "semihost.h"

static uint32_t udiv_ref(uint32_t n, uint32_t d, uint32_t *rem)
{
    uint32_t q = 0, r = 0;
    for (int i = 31; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1);
        if (r >= d) {
            r -= d;
            q |= 1u << i;
        }
    }
    *rem = r;
    return q;
}

int main(void)
{
    static const uint32_t edge[][2] = { { 0, 1 }, { 1, 1 }, { 0xffffffff, 1 }, { 0xffffffff, 0xffffffff },
                                        { 0x80000000, 2 }, { 100, 7 }, { 7, 100 }, { 0xfffffffe, 0x7fffffff } };
    for (unsigned i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        volatile uint32_t n = edge[i][0], d = edge[i][1];
        uint32_t r, q = udiv_ref(n, d, &r);
        CHECK_EQ(n / d, q);
        CHECK_EQ(n % d, r);
    }
    volatile int32_t a = -100, b = 7;
    CHECK_EQ(a / b, (uint32_t)-14);
    CHECK_EQ(a % b, (uint32_t)-2);
    uint32_t x = 99991;
    for (int i = 0; i < 200; i++) {
        x = x * 1664525u + 1013904223u;
        volatile uint32_t n = x, d = (x >> 13) | 1;
        uint32_t r, q = udiv_ref(n, d, &r);
        CHECK_EQ(n / d, q);
        CHECK_EQ(n % d, r);
    }
    sh_printf("divide: %d failures\n", sh_failures);
    return sh_failures;
}

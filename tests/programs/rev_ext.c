/* REV, REV16, REVSH and the extends on values whose bytes' sign bits differ (a byte swap that ignores a lane or
 * sign-extends from the wrong bit shows), and on 0, -1, 0x80000000 and 0x7FFFFFFF. */
#include "semihost.h"

#define UNARY(name)                                                                                         \
    static uint32_t name##_(uint32_t x)                                                                     \
    {                                                                                                       \
        uint32_t r;                                                                                         \
        __asm volatile(#name " %0, %1" : "=l"(r) : "l"(x));                                                 \
        return r;                                                                                           \
    }
UNARY(rev)
UNARY(rev16)
UNARY(revsh)
UNARY(sxtb)
UNARY(sxth)
UNARY(uxtb)
UNARY(uxth)

/* a C reference for each */
static uint32_t ref_rev(uint32_t x) { return x << 24 | (x & 0xff00) << 8 | (x >> 8 & 0xff00) | x >> 24; }
static uint32_t ref_rev16(uint32_t x) { return (x & 0x00ff00ffu) << 8 | (x >> 8 & 0x00ff00ffu); }
static uint32_t ref_revsh(uint32_t x)
{
    uint32_t lo = (x & 0xff) << 8 | (x >> 8 & 0xff);
    return lo & 0x8000 ? lo | 0xffff0000u : lo;
}
static uint32_t ref_sxtb(uint32_t x) { return x & 0x80 ? (x & 0xff) | 0xffffff00u : x & 0xff; }
static uint32_t ref_sxth(uint32_t x) { return x & 0x8000 ? (x & 0xffff) | 0xffff0000u : x & 0xffff; }

static const uint32_t values[] = {
    0x807f7f80u, 0x7f80807fu, 0x12345678u, 0x80008000u, 0x00800080u, 0x0080ff7fu, 0xff7f0080u, 0x017f80feu,
    0x00000000u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x000000ffu, 0x0000ff00u, 0x00ff0000u, 0xff000000u,
};

int main(void)
{
    /* fixed points first: the byte order is spelled out */
    CHECK_EQ(rev_(0x11223384u), 0x84332211u);
    CHECK_EQ(rev16_(0x11223384u), 0x22118433u);
    CHECK_EQ(revsh_(0x11223384u), 0xffff8433u); /* bit 7 set, bit 15 clear: the result's sign is bit 7 */
    CHECK_EQ(revsh_(0x11228033u), 0x00003380u); /* bit 15 set, bit 7 clear: positive */
    CHECK_EQ(sxtb_(0x12345680u), 0xffffff80u);
    CHECK_EQ(sxth_(0x12348000u), 0xffff8000u);
    CHECK_EQ(uxtb_(0x123456f0u), 0xf0u);
    CHECK_EQ(uxth_(0x1234f000u), 0xf000u);
    uint32_t sum = 0;
    for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++) {
        uint32_t x = values[i];
        CHECK_EQ(rev_(x), ref_rev(x));
        CHECK_EQ(rev16_(x), ref_rev16(x));
        CHECK_EQ(revsh_(x), ref_revsh(x));
        CHECK_EQ(sxtb_(x), ref_sxtb(x));
        CHECK_EQ(sxth_(x), ref_sxth(x));
        CHECK_EQ(uxtb_(x), x & 0xff);
        CHECK_EQ(uxth_(x), x & 0xffff);
        sum += rev_(x) ^ rev16_(x) ^ revsh_(x) ^ sxtb_(x) ^ sxth_(x);
    }
    sh_printf("rev_ext: sum %x, %d failures\n", sum, sh_failures);
    return sh_failures;
}

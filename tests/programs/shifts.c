/* LSLS/LSRS/ASRS/RORS by register amounts 0, 1, 31, 32, 33, 255 and by immediates: results and carry. */
#include "ops.h"
#include "semihost.h"

OP2(lsl_r, "lsls %0, %2")
OP2(lsr_r, "lsrs %0, %2")
OP2(asr_r, "asrs %0, %2")
OP2(ror_r, "rors %0, %2")

#define N 8
#define Z 4
#define C 2

/* the carry before the shift: set by a compare so that "unchanged" is observable */
static uint32_t with_carry(uint32_t (*op)(uint32_t, uint32_t, uint32_t *), uint32_t a, uint32_t b, uint32_t *r)
{
    uint32_t x = 1;
    __asm volatile("cmp %0, %0" : : "l"(x) : "cc"); /* Z=1 C=1 */
    return op(a, b, r);
}

int main(void)
{
    uint32_t r;
    CHECK_EQ(with_carry(lsl_r, 0x80000001, 0, &r) & C, C); CHECK_EQ(r, 0x80000001); /* amount 0: C unchanged */
    CHECK_EQ(lsl_r(0x80000001, 1, &r), C); CHECK_EQ(r, 2);
    CHECK_EQ(lsl_r(3, 31, &r), N | C); CHECK_EQ(r, 0x80000000);
    CHECK_EQ(lsl_r(1, 32, &r), Z | C); CHECK_EQ(r, 0);
    CHECK_EQ(lsl_r(1, 33, &r), Z); CHECK_EQ(r, 0);
    CHECK_EQ(lsl_r(0xffffffff, 255, &r), Z); CHECK_EQ(r, 0);
    CHECK_EQ(lsl_r(1, 256, &r) & (N | Z), 0); CHECK_EQ(r, 1); /* only Rs[7:0] counts: 256 -> 0 */
    CHECK_EQ(lsr_r(3, 1, &r), C); CHECK_EQ(r, 1);
    CHECK_EQ(lsr_r(0x80000000, 31, &r), 0); CHECK_EQ(r, 1);
    CHECK_EQ(lsr_r(0x80000000, 32, &r), Z | C); CHECK_EQ(r, 0);
    CHECK_EQ(lsr_r(0x80000000, 33, &r), Z); CHECK_EQ(r, 0);
    CHECK_EQ(asr_r(0x80000000, 1, &r), N); CHECK_EQ(r, 0xc0000000);
    CHECK_EQ(asr_r(0x80000000, 32, &r), N | C); CHECK_EQ(r, 0xffffffff);
    CHECK_EQ(asr_r(0x40000000, 33, &r), Z); CHECK_EQ(r, 0);
    CHECK_EQ(asr_r(0x80000000, 255, &r), N | C); CHECK_EQ(r, 0xffffffff);
    CHECK_EQ(ror_r(1, 1, &r), N | C); CHECK_EQ(r, 0x80000000);
    CHECK_EQ(ror_r(0x80000000, 32, &r), N | C); CHECK_EQ(r, 0x80000000);
    CHECK_EQ(ror_r(0x12345678, 36, &r), N | C); CHECK_EQ(r, 0x81234567);
    CHECK_EQ(ror_r(0x12345678, 8, &r), 0); CHECK_EQ(r, 0x78123456);
    /* immediates */
    uint32_t x = 0x80000001, f;
    __asm volatile("lsls %0, %0, #1\n\tmrs %1, apsr" : "+l"(x), "=l"(f) : : "cc");
    CHECK_EQ(x, 2); CHECK_EQ(f >> 28, C);
    x = 0x80000000;
    __asm volatile("lsrs %0, %0, #32\n\tmrs %1, apsr" : "+l"(x), "=l"(f) : : "cc");
    CHECK_EQ(x, 0); CHECK_EQ(f >> 28, Z | C);
    x = 0x80000000;
    __asm volatile("asrs %0, %0, #32\n\tmrs %1, apsr" : "+l"(x), "=l"(f) : : "cc");
    CHECK_EQ(x, 0xffffffff); CHECK_EQ(f >> 28, N | C);
    x = 0xf0;
    __asm volatile("asrs %0, %0, #4\n\tmrs %1, apsr" : "+l"(x), "=l"(f) : : "cc");
    CHECK_EQ(x, 0xf); CHECK_EQ(f >> 28, 0);
    sh_printf("shifts: %d failures\n", sh_failures);
    return sh_failures;
}

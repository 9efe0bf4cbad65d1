/* ANDS/ORRS/EORS/BICS/MVNS/TST, MULS (C and V unchanged), SXTB/SXTH/UXTB/UXTH, REV/REV16/REVSH,
 * and the high-register MOV/ADD/CMP forms. */
#include "ops.h"
#include "semihost.h"

OP2(ands, "ands %0, %2")
OP2(orrs, "orrs %0, %2")
OP2(eors, "eors %0, %2")
OP2(bics, "bics %0, %2")
OP2(mvns, "mvns %0, %2")
OP2(tst_, "tst %0, %2")
OP2C(muls, "muls %0, %2, %0")

#define N 8
#define Z 4
#define C 2

int main(void)
{
    uint32_t r;
    CHECK_EQ(ands(0xf0f0f0f0, 0x0f0f0f0f, &r) & (N | Z), Z); CHECK_EQ(r, 0);
    CHECK_EQ(ands(0xf0000000, 0x80000001, &r) & (N | Z), N); CHECK_EQ(r, 0x80000000);
    CHECK_EQ(orrs(0x12340000, 0x5678, &r) & (N | Z), 0); CHECK_EQ(r, 0x12345678);
    CHECK_EQ(eors(0xffffffff, 0x0000ffff, &r) & (N | Z), N); CHECK_EQ(r, 0xffff0000);
    CHECK_EQ(bics(0xffffffff, 0x0000ffff, &r) & (N | Z), N); CHECK_EQ(r, 0xffff0000);
    CHECK_EQ(mvns(0, 0xffffffff, &r) & (N | Z), Z); CHECK_EQ(r, 0);
    CHECK_EQ(tst_(0x80, 0x7f, &r) & (N | Z), Z);
    /* MULS: N and Z from the result, C from before (set by cmp 1,1 / cleared by cmp 0,1) */
    CHECK_EQ(muls(6, 7, 1, &r), C); CHECK_EQ(r, 42);
    CHECK_EQ(muls(0x10000, 0x10000, 0, &r), Z); CHECK_EQ(r, 0);
    CHECK_EQ(muls(0xffffffff, 3, 1, &r), N | C); CHECK_EQ(r, 0xfffffffd);
    uint32_t x = 0x12345680, y;
    __asm volatile("sxtb %0, %1" : "=l"(y) : "l"(x)); CHECK_EQ(y, 0xffffff80);
    __asm volatile("sxth %0, %1" : "=l"(y) : "l"(x)); CHECK_EQ(y, 0x00005680);
    __asm volatile("uxtb %0, %1" : "=l"(y) : "l"(x)); CHECK_EQ(y, 0x80);
    x = 0x1234f680;
    __asm volatile("sxth %0, %1" : "=l"(y) : "l"(x)); CHECK_EQ(y, 0xfffff680);
    __asm volatile("uxth %0, %1" : "=l"(y) : "l"(x)); CHECK_EQ(y, 0xf680);
    __asm volatile("rev %0, %1" : "=l"(y) : "l"(x)); CHECK_EQ(y, 0x80f63412);
    __asm volatile("rev16 %0, %1" : "=l"(y) : "l"(x)); CHECK_EQ(y, 0x341280f6);
    __asm volatile("revsh %0, %1" : "=l"(y) : "l"(x)); CHECK_EQ(y, 0xffff80f6);
    /* high registers */
    uint32_t a = 100, b;
    __asm volatile("mov r8, %1\n\tadd r8, r8\n\tmov %0, r8" : "=l"(b) : "l"(a) : "r8"); CHECK_EQ(b, 200);
    uint32_t f;
    __asm volatile("mov r9, %1\n\tcmp r9, %2\n\tmrs %0, apsr" : "=l"(f) : "l"(a), "l"(b) : "r9", "cc");
    CHECK_EQ(f >> 28, N);
    __asm volatile("mov r10, sp\n\tmov %0, r10\n\tmov r11, %0\n\tmov %0, r11" : "=l"(b) : : "r10", "r11");
    uint32_t sp;
    __asm volatile("mov %0, sp" : "=l"(sp));
    CHECK_EQ(b, sp);
    sh_printf("logic_mul_ext: %d failures\n", sh_failures);
    return sh_failures;
}

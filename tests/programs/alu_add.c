/* ADDS/ADCS/SUBS/SBCS/RSBS(NEGS)/CMP/CMN: results and NZCV at the carry and overflow edges. */
#include "ops.h"
#include "semihost.h"

OP2(adds, "adds %0, %0, %2")
OP2(subs, "subs %0, %0, %2")
OP2(cmp_, "cmp %0, %2")
OP2(cmn_, "cmn %0, %2")
OP2(negs, "negs %0, %2")
OP2C(adcs, "adcs %0, %2")
OP2C(sbcs, "sbcs %0, %2")

#define N 8
#define Z 4
#define C 2
#define V 1

int main(void)
{
    uint32_t r;
    CHECK_EQ(adds(1, 2, &r), 0); CHECK_EQ(r, 3);
    CHECK_EQ(adds(0xffffffff, 1, &r), Z | C); CHECK_EQ(r, 0);
    CHECK_EQ(adds(0x7fffffff, 1, &r), N | V); CHECK_EQ(r, 0x80000000);
    CHECK_EQ(adds(0x80000000, 0x80000000, &r), Z | C | V); CHECK_EQ(r, 0);
    CHECK_EQ(adds(0xfffffffe, 1, &r), N); CHECK_EQ(r, 0xffffffff);
    CHECK_EQ(subs(5, 3, &r), C); CHECK_EQ(r, 2);
    CHECK_EQ(subs(3, 5, &r), N); CHECK_EQ(r, 0xfffffffe);
    CHECK_EQ(subs(7, 7, &r), Z | C); CHECK_EQ(r, 0);
    CHECK_EQ(subs(0x80000000, 1, &r), C | V); CHECK_EQ(r, 0x7fffffff);
    CHECK_EQ(subs(0x7fffffff, 0xffffffff, &r), N | V); CHECK_EQ(r, 0x80000000);
    CHECK_EQ(cmp_(0, 0, &r), Z | C);
    CHECK_EQ(cmp_(0, 1, &r), N);
    CHECK_EQ(cmn_(0xffffffff, 1, &r), Z | C);
    CHECK_EQ(cmn_(0x7fffffff, 1, &r), N | V);
    CHECK_EQ(negs(0, 0, &r), Z | C); CHECK_EQ(r, 0);
    CHECK_EQ(negs(0, 1, &r), N); CHECK_EQ(r, 0xffffffff);
    CHECK_EQ(negs(0, 0x80000000, &r), N | V); CHECK_EQ(r, 0x80000000);
    /* carry in: cmp c_in, 1 sets C when c_in >= 1 */
    CHECK_EQ(adcs(1, 1, 1, &r), 0); CHECK_EQ(r, 3);
    CHECK_EQ(adcs(1, 1, 0, &r), 0); CHECK_EQ(r, 2);
    CHECK_EQ(adcs(0xffffffff, 0, 1, &r), Z | C); CHECK_EQ(r, 0);
    CHECK_EQ(adcs(0x7fffffff, 0, 1, &r), N | V); CHECK_EQ(r, 0x80000000);
    CHECK_EQ(adcs(0xffffffff, 0xffffffff, 1, &r), N | C); CHECK_EQ(r, 0xffffffff);
    CHECK_EQ(sbcs(5, 3, 1, &r), C); CHECK_EQ(r, 2);
    CHECK_EQ(sbcs(5, 3, 0, &r), C); CHECK_EQ(r, 1);
    CHECK_EQ(sbcs(0, 0, 0, &r), N); CHECK_EQ(r, 0xffffffff);
    CHECK_EQ(sbcs(0x80000000, 0, 0, &r), C | V); CHECK_EQ(r, 0x7fffffff);
    CHECK_EQ(sbcs(0, 0xffffffff, 1, &r), 0); CHECK_EQ(r, 1);
    sh_printf("alu_add: %d failures\n", sh_failures);
    return sh_failures;
}

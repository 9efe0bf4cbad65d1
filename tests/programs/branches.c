/* Every branch kind: B<cond> for all 14 conditions taken and not taken, B, BL, BX, BLX, POP {pc},
 * MOV pc, ADD pc. */
#include "semihost.h"

/* Runs b<cond> after setting the flags with cmp a, b: returns 1 when the branch was taken. */
#define COND_TEST(cc)                                                                                      \
    static int b##cc(uint32_t a, uint32_t b)                                                               \
    {                                                                                                      \
        int t;                                                                                             \
        __asm volatile("movs %0, #1\n\tcmp %1, %2\n\tb" #cc " 1f\n\tmovs %0, #0\n1:" : "=&l"(t) : "l"(a), "l"(b) : "cc"); \
        return t;                                                                                          \
    }
COND_TEST(eq) COND_TEST(ne) COND_TEST(cs) COND_TEST(cc) COND_TEST(mi) COND_TEST(pl) COND_TEST(vs)
COND_TEST(vc) COND_TEST(hi) COND_TEST(ls) COND_TEST(ge) COND_TEST(lt) COND_TEST(gt) COND_TEST(le)

static int __attribute__((noinline)) twice(int x) { return 2 * x; }

int main(void)
{
    CHECK_EQ(beq(1, 1), 1); CHECK_EQ(beq(1, 2), 0);
    CHECK_EQ(bne(1, 2), 1); CHECK_EQ(bne(2, 2), 0);
    CHECK_EQ(bcs(2, 1), 1); CHECK_EQ(bcs(1, 2), 0);
    CHECK_EQ(bcc(1, 2), 1); CHECK_EQ(bcc(2, 2), 0);
    CHECK_EQ(bmi(1, 2), 1); CHECK_EQ(bmi(2, 1), 0);
    CHECK_EQ(bpl(2, 1), 1); CHECK_EQ(bpl(1, 2), 0);
    CHECK_EQ(bvs(0x80000000, 1), 1); CHECK_EQ(bvs(1, 1), 0);
    CHECK_EQ(bvc(1, 1), 1); CHECK_EQ(bvc(0x80000000, 1), 0);
    CHECK_EQ(bhi(3, 2), 1); CHECK_EQ(bhi(2, 2), 0);
    CHECK_EQ(bls(2, 2), 1); CHECK_EQ(bls(3, 2), 0);
    CHECK_EQ(bge(0, 0xffffffff), 1); CHECK_EQ(bge(0xffffffff, 0), 0);
    CHECK_EQ(blt(0xffffffff, 0), 1); CHECK_EQ(blt(0, 0), 0);
    CHECK_EQ(bgt(1, 0), 1); CHECK_EQ(bgt(0, 0), 0);
    CHECK_EQ(ble(0, 0), 1); CHECK_EQ(ble(1, 0), 0);
    /* BL, BX, BLX */
    CHECK_EQ(twice(21), 42);
    int (*fp)(int) = twice;
    CHECK_EQ(fp(5), 10); /* blx */
    uint32_t r;
    __asm volatile("adr r1, 1f\n\tadds r1, #1\n\tmovs %0, #0\n\tbx r1\n\tmovs %0, #9\n\t.align 2\n1:\tadds %0, #3"
                   : "=&l"(r) : : "r1", "cc");
    CHECK_EQ(r, 3);
    /* MOV pc and ADD pc skip the instruction after them */
    __asm volatile("movs %0, #0\n\tadr r1, 1f\n\tmov pc, r1\n\tmovs %0, #7\n\t.align 2\n1:\tadds %0, #1"
                   : "=&l"(r) : : "r1", "cc");
    CHECK_EQ(r, 1);
    __asm volatile("movs %0, #0\n\tmovs r1, #0\n\tadd pc, r1\n\tmovs %0, #5\n\tmovs %0, #6\n\tadds %0, #1\n\tnop"
                   : "=&l"(r) : : "r1", "cc");
    CHECK_EQ(r, 7);
    /* POP {pc} */
    __asm volatile("movs %0, #0\n\tadr r1, 1f\n\tadds r1, #1\n\tpush {r1}\n\tpop {pc}\n\tmovs %0, #4\n\t.align 2\n1:\tadds %0, #2"
                   : "=&l"(r) : : "r1", "cc", "memory");
    CHECK_EQ(r, 2);
    sh_printf("branches: %d failures\n", sh_failures);
    return sh_failures;
}

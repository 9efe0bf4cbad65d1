/* LDMIA/STMIA with and without write-back, PUSH/POP of low registers and LR/PC. */
#include "semihost.h"

static uint32_t mem[8];

static int __attribute__((noinline)) leaf(int x) { return x * 3 + 1; }

int main(void)
{
    uint32_t *p = mem, *q;
    uint32_t a = 1, b2 = 2, c3 = 3;
    __asm volatile("mov r4, %1\n\tmov r5, %2\n\tmov r6, %3\n\tmov r7, %0\n\tstmia r7!, {r4, r5, r6}\n\tmov %0, r7"
                   : "+l"(p) : "l"(a), "l"(b2), "l"(c3) : "r4", "r5", "r6", "r7", "memory");
    CHECK_EQ(p - mem, 3);
    CHECK_EQ(mem[0], 1); CHECK_EQ(mem[1], 2); CHECK_EQ(mem[2], 3);
    uint32_t x, y, z;
    q = mem;
    __asm volatile("mov r3, %3\n\tldmia r3!, {r0, r1, r2}\n\tmov %0, r0\n\tmov %1, r1\n\tmov %2, r2\n\tmov %3, r3"
                   : "=l"(x), "=l"(y), "=l"(z), "+l"(q) : : "r0", "r1", "r2", "r3");
    CHECK_EQ(x, 1); CHECK_EQ(y, 2); CHECK_EQ(z, 3); CHECK_EQ(q - mem, 3);
    /* base in the list: no write-back, the base gets the loaded value */
    mem[4] = 0x55;
    q = mem + 3;
    mem[3] = 0x44;
    __asm volatile("mov r2, %1\n\tldmia r2, {r1, r2}\n\tmov %0, r2" : "=l"(x) : "l"(q) : "r1", "r2");
    CHECK_EQ(x, 0x55);
    uint32_t s0, s1;
    __asm volatile("mov %0, sp\n\tpush {r4, r5, r6, r7, lr}\n\tpop {r4, r5, r6, r7}\n\tpop {r3}\n\tmov %1, sp"
                   : "=l"(s0), "=l"(s1) : : "r3", "r4", "r5", "r6", "r7", "memory");
    CHECK_EQ(s0, s1);
    CHECK_EQ(leaf(4), 13);
    sh_printf("ldm_stm: %d failures\n", sh_failures);
    return sh_failures;
}

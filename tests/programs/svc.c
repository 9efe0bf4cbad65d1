/* SVC: the handler reads the SVC number from the stacked PC and the arguments from the stacked r0-r3, and
 * returns a value through the stacked r0. */
#include "semihost.h"

static volatile int calls;

__attribute__((naked)) void svc_handler(void)
{
    __asm volatile("mov r0, sp\n\tldr r1, =svc_body\n\tbx r1");
}

void svc_body(uint32_t *frame)
{
    uint16_t insn = *(uint16_t *)(frame[6] - 2);
    uint32_t n = insn & 0xff;
    calls++;
    if (n == 1) frame[0] = frame[0] + frame[1];
    else if (n == 2) frame[0] = frame[0] * frame[1] + frame[2] + frame[3];
}

static uint32_t svc1(uint32_t a, uint32_t b)
{
    register uint32_t r0 __asm("r0") = a;
    register uint32_t r1 __asm("r1") = b;
    __asm volatile("svc 1" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

static uint32_t svc2(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    register uint32_t r0 __asm("r0") = a;
    register uint32_t r1 __asm("r1") = b;
    register uint32_t r2 __asm("r2") = c;
    register uint32_t r3 __asm("r3") = d;
    __asm volatile("svc 2" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r3) : "memory");
    return r0;
}

int main(void)
{
    CHECK_EQ(svc1(40, 2), 42);
    CHECK_EQ(svc2(6, 7, 100, 1000), 1142);
    /* an odd stack pointer forces the 8-byte realignment of the frame (xPSR bit 9) */
    uint32_t r;
    __asm volatile("sub sp, #4\n\tmovs r0, #5\n\tmovs r1, #6\n\tsvc 1\n\tmov %0, r0\n\tadd sp, #4"
                   : "=l"(r) : : "r0", "r1", "r2", "r3", "memory");
    CHECK_EQ(r, 11);
    CHECK_EQ(calls, 3);
    sh_printf("svc: %d failures\n", sh_failures);
    return sh_failures;
}

/* Thread mode on the process stack: CONTROL.SPSEL, MSP/PSP through MSR/MRS, an SVC taken from PSP returns to
 * PSP (EXC_RETURN 0xFFFFFFFD), then back to MSP. */
#include "semihost.h"

static uint32_t process_stack[64] __attribute__((aligned(8)));
static volatile uint32_t seen_lr, seen_msp_in_handler;

__attribute__((naked)) void svc_handler(void)
{
    __asm volatile("mov r0, lr\n\tldr r1, =seen_lr\n\tstr r0, [r1]\n\t"
                   "mrs r0, msp\n\tldr r1, =seen_msp_in_handler\n\tstr r0, [r1]\n\tbx lr");
}

int main(void)
{
    uint32_t msp, psp, control, sp;
    __asm volatile("mrs %0, msp" : "=l"(msp));
    uint32_t top = (uint32_t)&process_stack[64];
    __asm volatile("msr psp, %0" : : "l"(top));
    __asm volatile("movs r0, #2\n\tmsr control, r0\n\tisb" ::: "r0", "memory");
    __asm volatile("mrs %0, control" : "=l"(control));
    CHECK_EQ(control, 2);
    __asm volatile("mov %0, sp" : "=l"(sp));
    CHECK_EQ(sp, top);
    __asm volatile("svc 0" ::: "memory");
    CHECK_EQ(seen_lr, 0xfffffffd);
    CHECK_EQ(seen_msp_in_handler, msp);
    __asm volatile("mrs %0, psp" : "=l"(psp));
    CHECK_EQ(psp, top);
    __asm volatile("movs r0, #0\n\tmsr control, r0\n\tisb" ::: "r0", "memory");
    __asm volatile("mov %0, sp" : "=l"(sp));
    CHECK_EQ(sp, msp);
    __asm volatile("svc 0" ::: "memory");
    CHECK_EQ(seen_lr, 0xfffffff9);
    sh_printf("psp: %d failures\n", sh_failures);
    return sh_failures;
}

/* Exception return is BX or POP {pc} only: a BLX to an EXC_RETURN value in a handler is an ordinary interworking
 * branch (BLXWritePC) to 0xFFFFFFF8, whose fetch is a bus error. The HardFault handler sees that PC stacked,
 * with the BLX's return address in the stacked LR, and resumes the SVCall handler there. */
#include "semihost.h"

static volatile uint32_t hf_pc, hf_lr, hf_ipsr;
volatile uint32_t svc_resumed;

__attribute__((naked)) void hardfault_handler(void)
{
    __asm volatile("mov r0, sp\n\tldr r1, =hardfault_body\n\tbx r1");
}

void hardfault_body(uint32_t *frame)
{
    hf_pc = frame[6];
    hf_lr = frame[5];
    hf_ipsr = frame[7] & 0x3f;
    frame[6] = frame[5] & ~1u; /* resume after the BLX */
}

__attribute__((naked)) void svc_handler(void)
{
    __asm volatile("push {r4, lr}\n\t"
                   "ldr r0, =0xfffffff9\n\t"
                   "blx r0\n\t" /* a branch, not an exception return */
                   "ldr r1, =svc_resumed\n\t"
                   "movs r0, #1\n\t"
                   "str r0, [r1]\n\t"
                   "pop {r4, pc}"); /* the exception return */
}

int main(void)
{
    __asm volatile("svc #0" ::: "memory");
    CHECK_EQ(svc_resumed, 1);
    CHECK_EQ(hf_pc, 0xfffffff8u);
    CHECK_EQ(hf_ipsr, 11); /* the fault was taken in the SVCall handler */
    CHECK_EQ(hf_lr & 1, 1);
    CHECK_EQ(hf_lr - 1 > (uint32_t)(uintptr_t)&svc_handler, 1);
    sh_printf("blx_handler: %d failures\n", sh_failures);
    return sh_failures;
}

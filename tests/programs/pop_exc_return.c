/* Exception returns by POP with a full register list, from the process and the main stack and between handlers:
 * POP {r0-r7, pc} loads eight registers and the stack pointer, then the return restores r0-r3, r12, lr, the stack
 * pointer and xPSR from the frame. The handlers change r4-r7 and put them back through the POP; the thread
 * checks that its registers, its stack and its mode came back. */
#include "semihost.h"
#include "sysregs.h"

static uint32_t process_stack[64] __attribute__((aligned(8)));
static volatile uint32_t pendsv_entries, svc_entries;

/* PendSV: its LR and r0-r7 saved, r4-r7 overwritten, SVCall pended and taken at once (a nested return by the
 * same POP, EXC_RETURN 0xFFFFFFF1), then the POP of all of them returns */
__attribute__((naked)) void pendsv_handler(void)
{
    __asm volatile("push {r0-r7, lr}\n\tldr r0, =pendsv_entries\n\tldr r1, [r0]\n\tadds r1, #1\n\tstr r1, [r0]\n\t"
                   "movs r4, #0\n\tmovs r5, #0\n\tmovs r6, #0\n\tmovs r7, #0\n\tsvc #1\n\tpop {r0-r7, pc}\n\t.ltorg");
}

__attribute__((naked)) void svc_handler(void)
{
    __asm volatile("push {r0-r7, lr}\n\tldr r0, =svc_entries\n\tldr r1, [r0]\n\tadds r1, #1\n\tstr r1, [r0]\n\t"
                   "movs r3, #0\n\tmovs r7, #0\n\tpop {r0-r7, pc}\n\t.ltorg");
}

/* PendSV pended with r0-r7 holding known values; pop_after[] gets r1-r7 and r0 as they are after it */
uint32_t pop_after[8]; /* global: the asm names it */
static void pend_and_keep(void)
{
    __asm volatile("push {r4-r7}\n\tmovs r2, #3\n\tmovs r3, #4\n\tmovs r4, #5\n\tmovs r5, #6\n\tmovs r6, #7\n\t"
                   "movs r7, #8\n\tldr r0, =0xE000ED04\n\tldr r1, =0x10000000\n\tstr r1, [r0]\n\tdsb\n\tisb\n\t"
                   "mov r12, r0\n\tldr r0, =pop_after\n\tstm r0!, {r1-r7}\n\tmov r1, r12\n\tstr r1, [r0]\n\t"
                   "pop {r4-r7}\n\tb 1f\n\t.ltorg\n1:"
                   : : : "r0", "r1", "r2", "r3", "r12", "memory", "cc");
}

static void check_after(void)
{
    static const uint32_t want[8] = { 0x10000000, 3, 4, 5, 6, 7, 8, 0xE000ED04 };
    for (int i = 0; i < 8; i++) CHECK_EQ(pop_after[i], want[i]);
}

int main(void)
{
    uint32_t control, sp, top = (uint32_t)&process_stack[64];
    SHPR3 = 0x00c00000; /* PendSV at the lowest priority: SVCall (0) preempts it */
    pend_and_keep(); /* from Thread mode on MSP */
    check_after();
    CHECK_EQ(pendsv_entries, 1);
    CHECK_EQ(svc_entries, 1);
    __asm volatile("msr psp, %0\n\tmovs r0, #2\n\tmsr control, r0\n\tisb" : : "l"(top) : "r0", "memory");
    pend_and_keep(); /* from Thread mode on PSP */
    check_after();
    __asm volatile("mrs %0, control\n\tmov %1, sp" : "=l"(control), "=l"(sp));
    CHECK_EQ(control, 2);
    CHECK_EQ(sp, top);
    __asm volatile("movs r0, #0\n\tmsr control, r0\n\tisb" ::: "r0", "memory");
    CHECK_EQ(pendsv_entries, 2);
    CHECK_EQ(svc_entries, 2);
    sh_printf("pop_exc_return: %d failures\n", sh_failures);
    return sh_failures;
}

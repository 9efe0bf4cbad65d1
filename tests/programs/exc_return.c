/* Exception return by POP {.., pc} (not only BX lr) for every EXC_RETURN value, nested and same-priority
 * exceptions, and stack realignment on entry (SP aligned down to 8, stacked xPSR bit 9, SP restored on return):
 * - SVC from thread on MSP with SP = 4 mod 8 and 0 mod 8, return by POP {r4, pc} (EXC_RETURN 0xFFFFFFF9);
 * - SVC from thread on PSP, both alignments, return by POP {r4-r7, pc} (0xFFFFFFFD), back on PSP;
 * - PendSV (lowest priority) pends IRQ0 (higher) with its SP = 4 mod 8: IRQ0 preempts with a realigned frame,
 *   EXC_RETURN 0xFFFFFFF1, and its POP {pc} returns to the PendSV handler; IRQ1 (IRQ0's priority) pended in IRQ0
 *   waits for IRQ0's return (equal priority does not preempt), then preempts PendSV (0xFFFFFFF1);
 * - two pending IRQs of the same priority: the lower number first;
 * - an exception return by BX lr as the first instruction after a nested handler's POP {pc} returned to it. */
#include "semihost.h"
#include "sysregs.h"

static void sync(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }

/* what each handler saw: EXC_RETURN, the stacked xPSR, the frame address, IPSR */
struct seen { uint32_t exc_return, xpsr, frame, ipsr; };
volatile struct seen svc_seen, pendsv_seen, irq0_seen, irq1_seen, irq2_seen;
volatile uint32_t order[16];
volatile int n_order;

void record(volatile struct seen *s, uint32_t *frame, uint32_t exc_return)
{
    uint32_t ipsr;
    __asm volatile("mrs %0, ipsr" : "=r"(ipsr));
    s->exc_return = exc_return;
    s->xpsr = frame[7];
    s->frame = (uint32_t)frame;
    s->ipsr = ipsr;
    order[n_order++] = ipsr;
}

/* SVCall: the frame is on the stack EXC_RETURN names (PSP for 0xFFFFFFFD); return by POP {r4-r7, pc} */
__attribute__((naked)) void svc_handler(void)
{
    __asm volatile("push {r4-r7, lr}\n\t"
                   "mov r1, lr\n\t"
                   "mrs r0, msp\n\t"
                   "adds r0, #20\n\t"      /* above the five pushed words */
                   "lsls r2, r1, #29\n\t"  /* EXC_RETURN bit 2: the frame is on PSP */
                   "bpl 1f\n\t"
                   "mrs r0, psp\n"
                   "1:\tldr r2, =svc_seen\n\t"
                   "mov r3, r0\n\t"
                   "mov r0, r2\n\t"
                   "mov r2, r1\n\t"
                   "mov r1, r3\n\t"
                   "bl record\n\t"
                   "movs r4, #0x44\n\t"    /* callee-saved: must come back from the POP */
                   "pop {r4-r7, pc}");
}

/* PendSV, lowest priority: pends IRQ0 (preempts) with SP = 4 mod 8 (the handler's SP is 8-aligned after its
 * entry and the push of two words) */
__attribute__((naked)) void pendsv_handler(void)
{
    __asm volatile("push {r4, lr}\n\t"
                   "mov r2, lr\n\t"
                   "mrs r1, msp\n\t"
                   "adds r1, #8\n\t"
                   "ldr r0, =pendsv_seen\n\t"
                   "bl record\n\t"
                   "sub sp, #4\n\t"
                   "ldr r0, =0xE000E200\n\t" /* ISPR: IRQ0 (0x40) preempts PendSV (0xC0) */
                   "movs r1, #1\n\t"
                   "str r1, [r0]\n\t"
                   "dsb\n\t"
                   "isb\n\t"
                   "add sp, #4\n\t"
                   "bl pendsv_after\n\t"
                   "pop {r4, pc}");
}

void pendsv_after(void) { order[n_order++] = 0x99; /* back in PendSV after IRQ0 and IRQ1 */ }

__attribute__((naked)) void irq0_handler(void)
{
    __asm volatile("push {r4, lr}\n\t"
                   "mov r2, lr\n\t"
                   "mrs r1, msp\n\t"
                   "adds r1, #8\n\t"
                   "ldr r0, =irq0_seen\n\t"
                   "bl record\n\t"
                   "bl irq0_body\n\t"
                   "pop {r4, pc}");
}

void irq0_body(void)
{
    ISPR = 1u << 1; /* IRQ1 has IRQ0's priority: waits for IRQ0's return */
    sync();
    order[n_order++] = 0x88;
}

__attribute__((naked)) void irq1_handler(void)
{
    __asm volatile("push {r3, r4, r5, lr}\n\t"
                   "mov r2, lr\n\t"
                   "mrs r1, msp\n\t"
                   "adds r1, #16\n\t"
                   "ldr r0, =irq1_seen\n\t"
                   "bl record\n\t"
                   "pop {r3, r4, r5, pc}");
}

__attribute__((naked)) void irq2_handler(void)
{
    __asm volatile("push {r4, lr}\n\t"
                   "mov r2, lr\n\t"
                   "mrs r1, msp\n\t"
                   "adds r1, #8\n\t"
                   "ldr r0, =irq2_seen\n\t"
                   "bl record\n\t"
                   "pop {r4, pc}");
}

/* IRQ3 pends NMI and returns by BX lr as the next instruction: the NMI (taken at the boundary after the store,
 * model/ARCHITECTURE.md) returns by POP {pc} straight to that BX, an exception return whose frame is IRQ3's,
 * not where the NMI handler's POP left its SP. (QEMU may take the NMI a little later: the checks still hold.) */
__attribute__((naked)) void irq3_handler(void)
{
    __asm volatile("ldr r0, =0xE000ED04\n\t" /* ICSR NMIPENDSET */
                   "ldr r1, =0x80000000\n\t"
                   "str r1, [r0]\n\t"
                   "bx lr");
}

volatile uint32_t nmi_count;
__attribute__((naked)) void nmi_handler(void)
{
    __asm volatile("push {r4, lr}\n\t"
                   "ldr r0, =nmi_count\n\t"
                   "ldr r1, [r0]\n\t"
                   "adds r1, #1\n\t"
                   "str r1, [r0]\n\t"
                   "pop {r4, pc}");
}

/* SVC with SP lowered by `pad` bytes (0 or 4); returns SP before and after, and r4 as the handler left it */
static void svc_padded(int pad, uint32_t *sp_before, uint32_t *sp_after, uint32_t *r4_after)
{
    uint32_t b, a, r4v;
    if (pad)
        __asm volatile("movs r4, #0x11\n\tsub sp, #4\n\tmov %0, sp\n\tsvc 1\n\tmov %1, sp\n\tadd sp, #4\n\tmov %2, r4"
                       : "=&l"(b), "=&l"(a), "=&l"(r4v) : : "r4", "memory");
    else
        __asm volatile("movs r4, #0x11\n\tmov %0, sp\n\tsvc 1\n\tmov %1, sp\n\tmov %2, r4"
                       : "=&l"(b), "=&l"(a), "=&l"(r4v) : : "r4", "memory");
    *sp_before = b;
    *sp_after = a;
    *r4_after = r4v;
}

static uint32_t process_stack[64] __attribute__((aligned(8)));

int main(void)
{
    uint32_t before, after, r4v;
    /* thread on MSP, both alignments */
    for (int pad = 0; pad < 8; pad += 4) {
        svc_padded(pad, &before, &after, &r4v);
        int realigned = (before & 4) != 0;
        CHECK_EQ(svc_seen.exc_return, 0xfffffff9u);
        CHECK_EQ(svc_seen.ipsr, 11);
        CHECK_EQ(svc_seen.frame, (before - 32) & ~7u);
        CHECK_EQ((svc_seen.xpsr >> 9) & 1, realigned);
        CHECK_EQ(after, before);
        CHECK_EQ(r4v, 0x11); /* the POP restored the caller's r4 */
    }
    /* thread on PSP: the frame on PSP, EXC_RETURN 0xFFFFFFFD, back on PSP with the same SP */
    for (int pad = 0; pad < 8; pad += 4) {
        uint32_t top = (uint32_t)&process_stack[64] - (uint32_t)pad, control, psp;
        __asm volatile("msr psp, %0\n\tmovs r0, #2\n\tmsr control, r0\n\tisb" : : "l"(top) : "r0", "memory");
        __asm volatile("svc 2" ::: "memory");
        __asm volatile("mrs %0, control\n\tmrs %1, psp" : "=l"(control), "=l"(psp));
        __asm volatile("movs r0, #0\n\tmsr control, r0\n\tisb" ::: "r0", "memory");
        CHECK_EQ(control, 2);
        CHECK_EQ(psp, top);
        CHECK_EQ(svc_seen.exc_return, 0xfffffffdu);
        CHECK_EQ(svc_seen.frame, (top - 32) & ~7u);
        CHECK_EQ((svc_seen.xpsr >> 9) & 1, pad != 0);
    }

    /* nesting: PendSV 0xC0 -> IRQ0 0x40 (preempts) -> IRQ1 0x40 (waits for IRQ0's return) */
    SHPR3 = 0xC0u << 16;
    IPR0 = (0x40u << 0) | (0x40u << 8) | (0x40u << 16);
    ISER = 0xf;
    n_order = 0;
    ICSR = 1u << 28; /* PENDSVSET */
    sync();
    static const uint32_t want[] = { 14, 16, 0x88, 17, 0x99 };
    CHECK_EQ(n_order, 5);
    for (int i = 0; i < 5; i++) CHECK_EQ(order[i], want[i]);
    CHECK_EQ(pendsv_seen.exc_return, 0xfffffff9u);
    CHECK_EQ(irq0_seen.exc_return, 0xfffffff1u);
    CHECK_EQ(irq1_seen.exc_return, 0xfffffff1u);
    CHECK_EQ(irq0_seen.xpsr & 0x3f, 14);  /* IRQ0 preempted the PendSV handler */
    CHECK_EQ(irq1_seen.xpsr & 0x3f, 14);  /* IRQ1 too, after IRQ0 had returned */
    CHECK_EQ((irq0_seen.xpsr >> 9) & 1, 1); /* realigned in handler mode */
    CHECK_EQ(irq0_seen.frame % 8, 0);
    CHECK_EQ(irq0_seen.frame, pendsv_seen.frame - 8 - 4 - 4 - 32); /* below PendSV's push, pad and realignment */

    /* the same priority pending together: the lower exception number first */
    n_order = 0;
    __asm volatile("cpsid i" ::: "memory");
    ISPR = (1u << 2) | (1u << 1);
    sync();
    __asm volatile("cpsie i" ::: "memory");
    sync();
    CHECK_EQ(n_order, 2);
    CHECK_EQ(order[0], 17);
    CHECK_EQ(order[1], 18);

    /* IRQ3's BX lr right after the NMI handler's POP {pc} returned to it: back here with the registers intact */
    uint32_t sp0, sp1;
    __asm volatile("mov %0, sp" : "=l"(sp0));
    __asm volatile("movs r4, #0x5a\n\tldr r0, =0xE000E200\n\tmovs r1, #8\n\tstr r1, [r0]\n\tdsb\n\tisb\n\tmov %0, r4"
                   : "=l"(r4v) : : "r0", "r1", "r4", "memory");
    __asm volatile("mov %0, sp" : "=l"(sp1));
    CHECK_EQ(nmi_count, 1);
    CHECK_EQ(sp1, sp0);
    CHECK_EQ(r4v, 0x5a);
    sh_printf("exc_return: %d failures\n", sh_failures);
    return sh_failures;
}

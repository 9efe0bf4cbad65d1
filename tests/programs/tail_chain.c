/* Several exceptions pending at once, returns by BX and by POP {pc}, to thread and to handler, on MSP and PSP;
 * a SysTick that becomes pending as an exception return executes. Written so that the output is the same
 * whether the processor tail-chains and takes late arrivals or not (model/ARCHITECTURE.md, "Tail-chaining and
 * late arrival"): the handlers run in the same order and see the same EXC_RETURN and frame address either way;
 * the goldens differ (golden/tail_chain.tarmac.gz, golden/tail_chain.tc.tarmac.gz).
 * - SVC (0x00) pends IRQ0 (0x40), SysTick (0x80) and PendSV (0xC0): on its return by BX they follow in priority
 *   order, each returning by POP {pc} or BX to thread, all on the SVC's frame (EXC_RETURN 0xFFFFFFF9);
 * - IRQ2 (0xC0) is preempted by IRQ1 (0x00), which pends IRQ0 (0x40) and IRQ3 (0xC0): IRQ0 follows IRQ1 on the
 *   way back to IRQ2 (0xFFFFFFF1); IRQ3 waits for IRQ2's return to thread;
 * - thread on PSP: SVC pends PendSV, which returns to thread on PSP (0xFFFFFFFD);
 * - NMI pends PendSV and starts SysTick so that it pends SysTick as the NMI's exception return executes: SysTick
 *   (higher than PendSV) runs first.
 * The MTB is on throughout: the packets of each return and entry are checked in lockstep. */
#include "semihost.h"
#include "sysregs.h"

static void sync(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }

volatile uint32_t order[16];
volatile int n_order;
volatile uint32_t seen_lr[48], seen_sp[48]; /* EXC_RETURN and the frame address each handler was entered with */
volatile uint32_t svc_ispr, svc_icsr;       /* what the SVC handler pends */

void record(uint32_t exc_return, uint32_t frame)
{
    uint32_t ipsr;
    __asm volatile("mrs %0, ipsr" : "=r"(ipsr));
    ipsr &= 63;
    order[n_order++] = ipsr;
    seen_lr[ipsr] = exc_return;
    /* the frame is on PSP for 0xFFFFFFFD, else on MSP above the handler's push of two words */
    seen_sp[ipsr] = frame;
}

void mark(void) { order[n_order++] = 0x99; }

/* every handler starts by recording; r0 = EXC_RETURN, r1 = the frame (MSP + 8, or PSP) */
#define ENTER                                                                                                     \
    "push {r4, lr}\n\t"                                                                                           \
    "mov r0, lr\n\t"                                                                                              \
    "mrs r1, msp\n\t"                                                                                             \
    "adds r1, #8\n\t"                                                                                             \
    "lsls r2, r0, #29\n\t"                                                                                        \
    "bpl 1f\n\t"                                                                                                  \
    "mrs r1, psp\n"                                                                                               \
    "1:\tbl record\n\t"
#define RET_POP "pop {r4, pc}"
#define RET_BX "pop {r0, r1}\n\tbx r1"

__attribute__((naked)) void svc_handler(void)
{
    __asm volatile(ENTER
                   "ldr r0, =svc_ispr\n\t"
                   "ldr r1, [r0]\n\t"
                   "ldr r0, =0xE000E200\n\t"
                   "str r1, [r0]\n\t"
                   "ldr r0, =svc_icsr\n\t"
                   "ldr r1, [r0]\n\t"
                   "ldr r0, =0xE000ED04\n\t"
                   "str r1, [r0]\n\t"
                   RET_BX);
}

/* SysTick off first (it counted for the NMI case only; reloaded, it would pend again 3 instructions on) */
__attribute__((naked)) void systick_handler(void)
{
    __asm volatile("ldr r0, =0xE000E010\n\t"
                   "movs r1, #0\n\t"
                   "str r1, [r0]\n\t"
                   ENTER
                   RET_BX);
}

__attribute__((naked)) void pendsv_handler(void) { __asm volatile(ENTER RET_POP); }
__attribute__((naked)) void irq0_handler(void) { __asm volatile(ENTER RET_BX); }
__attribute__((naked)) void irq3_handler(void) { __asm volatile(ENTER RET_POP); }

/* IRQ1 (0x00) pends IRQ0 (0x40, preempts IRQ2 but not IRQ1) and IRQ3 (0xC0, IRQ2's priority: waits) */
__attribute__((naked)) void irq1_handler(void)
{
    __asm volatile(ENTER
                   "ldr r0, =0xE000E200\n\t"
                   "movs r1, #9\n\t"
                   "str r1, [r0]\n\t"
                   RET_POP);
}

/* IRQ2 (0xC0) pends IRQ1 (0x00), which preempts it at once */
__attribute__((naked)) void irq2_handler(void)
{
    __asm volatile(ENTER
                   "ldr r0, =0xE000E200\n\t"
                   "movs r1, #2\n\t"
                   "str r1, [r0]\n\t"
                   "dsb\n\t"
                   "isb\n\t"
                   "bl mark\n\t"
                   RET_POP);
}

/* NMI pends PendSV, then starts SysTick with RVR = 3 so that its third instruction after the enabling store,
 * the exception return BX r3, counts CVR from 1 to 0 and pends SysTick (SysTick counts retired instructions) */
__attribute__((naked)) void nmi_handler(void)
{
    __asm volatile(ENTER
                   "ldr r0, =0xE000ED04\n\t"
                   "ldr r1, =0x10000000\n\t" /* PENDSVSET */
                   "str r1, [r0]\n\t"
                   "ldr r0, =0xE000E014\n\t"
                   "movs r1, #3\n\t"
                   "str r1, [r0]\n\t"        /* RVR = 3 */
                   "str r1, [r0, #4]\n\t"    /* CVR = 0 */
                   "subs r0, #4\n\t"
                   "pop {r4}\n\t"
                   "pop {r3}\n\t"
                   "movs r1, #7\n\t"
                   "str r1, [r0]\n\t"        /* enable: this instruction's count reloads CVR = 3 */
                   "nop\n\t"                 /* 2 */
                   "nop\n\t"                 /* 1 */
                   "bx r3");                 /* 0: SysTick pends */
}

static void expect_order(const uint32_t *want, int n)
{
    CHECK_EQ(n_order, n);
    for (int i = 0; i < n && i < n_order; i++) CHECK_EQ(order[i], want[i]);
    n_order = 0;
}

static uint32_t process_stack[64] __attribute__((aligned(8)));

int main(void)
{
    MTB_POSITION = 0; /* the MTB records every case: the exception return packet pairs across tail-chains */
    MTB_MASTER = 0x80000000u | 7u; /* EN, 2 KiB (wraps) */
    SHPR2 = 0x00u << 24;                        /* SVCall */
    SHPR3 = (0x80u << 24) | (0xC0u << 16);      /* SysTick, PendSV */
    IPR0 = 0x40u | (0x00u << 8) | (0xC0u << 16) | (0xC0u << 24); /* IRQ0-3 */
    ISER = 0xf;

    /* from thread on MSP: SVC, then IRQ0, SysTick, PendSV */
    svc_ispr = 1u << 0;
    svc_icsr = (1u << 26) | (1u << 28); /* PENDSTSET, PENDSVSET */
    __asm volatile("svc 0" ::: "memory");
    static const uint32_t want1[] = { 11, 16, 15, 14 };
    expect_order(want1, 4);
    CHECK_EQ(seen_lr[11], 0xfffffff9u);
    CHECK_EQ(seen_lr[16], 0xfffffff9u);
    CHECK_EQ(seen_lr[15], 0xfffffff9u);
    CHECK_EQ(seen_lr[14], 0xfffffff9u);
    CHECK_EQ(seen_sp[16], seen_sp[11]); /* the same frame */
    CHECK_EQ(seen_sp[15], seen_sp[11]);
    CHECK_EQ(seen_sp[14], seen_sp[11]);

    /* back to a handler: IRQ2 <- IRQ1, then IRQ0 on IRQ1's frame, IRQ2 goes on, then IRQ3 on IRQ2's */
    ISPR = 1u << 2;
    sync();
    static const uint32_t want2[] = { 18, 17, 16, 0x99, 19 };
    expect_order(want2, 5);
    CHECK_EQ(seen_lr[18], 0xfffffff9u);
    CHECK_EQ(seen_lr[17], 0xfffffff1u);
    CHECK_EQ(seen_lr[16], 0xfffffff1u);
    CHECK_EQ(seen_lr[19], 0xfffffff9u);
    CHECK_EQ(seen_sp[16], seen_sp[17]);
    CHECK_EQ(seen_sp[19], seen_sp[18]);

    /* thread on PSP: SVC, then PendSV, back on PSP */
    uint32_t top = (uint32_t)&process_stack[64], control, psp;
    svc_ispr = 0;
    svc_icsr = 1u << 28;
    __asm volatile("msr psp, %0\n\tmovs r0, #2\n\tmsr control, r0\n\tisb\n\tsvc 1" : : "l"(top) : "r0", "memory");
    __asm volatile("mrs %0, control\n\tmrs %1, psp" : "=l"(control), "=l"(psp));
    __asm volatile("movs r0, #0\n\tmsr control, r0\n\tisb" ::: "r0", "memory");
    static const uint32_t want3[] = { 11, 14 };
    expect_order(want3, 2);
    CHECK_EQ(control, 2);
    CHECK_EQ(psp, top);
    CHECK_EQ(seen_lr[14], 0xfffffffdu);
    CHECK_EQ(seen_sp[14], top - 32);

    /* SysTick pended by the NMI's exception return runs before the PendSV the NMI pended */
    ICSR = 1u << 31; /* NMIPENDSET */
    sync();
    static const uint32_t want4[] = { 2, 15, 14 };
    expect_order(want4, 3);
    CHECK_EQ(CSR & 1, 0);

    sh_printf("tail_chain: %d failures\n", sh_failures);
    return sh_failures;
}

/* The execution priority is that of the highest-priority active exception, which need not be the current one
 * (IPSR): a handler that lowers its own priority, or raises that of an exception it preempted, leaves the execution
 * priority with the preempted one, and an interrupt pended then waits as long as that one is active (the ARMv6-M
 * Architecture Reference Manual's execution priority: the highest priority of the active exceptions, PRIMASK). */
#include "semihost.h"
#include "sysregs.h"

static volatile uint32_t order[16];
static volatile int n, mode;

static void log_event(uint32_t e) { order[n++] = e; }
static void sync(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }

void irq0_handler(void)
{
    log_event(0x10);
    ISPR = 1u << 1; /* IRQ1 has the higher priority: preempts now */
    sync();
    log_event(0x11);
}
void irq1_handler(void)
{
    log_event(0x20);
    if (mode == 0) {
        IPR0 = (IPR0 & ~0xff00u) | 0xC0u << 8; /* its own priority the lowest: IRQ0 (1) keeps the execution priority */
        ISPR = 1u << 2;                        /* IRQ2 (2) does not preempt IRQ0: it waits */
        sync();
        log_event(0x21);
    } else {
        IPR0 &= ~0xffu;  /* IRQ0's priority raised to 0, above this handler's (1) */
        ISPR = 1u << 3;  /* IRQ3 (0) does not preempt IRQ0 (0): it waits */
        sync();
        log_event(0x22);
    }
}
void irq2_handler(void) { log_event(0x30); }
void irq3_handler(void) { log_event(0x40); }

int main(void)
{
    ISER = 0xf;
    IPR0 = (0x40u << 0) | (0x00u << 8) | (0x80u << 16); /* IRQ0 1, IRQ1 0, IRQ2 2 */
    ISPR = 1;
    sync();
    static const uint32_t lowered[] = { 0x10, 0x20, 0x21, 0x11, 0x30 };
    CHECK_EQ(n, 5);
    for (int i = 0; i < 5; i++) CHECK_EQ(order[i], lowered[i]);

    n = 0;
    mode = 1;
    IPR0 = (0x80u << 0) | (0x40u << 8) | (0x00u << 24); /* IRQ0 2, IRQ1 1, IRQ3 0 */
    ISPR = 1;
    sync();
    static const uint32_t raised[] = { 0x10, 0x20, 0x22, 0x11, 0x40 };
    CHECK_EQ(n, 5);
    for (int i = 0; i < 5; i++) CHECK_EQ(order[i], raised[i]);
    sh_printf("exec_priority: %d failures\n", sh_failures);
    return sh_failures;
}

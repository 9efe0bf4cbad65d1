/* Software-pended exceptions: PendSV through ICSR, IRQs through NVIC ISPR with priorities, nesting (a higher
 * priority IRQ pended inside a lower one preempts it, a lower one waits), PRIMASK masking. */
#include "semihost.h"
#include "sysregs.h"

static volatile uint32_t order[16];
static volatile int n;

static void log_event(uint32_t e) { order[n++] = e; }

/* Architecturally a pend takes effect after a DSB and an ISB (QEMU only checks for interrupts at such points). */
static void sync(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }

/* IRQ3 has IRQ0's priority: pended inside IRQ0 it must wait (equal priority does not preempt) */
static volatile int in_irq3_test;

void pendsv_handler(void) { log_event(14); }

void irq0_handler(void)
{
    log_event(0x10);
    ISPR = 1u << 1; /* IRQ1 has the higher priority: preempts now */
    sync();
    log_event(0x11);
    ISPR = 1u << 2; /* IRQ2 has the lower priority: waits until IRQ0 returns */
    sync();
    log_event(0x12);
    if (in_irq3_test) {
        ISPR = 1u << 3;
        sync();
        log_event(0x13);
    }
}
void irq1_handler(void) { log_event(0x20); }
void irq2_handler(void) { log_event(0x30); }
void irq3_handler(void) { log_event(0x40); }

int main(void)
{
    SHPR3 = 0xC0u << 16; /* PendSV lowest */
    ICSR = 1u << 28; /* PENDSVSET */
    sync();
    log_event(1);
    CHECK_EQ(order[0], 14);
    CHECK_EQ(order[1], 1);

    n = 0;
    IPR0 = (0x80u << 0) | (0x40u << 8) | (0xC0u << 16); /* IRQ0 0x80, IRQ1 0x40, IRQ2 0xC0 */
    ISER = 7;
    ISPR = 1; /* IRQ0 */
    sync();
    static const uint32_t want[] = { 0x10, 0x20, 0x11, 0x12, 0x30 };
    CHECK_EQ(n, 5);
    for (int i = 0; i < 5; i++) CHECK_EQ(order[i], want[i]);

    /* PRIMASK holds an IRQ until cleared */
    n = 0;
    __asm volatile("cpsid i" ::: "memory");
    ISPR = 1u << 1;
    sync();
    log_event(2);
    __asm volatile("cpsie i" ::: "memory");
    sync();
    log_event(3);
    CHECK_EQ(order[0], 2);
    CHECK_EQ(order[1], 0x20);
    CHECK_EQ(order[2], 3);

    /* two interrupts pended by separate ISPR writes while masked are both taken (a write sets, never clears) */
    n = 0;
    __asm volatile("cpsid i" ::: "memory");
    ISPR = 1u << 1;
    ISPR = 1u << 2;
    sync();
    __asm volatile("cpsie i" ::: "memory");
    sync();
    CHECK_EQ(n, 2);
    CHECK_EQ(order[0], 0x20);
    CHECK_EQ(order[1], 0x30);

    /* equal priority does not preempt */
    n = 0;
    IPR0 = (0x80u << 0) | (0x40u << 8) | (0xC0u << 16) | (0x80u << 24); /* IRQ3 = IRQ0's priority */
    ISER = 0xf;
    in_irq3_test = 1;
    ISPR = 1;
    sync();
    static const uint32_t want3[] = { 0x10, 0x20, 0x11, 0x12, 0x13, 0x40, 0x30 }; /* IRQ3 (0x80) before IRQ2 (0xC0) */
    CHECK_EQ(n, 7);
    for (int i = 0; i < 7; i++) CHECK_EQ(order[i], want3[i]);
    sh_printf("nvic: %d failures\n", sh_failures);
    return sh_failures;
}

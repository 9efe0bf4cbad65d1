/* Nested interrupts of three priorities with an external line among them: PendSV (lowest) pends IRQ1 (middle),
 * which preempts it; IRQ1 starts the timer and waits until the timer's interrupt (IRQ0, highest, a line driven by
 * rtl_tb/ahb_timer.sv) has preempted it three times. The event log is the same whatever the timing: the timer's
 * handler logs only an expiry it finds in STATUS. Runs on the core only (live mode). */
#include "semihost.h"
#include "sysregs.h"

static volatile uint32_t order[16];
static volatile int n, timer_ticks;

static void log_event(uint32_t e)
{
    if (n < 16) order[n] = e;
    n++;
}
static void sync(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }

static uint32_t ipsr(void)
{
    uint32_t v;
    __asm volatile("mrs %0, ipsr" : "=r"(v));
    return v;
}

void irq0_handler(void)
{
    if (TIMER_STATUS & 1) {
        if (++timer_ticks == 3) TIMER_CTRL = 0; /* stopped before the clear: no fourth expiry after it */
        TIMER_STATUS = 1;
        log_event(0x10 + ipsr()); /* 0x20: IRQ0 */
    }
}

void irq1_handler(void)
{
    log_event(0x21);
    TIMER_RELOAD = 150;
    TIMER_COUNT = 150;
    TIMER_CTRL = 3;
    while (timer_ticks < 3) {
    }
    log_event(0x22);
}

void pendsv_handler(void)
{
    log_event(0x0e);
    ISPR = 1u << 1; /* IRQ1 preempts PendSV at once */
    sync();
    log_event(0x0f);
}

int main(void)
{
    SHPR3 = 0xC0u << 16;                /* PendSV lowest */
    IPR0 = (0x00u << 0) | (0x80u << 8); /* IRQ0 (timer) 0x00, IRQ1 0x80 */
    ISER = (1u << TIMER_IRQ) | (1u << 1);
    ICSR = 1u << 28;                    /* PENDSVSET */
    sync();
    log_event(1);
    static const uint32_t want[] = { 0x0e, 0x21, 0x20, 0x20, 0x20, 0x22, 0x0f, 1 };
    CHECK_EQ(n, 8);
    for (int i = 0; i < 8; i++) CHECK_EQ(order[i], want[i]);
    ICER = (1u << TIMER_IRQ) | (1u << 1);
    sh_printf("irq_nested: %d events, %d failures\n", n, sh_failures);
    return sh_failures;
}

/* The timer peripheral's interrupt (rtl_tb/ahb_timer.sv, IRQ0): the handler clears the expiry and counts it while
 * the main loop waits in WFI. The handler counts only an expiry it finds in STATUS, so the output is the same
 * whatever the timing of entries. Runs on the core only (live mode: no golden file can know when the timer
 * fires). Live mode's synchronous exceptions too: an SVC from Thread mode is taken; one in the handler (IRQ0 and
 * SVCall both at priority 0) cannot preempt it and escalates to HardFault, which returns past it; SVCall pended by
 * SHCSR.SVCALLPENDED under PRIMASK waits for PRIMASK to clear. */
#include "semihost.h"
#include "sysregs.h"

static volatile int ticks, empty, svcs, escalated, svc_made;

void svc_handler(void) { svcs++; }
void hardfault_handler(void) { escalated++; } /* the escalated SVC's return address is the next instruction */

void irq0_handler(void)
{
    if (!svc_made) {
        svc_made = 1;
        __asm volatile("svc 7" ::: "memory");
    }
    if (TIMER_STATUS & 1) {
        if (++ticks == 8) TIMER_CTRL = 0; /* stopped before the clear: no ninth expiry after it */
        TIMER_STATUS = 1;
    } else {
        empty++;
    }
}

int main(void)
{
    __asm volatile("svc 3" ::: "memory");
    CHECK_EQ(svcs, 1);
    /* SVCall pended by SHCSR where it cannot preempt (PRIMASK set): it waits, and is taken once PRIMASK clears */
    __asm volatile("cpsid i" ::: "memory");
    SHCSR = 1u << 15;
    __asm volatile("dsb\n\tisb" ::: "memory");
    CHECK_EQ(svcs, 1);
    __asm volatile("cpsie i\n\tisb" ::: "memory");
    CHECK_EQ(svcs, 2);
    TIMER_RELOAD = 400;
    TIMER_COUNT = 400;
    CHECK_EQ(TIMER_RELOAD, 400);
    TIMER_CTRL = 3; /* ENABLE, INTEN */
    ISER = 1u << TIMER_IRQ;
    while (ticks < 8) __asm volatile("wfi" ::: "memory");
    ICER = 1u << TIMER_IRQ;
    uint32_t c = TIMER_COUNT;
    CHECK_EQ(c <= 400, 1);        /* a count of a period */
    CHECK_EQ(TIMER_COUNT, c);     /* stopped */
    TIMER_STATUS = 1;
    ICPR = 1u << TIMER_IRQ;
    CHECK_EQ(ISPR & (1u << TIMER_IRQ), 0); /* the line is low: the clear holds */
    CHECK_EQ(svcs, 2);
    CHECK_EQ(escalated, 1);
    sh_printf("timer_irq: %d ticks, %d failures\n", ticks, sh_failures);
    return sh_failures;
}

/* A peripheral status register polled in a loop: the timer (rtl_tb/ahb_timer.sv) with its interrupt off in the
 * NVIC; each expiry is seen in STATUS and cleared by writing 1. Then the level-sensitive IRQ line: with INTEN set
 * an expiry pends IRQ0 (disabled, so not taken), ICPR cannot clear it while the line is high, and it can once
 * STATUS is cleared. Runs on the core only (live mode). */
#include "semihost.h"
#include "sysregs.h"

static void sync(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }

int main(void)
{
    ICER = 1u << TIMER_IRQ;
    TIMER_RELOAD = 300;
    TIMER_COUNT = 300;
    TIMER_CTRL = 1; /* ENABLE, no interrupt */
    int seen = 0;
    for (int i = 0; i < 5; i++) {
        while (!(TIMER_STATUS & 1)) {
        }
        TIMER_STATUS = 1;
        seen++;
    }
    CHECK_EQ(ISPR & (1u << TIMER_IRQ), 0); /* INTEN off: the line stayed low */

    TIMER_CTRL = 3;                         /* INTEN: the next expiry raises the line */
    while (!(TIMER_STATUS & 1)) {
    }
    CHECK_EQ(ISPR & (1u << TIMER_IRQ), 1u << TIMER_IRQ);
    ICPR = 1u << TIMER_IRQ;                 /* the line is still high: pending again at once */
    sync();
    CHECK_EQ(ISPR & (1u << TIMER_IRQ), 1u << TIMER_IRQ);
    TIMER_CTRL = 0;                         /* stopped: no new expiry */
    TIMER_STATUS = 1;                       /* the line falls */
    sync();
    ICPR = 1u << TIMER_IRQ;
    sync();
    CHECK_EQ(ISPR & (1u << TIMER_IRQ), 0);
    sh_printf("timer_poll: %d expiries, %d failures\n", seen, sh_failures);
    return sh_failures;
}

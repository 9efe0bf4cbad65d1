/* An interrupt that arrives while an exception return unstacks its frame. The timer (IRQ0) fires a delay after it
 * is started, swept cycle by cycle across an SVC's entry, handler and return, so that on a core that abandons the
 * unstacking and tail-chains into the interrupt (abandon_unstack, as Cortex-M0 does) some of the returns are
 * abandoned: r0-r3, r12 and the flags are UNKNOWN in the interrupt's handler, the frame stays where it was, and the
 * handler's own return unstacks it whole. Every SVC and every expiry is counted once; main's registers survive.
 * The output is the same whatever the timing. Runs on the core only (the timer). */
#include "semihost.h"
#include "sysregs.h"

#define SWEEP 160

static volatile uint32_t svcs, ticks;

void svc_handler(void) { svcs++; }

void irq0_handler(void)
{
    TIMER_CTRL = 0;
    TIMER_STATUS = 1;
    ticks++;
}

int main(void)
{
    uint32_t check = 0;
    ISER = 1u << TIMER_IRQ;
    TIMER_RELOAD = 0xffffffffu;
    for (uint32_t d = 0; d < SWEEP; d++) {
        TIMER_COUNT = 20 + d;
        TIMER_CTRL = 3; /* ENABLE, INTEN */
        __asm volatile("svc 0" ::: "memory");
        check += d; /* a register live across the SVC and the interrupt */
        while (ticks != d + 1) __asm volatile("wfi" ::: "memory");
    }
    ICER = 1u << TIMER_IRQ;
    CHECK_EQ(svcs, SWEEP);
    CHECK_EQ(ticks, SWEEP);
    CHECK_EQ(check, SWEEP * (SWEEP - 1) / 2);
    sh_printf("abandon: %u interrupts across %u exception returns, %d failures\n", ticks, svcs, sh_failures);
    return sh_failures;
}

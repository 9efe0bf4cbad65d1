/* SysTick counting retired instructions (model/ARCHITECTURE.md; not on QEMU, which counts time): the interrupt
 * fires after RVR+1 ticks, COUNTFLAG is set and cleared by reading CSR. */
#include "semihost.h"
#include "sysregs.h"

static volatile int ticks;
void systick_handler(void) { ticks++; }

int main(void)
{
    RVR = 99;
    CVR = 0;
    CSR = 7; /* enable, interrupt, processor clock */
    while (ticks < 5) {
    }
    CSR = 0;
    CHECK_EQ(ticks, 5);
    CSR = 5;
    while (!(CSR & (1u << 16))) {
    }
    CHECK_EQ(CSR & (1u << 16), 0); /* cleared by the read above */
    CSR = 0;
    sh_printf("systick: %d ticks\n", ticks);
    return sh_failures;
}

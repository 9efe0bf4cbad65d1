/* Firmware for the live-mode tests (tests/unit/checker/test_live.cpp): interrupts whose timing the "RTL"
 * decides. PendSV pended through ICSR and a DSB after it; IRQ0 (priority 0x80) and IRQ1 (0x40) from external
 * lines, each handler reading a device register the model does not have (0x40000000, a volatile range); a
 * PRIMASK section; a WFI; SysTick (priority 0xC0) counting whatever clock the test gives it. Past the WFI it
 * stops once the lines have raised six interrupts. */
#include "semihost.h"
#include "sysregs.h"

#define DEVICE REG(0x40000000)

static volatile uint32_t pendsv_count, irq0_count, irq1_count, systick_count, device_sum;

void pendsv_handler(void) { pendsv_count++; }
void systick_handler(void) { systick_count++; }
void irq0_handler(void)
{
    irq0_count++;
    device_sum += DEVICE;
}
void irq1_handler(void)
{
    irq1_count++;
    device_sum += DEVICE;
}

int main(void)
{
    SHPR3 = (0xC0u << 24) | (0xC0u << 16); /* SysTick and PendSV lowest */
    IPR0 = 0x80u | (0x40u << 8);            /* IRQ0 0x80, IRQ1 0x40 */
    ISER = 3;
    ICSR = 1u << 28; /* PENDSVSET: taken at once or a few instructions later, both legal */
    __asm volatile("dsb" ::: "memory");
    __asm volatile("nop\n\tnop" ::: "memory");
    RVR = 199;
    CVR = 0;
    CSR = 7;
    uint32_t work = 1;
    for (int i = 0; i < 400 && (i < 250 || irq0_count + irq1_count < 6); i++) {
        work = work * 1103515245u + 12345u;
        if (i == 100) {
            __asm volatile("cpsid i" ::: "memory"); /* a masked section: interrupts wait */
            for (int k = 0; k < 8; k++) work += k;
            __asm volatile("cpsie i" ::: "memory");
        }
        if (i == 200) __asm volatile("wfi" ::: "memory");
    }
    CSR = 0;
    sh_printf("live_irq: pendsv %d irq0 %d irq1 %d systick %d work %x\n", (int)pendsv_count, (int)irq0_count,
              (int)irq1_count, (int)systick_count, (unsigned)(work & 0xff));
    return 0;
}

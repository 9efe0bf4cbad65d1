/* SysTick registers and exceptions (model/ARCHITECTURE.md: SysTick counts retired instructions; not on QEMU):
 * CSR (COUNTFLAG set at 1 -> 0, cleared by a read and by a CVR write; bits above [2:0] ignored), RVR (24 bits),
 * CVR (any write clears it; the tick after 0 reloads), CALIB (IMPLEMENTATION DEFINED, read-only); SysTick preempting a lower-priority IRQ
 * handler (nested), waiting behind one of the same priority and behind PRIMASK. SCB storage QEMU's microbit lacks:
 * SCR (SLEEPONEXIT, SLEEPDEEP, SEVONPEND) and the reserved bits of SHPR2/SHPR3 (RAZ/WI); ICSR PENDSVSET/CLR and
 * PENDSTSET/CLR read back and cleared under PRIMASK (QEMU's ICSR also shows RETTOBASE, an ARMv7-M bit). */
#include "semihost.h"
#include "sysregs.h"

static void sync(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }

static volatile int ticks, in_irq0, ticks_in_irq0, ticks_at_irq0_end;
static volatile uint32_t pendsv_taken;
void pendsv_handler(void) { pendsv_taken++; }
void systick_handler(void)
{
    ticks++;
    if (in_irq0) ticks_in_irq0++;
}

/* IRQ0 waits (bounded) for a tick while it runs */
void irq0_handler(void)
{
    in_irq0 = 1;
    int t0 = ticks;
    for (int i = 0; i < 200 && ticks == t0; i++) __asm volatile("nop");
    ticks_at_irq0_end = ticks;
    in_irq0 = 0;
}

int main(void)
{
    uint32_t calib = CALIB; /* its value is the configuration's (the model's syst_calib): lockstep compares it */
    CALIB = ~calib;
    CHECK_EQ(CALIB, calib);
    RVR = 0xffffffffu;
    CHECK_EQ(RVR, 0x00ffffffu);
    CSR = 0xfffffffcu; /* CLKSOURCE; ENABLE and TICKINT clear; the rest ignored */
    CHECK_EQ(CSR, 4);

    /* counting without the interrupt: CVR counts down from the reload, COUNTFLAG at 1 -> 0 */
    RVR = 40;
    CVR = 12345; /* any value clears it */
    CHECK_EQ(CVR, 0);
    CSR = 5;
    uint32_t c1 = CVR, c2 = CVR;
    CHECK_EQ(c1 <= 40 && c1 > 30, 1); /* the first tick reloaded 40 */
    CHECK_EQ(c2 < c1, 1);
    while (!(CSR & (1u << 16))) {
    }
    CHECK_EQ(CSR & (1u << 16), 0); /* cleared by the read that saw it */
    while (!(CSR & (1u << 16))) {
    }
    CSR = 4; /* stop */
    uint32_t stopped = CVR;
    CHECK_EQ(CVR, stopped);
    CSR = 5;
    while (CVR == 0 || CVR > 10) {
    }
    CSR = 4;
    CVR = 0;
    CHECK_EQ(CSR & (1u << 16), 0);

    /* SysTick 0x40 preempts IRQ0 0x80 */
    SHPR3 = 0x40u << 24;
    IPR0 = 0x80u;
    ISER = 1;
    RVR = 30;
    CVR = 0;
    CSR = 7;
    ISPR = 1;
    sync();
    CSR = 4;
    CHECK_EQ(ticks_in_irq0, 1);
    /* the same priority (0x40): SysTick waits for IRQ0's return */
    IPR0 = 0x40u;
    int before = ticks;
    ticks_in_irq0 = 0;
    CVR = 0;
    CSR = 7;
    ISPR = 1;
    sync();
    CSR = 4;
    CHECK_EQ(ticks_in_irq0, 0);
    CHECK_EQ(ticks_at_irq0_end, before); /* no tick inside IRQ0 */
    CHECK_EQ(ticks >= before + 1, 1);    /* taken after it */
    /* PRIMASK holds SysTick */
    before = ticks;
    __asm volatile("cpsid i" ::: "memory");
    CVR = 0;
    CSR = 7;
    for (int i = 0; i < 100; i++) __asm volatile("nop");
    CSR = 4;
    CHECK_EQ(ticks, before);
    __asm volatile("cpsie i" ::: "memory");
    sync();
    CHECK_EQ(ticks, before + 1);

    /* ICSR: PendSV and SysTick set-pending and clear-pending while PRIMASK holds them; cleared ones are not taken */
    int ticks_before = ticks;
    __asm volatile("cpsid i" ::: "memory");
    ICSR = (1u << 28) | (1u << 26); /* PENDSVSET, PENDSTSET */
    CHECK_EQ(ICSR & ((1u << 28) | (1u << 26)), (1u << 28) | (1u << 26));
    ICSR = (1u << 27) | (1u << 25); /* PENDSVCLR, PENDSTCLR */
    CHECK_EQ(ICSR & ((1u << 28) | (1u << 26)), 0);
    __asm volatile("cpsie i" ::: "memory");
    sync();
    CHECK_EQ(pendsv_taken + ticks - ticks_before, 0);
    __asm volatile("cpsid i" ::: "memory");
    ICSR = 1u << 28;
    __asm volatile("cpsie i" ::: "memory");
    sync();
    CHECK_EQ(pendsv_taken, 1);
    CHECK_EQ(ticks, ticks_before);

    /* SCB storage and reserved bits */
    SCR = 0xffffffffu;
    CHECK_EQ(SCR, 0x16);
    SCR = 0;
    SHPR2 = 0xffffffffu;
    CHECK_EQ(SHPR2, 0xc0000000u);
    SHPR3 = 0xffffffffu;
    CHECK_EQ(SHPR3, 0xc0c00000u);
    SHPR2 = 0;
    SHPR3 = 0;
    sh_printf("systick_scb: %d failures\n", sh_failures);
    return sh_failures;
}

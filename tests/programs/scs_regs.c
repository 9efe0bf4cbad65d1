/* NVIC and SCB registers: ISER/ICER (set and clear enable, both read the enables), ISPR/ICPR (set and clear
 * pending, both read the pending bits), IPR0-7 (2 implemented bits per byte), SHPR2/SHPR3, SHCSR, VTOR (a
 * relocated vector table in SRAM takes an SVC; a core without VTOR reads it as 0 and keeps the table at 0). A pending IRQ that ICER disabled or ICPR cleared is not taken;
 * one pended while disabled is taken once enabled. In systick_scb (not on QEMU): SCR, SHPR3's reserved bits and
 * ICSR's pend bits (QEMU's ICSR shows RETTOBASE, an ARMv7-M bit, which the QEMU oracle would flag). */
#include "semihost.h"
#include "sysregs.h"

static void sync(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }

static volatile uint32_t taken[4], svc_main, svc_relocated;
void irq0_handler(void) { taken[0]++; }
void irq1_handler(void) { taken[1]++; }
void irq2_handler(void) { taken[2]++; }
void irq3_handler(void) { taken[3]++; }
void svc_handler(void) { svc_main++; }
void svc_relocated_handler(void) { svc_relocated++; }

extern void (*const vectors[48])(void);
static void (*relocated[48])(void) __attribute__((aligned(256)));

int main(void)
{
    /* enables: ISER sets, ICER clears, both read the enable bits */
    ISER = 0xf;
    CHECK_EQ(ISER & 0xf, 0xf);
    CHECK_EQ(ICER & 0xf, 0xf);
    ICER = 0x5;
    CHECK_EQ(ISER & 0xf, 0xa);
    CHECK_EQ(ICER & 0xf, 0xa);

    /* pending: ISPR sets, ICPR clears, both read the pending bits; disabled IRQs stay pending, not taken */
    ISPR = 0x5; /* IRQ0 and IRQ2, both disabled */
    sync();
    CHECK_EQ(ISPR & 0xf, 0x5);
    CHECK_EQ(ICPR & 0xf, 0x5);
    CHECK_EQ(taken[0] + taken[2], 0);
    ICPR = 0x1; /* IRQ0 no longer pending: enabling it takes nothing */
    CHECK_EQ(ISPR & 0xf, 0x4);
    ISER = 0x1;
    sync();
    CHECK_EQ(taken[0], 0);
    ISER = 0x4; /* IRQ2 still pending: taken once enabled */
    sync();
    CHECK_EQ(taken[2], 1);
    CHECK_EQ(ISPR & 0xf, 0);

    /* an enabled IRQ disabled by ICER while masked is not taken when unmasked; ICPR then drops it */
    __asm volatile("cpsid i" ::: "memory");
    ISPR = 0x2;          /* IRQ1 is enabled (ISER above) */
    ICER = 0x2;
    __asm volatile("cpsie i" ::: "memory");
    sync();
    CHECK_EQ(taken[1], 0);
    CHECK_EQ(ISPR & 0x2, 0x2);
    ICPR = 0x2;
    ISER = 0x2;
    sync();
    CHECK_EQ(taken[1], 0);
    CHECK_EQ(ISPR & 0xf, 0);
    /* and the same with ICPR while masked and enabled */
    __asm volatile("cpsid i" ::: "memory");
    ISPR = 0x8;
    ISER = 0x8;
    ICPR = 0x8;
    __asm volatile("cpsie i" ::: "memory");
    sync();
    CHECK_EQ(taken[3], 0);
    ICER = 0xffffffffu;
    CHECK_EQ(ISER, 0);

    /* priorities: bits [7:6] of each byte */
    for (int i = 0; i < 8; i++) IPR(i) = 0x12345678u + 0x11111111u * (uint32_t)i;
    for (int i = 0; i < 8; i++) {
        uint32_t v = 0x12345678u + 0x11111111u * (uint32_t)i, want = v & 0xc0c0c0c0u;
        CHECK_EQ(IPR(i), want);
    }
    IPR(0) = 0xffffffffu;
    CHECK_EQ(IPR(0), 0xc0c0c0c0u);
    for (int i = 0; i < 8; i++) IPR(i) = 0;
    SHPR2 = 0xffffffffu;
    CHECK_EQ(SHPR2, 0xc0000000u);
    SHPR3 = 0xffff0000u; /* the reserved bits [15:0] are left alone: QEMU keeps them */
    CHECK_EQ(SHPR3, 0xc0c00000u);
    SHPR3 = 0x40800000u;
    CHECK_EQ(SHPR3, 0x40800000u);
    SHPR2 = 0x80000000u;
    CHECK_EQ(SHPR2, 0x80000000u);
    SHPR2 = 0;
    SHPR3 = 0;
    CHECK_EQ(SHCSR, 0); /* nothing pending or active that it shows */
    SCR = 0; /* SCR's storage is checked in systick_scb (QEMU's microbit reads it as 0) */

    /* VTOR: a copy of the vector table in SRAM with another SVCall handler */
    for (int i = 0; i < 48; i++) relocated[i] = vectors[i];
    relocated[11] = svc_relocated_handler;
    VTOR = (uint32_t)relocated;
    int vtor = VTOR != 0; /* implemented (the model's vtor=1); else RAZ/WI (Cortex-M0) */
    if (vtor) CHECK_EQ(VTOR, (uint32_t)relocated);
    sync();
    __asm volatile("svc 0" ::: "memory");
    VTOR = 0;
    sync();
    __asm volatile("svc 0" ::: "memory");
    CHECK_EQ(svc_relocated, vtor ? 1 : 0);
    CHECK_EQ(svc_main, vtor ? 1 : 2);
    CHECK_EQ(VTOR, 0);
    sh_printf("scs_regs: %d failures\n", sh_failures);
    return sh_failures;
}

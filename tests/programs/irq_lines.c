/* Every external interrupt line, IRQ0-31, entered and returned, through a vector table in SRAM (VTOR) whose IRQ
 * entries all go to two handlers: one that returns by BX LR (even lines) and one that calls a function and
 * returns by POP {.., pc} (odd lines). Each line in turn: its priority (IPR0-7), enable (ISER), and pended while
 * disabled (ICER), then cleared (ICPR) and pended again enabled (ISPR): taken once, by the right line. A core
 * without VTOR (Cortex-M0) keeps the table at 0, whose entries for IRQ0-3 go to the same two handlers: lines 0-3. */
#include "semihost.h"
#include "sysregs.h"

extern void (*const vectors[48])(void);
static void (*relocated[48])(void) __attribute__((aligned(256)));
static volatile uint32_t taken[32], last_ipsr;

static void sync(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }

static uint32_t ipsr(void)
{
    uint32_t v;
    __asm volatile("mrs %0, ipsr" : "=r"(v));
    return v;
}

/* leaf: touches r0-r3 only, returns by BX LR */
void irq_even_handler(void)
{
    uint32_t n = ipsr() - 16;
    taken[n & 31]++;
}

__attribute__((noinline)) void note_ipsr(uint32_t v) { last_ipsr = v; }

/* calls a function: pushes LR, returns by POP {.., pc} */
void irq_odd_handler(void)
{
    uint32_t n = ipsr() - 16;
    note_ipsr(n + 16);
    taken[n & 31]++;
}

void irq0_handler(void) __attribute__((alias("irq_even_handler")));
void irq1_handler(void) __attribute__((alias("irq_odd_handler")));
void irq2_handler(void) __attribute__((alias("irq_even_handler")));
void irq3_handler(void) __attribute__((alias("irq_odd_handler")));

int main(void)
{
    for (int i = 0; i < 48; i++) relocated[i] = vectors[i];
    for (int n = 0; n < 32; n++) relocated[16 + n] = n & 1 ? irq_odd_handler : irq_even_handler;
    VTOR = (uint32_t)relocated;
    sync();
    int lines = VTOR ? 32 : 4;
    for (int n = 0; n < lines; n++) {
        uint32_t bit = 1u << n;
        IPR(n / 4) = (uint32_t)(0x40u * (n & 3)) << (8 * (n & 3));
        ICER = bit;
        ISPR = bit; /* pending but disabled: not taken */
        sync();
        CHECK_EQ(taken[n], 0);
        CHECK_EQ(ISPR & bit, bit);
        ICPR = bit; /* cleared: enabling it now takes nothing */
        CHECK_EQ(ICPR & bit, 0);
        ISER = bit;
        sync();
        CHECK_EQ(taken[n], 0);
        CHECK_EQ(ISER & bit, bit);
        ISPR = bit;
        sync();
        CHECK_EQ(taken[n], 1);
        ICER = bit;
        CHECK_EQ(ICER & bit, 0);
    }
    CHECK_EQ(last_ipsr, 16 + (uint32_t)lines - 1);
    for (int i = 0; i < 8; i++) IPR(i) = 0;
    VTOR = 0;
    sync();
    sh_printf("irq_lines: %d failures\n", sh_failures);
    return sh_failures;
}

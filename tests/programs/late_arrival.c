/* Late arrival during an exception entry (model/ARCHITECTURE.md, "Tail-chaining and late arrival"): IRQ16's
 * vector lies outside memory (VTOR = 0x0003FF80 puts IRQ16's entry at 0x00040000, past the code region), so its
 * entry stacks the frame and then its vector read gets a bus error: a HardFault that arrives while IRQ16 is being
 * entered. It is taken instead, on IRQ16's frame (return address: the thread's next instruction), and IRQ16 stays
 * pending; the HardFault handler moves VTOR to a table that has IRQ16's handler, and IRQ16 follows it.
 * Needs late arrival (armv6m-iss --config late_arrival=1, the core with LateArrival): without it the bus error
 * on the vector read locks up, so this program is not in PROGRAMS (tests/programs/programs.mk). */
#include "semihost.h"
#include "sysregs.h"

#define LOW_TABLE 0x0003FF80u /* the last 128 bytes of the code region */

extern void (*const vectors[48])(void);
extern char pend_done[]; /* the instruction after the store that pends IRQ16 */
static uint32_t table2[48] __attribute__((aligned(256)));

volatile uint32_t order[8];
volatile int n_order;
volatile uint32_t hf_return, hf_ispr, hf_icsr, hf_lr;

void irq16_handler(void)
{
    uint32_t ipsr;
    __asm volatile("mrs %0, ipsr" : "=r"(ipsr));
    order[n_order++] = ipsr & 63;
}

/* frame: the stacked registers (on MSP: thread mode on MSP) */
void hardfault_body(uint32_t *frame, uint32_t exc_return)
{
    uint32_t ipsr;
    __asm volatile("mrs %0, ipsr" : "=r"(ipsr));
    order[n_order++] = ipsr & 63;
    hf_return = frame[6];
    hf_lr = exc_return;
    hf_ispr = ISPR;
    hf_icsr = ICSR;
    VTOR = (uint32_t)table2;
}

__attribute__((naked)) void hardfault_handler(void)
{
    __asm volatile("push {r4, lr}\n\t"
                   "mrs r0, msp\n\t"
                   "adds r0, #8\n\t"
                   "mov r1, lr\n\t"
                   "bl hardfault_body\n\t"
                   "pop {r4, pc}");
}

int main(void)
{
    volatile uint32_t *low = (volatile uint32_t *)LOW_TABLE;
    for (int i = 0; i < 32; i++) low[i] = (uint32_t)vectors[i];
    for (int i = 0; i < 48; i++) table2[i] = (uint32_t)vectors[i];
    table2[32] = (uint32_t)irq16_handler;
    IPR(4) = 0xC0u; /* IRQ16 */
    ISER = 1u << 16;
    VTOR = LOW_TABLE;
    __asm volatile("ldr r0, =0xE000E200\n\t"
                   "ldr r1, =0x10000\n\t"
                   "str r1, [r0]\n" /* pend IRQ16: taken at the boundary after this store */
                   "pend_done:\n\t"
                   "nop"
                   : : : "r0", "r1", "memory");
    CHECK_EQ(n_order, 2);
    CHECK_EQ(order[0], 3);
    CHECK_EQ(order[1], 32);
    CHECK_EQ(hf_return, (uint32_t)pend_done & ~1u); /* IRQ16's frame: the preferred return address of the pend */
    CHECK_EQ(hf_lr, 0xfffffff9u);
    CHECK_EQ(hf_ispr, 1u << 16);      /* still pending during the HardFault */
    CHECK_EQ((hf_icsr >> 12) & 63, 32); /* VECTPENDING */
    CHECK_EQ(VTOR, (uint32_t)table2);
    sh_printf("late_arrival: %d failures\n", sh_failures);
    return sh_failures;
}

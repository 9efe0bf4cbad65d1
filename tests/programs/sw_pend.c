/* Software-pended exceptions (ICSR PENDSVSET, PENDSTSET and NMIPENDSET, an NVIC ISPR store): when each is taken
 * after the store that pends it. A core takes it at the boundary after the store (the model's default) or only
 * after the next DSB or ISB (sw_pend=barrier, as Cortex-M0 does): each handler notes how far the code between the
 * store and the barrier had come. The output says which (the M0 configuration's expectation is the model's,
 * tests/integration/test_m0.sh); either way every exception is taken once, and by the barrier. Not on QEMU, which
 * takes them at the end of its translation block. */
#include "semihost.h"
#include "sysregs.h"

static volatile uint32_t progress, at[4], taken[4];

static void note(int i) { at[i] = progress; taken[i]++; }
void pendsv_handler(void) { note(0); }
void systick_handler(void) { note(1); }
void nmi_handler(void) { note(2); }
void irq0_handler(void) { note(3); }

/* pend by the store, run three more stores, then the barrier; the handler saw progress 0 (at once) or 3 */
#define PEND_THEN(store, barrier)                                                                                     \
    do {                                                                                                              \
        progress = 0;                                                                                                 \
        store;                                                                                                        \
        progress = 1;                                                                                                 \
        progress = 2;                                                                                                 \
        progress = 3;                                                                                                 \
        __asm volatile(barrier ::: "memory");                                                                         \
        progress = 4;                                                                                                 \
    } while (0)

int main(void)
{
    ISER = 1u << 0;
    PEND_THEN(ICSR = 1u << 28, "dsb");   /* PENDSVSET */
    PEND_THEN(ICSR = 1u << 26, "isb");   /* PENDSTSET */
    PEND_THEN(ICSR = 1u << 31, "dsb");   /* NMIPENDSET */
    PEND_THEN(ISPR = 1u << 0, "isb");    /* IRQ0 */
    for (int i = 0; i < 4; i++) CHECK_EQ(taken[i], 1);
    int after_store = at[0] == 0 && at[1] == 0 && at[2] == 0 && at[3] == 0;
    int after_barrier = at[0] == 3 && at[1] == 3 && at[2] == 3 && at[3] == 3;
    CHECK_EQ(after_store || after_barrier, 1);
    sh_printf("sw_pend: taken %s, %d failures\n", after_barrier ? "after the barrier" : "after the store", sh_failures);
    return sh_failures;
}

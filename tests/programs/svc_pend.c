/* SVCall pended by SHCSR.SVCALLPENDED, not by an SVC: a pending exception as any other, taken once its priority
 * preempts and waiting while it does not (only an SVC that cannot be taken escalates to HardFault).
 * SHCSR.SVCALLPENDED reads the pending state, ICSR.VECTPENDING names it, a write of 0 clears it. And an SVC
 * executed where SVCall cannot be taken escalates even while another exception of higher priority is pending. */
#include "semihost.h"
#include "sysregs.h"

#define SVCALLPENDED (1u << 15)
static volatile int svcs, hardfaults;

void svc_handler(void) { svcs++; }
void hardfault_handler(void) { hardfaults++; }

static void sync(void) { __asm volatile("dsb\n\tisb" ::: "memory"); }

int main(void)
{
    CHECK_EQ(SHCSR, 0);
    __asm volatile("cpsid i" ::: "memory"); /* execution priority 0: SVCall, priority 0, cannot preempt */
    SHCSR = SVCALLPENDED;
    sync();
    CHECK_EQ(svcs, 0);
    CHECK_EQ(hardfaults, 0);                /* it waits: no escalation */
    CHECK_EQ(SHCSR, SVCALLPENDED);
    CHECK_EQ((ICSR >> 12) & 0x3f, 11);      /* VECTPENDING: SVCall */
    SHCSR = 0;
    sync();
    CHECK_EQ(SHCSR, 0);
    CHECK_EQ((ICSR >> 12) & 0x3f, 0);
    SHCSR = SVCALLPENDED;
    __asm volatile("cpsie i\n\tisb" ::: "memory"); /* taken once PRIMASK is clear */
    CHECK_EQ(svcs, 1);
    CHECK_EQ(SHCSR, 0);

    /* SVCall at the lowest priority, PendSV at the highest and pending, PRIMASK set: neither can be taken; the
     * SVC escalates to HardFault all the same, and PendSV is taken when PRIMASK clears */
    SHPR2 = 0xc0000000u;
    __asm volatile("cpsid i" ::: "memory");
    ICSR = 1u << 28; /* PENDSVSET */
    sync();
    __asm volatile("svc #1" ::: "memory");
    CHECK_EQ(hardfaults, 1);
    CHECK_EQ(svcs, 1);
    CHECK_EQ(SHCSR, 0);                     /* the escalated SVC left nothing pending */
    ICSR = 1u << 27; /* PENDSVCLR */
    __asm volatile("cpsie i\n\tisb" ::: "memory");
    SHPR2 = 0;
    sh_printf("svc_pend: %d failures\n", sh_failures);
    return sh_failures;
}

/* MTB packets around faults (not on QEMU): an instruction that would write the PC but faults writes no packet of
 * its own, only the HardFault entry's: BX and POP {pc} to an invalid EXC_RETURN in Handler mode, BLX pc
 * (UNDEFINED). A BX to an even address does branch (its packet), then faults at the target (INVSTATE). The
 * HardFault handler resumes each at the address the program set. */
#include "semihost.h"
#include "sysregs.h"

volatile uint32_t resume, hardfaults; /* global: the handlers' assembly names them */

/* HardFault: the frame (on MSP: every fault here comes from Handler mode or Thread mode on MSP) gets the resume
 * address as its return address, and EPSR.T set (the INVSTATE fault's frame has it clear) */
__attribute__((naked)) void hardfault_handler(void)
{
    __asm volatile("ldr r0, =hardfaults\n\tldr r1, [r0]\n\tadds r1, #1\n\tstr r1, [r0]\n\t"
                   "ldr r0, =resume\n\tldr r1, [r0]\n\tmov r2, sp\n\tstr r1, [r2, #24]\n\t"
                   "ldr r1, [r2, #28]\n\tmovs r3, #1\n\tlsls r3, #24\n\torrs r1, r3\n\tstr r1, [r2, #28]\n\tbx lr\n\t.ltorg");
}

/* SVCall: BX to the invalid EXC_RETURN 0xFFFFFFF5, resumed after it, then a normal return */
__attribute__((naked)) void svc_handler(void)
{
    __asm volatile("ldr r0, =1f\n\tldr r1, =resume\n\tstr r0, [r1]\n\tldr r0, =0xFFFFFFF5\n\tbx r0\n"
                   "1:\tbx lr\n\t.ltorg");
}

/* PendSV: POP {pc} of the invalid EXC_RETURN 0xFFFFFFE1 (a faulting POP changes no register: SP too), resumed */
__attribute__((naked)) void pendsv_handler(void)
{
    __asm volatile("ldr r0, =1f\n\tldr r1, =resume\n\tstr r0, [r1]\n\tldr r0, =0xFFFFFFE1\n\tpush {r0}\n\tpop {pc}\n"
                   "1:\tadd sp, #4\n\tbx lr\n\t.ltorg");
}

int main(void)
{
    SHPR3 = 0x00c00000; /* PendSV below SVCall */
    MTB_POSITION = 0;
    MTB_FLOW = 0;
    MTB_MASTER = 0x80000008u; /* on, a 4 KiB buffer */
    __asm volatile("svc #0" ::: "r0", "r1", "memory");
    ICSR = 1u << 28;
    __asm volatile("dsb\n\tisb" ::: "memory");
    /* BLX pc is UNDEFINED */
    __asm volatile("ldr r0, =1f\n\tldr r1, =resume\n\tstr r0, [r1]\n\t.inst.n 0x47f8\n\t.ltorg\n1:" ::: "r0", "r1", "memory");
    /* BX to an even address: a branch (its packet), INVSTATE at the target */
    __asm volatile("ldr r0, =1f\n\tldr r1, =resume\n\tstr r0, [r1]\n\tbx r0\n\t.ltorg\n1:" ::: "r0", "r1", "memory");
    uint32_t position = MTB_POSITION;
    MTB_MASTER = 0;
    CHECK_EQ(hardfaults, 4);
    CHECK_EQ(position > 8 * 8, 1);
    sh_printf("mtb_faults: %d failures\n", sh_failures);
    return sh_failures;
}

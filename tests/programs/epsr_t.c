/* EPSR.T, the Thumb bit, where it is clear: an instruction executed with it clear takes an INVSTATE HardFault
 * before it executes, and the frame stacked for that fault holds T clear.
 *  - the reset vector has bit 0 clear (TakeReset sets EPSR.T from it): the very first instruction faults. The
 *    handler notes what it sees where reset_handler's initialisation does not clear, and returns to reset_handler
 *    with T set: the program then runs as any other;
 *  - an exception return to a frame whose xPSR has T clear (ExceptionReturn restores EPSR.T from it): the SVC
 *    handler clears it in its own frame; the instruction returned to faults; the HardFault handler sets T again. */
#include "semihost.h"

/* the reset vector's value (lib/startup.c takes it): a label without .thumb_func, so bit 0 is clear */
__asm(".text\n\t.align 2\n\t.global reset_entry\n\t.type reset_entry, %object\nreset_entry:\n\tnop\n\tnop\n");
extern const uint16_t reset_entry[];
void reset_handler(void);

#define NOTED 0x7e5e7u
static uint32_t note[3] __attribute__((section(".noinit"))); /* the reset's HardFault: NOTED, its PC and xPSR */
static volatile uint32_t faults, fault_pc, fault_xpsr;         /* the HardFaults after it */

__attribute__((naked)) void hardfault_handler(void)
{
    __asm volatile("mov r0, sp\n\tldr r1, =hardfault_body\n\tbx r1");
}

void hardfault_body(uint32_t *frame)
{
    if (note[0] != NOTED) { /* the first: the reset's (the handler's own variables are not initialised yet) */
        note[0] = NOTED;
        note[1] = frame[6];
        note[2] = frame[7];
        frame[6] = (uint32_t)reset_handler & ~1u;
    } else {
        faults++;
        fault_pc = frame[6];
        fault_xpsr = frame[7];
    }
    frame[7] |= 1u << 24; /* EPSR.T set: the return resumes where it faulted */
}

/* returns to the instruction after the SVC with EPSR.T clear */
__attribute__((naked)) void svc_handler(void)
{
    __asm volatile("mov r0, sp\n\tldr r1, [r0, #28]\n\tldr r2, =0x01000000\n\tbics r1, r2\n\tstr r1, [r0, #28]\n\t"
                   "bx lr\n\t.ltorg");
}

int main(void)
{
    CHECK_EQ(note[0], NOTED);
    CHECK_EQ(note[1], (uint32_t)reset_entry);            /* the fault is at the reset entry: nothing executed */
    CHECK_EQ((uint32_t)reset_entry & 1, 0);
    CHECK_EQ(note[2] >> 24 & 1, 0);                       /* EPSR.T clear in the stacked xPSR */
    CHECK_EQ(note[2] & 0x3f, 0);                          /* taken from Thread mode */
    uint32_t ipsr;
    __asm volatile("mrs %0, ipsr" : "=r"(ipsr));
    CHECK_EQ(ipsr, 0);                                    /* back in Thread mode, nothing active */

    uint32_t after;
    /* the SVC ends where a word begins, so that ADR can name the instruction after it */
    __asm volatile("adr %0, 1f\n\t.align 2\n\tnop\n\tsvc #0\n1:" : "=l"(after) :: "r0", "r1", "r2", "r3", "memory");
    CHECK_EQ(faults, 1);                                  /* the instruction returned to faulted, once */
    CHECK_EQ(fault_pc, after);                            /* before it executed */
    CHECK_EQ(fault_xpsr >> 24 & 1, 0);                    /* with T clear, as the return restored it */
    sh_printf("epsr_t: %d failures\n", sh_failures);
    return sh_failures;
}

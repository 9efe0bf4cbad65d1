/* HardFault on UDF, on an unaligned word load and on a BKPT other than 0xAB; the handler records the
 * faulting PC from the frame and returns past the faulting instruction by patching the stacked PC. */
#include "semihost.h"

static volatile uint32_t fault_pc[4];
static volatile int faults;

__attribute__((naked)) void hardfault_handler(void)
{
    __asm volatile("mov r0, sp\n\tldr r1, =hardfault_body\n\tbx r1");
}

void hardfault_body(uint32_t *frame)
{
    fault_pc[faults++ & 3] = frame[6];
    frame[6] += 2; /* skip the 16-bit faulting instruction */
}

int main(void)
{
    uint32_t pc1, pc2, pc3;
    __asm volatile("adr %0, 1f\n\t.align 2\n1:\tudf #7" : "=l"(pc1));
    CHECK_EQ(faults, 1);
    CHECK_EQ(fault_pc[0], pc1);
    volatile uint32_t words[2] = { 0x11223344, 0x55667788 };
    uint32_t v = 0;
    const volatile uint8_t *p = (const volatile uint8_t *)words + 1;
    __asm volatile("adr %0, 1f\n\t.align 2\n1:\tldr %1, [%2]" : "=&l"(pc2), "+l"(v) : "l"(p) : "memory");
    CHECK_EQ(faults, 2);
    CHECK_EQ(fault_pc[1], pc2);
    CHECK_EQ(v, 0); /* the faulting load wrote nothing */
    __asm volatile("adr %0, 1f\n\t.align 2\n1:\tbkpt 0x12" : "=l"(pc3));
    CHECK_EQ(faults, 3);
    CHECK_EQ(fault_pc[2], pc3);
    /* a load from an unmapped address: bus error (the default slave's ERROR response) -> HardFault */
    uint32_t pc4, junk = 0;
    const volatile uint32_t *unmapped = (const volatile uint32_t *)0x60000000;
    __asm volatile("adr %0, 1f\n\t.align 2\n1:\tldr %1, [%2]" : "=&l"(pc4), "+l"(junk) : "l"(unmapped) : "memory");
    CHECK_EQ(faults, 4);
    CHECK_EQ(fault_pc[3], pc4);
    CHECK_EQ(junk, 0);
    sh_printf("hardfault: %d failures\n", sh_failures);
    return sh_failures;
}

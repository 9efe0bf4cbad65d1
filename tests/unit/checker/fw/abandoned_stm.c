/* Store instructions whose first write is a bus error (an unmapped address): the HardFault entry's return address
 * is the instruction itself, as for a store multiple an exception abandons after some of its writes. First an STM
 * of two registers, then a single STR; the handler steps over each. For tests/unit/checker/test_abandoned_write.cpp,
 * which has the core write words of them before the entry. */
#include "semihost.h"

__attribute__((naked)) void hardfault_handler(void)
{
    __asm volatile("mov r0, sp\n\tldr r1, =hardfault_body\n\tbx r1");
}

void hardfault_body(uint32_t *frame)
{
    frame[6] += 2; /* skip the 16-bit faulting store */
}

int main(void)
{
    register uint32_t base __asm("r3") = 0x60000000u;
    register uint32_t a __asm("r4") = 0x11111111u;
    register uint32_t b __asm("r5") = 0x22222222u;
    __asm volatile("stmia %0!, {%1, %2}" : "+l"(base) : "l"(a), "l"(b) : "memory");
    base = 0x60000000u;
    __asm volatile("str %1, [%0]" : : "l"(base), "l"(a) : "memory");
    sh_printf("abandoned_stm: done\n");
    return 0;
}

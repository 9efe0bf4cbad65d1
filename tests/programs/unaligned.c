/* The HardFaults hardfault.c leaves out: unaligned halfword loads (within a word and across two), an unaligned
 * halfword store and word store (neither writes a byte), and the 32-bit UDF (UDF T2). The handler records the
 * faulting PC from the frame and resumes after the instruction: 2 or 4 bytes, from its first halfword. */
#include "semihost.h"

static volatile uint32_t fault_pc[8];
static volatile int faults;

__attribute__((naked)) void hardfault_handler(void)
{
    __asm volatile("mov r0, sp\n\tldr r1, =hardfault_body\n\tbx r1");
}

void hardfault_body(uint32_t *frame)
{
    uint32_t pc = frame[6];
    uint32_t hw1 = *(const volatile uint16_t *)pc;
    fault_pc[faults++ & 7] = pc;
    frame[6] = pc + ((hw1 >> 11) >= 0x1d ? 4 : 2); /* a 32-bit instruction: hw1[15:11] is 0b11101-0b11111 */
}

int main(void)
{
    volatile uint32_t words[2] = { 0x11223344, 0x55667788 };
    volatile uint8_t *b = (volatile uint8_t *)words;
    uint32_t pc, v = 0;
    __asm volatile("adr %0, 1f\n\t.align 2\n1:\tldrh %1, [%2]" : "=&l"(pc), "+l"(v) : "l"(b + 1) : "memory");
    CHECK_EQ(faults, 1);
    CHECK_EQ(fault_pc[0], pc);
    __asm volatile("adr %0, 1f\n\t.align 2\n1:\tldrh %1, [%2]" : "=&l"(pc), "+l"(v) : "l"(b + 3) : "memory");
    CHECK_EQ(faults, 2);
    CHECK_EQ(fault_pc[1], pc);
    CHECK_EQ(v, 0); /* the faulting loads wrote nothing */
    v = 0xaaaaaaaau;
    __asm volatile("adr %0, 1f\n\t.align 2\n1:\tstrh %1, [%2]" : "=&l"(pc) : "l"(v), "l"(b + 1) : "memory");
    CHECK_EQ(faults, 3);
    CHECK_EQ(fault_pc[2], pc);
    __asm volatile("adr %0, 1f\n\t.align 2\n1:\tstr %1, [%2]" : "=&l"(pc) : "l"(v), "l"(b + 2) : "memory");
    CHECK_EQ(faults, 4);
    CHECK_EQ(fault_pc[3], pc);
    CHECK_EQ(words[0], 0x11223344u); /* the faulting stores wrote nothing */
    CHECK_EQ(words[1], 0x55667788u);
    __asm volatile("adr %0, 1f\n\t.align 2\n1:\t.inst.w 0xf7f5a00c" : "=l"(pc)::"memory"); /* udf.w #0x500c */
    CHECK_EQ(faults, 5);
    CHECK_EQ(fault_pc[4], pc);
    sh_printf("unaligned: %d failures\n", sh_failures);
    return sh_failures;
}

/* MTB self-check (model/ARCHITECTURE.md addresses; not on QEMU): enable tracing, take a branch and an SVC,
 * stop, and read the packets back from the MTB SRAM. */
#include "semihost.h"
#include "sysregs.h"

void svc_handler(void) {}

int main(void)
{
    CHECK_EQ(MTB_BASE, 0x24000000);
    MTB_POSITION = 0;
    MTB_FLOW = 0;
    uint32_t b_from, b_to, svc_next;
    __asm volatile("ldr r0, =0xF0000004\n\tldr r1, =0x80000008\n\t" /* EN, MASK=8: 4 KiB */
                   "adr %0, 1f\n\tadr %1, 2f\n\tstr r1, [r0]\n\t.align 2\n1:\tb 2f\n\tnop\n2:\tsvc 0\n3:\t"
                   "movs r1, #0\n\tstr r1, [r0]\n\tadr %2, 4f\n\t.align 2\n4:"
                   : "=l"(b_from), "=l"(b_to), "=l"(svc_next) : : "r0", "r1", "memory");
    (void)svc_next;
    uint32_t pos = MTB_POSITION;
    CHECK_EQ(pos >= 8 * 4, 1); /* branch, SVC entry, two for the return, and the handler's own */
    /* first packet: the branch, with S set */
    CHECK_EQ(MTB_RAM[0], b_from & ~1u);
    CHECK_EQ(MTB_RAM[1], (b_to & ~1u) | 1);
    /* second: exception entry, A set, source = the instruction after the SVC */
    CHECK_EQ(MTB_RAM[2] & 1, 1);
    CHECK_EQ(MTB_RAM[2] & ~1u, (b_to + 2) & ~1u);
    /* wrap: a 16-byte buffer (MASK=0) holds two packets; the third wraps and sets POSITION.WRAP */
    MTB_POSITION = 0;
    __asm volatile("ldr r0, =0xF0000004\n\tldr r1, =0x80000000\n\tstr r1, [r0]\n\t"
                   "b 1f\n1:\tb 2f\n2:\tb 3f\n3:\tmovs r1, #0\n\tstr r1, [r0]" : : : "r0", "r1", "memory");
    CHECK_EQ(MTB_POSITION, 8 | 4); /* pointer at the second slot, WRAP set */
    sh_printf("mtb: %d failures\n", sh_failures);
    return sh_failures;
}

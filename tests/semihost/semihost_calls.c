/* The semihosting calls the project serves (rtl_tb/armv6m_semihost.sv, model/semihost.c), each way a program
 * can make them: SYS_WRITEC and SYS_WRITE0, two operations neither serves (they return -1 in r0), then the exit
 * this build is made for (tests/integration/test_semihost.sh builds one ELF per exit):
 *   EXIT_OP 0x18 (SYS_EXIT) with r1 = EXIT_REASON, or 0x20 (SYS_EXIT_EXTENDED) with r1 -> {EXIT_REASON, EXIT_CODE}. */
#include <stdint.h>

#include "semihost.h"

static uint32_t call(uint32_t op, uint32_t arg)
{
    register uint32_t r0 __asm("r0") = op;
    register uint32_t r1 __asm("r1") = arg;
    __asm volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

static uint32_t block[2] = { EXIT_REASON, EXIT_CODE };

int main(void)
{
    static const char c = '>';
    call(0x03, (uint32_t)&c);                                        /* SYS_WRITEC */
    call(0x04, (uint32_t)" semihost calls\n");                       /* SYS_WRITE0 */
    sh_printf("SYS_OPEN returns %x\n", call(0x01, (uint32_t)"x"));   /* not served */
    sh_printf("op 0x99 returns %x\n", call(0x99, 0));
    sh_printf("exit op %x reason %x code %d\n", EXIT_OP, EXIT_REASON, EXIT_CODE);
    call(EXIT_OP, EXIT_OP == 0x20 ? (uint32_t)block : EXIT_REASON);
    for (;;) {
    }
}

/* MTB FLOW (model/ARCHITECTURE.md; not on QEMU): the watermark with AUTOSTOP (tracing stops: MASTER.EN clears,
 * no packet after it), with AUTOHALT (MASTER.HALTREQ sets, tracing goes on), with neither (nothing happens),
 * at a pointer reached by wrapping; the register masks of POSITION, MASTER and FLOW; the two packets of an
 * exception return by POP {pc}. */
#include "semihost.h"
#include "sysregs.h"

#define EN 0x80000000u
#define HALTREQ (1u << 9)
#define AUTOSTOP 1u
#define AUTOHALT 2u
#define FILL 0xdeadbeefu

static void fill(void)
{
    for (int i = 0; i < 32; i++) MTB_RAM[i] = FILL;
}

/* write MASTER = m, take eight branches, read MASTER back, then stop tracing */
static uint32_t eight_branches(uint32_t m)
{
    uint32_t after;
    __asm volatile("ldr r2, =0xF0000004\n\tstr %1, [r2]\n\t"
                   "b 1f\n1:\tb 2f\n2:\tb 3f\n3:\tb 4f\n4:\tb 5f\n5:\tb 6f\n6:\tb 7f\n7:\tb 8f\n8:\t"
                   "ldr %0, [r2]\n\tmovs r3, #0\n\tstr r3, [r2]"
                   : "=&l"(after) : "l"(m) : "r2", "r3", "memory");
    return after;
}

/* SVC whose handler returns by POP {pc} */
__attribute__((naked)) void svc_handler(void) { __asm volatile("push {r4, lr}\n\tpop {r4, pc}"); }

int main(void)
{
    /* register masks */
    MTB_POSITION = 0xffffffffu;
    CHECK_EQ(MTB_POSITION, 0xfffffffcu);
    MTB_FLOW = 0xffffffffu;
    CHECK_EQ(MTB_FLOW, 0xfffffffbu);
    MTB_MASTER = 0x7fffffffu;
    CHECK_EQ(MTB_MASTER, 0x000003ffu);
    MTB_MASTER = 0;

    /* AUTOSTOP at 0x20: four packets, then EN clears; the slot at the watermark stays untouched */
    fill();
    MTB_POSITION = 0;
    MTB_FLOW = 0x20 | AUTOSTOP;
    uint32_t m = eight_branches(EN | 8);
    CHECK_EQ(m & EN, 0);
    CHECK_EQ(MTB_POSITION, 0x20);
    CHECK_EQ(MTB_RAM[1] & 1, 1);    /* S on the first packet */
    CHECK_EQ(MTB_RAM[3] & 1, 0);
    CHECK_EQ(MTB_RAM[6] != FILL, 1); /* the fourth packet */
    CHECK_EQ(MTB_RAM[8], FILL);
    CHECK_EQ(MTB_RAM[9], FILL);

    /* AUTOHALT at 0x10: HALTREQ sets, the eight packets are all written */
    fill();
    MTB_POSITION = 0;
    MTB_FLOW = 0x10 | AUTOHALT;
    m = eight_branches(EN | 8);
    CHECK_EQ(m & (EN | HALTREQ), EN | HALTREQ);
    CHECK_EQ(MTB_POSITION, 0x40);
    CHECK_EQ(MTB_RAM[14] != FILL, 1);

    /* the watermark alone does nothing */
    MTB_POSITION = 0;
    MTB_FLOW = 0x10;
    m = eight_branches(EN | 8);
    CHECK_EQ(m & (EN | HALTREQ), EN);
    CHECK_EQ(MTB_POSITION, 0x40);

    /* a 16-byte buffer (MASK=0) from slot 1: the second packet wraps to slot 0, the third reaches the
     * watermark 8 and stops tracing */
    fill();
    MTB_POSITION = 8;
    MTB_FLOW = 8 | AUTOSTOP;
    m = eight_branches(EN | 0);
    CHECK_EQ(m & EN, 0);
    CHECK_EQ(MTB_POSITION, 8 | 4); /* WRAP */
    CHECK_EQ(MTB_RAM[4], FILL);    /* never beyond the buffer */

    /* exception entry and the two exception-return packets of POP {pc} */
    fill();
    MTB_POSITION = 0;
    MTB_FLOW = 0;
    uint32_t ret;
    __asm volatile("ldr r2, =0xF0000004\n\tldr r3, =0x80000008\n\tadr %0, 1f\n\tstr r3, [r2]\n\t.align 2\n1:\tsvc 0\n\t"
                   "movs r3, #0\n\tstr r3, [r2]" : "=&l"(ret) : : "r2", "r3", "memory");
    ret += 2; /* the instruction after the SVC */
    CHECK_EQ(MTB_POSITION, 24);
    CHECK_EQ(MTB_RAM[0], ret | 1);           /* entry: return address, A */
    CHECK_EQ(MTB_RAM[3], 0xfffffff8u);       /* POP {pc}: to EXC_RETURN */
    CHECK_EQ(MTB_RAM[4], 0xfffffff9u);       /* EXC_RETURN, A */
    CHECK_EQ(MTB_RAM[5], ret);               /* to the return address */
    MTB_POSITION = 0;
    sh_printf("mtb_flow: %d failures\n", sh_failures);
    return sh_failures;
}

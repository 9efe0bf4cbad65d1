/* Constrained-random ARMv6-M programs for the lockstep regression, reproducible by seed. The stream covers the
 * whole ARMv6-M instruction set apart from UDF/BKPT/faults: every ALU form with flags (corner operands 0, 1, -1,
 * 0x80000000, 0x7FFFFFFF, byte/halfword sign edges; register shift amounts 0, 1-31, 32, >32 and >255), the
 * high-register forms of ADD/MOV/CMP, PC-relative ADR/LDR/ADD, loads and stores of every size and addressing
 * form, LDM/STM with and without writeback, PUSH/POP (also POP {pc} as a branch), B/B<cond>/BL/BX/BLX/MOV pc,
 * MRS/MSR (APSR, PRIMASK, MSP, PSP, CONTROL), CPS, hints and barriers; exceptions: SVC, PendSV set/clear, NMI,
 * NVIC IRQ0-3 (enable, clear-enable, set/clear-pending, priorities), nested IRQs (a handler pends a higher IRQ),
 * SysTick (reload, TICKINT, priority), handlers returning by POP {.., pc} or BX lr, thread mode on PSP
 * (EXC_RETURN 0xFFFFFFFD), stack realignment (SP = 4 mod 8 at entry); the MTB with FLOW watermarks, AUTOSTOP
 * and AUTOHALT. The program's check is the lockstep comparison; it always exits 0.
 * SVCall keeps priority 0 (highest) and SVC runs in thread mode with PRIMASK clear: an SVC never waits behind
 * another exception (the model and the core escalate a pending SVCall that cannot preempt: see the report).
 * --async: the program is ready for interrupts it does not raise itself (asynchronous, from the testbench's
 * irq_source: rtl_tb/irq_source.sv), see "Asynchronous interrupts" below.
 * --v7m: an ARMv7-M stream instead (tests/random/gen_v7m.c) with SVC, PSP sections and the handlers, without the
 * MTB and the system registers' pends (QEMU's mps2-an385 has no MTB and takes software pends later).
 * --v7em: the same with ARMv7E-M's DSP extension among the steps (for QEMU's mps2-an386, Cortex-M4).
 * --fields: steered at the encoding-field bins no other stream reaches (tests/coverage/arch_bins.c): register
 * fields naming r5-r7 (saved around the step), loads and stores through a base register of every number with an
 * offset register or immediate at its extremes, and SP-relative offsets at the ends of their range.
 * usage: gen_random [--async [--table0] | --v7m | --v7em | --fields] <seed> [instructions] > prog.S */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_lib.h"
#include "gen_v7m.h"

static int async_mode; /* --async */
static int table0;     /* --table0: IRQ4-31's handler into the vector table at 0 (code RAM), for a core without VTOR */
static int v7m_mode;   /* --v7m */
static int fields;     /* --fields */

/* NVIC, SCB, SysTick and MTB programming at a random point */
static void system_op(void)
{
    switch (pick(12)) {
    case 0: REG_WRITE(0xE000E200, 1u << pick(4)); SYNC(); break;                 /* ISPR: pend an IRQ */
    case 1: REG_WRITE(0xE000E280, 1u << pick(4)); break;                         /* ICPR */
    case 2: REG_WRITE(0xE000E180, 1u << pick(4)); break;                         /* ICER */
    case 3: REG_WRITE(0xE000E100, 1u << pick(4)); break;                         /* ISER */
    case 4: REG_WRITE(0xE000E400, rnd()); break;                                 /* IPR0: IRQ0-3 priorities */
    case 5: REG_WRITE(0xE000ED20, rnd()); break;                                 /* SHPR3: PendSV, SysTick */
    case 6: REG_WRITE(0xE000ED04, pick(2) ? 1u << 28 : 1u << 27); SYNC(); break; /* ICSR PENDSVSET/CLR */
    case 7: REG_WRITE(0xE000ED04, pick(3) ? 1u << 26 : 1u << 25); SYNC(); break; /* ICSR PENDSTSET/CLR */
    case 8: /* SysTick: reload, clear, enable with or without the interrupt, or off; counting clock cycles
             * (--async) a period that leaves the handlers time to return */
        REG_WRITE(0xE000E014, async_mode ? 400 + pick(3000) : 20 + pick(300));
        REG_WRITE(0xE000E018, 0);
        REG_WRITE(0xE000E010, pick(4) ? 7 : pick(2) ? 5 : 0);
        break;
    case 9: REG_WRITE(0xE000ED04, 1u << 31); SYNC(); break;                      /* NMI */
    case 10: /* an IRQ pended with SP = 4 mod 8 from here: the frame is realigned */
        printf("\tsub sp, #4\n");
        REG_WRITE(0xE000E200, 1u << pick(4));
        SYNC();
        printf("\tadd sp, #4\n");
        break;
    default:
        if (pick(4)) { /* MTB: POSITION, FLOW watermark with AUTOSTOP/AUTOHALT, MASTER (EN, MASK 0-8) */
            unsigned mask = pick(9), size = 16u << mask, pos = 8 * pick(size / 8);
            REG_WRITE(0xF0000000, pos);
            REG_WRITE(0xF0000008, (8 * pick(size / 8)) | pick(4));
            REG_WRITE(0xF0000004, (pick(4) ? 0x80000000u : 0) | mask);
        } else {
            REG_WRITE(0xE000E010, 0); /* SysTick off */
        }
        break;
    }
}

/* Corners the other generators leave out, each one a coverage bin (dpi/README.md, "Coverage"): NOP T1 (the
 * assembler's "nop" for ARMv6-M is MOV r8, r8), ADD SP, Rm, register lists of all of r0-r7 (PUSH/POP, LDM with
 * its base in the list, STM with its base the lowest in the list), and the SCB registers a program reads or
 * writes for no effect: CPUID, CCR, AIRCR (read; written with VECTKEY and no request) and SHCSR (written 0:
 * nothing is pending). r5-r7 come back as they were. */
static void rare_op(void)
{
    switch (pick(6)) {
    case 0: printf("\t.inst.n 0xbf00\n"); break;
    case 1: printf("\tmovs r6, #8\n\tadd sp, r6\n\tsub sp, #8\n"); break;
    case 2: printf("\tpush {r0-r7}\n\tpop {r0-r7}\n"); break;
    case 3: printf("\tpush {r0-r7}\n\tmov r6, sp\n\tldm r6, {r0-r7}\n\tadd sp, #32\n"); break;
    case 4: printf("\tpush {r0}\n\tsub sp, #32\n\tmov r0, sp\n\tstm r0!, {r0-r7}\n\tadd sp, #32\n\tpop {r0}\n"); break;
    default:
        printf("\tldr r6, =0xE000ED00\n\tldr r%d, [r6]\n\tldr r%d, [r6, #0x14]\n\tldr r%d, [r6, #0xc]\n", reg(), reg(),
               reg());
        REG_WRITE(0xE000ED0C, 0x05FA0000u);
        REG_WRITE(0xE000ED24, 0);
        break;
    }
}

/* a section of thread code on the process stack (SPSEL=1), top 0 or 4 mod 8 */
static void psp_section(void (*body)(void))
{
    printf("\tldr r6, =psp_top-%u\n\tmsr psp, r6\n\tmovs r6, #2\n\tmsr control, r6\n\tisb\n", 4 * pick(2));
    body();
    printf("\tmrs r6, psp\n\tmovs r6, #0\n\tmsr control, r6\n\tisb\n");
}

/* --fields: one step with every register field's value possible: r5-r7 saved, then ALU steps over r0-r7, or a load
 * or store whose base (any of r0-r7) points into the scratch area with its offset register or immediate at an end
 * of its field; or SP-relative accesses and SP adjustments at the ends of their immediates */
static void field_step(void)
{
    static const char *const ld[] = { "str", "strh", "strb", "ldrsb", "ldr", "ldrh", "ldrb", "ldrsh" };
    static const unsigned size[] = { 4, 2, 1, 1, 4, 2, 1, 2 };
    printf("\tpush {r5-r7}\n");
    gen_reg_last = 7;
    switch (pick(4)) {
    case 0: case 1:
        for (uint32_t j = 0; j < 2 + pick(4); j++) alu();
        break;
    case 2: { /* register offset: base and offset register any of r0-r7, offset 0 or the end of the area */
        unsigned k = pick(8), t = pick(8), n = pick(8), m = pick(8);
        if (n == m) m = (m + 1) & 7;
        uint32_t off = pick(2) ? 0 : 256 - size[k];
        printf("\tldr r%u, =scratch\n\tldr r%u, =%u\n", n, m, off);
        if (t != n && t != m) printf("\tldr r%u, =0x%08x\n", t, corner());
        printf("\t%s r%u, [r%u, r%u]\n", ld[k], t, n, m);
        break;
    }
    default: { /* immediate offset at 0, both sides of imm5's sign boundary (15, 16) or its maximum (31) */
        static const char *const imm_ld[] = { "str", "ldr", "strh", "ldrh", "strb", "ldrb" };
        static const unsigned sc[] = { 4, 4, 2, 2, 1, 1 };
        unsigned k = pick(6), t = pick(8), n = pick(8), imm5 = (const unsigned[]){ 0, 15, 16, 31 }[pick(4)];
        printf("\tldr r%u, =scratch\n", n);
        if (t != n) printf("\tldr r%u, =0x%08x\n", t, corner());
        printf("\t%s r%u, [r%u, #%u]\n", imm_ld[k], t, n, imm5 * sc[k]);
        break;
    }
    }
    gen_reg_last = 4;
    printf("\tpop {r5-r7}\n");
    if (pick(3) == 0) { /* SP plus immediate: imm8 (words), imm7 at 0, both sides of the sign boundary, the maximum */
        unsigned i8 = (const unsigned[]){ 0, 127, 128, 255 }[pick(4)], i7 = (const unsigned[]){ 0, 63, 64, 127 }[pick(4)];
        printf("\tsub sp, #%u\n\tadd sp, #%u\n", 4 * i7, 4 * i7);
        /* 1024 bytes down (imm7 reaches 508 a step): the offsets up to 1020 stay below the SP of before */
        printf("\tsub sp, #508\n\tsub sp, #508\n\tsub sp, #8\n\tldr r%d, [sp, #%u]\n\tstr r%d, [sp, #%u]\n"
               "\tadd r%d, sp, #%u\n\tadd sp, #508\n\tadd sp, #508\n\tadd sp, #8\n", reg(), 4 * i8, reg(), 4 * i8, reg(), 4 * i8);
    }
}

static void step(void);
static void psp_body(void)
{
    for (uint32_t j = 0; j < 3 + pick(10); j++) {
        if (v7m_mode) v7m_step();
        else step();
    }
}

static void step(void)
{
    uint32_t k = pick(100);
    if (k < 50) alu();
    else if (k < 68) memop();
    else if (k < 75) { /* forward branch over a few instructions */
        int l = new_label();
        if (pick(3)) printf("\tb%s.n 9%d%04df\n", cond[pick(14)], 1, l);
        else printf("\tb.n 9%d%04df\n", 1, l);
        for (uint32_t j = pick(3); j < 3; j++) alu();
        printf("9%d%04d:\n", 1, l);
    } else if (k < 79) { /* a bounded backward loop */
        int l = new_label();
        printf("\tmovs r5, #%u\n9%d%04d:\n", 1 + pick(4), 2, l);
        alu();
        alu();
        printf("\tsubs r5, #1\n\tbne 9%d%04db\n", 2, l);
    } else if (k < 84) {
        switch (pick(4)) {
        case 0: printf("\tldr r6, =leaf%u\n\tblx r6\n", pick(4)); break;
        case 1: { /* BX / MOV pc / ADD pc (PC+4 plus the offset) to a label */
            int l = new_label();
            if (pick(3)) printf("\tldr r6, =8%04df+1\n\t%s r6\n\t.ltorg\n8%04d:\n", l, pick(2) ? "bx" : "mov pc,", l);
            else printf("\tmovs r6, #%u\n\tadd pc, r6\n\tadds r0, #1\n\tadds r1, #1\n", 2 * pick(2)); /* skips 1 or 2 */
            break;
        }
        default: printf("\tbl leaf%u\n", pick(4)); break;
        }
    } else if (k < 87) { /* not with asynchronous NMIs: an NMI taken right after the SVC leaves SVCall pending in
                          * the NMI handler, which escalates to HardFault there: a lockup (--async) */
        unsigned imm = pick(256);
        if (async_mode) printf("\tnop\n");
        else printf("\tsvc #%u\n", imm);
    } else if (k < 95) {
        system_op();
    } else if (k < 97) { /* PRIMASK: interrupts held for a few instructions */
        printf("\tcpsid i\n");
        for (uint32_t j = 0; j < 1 + pick(4); j++) alu();
        if (pick(4) == 0) { /* NMI is not masked by PRIMASK */
            REG_WRITE(0xE000ED04, 1u << 31);
            SYNC();
        }
        if (pick(2)) printf("\tcpsie i\n");
        else printf("\tmovs r6, #0\n\tmsr primask, r6\n");
    } else if (k < 99) {
        printf("\tmrs r%d, %s\n", reg(), (const char *[]){ "msp", "psp", "control", "primask", "ipsr", "xpsr" }[pick(6)]);
    } else {
        rare_op();
    }
}

/* ---- Asynchronous interrupts (--async) ----
 * The testbench raises NMI and any of IRQ0-31 at any cycle (rtl_tb/irq_source.sv; the checker in live mode). The
 * program's own handlers (NMI, IRQ0-3) already work on the hardware-stacked registers only; IRQ4-31 get one more
 * that counts its entries in async_count (RAM outside the scratch area) with r0 and r1, which the exception
 * return restores. The vector table with it is the program's own (VTOR), so that the startup code stays that of
 * every program; with --table0 (a core without VTOR, Cortex-M0) the table at 0, in code RAM, takes that handler's
 * address for IRQ4-31 instead. IRQ4-31 are enabled with random priorities. The program has no SVC (see step()). */
static void async_setup(void)
{
    if (table0)
        printf("\tldr r5, =async_irq_handler\n\tmovs r6, #0x50\n1:\tstr r5, [r6]\n\tadds r6, #4\n\tcmp r6, #0xc0\n"
               "\tbne 1b\n\tdsb\n\tisb\n");
    else
        printf("\tldr r6, =0xe000ed08\n\tldr r5, =async_vectors\n\tstr r5, [r6]\n\tdsb\n\tisb\n"); /* VTOR */
    for (unsigned k = 1; k < 8; k++) REG_WRITE(0xE000E400 + 4 * k, rnd()); /* IPR1-7: IRQ4-31 priorities */
    REG_WRITE(0xE000E100, 0xfffffff0u);                                   /* enable IRQ4-31 */
}

static void async_tables(void)
{
    static const char *const named[16] = { "__stack_top", "reset_handler", "nmi_handler", "hardfault_handler",
                                           0, 0, 0, 0, 0, 0, 0, "svc_handler", 0, 0, "pendsv_handler",
                                           "systick_handler" };
    printf("\t.thumb_func\nasync_irq_handler:\n\tldr r0, =async_count\n\tldr r1, [r0]\n\tadds r1, #1\n"
           "\tstr r1, [r0]\n\tbx lr\n\t.ltorg\n");
    /* 48 entries: VTOR needs the table aligned to a power of two at least its size, 256 bytes */
    printf("\t.align 8\nasync_vectors:\n");
    for (int e = 0; e < 48; e++)
        printf("\t.word %s\n", e < 16 ? (named[e] ? named[e] : "default_handler")
                                       : e < 20 ? (const char *[]){ "irq0_handler", "irq1_handler", "irq2_handler",
                                                                     "irq3_handler" }[e - 16]
                                                : "async_irq_handler");
    printf("\t.bss\n\t.align 2\n\t.global async_count\nasync_count:\n\t.space 4\n");
}
/* ---- end of the asynchronous interrupts ---- */

int main(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--v7m") || !strcmp(argv[1], "--v7em"))) {
        v7m_mode = gen_no_sleep = 1;
        gen_v7em = !strcmp(argv[1], "--v7em");
        argv++;
        argc--;
    } else if (argc > 1 && !strcmp(argv[1], "--fields")) {
        fields = 1;
        argv++;
        argc--;
    } else if (argc > 1 && !strcmp(argv[1], "--async")) {
        async_mode = 1;
        argv++;
        argc--;
        if (argc > 1 && !strcmp(argv[1], "--table0")) {
            table0 = 1;
            argv++;
            argc--;
        }
    }
    if (argc < 2) {
        fprintf(stderr, "usage: gen_random [--async [--table0] | --v7m | --v7em | --fields] <seed> [instructions]\n");
        return 2;
    }
    gen_seed(strtoull(argv[1], NULL, 0));
    int n = argc > 2 ? atoi(argv[2]) : 400;
    int funcs = 4;
    printf("@ constrained-random program, seed %s, %d steps%s (tests/random/gen_random.c)\n", argv[1], n,
           async_mode ? ", asynchronous interrupts" : gen_v7em ? ", ARMv7E-M" : v7m_mode ? ", ARMv7-M" : "");
    printf("\t.syntax unified\n\t.thumb\n\t.text\n\t.global main\n\t.type main, %%function\n\t.thumb_func\nmain:\n");
    /* r4-r11 are the caller's: saved, restored at the end */
    printf("\tpush {r4-r7, lr}\n\tmov r0, r8\n\tmov r1, r9\n\tmov r2, r10\n\tmov r3, r11\n\tpush {r0-r3}\n");
    printf("\tldr r7, =scratch\n");
    for (int r = 0; r < 5; r++) printf("\tldr r%d, =0x%08x\n", r, corner());
    for (int r = 8; r < 13; r++) printf("\tldr r6, =0x%08x\n\tmov r%d, r6\n", corner(), r);
    REG_WRITE(0xE000E400, rnd());          /* IRQ0-3 priorities */
    REG_WRITE(0xE000ED1C, rnd() & 0x00ffffffu); /* SHPR2: SVCall keeps 0; the reserved bits are RAZ/WI */
    REG_WRITE(0xE000ED20, rnd());          /* PendSV, SysTick */
    REG_WRITE(0xE000E100, 0xf);            /* enable IRQ0-3 */
    if (async_mode) async_setup();
    if (!v7m_mode && pick(2)) { /* MTB on, 4 KiB, a watermark somewhere with AUTOSTOP or AUTOHALT or neither */
        REG_WRITE(0xF0000000, 0);
        REG_WRITE(0xF0000008, (8 * pick(512)) | pick(4));
        REG_WRITE(0xF0000004, 0x80000008u);
    }
    for (int i = 0; i < n; i++) {
        if (i % (v7m_mode ? 12 : 24) == (v7m_mode ? 11 : 23)) { /* keep literal pools within reach of LDR (pc, #imm) */
            int l = new_label();
            printf("\tb.n 9%d%04df\n\t.ltorg\n9%d%04d:\n", 3, l, 3, l);
        }
        if (pick(60) == 0) {
            psp_section(psp_body);
            continue;
        }
        if (fields && pick(2)) field_step();
        else if (!v7m_mode) step();
        else if (pick(40)) v7m_step();
        else printf("\tsvc #%u\n", pick(256));
    }
    /* back to a quiet state: SysTick off, nothing masked, MTB off */
    printf("\tcpsie i\n");
    REG_WRITE(0xE000E010, 0);
    if (!v7m_mode) REG_WRITE(0xF0000004, 0);
    printf("\tpop {r0-r3}\n\tmov r8, r0\n\tmov r9, r1\n\tmov r10, r2\n\tmov r11, r3\n");
    printf("\tmovs r0, #0\n\tpop {r4-r7, pc}\n\t.ltorg\n");
    printf("\t.size main, .-main\n"); /* a sized function: reports and the nightly's buckets name it */
    for (int f = 0; f < funcs; f++) {
        printf("\t.thumb_func\nleaf%d:\n\tpush {r4, lr}\n", f);
        for (uint32_t j = 0; j < 2 + pick(4); j++) alu();
        printf("\tpop {r4, pc}\n\t.ltorg\n");
    }
    /* handlers: a little work on the stacked registers' copies, then return by POP {.., pc} or BX lr; IRQk may
     * pend IRQj for j > k (nesting when j has the higher priority; no endless chain) */
    const char *h[] = { "svc_handler", "pendsv_handler", "nmi_handler", "systick_handler", "irq0_handler",
                        "irq1_handler", "irq2_handler", "irq3_handler" };
    for (int i = 0; i < 8; i++) {
        int style = (int)pick(3);
        printf("\t.global %s\n\t.thumb_func\n%s:\n", h[i], h[i]);
        printf("%s", style == 0 ? "\tpush {r4, lr}\n" : style == 1 ? "\tpush {r4-r6, lr}\n" : "");
        printf("\tmovs r%d, #%u\n\tadds r0, r%d\n\teors r1, r0\n", style == 2 ? 3 : 4, pick(256), style == 2 ? 3 : 4);
        if (pick(3) == 0) printf("\tmovs r2, #2\n\tmsr control, r2\n"); /* SPSEL: ignored in handler mode */
        if (i >= 4 && i < 7 && pick(2)) { /* pend a later IRQ */
            printf("\tldr r2, =0xE000E200\n\tmovs r3, #%u\n\tstr r3, [r2]\n\tdsb\n\tisb\n", 1u << (i - 4 + 1 + (int)pick((unsigned)(7 - i))));
        }
        if (style == 0) printf("\tpop {r4, pc}\n");
        else if (style == 1) printf("\tpop {r4-r6, pc}\n");
        else printf("\tbx lr\n");
        printf("\t.ltorg\n");
    }
    if (async_mode) async_tables();
    printf("\t.bss\n\t.align 3\nscratch:\n\t.space 256\n\t.space 512\npsp_top:\n\t.space 8\n");
    return 0;
}

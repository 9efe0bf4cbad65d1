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
 * usage: gen_random [--async] <seed> [instructions] > prog.S */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;
static uint32_t rnd(void)
{
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(state >> 33);
}
static uint32_t pick(uint32_t n) { return rnd() % n; }

static const char *const cond[] = { "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le" };

static int label;
static int async_mode; /* --async */
static int table0;     /* --table0: IRQ4-31's handler into the vector table at 0 (code RAM), for a core without VTOR */
static int new_label(void) { return label++; }

/* r0-r4 random data, r5 loop counter, r6 scratch (index, shift amount, address), r7 the scratch area base;
 * r8-r12 data for the high-register forms */
static int reg(void) { return (int)pick(5); }
static int hreg(void) { return 8 + (int)pick(5); }

/* operand values at the edges of the ALU's behaviour */
static uint32_t corner(void)
{
    static const uint32_t v[] = { 0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x80u, 0x7fu, 0xff80u, 0x8000u,
                                  0x7fffu, 0xffffu, 0xffu, 0x807f7f80u, 0x7f80807fu, 0xfffffffeu, 0x80000001u };
    return pick(3) ? v[pick(sizeof v / sizeof v[0])] : rnd();
}

/* a register shift amount: 0, 1-31, 32, 33-255, or >255 (only the bottom byte counts) */
static uint32_t shift_amount(void)
{
    switch (pick(6)) {
    case 0: return 0;
    case 1: return 32;
    case 2: return 33 + pick(223);
    case 3: return 0x100u | pick(40);
    default: return 1 + pick(31);
    }
}

static void alu(void)
{
    int d = reg(), n = reg(), m = reg();
    switch (pick(34)) {
    case 0: printf("\tadds r%d, r%d, r%d\n", d, n, m); break;
    case 1: printf("\tsubs r%d, r%d, r%d\n", d, n, m); break;
    case 2: printf("\tadds r%d, r%d, #%u\n", d, n, pick(8)); break;
    case 3: printf("\tsubs r%d, r%d, #%u\n", d, n, pick(8)); break;
    case 4: printf("\tmovs r%d, #%u\n", d, pick(256)); break;
    case 5: printf("\tcmp r%d, r%d\n", n, m); break;
    case 6: printf("\tcmn r%d, r%d\n", n, m); break;
    case 7: printf("\tadcs r%d, r%d\n", d, m); break;
    case 8: printf("\tsbcs r%d, r%d\n", d, m); break;
    case 9: printf("\t%s r%d, r%d\n", (const char *[]){ "ands", "orrs", "eors", "bics" }[pick(4)], d, m); break;
    case 10: printf("\tmvns r%d, r%d\n", d, m); break;
    case 11: printf("\tmuls r%d, r%d, r%d\n", d, m, d); break;
    case 12: /* shift by register, the amount at an edge */
        printf("\tldr r6, =%u\n\t%s r%d, r6\n", shift_amount(),
               (const char *[]){ "lsls", "lsrs", "asrs", "rors" }[pick(4)], d);
        break;
    case 13: printf("\t%s r%d, r%d\n", (const char *[]){ "lsls", "lsrs", "asrs", "rors" }[pick(4)], d, m); break;
    case 14: { /* shift by immediate: 0, 1, 31 and (LSR/ASR) 32 are the edges */
        static const unsigned e[] = { 0, 1, 31, 32 };
        unsigned t = pick(3), a = pick(2) ? e[pick(4)] : pick(32);
        if (t == 0 && a == 32) a = 31;
        if (t == 0) printf("\tlsls r%d, r%d, #%u\n", d, n, a);
        else printf("\t%s r%d, r%d, #%u\n", t == 1 ? "lsrs" : "asrs", d, n, a ? a : 32);
        break;
    }
    case 15: printf("\tnegs r%d, r%d\n", d, m); break;
    case 16: printf("\t%s r%d, r%d\n", (const char *[]){ "sxtb", "sxth", "uxtb", "uxth" }[pick(4)], d, m); break;
    case 17: printf("\t%s r%d, r%d\n", (const char *[]){ "rev", "rev16", "revsh" }[pick(3)], d, m); break;
    case 18: printf("\ttst r%d, r%d\n", n, m); break;
    case 19: printf("\tmov r%d, r%d\n", hreg(), n); break;                  /* MOV high <- low */
    case 20: printf("\tadd r%d, r%d\n", d, hreg()); break;                  /* ADD low += high */
    case 21: printf("\tadd r%d, r%d\n", hreg(), n); break;                  /* ADD high += low */
    case 22: printf("\tcmp r%d, r%d\n", hreg(), n); break;                  /* CMP high, low */
    case 23: printf("\tcmp r%d, r%d\n", n, hreg()); break;                  /* CMP low, high */
    case 24: printf("\tmov r%d, r%d\n", d, hreg()); break;                  /* MOV low <- high */
    case 25: printf("\tcmp r%d, #%u\n", n, pick(256)); break;
    case 26: printf("\tldr r%d, =0x%08x\n", d, corner()); break;
    case 27: printf("\tadds r%d, #%u\n", d, pick(256)); break;
    case 28: printf("\tsubs r%d, #%u\n", d, pick(256)); break;
    case 29: /* PC-relative: ADR, ADD rd, pc, MOV rd, pc */
        switch (pick(3)) {
        case 0: {
            int l = new_label();
            printf("\tadr r%d, 8%04df\n\tb.n 8%04df\n\t.align 2\n8%04d:\n\t.word 0x%08x\n8%04d:\n", d, l, l + 10000, l, rnd(),
                   l + 10000);
            break;
        }
        case 1: printf("\tmovs r%d, #0\n\tadd r%d, pc\n", d, d); break;
        default: printf("\tmov r%d, pc\n", d); break;
        }
        break;
    case 30: /* flags round trip */
        if (pick(2)) printf("\tmrs r%d, apsr\n", d);
        else printf("\tmsr apsr_nzcvq, r%d\n", n);
        break;
    case 31: printf("\t%s\n", (const char *[]){ "nop", "yield", "sev", "wfe", "wfi", "dmb", "dsb", "isb" }[pick(8)]); break;
    case 32: printf("\tadd r%d, sp, #%u\n", d, 4 * pick(256)); break;
    default: printf("\tmovs r%d, r%d\n", d, m); break;
    }
}

static void memop(void)
{
    int t = reg();
    switch (pick(16)) {
    case 0: printf("\tstr r%d, [r7, #%u]\n", t, 4 * pick(32)); break;
    case 1: printf("\tldr r%d, [r7, #%u]\n", t, 4 * pick(32)); break;
    case 2: printf("\tstrh r%d, [r7, #%u]\n", t, 2 * pick(32)); break;
    case 3: printf("\tldrh r%d, [r7, #%u]\n", t, 2 * pick(32)); break;
    case 4: printf("\tstrb r%d, [r7, #%u]\n", t, pick(32)); break;
    case 5: printf("\tldrb r%d, [r7, #%u]\n", t, pick(32)); break;
    case 6: printf("\tmovs r6, #%u\n\tldrsh r%d, [r7, r6]\n", 2 * pick(64), t); break;
    case 7: printf("\tmovs r6, #%u\n\tldrsb r%d, [r7, r6]\n", pick(128), t); break;
    case 8: { /* register offset, every size */
        static const char *const op[] = { "str", "ldr", "strh", "ldrh", "strb", "ldrb" };
        unsigned k = pick(6), sz = k < 2 ? 4 : k < 4 ? 2 : 1;
        printf("\tmovs r6, #%u\n\t%s r%d, [r7, r6]\n", sz * pick(128 / sz), op[k], t);
        break;
    }
    case 9: { /* STM/LDM with writeback, base r6 in the scratch area */
        unsigned list = 1 + pick(31), k = pick(3);
        printf("\tmov r6, r7\n\tadds r6, #%u\n\t%s r6!, {", 4 * pick(16), k ? "stm" : "ldm");
        for (int r = 0, first = 1; r < 5; r++)
            if (list >> r & 1) printf("%sr%d", first ? "" : ", ", r), first = 0;
        printf("}\n");
        break;
    }
    case 10: { /* LDM with the base in the list: no writeback */
        int r = (int)pick(5);
        printf("\tmov r6, r7\n\tadds r6, #%u\n\tldm r6, {r%d, r6}\n", 4 * pick(16), r);
        break;
    }
    case 11: /* SP-relative within a reserved frame */
        printf("\tsub sp, #16\n\tstr r%d, [sp, #%u]\n\tldr r%d, [sp, #%u]\n\tadd sp, #16\n", t, 4 * pick(4), reg(),
               4 * pick(4));
        break;
    case 12: /* POP {pc} as an interworking branch */
        printf("\tldr r6, =8%04df+1\n\tpush {r6}\n\tpop {pc}\n\t.ltorg\n8%04d:\n", label, label);
        label++;
        break;
    case 13: /* PUSH/POP with LR */
        printf("\tpush {r%d, lr}\n\tpop {r%d, r6}\n", t, reg());
        break;
    default: { /* two distinct registers each way, ascending: the stack stays balanced */
        int a = (int)pick(4), c = (int)pick(4);
        printf("\tpush {r%d, r%d}\n\tpop {r%d, r%d}\n", a, a + 1 + (int)pick((unsigned)(4 - a)), c,
               c + 1 + (int)pick((unsigned)(4 - c)));
        break;
    }
    }
}

#define REG_WRITE(addr, val) printf("\tldr r6, =0x%08x\n\tldr r5, =0x%08x\n\tstr r5, [r6]\n", (unsigned)(addr), (unsigned)(val))
#define SYNC() printf("\tdsb\n\tisb\n")

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

static void step(void);
static void psp_body(void)
{
    for (uint32_t j = 0; j < 3 + pick(10); j++) step();
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
    if (argc > 1 && !strcmp(argv[1], "--async")) {
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
        fprintf(stderr, "usage: gen_random [--async [--table0]] <seed> [instructions]\n");
        return 2;
    }
    state = strtoull(argv[1], NULL, 0) * 0x9e3779b97f4a7c15ull + 1;
    int n = argc > 2 ? atoi(argv[2]) : 400;
    int funcs = 4;
    printf("@ constrained-random program, seed %s, %d steps%s (tests/random/gen_random.c)\n", argv[1], n,
           async_mode ? ", asynchronous interrupts" : "");
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
    if (pick(2)) { /* MTB on, 4 KiB, a watermark somewhere with AUTOSTOP or AUTOHALT or neither */
        REG_WRITE(0xF0000000, 0);
        REG_WRITE(0xF0000008, (8 * pick(512)) | pick(4));
        REG_WRITE(0xF0000004, 0x80000008u);
    }
    for (int i = 0; i < n; i++) {
        if (i % 24 == 23) { /* keep literal pools within reach of LDR (pc, #imm) */
            int l = new_label();
            printf("\tb.n 9%d%04df\n\t.ltorg\n9%d%04d:\n", 3, l, 3, l);
        }
        if (pick(60) == 0) {
            psp_section(psp_body);
            continue;
        }
        step();
    }
    /* back to a quiet state: SysTick off, nothing masked, MTB off */
    printf("\tcpsie i\n");
    REG_WRITE(0xE000E010, 0);
    REG_WRITE(0xF0000004, 0);
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

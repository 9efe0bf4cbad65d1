/* System-level constrained-random ARMv6-M programs, reproducible by seed: the exception and system behaviour a
 * program of instructions alone never reaches, for the lockstep regression and the mutation campaign.
 *  - exceptions of every kind (SVCall, PendSV, SysTick, NMI, IRQ0-31, HardFault) raised from Thread mode on MSP,
 *    Thread mode on PSP and from handlers (nested), several pended at once under PRIMASK so that they are taken in
 *    priority order, ties among equal priorities by number; priorities changed while exceptions are active (an
 *    IRQ's handler lowering its own below one it preempted, then pending another);
 *  - faults of every kind (UDF, UNDEFINED and UNPREDICTABLE encodings, BKPT, unaligned and wrong-size accesses, bus
 *    errors at the edges of the memory map, INVSTATE interworking, invalid EXC_RETURN, MOV pc to EXC_RETURN, an
 *    SVC that cannot preempt) in every context, recovered by the HardFault handler at a resume address the program
 *    sets before each (sys_resume); optionally a last scenario that locks up (a fault in HardFault or NMI, PRIMASK
 *    set or not; an SVC in NMI; a bus error on stacking, on every vector read, on HardFault's own vector read, on
 *    the vector read of a tail-chain, on NMI's in HardFault; a bus error on a vector read, which a core with late
 *    arrival takes as a HardFault instead);
 *  - vector tables at VTOR 0, in code and at every 128-byte slot of an SRAM area (bit 7 of TBLOFF set and clear);
 *  - MRS and MSR of every SYSm value, defined or not, in every mode and stack; CONTROL.SPSEL switched in Thread mode
 *    and ignored in Handler mode; PRIMASK by CPS and MSR; MSP and PSP moved and restored;
 *  - reads of every SCS register (ICSR's VECTPENDING, ISRPENDING and VECTACTIVE while exceptions are pending and
 *    active, SysTick's COUNTFLAG cleared by a read) and of unimplemented words; the MTB configured with its buffer
 *    anywhere in its SRAM (MASK 0-31, POSITION above the buffer, WRAP, watermarks with AUTOSTOP/AUTOHALT) and
 *    read back, packets included;
 *  - interworking writes of the PC (BX, BLX, POP {pc}, MOV pc, ADD pc) to odd and even targets;
 *  - data-processing operands chosen where the pseudo-code branches (alu_edge).
 * Self-checks where the outcome is known in advance (IPSR and CONTROL in a handler, ICSR.VECTACTIVE, the stack
 * pointer MRS reads, PRIMASK, an enabled interrupt taken once pended); a failing one prints "gen_sys: self-check
 * N failed" and exits 1. Everything else is checked in lockstep. The first lines say the expected exit status:
 * "@ exit <code>" (125 for a program that ends in a lockup) and "@ exit-tc <code>" for a core with tail-chaining
 * and late arrival (where a bus error on a vector read is a HardFault, not a lockup).
 * A smaller system takes options that leave out what it does not have, so that every configuration runs the same
 * generator: --no-vtor (no VTOR: the table stays at 0, no scenario moves it), --no-mtb (no MTB: its registers and
 * SRAM are not touched), --irqs N (N external interrupts: the IRQs a program takes are below N), --reset-unknown
 * (r0-r12 UNKNOWN at reset: each is written before the program runs, and no encoding is tried whose outcome the
 * model cannot follow while anything is UNKNOWN), --no-lockup (no scenario that ends the run in a lockup).
 * usage: gen_sys [--no-vtor] [--no-mtb] [--irqs N] [--reset-unknown] [--no-lockup] <seed> [steps] > prog.S */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_lib.h"

enum { THREAD_MSP, THREAD_PSP, HANDLER };
static int ctx = THREAD_MSP;  /* where the code being generated runs */
static unsigned cur_exc;      /* the handler being generated (ctx HANDLER) */
static int end;               /* the scenario that ends the run (terminal()) */
static unsigned enabled;      /* the IRQs the Thread code enabled (handlers never change it) */
static int vtor_own;          /* VTOR holds one of the program's tables (IRQ4-31 have handlers) */
static unsigned copied;       /* the SRAM table slots already copied */
static int checks;            /* self-check ids */
static int no_vtor, no_mtb;   /* --no-vtor, --no-mtb: the system has neither */
static int reset_unknown;     /* --reset-unknown */
static int no_lockup;         /* --no-lockup */
static unsigned num_irq = 32; /* --irqs N */

#define SCS(off) (0xE000E000u + (off))
#define ICSR SCS(0xd04)
#define VTOR SCS(0xd08)
#define MTB_BASE 0xF0000000u
#define MTB_RAM 0x24000000u

/* A self-check that register rX equals v: on failure the program prints its number and exits 1 (r5, r6 scratch). */
static void check_eq(int r, uint32_t v)
{
    int id = ++checks, l = new_label();
    if (v < 256) printf("\tcmp r%d, #%u\n", r, v);
    else printf("\tldr r6, =0x%08x\n\tcmp r%d, r6\n", v, r);
    printf("\tbeq 7%04df\n\tmovs r0, #%d\n\tbl sys_fail\n7%04d:\n", l, id & 255, l);
}

/* A self-check that two registers are equal. */
static void check_regs(int a, int b)
{
    int id = ++checks, l = new_label();
    printf("\tcmp r%d, r%d\n\tbeq 7%04df\n\tmovs r0, #%d\n\tbl sys_fail\n7%04d:\n", a, b, l, id & 255, l);
}

/* The HardFault handler returns to label 6<l>, after the faulting instruction: set before it, cleared there. */
static void set_resume(int l) { printf("\tldr r6, =6%04df\n\tldr r5, =sys_resume\n\tstr r6, [r5]\n", l); }
static void at_resume(int l) { printf("6%04d:\n\tmovs r6, #0\n\tldr r5, =sys_resume\n\tstr r6, [r5]\n", l); }

/* With --reset-unknown the exception entry leaves r0-r3, r12 and the flags UNKNOWN (Cortex-M0's choice): a handler
 * writes them first. */
static void entry_known(void)
{
    if (reset_unknown)
        printf("\tmovs r0, #0\n\tmovs r1, #0\n\tmovs r2, #0\n\tmovs r3, #0\n\tmov r12, r0\n\tcmp r0, r0\n");
}

/* ---- data processing at the edges of AddWithCarry and Shift_C: r0, r1 (and r2) ---- */
static uint32_t edge_value(void)
{
    static const uint32_t v[] = { 0, 1, 2, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xffffffffu, 0xfffffffeu,
                                  0x7fu, 0x80u, 0xffu, 0x100u, 0x7fffu, 0x8000u, 0xffffu, 0x10000u, 31, 32, 33 };
    return pick(4) ? v[pick(sizeof v / sizeof v[0])] : rnd();
}

/* a second operand related to the first where the result's flags change: equal, negated, complemented, one off */
static uint32_t related(uint32_t a)
{
    switch (pick(7)) {
    case 0: return a;
    case 1: return 0u - a;
    case 2: return ~a;
    case 3: return a + 1;
    case 4: return a - 1;
    case 5: return 0x80000000u - a;
    default: return edge_value();
    }
}

static void alu_edge(void)
{
    static const char *const two[] = { "adds", "subs", "cmp", "cmn", "adcs", "sbcs", "ands", "orrs", "eors",
                                       "bics", "tst", "muls", "lsls", "lsrs", "asrs", "rors" };
    static const char *const one[] = { "negs", "mvns", "sxtb", "sxth", "uxtb", "uxth", "rev", "rev16", "revsh" };
    uint32_t a = edge_value(), b = related(a);
    unsigned k = pick(20);
    if (k < 16 && k >= 12) b = shift_amount() ^ (pick(4) ? 0 : 0x100u); /* shift by register: an amount at an edge */
    printf("\tldr r0, =0x%08x\n\tldr r1, =0x%08x\n", a, b);
    if (pick(2)) printf("\t%s\n", pick(2) ? "cmp r0, r0" : "cmn r0, r0"); /* the carry in: set or clear */
    if (k < 16) {
        if (!strcmp(two[k], "muls")) printf("\tmuls r0, r1, r0\n");
        else printf("\t%s r0, r1\n", two[k]);
    } else if (k < 18) {
        printf("\t%s r2, r0, #%u\n", pick(2) ? "adds" : "subs", pick(8)); /* imm3 */
        printf("\t%s r0, #%u\n", pick(2) ? "adds" : "subs", pick(2) ? 255 : pick(256)); /* imm8 */
    } else if (k < 19) {
        static const unsigned e[] = { 0, 1, 31, 32 };
        unsigned t = pick(3), s = e[pick(4)];
        if (t == 0) printf("\tlsls r2, r0, #%u\n", s == 32 ? 31 : s);
        else printf("\t%s r2, r0, #%u\n", t == 1 ? "lsrs" : "asrs", s ? s : 32);
    } else {
        printf("\t%s r2, r0\n", one[pick(sizeof one / sizeof one[0])]);
    }
    printf("\tmrs r3, apsr\n");
}

/* ---- MRS and MSR of every SYSm (the encodings written out, defined SYSm values or not) ---- */
static void mrs(int rd, unsigned sysm) { printf("\t.inst.w 0x%08x\n", 0xf3ef8000u | (unsigned)rd << 8 | sysm); }
static void msr(int rn, unsigned sysm) { printf("\t.inst.w 0x%08x\n", (0xf3800000u | (unsigned)rn << 16) | 0x8800u | sysm); }

static const unsigned sysm_defined[] = { 0, 1, 2, 3, 5, 6, 7, 8, 9, 16, 20 };
static unsigned any_sysm(void)
{
    static const unsigned undefined[] = { 4, 10, 11, 17, 18, 19, 21, 24, 255 };
    return pick(5) ? sysm_defined[pick(sizeof sysm_defined / sizeof sysm_defined[0])] : undefined[pick(9)];
}

static void special_regs(void)
{
    switch (pick(8)) {
    case 0: case 1: /* reads */
        for (unsigned i = 0; i < 1 + pick(3); i++) mrs((int)pick(4), any_sysm());
        break;
    case 2: { /* the flags, and the xPSR views that are not written (SYSm<2> set) */
        static const unsigned w[] = { 0, 1, 2, 3, 5, 6, 7 };
        printf("\tldr r0, =0x%08x\n", rnd());
        msr(0, w[pick(7)]);
        mrs(1, pick(2) ? 3 : 0);
        break;
    }
    case 3: /* the stack pointer in use, as MRS reads it */
        mrs(0, ctx == THREAD_PSP ? 9 : 8);
        printf("\tmov r1, sp\n");
        check_regs(0, 1);
        break;
    case 4: { /* a stack pointer, in use or not, moved down and back (the handler's Thread PSP frame included) */
        unsigned s = 8 + pick(2);
        mrs(0, s);
        printf("\tmov r1, r0\n\tsubs r1, #%u\n", 8 * (1 + pick(4)));
        msr(1, s);
        mrs(2, s);
        msr(0, s);
        break;
    }
    case 5: /* PRIMASK by MSR: set and cleared in handlers, as the Thread code knows it */
        printf("\tmovs r0, #%u\n", pick(2) ? 1 : 0xff);
        msr(0, 16);
        mrs(1, 16);
        check_eq(1, 1);
        printf("\tmovs r0, #0\n");
        msr(0, 16);
        break;
    case 6: /* CONTROL: SPSEL ignored in Handler mode; nPRIV reads as zero (always privileged) */
        if (ctx == HANDLER) {
            printf("\tmovs r0, #%u\n", 1 + pick(3));
            msr(0, 20);
            mrs(1, 20);
            check_eq(1, 0);
        } else {
            printf("\tmovs r0, #%u\n", ctx == THREAD_PSP ? 3 : 1); /* nPRIV only: the stack stays */
            msr(0, 20);
            mrs(1, 20);
            check_eq(1, ctx == THREAD_PSP ? 2 : 0);
        }
        break;
    default:
        mrs(0, 5);
        if (ctx == HANDLER) check_eq(0, cur_exc);
        else check_eq(0, 0);
        mrs(1, 20);
        check_eq(1, ctx == THREAD_PSP ? 2 : 0);
        break;
    }
}

/* ---- reads of the system registers: SCS (every register, unimplemented words), MTB SFRs and MTB SRAM ---- */
static void sys_reads(void)
{
    static const uint32_t scs[] = { 0x010, 0x014, 0x018, 0x01c, 0x100, 0x180, 0x200, 0x280, 0x400, 0x404, 0x41c,
                                    0xd00, 0xd04, 0xd08, 0xd0c, 0xd10, 0xd14, 0xd1c, 0xd20, 0xd24,
                                    0x000, 0x004, 0x300, 0xd18, 0xd28, 0xd30, 0xf00, 0x420, 0xe00, 0x020 };
    for (unsigned i = 0; i < 1 + pick(4); i++) {
        uint32_t a;
        switch (no_mtb ? 2 + pick(4) : pick(6)) {
        case 0: a = MTB_BASE + 4 * pick(4); break;
        case 1: a = MTB_RAM + 4 * pick(1024); break;
        case 2: a = ICSR; break;
        case 3: a = SCS(0x010); break; /* SYST_CSR: COUNTFLAG clears on the read */
        default: a = SCS(scs[pick(sizeof scs / sizeof scs[0])]); break;
        }
        printf("\tldr r6, =0x%08x\n\tldr r%u, [r6]\n", a, pick(4));
    }
    if (ctx == HANDLER && pick(2)) { /* ICSR.VECTACTIVE is the handler's own number */
        printf("\tldr r6, =0x%08x\n\tldr r0, [r6]\n\tlsls r0, r0, #26\n\tlsrs r0, r0, #26\n", ICSR);
        check_eq(0, cur_exc);
    }
}

/* ---- pending, enabling and prioritising exceptions ---- */
static uint32_t irq_bits(int any)
{
    /* IRQ4-31 have handlers only in the program's own tables (VTOR) */
    uint32_t lines = any && vtor_own ? 0xffffffffu : 0xfu, v = 0;
    for (unsigned i = 0; i < 1 + pick(3); i++) v |= 1u << pick(32);
    v &= lines;
    return v ? v : 1u << pick(4);
}

static void priorities(void)
{
    switch (pick(5)) {
    case 4: { /* a write to an SCS word that is not implemented: ignored */
        static const uint32_t unimplemented[] = { 0x004, 0x300, 0xd30, 0xf00, 0x020 };
        REG_WRITE(SCS(unimplemented[pick(5)]), rnd());
        break;
    }
    case 0: /* SHPR2: SVCall keeps priority 0 but for a masked moment (see svc_site) */
        mrs(4, 16);
        printf("\tcpsid i\n");
        REG_WRITE(SCS(0xd1c), rnd());
        printf("\tldr r0, [r6]\n");
        REG_WRITE(SCS(0xd1c), rnd() & 0x3fffffffu);
        msr(4, 16);
        break;
    case 1: REG_WRITE(SCS(0xd20), rnd()); break; /* SHPR3: PendSV, SysTick */
    default: /* four IRQs at a time: ties are likely with four levels */
        REG_WRITE(SCS(0x400 + 4 * pick(8)), pick(2) ? rnd() : 0x40404040u * pick(4));
        break;
    }
}

/* A guard for what a handler does at most sys_budget times in a run (pending others: no endless chains); r4, r5. */
static int budget_begin(void)
{
    int l = new_label();
    printf("\tldr r4, =sys_budget\n\tldr r5, [r4]\n\tsubs r5, #1\n\tbmi 5%04df\n\tstr r5, [r4]\n", l);
    return l;
}
static void budget_end(int l) { printf("5%04d:\n", l); }

static void pend(void)
{
    switch (pick(6)) {
    case 0: case 1: {
        uint32_t v = ctx == HANDLER ? 1u << pick(32) | (pick(2) ? 1u << pick(32) : 0) : irq_bits(1);
        if (ctx == HANDLER) { /* the table in use may be the startup code's, whatever the Thread code did */
            int l = new_label();
            printf("\tldr r6, =0x%08x\n\tldr r6, [r6]\n\tcmp r6, #0\n\tbne 4%04df\n", VTOR, l);
            REG_WRITE(SCS(0x200), v & 0xf);
            printf("\tb 3%04df\n4%04d:\n", l, l);
            REG_WRITE(SCS(0x200), v);
            printf("3%04d:\n", l);
        } else {
            REG_WRITE(SCS(0x200), v);
        }
        break;
    }
    case 2: REG_WRITE(ICSR, 1u << 28); break;                         /* PENDSVSET */
    case 3: REG_WRITE(ICSR, 1u << 26); break;                         /* PENDSTSET */
    case 4: REG_WRITE(ICSR, pick(3) ? 1u << 31 : 0x94000000u); break; /* NMIPENDSET (with PendSV and SysTick) */
    default:                                                          /* clear what is pending */
        if (pick(2)) REG_WRITE(ICSR, pick(2) ? 1u << 27 : 1u << 25);
        else REG_WRITE(SCS(0x280), 0xff000000u & rnd());              /* IRQ24-31 only: see thread_pend */
        break;
    }
    SYNC();
}

/* Thread mode: several exceptions pended under PRIMASK, ICSR and the NVIC read while they wait, then taken in
 * priority order (ties by number); or one enabled IRQ pended with PRIMASK clear, which must be taken at once. */
static void thread_pend(void)
{
    if (pick(3) == 0) {
        unsigned lim = vtor_own ? 24 : 4;
        unsigned n = pick(lim < num_irq ? lim : num_irq);
        if (!(enabled >> n & 1)) {
            REG_WRITE(SCS(0x100), 1u << n);
            enabled |= 1u << n;
        }
        printf("\tcpsie i\n\tldr r2, =sys_counts+%u\n\tldr r3, [r2]\n", 4 * (16 + n));
        REG_WRITE(SCS(0x200), 1u << n);
        SYNC();
        printf("\tldr r1, [r2]\n\tsubs r1, r1, r3\n");
        int id = ++checks, l = new_label();
        printf("\tbne 7%04df\n\tmovs r0, #%d\n\tbl sys_fail\n7%04d:\n", l, id & 255, l);
        return;
    }
    printf("\tcpsid i\n");
    for (unsigned i = 0; i < 1 + pick(4); i++) {
        if (pick(3) == 0) priorities();
        pend();
    }
    if (pick(2)) printf("\tldr r6, =0x%08x\n\tldr r0, [r6]\n\tldr r6, =0x%08x\n\tldr r1, [r6]\n", ICSR, SCS(0x200));
    if (pick(4) == 0) printf("\tsub sp, #4\n\tcpsie i\n\tadd sp, #4\n"); /* taken with SP = 4 mod 8: realigned */
    else printf("\tcpsie i\n");
}

static void enables(void)
{
    uint32_t v = rnd() & (vtor_own ? 0xffffffffu : 0xfu);
    if (pick(3)) {
        REG_WRITE(SCS(0x100), v);
        enabled |= v;
    } else {
        REG_WRITE(SCS(0x180), v);
        enabled &= ~v;
    }
}

/* ---- SysTick (counting retired instructions in file mode): periods long enough for the handlers ---- */
static void systick(void)
{
    switch (pick(4)) {
    case 0: /* an interrupting period */
        REG_WRITE(SCS(0x014), 300 + pick(1500));
        REG_WRITE(SCS(0x018), rnd());
        REG_WRITE(SCS(0x010), pick(2) ? 7 : 3);
        break;
    case 1: /* counting without the interrupt: the other registers read while COUNTFLAG is set (no side effect),
             * then CSR twice (the first read clears it); or CVR written (clears it) before CSR is read */
        REG_WRITE(SCS(0x014), pick(3) ? pick(40) : rnd());
        REG_WRITE(SCS(0x010), pick(2) ? 5 : 1);
        for (unsigned i = 0; i < 3 + pick(20); i++) printf("\tnop\n");
        printf("\tldr r6, =0x%08x\n", SCS(0x010));
        if (pick(3)) printf("\tldr r2, [r6, #8]\n\tldr r3, [r6, #%u]\n", pick(2) ? 4 : 12);
        else printf("\tstr r6, [r6, #8]\n");
        printf("\tldr r0, [r6]\n\tldr r1, [r6]\n");
        break;
    case 2: REG_WRITE(SCS(0x010), pick(2) ? 0 : 2); break; /* off (TICKINT alone) */
    default: REG_WRITE(SCS(0x018), rnd()); break;         /* a write of CVR: zero, COUNTFLAG clear */
    }
}

/* ---- the MTB: its buffer anywhere in the 4 KiB SRAM, wrap, watermark, AUTOSTOP/AUTOHALT, read back ---- */
static void mtb(void)
{
    if (no_mtb) return;
    switch (pick(5)) {
    case 0: /* off; BASE is read-only */
        REG_WRITE(MTB_BASE + 4, 0);
        REG_WRITE(MTB_BASE + 12, rnd());
        break;
    case 1: /* MASTER written again while it runs (S only after EN rises) */
        REG_WRITE(MTB_BASE + 4, 0x80000000u | pick(9) | (pick(2) ? 0x60u : 0));
        break;
    case 2: /* read back: registers and packets */
        for (unsigned i = 0; i < 2 + pick(4); i++)
            printf("\tldr r6, =0x%08x\n\tldr r%u, [r6]\n", pick(2) ? MTB_BASE + 4 * pick(4) : MTB_RAM + 4 * pick(1024), pick(4));
        break;
    default: {
        unsigned mask = pick(5) ? pick(9) : 9 + pick(23), size = mask < 8 ? 16u << mask : 4096; /* MASK past the SRAM */
        uint32_t pos = 8 * pick(4096 / 8) | (pick(4) ? 0 : 4);       /* any region, WRAP set or not */
        uint32_t base = pos & ~(size - 1) & 0xfffu;
        uint32_t flow = base | (8 * pick(size / 8)) | pick(4) | (pick(4) ? 0 : 4);  /* watermark in the buffer */
        REG_WRITE(MTB_BASE + 0, pos);
        REG_WRITE(MTB_BASE + 8, flow);
        REG_WRITE(MTB_BASE + 4, 0x80000000u | mask);
        break;
    }
    }
}

/* ---- vector tables: the program's own, in code (TBLOFF bit 7 clear, set) or at a 128-byte slot in SRAM ---- */
static void vtor_move(void)
{
    if (no_vtor) return;
    unsigned k = pick(9);
    if (k == 0) {
        REG_WRITE(VTOR, 0); /* the startup code's table: IRQ4-31 fall to default_handler */
        vtor_own = 0;
    } else if (k < 3) {
        printf("\tldr r6, =sys_vectors_%c\n\tldr r5, =0x%08x\n\tstr r6, [r5]\n", k == 1 ? 'a' : 'b', VTOR);
        vtor_own = 1;
    } else {
        unsigned slot = k - 3; /* 0-5: vt_area + 384 * slot, TBLOFF bit 7 set in the odd ones; tables apart */
        if (!(copied >> slot & 1)) {
            int l = new_label();
            printf("\tldr r5, =sys_vectors_a\n\tldr r6, =vt_area+%u\n\tmovs r0, #48\n"
                   "3%04d:\n\tldm r5!, {r1}\n\tstm r6!, {r1}\n\tsubs r0, #1\n\tbne 3%04db\n",
                   384 * slot, l, l);
            copied |= 1u << slot;
        }
        printf("\tldr r6, =vt_area+%u\n\tldr r5, =0x%08x\n\tstr r6, [r5]\n", 384 * slot, VTOR);
        vtor_own = 1;
    }
    SYNC();
    printf("\tldr r5, =0x%08x\n\tldr r0, [r5]\n", VTOR);
}

/* ---- faults, each recovered at its resume label by the HardFault handler ---- */
static void bus_error_access(void)
{
    static const uint32_t unmapped[] = { 0x60000000u, 0x30000000u, 0x20010000u, 0x2000fffcu + 4, 0x24001000u,
                                         0xe0001000u, 0xe000f000u, 0xe0000000u, 0xf0000010u, 0x00040000u,
                                         0xa0000000u, 0x1fffffe0u, 0x4fff0000u };
    static const char *const op[] = { "ldr", "str", "ldrb", "strb", "ldrh", "strh" };
    unsigned k = pick(8);
    uint32_t a = unmapped[pick(sizeof unmapped / sizeof unmapped[0])];
    if (k >= 4) a &= ~1u;
    if (k >= 6) a &= ~3u;
    if (k < 6) printf("\tldr r6, =0x%08x\n\t%s r5, [r6]\n", a, op[k]);
    else printf("\tldr r6, =0x%08x\n\t%s r6!, {r5}\n", a, k == 6 ? "ldm" : "stm");
}

/* A POP whose last word is past the end of the SRAM (SP at its last word): the POP faults before it writes any
 * register, the SP included; r4 keeps the stack pointer and r3 PRIMASK, put back after the resume label. PRIMASK
 * is set meanwhile: an exception taken with SP there would stack its frame where the HardFault stacks its own. */
static void pop_past_sram(void)
{
    mrs(3, 16);
    printf("\tcpsid i\n\tmov r4, sp\n\tldr r6, =0x2000fffc\n\tmov sp, r6\n\tpop {r0, %s}\n", pick(2) ? "r1" : "pc");
}

/* A 32-bit instruction whose second halfword is past the end of the SRAM: its fetch faults (code runs from SRAM) */
static void fetch_past_sram(void)
{
    printf("\tldr r6, =0x2000fffe\n\tldr r5, =0x%04x\n\tstrh r5, [r6]\n\tadds r6, #1\n\tbx r6\n",
           pick(2) ? 0xf000u : 0xf3efu);
}

static void undefined_encoding(void)
{
    /* while anything is UNKNOWN the model follows no encoding the table does not give ARMv6-M, and MSR/MRS with SP,
     * LR or PC make registers and flags UNKNOWN (model/unknown.c): with --reset-unknown, the others only */
    static const unsigned known[] = { 2, 6, 11 };
    switch (reset_unknown ? known[pick(3)] : pick(12)) {
    case 0: printf("\t.inst.n 0x%04x\n", 0xba80u | pick(64)); break;                       /* REV group, op 10 */
    case 1: printf("\t.inst.n 0x%04x\n", 0x4700u | pick(16) << 3 | (1 + pick(7))); break;  /* BX/BLX, bits 2:0 set */
    case 2: printf("\t.inst.n 0x47f8\n"); break;                                             /* BLX pc */
    case 3: printf("\t.inst.n 0x%04x\n", 0xbf00u | (1 + pick(15)) | pick(16) << 4); break;   /* IT (ARMv7-M) */
    case 4: printf("\t.inst.n 0x%04x\n", 0xbf50u + 0x10u * pick(11)); break;                /* unallocated hints */
    case 5: printf("\t.inst.n 0x%04x\n", (pick(2) ? 0xb100u : 0xb900u) | pick(2) << 9 | pick(256)); break; /* CBZ */
    case 6: { /* empty register lists: PUSH, POP, STM, LDM (any base) */
        unsigned k = pick(4);
        printf("\t.inst.n 0x%04x\n", (const unsigned[]){ 0xb400, 0xbc00, 0xc000, 0xc800 }[k] | (k >= 2 ? pick(8) << 8 : 0));
        break;
    }
    case 7: msr(13 + (int)pick(3), sysm_defined[pick(11)]); break;                            /* MSR from SP, LR, PC */
    case 8: mrs(13 + (int)pick(3), sysm_defined[pick(11)]); break;                            /* MRS to SP, LR, PC */
    case 9: /* MRS with a should-be bit wrong, MSR with hw1 bit 4, barrier options 0111 and 0000, ARMv7-M 32-bit */
        printf("\t.inst.w 0x%08x\n", (const unsigned[]){ 0xf3efa000u, 0xf3908800u, 0xf3bf8f7fu, 0xf3bf8f0fu, 0xe8000000u,
                                                          0xf0008000u }[pick(6)]);
        break;
    case 10: printf("\t.inst.n 0x%04x\n", 0xb650u | pick(16)); break;                         /* SETEND, CPS bits */
    default: printf("\t.inst.w 0x%08x\n", 0xf7f0a000u | pick(16) << 16 | pick(4096)); break; /* UDF.W */
    }
}

static void fault_site(void)
{
    int l = new_label();
    set_resume(l);
    int sp_moved = 0;
    switch (pick(ctx == HANDLER ? 13 : 12)) {
    case 10: pop_past_sram(); sp_moved = 1; break;
    case 11: fetch_past_sram(); break;
    case 0: printf("\tudf #%u\n", pick(256)); break;
    case 1: printf("\tbkpt #%u\n", (pick(255) + 0xacu) & 0xff); break; /* anything but 0xAB (semihosting) */
    case 2: { /* unaligned: words at +1..3, halfwords at odd addresses, LDM/STM bases */
        static const char *const op[] = { "ldr r5, [r6]", "str r5, [r6]", "ldrh r5, [r6]", "strh r5, [r6]",
                                          "movs r5, #0\n\tldrsh r5, [r6, r5]", "ldm r6!, {r5}", "stm r6!, {r5}" };
        unsigned k = pick(7);
        printf("\tldr r6, =scratch+%u\n\t%s\n", k == 2 || k == 3 || k == 4 ? 1 + 2 * pick(2) : 1 + pick(3), op[k]);
        break;
    }
    case 3: case 4: bus_error_access(); break;
    case 5: { /* a system register by a halfword or byte access */
        static const char *const op[] = { "ldrh", "strh", "ldrb", "strb" };
        printf("\tldr r6, =0x%08x\n\t%s r5, [r6]\n", pick(2) && !no_mtb ? MTB_BASE + 4 * pick(4) : SCS(0xd00 + 4 * pick(9)),
               op[pick(4)]);
        break;
    }
    case 6: /* INVSTATE: an interworking branch to an even address (the resume label itself) */
        printf("\tldr r6, =6%04df\n", l);
        if (ctx == HANDLER || pick(2)) printf("\tpush {r6}\n\tpop {pc}\n");
        else printf("\t%s r6\n", pick(2) ? "bx" : "blx");
        break;
    case 7: case 8: undefined_encoding(); break;
    case 9: /* a branch to an EXC_RETURN value: Thread mode fetches there (bus error); MOV pc never returns */
        printf("\tldr r6, =0x%08x\n\t%s r6\n", (const uint32_t[]){ 0xfffffff9u, 0xfffffffdu, 0xfffffff1u, 0xf0000001u }[pick(4)],
               ctx == HANDLER ? "mov pc," : pick(2) ? "bx" : "mov pc,");
        break;
    case 12: /* Handler mode: an invalid EXC_RETURN, or MOV pc, lr */
        if (pick(2)) printf("\tldr r6, =0x%08x\n\tbx r6\n", (const uint32_t[]){ 0xfffffff5u, 0xffffffe9u, 0xf0000001u, 0xfffffff0u }[pick(4)]);
        else printf("\tmov pc, lr\n");
        break;
    }
    printf("\t.ltorg\n");
    at_resume(l);
    if (sp_moved) {
        printf("\tmov sp, r4\n");
        msr(3, 16);
    }
}

/* An SVC: taken when SVCall's priority is above the execution priority, else escalated to HardFault (resumed);
 * in Thread mode also with PRIMASK set on purpose. SVCall keeps priority 0 (PRIMASK masks the moments its SHPR2
 * field is other): then an SVC is never left pending while another exception is taken first. The reference
 * core's SCS does not see the core's SVCall pending state (rtl_tb/core/README.md, "Known differences"), so a
 * pending SVCall must never be visible to ICSR or SHCSR reads. */
static void svc_site(void)
{
    int l = new_label(), masked = ctx != HANDLER && pick(3) == 0;
    set_resume(l);
    if (masked) printf("\tcpsid i\n");
    printf("\tsvc #%u\n", pick(256));
    at_resume(l);
    if (masked) printf("\tcpsie i\n");
}

/* ---- interworking writes of the PC to odd (Thumb) and even targets ---- */
static void interwork(void)
{
    int l = new_label();
    switch (pick(ctx == HANDLER ? 4 : 6)) {
    case 0: printf("\tldr r6, =8%04df+1\n\t%s r6\n\t.ltorg\n8%04d:\n", l, pick(2) ? "bx" : "mov pc,", l); break;
    case 1: printf("\tldr r6, =8%04df+1\n\tpush {r6}\n\tpop {pc}\n\t.ltorg\n8%04d:\n", l, l); break;
    case 2: printf("\tldr r6, =8%04df\n\tmov pc, r6\n\t.ltorg\n8%04d:\n", l, l); break; /* bit 0 ignored */
    case 3: printf("\tmovs r6, #%u\n\tadd pc, r6\n\tadds r0, #1\n\tadds r1, #1\n", 2 * pick(2) + (pick(4) ? 0 : 1)); break;
    case 4: printf("\tbl sys_leaf%u\n", pick(4)); break;
    default: printf("\tldr r6, =sys_leaf%u\n\tblx r6\n", pick(4)); break;
    }
}

/* ---- one step of Thread code, and one action of a handler ---- */
static void thread_step(void);

static void psp_section(void)
{
    printf("\tldr r6, =psp_top-%u\n", 4 * pick(2));
    msr(6, 9);
    printf("\tmovs r6, #2\n");
    msr(6, 20);
    printf("\tisb\n");
    ctx = THREAD_PSP;
    for (unsigned j = 0; j < 3 + pick(12); j++) thread_step();
    ctx = THREAD_MSP;
    printf("\tmovs r6, #0\n");
    msr(6, 20);
    printf("\tisb\n");
}

static void thread_step(void)
{
    unsigned k = pick(100);
    if (k < 18) alu();
    else if (k < 25) memop();
    else if (k < 33) alu_edge();
    else if (k < 43) thread_pend();
    else if (k < 47) priorities();
    else if (k < 50) enables();
    else if (k < 55) svc_site();
    else if (k < 65) fault_site();
    else if (k < 72) special_regs();
    else if (k < 77) sys_reads();
    else if (k < 80) systick();
    else if (k < 84) mtb();
    else if (k < 87) vtor_move();
    else if (k < 92) interwork();
    else if (k < 94) printf("\t%s\n", (const char *[]){ "nop", "yield", "sev", "wfe", "wfi", "dmb", "dsb", "isb" }[pick(8)]);
    else if (k < 97 && ctx == THREAD_MSP) psp_section();
    else {
        printf("\tcpsid i\n");
        mrs(0, 16);
        check_eq(0, 1);
        if (pick(2)) alu_edge();
        printf("\tcpsie i\n");
        mrs(1, 16);
        check_eq(1, 0);
    }
    int l = new_label(); /* a literal pool after every step: LDR (literal) reaches 1 KiB */
    printf("\tb 9%04df\n\t.ltorg\n9%04d:\n", l, l);
}

/* One thing a handler does. restricted (NMI, HardFault): nothing that faults, no SVC, PRIMASK left alone. */
/* In the handler of IRQ n: its own priority lowered to 3, then (budgeted) one of IRQ0-3 pended: the execution
 * priority is now that of the highest-priority active exception, which may be one this handler preempted, not
 * the current one's (IPSR). */
static void own_priority_lowest(unsigned n)
{
    unsigned sh = 8 * ((n - 16) % 4);
    printf("\tldr r6, =0x%08x\n\tldr r0, [r6]\n\tldr r1, =0x%08x\n\tands r0, r1\n\tldr r1, =0x%08x\n\torrs r0, r1\n"
           "\tstr r0, [r6]\n", SCS(0x400 + 4 * ((n - 16) / 4)), ~(0xffu << sh), 0xc0u << sh);
    SYNC();
    int l = budget_begin();
    REG_WRITE(SCS(0x200), 1u << ((n - 15) % 4));
    SYNC();
    budget_end(l);
}

static void handler_action(int restricted)
{
    switch (pick(restricted ? 5 : 10)) {
    case 0: alu_edge(); break;
    case 1: if (restricted) mrs(0, any_sysm()); else special_regs(); break;
    case 2: sys_reads(); break;
    case 3: { /* pend another exception (or this one again), the stack realigned or not */
        int l = budget_begin(), odd = pick(3) == 0;
        if (odd) printf("\tsub sp, #4\n");
        if (restricted) REG_WRITE(ICSR, pick(2) ? 1u << 31 : 1u << 28);
        else pend();
        SYNC();
        if (odd) printf("\tadd sp, #4\n");
        budget_end(l);
        break;
    }
    case 4: /* the priority of an active exception may change: the execution priority too */
        priorities();
        if (cur_exc >= 16) own_priority_lowest(cur_exc);
        break;
    case 5: case 6: fault_site(); break;
    case 7: svc_site(); break;
    case 8: { /* PRIMASK set and cleared again in the handler */
        printf("\tcpsid i\n");
        int l = budget_begin();
        pend();
        budget_end(l);
        printf("\tcpsie i\n");
        break;
    }
    default: interwork(); break;
    }
}

static void counts_inc(unsigned n)
{
    printf("\tldr r4, =sys_counts+%u\n\tldr r5, [r4]\n\tadds r5, #1\n\tstr r5, [r4]\n", 4 * n);
}

/* The handler of exception n (SVCall, PendSV, SysTick, IRQ0-31): saves r4-r7 (various register lists, so that
 * SP is 4 mod 8 in some: a nested frame is realigned) and the Thread code's resume address, counts its entry,
 * does a few random actions, returns by BX lr or POP {.., pc} (a full list included). */
static void gen_handler(unsigned n, const char *alias)
{
    static const char *const pro[] = { "push {r4-r7, lr}", "push {r0-r7, lr}", "push {r3-r7, lr}", "push {r4-r7}" };
    static const char *const epi[] = { "pop {r4-r7, pc}", "pop {r0-r7, pc}", "pop {r3-r7, pc}", "pop {r4-r7}\n\tbx lr" };
    unsigned p = pick(4);
    ctx = HANDLER;
    cur_exc = n;
    if (alias) printf("\t.global %s\n\t.thumb_func\n%s:\n", alias, alias);
    printf("\t.thumb_func\nsys_h%u:\n", n);
    entry_known();
    printf("\t%s\n", pro[p]);
    counts_inc(n);
    printf("\tldr r4, =sys_resume\n\tldr r5, [r4]\n\tpush {r5}\n");
    for (unsigned i = 0; i < pick(5); i++) handler_action(0);
    printf("\tpop {r5}\n\tldr r4, =sys_resume\n\tstr r5, [r4]\n");
    if (p == 0 && pick(3) == 0) printf("\tpop {r4-r7}\n\tpop {r3}\n\tbx r3\n"); /* EXC_RETURN by BX from r3 */
    else printf("\t%s\n", epi[p]);
    printf("\t.ltorg\n");
}

/* The fault of a lockup scenario (in HardFault or NMI, PRIMASK set or not): a UDF, an INVSTATE branch, a fetch
 * from unmapped memory, or a 32-bit instruction whose second halfword is past the SRAM. */
static void lockup_fault(unsigned imm)
{
    if (pick(2)) printf("\tcpsid i\n");
    switch (pick(4)) {
    case 0: printf("\tudf #%u\n", imm); break;
    case 1: printf("\tldr r0, =1f\n\tbx r0\n\t.ltorg\n1:\n\tnop\n"); break;
    case 2: printf("\tldr r0, =0x30000001\n\tbx r0\n\t.ltorg\n"); break;
    default: fetch_past_sram(); printf("\t.ltorg\n"); break;
    }
}

/* NMI: counts, the lockup scenarios 2 (a fault in NMI) and 3 (an SVC in NMI: escalation to HardFault), actions. */
static void gen_nmi(void)
{
    ctx = HANDLER;
    cur_exc = 2;
    printf("\t.global nmi_handler\n\t.thumb_func\nnmi_handler:\n\t.thumb_func\nsys_nmi:\n");
    entry_known();
    printf("\tpush {r4-r7, lr}\n");
    counts_inc(2);
    printf("\tldr r4, =sys_lockup\n\tldr r4, [r4]\n\tcmp r4, #2\n\tbne 2f\n");
    lockup_fault(2);
    printf("2:\n\tcmp r4, #3\n\tbne 1f\n\tsvc #3\n1:\n");
    for (unsigned i = 0; i < pick(4); i++) handler_action(1);
    if (pick(2)) { /* NMI pended again in its own handler: ICSR shows it pending */
        int l = budget_begin();
        REG_WRITE(ICSR, 1u << 31);
        SYNC();
        printf("\tldr r0, [r6]\n");
        budget_end(l);
    }
    if (end == 8) { /* scenario 8: the vector table gone, PendSV pended; the NMI's return chains to it */
        printf("\tldr r4, =sys_lockup\n\tldr r4, [r4]\n\tcmp r4, #8\n\tbne 8f\n");
        REG_WRITE(VTOR, 0x30000000u);
        REG_WRITE(ICSR, 1u << 28);
        SYNC();
        printf("8:\n");
    }
    printf("\tpop {r4-r7, pc}\n\t.ltorg\n");
}

/* HardFault: the lockup scenario 1 (a fault in HardFault); else the faulting context's frame (MSP or PSP by
 * EXC_RETURN bit 2) gets the resume address as its return address and EPSR.T set (an INVSTATE fault's frame has
 * it clear: returned to as it is, the resume address would fault again), or the run ends (an unexpected fault). A
 * vector table to restore (sys_vtor_restore) goes back to VTOR first (late arrival on a vector read's bus error). */
static void gen_hardfault(void)
{
    ctx = HANDLER;
    cur_exc = 3;
    printf("\t.global hardfault_handler\n\t.thumb_func\nhardfault_handler:\n\t.thumb_func\nsys_hf:\n");
    entry_known();
    printf("\tldr r0, =sys_counts+12\n\tldr r1, [r0]\n\tadds r1, #1\n\tstr r1, [r0]\n");
    printf("\tldr r0, =sys_lockup\n\tldr r0, [r0]\n\tcmp r0, #1\n\tbne 2f\n");
    lockup_fault(1);
    printf("2:\n");
    if (end == 10) { /* scenario 10: in HardFault, the vector table gone and NMI pended: its vector read fails */
        printf("\tcmp r0, #10\n\tbne 2f\n");
        REG_WRITE(VTOR, 0x30000000u);
        REG_WRITE(ICSR, 1u << 31);
        SYNC();
        printf("2:\n");
    }
    if (pick(2)) { /* NMI preempts HardFault */
        printf("\tldr r0, =sys_budget\n\tldr r1, [r0]\n\tsubs r1, #1\n\tbmi 1f\n\tstr r1, [r0]\n");
        printf("\tldr r0, =0x%08x\n\tldr r1, =0x80000000\n\tstr r1, [r0]\n\tdsb\n\tisb\n1:\n", ICSR);
    }
    mrs(0, 5);
    check_eq(0, 3);
    mrs(0, 20);
    check_eq(0, 0);
    printf("\tldr r0, =sys_vtor_restore\n\tldr r1, [r0]\n\tcmp r1, #0\n\tbeq 1f\n\tldr r2, =0x%08x\n\tstr r1, [r2]\n"
           "\tmovs r1, #0\n\tstr r1, [r0]\n\tdsb\n\tisb\n1:\n", VTOR);
    printf("\tmov r2, lr\n\tmovs r1, #4\n\ttst r2, r1\n\tbeq 1f\n");
    mrs(0, 9);
    printf("\tb 2f\n1:\n");
    mrs(0, 8);
    printf("2:\n\tldr r3, =sys_resume\n\tldr r1, [r3]\n\tcmp r1, #0\n\tbeq sys_unexpected\n"
           "\tstr r1, [r0, #24]\n\tmovs r1, #0\n\tstr r1, [r3]\n"
           "\tldr r1, [r0, #28]\n\tmovs r2, #1\n\tlsls r2, #24\n\torrs r1, r2\n\tstr r1, [r0, #28]\n" /* EPSR.T (INVSTATE) */
           "\tbx lr\n\t.ltorg\n");
}

/* The scenario that ends a run: 0 none (main returns 0), 1 a fault in HardFault, 2 a fault in NMI, 3 an SVC in
 * NMI (escalated to HardFault there), 4 a bus error on stacking, 6 on every vector read (SVCall's, HardFault's or
 * NMI's, PRIMASK set or not), 7 a PUSH and then the stacking below the SRAM, 8 on the vector read of the exception
 * an NMI's return chains to (or enters right after it, without tail-chaining), 9 on HardFault's own vector read
 * (late arrival has no other vector to take), 10 on NMI's vector read in HardFault (execution priority -1: late
 * arrival takes no HardFault): each locks up; 5 a bus error on a vector read: a lockup, or a HardFault with late
 * arrival, after which the run goes on to its end. */
static void terminal(int k)
{
    ctx = THREAD_MSP;
    switch (k) {
    case 8: case 10: /* NMI (8), or HardFault by a UDF (10), finds the scenario in sys_lockup */
        printf("\tmovs r6, #%d\n\tldr r5, =sys_lockup\n\tstr r6, [r5]\n", k);
        if (k == 10) printf("\tudf #10\n");
        else REG_WRITE(ICSR, 1u << 31);
        SYNC();
        break;
    case 1: case 2: case 3:
        printf("\tmovs r6, #%d\n\tldr r5, =sys_lockup\n\tstr r6, [r5]\n", k);
        if (k == 1) printf("\tudf #0\n");
        else REG_WRITE(ICSR, 1u << 31);
        SYNC();
        break;
    case 4: /* the stack pointer in use points to unmapped memory */
        printf("\tldr r6, =0x%08x\n", pick(2) ? 0x30000000u : 0x20010020u);
        if (pick(2)) printf("\tmov sp, r6\n");
        else { msr(6, 9); printf("\tmovs r6, #2\n"); msr(6, 20); printf("\tisb\n"); }
        printf("\tsvc #0\n");
        break;
    case 5: { /* the table at the end of the SRAM, an IRQ whose vector is past it */
        int l = new_label();
        unsigned irq = 16 + pick(16);
        printf("\tldr r5, =sys_vectors_a\n\tldr r6, =0x2000ff80\n\tmovs r0, #32\n"
               "3%04d:\n\tldm r5!, {r1}\n\tstm r6!, {r1}\n\tsubs r0, #1\n\tbne 3%04db\n", l, l);
        printf("\tldr r6, =sys_vectors_a\n\tldr r5, =sys_vtor_restore\n\tstr r6, [r5]\n");
        REG_WRITE(VTOR, 0x2000ff80u);
        SYNC();
        REG_WRITE(SCS(0x100), 1u << irq);
        set_resume(l);
        REG_WRITE(SCS(0x200), 1u << irq);
        SYNC();
        printf("\t.ltorg\n");
        at_resume(l);
        break;
    }
    case 7: /* a PUSH below the start of the SRAM: its HardFault's stacking fails too */
        printf("\tldr r6, =0x20000004\n\tmov sp, r6\n\tpush {r0, r1}\n");
        break;
    case 6: case 9: /* no vector table at all: VTOR in unmapped memory (a late HardFault's own vector fails too),
                     * entered from execution priority 0 (PRIMASK set: HardFault still preempts it, an SVC
                     * escalates) or lowest; 9: by a UDF, HardFault's own vector */
        REG_WRITE(VTOR, 0x30000000u | pick(2) << 7);
        SYNC();
        if (pick(2)) printf("\tcpsid i\n");
        switch (k == 9 ? 1 : pick(3)) {
        case 0: printf("\tsvc #0\n"); break;                 /* SVCall's vector (or HardFault's: escalated) */
        case 1: printf("\tudf #6\n"); break;                 /* HardFault's own */
        default: REG_WRITE(ICSR, 1u << 31); SYNC(); break;   /* NMI's */
        }
        break;
    default: break;
    }
}

static void vector_table(char name)
{
    printf("\t.global sys_vectors_%c\nsys_vectors_%c:\n\t.word __stack_top, reset_handler, sys_nmi, sys_hf\n", name, name);
    for (unsigned e = 4; e < 48; e++)
        if (e == 11 || e >= 14) printf("\t.word sys_h%u\n", e);
        else printf("\t.word default_handler\n");
}

int main(int argc, char **argv)
{
    for (; argc > 1 && !strncmp(argv[1], "--", 2); argc--, argv++) {
        if (!strcmp(argv[1], "--no-vtor")) no_vtor = 1;
        else if (!strcmp(argv[1], "--no-mtb")) no_mtb = 1;
        else if (!strcmp(argv[1], "--reset-unknown")) reset_unknown = 1;
        else if (!strcmp(argv[1], "--no-lockup")) no_lockup = 1;
        else if (!strcmp(argv[1], "--irqs") && argc > 2 && atoi(argv[2]) >= 1 && atoi(argv[2]) <= 32) {
            num_irq = (unsigned)atoi(argv[2]);
            argc--, argv++;
        } else break;
    }
    if (argc < 2 || !strncmp(argv[1], "--", 2)) {
        fprintf(stderr, "usage: gen_sys [--no-vtor] [--no-mtb] [--irqs N] [--reset-unknown] [--no-lockup] <seed> [steps]\n");
        return 2;
    }
    gen_seed(strtoull(argv[1], NULL, 0) ^ 0x5bd1e995u);
    int n = argc > 2 ? atoi(argv[2]) : 300;
    end = pick(20);
    if (end > 10) end = 0;
    if (no_vtor && (end == 5 || end == 6 || end >= 8)) end = 0; /* the scenarios that move the table */
    if (no_lockup) end = 0;
    printf("@ system-level random program, seed %s, %d steps (tests/random/gen_sys.c)\n", argv[1], n);
    printf("@ exit %d\n@ exit-tc %d\n", end ? 125 : 0, end && end != 5 ? 125 : 0);
    printf("\t.syntax unified\n\t.thumb\n\t.text\n\t.global main\n\t.type main, %%function\n\t.thumb_func\nmain:\n");
    if (reset_unknown) { /* every register known before main saves the startup code's */
        for (int r = 0; r < 8; r++) printf("\tmovs r%d, #0\n", r);
        for (int r = 8; r < 13; r++) printf("\tmov r%d, r0\n", r);
    }
    printf("\tpush {r4-r7, lr}\n\tmov r0, r8\n\tmov r1, r9\n\tmov r2, r10\n\tmov r3, r11\n\tpush {r0-r3}\n");
    printf("\tldr r7, =scratch\n");
    for (int r = 0; r < 5; r++) printf("\tldr r%d, =0x%08x\n", r, edge_value());
    for (int r = 8; r < 13; r++) printf("\tldr r6, =0x%08x\n\tmov r%d, r6\n", edge_value(), r);
    printf("\tldr r6, =%u\n\tldr r5, =sys_budget\n\tstr r6, [r5]\n", 30 + pick(50));
    printf("\tldr r6, =psp_top\n");
    msr(6, 9);
    for (unsigned k = 0; k < 8; k++) REG_WRITE(SCS(0x400 + 4 * k), rnd());
    REG_WRITE(SCS(0xd1c), rnd() & 0x3fffffffu);
    REG_WRITE(SCS(0xd20), rnd());
    enabled = 0xfu | rnd();
    if (pick(2)) vtor_move();
    if (!vtor_own) enabled &= 0xfu;
    REG_WRITE(SCS(0x100), enabled);
    if (pick(2)) mtb();
    printf("\tb 9f\n\t.ltorg\n9:\n");
    for (int i = 0; i < n; i++) thread_step();
    /* back to a quiet state, then the end: a lockup, or main returns 0 */
    printf("\tcpsie i\n");
    REG_WRITE(SCS(0x010), 0);
    terminal(end);
    if (!no_mtb) REG_WRITE(MTB_BASE + 4, 0);
    REG_WRITE(SCS(0x180), 0xffffffffu);
    REG_WRITE(SCS(0x280), 0xffffffffu);
    REG_WRITE(ICSR, (1u << 27) | (1u << 25));
    SYNC();
    printf("\tpop {r0-r3}\n\tmov r8, r0\n\tmov r9, r1\n\tmov r10, r2\n\tmov r11, r3\n");
    printf("\tmovs r0, #0\n\tpop {r4-r7, pc}\n\t.ltorg\n");
    for (int f = 0; f < 4; f++) {
        ctx = THREAD_MSP;
        printf("\t.thumb_func\nsys_leaf%d:\n\tpush {r4, lr}\n", f);
        alu_edge();
        printf("\tpop {r4, pc}\n\t.ltorg\n");
    }
    static const char *const alias[48] = { [11] = "svc_handler", [14] = "pendsv_handler", [15] = "systick_handler",
                                            [16] = "irq0_handler", [17] = "irq1_handler", [18] = "irq2_handler",
                                            [19] = "irq3_handler" };
    for (unsigned e = 11; e < 48; e++)
        if (e == 11 || e >= 14) gen_handler(e, alias[e]);
    gen_nmi();
    gen_hardfault();
    /* a failed self-check (r0 its number) and an unexpected HardFault end the run */
    printf("\t.thumb_func\nsys_fail:\n\tmov r4, r0\n\tldr r0, =sys_msg\n\tbl sh_puts\n\tmov r0, r4\n\tbl sh_putdec\n"
           "\tmovs r0, #10\n\tbl sh_putc\n\tmovs r0, #1\n\tbl sh_exit\n");
    printf("\t.thumb_func\nsys_unexpected:\n\tldr r1, [r0, #24]\n\tmov r4, r1\n\tldr r0, =sys_msg_hf\n\tbl sh_puts\n"
           "\tmov r0, r4\n\tbl sh_puthex\n\tmovs r0, #10\n\tbl sh_putc\n\tmovs r0, #97\n\tbl sh_exit\n\t.ltorg\n");
    printf("sys_msg:\n\t.asciz \"gen_sys: self-check \"\nsys_msg_hf:\n\t.asciz \"gen_sys: unexpected HardFault at \"\n");
    /* the program's tables: a at a 256-byte boundary (TBLOFF bit 7 clear), b 384 bytes on (bit 7 set) */
    printf("\t.align 8\n");
    vector_table('a');
    printf("\t.space 192\n");
    vector_table('b');
    printf("\t.bss\n\t.align 3\nscratch:\n\t.space 768\n\t.align 2\nsys_counts:\n\t.space 192\nsys_resume:\n\t.space 4\n"
           "sys_lockup:\n\t.space 4\nsys_budget:\n\t.space 4\nsys_vtor_restore:\n\t.space 4\n\t.align 3\n"
           "\t.space 1024\npsp_top:\n\t.space 8\n\t.align 8\nvt_area:\n\t.space 2112\n");
    return 0;
}

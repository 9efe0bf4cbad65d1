/* The ARMv7-M steps of gen_random --v7m (tests/random/gen_v7m.h): every group of the 32-bit encodings with
 * operands that the manual defines (no SP or PC where it forbids them, no UNPREDICTABLE register choice), on the
 * registers' roles of gen_lib.h: r0-r4 and r8-r12 data, r5 loop counter, r6 scratch, r7 the scratch area's base. */
#include "gen_v7m.h"

#include <stdio.h>

#include "gen_lib.h"

static const char *const inverse[14] = { "ne", "eq", "cc", "cs", "pl", "mi", "vc", "vs", "ls", "hi", "lt", "ge",
                                         "le", "gt" };

/* a data register: r0-r4, r8-r12 */
static int dreg(void) { return pick(2) ? reg() : hreg(); }
/* a data register other than r */
static int dreg_not(int r)
{
    int x;
    do x = dreg(); while (x == r);
    return x;
}

/* a constant ThumbExpandImm can encode: a byte, one of the three replicated patterns, or a rotated byte */
static uint32_t modified_imm(void)
{
    uint32_t b = pick(256);
    switch (pick(5)) {
    case 0: return b;
    case 1: return (b | 1) * 0x00010001u;
    case 2: return (b | 1) * 0x01000100u;
    case 3: return (b | 1) * 0x01010101u;
    default: return (0x80u | pick(128)) << (1 + pick(24));
    }
}

static const char *const shifts[4] = { "lsl", "lsr", "asr", "ror" };
/* ", <shift> #n" of a shifted register operand (or none, or RRX) */
static void print_shift(void)
{
    unsigned t = pick(6);
    if (t >= 4) return;
    if (t == 3 && pick(4) == 0) { printf(", rrx"); return; }
    printf(", %s #%u", shifts[t], t == 0 ? pick(32) : 1 + pick(t == 3 ? 31 : 32));
}

static void dp_modified(void)
{
    static const char *const ops[] = { "and", "bic", "orr", "orn", "eor", "add", "adc", "sbc", "sub", "rsb" };
    static const char *const tests[] = { "tst", "teq", "cmn", "cmp" };
    unsigned k = pick(16);
    if (k < 10) printf("\t%s%s.w r%d, r%d, #0x%x\n", ops[k], pick(2) ? "s" : "", dreg(), dreg(), modified_imm());
    else if (k < 14) printf("\t%s.w r%d, #0x%x\n", tests[k - 10], dreg(), modified_imm());
    else printf("\t%s%s.w r%d, #0x%x\n", k == 14 ? "mov" : "mvn", pick(2) ? "s" : "", dreg(), modified_imm());
}

static void dp_plain(void)
{
    int d = dreg(), n = dreg();
    unsigned lsb = pick(32), w = 1 + pick(32 - lsb);
    switch (pick(8)) {
    case 0: printf("\taddw r%d, r%d, #%u\n", d, n, pick(4096)); break;
    case 1: printf("\tsubw r%d, r%d, #%u\n", d, n, pick(4096)); break;
    case 2: printf("\tmovw r%d, #%u\n", d, pick(65536)); break;
    case 3: printf("\tmovt r%d, #%u\n", d, pick(65536)); break;
    case 4: printf("\t%s r%d, #%u, r%d, %s #%u\n", pick(2) ? "ssat" : "usat", d, 1 + pick(31), n,
                   pick(2) ? "lsl" : "asr", 1 + pick(31)); break;
    case 5: printf("\t%s r%d, r%d, #%u, #%u\n", pick(2) ? "sbfx" : "ubfx", d, n, lsb, w); break;
    case 6: printf("\tbfi r%d, r%d, #%u, #%u\n", d, n, lsb, w); break;
    default: printf("\tbfc r%d, #%u, #%u\n", d, lsb, w); break;
    }
}

static void dp_shifted(void)
{
    static const char *const ops[] = { "and", "bic", "orr", "orn", "eor", "add", "adc", "sbc", "sub", "rsb" };
    static const char *const tests[] = { "tst", "teq", "cmn", "cmp" };
    unsigned k = pick(18);
    if (k < 10) {
        printf("\t%s%s%s r%d, r%d, r%d", ops[k], pick(2) ? "s" : "", k == 3 || k == 9 ? "" : ".w", dreg(), dreg(), dreg());
    } else if (k < 14) {
        printf("\t%s.w r%d, r%d", tests[k - 10], dreg(), dreg());
    } else if (k == 14) { /* MOV (register) T3: a shifted MOV is the shift's own encoding, below */
        printf("\tmov%s.w r%d, r%d\n", pick(2) ? "s" : "", dreg(), dreg());
        return;
    } else if (k == 15) {
        printf("\tmvn%s.w r%d, r%d", pick(2) ? "s" : "", dreg(), dreg());
    } else { /* the shifts by an immediate, and by a register */
        unsigned t = pick(4);
        if (k == 16) printf("\t%s%s.w r%d, r%d, #%u\n", shifts[t], pick(2) ? "s" : "", dreg(), dreg(),
                            t == 0 ? 1 + pick(31) : 1 + pick(t == 3 ? 31 : 32));
        else printf("\t%s%s.w r%d, r%d, r%d\n", shifts[t], pick(2) ? "s" : "", dreg(), dreg(), dreg());
        return;
    }
    print_shift();
    printf("\n");
}

static void dp_register(void)
{
    static const char *const ext[] = { "sxth", "uxth", "sxtb", "uxtb" };
    static const char *const misc[] = { "rev.w", "rev16.w", "revsh.w", "rbit", "clz" };
    if (pick(2)) printf("\t%s.w r%d, r%d, ror #%u\n", ext[pick(4)], dreg(), dreg(), 8 * pick(4));
    else printf("\t%s r%d, r%d\n", misc[pick(5)], dreg(), dreg());
}

static void multiply(void)
{
    int d = dreg(), hi = dreg_not(d);
    switch (pick(9)) {
    case 0: printf("\tmul.w r%d, r%d, r%d\n", d, dreg(), dreg()); break;
    case 1: printf("\tmla r%d, r%d, r%d, r%d\n", d, dreg(), dreg(), dreg()); break;
    case 2: printf("\tmls r%d, r%d, r%d, r%d\n", d, dreg(), dreg(), dreg()); break;
    case 3: printf("\tsdiv r%d, r%d, r%d\n", d, dreg(), dreg()); break;
    case 4: printf("\tudiv r%d, r%d, r%d\n", d, dreg(), dreg()); break;
    default: printf("\t%s r%d, r%d, r%d, r%d\n", (const char *[]){ "smull", "umull", "smlal", "umlal" }[pick(4)], d, hi,
                    dreg(), dreg()); break;
    }
}

/* loads and stores in the scratch area: r7 its base (768 bytes), r6 a second base or an index */
static void load_store(void)
{
    static const char *const ld[] = { "ldr", "ldrh", "ldrsh", "ldrb", "ldrsb" };
    static const char *const st[] = { "str", "strh", "strb" };
    int t = dreg();
    unsigned k = pick(12);
    int load = pick(2);
    const char *m = load ? ld[pick(5)] : st[pick(3)];
    switch (k) {
    case 0: case 1: printf("\t%s.w r%d, [r7, #%u]\n", m, t, pick(700)); break; /* imm12, unaligned too */
    case 2: case 3: /* imm8: negative offset, pre-indexed or post-indexed with writeback of r6 */
        printf("\tadd.w r6, r7, #%u\n", 256 + pick(256));
        switch (pick(3)) {
        case 0: printf("\t%s r%d, [r6, #-%u]\n", m, t, pick(256)); break;
        case 1: printf("\t%s r%d, [r6, #%s%u]!\n", m, t, pick(2) ? "-" : "", pick(256)); break;
        default: printf("\t%s r%d, [r6], #%s%u\n", m, t, pick(2) ? "-" : "", pick(256)); break;
        }
        break;
    case 4: case 5: { /* register offset, LSL #0-3 */
        unsigned sh = pick(4);
        printf("\tmovw r6, #%u\n\t%s.w r%d, [r7, r6, lsl #%u]\n", pick((600u >> sh) + 1), m, t, sh);
        break;
    }
    case 6: /* unprivileged forms (privileged here: as the plain ones) */
        printf("\t%st r%d, [r7, #%u]\n", m, t, pick(256));
        break;
    case 7: { /* dual: word-aligned, offset, pre- or post-indexed */
        int t2 = dreg_not(t);
        unsigned off = 4 * pick(64);
        printf("\tadd.w r6, r7, #256\n");
        if (load && pick(2)) printf("\tldrd r%d, r%d, [r6, #%s%u]%s\n", t, t2, pick(2) ? "-" : "", off, pick(2) ? "!" : "");
        else if (load) printf("\tldrd r%d, r%d, [r6], #%s%u\n", t, t2, pick(2) ? "-" : "", off);
        else printf("\tstrd r%d, r%d, [r6, #%s%u]%s\n", t, t2, pick(2) ? "-" : "", off, pick(2) ? "!" : "");
        break;
    }
    case 8: { /* multiple: a list of two or more data registers, increment after or decrement before */
        unsigned list = 0;
        while (__builtin_popcount(list) < 2) list |= 1u << dreg();
        printf("\tadd.w r6, r7, #%u\n\t%s r6%s, {", 256 + 4 * pick(32),
               (const char *[]){ "stmia.w", "stmdb", "ldmia.w", "ldmdb" }[pick(4)], pick(2) ? "!" : "");
        for (int r = 0, first = 1; r < 13; r++)
            if (list >> r & 1) { printf("%sr%d", first ? "" : ", ", r); first = 0; }
        printf("}\n");
        break;
    }
    case 9: { /* PUSH/POP of several or one register */
        unsigned list = 0;
        while (__builtin_popcount(list) < 2) list |= 1u << dreg();
        if (pick(3) == 0) { printf("\tstr r%d, [sp, #-4]!\n\tldr r%d, [sp], #4\n", t, dreg()); break; }
        printf("\tpush.w {");
        for (int r = 0, first = 1; r < 13; r++)
            if (list >> r & 1) { printf("%sr%d", first ? "" : ", ", r); first = 0; }
        printf("}\n\tpop.w {");
        for (int r = 0, first = 1; r < 13; r++)
            if (list >> r & 1) { printf("%sr%d", first ? "" : ", ", r); first = 0; }
        printf("}\n");
        break;
    }
    case 10: { /* exclusives: the monitor marked, cleared, or another address */
        unsigned off = 4 * pick(64);
        const char *sz = (const char *[]){ "", "b", "h" }[pick(3)];
        if (*sz) printf("\tadd.w r6, r7, #%u\n\tldrex%s r%d, [r6]\n", off, sz, t);
        else printf("\tldrex r%d, [r7, #%u]\n", t, off);
        if (pick(4) == 0) printf("\tclrex\n");
        int v = dreg();
        if (*sz) printf("\tadd.w r6, r7, #%u\n\tstrex%s r5, r%d, [r6]\n\tmov r%d, r5\n", pick(3) ? off : off + 4, sz, v, t);
        else printf("\tstrex r5, r%d, [r7, #%u]\n\tmov r%d, r5\n", v, pick(3) ? off : off + 4, t);
        break;
    }
    default: printf("\tldr.w r%d, =0x%08x\n", t, corner()); break; /* literal */
    }
}

/* a few steps that can stand in an IT block's slots or be skipped by a branch */
static void body_op(void)
{
    switch (pick(4)) {
    case 0: dp_modified(); break;
    case 1: dp_shifted(); break;
    case 2: dp_register(); break;
    default: alu(); break;
    }
}

/* IT blocks: one to four slots, each the condition or its inverse; 16-bit and 32-bit forms, loads */
static void it_block(void)
{
    unsigned c = pick(14), n = 1 + pick(4);
    char pat[4] = { 0 };
    for (unsigned i = 1; i < n; i++) pat[i - 1] = pick(2) ? 't' : 'e';
    printf("\tcmp r%d, r%d\n\tit%s %s\n", reg(), reg(), pat, cond[c]);
    for (unsigned i = 0; i < n; i++) {
        const char *cc = i == 0 || pat[i - 1] == 't' ? cond[c] : inverse[c];
        int d = dreg();
        switch (pick(7)) {
        case 0: printf("\tadd%s r%d, r%d\n", cc, d, dreg()); break;            /* ADD (register) T2 */
        case 1: printf("\tmov%s r%d, #%u\n", cc, reg(), pick(256)); break;     /* MOV T1, no flags */
        case 2: printf("\tadd%s r%d, r%d, #%u\n", cc, reg(), reg(), pick(8)); break; /* ADD T1, no flags */
        case 3: printf("\tadds%s.w r%d, r%d, #%u\n", cc, d, dreg(), pick(256)); break; /* sets the flags */
        case 4: printf("\tldr%s.w r%d, [r7, #%u]\n", cc, d, 4 * pick(64)); break;
        case 5: printf("\teor%s.w r%d, r%d, r%d, lsl #%u\n", cc, d, dreg(), dreg(), pick(32)); break;
        default: printf("\tlsl%s r%d, r%d, #%u\n", cc, reg(), reg(), 1 + pick(31)); break; /* LSL T1, no flags */
        }
    }
}

static void branches(void)
{
    int l = new_label();
    switch (pick(5)) {
    case 0: case 1: /* B.W and B<cond>.W forward */
        printf("\tb%s.w 94%04df\n", pick(2) ? cond[pick(14)] : "", l);
        for (unsigned j = pick(3); j < 3; j++) body_op();
        printf("94%04d:\n", l);
        break;
    case 2: /* CBZ/CBNZ forward over a few 16-bit steps */
        printf("\t%s r%d, 95%04df\n", pick(2) ? "cbz" : "cbnz", reg(), l);
        for (unsigned j = pick(3); j < 3; j++) alu();
        printf("95%04d:\n", l);
        break;
    default: { /* TBB/TBH on an index in r6 */
        int h = pick(2);
        unsigned cases = 2 + pick(3), i = pick(cases);
        printf("\tmovs r6, #%u\n\t%s [pc, r6%s]\n", i, h ? "tbh" : "tbb", h ? ", lsl #1" : "");
        printf("96%04d:\n", l);
        for (unsigned k = 0; k < cases; k++)
            printf("\t.%s ((98%05d%c - 96%04db) / 2)\n", h ? "hword" : "byte", l * 10 + k, 'f', l);
        printf("\t.align 1\n");
        for (unsigned k = 0; k < cases; k++) {
            printf("98%05d:\n", l * 10 + k);
            alu();
            printf("\tb.w 97%04df\n", l);
        }
        printf("97%04d:\n", l);
        break;
    }
    }
}

/* BASEPRI and FAULTMASK read back; the faults and SVC keep working: both are cleared again at once */
static void special(void)
{
    int d = dreg();
    switch (pick(4)) {
    case 0: printf("\tmovs r6, #0x%x\n\tmsr basepri, r6\n\tmrs r%d, basepri\n\tmovs r6, #0\n\tmsr basepri, r6\n",
                   pick(256), d); break;
    case 1: printf("\tcpsid f\n\tmrs r%d, faultmask\n\tcpsie f\n", d); break;
    case 2: printf("\tmrs r%d, apsr\n\tmsr apsr_nzcvq, r%d\n", d, dreg()); break;
    default: printf("\t%s\n", (const char *[]){ "nop.w", "sev.w", "dmb sy", "dsb sy", "isb sy" }[pick(5)]); break;
    }
}

int gen_v7em;

/* ARMv7E-M's DSP extension */
static void dsp(void)
{
    static const char *const par_kind[] = { "s", "q", "sh", "u", "uq", "uh" };
    static const char *const par_op[] = { "add16", "asx", "sax", "sub16", "add8", "sub8" };
    static const char *const sat[] = { "qadd", "qsub", "qdadd", "qdsub" };
    static const char *const mul[] = { "smulbb", "smulbt", "smultb", "smultt", "smulwb", "smulwt", "smuad",
                                       "smuadx", "smusd", "smusdx", "smmul", "smmulr", "usad8" };
    static const char *const mla[] = { "smlabb", "smlatt", "smlawb", "smlawt", "smlad", "smladx", "smlsd",
                                       "smlsdx", "smmla", "smmlar", "smmls", "smmlsr", "usada8" };
    static const char *const lmla[] = { "smlalbb", "smlaltb", "smlald", "smlaldx", "smlsld", "smlsldx", "umaal" };
    static const char *const ext[] = { "sxtab", "sxtah", "sxtab16", "uxtab", "uxtah", "uxtab16" };
    int d = dreg();
    switch (pick(10)) {
    case 0: case 1: case 2: case 3:
        printf("\t%s%s r%d, r%d, r%d\n", par_kind[pick(6)], par_op[pick(6)], d, dreg(), dreg()); break;
    case 4: printf("\tsel r%d, r%d, r%d\n", d, dreg(), dreg()); break;
    case 5:
        if (pick(2)) printf("\tmsr apsr_g, r%d\n", dreg());
        else printf("\t%s r%d, r%d, r%d\n", sat[pick(4)], d, dreg(), dreg());
        break;
    case 6: printf("\t%s r%d, #%u, r%d\n", pick(2) ? "ssat16" : "usat16", d, 1 + pick(15), dreg()); break;
    case 7:
        if (pick(2)) printf("\t%s r%d, r%d, r%d\n", mul[pick(13)], d, dreg(), dreg());
        else printf("\t%s r%d, r%d, r%d, r%d\n", mla[pick(13)], d, dreg(), dreg(), dreg());
        break;
    case 8: printf("\t%s r%d, r%d, r%d, r%d\n", lmla[pick(7)], d, dreg_not(d), dreg(), dreg()); break;
    default:
        if (pick(2)) printf("\t%s r%d, r%d, r%d, ror #%u\n", ext[pick(6)], d, dreg(), dreg(), 8 * pick(4));
        else if (pick(2)) printf("\tpkhbt r%d, r%d, r%d, lsl #%u\n", d, dreg(), dreg(), pick(32));
        else printf("\tpkhtb r%d, r%d, r%d, asr #%u\n", d, dreg(), dreg(), 1 + pick(32));
        break;
    }
}

void v7m_step(void)
{
    if (gen_v7em && pick(4) == 0) {
        dsp();
        return;
    }
    uint32_t k = pick(100);
    if (k < 14) dp_modified();
    else if (k < 22) dp_plain();
    else if (k < 34) dp_shifted();
    else if (k < 42) dp_register();
    else if (k < 50) multiply();
    else if (k < 66) load_store();
    else if (k < 76) it_block();
    else if (k < 84) branches();
    else if (k < 88) special();
    else if (k < 96) alu();
    else memop();
}

/* Constrained-random ARMv6-M programs for the lockstep regression: a valid instruction stream (ALU with flags,
 * loads and stores of every size into a RAM scratch area, forward and bounded backward branches, BL to leaf
 * functions, SVC, PendSV and NVIC IRQ pends, optionally the MTB), reproducible by seed. The program's check is
 * the lockstep comparison; it always exits 0. usage: gen_random <seed> [instructions] > prog.S */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t state;
static uint32_t rnd(void)
{
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(state >> 33);
}
static uint32_t pick(uint32_t n) { return rnd() % n; }

static const char *const cond[] = { "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le" };

/* r0-r4 random data, r5 loop counter, r6 scratch index, r7 the scratch area base */
static int reg(void) { return (int)pick(5); }

static void alu(void)
{
    int d = reg(), n = reg(), m = reg();
    switch (pick(22)) {
    case 0: printf("\tadds r%d, r%d, r%d\n", d, n, m); break;
    case 1: printf("\tsubs r%d, r%d, r%d\n", d, n, m); break;
    case 2: printf("\tadds r%d, r%d, #%u\n", d, n, pick(8)); break;
    case 3: printf("\tsubs r%d, #%u\n", d, pick(256)); break;
    case 4: printf("\tmovs r%d, #%u\n", d, pick(256)); break;
    case 5: printf("\tcmp r%d, r%d\n", n, m); break;
    case 6: printf("\tcmn r%d, r%d\n", n, m); break;
    case 7: printf("\tadcs r%d, r%d\n", d, m); break;
    case 8: printf("\tsbcs r%d, r%d\n", d, m); break;
    case 9: printf("\t%s r%d, r%d\n", (const char *[]){ "ands", "orrs", "eors", "bics" }[pick(4)], d, m); break;
    case 10: printf("\tmvns r%d, r%d\n", d, m); break;
    case 11: printf("\tmuls r%d, r%d, r%d\n", d, m, d); break;
    case 12: printf("\t%s r%d, r%d\n", (const char *[]){ "lsls", "lsrs", "asrs", "rors" }[pick(4)], d, m); break;
    case 13: printf("\t%s r%d, r%d, #%u\n", (const char *[]){ "lsls", "lsrs", "asrs" }[pick(3)], d, n, pick(32)); break;
    case 14: printf("\tnegs r%d, r%d\n", d, m); break;
    case 15: printf("\t%s r%d, r%d\n", (const char *[]){ "sxtb", "sxth", "uxtb", "uxth" }[pick(4)], d, m); break;
    case 16: printf("\t%s r%d, r%d\n", (const char *[]){ "rev", "rev16", "revsh" }[pick(3)], d, m); break;
    case 17: printf("\ttst r%d, r%d\n", n, m); break;
    case 18: printf("\tmov r8, r%d\n\tadd r%d, r8\n", n, d); break;
    case 19: printf("\tcmp r%d, #%u\n", n, pick(256)); break;
    case 20: printf("\tldr r%d, =0x%08x\n", d, rnd()); break;
    default: printf("\tadds r%d, #%u\n", d, pick(256)); break;
    }
}

static void memop(void)
{
    int t = reg();
    switch (pick(9)) {
    case 0: printf("\tstr r%d, [r7, #%u]\n", t, 4 * pick(32)); break;
    case 1: printf("\tldr r%d, [r7, #%u]\n", t, 4 * pick(32)); break;
    case 2: printf("\tstrh r%d, [r7, #%u]\n", t, 2 * pick(32)); break;
    case 3: printf("\tldrh r%d, [r7, #%u]\n", t, 2 * pick(32)); break;
    case 4: printf("\tstrb r%d, [r7, #%u]\n", t, pick(32)); break;
    case 5: printf("\tldrb r%d, [r7, #%u]\n", t, pick(32)); break;
    case 6: printf("\tmovs r6, #%u\n\tldrsh r%d, [r7, r6]\n", 2 * pick(64), t); break;
    case 7: printf("\tmovs r6, #%u\n\tldrsb r%d, [r7, r6]\n", pick(128), t); break;
    default: { /* two distinct registers each way, ascending: the stack stays balanced */
        int a = (int)pick(4), c = (int)pick(4);
        printf("\tpush {r%d, r%d}\n\tpop {r%d, r%d}\n", a, a + 1 + (int)pick((unsigned)(4 - a)), c,
               c + 1 + (int)pick((unsigned)(4 - c)));
        (void)t;
        break;
    }
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: gen_random <seed> [instructions]\n");
        return 2;
    }
    state = strtoull(argv[1], NULL, 0) * 0x9e3779b97f4a7c15ull + 1;
    int n = argc > 2 ? atoi(argv[2]) : 400;
    int label = 0, funcs = 4;
    printf("@ constrained-random program, seed %s, %d instructions (tests/random/gen_random.c)\n", argv[1], n);
    printf("\t.syntax unified\n\t.thumb\n\t.text\n\t.global main\n\t.type main, %%function\n\t.thumb_func\nmain:\n");
    printf("\tpush {r4-r7, lr}\n\tldr r7, =scratch\n");
    for (int r = 0; r < 5; r++) printf("\tldr r%d, =0x%08x\n", r, rnd());
    printf("\tldr r6, =0xE000E100\n\tldr r5, =0xf\n\tstr r5, [r6]\n"); /* enable IRQ0-3 */
    if (pick(2)) printf("\tldr r6, =0xF0000004\n\tldr r5, =0x80000008\n\tstr r5, [r6]\n"); /* MTB on */
    for (int i = 0; i < n; i++) {
        if (i % 64 == 63) { /* keep literal pools within reach of LDR (pc, #imm) */
            int l = label++;
            printf("\tb.n 9%d%04df\n\t.ltorg\n9%d%04d:\n", 3, l, 3, l);
        }
        uint32_t k = pick(100);
        if (k < 55) alu();
        else if (k < 75) memop();
        else if (k < 83) { /* forward branch over a few instructions */
            int l = label++;
            if (pick(3)) printf("\tb%s.n 9%d%04df\n", cond[pick(14)], 1, l);
            else printf("\tb.n 9%d%04df\n", 1, l);
            for (uint32_t j = pick(3); j < 3; j++) alu();
            printf("9%d%04d:\n", 1, l);
        } else if (k < 88) { /* a bounded backward loop */
            int l = label++;
            printf("\tmovs r5, #%u\n9%d%04d:\n", 1 + pick(4), 2, l);
            alu();
            alu();
            printf("\tsubs r5, #1\n\tbne 9%d%04db\n", 2, l);
        } else if (k < 93) {
            printf("\tbl leaf%u\n", pick(funcs));
        } else if (k < 95) {
            printf("\tsvc #%u\n", pick(256));
        } else if (k < 97) {
            printf("\tldr r6, =0xE000ED04\n\tldr r5, =0x10000000\n\tstr r5, [r6]\n\tdsb\n\tisb\n"); /* PendSV */
        } else {
            printf("\tldr r6, =0xE000E200\n\tmovs r5, #%u\n\tstr r5, [r6]\n\tdsb\n\tisb\n", 1u << pick(4)); /* IRQ */
        }
    }
    printf("\tmovs r0, #0\n\tpop {r4-r7, pc}\n\t.ltorg\n");
    for (int f = 0; f < funcs; f++) {
        printf("\t.thumb_func\nleaf%d:\n\tpush {r4, lr}\n", f);
        for (uint32_t j = 0; j < 2 + pick(4); j++) alu();
        printf("\tpop {r4, pc}\n\t.ltorg\n");
    }
    /* handlers: a little work on the stacked registers' copies, then return */
    const char *h[] = { "svc_handler", "pendsv_handler", "irq0_handler", "irq1_handler", "irq2_handler", "irq3_handler" };
    for (int i = 0; i < 6; i++) {
        printf("\t.global %s\n\t.thumb_func\n%s:\n\tpush {r4, lr}\n", h[i], h[i]);
        printf("\tmovs r4, #%u\n\tadds r0, r4\n\teors r1, r0\n\tpop {r4, pc}\n", pick(256));
    }
    printf("\t.bss\n\t.align 3\nscratch:\n\t.space 256\n");
    return 0;
}

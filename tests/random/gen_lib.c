/* The random generators' shared steps (contracts and register roles in gen_lib.h). */
#include <stdio.h>

#include "gen_lib.h"

static uint64_t state;

void gen_seed(uint64_t seed) { state = seed * 0x9e3779b97f4a7c15ull + 1; }

uint32_t rnd(void)
{
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(state >> 33);
}
uint32_t pick(uint32_t n) { return rnd() % n; }

const char *const cond[14] = { "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le" };

static int label;
int gen_no_sleep;

int new_label(void) { return label++; }

int gen_reg_last = 4;
int reg(void) { return (int)pick((uint32_t)gen_reg_last + 1); }
int hreg(void) { return 8 + (int)pick(5); }

uint32_t corner(void)
{
    static const uint32_t v[] = { 0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x80u, 0x7fu, 0xff80u, 0x8000u,
                                  0x7fffu, 0xffffu, 0xffu, 0x807f7f80u, 0x7f80807fu, 0xfffffffeu, 0x80000001u };
    return pick(3) ? v[pick(sizeof v / sizeof v[0])] : rnd();
}

/* a register shift amount: 0, 1-31, 32, 33-255, or >255 (only the bottom byte counts) */
uint32_t shift_amount(void)
{
    switch (pick(6)) {
    case 0: return 0;
    case 1: return 32;
    case 2: return 33 + pick(223);
    case 3: return 0x100u | pick(40);
    default: return 1 + pick(31);
    }
}

void alu(void)
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
    case 31: { /* gen_no_sleep: WFE and WFI as NOP (the same draw: the stream stays the seed's) */
        unsigned h = pick(8);
        printf("\t%s\n", gen_no_sleep && (h == 3 || h == 4) ? "nop" : (const char *[]){ "nop", "yield", "sev", "wfe", "wfi", "dmb", "dsb", "isb" }[h]);
        break;
    }
    case 32: printf("\tadd r%d, sp, #%u\n", d, 4 * pick(256)); break;
    default: printf("\tmovs r%d, r%d\n", d, m); break;
    }
}

void memop(void)
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
    {
        int l = new_label();
        printf("\tldr r6, =8%04df+1\n\tpush {r6}\n\tpop {pc}\n\t.ltorg\n8%04d:\n", l, l);
        break;
    }
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

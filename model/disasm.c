/* ARMv6-M disassembler for the trace lines, in GNU objdump's syntax (lower case, "#imm", "{r4, lr}",
 * branch targets as absolute addresses). */
#include <stdarg.h>
#include <stdio.h>

#include "armv6m.h"

static const char *const R[16] = { "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                   "r8", "r9", "sl", "fp", "ip", "sp", "lr", "pc" };
static const char *const COND[16] = { "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc",
                                      "hi", "ls", "ge", "lt", "gt", "le", "", "" };

__attribute__((format(printf, 3, 4))) static int out(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n < 0 ? 0 : (size_t)n < size ? n : (int)size - 1;
}

static int reglist(char *buf, size_t size, unsigned list)
{
    int n = out(buf, size, "{");
    int first = 1;
    for (unsigned i = 0; i < 16; i++)
        if (list & (1u << i)) {
            n += out(buf + n, size - (size_t)n, "%s%s", first ? "" : ", ", R[i]);
            first = 0;
        }
    return n + out(buf + n, size - (size_t)n, "}");
}

static const char *sysreg(unsigned sysm)
{
    switch (sysm) {
    case 0: return "APSR";
    case 1: return "IAPSR";
    case 2: return "EAPSR";
    case 3: return "PSR";
    case 5: return "IPSR";
    case 6: return "EPSR";
    case 7: return "IEPSR";
    case 8: return "MSP";
    case 9: return "PSP";
    case 16: return "PRIMASK";
    case 20: return "CONTROL";
    default: return "?";
    }
}

static int dis32(uint32_t pc, uint32_t op, char *b, size_t n)
{
    uint32_t hw1 = op >> 16, hw2 = op & 0xffff;
    if ((hw2 & 0xd000) == 0xd000 && (hw1 & 0xf800) == 0xf000) {
        uint32_t s = (hw1 >> 10) & 1, i1 = !(((hw2 >> 13) & 1) ^ s), i2 = !(((hw2 >> 11) & 1) ^ s);
        uint32_t imm = (s << 24) | (i1 << 23) | (i2 << 22) | ((hw1 & 0x3ff) << 12) | ((hw2 & 0x7ff) << 1);
        return out(b, n, "bl 0x%x", pc + 4 + (uint32_t)((int32_t)(imm << 7) >> 7));
    }
    if ((hw1 & 0xffe0) == 0xf380 && (hw2 & 0xff00) == 0x8800) return out(b, n, "msr %s, %s", sysreg(hw2 & 0xff), R[hw1 & 15]);
    if (hw1 == 0xf3ef && (hw2 & 0xf000) == 0x8000) return out(b, n, "mrs %s, %s", R[(hw2 >> 8) & 15], sysreg(hw2 & 0xff));
    if (hw1 == 0xf3bf && (hw2 & 0xff00) == 0x8f00) {
        unsigned o = (hw2 >> 4) & 15;
        const char *m = o == 4 ? "dsb" : o == 5 ? "dmb" : o == 6 ? "isb" : NULL;
        if (m) return out(b, n, "%s sy", m);
    }
    if ((hw1 & 0xfff0) == 0xf7f0 && (hw2 & 0xf000) == 0xa000)
        return out(b, n, "udf.w #%u", ((hw1 & 15) << 12) | (hw2 & 0xfff));
    return out(b, n, "undefined 0x%08x", op);
}

int m6_disasm(uint32_t pc, uint32_t op, int is32, char *b, size_t n)
{
    if (is32) return dis32(pc, op, b, n);
    unsigned rd = op & 7, rn = (op >> 3) & 7, rm = (op >> 6) & 7, imm5 = (op >> 6) & 31, r8 = (op >> 8) & 7;
    switch (op >> 11) {
    case 0x00: return imm5 ? out(b, n, "lsls %s, %s, #%u", R[rd], R[rn], imm5) : out(b, n, "movs %s, %s", R[rd], R[rn]);
    case 0x01: return out(b, n, "lsrs %s, %s, #%u", R[rd], R[rn], imm5 ? imm5 : 32);
    case 0x02: return out(b, n, "asrs %s, %s, #%u", R[rd], R[rn], imm5 ? imm5 : 32);
    case 0x03: {
        const char *m = (op & 0x200) ? "subs" : "adds";
        if (op & 0x400) return out(b, n, "%s %s, %s, #%u", m, R[rd], R[rn], rm);
        return out(b, n, "%s %s, %s, %s", m, R[rd], R[rn], R[rm]);
    }
    case 0x04: return out(b, n, "movs %s, #%u", R[r8], op & 0xff);
    case 0x05: return out(b, n, "cmp %s, #%u", R[r8], op & 0xff);
    case 0x06: return out(b, n, "adds %s, #%u", R[r8], op & 0xff);
    case 0x07: return out(b, n, "subs %s, #%u", R[r8], op & 0xff);
    case 0x08:
        if (!(op & 0x400)) {
            static const char *const dp[16] = { "ands", "eors", "lsls", "lsrs", "asrs", "adcs", "sbcs", "rors",
                                                "tst", "negs", "cmp", "cmn", "orrs", "muls", "bics", "mvns" };
            unsigned k = (op >> 6) & 15;
            return out(b, n, "%s %s, %s", dp[k], R[rd], R[rn]);
        } else {
            unsigned dn = (op & 7) | ((op >> 4) & 8), m = (op >> 3) & 15;
            switch ((op >> 8) & 3) {
            case 0: return out(b, n, "add %s, %s", R[dn], R[m]);
            case 1: return out(b, n, "cmp %s, %s", R[dn], R[m]);
            case 2:
                if (op == 0x46c0) return out(b, n, "nop"); /* mov r8, r8: the canonical Thumb NOP */
                return out(b, n, "mov %s, %s", R[dn], R[m]);
            default:
                if ((op & 7) || ((op & 0x80) && m == 15)) return out(b, n, "undefined 0x%04x", op);
                return out(b, n, "%s %s", (op & 0x80) ? "blx" : "bx", R[m]);
            }
        }
    case 0x09: return out(b, n, "ldr %s, [pc, #%u]", R[r8], (op & 0xff) * 4);
    case 0x0a: case 0x0b: {
        static const char *const ls[8] = { "str", "strh", "strb", "ldrsb", "ldr", "ldrh", "ldrb", "ldrsh" };
        return out(b, n, "%s %s, [%s, %s]", ls[(op >> 9) & 7], R[rd], R[rn], R[rm]);
    }
    case 0x0c: return out(b, n, "str %s, [%s, #%u]", R[rd], R[rn], imm5 * 4);
    case 0x0d: return out(b, n, "ldr %s, [%s, #%u]", R[rd], R[rn], imm5 * 4);
    case 0x0e: return out(b, n, "strb %s, [%s, #%u]", R[rd], R[rn], imm5);
    case 0x0f: return out(b, n, "ldrb %s, [%s, #%u]", R[rd], R[rn], imm5);
    case 0x10: return out(b, n, "strh %s, [%s, #%u]", R[rd], R[rn], imm5 * 2);
    case 0x11: return out(b, n, "ldrh %s, [%s, #%u]", R[rd], R[rn], imm5 * 2);
    case 0x12: return out(b, n, "str %s, [sp, #%u]", R[r8], (op & 0xff) * 4);
    case 0x13: return out(b, n, "ldr %s, [sp, #%u]", R[r8], (op & 0xff) * 4);
    case 0x14: return out(b, n, "add %s, pc, #%u", R[r8], (op & 0xff) * 4);
    case 0x15: return out(b, n, "add %s, sp, #%u", R[r8], (op & 0xff) * 4);
    case 0x16: case 0x17: {
        char list[80];
        switch ((op >> 8) & 15) {
        case 0x0: return out(b, n, "%s sp, #%u", (op & 0x80) ? "sub" : "add", (op & 0x7f) * 4);
        case 0x2: {
            static const char *const ex[4] = { "sxth", "sxtb", "uxth", "uxtb" };
            return out(b, n, "%s %s, %s", ex[(op >> 6) & 3], R[rd], R[rn]);
        }
        case 0x4: case 0x5:
            reglist(list, sizeof list, (op & 0xff) | ((op & 0x100) ? 0x4000 : 0));
            return out(b, n, "push %s", list);
        case 0x6:
            if ((op & 0xffef) == 0xb662) return out(b, n, "cpsi%s i", (op & 0x10) ? "d" : "e");
            break;
        case 0xa: {
            static const char *const rv[4] = { "rev", "rev16", NULL, "revsh" };
            if (rv[(op >> 6) & 3]) return out(b, n, "%s %s, %s", rv[(op >> 6) & 3], R[rd], R[rn]);
            break;
        }
        case 0xc: case 0xd:
            reglist(list, sizeof list, (op & 0xff) | ((op & 0x100) ? 0x8000 : 0));
            return out(b, n, "pop %s", list);
        case 0xe: return out(b, n, "bkpt 0x%04x", op & 0xff);
        case 0xf: {
            static const char *const hint[5] = { "nop", "yield", "wfe", "wfi", "sev" };
            if (!(op & 0xf) && ((op >> 4) & 15) < 5) return out(b, n, "%s", hint[(op >> 4) & 15]);
            break;
        }
        default: break;
        }
        return out(b, n, "undefined 0x%04x", op);
    }
    case 0x18: case 0x19: {
        char list[80];
        if (!(op & 0xff)) return out(b, n, "undefined 0x%04x", op);
        reglist(list, sizeof list, op & 0xff);
        int wb = (op & 0x800) ? !((op >> r8) & 1) : 1;
        return out(b, n, "%s %s%s, %s", (op & 0x800) ? "ldmia" : "stmia", R[r8], wb ? "!" : "", list);
    }
    case 0x1a: case 0x1b: {
        unsigned cond = (op >> 8) & 15;
        if (cond == 14) return out(b, n, "udf #%u", op & 0xff);
        if (cond == 15) return out(b, n, "svc %u", op & 0xff);
        return out(b, n, "b%s.n 0x%x", COND[cond], pc + 4 + (uint32_t)((int32_t)(int8_t)(op & 0xff) * 2));
    }
    case 0x1c: return out(b, n, "b.n 0x%x", pc + 4 + (uint32_t)(((int32_t)(op << 21)) >> 20));
    default: return out(b, n, "undefined 0x%04x", op);
    }
}

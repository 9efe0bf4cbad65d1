/* qemu-compare: QEMU as an independent oracle for the model. Reads a `qemu-system-arm -singlestep -d
 * exec,cpu,nochain` log (the register state before every instruction) and the model's Tarmac trace, replays
 * the trace's register writes into a shadow register file and compares R0-R15 and the xPSR (flags and
 * exception number) before every instruction.
 * Documented exceptions: the flags before their first write in the trace (QEMU resets them to Z and C set,
 * the architecture leaves them unknown); r0 after a semihosting call that returns nothing (SYS_WRITEC,
 * SYS_WRITE0: the semihosting spec says r0 is corrupted; QEMU writes 0xdeadbeef, the model leaves it) until
 * the program writes r0 again.
 * usage: qemu-compare <qemu log> <model trace>   exit 0 no divergence, 1 divergence, 2 bad input */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tarmac/reader.h"
#include "tarmac/regs.h"

typedef struct qstate {
    uint32_t r[16], xpsr;
    unsigned long line;
} qstate;

/* Next register block of the QEMU log; 0 at the end. */
static int next_qemu(FILE *f, unsigned long *lineno, qstate *s)
{
    char line[512];
    int have = 0;
    while (fgets(line, sizeof line, f)) {
        (*lineno)++;
        if (!strncmp(line, "Trace ", 6)) {
            have = 1;
            memset(s, 0, sizeof *s);
            s->line = *lineno;
            continue;
        }
        if (!have) continue;
        char *p = line;
        while ((p = strchr(p, 'R')) != NULL) {
            unsigned n;
            uint32_t v;
            int used;
            if (sscanf(p, "R%2u=%8x%n", &n, &v, &used) == 2 && n < 16) {
                s->r[n] = v;
                p += used;
            } else {
                p++;
            }
        }
        if (!strncmp(line, "XPSR=", 5)) {
            s->xpsr = (uint32_t)strtoul(line + 5, NULL, 16);
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: qemu-compare <qemu log> <model trace>\n");
        return 2;
    }
    FILE *q = fopen(argv[1], "r");
    if (!q) {
        fprintf(stderr, "qemu-compare: %s: cannot open\n", argv[1]);
        return 2;
    }
    tm_error e;
    tm_reader *t = tm_reader_open(argv[2], NULL, &e);
    if (!t) {
        char buf[600];
        fprintf(stderr, "qemu-compare: %s\n", tm_error_format(&e, buf, sizeof buf));
        fclose(q);
        return 2;
    }
    uint32_t gold[TM_REG_COUNT] = { 0 };
    gold[TM_REG_LR] = 0xffffffffu; /* reset value (ARCHITECTURE.md); the trace writes only changes */
    int flags_known = 0, spsel = 0, handler = 0, returning = 0, r0_unknown = 0;
    unsigned long qline = 0, compared = 0;
    int rc = 0;
    tm_record rec;
    qstate qs;
    int r;
    while ((r = tm_reader_next(t, &rec, &e)) == TM_OK) {
        if (rec.kind == TM_REC_REG) {
            int id = tm_reg_id(rec.u.reg.name, rec.u.reg.suffix);
            if (id >= 0 && id < TM_REG_COUNT) gold[id] = (uint32_t)rec.u.reg.value.v;
            if (id == 0) r0_unknown = 0;
            if (id == TM_REG_XPSR) flags_known = 1;
            if (id == TM_REG_CONTROL) spsel = (gold[id] >> 1) & 1;
            /* an exception return to thread runs on the stack its unstacking wrote */
            if (returning && (id == TM_REG_MSP || id == TM_REG_PSP)) spsel = id == TM_REG_PSP;
            continue;
        }
        if (rec.kind == TM_REC_EVENT && rec.u.event.desc.n >= 20 &&
            strncasecmp(rec.u.event.desc.p, "CoreEvent_ModeChange", 20) == 0 && rec.u.event.mode.n == 6 &&
            !strncasecmp(rec.u.event.mode.p, "thread", 6)) {
            returning = 1;
            continue;
        }
        if (rec.kind != TM_REC_INSN) continue;
        returning = 0;
        handler = rec.u.insn.mode.n == 7;
        if (!next_qemu(q, &qline, &qs)) break; /* QEMU stops at the exit */
        uint32_t pc = (uint32_t)rec.u.insn.addr.va;
        uint32_t sp = handler || !spsel ? gold[TM_REG_MSP] : gold[TM_REG_PSP];
        char diff[400] = "";
        int n = 0;
        for (int i = 0; i < 13; i++)
            if (gold[i] != qs.r[i] && !(i == 0 && r0_unknown)) n += snprintf(diff + n, sizeof diff - (size_t)n, " r%d %08x/%08x", i, gold[i], qs.r[i]);
        if (sp != qs.r[13] && n < 300) n += snprintf(diff + n, sizeof diff - (size_t)n, " sp %08x/%08x", sp, qs.r[13]);
        if (gold[TM_REG_LR] != qs.r[14] && n < 300) n += snprintf(diff + n, sizeof diff - (size_t)n, " lr %08x/%08x", gold[TM_REG_LR], qs.r[14]);
        if (pc != qs.r[15] && n < 300) n += snprintf(diff + n, sizeof diff - (size_t)n, " pc %08x/%08x", pc, qs.r[15]);
        /* the flags, Q and GE (ARMv7E-M) once written; the IT bits (ARMv7-M) and the exception number always */
        uint32_t mask = flags_known ? 0xf80ffc3fu | 0x06000000u : 0x0600fc3fu;
        if ((gold[TM_REG_XPSR] & mask) != (qs.xpsr & mask) && n < 300)
            snprintf(diff + n, sizeof diff - (size_t)n, " xpsr %08x/%08x", gold[TM_REG_XPSR], qs.xpsr);
        if (diff[0]) {
            fprintf(stderr, "qemu-compare: divergence before instruction %lu at %08x (model %s:%llu, qemu %s:%lu):%s\n",
                    compared + 1, pc, argv[2], (unsigned long long)tm_reader_line(t), argv[1], qs.line, diff);
            rc = 1;
            break;
        }
        compared++;
        if ((rec.u.insn.opcode & 0xffff) == 0xbeab && (gold[0] == 3 || gold[0] == 4)) r0_unknown = 1;
    }
    if (r != TM_OK && r != TM_EOF) {
        char buf[600];
        fprintf(stderr, "qemu-compare: %s\n", tm_error_format(&e, buf, sizeof buf));
        rc = 2;
    }
    if (compared == 0 && rc == 0) {
        fprintf(stderr, "qemu-compare: nothing compared\n");
        rc = 2;
    }
    printf("qemu-compare: %lu instructions compared, %s\n", compared, rc ? "DIVERGENT" : "no divergence");
    tm_reader_close(t);
    fclose(q);
    return rc;
}

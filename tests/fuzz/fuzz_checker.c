/* Fuzz target for the checker's whole call sequence (libFuzzer entry point; also linked into a replay driver built
 * with gcc, tests/unit/fuzz_checker, so that the committed corpus runs in `make test`).
 *
 * Input: one byte of options, the golden's text, and after a NUL byte (optional) mutations of the calls, 8 bytes
 * each: kind, index (2 bytes, little-endian), field, value (4 bytes). The golden is written to a file (plain, or
 * gzip), the calls a perfect RTL makes for it are derived (golden_calls.c), the mutations applied to them (delete,
 * duplicate, swap, a field set to any value, a call of any kind inserted), and the calls are replayed through the
 * C API, in register-write or register-snapshot mode.
 *
 * Invariants, beyond no crash and no sanitizer finding: a pass compared something (a step and a register) and found
 * no mismatch; a mismatch verdict has as many mismatch blocks as its counter; after tc_finish every call is refused
 * and changes nothing, and tc_finish gives the same result again; a closed handle is refused; the same input run
 * again gives the same verdict, counters and report (the golden thread's pace never shows). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "golden_calls.h"

enum {
    OPT_SNAPSHOT = 1,   /* regs=snapshot: the register writes become one snapshot after each close */
    OPT_GZIP = 2,       /* the golden as gzip */
    OPT_NO_MTB = 4,     /* mtb=0 (the derivation makes no packets) */
    OPT_WINDOW = 8,     /* bus_window=0 instead of the default */
    OPT_MAX_ERRORS = 16, /* max_errors=3 */
    OPT_DATA_ALL = 32,  /* data_beats=all */
    OPT_LENIENT = 64,   /* lenient=1 */
    OPT_IGNORE = 128    /* ignore_regs=r12:lr */
};

#define MAX_CALLS 4096
#define MAX_OPS 64

static void check(int ok, const char *what)
{
    if (ok) return;
    fprintf(stderr, "fuzz_checker: invariant broken: %s\n", what);
    abort();
}

/* One mutation of the calls. */
static void mutate(gc_calls *calls, const uint8_t *op)
{
    size_t n = calls->n;
    uint32_t at = (uint32_t)op[1] | (uint32_t)op[2] << 8, field = op[3];
    uint32_t value = (uint32_t)op[4] | (uint32_t)op[5] << 8 | (uint32_t)op[6] << 16 | (uint32_t)op[7] << 24;
    size_t i = n ? at % n : 0;
    switch (op[0] % 5) {
    case 0: /* delete */
        if (n) {
            memmove(&calls->v[i], &calls->v[i + 1], (n - i - 1) * sizeof *calls->v);
            calls->n--;
        }
        break;
    case 1: /* duplicate */
        if (n && n < MAX_CALLS && gc_push(calls, calls->v[n - 1]) == 0) {
            memmove(&calls->v[i + 1], &calls->v[i], (n - i) * sizeof *calls->v);
        }
        break;
    case 2: /* swap with the next */
        if (i + 1 < n) {
            gc_call t = calls->v[i];
            calls->v[i] = calls->v[i + 1];
            calls->v[i + 1] = t;
        }
        break;
    case 3: /* a field to any value: arguments out of their range included */
        if (n) {
            uint32_t *f[6] = { &calls->v[i].a, &calls->v[i].b, &calls->v[i].c, &calls->v[i].d, &calls->v[i].e,
                               &calls->v[i].f };
            *f[field % 6] = value;
        }
        break;
    default: { /* a call of any kind */
        gc_call c = { (uint8_t)(field % GC_KIND_COUNT), value, value >> 8, value >> 16 & 7, value >> 24 & 15,
                      value * 2654435761u, value >> 31 };
        if (n < MAX_CALLS && gc_push(calls, c) == 0) {
            memmove(&calls->v[i + 1], &calls->v[i], (n - i) * sizeof *calls->v);
            calls->v[i] = c;
        }
    }
    }
}

static int apply(tc_checker *c, const gc_call *k, uint32_t regs[TM_REG_COUNT])
{
    switch (k->kind) {
    case GC_REG: return tc_reg_write(c, (int)k->a, k->b);
    case GC_BEAT: return tc_ahb_beat(c, k->a, (int)k->b, (int)k->c, (int)k->d, k->e, (int)k->f);
    case GC_RETIRE: return tc_retire(c, k->a, k->b, (int)k->c, (int)k->d);
    case GC_EXC: return tc_exception(c, (int)k->a, k->b);
    case GC_PACKET: return k->c ? tc_mtb_packet_at(c, k->d, k->a, k->b) : tc_mtb_packet(c, k->a, k->b);
    case GC_IRQ: return tc_irq_lines(c, k->a, (int)k->b);
    case GC_TICKS: return tc_systick_ticks(c, k->a);
    case GC_MEMW: return tc_mem_write(c, k->a, (int)k->b, k->c);
    case GC_TIME: return tc_set_time(c, (uint64_t)k->b << 32 | k->a);
    default: return tc_snapshot(c, regs, k->a);
    }
}

/* In snapshot mode the register writes become the register file shown after each close. */
static void as_snapshots(gc_calls *calls)
{
    gc_calls out = { 0 };
    for (size_t i = 0; i < calls->n; i++) {
        gc_call k = calls->v[i];
        if (gc_push(&out, k) != 0) break;
        if ((k.kind == GC_RETIRE || k.kind == GC_EXC) && gc_push(&out, (gc_call){ GC_SNAPSHOT, (1u << TM_REG_COUNT) - 1, 0, 0, 0, 0, 0 }))
            break;
    }
    gc_free(calls);
    *calls = out;
}

typedef struct outcome {
    int rc;
    tc_counters n;
    char *report;
} outcome;

/* Replays the calls on the golden; the verdict, counters and report, with the contract's invariants checked. */
static outcome run(const char *golden, const char *options, const gc_calls *calls, int snapshot)
{
    outcome o = { -1, { 0 }, NULL };
    tm_error err;
    tc_checker *c = tc_open(golden, options, &err);
    if (!c) return o;
    uint32_t regs[TM_REG_COUNT] = { 0 };
    for (size_t i = 0; i < calls->n && !tc_halted(c); i++) {
        if (snapshot && calls->v[i].kind == GC_REG && calls->v[i].a < TM_REG_COUNT) {
            regs[calls->v[i].a] = calls->v[i].b;
            continue;
        }
        int rc = apply(c, &calls->v[i], regs);
        check(rc == TC_OK || rc == TC_MISMATCH || rc == TC_FAILED, "a call's result is TC_OK, TC_MISMATCH or TC_FAILED");
    }
    o.rc = tc_finish(c);
    tc_get_counters(c, &o.n);
    const char *report = tc_report(c);
    o.report = strdup(report);
    if (o.rc == TC_OK) {
        check(o.n.mismatches == 0 && o.n.steps > 0 && o.n.registers > 0, "a pass compared a step and a register");
        check(strstr(report, "tarmac checker: PASS") != NULL, "a pass says PASS");
    }
    if (o.rc == TC_MISMATCH) {
        uint64_t blocks = 0;
        for (const char *p = report; (p = strstr(p, "==== TARMAC LOCKSTEP MISMATCH #")); p++) blocks++;
        check(o.n.mismatches > 0 && blocks == o.n.mismatches, "each mismatch counted has its report block");
    }
    /* after finish: refused, nothing changes */
    check(tc_retire(c, 0x100, 0x2016, 0, 1) == TC_FAILED, "a retire after finish is refused");
    check(tc_ahb_beat(c, 0x20000000, 1, 2, 1, 0, 0) == TC_FAILED, "a beat after finish is refused");
    check(tc_finish(c) == o.rc, "a second finish returns the first result");
    tc_counters again;
    tc_get_counters(c, &again);
    check(memcmp(&again, &o.n, sizeof again) == 0, "calls after finish change no counter");
    check(strcmp(tc_report(c), o.report) == 0, "calls after finish add nothing to the report");
    tc_close(c);
    check(tc_retire(c, 0x100, 0x2016, 0, 1) == TC_FAILED && tc_close(c) == TC_FAILED, "a closed handle is refused");
    return o;
}

static int write_golden(const char *path, const uint8_t *text, size_t len, int gzip)
{
    if (gzip) {
        gzFile g = gzopen(path, "wb1");
        if (!g) return -1;
        int ok = len == 0 || gzwrite(g, text, (unsigned)len) == (int)len;
        return gzclose(g) == Z_OK && ok ? 0 : -1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    int ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t opt = data[0];
    const uint8_t *text = data + 1, *end = data + size;
    const uint8_t *nul = memchr(text, 0, (size_t)(end - text));
    size_t text_len = (size_t)((nul ? nul : end) - text);
    char path[64];
    snprintf(path, sizeof path, "/tmp/fuzz_checker_%ld.tarmac%s", (long)getpid(), opt & OPT_GZIP ? ".gz" : "");
    if (write_golden(path, text, text_len, opt & OPT_GZIP) != 0) return 0;
    gc_calls calls = { 0 };
    tm_error err;
    gc_perfect_calls(path, &calls, &err); /* an unreadable golden: the calls before the error */
    if (calls.n > MAX_CALLS) calls.n = MAX_CALLS;
    size_t ops = nul ? (size_t)(end - nul - 1) / 8 : 0;
    for (size_t i = 0; i < ops && i < MAX_OPS; i++) mutate(&calls, nul + 1 + 8 * i);
    int snapshot = opt & OPT_SNAPSHOT;
    if (snapshot) as_snapshots(&calls);
    char options[200];
    snprintf(options, sizeof options, "context=4%s%s%s%s%s%s%s", snapshot ? ",regs=snapshot" : "",
             opt & OPT_NO_MTB ? ",mtb=0" : "", opt & OPT_WINDOW ? ",bus_window=0" : "",
             opt & OPT_MAX_ERRORS ? ",max_errors=3" : "", opt & OPT_DATA_ALL ? ",data_beats=all" : "",
             opt & OPT_LENIENT ? ",lenient=1" : "", opt & OPT_IGNORE ? ",ignore_regs=r12:lr" : "");
    outcome a = run(path, options, &calls, snapshot), b = run(path, options, &calls, snapshot);
    check(a.rc == b.rc, "the same calls give the same verdict");
    check(memcmp(&a.n, &b.n, sizeof a.n) == 0, "the same calls give the same counters");
    check((!a.report && !b.report) || (a.report && b.report && strcmp(a.report, b.report) == 0),
          "the same calls give the same report");
    free(a.report);
    free(b.report);
    gc_free(&calls);
    unlink(path);
    return 0;
}

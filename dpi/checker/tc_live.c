/* Live mode (dpi/README.md, "Live mode"): golden=live:<elf> runs the project's model inside the checker. The
 * RTL decides when asynchronous exceptions are taken; the model follows each decision that is legal and judges
 * the others (model/cosim.h, the only model interface used here). The model writes its trace as Tarmac text,
 * which is parsed and built into steps by the same parser and step builder as a golden file's (tc_golden.c),
 * and every RTL call is compared by the same functions as in file mode (tc_apply_event): one comparison, the
 * same verdicts and reports.
 *
 * The order of things. A step's register writes, beats and packets come before the call that closes it, and
 * only that call says what the step was; an exception return's close is known to unstack or to tail-chain
 * only from the close after it. So every call is held in a ring, in order:
 *   - the model follows a close (executes the instruction, or takes the exception the RTL reports) once the
 *     next close has come, and applies the interrupt lines, SysTick cycles and other masters' writes held
 *     between closes at the boundaries where they came;
 *   - a held call is compared once the model has made the golden steps file mode would have read for it
 *     (bus_window + 2 beyond the comparison's step), with its own simulation time.
 * The times also order what the RTL sampled around an exception: lines and SysTick cycles reported after an
 * entry's call with an earlier time came before the entry cleared the entered exception's pending state (they
 * merged with it), and an exception return's sample of the line levels waits for those up to the return's time.
 * Where the RTL's choice is not legal the model does what the architecture requires instead (it does not take
 * an illegal entry; it takes an exception left pending past irq_latency; it tail-chains into the highest
 * priority), and the comparison reports the difference with the cause as a note. The golden that results is
 * the one golden_out writes: file mode replays it against the same calls with the same verdict and counts. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosim.h"
#include "tarmac/parse.h"
#include "tarmac/writer.h"
#include "tc_step.h"

#define TC_LIVE_HELD 16384u /* calls held at most (a power of two) */
#define TC_LIVE_LINE 4096

struct tc_live {
    m6_cosim *cs;
    tm_out *out;               /* golden_out */
    tm_parse_state ps;
    uint64_t lines;            /* golden lines so far */
    char line[TC_LIVE_LINE];
    int sink_error;            /* the model's trace could not be formatted, written or parsed: its tm_status */
    char sink_msg[300];
    /* held calls: [cmp, tail) not compared yet, [model, tail) not followed by the model yet */
    tc_event *q;
    uint8_t *used;             /* a read beat whose value a volatile read took */
    uint32_t (*snaps)[TM_REG_COUNT]; /* regs=snapshot: the registers of a held snapshot, at its call's place */
    uint64_t tail, model, cmp;
    int ended;                 /* the model's golden has ended */
    /* option decision_window: the entries accepted as decided earlier (the first ones, for the report; all
     * counted) */
    tc_note early[TC_NOTES];
    unsigned n_early;
};

static int is_close(const tc_event *e) { return e->kind == TC_EV_RETIRE || e->kind == TC_EV_EXC; }

/* The index the next golden step the model makes will have. */
static uint64_t next_step(const tc_checker *c) { return c->gs.made + (c->gs.building ? 1 : 0); }

__attribute__((format(printf, 3, 4))) static void note(tc_checker *c, uint64_t step, const char *fmt, ...)
{
    tc_notes *n = &c->notes;
    if (n->n == TC_NOTES) return; /* the first ones explain the first mismatches */
    tc_note *t = &n->note[n->n++];
    t->step = step;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->text, sizeof t->text, fmt, ap);
    va_end(ap);
}

/* The model's trace. With golden_out each record is formatted as a golden file's line, written, parsed back and
 * built into steps, so that the steps are exactly those a replay of golden_out builds. Without it the record
 * goes to the step builder as it is (the same fields the parser gives back: the tests LiveGoldens hold the two
 * paths to the same counts on every program), and the model leaves out the disassembly (reports make it from
 * the opcode) and the time. */
static void sink(void *ctx, const tm_record *r)
{
    tc_checker *c = ctx;
    tc_live *l = c->live;
    if (l->sink_error) return;
    if (!l->out) { /* no file to write: the record as the parser would give it back, without the text */
        l->lines++;
        if (tc_golden_add(c, r, l->lines) != TC_OK) l->sink_error = TM_ERR_IO;
        return;
    }
    int n = tm_format(r, TM_DIALECT_FASTMODELS, l->line, sizeof l->line - 1);
    tm_record back;
    tm_error err;
    if (n < 0) {
        snprintf(l->sink_msg, sizeof l->sink_msg, "live golden line %llu: a record too long to format",
                 (unsigned long long)l->lines + 1);
        l->sink_error = TM_ERR_LINE;
        return;
    }
    l->lines++;
    if (l->out) {
        l->line[n] = '\n';
        if (tm_out_write(l->out, l->line, (size_t)n + 1, &err) != TM_OK) {
            char buf[200];
            snprintf(l->sink_msg, sizeof l->sink_msg, "golden_out: %s", tm_error_format(&err, buf, sizeof buf));
            l->sink_error = err.status < 0 ? err.status : TM_ERR_IO;
            return;
        }
    }
    if (tm_parse_line_in(&l->ps, l->line, (size_t)n, &back, &err) != TM_OK) {
        snprintf(l->sink_msg, sizeof l->sink_msg, "live golden line %llu: the model's line does not parse: %.150s",
                 (unsigned long long)l->lines, err.msg);
        l->sink_error = TM_ERR_PARSE;
        return;
    }
    if (back.kind != TM_REC_NONE && tc_golden_add(c, &back, l->lines) != TC_OK) l->sink_error = TM_ERR_IO;
}

/* A read the model makes in a volatile range takes the value of the RTL's matching read beat held (the first
 * not yet taken), or its ERROR response; without one the model reads 0 and the report says so. */
static int volatile_read(void *ctx, uint32_t addr, unsigned size, uint32_t *val)
{
    tc_checker *c = ctx;
    tc_live *l = c->live;
    for (uint64_t k = l->cmp; k < l->tail; k++) {
        unsigned at = (unsigned)(k & (TC_LIVE_HELD - 1));
        const tc_event *e = &l->q[at];
        if (e->kind != TC_EV_BEAT || e->a || l->used[at] || e->x != addr || (1u << e->b) != size) continue;
        if (!(e->z & 1) && c->o.data_beats == TC_DATA_BEATS_HPROT) continue; /* a fetch */
        l->used[at] = 1;
        if (e->c) return -1; /* the device answered ERROR: a bus error for the model too */
        *val = size == 4 ? e->y : (e->y >> (8 * (addr & 3))) & ((1u << (8 * size)) - 1);
        c->n.volatile_reads++; /* a value the golden took from the RTL: not compared (the ledger) */
        c->notes.vr_valid = 1;
        c->notes.vr_step = next_step(c);
        c->notes.vr_addr = addr;
        c->notes.vr_val = *val;
        c->notes.vr_size = size;
        return 0;
    }
    note(c, next_step(c), "VOLATILE READ: the model read R%u %08x in a volatile range, and the RTL made no such read "
         "(it reads 0)", size, addr);
    *val = 0;
    return 0;
}

/* status: what tm_error_set takes; the model's own errors keep theirs (a missing ELF is TM_ERR_IO, one that is
 * not an ARM executable TM_ERR_FORMAT), out of memory is TM_ERR_IO as in tc_open */
static int fail_open(tm_error *err, int status, const char *msg, const char *detail)
{
    tm_error_set(err, status, NULL, 0, "%s%.200s", msg, detail);
    return -1;
}

/* A note of the model's (model/cosim.h): its cause for the report at the golden step it explains, or an entry
 * accepted as decided earlier, kept for the report's end. */
static void model_note(void *ctx, int kind, const char *text)
{
    tc_checker *c = ctx;
    tc_live *l = c->live;
    if (kind != M6_COSIM_EARLY) {
        note(c, next_step(c), "%s", text);
        return;
    }
    if (l->n_early++ >= TC_NOTES) return;
    tc_note *e = &l->early[l->n_early - 1];
    e->step = next_step(c);
    snprintf(e->text, sizeof e->text, "%s", text);
}

unsigned tc_live_early_entries(const tc_checker *c) { return c->live ? c->live->n_early : 0; }

int tc_live_open(tc_checker *c, tm_error *err)
{
    tc_live *l = calloc(1, sizeof *l);
    if (!l) return fail_open(err, TM_ERR_IO, "out of memory", "");
    c->live = l;
    l->q = calloc(TC_LIVE_HELD, sizeof *l->q);
    l->used = calloc(TC_LIVE_HELD, 1);
    if (!l->q || !l->used || (c->o.snapshot && !(l->snaps = calloc(TC_LIVE_HELD, sizeof *l->snaps))))
        return fail_open(err, TM_ERR_IO, "out of memory", "");
    /* the configuration the testbench declares (model=, validated by the option parser) */
    m6_cosim_setup setup = { c->o.golden + 5, c->o.model, c->o.irq_latency, c->o.decision_window,
                             (const uint32_t(*)[2])c->o.volatile_ranges, c->o.n_volatile, volatile_read,
                             sink, !c->o.golden_out[0], model_note, c };
    char record[M6_COSIM_RECORD_MAX]; /* as armv6m-iss writes a golden: configuration and program in the header */
    tm_error e;
    char why[600];
    l->cs = m6_cosim_open(&setup, c->o.golden_out[0] ? record : NULL, sizeof record, &e);
    if (!l->cs) return fail_open(err, e.status, "golden live: ", tm_error_format(&e, why, sizeof why));
    if (c->o.golden_out[0]) {
        const char *in[4];
        tm_out_options oo = { -1, 1, 1, record, tc_inputs(c, in) };
        l->out = tm_out_open(c->o.golden_out, &oo, err);
        if (!l->out) return -1;
    }
    if (tc_golden_live_start(c, err) != 0) return -1;
    if (m6_cosim_reset(l->cs, &e) != TM_OK)
        return fail_open(err, e.status, "golden live: ", tm_error_format(&e, why, sizeof why));
    if (l->sink_error)
        return fail_open(err, l->sink_error, "", l->sink_msg[0] ? l->sink_msg : tc_golden_error(c));
    return 0;
}

static void end_golden(tc_checker *c)
{
    tc_live *l = c->live;
    if (l->ended) return;
    l->ended = 1;
    tc_golden_end(c, l->lines);
}

/* Follow the close e (next: the close after it, NULL at the end). */
static void follow_close(tc_checker *c, const tc_event *e, const tc_event *next)
{
    tc_live *l = c->live;
    uint64_t before = c->time;
    c->time = e->time;
    if (!l->ended) {
        if (e->kind == TC_EV_RETIRE) {
            m6_cosim_boundary after = { 0, 0, 0 };
            if (next) after = (m6_cosim_boundary){ next->time, next->kind == TC_EV_EXC ? next->x : 0,
                                                next->kind == TC_EV_EXC ? next->y : 0 };
            m6_cosim_step(l->cs, e->time, next ? &after : NULL);
        } else {
            m6_cosim_boundary entry = { e->time, e->x, e->y };
            m6_cosim_take(l->cs, &entry);
        }
        if (m6_cosim_stopped(l->cs)) end_golden(c);
    }
    c->time = before;
}

/* Events between closes change the model's state at the boundary they came before. */
static void follow_event(tc_checker *c, const tc_event *e)
{
    m6_cosim_event in = { 0, e->time, e->x, 0, e->a };
    if (e->kind == TC_EV_REG) in.kind = M6_COSIM_REG; /* the most frequent */
    else if (e->kind == TC_EV_IRQ) in.kind = M6_COSIM_IRQ;
    else if (e->kind == TC_EV_TICKS) in.kind = M6_COSIM_TICKS;
    else if (e->kind == TC_EV_MEMW) in = (m6_cosim_event){ M6_COSIM_MEM_WRITE, e->time, e->y, e->x, e->a };
    /* a beat, packet or snapshot: its time only dates the pending state for decision_window */
    else if (!c->o.decision_window) return;
    m6_cosim_input(c->live->cs, &in);
}

/* Let the model follow the held calls before the close just held (the last call; it waits for the one after
 * it), or at the end all of them. Between the model's position and the last call there is at most one close,
 * the one that waited: the close after it is the last call. */
static void follow(tc_checker *c, int all)
{
    tc_live *l = c->live;
    uint64_t end = all ? l->tail : l->tail - 1;
    const tc_event *next = all ? NULL : &l->q[(l->tail - 1) & (TC_LIVE_HELD - 1)];
    for (; l->model < end; l->model++) {
        const tc_event *e = &l->q[l->model & (TC_LIVE_HELD - 1)];
        if (is_close(e)) follow_close(c, e, next);
        else follow_event(c, e);
    }
}

/* Compare the held calls whose golden steps exist (all of them once the golden ended). */
static int compare_held(tc_checker *c)
{
    tc_live *l = c->live;
    int rc = TC_OK;
    uint64_t before = c->time;
    while (l->cmp < l->model && !c->failed) {
        if (l->sink_error) {
            rc = tc_fail(c, "live", "%s", l->sink_msg[0] ? l->sink_msg : tc_golden_error(c));
            break;
        }
        if (!l->ended && c->gs.made < c->cursor + c->o.bus_window + 2) break;
        unsigned at = (unsigned)(l->cmp & (TC_LIVE_HELD - 1));
        const tc_event *e = &l->q[at];
        int r;
        if (e->kind == TC_EV_SNAPSHOT) {
            c->time = e->time;
            r = tc_snapshot_now(c, l->snaps ? l->snaps[at] : NULL, e->x); /* regs=writes: fails before reading */
        } else {
            r = tc_apply_event(c, e);
        }
        l->used[at] = 0;
        l->cmp++;
        if (r != TC_OK && rc == TC_OK) rc = r;
    }
    c->time = before;
    return rc;
}

int tc_live_call(tc_checker *c, const tc_event *e)
{
    tc_live *l = c->live;
    if (l->tail - l->cmp == TC_LIVE_HELD)
        return tc_fail(c, "live", "live mode: %u calls held and none can be compared (the golden steps they need are not "
                       "made: no retire or exception for that long)", TC_LIVE_HELD);
    l->q[l->tail & (TC_LIVE_HELD - 1)] = *e;
    l->tail++;
    if (is_close(e)) follow(c, 0); /* the events before it wait for it: they apply after the close before them */
    int rc = compare_held(c);
    return rc != TC_OK ? rc : (c->failed ? TC_FAILED : TC_OK);
}

int tc_live_snapshot(tc_checker *c, const uint32_t regs[TM_REG_COUNT], uint32_t valid)
{
    tc_live *l = c->live;
    if (l->snaps && l->tail - l->cmp < TC_LIVE_HELD) /* (else tc_live_call fails: too many held) */
        memcpy(l->snaps[l->tail & (TC_LIVE_HELD - 1)], regs, sizeof *l->snaps);
    tc_event e = { TC_EV_SNAPSHOT, 0, 0, 0, valid, 0, 0, c->time };
    return tc_live_call(c, &e);
}

int tc_live_finish(tc_checker *c)
{
    tc_live *l = c->live;
    follow(c, 1);
    /* an RTL that stops before the program's end: the golden goes on with the model's next step */
    if (!l->ended && !c->failed) m6_cosim_finish(l->cs);
    end_golden(c);
    int rc = compare_held(c);
    if (l->out) {
        tm_error err;
        if (tm_out_close(l->out, &err) != TM_OK && rc == TC_OK) {
            char buf[300];
            rc = tc_fail(c, "output", "golden_out: %s", tm_error_format(&err, buf, sizeof buf));
        }
        l->out = NULL;
    }
    for (unsigned i = 0; i < c->notes.n; i++) tc_report_append(c, "note: %s\n", c->notes.note[i].text);
    c->notes.n = 0;
    for (unsigned i = 0; i < l->n_early && i < TC_NOTES; i++)
        tc_report_append(c, "decision window: %s\n", l->early[i].text);
    if (l->n_early > TC_NOTES)
        tc_report_append(c, "decision window: %u more entries assumed decided earlier\n", l->n_early - TC_NOTES);
    return rc;
}

void tc_live_close(tc_checker *c)
{
    tc_live *l = c->live;
    if (!l) return;
    if (l->out) {
        tm_error err;
        tm_out_close(l->out, &err);
    }
    m6_cosim_close(l->cs);
    free(l->q);
    free(l->used);
    free(l->snaps);
    free(l);
    c->live = NULL;
}

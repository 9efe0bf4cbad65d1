/* Live mode (dpi/README.md, "Live mode"): golden=live:<elf> runs the project's model inside the checker. The
 * RTL decides when asynchronous exceptions are taken; the model follows each decision that is legal and checks
 * it (model/live.c). The model writes its trace as Tarmac text, which is parsed and built into steps by the
 * same parser and step builder as a golden file's (tc_golden.c), and every RTL call is compared by the same
 * functions as in file mode (tc_apply_event): one comparison, the same verdicts and reports.
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

#include "armv6m.h"
#include "tarmac/parse.h"
#include "tc_step.h"

#define TC_LIVE_HELD 16384u /* calls held at most (a power of two) */
#define TC_LIVE_LINES 256u  /* decision_window: the interrupt lines' last changes (a power of two) */
#define TC_LIVE_LINE 4096

struct tc_live {
    m6 *m;
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
    uint64_t closes;           /* closes held */
    uint64_t followed;         /* closes the model has followed */
    uint64_t offset;           /* golden steps made beyond one per close (a missed exception taken at a retire) */
    int ended;                 /* the model's golden has ended */
    /* the close followed last, when it was an exception entry: the RTL cleared that exception's pending state
     * at the entry's time; interrupt lines it sampled before (held past the entry) merged with it */
    unsigned entry_num;
    uint64_t entry_time;
    /* an exception return ended an active exception at return_time (its close): a line still high then pends its
     * interrupt again. The levels of that time are known once the changes sampled up to it are applied (after
     * a tail-chained entry's call, for those held past it), so that boundary's sample waits for them */
    int sample_due;
    uint64_t return_time;
    /* the RTL's register writes before the close being followed: after the model's step, a register the model
     * holds as UNKNOWN takes the RTL's value (m6_take_value) */
    uint32_t take_mask;
    uint32_t take_val[TM_REG_COUNT];
    /* a pending exception that should preempt and is not taken */
    unsigned watch;            /* its number, 0: none */
    uint64_t watch_step, watch_time, watch_insns;
    /* option decision_window: the exceptions pending after the last call followed and when each became pending,
     * when an exception return last ended each, the levels of the interrupt lines with the time of each change,
     * and the entries accepted as decided earlier (the first ones, for the report; all counted) */
    uint64_t pend_mask;
    uint64_t pend_time[M6_EXC_COUNT], ended_time[M6_EXC_COUNT];
    uint64_t line_time[TC_LIVE_LINES];
    uint32_t line_irq[TC_LIVE_LINES];
    uint64_t n_lines;
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

int tc_live_open(tc_checker *c, tm_error *err)
{
    tc_live *l = calloc(1, sizeof *l);
    if (!l) return fail_open(err, TM_ERR_IO, "out of memory", "");
    c->live = l;
    l->q = calloc(TC_LIVE_HELD, sizeof *l->q);
    l->used = calloc(TC_LIVE_HELD, 1);
    if (c->o.snapshot && !(l->snaps = calloc(TC_LIVE_HELD, sizeof *l->snaps)))
        return fail_open(err, TM_ERR_IO, "out of memory", "");
    /* the configuration the testbench declares (model=, validated by the option parser) */
    m6_config cfg;
    m6_config_defaults(&cfg);
    for (const char *p = c->o.model; *p;) {
        size_t n = strcspn(p, ";");
        char item[200];
        snprintf(item, sizeof item, "%.*s", (int)n, p);
        p += n;
        if (*p) p++;
        char *colon = strchr(item, ':');
        if (!colon) continue;
        *colon = '\0';
        m6_config_set(&cfg, item, colon + 1, NULL);
    }
    l->m = m6_create(&cfg);
    if (!l->q || !l->used || !l->m) return fail_open(err, TM_ERR_IO, "out of memory", "");
    m6 *m = l->m;
    tm_error e;
    char why[600];
    if (m6_load_elf(m, c->o.golden + 5, &e) != TM_OK)
        return fail_open(err, e.status, "golden live: ", tm_error_format(&e, why, sizeof why));
    m6_set_console(m, NULL); /* the RTL prints the program's output */
    m6_set_live(m, 1);
    m6_set_volatile(m, (const uint32_t(*)[2])c->o.volatile_ranges, c->o.n_volatile, volatile_read, c);
    if (c->o.golden_out[0]) {
        char record[M6_GOLDEN_RECORD_MAX]; /* as armv6m-iss writes a golden: configuration and program in the header */
        if (m6_golden_record(&cfg, c->o.golden + 5, record, sizeof record, err) != TM_OK) return -1;
        const char *in[4];
        tm_out_options oo = { -1, 1, 1, record, tc_inputs(c, in) };
        l->out = tm_out_open(c->o.golden_out, &oo, err);
        if (!l->out) return -1;
    }
    if (tc_golden_live_start(c, err) != 0) return -1;
    m6_trace_to_sink(m, sink, c, !l->out);
    if (m6_reset(m, &e) != TM_OK)
        return fail_open(err, e.status, "golden live: ", tm_error_format(&e, why, sizeof why));
    l->pend_mask = m6_pending(m);
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

/* A priority as the 8-bit field shows it (0x00-0xC0), or the fixed negative ones (NMI -2, HardFault -1). */
static void priority_text(int p, char *buf, size_t size)
{
    if (p < 0) snprintf(buf, size, "%d", p);
    else snprintf(buf, size, "0x%02x", (unsigned)p << 6);
}

/* ---- option decision_window (dpi/README.md, "Live mode"): the core may have decided an entry up to that long
 * before it reported it; the model accepts an entry that was legal at some time within the window before. ---- */

/* The exceptions that became pending since the last look, pending since time t. */
static void track_pending(tc_live *l, uint64_t t)
{
    uint64_t now = m6_pending(l->m), fresh = now & ~l->pend_mask;
    for (; fresh; fresh &= fresh - 1) l->pend_time[__builtin_ctzll(fresh)] = t;
    l->pend_mask = now;
}

/* The latest time in [lo, hi] at which IRQ line k was high, as the lines' changes say; 0 when none (or when the
 * changes kept no longer reach back that far). */
static uint64_t line_high_in(const tc_live *l, unsigned k, uint64_t lo, uint64_t hi)
{
    uint64_t until = UINT64_MAX; /* the level of change i holds until the next change */
    for (uint64_t i = l->n_lines; i-- > 0 && i + TC_LIVE_LINES > l->n_lines;) {
        unsigned at = (unsigned)(i & (TC_LIVE_LINES - 1));
        uint64_t from = l->line_time[at];
        if (from <= hi && until > lo && ((l->line_irq[at] >> k) & 1)) return until - 1 < hi ? until - 1 : hi;
        if (from <= lo) break;
        until = from;
    }
    return 0;
}

/* Whether the entry of n at time t, illegal then, was legal at some time within the window before (assumed: that
 * time). An IRQ not pending whose line was high within the window before the return that last ended it (the core
 * sampled it at its return, earlier than reported) is pended. The higher priorities pending must all have become
 * pending within the window (the core decided before they came). t0: the time the choice is compared at (a
 * tail-chain's: its exception return's). */
static int decided_earlier(tc_checker *c, unsigned n, uint64_t t0, uint64_t *assumed)
{
    tc_live *l = c->live;
    m6 *m = l->m;
    uint64_t w = c->o.decision_window, t = t0;
    char why[240];
    if (!w) return 0;
    int illegal = m6_entry_illegal(m, n, why, sizeof why);
    if (illegal == M6_ILLEGAL_NOT_PENDING && n >= M6_EXC_IRQ0 && l->ended_time[n]) {
        uint64_t end = l->ended_time[n], high = line_high_in(l, n - M6_EXC_IRQ0, end > w ? end - w : 1, end);
        if (!high) return 0;
        m6_set_pending(m, n);
        t = high;
        illegal = m6_entry_illegal(m, n, why, sizeof why);
    }
    if (illegal) return 0;
    int p = m6_priority(m, n);
    for (uint64_t left = m6_pending(m) & ~(1ull << n); left; left &= left - 1) {
        unsigned k = (unsigned)__builtin_ctzll(left);
        if (m6_priority(m, k) >= p) continue;
        if (l->pend_time[k] + w <= t0 || l->pend_time[k] == 0) return 0; /* pending before the window */
        if (l->pend_time[k] - 1 < t) t = l->pend_time[k] - 1;
    }
    *assumed = t;
    return 1;
}

/* An entry accepted as decided at time assumed: kept for the report. */
static void early_entry(tc_checker *c, unsigned n, uint64_t reported, uint64_t assumed)
{
    tc_live *l = c->live;
    if (l->n_early++ >= TC_NOTES) return;
    char name[24];
    tc_exception_name((int)n, name, sizeof name);
    tc_note *e = &l->early[l->n_early - 1];
    e->step = next_step(c);
    snprintf(e->text, sizeof e->text, "the RTL entered %s at time %llu: legal at time %llu (%llu before), assumed "
             "decided then (decision_window=%u)", name, (unsigned long long)reported, (unsigned long long)assumed,
             (unsigned long long)(reported - assumed), c->o.decision_window);
}

unsigned tc_live_early_entries(const tc_checker *c) { return c->live ? c->live->n_early : 0; }

/* What the RTL's exception entry e (not yet made by the model) means for the model at this boundary. */
static void follow_entry(tc_checker *c, const tc_event *e)
{
    tc_live *l = c->live;
    m6 *m = l->m;
    unsigned n = e->x;
    uint32_t ret = e->y;
    char rtl[24], want[24], why[240];
    tc_exception_name((int)n, rtl, sizeof rtl);
    uint64_t at = next_step(c);
    const m6_config *cfg = m6_get_config(m);
    if (m6_tail_chain_to(m)) { /* the return before left the frame stacked: the core chains, into what? */
        /* with late arrival, into the highest priority pending at the entry (the return's own SysTick count may
         * have pended one since); else into the one chosen at the return */
        unsigned best = m6_tail_chain_to(m);
        uint64_t assumed;
        if (cfg->late_arrival && m6_preempting(m)) best = m6_preempting(m);
        if (best != n && decided_earlier(c, n, l->return_time, &assumed)) {
            early_entry(c, n, e->time, assumed);
            best = n;
        }
        tc_exception_name((int)best, want, sizeof want);
        if (best != n) {
            char p1[16], p2[16];
            priority_text(m6_priority(m, n), p1, sizeof p1);
            priority_text(m6_priority(m, best), p2, sizeof p2);
            if (m6_entry_illegal(m, n, why, sizeof why))
                note(c, at, "ILLEGAL ENTRY: the RTL tail-chained into %s: %s; the model chains into %s", rtl, why, want);
            else if (m6_priority(m, best) < m6_priority(m, n))
                note(c, at, "ILLEGAL ENTRY: the RTL tail-chained into %s (priority %s) while %s (priority %s) is "
                     "pending with a higher priority; the model chains into %s", rtl, p1, want, p2, want);
            else
                note(c, at, "ILLEGAL ENTRY: the RTL tail-chained into %s (priority %s); the exception return chose %s "
                     "(priority %s), and without late arrival (model late_arrival:0) the chained entry keeps it",
                     rtl, p1, want, p2);
        }
        m6_tail_chain(m, best);
        return;
    }
    if (m6_fault_due(m)) { /* INVSTATE: the model's own, synchronous */
        m6_step(m);
        return;
    }
    unsigned best = m6_preempting(m);
    if (n == M6_EXC_HARDFAULT && best && cfg->late_arrival) {
        /* late arrival: the entry of best whose vector read fails becomes HardFault's (the model's decision) */
        m6_enter_exception(m, best, m6_reg(m, TM_REG_PC));
        return;
    }
    if (n == M6_EXC_HARDFAULT && ret == m6_reg(m, TM_REG_PC)) {
        /* the RTL did not retire the instruction that faults (a core seen through its visibility port keeps the PC
         * on it): the model executes it, and its fault is the model's decision, compared as in file mode */
        uint64_t steps = m6_steps(m);
        m6_step(m);
        if (m6_steps(m) > steps + 1) l->offset += m6_steps(m) - steps - 1; /* the instruction and the entry */
        return;
    }
    if (ret >= 0xF0000000u) { /* a chained entry where the model unstacked */
        if (!cfg->tail_chain) snprintf(why, sizeof why, "tail-chaining is off (model tail_chain:0)");
        else if (!m6_entry_illegal(m, n, why, sizeof why)) snprintf(why, sizeof why, "nothing preempted at the return");
        note(c, at, "ILLEGAL ENTRY: the RTL tail-chained into %s: %s; the model unstacked and goes on", rtl, why);
        m6_step(m);
        return;
    }
    uint64_t assumed;
    if ((m6_entry_illegal(m, n, why, sizeof why) || (best && m6_priority(m, best) < m6_priority(m, n))) &&
        decided_earlier(c, n, e->time, &assumed)) {
        early_entry(c, n, e->time, assumed);
        best = 0;
    }
    if (m6_entry_illegal(m, n, why, sizeof why)) {
        note(c, at, "ILLEGAL ENTRY: the RTL entered %s: %s; the model goes on with the next instruction", rtl, why);
        m6_step(m);
        return;
    }
    if (best && m6_priority(m, best) < m6_priority(m, n)) {
        char p1[16], p2[16];
        tc_exception_name((int)best, want, sizeof want);
        priority_text(m6_priority(m, n), p1, sizeof p1);
        priority_text(m6_priority(m, best), p2, sizeof p2);
        note(c, at, "ILLEGAL ENTRY: the RTL entered %s (priority %s) while %s (priority %s) is pending with a "
             "higher priority; the model enters %s", rtl, p1, want, p2, want);
        n = best;
    }
    m6_enter_exception(m, n, m6_reg(m, TM_REG_PC));
}

/* A retire: the model executes the next instruction, unless an exception that should preempt has waited more
 * than irq_latency instructions: then it takes that one first (and the comparison reports it not taken). */
static void follow_retire(tc_checker *c, const tc_event *next)
{
    tc_live *l = c->live;
    m6 *m = l->m;
    unsigned n = m6_preempting(m);
    if (n != l->watch) {
        l->watch = n;
        l->watch_step = next_step(c);
        l->watch_time = c->time;
        l->watch_insns = 0;
    }
    if (n && ++l->watch_insns > c->o.irq_latency) {
        char name[24];
        tc_exception_name((int)n, name, sizeof name);
        char prio[16];
        priority_text(m6_priority(m, n), prio, sizeof prio);
        note(c, next_step(c), "MISSED EXCEPTION: %s (priority %s) pending and preempting since step %llu "
             "(simulation time %llu), not taken within irq_latency=%u instructions; the model takes it",
             name, prio, (unsigned long long)l->watch_step, (unsigned long long)l->watch_time, c->o.irq_latency);
        l->watch = 0;
        /* this close: the entry and an instruction */
        if (m6_enter_exception(m, n, m6_reg(m, TM_REG_PC)) == 0) l->offset++;
        else return;
    }
    /* an exception return the RTL follows with a tail-chained entry leaves its frame stacked */
    int chain = next && next->kind == TC_EV_EXC && next->y >= 0xF0000000u && m6_get_config(m)->tail_chain;
    uint64_t w = c->o.decision_window, high;
    if (chain && w && next->x >= M6_EXC_IRQ0 && next->x < M6_EXC_COUNT && !((m6_pending(m) >> next->x) & 1) &&
        (high = line_high_in(l, next->x - M6_EXC_IRQ0, c->time > w ? c->time - w : 1, c->time))) {
        /* the core chains into an IRQ whose line was high within the window before this return, as it sampled it
         * at its return (earlier than reported) */
        m6_set_pending(m, next->x);
        early_entry(c, next->x, next->time, high);
    }
    m6_set_live_chain(m, chain);
    m6_step(m);
    m6_set_live_chain(m, 0);
}

/* Follow the close at k (next: the close after it, NULL at the end). */
static void follow_close(tc_checker *c, const tc_event *e, const tc_event *next)
{
    tc_live *l = c->live;
    m6 *m = l->m;
    uint64_t before = c->time;
    c->time = e->time;
    if (!l->ended) {
        /* the boundary before this step; not before a tail-chained entry, whose return the core decided before
         * it retired: the lines since the decision come after the entry's call (sample_due) */
        uint64_t active = m6_active(m);
        if (!(e->kind == TC_EV_EXC && m6_tail_chain_to(m))) {
            m6_irq_sample(m);
            l->sample_due = 0;
        }
        if (m6_steps(m) > l->followed + l->offset) {
            /* the model made this step already: a synchronous entry after its instruction */
        } else if (e->kind == TC_EV_RETIRE) {
            follow_retire(c, next);
        } else {
            follow_entry(c, e);
            l->watch = 0;
        }
        for (uint32_t left = l->take_mask; left; left &= left - 1) /* what the RTL showed of the model's unknowns */
            m6_take_value(m, __builtin_ctz(left), l->take_val[__builtin_ctz(left)]);
        if (m6_stopped(m) == M6_STEP_UNKNOWN) /* the core showed nothing the model could take the value from */
            note(c, next_step(c), "UNKNOWN VALUE: the model stopped: %s", m6_stop_reason(m));
        if (m6_stopped(m)) end_golden(c);
        if (active & ~m6_active(m)) { /* an exception return ended an exception */
            l->sample_due = 1;
            l->return_time = e->time;
            for (uint64_t ended = active & ~m6_active(m); ended; ended &= ended - 1)
                l->ended_time[__builtin_ctzll(ended)] = e->time;
        }
        if (c->o.decision_window) track_pending(l, e->time);
    }
    l->take_mask = 0;
    l->entry_num = e->kind == TC_EV_EXC ? e->x : 0;
    l->entry_time = e->time;
    l->followed++;
    c->time = before;
}

/* Events between closes change the model's state at the boundary they came before. */
static void follow_event(tc_checker *c, const tc_event *e)
{
    tc_live *l = c->live;
    m6 *m = l->m;
    if (e->kind == TC_EV_IRQ) {
        if (l->sample_due && e->time > l->return_time) { /* the levels at the return are all known */
            m6_irq_sample(m);
            l->sample_due = 0;
        }
        if (l->entry_num && e->time < l->entry_time) m6_irq_lines_before_entry(m, e->x, e->a, l->entry_num);
        else m6_irq_lines(m, e->x, e->a);
        if (c->o.decision_window) { /* the levels from then on */
            unsigned at = (unsigned)(l->n_lines++ & (TC_LIVE_LINES - 1));
            l->line_time[at] = e->time;
            l->line_irq[at] = e->x;
        }
    } else if (e->kind == TC_EV_TICKS && m6_get_config(m)->systick == M6_SYSTICK_CYCLES) {
        if (l->entry_num == M6_EXC_SYSTICK && e->time < l->entry_time) m6_systick_ticks_before_entry(m, e->x);
        else if (!c->o.decision_window) m6_systick_ticks(m, e->x);
        else /* cycle by cycle: the time SysTick became pending (the e->x cycles up to e->time) */
            for (uint32_t i = 0; i < e->x; i++) {
                m6_systick_ticks(m, 1);
                track_pending(l, e->time - (e->x - 1 - i));
            }
    } else if (e->kind == TC_EV_REG && e->a < TM_REG_COUNT) {
        l->take_mask |= 1u << e->a;
        l->take_val[e->a] = e->x;
    } else if (e->kind == TC_EV_MEMW) {
        uint8_t *p = m6_mem_ptr(m, e->x, e->a);
        for (unsigned i = 0; p && i < e->a; i++) p[i] = (uint8_t)(e->y >> (8 * i));
    }
    if (c->o.decision_window) track_pending(l, e->time);
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
    if (is_close(e)) {
        l->closes++;
        follow(c, 0); /* the events before it wait for it: they apply after the close before them */
    }
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
    if (!l->ended && !c->failed) m6_step(l->m);
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
    m6_destroy(l->m);
    free(l->q);
    free(l->used);
    free(l->snaps);
    free(l);
    c->live = NULL;
}

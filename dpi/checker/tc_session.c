/* The checker's session: open (options, output files, rings, the golden thread or live mode), the end-of-test
 * checks and summary line of finish, and free. The comparison of each call: tc_compare.c and tc_compare_bus.c,
 * through tc_step.h. */
#include <stdlib.h>
#include <string.h>

#include "tarmac/thumb.h"
#include "tarmac/version.h"
#include "tc_coverage.h"
#include "tc_internal.h"

static unsigned pow2_at_least(unsigned n)
{
    unsigned p = 1;
    while (p < n) p <<= 1;
    return p;
}

/* Steps the golden thread may build ahead of the comparison: it sleeps on a full ring until half is free. */
#define TC_AHEAD_STEPS 1024u

static tc_checker *out_of_memory(tc_checker *c, tm_error *err)
{
    if (c) tc_free(c);
    tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
    return NULL;
}

/* tc_open failed after reading the options: the ledger says why (an ERROR; stream: what failed), then the checker
 * is freed. err is tc_open's error, which stays the caller's. */
static tc_checker *open_failed(tc_checker *c, const char *stream, const char *field, const tm_error *err)
{
    tc_first *f = &c->first;
    if (f->kind == TC_FIRST_NONE) { /* else the failure itself said it (an unreadable golden) */
        f->kind = TC_FIRST_ERROR;
        f->stream = stream;
        snprintf(f->field, sizeof f->field, "%s", field);
        f->line = err->line;
        snprintf(f->headline, sizeof f->headline, "cannot open the checker: %s", err->msg);
    }
    tm_error ignored; /* a ledger that cannot be written adds nothing to the open's error */
    tc_ledger_write(c, -1, &ignored);
    tc_free(c);
    return NULL;
}

/* The open handle, known to the calls (tc_handles.c); NULL when too many are open. */
static tc_checker *registered(tc_checker *c, tm_error *err)
{
    if (tc_handle_add(c) == 0) return c;
    tm_error_set(err, TM_ERR_IO, NULL, 0, "more than %d checkers open at once", TC_MAX_HANDLES);
    tc_free(c);
    return NULL;
}

tc_checker *tc_open(const char *golden, const char *options, tm_error *err)
{
    return tc_open_with(golden, options, NULL, NULL, 0, 0, err);
}

tc_checker *tc_open_with(const char *golden, const char *options, const char *const keys[],
                         const char *const values[], size_t n, unsigned flags, tm_error *err)
{
    tm_error local;
    if (!err) err = &local;
    /* aligned: the golden thread's fields keep to cache lines of their own */
    tc_checker *c = aligned_alloc(64, sizeof *c);
    if (!c) return out_of_memory(NULL, err);
    memset(c, 0, sizeof *c);
    if (tc_parse_options(&c->o, golden, options, keys, values, n, err)) {
        free(c);
        return NULL;
    }
    c->o.off = (flags & TC_OPEN_OFF) != 0;
    if (tc_outputs_check(c, err)) { /* before the run, not at its end; no output is written when one is wrong */
        c->ledger_written = 1;
        tc_free(c); /* not tc_close: the handle is not registered yet, tc_close would refuse it */
        return NULL;
    }
    /* ring sizes are powers of two: indexing is a mask, not a division, on every event */
    unsigned keep = c->o.context > c->o.bus_window + 1 ? c->o.context : c->o.bus_window + 1;
    c->ring_cap = pow2_at_least(2 * (keep + c->o.bus_window + 8) + TC_AHEAD_STEPS);
    c->ring = calloc(c->ring_cap, sizeof *c->ring);
    /* every step in the ring with its most packets, and slack: the golden thread never waits for packets */
    c->pkt_cap = pow2_at_least(64 + 2 * TC_MAX_STEP_PACKETS * c->ring_cap);
    c->pkts = calloc(c->pkt_cap, sizeof *c->pkts);
    c->ev_cap = pow2_at_least(c->o.context ? c->o.context : 1);
    c->events = calloc(c->ev_cap, sizeof *c->events);
    /* the pools hold the records of every step the comparison may ask for (tc_golden_fill) at their most,
     * and of the ring's steps at a few each */
    c->pool_cap = pow2_at_least((c->ring_cap / 2 + 4) * (TC_MAX_REGS > TC_MAX_MEM ? TC_MAX_REGS : TC_MAX_MEM));
    c->reg_pool = calloc(c->pool_cap, sizeof *c->reg_pool);
    c->mem_pool = calloc(c->pool_cap, sizeof *c->mem_pool);
    c->gold_handler = 0;
    if (!c->ring || !c->pkts || !c->events || !c->reg_pool || !c->mem_pool) return out_of_memory(c, err);
    int live = !strncmp(c->o.golden, "live:", 5);
    if (live && !c->o.elf[0] && tc_option_path(&c->o.elf, c->o.golden + 5, err)) /* symbolized reports */
        return out_of_memory(c, err);
    if (c->o.elf[0]) {
        c->elf = tm_elf_open(c->o.elf, err);
        if (!c->elf) return open_failed(c, "config", "elf", err);
        c->disasm = calloc(c->ring_cap, sizeof *c->disasm);
        if (!c->disasm) return out_of_memory(c, err);
    }
    if (c->o.coverage[0] && !(c->cov = tc_cov_new())) return out_of_memory(c, err);
    if (c->o.off) return registered(c, err); /* nothing is compared: the golden is not read */
    if (live) { /* the model runs here, stepped by the calls (tc_live.c) */
        if (tc_live_open(c, err) != 0) return open_failed(c, "live", "", err);
        tc_config_follow(c);
        return registered(c, err);
    }
    /* inflating, parsing and building the golden steps run on threads of their own, beside the simulation */
    if (tc_golden_start(c, err) != 0) return open_failed(c, "golden", "", err);
    /* the first steps read now: a golden that is unreadable there, or empty, is reported at open, first */
    if (tc_golden_first(c, err) != TM_OK) return open_failed(c, "golden", "", err);
    /* the declared configuration against the golden's record (read with the gzip header at open), before any
     * step is compared: a core built differently fails here, not as a divergence later */
    if (tc_record_check(c, err) != 0) return open_failed(c, "golden", "record", err);
    if (tc_config_check(c, err) != 0) return open_failed(c, "config", "model", err);
    tc_config_follow(c);
    /* and the program the golden was made from against the ELF the testbench runs */
    if (tc_program_check(c, err) != 0) return open_failed(c, "golden", "program", err);
    return registered(c, err);
}

int tc_free(tc_checker *c)
{
    int rc = TC_OK;
    if (!c->finished) { /* a halted run, or one closed early: its ledger says so */
        tm_error e;
        if (tc_ledger_write(c, -1, &e) != TM_OK) rc = TC_FAILED;
    }
    tc_live_close(c);
    tc_golden_stop(c);
    free(c->ring);
    free(c->reg_pool);
    free(c->mem_pool);
    free(c->pkts);
    free(c->events);
    tm_elf_close(c->elf);
    tc_cov_free(c->cov);
    free(c->disasm);
    free(c->report);
    tc_options_free(&c->o);
    free(c);
    return rc;
}

/* A run that compared too little fails (the ledger's vacuous-verdict rules): no step, the last step's registers
 * never shown, no register at all (in either register mode). */
static int compared_too_little(tc_checker *c)
{
    if (c->n.steps == 0) return tc_vacuous(c, "no step was compared: the RTL retired nothing");
    if (c->snap_due)
        return tc_vacuous(c, "no register snapshot after the last step (%llu): its registers were not compared "
                             "(regs=snapshot: one per step)", (unsigned long long)c->snap_last);
    if (c->n.registers) return TC_OK;
    return tc_vacuous(c, "no register was compared in %llu steps: %s", (unsigned long long)c->n.steps,
                      !c->gold_ever ? "the golden holds no register value"
                      : !(c->gold_ever & ~c->o.ignore_mask & ~(1u << TM_REG_PC)) ? "ignore_regs leaves out every register the golden writes"
                      : c->o.snapshot ? "the core's snapshots showed no register the golden holds"
                                      : "the RTL reported no write of a register the golden holds");
}

/* The summary line after its counts: what the options left out, then "; golden <file> (N steps)" and what was not
 * compared. The part a live run and its replay share comes before "; golden" (the scripts compare the line up to
 * there), because only a live run takes volatile reads. */
static void summary_tail(const tc_checker *c, int64_t golden_steps, char *buf, size_t size)
{
    const tc_counters *n = &c->n;
    size_t k = 0;
    buf[0] = '\0';
#define ADD(...) (k += (size_t)snprintf(buf + (k < size ? k : size), k < size ? size - k : 0, __VA_ARGS__))
    if (!c->o.bus) ADD("; bus stream off");
    else if (n->ignored_beats) ADD("; %llu beats left out (bus_ignore)", (unsigned long long)n->ignored_beats);
    if (c->o.data_beats == TC_DATA_BEATS_GOLDEN)
        ADD("; %llu reads taken as fetches (data_beats=golden)", (unsigned long long)n->fetch_beats);
    if (!c->o.mtb) ADD("; MTB stream off (%llu packets not compared)", (unsigned long long)n->ignored_packets);
    if (tc_live_early_entries(c)) /* entries legal only before their call (decision_window): listed in the report */
        ADD("; %u entries assumed decided earlier (decision_window)", tc_live_early_entries(c));
    ADD("; golden %s", c->o.golden);
    if (golden_steps >= 0 && (uint64_t)golden_steps > n->steps)
        ADD(" (%lld steps, %llu not reached)", (long long)golden_steps,
            (unsigned long long)((uint64_t)golden_steps - n->steps));
    else if (golden_steps >= 0)
        ADD(" (%lld steps)", (long long)golden_steps);
    const char *sep = "; not compared: ";
    if (n->unknown_values) {
        ADD("%s%llu golden values unknown (x/- digits)", sep, (unsigned long long)n->unknown_values);
        sep = ", ";
    }
    if (n->volatile_reads) {
        ADD("%s%llu reads the model took from the RTL (volatile)", sep, (unsigned long long)n->volatile_reads);
        sep = ", ";
    }
    if (n->systick_reads) {
        ADD("%s%llu SysTick reads within the window (systick_window=%u)", sep, (unsigned long long)n->systick_reads,
            c->o.systick_window);
        sep = ", ";
    }
    uint32_t lists[2] = { c->o.ignore_mask, tc_never_shown(c) };
    const char *what[2] = { "registers ignored (ignore_regs)", "registers never shown (regs=snapshot)" };
    for (int l = 0; l < 2; l++) {
        if (!lists[l]) continue;
        ADD("%s%s", sep, what[l]);
        for (uint32_t left = lists[l]; left; left &= left - 1) ADD(" %s", tm_reg_name(__builtin_ctz(left)));
        sep = ", ";
    }
    if (n->lenient_warnings) {
        ADD("%s%llu golden lines skipped (lenient)", sep, (unsigned long long)n->lenient_warnings);
        sep = ", ";
    }
    if (n->abandoned_writes) {
        ADD("%s%llu writes of abandoned store multiples", sep, (unsigned long long)n->abandoned_writes);
        sep = ", ";
    }
    if (n->abandoned_reads) {
        ADD("%s%llu frame reads of abandoned unstackings (abandon_unstack)", sep, (unsigned long long)n->abandoned_reads);
        sep = ", ";
    }
    char fields[256];
    ADD("%s", tc_fields_summary(c, &sep, fields, sizeof fields));
    ADD("; tarmac %s", tm_version()); /* which checker gave the verdict, last so the fields before keep their place */
#undef ADD
}

/* The summary line: the verdict, the counts, what the options left out and the ledger's "not compared", so that
 * a pass never hides an unchecked stream. */
static void verdict(tc_checker *c, int rc, int64_t golden_steps)
{
    size_t size = strlen(c->o.golden) + 2048; /* the golden's path whole, whatever its length */
    char *tail = malloc(size);
    if (tail) summary_tail(c, golden_steps, tail, size);
    tc_report_append(c,
                     "tarmac checker: %s: %llu steps, %llu registers, %llu bus beats (%llu error responses), "
                     "%llu MTB packets compared, %llu mismatches%s\n",
                     rc == TC_OK ? "PASS" : "FAIL", (unsigned long long)c->n.steps,
                     (unsigned long long)c->n.registers, (unsigned long long)c->n.beats,
                     (unsigned long long)c->n.error_beats, (unsigned long long)c->n.packets,
                     (unsigned long long)c->n.mismatches, tail ? tail : "; (out of memory)");
    free(tail);
}

int tc_finish_now(tc_checker *c)
{
    if (c->o.off) return tc_finish_off(c);
    int halted = c->failed;
    if (c->live) tc_live_finish(c); /* the model's golden ends; every held call is compared */
    c->finished = 1;
    int rc = c->n.mismatches ? TC_MISMATCH : TC_OK;
    if (!c->failed) {
        tc_golden_fill(c, c->cursor + 1);
        if (c->cursor < c->complete) {
            const tc_step *s = tc_step_at(c, c->cursor);
            char what[40] = "instruction";
            if (s->kind == TC_STEP_EXC) {
                char name[24];
                tc_exception_name(s->has_number ? (int)s->exc_number : 0, name, sizeof name);
                snprintf(what, sizeof what, "entry of %s", name);
            }
            char a[TC_ADDR_TEXT];
            rc = tc_mismatch(c, "instruction", "end", c->cursor, s->line,
                             "the RTL finished, but the golden trace goes on (next golden step: %s at %s)", what,
                             tc_code_addr(c, s->kind == TC_STEP_EXC ? s->exc_return : s->pc, a));
        }
    }
    if (!c->failed) {
        for (uint64_t k = c->oldest; k < c->complete && !c->failed; k++) {
            tc_step *s = tc_step_at(c, k);
            for (unsigned i = 0; s->unmatched && i < s->nmem && !c->failed; i++) {
                tc_gmem *m = &s->mem[i];
                if (m->matched) continue;
                rc = tc_mismatch(c, "bus", "beat", k, m->line, "missing bus beat at the end: expected %s%u %08x = %0*x",
                                 m->write ? "W" : "R", m->size, m->addr, 2 * m->size, m->data);
                m->matched = 1;
                s->unmatched--;
            }
        }
    }
    while (!c->failed && c->pkt_tail < c->pkt_head) {
        tc_packet *p = &c->pkts[c->pkt_tail++ & (c->pkt_cap - 1)];
        rc = tc_mismatch(c, "mtb", "packet", p->step, p->line, "missing MTB packet at the end: expected (%08x, %08x)", p->w0, p->w1);
    }
    if (!c->failed && !c->n.mismatches) rc = compared_too_little(c);
    if (c->failed && rc == TC_OK) rc = TC_FAILED;
    if (c->n.mismatches) rc = TC_MISMATCH;
    tm_error e;
    if (c->cov) { /* what was compared, and whether it all matched */
        const char *in[4];
        if (tc_cov_write(c->cov, c->o.coverage, tc_inputs(c, in), c->o.golden, rc != TC_OK, &e) != 0) {
            char buf[600];
            int f = tc_fail(c, "output", "coverage file: %s", tm_error_format(&e, buf, sizeof buf));
            if (rc == TC_OK) rc = f;
        }
    }
    /* the golden read to its end (after the comparison: the ring is handed back), unless the run halted before
     * finish and neither a ledger nor lenient's count asks: a halted run may leave most of a long golden unread.
     * The lines lenient skipped are counted once the golden's thread has stopped: the whole golden's count, not
     * where that thread happened to be. */
    int64_t golden_steps = !halted || c->o.ledger[0] || c->o.lenient ? tc_golden_total(c) : -1;
    c->n.lenient_warnings = c->gs.reader && golden_steps >= 0 ? tm_reader_skipped(c->gs.reader) : 0;
    /* the verdict, then the report file and the ledger with it: an output that cannot be written fails the run,
     * and a PASS said before that is taken back (the failure, said by tc_fail, comes first, then the verdict) */
    size_t verdict_at = c->report_len;
    verdict(c, rc, golden_steps);
    size_t verdict_end = c->report_len;
    int lost = tc_report_save(c) != TC_OK;
    if (tc_ledger_write(c, golden_steps, &e) != TM_OK) {
        char buf[600];
        tc_fail(c, "output", "ledger=: %s", tm_error_format(&e, buf, sizeof buf));
        lost = 1;
    }
    if (lost && rc == TC_OK) {
        rc = TC_FAILED;
        if (c->report) {
            memmove(c->report + verdict_at, c->report + verdict_end, c->report_len - verdict_end + 1);
            c->report_len -= verdict_end - verdict_at;
        }
        verdict(c, rc, golden_steps);
        tc_report_save(c);
    }
    return rc;
}

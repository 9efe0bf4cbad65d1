/* Co-simulation (model/cosim.h): the model follows a core's boundaries and checks each asynchronous exception
 * entry the core reports against the architecture's rules (model/live.c says whether an entry is legal now;
 * model/cosim_window.c whether it was within the decision window). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armv6m.h"
#include "cosim.h"
#include "cosim_window.h"

_Static_assert(M6_COSIM_RECORD_MAX >= M6_GOLDEN_RECORD_MAX, "M6_COSIM_RECORD_MAX holds a golden record");

struct m6_cosim {
    m6 *m;
    m6_cosim_setup s;
    int otherwise;             /* the call being followed did otherwise than the core (a note said why) */
    uint64_t followed;         /* boundaries followed */
    uint64_t offset;           /* golden steps made beyond one per boundary (a missed exception taken at a retire) */
    /* the boundary followed last, when it was an exception entry: the core cleared that exception's pending state
     * at the entry's time; interrupt lines it sampled before (reported after the entry) merged with it */
    unsigned entry_num;
    uint64_t entry_time;
    /* an exception return ended an active exception at return_time: a line still high then pends its interrupt
     * again. The levels of that time are known once the changes up to it are in (after a tail-chained entry's
     * report, for those reported after it), so that boundary's sample waits for them */
    int sample_due;
    uint64_t return_time;
    /* the core's register writes before the boundary being followed: after the model's step, a register the model
     * holds as UNKNOWN takes the core's value */
    uint32_t take_mask;
    uint32_t take_val[TM_REG_COUNT];
    /* a pending exception that should preempt and is not taken: its number (0: none), since when */
    unsigned watch;
    uint64_t watch_step, watch_time, watch_insns;
    m6_window window;
    int stopped;               /* m6_stopped as the last call that stepped the model left it */
};

__attribute__((format(printf, 3, 4))) static void note(m6_cosim *cs, int kind, const char *fmt, ...)
{
    char text[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (kind == M6_COSIM_NOTE) cs->otherwise = 1;
    if (cs->s.note) cs->s.note(cs->s.ctx, kind, text);
}

m6_cosim *m6_cosim_open(const m6_cosim_setup *s, char *record, size_t size, tm_error *err)
{
    if (!s || !s->elf) {
        tm_error_set(err, TM_ERR_ARG, NULL, 0, "m6_cosim_open: a NULL argument");
        return NULL;
    }
    m6_cosim *cs = calloc(1, sizeof *cs);
    if (!cs) {
        tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
        return NULL;
    }
    cs->s = *s;
    cs->window.width = s->decision_window;
    m6_config cfg;
    m6_config_defaults(&cfg);
    for (const char *p = s->config ? s->config : ""; *p;) {
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
    cs->m = m6_create(&cfg);
    if (!cs->m) {
        free(cs);
        tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
        return NULL;
    }
    if (m6_load_elf(cs->m, s->elf, err) != TM_OK || (record && m6_golden_record(&cfg, s->elf, record, size, err) != TM_OK)) {
        m6_cosim_close(cs);
        return NULL;
    }
    m6_set_console(cs->m, NULL); /* the core prints the program's output */
    m6_set_live(cs->m, 1);
    m6_set_volatile(cs->m, s->volatile_ranges, s->n_volatile, s->volatile_read, s->ctx);
    m6_trace_to_sink(cs->m, s->trace, s->ctx, s->lean);
    return cs;
}

int m6_cosim_reset(m6_cosim *cs, tm_error *err)
{
    if (!cs) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "m6_cosim_reset: a NULL argument");
    int rc = m6_reset(cs->m, err);
    cs->window.pend_mask = m6_pending(cs->m);
    cs->stopped = m6_stopped(cs->m);
    return rc;
}

/* An entry accepted as decided at time assumed. */
static void early_entry(m6_cosim *cs, unsigned n, uint64_t reported, uint64_t assumed)
{
    char name[24];
    m6_exception_name((int)n, name, sizeof name);
    note(cs, M6_COSIM_EARLY, "the RTL entered %s at time %llu: legal at time %llu (%llu before), assumed decided then "
         "(decision_window=%u)", name, (unsigned long long)reported, (unsigned long long)assumed,
         (unsigned long long)(reported - assumed), cs->s.decision_window);
}

/* decision_window: when what is pending became so, dated with each input's time */
static inline void date_pending(m6_cosim *cs, uint64_t time)
{
    if (cs->window.width) m6_window_pending(&cs->window, cs->m, time);
}

/* The inputs that change the model's state now: interrupt lines, SysTick cycles, another master's writes. */
static void state_input(m6_cosim *cs, const m6_cosim_event *in)
{
    m6 *m = cs->m;
    if (in->kind == M6_COSIM_IRQ) {
        if (cs->sample_due && in->time > cs->return_time) { /* the levels at the return are all known */
            m6_irq_sample(m);
            cs->sample_due = 0;
        }
        if (cs->entry_num && in->time < cs->entry_time) m6_irq_lines_before_entry(m, in->value, (int)in->arg, cs->entry_num);
        else m6_irq_lines(m, in->value, (int)in->arg);
        if (cs->window.width) m6_window_lines(&cs->window, in->time, in->value);
    } else if (in->kind == M6_COSIM_TICKS && m6_get_config(m)->systick == M6_SYSTICK_CYCLES) {
        if (cs->entry_num == M6_EXC_SYSTICK && in->time < cs->entry_time) m6_systick_ticks_before_entry(m, in->value);
        else if (!cs->window.width) m6_systick_ticks(m, in->value);
        else /* cycle by cycle: the time SysTick became pending (the cycles up to in->time) */
            for (uint32_t i = 0; i < in->value; i++) {
                m6_systick_ticks(m, 1);
                m6_window_pending(&cs->window, m, in->time - (in->value - 1 - i));
            }
    } else if (in->kind == M6_COSIM_MEM_WRITE) {
        uint8_t *p = m6_mem_ptr(m, in->addr, in->arg);
        for (unsigned i = 0; p && i < in->arg; i++) p[i] = (uint8_t)(in->value >> (8 * i));
    }
    date_pending(cs, in->time);
}

void m6_cosim_input(m6_cosim *cs, const m6_cosim_event *in)
{
    if (!cs || !in) return;
    if (in->kind != M6_COSIM_REG) {
        state_input(cs, in);
        return;
    }
    /* the most frequent input, a register the core wrote: held for the coming boundary, no call on its way */
    if (in->arg < TM_REG_COUNT) {
        cs->take_mask |= 1u << in->arg;
        cs->take_val[in->arg] = in->value;
    }
    date_pending(cs, in->time);
}

/* The core tail-chained into n after an exception return that left its frame stacked: into what the return chose,
 * or with late arrival the highest priority pending at the entry (the return's own SysTick count may have pended
 * one since). */
static void chain_entry(m6_cosim *cs, const m6_cosim_boundary *e)
{
    m6 *m = cs->m;
    unsigned n = e->exception, best = m6_tail_chain_to(m);
    char rtl[24], want[24], why[240];
    uint64_t assumed;
    m6_exception_name((int)n, rtl, sizeof rtl);
    if (m6_get_config(m)->late_arrival && m6_preempting(m)) best = m6_preempting(m);
    if (best != n && m6_window_decided_earlier(&cs->window, m, n, cs->return_time, &assumed)) {
        early_entry(cs, n, e->time, assumed);
        best = n;
    }
    m6_exception_name((int)best, want, sizeof want);
    if (best != n) {
        char p1[16], p2[16];
        m6_priority_text(m6_priority(m, n), p1, sizeof p1);
        m6_priority_text(m6_priority(m, best), p2, sizeof p2);
        if (m6_entry_illegal(m, n, why, sizeof why))
            note(cs, M6_COSIM_NOTE, "ILLEGAL ENTRY: the RTL tail-chained into %s: %s; the model chains into %s", rtl,
                 why, want);
        else if (m6_priority(m, best) < m6_priority(m, n))
            note(cs, M6_COSIM_NOTE, "ILLEGAL ENTRY: the RTL tail-chained into %s (priority %s) while %s (priority %s) "
                 "is pending with a higher priority; the model chains into %s", rtl, p1, want, p2, want);
        else
            note(cs, M6_COSIM_NOTE, "ILLEGAL ENTRY: the RTL tail-chained into %s (priority %s); the exception return "
                 "chose %s (priority %s), and without late arrival (model late_arrival:0) the chained entry keeps it",
                 rtl, p1, want, p2);
    }
    m6_tail_chain(m, best);
}

/* The core entered e->exception (not yet made by the model) at a boundary where the model's own next step is an
 * instruction: the entry is legal, was decided earlier, or the model does what the architecture requires. */
static void async_entry(m6_cosim *cs, const m6_cosim_boundary *e)
{
    m6 *m = cs->m;
    unsigned n = e->exception, best = m6_preempting(m);
    char rtl[24], want[24], why[240];
    uint64_t assumed;
    m6_exception_name((int)n, rtl, sizeof rtl);
    if (e->return_addr >= 0xF0000000u) { /* a chained entry where the model unstacked */
        if (!m6_get_config(m)->tail_chain) snprintf(why, sizeof why, "tail-chaining is off (model tail_chain:0)");
        else if (!m6_entry_illegal(m, n, why, sizeof why)) snprintf(why, sizeof why, "nothing preempted at the return");
        note(cs, M6_COSIM_NOTE, "ILLEGAL ENTRY: the RTL tail-chained into %s: %s; the model unstacked and goes on",
             rtl, why);
        m6_step(m);
        return;
    }
    if ((m6_entry_illegal(m, n, why, sizeof why) || (best && m6_priority(m, best) < m6_priority(m, n))) &&
        m6_window_decided_earlier(&cs->window, m, n, e->time, &assumed)) {
        early_entry(cs, n, e->time, assumed);
        best = 0;
    }
    if (m6_entry_illegal(m, n, why, sizeof why)) {
        note(cs, M6_COSIM_NOTE, "ILLEGAL ENTRY: the RTL entered %s: %s; the model goes on with the next instruction",
             rtl, why);
        m6_step(m);
        return;
    }
    if (best && m6_priority(m, best) < m6_priority(m, n)) {
        char p1[16], p2[16];
        m6_exception_name((int)best, want, sizeof want);
        m6_priority_text(m6_priority(m, n), p1, sizeof p1);
        m6_priority_text(m6_priority(m, best), p2, sizeof p2);
        note(cs, M6_COSIM_NOTE, "ILLEGAL ENTRY: the RTL entered %s (priority %s) while %s (priority %s) is pending "
             "with a higher priority; the model enters %s", rtl, p1, want, p2, want);
        n = best;
    }
    m6_enter_exception(m, n, m6_reg(m, TM_REG_PC));
}

/* What the core's entry e means for the model at this boundary. */
static void follow_entry(m6_cosim *cs, const m6_cosim_boundary *e)
{
    m6 *m = cs->m;
    unsigned best = m6_preempting(m);
    if (m6_tail_chain_to(m)) { /* the return before left the frame stacked: the core chains, into what? */
        chain_entry(cs, e);
    } else if (m6_fault_due(m)) { /* INVSTATE: the model's own, synchronous */
        m6_step(m);
    } else if (e->exception == M6_EXC_HARDFAULT && best && m6_get_config(m)->late_arrival) {
        /* late arrival: the entry of best whose vector read fails becomes HardFault's (the model's decision) */
        m6_enter_exception(m, best, m6_reg(m, TM_REG_PC));
    } else if (e->exception == M6_EXC_HARDFAULT && e->return_addr == m6_reg(m, TM_REG_PC)) {
        /* the core did not retire the instruction that faults (a core seen through its visibility port keeps the
         * PC on it): the model executes it, and its fault is the model's decision, compared as any step */
        uint64_t steps = m6_steps(m);
        m6_step(m);
        if (m6_steps(m) > steps + 1) cs->offset += m6_steps(m) - steps - 1; /* the instruction and the entry */
    } else {
        async_entry(cs, e);
    }
    cs->watch = 0;
}

/* A retire: the model executes the next instruction, unless an exception that should preempt has waited more
 * than irq_latency instructions: then it takes that one first. */
static void follow_retire(m6_cosim *cs, uint64_t time, const m6_cosim_boundary *next)
{
    m6 *m = cs->m;
    unsigned n = m6_preempting(m);
    if (n != cs->watch) {
        cs->watch = n;
        cs->watch_step = m6_steps(m) + 1; /* the golden step index (0: the reset step) */
        cs->watch_time = time;
        cs->watch_insns = 0;
    }
    if (n && ++cs->watch_insns > cs->s.irq_latency) {
        char name[24], prio[16];
        m6_exception_name((int)n, name, sizeof name);
        m6_priority_text(m6_priority(m, n), prio, sizeof prio);
        note(cs, M6_COSIM_NOTE, "MISSED EXCEPTION: %s (priority %s) pending and preempting since step %llu "
             "(simulation time %llu), not taken within irq_latency=%u instructions; the model takes it",
             name, prio, (unsigned long long)cs->watch_step, (unsigned long long)cs->watch_time, cs->s.irq_latency);
        cs->watch = 0;
        /* this boundary: the entry and an instruction */
        if (m6_enter_exception(m, n, m6_reg(m, TM_REG_PC)) == 0) cs->offset++;
        else return;
    }
    /* an exception return the core follows with a tail-chained entry leaves its frame stacked */
    int chain = next && next->return_addr >= 0xF0000000u && m6_get_config(m)->tail_chain;
    uint64_t w = cs->window.width, high;
    unsigned k = chain ? next->exception : 0;
    if (chain && w && k >= M6_EXC_IRQ0 && k < M6_EXC_COUNT && !((m6_pending(m) >> k) & 1) &&
        (high = m6_window_line_high(&cs->window, k - M6_EXC_IRQ0, time > w ? time - w : 1, time))) {
        /* the core chains into an IRQ whose line was high within the window before this return, as it sampled it
         * at its return (earlier than reported) */
        m6_set_pending(m, k);
        early_entry(cs, k, next->time, high);
    }
    m6_set_live_chain(m, chain);
    m6_step(m);
    m6_set_live_chain(m, 0);
}

/* Follow the core's boundary e (next: the one after it, when known). */
static int follow(m6_cosim *cs, int is_entry, const m6_cosim_boundary *e, const m6_cosim_boundary *next)
{
    m6 *m = cs->m;
    cs->otherwise = 0;
    if (!cs->stopped) {
        /* the boundary before this step; not before a tail-chained entry, whose return the core decided before
         * it retired: the lines since the decision come after the entry's report (sample_due) */
        uint64_t active = m6_active(m);
        if (!(is_entry && m6_tail_chain_to(m))) {
            m6_irq_sample(m);
            cs->sample_due = 0;
        }
        if (m6_steps(m) > cs->followed + cs->offset) {
            /* the model made this step already: a synchronous entry after its instruction */
        } else if (!is_entry) {
            follow_retire(cs, e->time, next);
        } else {
            follow_entry(cs, e);
        }
        for (uint32_t left = cs->take_mask; left; left &= left - 1) /* what the core showed of the model's unknowns */
            m6_take_value(m, __builtin_ctz(left), cs->take_val[__builtin_ctz(left)]);
        cs->stopped = m6_stopped(m);
        if (cs->stopped == M6_STEP_UNKNOWN) /* the core showed nothing the model could take the value from */
            note(cs, M6_COSIM_NOTE, "UNKNOWN VALUE: the model stopped: %s", m6_stop_reason(m));
        uint64_t ended = active & ~m6_active(m);
        if (ended) { /* an exception return ended an exception */
            cs->sample_due = 1;
            cs->return_time = e->time;
            for (; ended; ended &= ended - 1) cs->window.ended_time[__builtin_ctzll(ended)] = e->time;
        }
        if (cs->window.width) m6_window_pending(&cs->window, m, e->time);
    }
    cs->take_mask = 0;
    cs->entry_num = is_entry ? e->exception : 0;
    cs->entry_time = e->time;
    cs->followed++;
    return cs->otherwise;
}

int m6_cosim_step(m6_cosim *cs, uint64_t time, const m6_cosim_boundary *next)
{
    if (!cs) return 0;
    m6_cosim_boundary e = { time, 0, 0 };
    return follow(cs, 0, &e, next);
}

int m6_cosim_take(m6_cosim *cs, const m6_cosim_boundary *entry)
{
    if (!cs || !entry) return 0;
    return follow(cs, 1, entry, NULL);
}

int m6_cosim_stopped(const m6_cosim *cs)
{
    if (!cs) return M6_STEP_UNKNOWN;
    return cs->stopped;
}

void m6_cosim_finish(m6_cosim *cs)
{
    if (!cs || cs->stopped) return;
    m6_step(cs->m);
    cs->stopped = m6_stopped(cs->m);
}

void m6_cosim_close(m6_cosim *cs)
{
    if (!cs) return;
    m6_destroy(cs->m);
    free(cs);
}

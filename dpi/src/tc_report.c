/* The checker's report: one block per mismatch with the golden context and the RTL events side by side,
 * the register diff of the shadow files, and the summary at the end. Only runs when something is reported. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tc_internal.h"

static void vappend(tc_checker *c, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0) return;
    if (c->report_len + (size_t)n + 1 > c->report_cap) {
        size_t cap = c->report_cap ? c->report_cap : 4096;
        while (cap < c->report_len + (size_t)n + 1) cap *= 2;
        char *p = realloc(c->report, cap);
        if (!p) return;
        c->report = p;
        c->report_cap = cap;
    }
    vsnprintf(c->report + c->report_len, c->report_cap - c->report_len, fmt, ap);
    c->report_len += (size_t)n;
}

void tc_report_append(tc_checker *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vappend(c, fmt, ap);
    va_end(ap);
}

static int describe_step(const tc_checker *c, const tc_step *s, char *buf, size_t n)
{
    static const char *const st[] = { "IT", "IS", "IF", "IE", "IA" };
    switch (s->kind) {
    case TC_STEP_INSN:
        return snprintf(buf, n, "#%llu :%llu %s %08x %0*x", (unsigned long long)s->index,
                        (unsigned long long)s->line, st[s->status % 5], s->pc, s->is32 ? 8 : 4, s->opcode);
    case TC_STEP_EXC:
        return snprintf(buf, n, "#%llu :%llu exception %u ret %08x", (unsigned long long)s->index,
                        (unsigned long long)s->line, s->exc_number, s->exc_return);
    default:
        (void)c;
        return snprintf(buf, n, "#%llu :%llu reset", (unsigned long long)s->index, (unsigned long long)s->line);
    }
}

static int describe_event(const tc_event *e, char *buf, size_t n)
{
    switch (e->kind) {
    case TC_EV_REG: return snprintf(buf, n, "reg %s = %08x", tm_reg_name(e->a), e->x);
    case TC_EV_BEAT:
        return snprintf(buf, n, "ahb %s%u %08x %08x%s", e->a ? "W" : "R", 1u << e->b, e->x, e->y, e->c ? " ERROR" : "");
    case TC_EV_PACKET:
        if (e->a) return snprintf(buf, n, "mtb %08x %08x at offset %08x", e->x, e->y, e->z);
        return snprintf(buf, n, "mtb %08x %08x", e->x, e->y);
    case TC_EV_RETIRE:
        return snprintf(buf, n, "retire %08x %0*x%s", e->x, e->b ? 8 : 4, e->y, e->c ? "" : " (skipped)");
    case TC_EV_EXC: return snprintf(buf, n, "exception %u ret %08x", e->x, e->y);
    case TC_EV_SNAPSHOT: return snprintf(buf, n, "register snapshot (%u registers)", (unsigned)__builtin_popcount(e->x));
    default: return snprintf(buf, n, "?");
    }
}

static void context_block(tc_checker *c, uint64_t step)
{
    unsigned n = c->o.context;
    if (!n) return;
    /* golden: the steps up to and including the one compared; RTL: the last events */
    uint64_t first = step + 1 > n ? step + 1 - n : 0;
    if (first < c->oldest) first = c->oldest;
    uint64_t last = step < c->complete ? step : (c->complete ? c->complete - 1 : 0);
    unsigned ng = c->complete ? (unsigned)(last + 1 - first) : 0;
    unsigned ne = (unsigned)(c->ev_count < c->ev_cap ? c->ev_count : c->ev_cap);
    if (ne > n) ne = n;
    tc_report_append(c, "  %-48s | %s\n", "last golden steps (#step :line)", "last RTL events");
    unsigned rows = ng > ne ? ng : ne;
    for (unsigned i = 0; i < rows; i++) {
        char g[80] = "", r[80] = "";
        if (i + ng >= rows) describe_step(c, tc_step_at(c, first + (i + ng - rows)), g, sizeof g);
        if (i + ne >= rows) describe_event(&c->events[(c->ev_count - ne + (i + ne - rows)) & (c->ev_cap - 1)], r, sizeof r);
        tc_report_append(c, "  %-48s | %s\n", g, r);
    }
}

static void register_diff(tc_checker *c)
{
    int any = 0;
    for (int id = 0; id < TM_REG_COUNT; id++) {
        uint32_t bit = 1u << id;
        if (!((c->gold_known | c->rtl_known) & bit) || id == TM_REG_PC) continue;
        int differs = (c->gold_known & bit) != (c->rtl_known & bit) || c->gold[id] != c->rtl[id];
        if (!differs) continue;
        if (!any) tc_report_append(c, "  register diff (golden shadow vs RTL shadow):\n");
        any = 1;
        char g[20], r[20];
        tc_report_append(c, "    %-8s golden %-8s  rtl %s%s\n", tm_reg_name(id),
                         tc_shadow_text(g, (c->gold_known & bit) != 0, c->gold[id], 1),
                         tc_shadow_text(r, (c->rtl_known & bit) != 0, c->rtl[id], 0),
                         (c->o.ignore_mask & bit) ? "  (ignored)" : "");
    }
    if (!any) tc_report_append(c, "  register shadows agree\n");
}

int tc_mismatch(tc_checker *c, const char *stream, uint64_t step, uint64_t line, const char *fmt, ...)
{
    c->n.mismatches++;
    tc_report_append(c, "==== TARMAC LOCKSTEP MISMATCH #%llu (%s stream) ====\n", (unsigned long long)c->n.mismatches,
                     stream);
    tc_report_append(c, "  step %llu, golden %s:%llu, simulation time %llu\n", (unsigned long long)step, c->o.golden,
                     (unsigned long long)line, (unsigned long long)c->time);
    tc_report_append(c, "  ");
    va_list ap;
    va_start(ap, fmt);
    vappend(c, fmt, ap);
    va_end(ap);
    tc_report_append(c, "\n");
    register_diff(c);
    context_block(c, step);
    if (c->n.mismatches >= c->o.max_errors) c->failed = 1;
    tc_report_save(c); /* the simulation may stop here ($fatal): the file must already hold the report */
    return TC_MISMATCH;
}

void tc_report_save(const tc_checker *c)
{
    if (!c->o.report_path[0]) return;
    FILE *f = fopen(c->o.report_path, "w");
    if (!f) return;
    fputs(c->report ? c->report : "", f);
    fclose(f);
}

int tc_fail(tc_checker *c, const char *fmt, ...)
{
    tc_report_append(c, "==== TARMAC LOCKSTEP FAILURE ====\n  ");
    va_list ap;
    va_start(ap, fmt);
    vappend(c, fmt, ap);
    va_end(ap);
    tc_report_append(c, "\n");
    c->failed = 1;
    tc_report_save(c);
    return TC_FAILED;
}

void tc_exception_name(int number, char *buf, size_t size)
{
    static const char *const fixed[16] = { [1] = "Reset", [2] = "NMI", [3] = "HardFault", [11] = "SVCall",
                                            [14] = "PendSV", [15] = "SysTick" };
    if (number >= 16) snprintf(buf, size, "IRQ%d (%d)", number - 16, number);
    else if (number > 0 && fixed[number]) snprintf(buf, size, "%s (%d)", fixed[number], number);
    else snprintf(buf, size, "exception %d", number);
}

const char *tc_shadow_text(char *buf, int known, uint32_t value, int golden)
{
    if (!known) return golden ? "(never written)" : "(never reported)";
    snprintf(buf, 20, "%08x", value);
    return buf;
}

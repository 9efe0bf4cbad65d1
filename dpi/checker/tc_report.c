/* The checker's report: one block per mismatch with the golden context and the RTL events side by side,
 * the register diff of the shadow files, and the summary at the end. Only runs when something is reported.
 * With the option elf= code addresses carry their symbol and golden instructions their disassembly: the golden
 * line's own text, else the model's disassembler (m6_disasm, model/disasm.c, which the library carries). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "armv6m.h"
#include "tarmac/outfile.h"
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

const char *tc_code_addr(const tc_checker *c, uint32_t addr, char *buf)
{
    int n = snprintf(buf, TC_ADDR_TEXT, "%08x", addr);
    char sym[TC_ADDR_TEXT - 12];
    if (c->elf && tm_elf_symbolize(c->elf, addr & ~1u, sym, sizeof sym))
        snprintf(buf + n, TC_ADDR_TEXT - (size_t)n, " <%s>", sym);
    return buf;
}

/* The golden instruction's disassembly (option elf=): the golden line's text, else the model's disassembler. */
static const char *golden_disasm(const tc_checker *c, const tc_step *s, char *buf, size_t n)
{
    const char *own = c->disasm[s->index & (c->ring_cap - 1)];
    if (own[0]) return own;
    m6_disasm(s->pc, s->opcode, s->is32, buf, n);
    return buf;
}

static int describe_step(const tc_checker *c, const tc_step *s, char *buf, size_t n)
{
    static const char *const st[] = { "IT", "IS", "IF", "IE", "IA" };
    char a[TC_ADDR_TEXT], d[TC_DISASM_LEN];
    switch (s->kind) {
    case TC_STEP_INSN:
        return snprintf(buf, n, "#%llu :%llu %s %s %0*x%s%s", (unsigned long long)s->index, (unsigned long long)s->line,
                        st[s->status % 5], tc_code_addr(c, s->pc, a), s->is32 ? 8 : 4, s->opcode, c->elf ? " " : "",
                        c->elf ? golden_disasm(c, s, d, sizeof d) : "");
    case TC_STEP_EXC:
        return snprintf(buf, n, "#%llu :%llu exception %u ret %s", (unsigned long long)s->index,
                        (unsigned long long)s->line, s->exc_number, tc_code_addr(c, s->exc_return, a));
    default:
        return snprintf(buf, n, "#%llu :%llu reset", (unsigned long long)s->index, (unsigned long long)s->line);
    }
}

static int describe_event(const tc_checker *c, const tc_event *e, char *buf, size_t n)
{
    char a[TC_ADDR_TEXT];
    switch (e->kind) {
    case TC_EV_REG: return snprintf(buf, n, "reg %s = %08x", tm_reg_name(e->a), e->x);
    case TC_EV_BEAT:
        return snprintf(buf, n, "ahb %s%u %08x %08x%s", e->a ? "W" : "R", 1u << e->b, e->x, e->y, e->c ? " ERROR" : "");
    case TC_EV_PACKET:
        if (e->a) return snprintf(buf, n, "mtb %08x %08x at offset %08x", e->x, e->y, e->z);
        return snprintf(buf, n, "mtb %08x %08x", e->x, e->y);
    case TC_EV_RETIRE:
        return snprintf(buf, n, "retire %s %0*x%s", tc_code_addr(c, e->x, a), e->b ? 8 : 4, e->y,
                        e->c ? "" : " (skipped)");
    case TC_EV_EXC: return snprintf(buf, n, "exception %u ret %s", e->x, tc_code_addr(c, e->y, a));
    case TC_EV_SNAPSHOT: return snprintf(buf, n, "register snapshot (%u registers)", (unsigned)__builtin_popcount(e->x));
    case TC_EV_IRQ: return snprintf(buf, n, "irq lines %08x nmi %u", e->x, e->a);
    case TC_EV_TICKS: return snprintf(buf, n, "systick +%u cycles", e->x);
    case TC_EV_MEMW: return snprintf(buf, n, "other master W%u %08x = %08x", e->a, e->x, e->y);
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
    unsigned rows = ng > ne ? ng : ne;
    /* the golden column as wide as its widest row (at least 48), so that symbols and disassembly keep it aligned */
    int width = 48;
    char g[200];
    for (unsigned i = 0; i < ng; i++) {
        int w = describe_step(c, tc_step_at(c, first + i), g, sizeof g);
        if (w > width) width = w < (int)sizeof g ? w : (int)sizeof g - 1;
    }
    tc_report_append(c, "  %-*s | %s\n", width, "last golden steps (#step :line)", "last RTL events");
    for (unsigned i = 0; i < rows; i++) {
        char r[160] = "";
        g[0] = '\0';
        if (i + ng >= rows) describe_step(c, tc_step_at(c, first + (i + ng - rows)), g, sizeof g);
        if (i + ne >= rows)
            describe_event(c, &c->events[(c->ev_count - ne + (i + ne - rows)) & (c->ev_cap - 1)], r, sizeof r);
        tc_report_append(c, "  %-*s | %s\n", width, g, r);
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
        char g[TC_ADDR_TEXT], r[TC_ADDR_TEXT];
        tc_report_append(c, "    %-8s golden %-8s  rtl %s%s\n", tm_reg_name(id),
                         tc_reg_text(c, g, id, (c->gold_known & bit) != 0, c->gold[id], 1),
                         tc_reg_text(c, r, id, (c->rtl_known & bit) != 0, c->rtl[id], 0),
                         (c->o.ignore_mask & bit) ? "  (ignored)" : "");
    }
    if (!any) tc_report_append(c, "  register shadows agree\n");
}

/* Keep the first failure of the run for the ledger: what, where, the headline (fmt with ap). */
static void note_first(tc_checker *c, int kind, const char *stream, const char *field, uint64_t step, uint64_t line,
                       const char *fmt, va_list ap)
{
    tc_first *f = &c->first;
    if (f->kind != TC_FIRST_NONE) return;
    f->kind = kind;
    f->stream = stream;
    snprintf(f->field, sizeof f->field, "%s", field);
    f->step = step;
    f->line = line;
    vsnprintf(f->headline, sizeof f->headline, fmt, ap);
    if (kind == TC_FIRST_MISMATCH && step >= c->oldest && step < c->complete) {
        const tc_step *s = tc_step_at(c, step);
        f->has_pc = s->kind != TC_STEP_RESET;
        f->pc = s->kind == TC_STEP_EXC ? s->exc_return : s->pc;
    }
}

int tc_mismatch(tc_checker *c, const char *stream, const char *field, uint64_t step, uint64_t line, const char *fmt,
                ...)
{
    uint64_t at = line;
    if (!at && step >= c->oldest && step < c->complete) at = tc_step_at(c, step)->line;
    if (at && tc_golden_intact(c, at) != TC_OK) return TC_FAILED; /* the gzip error is the cause, not the RTL */
    va_list ap;
    va_start(ap, fmt);
    note_first(c, TC_FIRST_MISMATCH, stream, field, step, line, fmt, ap);
    va_end(ap);
    c->n.mismatches++;
    tc_report_append(c, "==== TARMAC LOCKSTEP MISMATCH #%llu (%s stream) ====\n", (unsigned long long)c->n.mismatches,
                     stream);
    tc_report_append(c, "  step %llu, golden %s:%llu, simulation time %llu\n", (unsigned long long)step, c->o.golden,
                     (unsigned long long)line, (unsigned long long)c->time);
    tc_report_append(c, "  ");
    va_start(ap, fmt);
    vappend(c, fmt, ap);
    va_end(ap);
    tc_report_append(c, "\n");
    if (c->live) tc_live_notes(c, step);
    if (c->elf && step >= c->oldest && step < c->complete && tc_step_at(c, step)->kind == TC_STEP_INSN) {
        const tc_step *s = tc_step_at(c, step);
        char a[TC_ADDR_TEXT], d[TC_DISASM_LEN];
        tc_report_append(c, "  golden instruction: %s %0*x %s\n", tc_code_addr(c, s->pc, a), s->is32 ? 8 : 4, s->opcode,
                         golden_disasm(c, s, d, sizeof d));
    }
    register_diff(c);
    context_block(c, step);
    if (c->n.mismatches >= c->o.max_errors) c->failed = 1;
    tc_report_save(c); /* the simulation may stop here ($fatal): the file must already hold the report */
    return TC_MISMATCH;
}

int tc_report_save(tc_checker *c)
{
    if (!c->o.report_path[0] || c->report_lost) return TC_OK;
    const char *in[4];
    tm_error e;
    if (tm_outfile_put(c->o.report_path, tc_inputs(c, in), c->report ? c->report : "", c->report_len, &e) == TM_OK)
        return TC_OK;
    c->report_lost = 1; /* before tc_fail, which saves again */
    char buf[600];
    tc_fail(c, "output", "report file: %s", tm_error_format(&e, buf, sizeof buf));
    return TC_FAILED;
}

static int vfail(tc_checker *c, int kind, const char *stream, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    note_first(c, kind, stream, "", 0, 0, fmt, aq);
    va_end(aq);
    tc_report_append(c, "==== TARMAC LOCKSTEP FAILURE ====\n  ");
    vappend(c, fmt, ap);
    tc_report_append(c, "\n");
    c->failed = 1;
    tc_report_save(c);
    return TC_FAILED;
}

int tc_fail(tc_checker *c, const char *stream, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vfail(c, TC_FIRST_ERROR, stream, fmt, ap);
    va_end(ap);
    return rc;
}

int tc_vacuous(tc_checker *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vfail(c, TC_FIRST_VACUOUS, "ledger", fmt, ap);
    va_end(ap);
    return rc;
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

const char *tc_reg_text(const tc_checker *c, char *buf, int id, int known, uint32_t value, int golden)
{
    /* LR holds a return address (Thumb bit set) or an EXC_RETURN value, which no symbol holds */
    if (known && id == TM_REG_LR) return tc_code_addr(c, value, buf);
    return tc_shadow_text(buf, known, value, golden);
}

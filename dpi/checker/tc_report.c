/* The checker's report text: what is appended, the failures that stop the check (tc_fail, tc_vacuous), the first
 * failure kept for the ledger, the live-mode notes it is handed, and the report file. It prints what its callers
 * hand it and calls none of them; the mismatch block is tc_mismatch.c's. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "armv6m.h"
#include "tarmac/outfile.h"
#include "tc_internal.h"

void tc_report_vappend(tc_checker *c, const char *fmt, va_list ap)
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
    tc_report_vappend(c, fmt, ap);
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

/* Keep the first failure of the run for the ledger: what, where, the headline (fmt with ap). */
void tc_note_first(tc_checker *c, int kind, const char *stream, const char *field, uint64_t step, uint64_t line,
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

void tc_report_notes(tc_checker *c, tc_notes *n, uint64_t step)
{
    unsigned kept = 0;
    for (unsigned i = 0; i < n->n; i++) {
        if (n->note[i].step <= step + 1) tc_report_append(c, "  %s\n", n->note[i].text);
        else n->note[kept++] = n->note[i];
    }
    n->n = kept;
    if (n->vr_valid && n->vr_step <= step + 1 && n->vr_step + 1 >= step)
        tc_report_append(c, "  VOLATILE READ: the golden's R%u %08x is the value the RTL's bus returned, %08x (volatile "
                         "range): a value that differs from it changed on its way from the bus\n", n->vr_size,
                         n->vr_addr, n->vr_val);
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
    tc_note_first(c, kind, stream, "", 0, 0, fmt, aq);
    va_end(aq);
    tc_report_append(c, "==== TARMAC LOCKSTEP FAILURE ====\n  ");
    tc_report_vappend(c, fmt, ap);
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

void tc_exception_name(int number, char *buf, size_t size) { m6_exception_name(number, buf, size); }

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

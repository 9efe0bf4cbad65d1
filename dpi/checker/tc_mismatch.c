/* A mismatch's report block: the headline, the live-mode notes of its steps, the golden instruction, the register
 * diff of the shadow files and the golden context beside the RTL's last events. With the option elf= code
 * addresses carry their symbol and golden instructions their disassembly: the golden line's own text, else the
 * model's disassembler (m6_disasm, model/disasm.c, which the library carries). A mismatch read from a damaged
 * gzip member is reported as that damage instead (tc_golden_intact). */
#include <stdarg.h>
#include <string.h>

#include "armv6m.h"
#include "tc_internal.h"

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

int tc_mismatch(tc_checker *c, const char *stream, const char *field, uint64_t step, uint64_t line, const char *fmt,
                ...)
{
    uint64_t at = line;
    if (!at && step >= c->oldest && step < c->complete) at = tc_step_at(c, step)->line;
    if (at && tc_golden_intact(c, at) != TC_OK) return TC_FAILED; /* the gzip error is the cause, not the RTL */
    va_list ap;
    va_start(ap, fmt);
    tc_note_first(c, TC_FIRST_MISMATCH, stream, field, step, line, fmt, ap);
    va_end(ap);
    c->n.mismatches++;
    tc_report_append(c, "==== TARMAC LOCKSTEP MISMATCH #%llu (%s stream) ====\n", (unsigned long long)c->n.mismatches,
                     stream);
    tc_report_append(c, "  step %llu, golden %s:%llu, simulation time %llu\n", (unsigned long long)step, c->o.golden,
                     (unsigned long long)line, (unsigned long long)c->time);
    tc_report_append(c, "  ");
    va_start(ap, fmt);
    tc_report_vappend(c, fmt, ap);
    va_end(ap);
    tc_report_append(c, "\n");
    tc_report_notes(c, &c->notes, step);
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

int tc_tail_chain_missed(tc_checker *c, uint64_t k, const char *what)
{
    const tc_step *x = tc_step_at(c, k);
    char name[24];
    tc_exception_name(x->has_number ? (int)x->exc_number : 0, name, sizeof name);
    return tc_mismatch(c, "instruction", "tail_chain", k, x->line,
                       "tail-chaining: the golden entered %s by tail-chaining at step %llu (golden line %llu): after "
                       "the exception return (EXC_RETURN %08x) the frame stays stacked, nothing is unstacked; %s",
                       name, (unsigned long long)k, (unsigned long long)x->line, x->exc_return, what);
}

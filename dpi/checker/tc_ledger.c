/* The ledger (option ledger=, dpi/README.md "The ledger"): the run's verdict as one JSON object for machines (a
 * regression's JUnit): what was compared, what was not and why, the first failure. Written when the run ends: at
 * tc_finish, at tc_close when tc_finish did not run (a run halted on a mismatch, or closed early), and when
 * tc_open fails after reading its options (not when an output was refused). Written whole (tarmac/outfile.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tarmac/outfile.h"
#include "tarmac/version.h"
#include "tc_internal.h"

/* s as a JSON string: quotes, backslashes and control characters escaped; bytes that are not UTF-8 become U+FFFD. */
static void json_str(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    while (*p) {
        unsigned char b = *p;
        if (b == '"' || b == '\\') {
            fprintf(f, "\\%c", b);
            p++;
        } else if (b == '\n' || b == '\t' || b == '\r') {
            fprintf(f, "\\%c", b == '\n' ? 'n' : b == '\t' ? 't' : 'r');
            p++;
        } else if (b < 0x20 || b == 0x7f) {
            fprintf(f, "\\u%04x", b);
            p++;
        } else if (b < 0x80) {
            fputc(b, f);
            p++;
        } else { /* a UTF-8 sequence: its length from the lead byte, continuation bytes 10xxxxxx */
            int n = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
            int k = 1;
            while (n && k < n && (p[k] & 0xc0) == 0x80) k++;
            if (n && k == n) fwrite(p, 1, (size_t)n, f);
            else fputs("\\ufffd", f);
            p += n && k == n ? n : 1;
        }
    }
    fputc('"', f);
}

/* The registers of mask as a JSON array of Tarmac names. */
static void json_regs(FILE *f, uint32_t mask)
{
    fputc('[', f);
    for (uint32_t left = mask; left; left &= left - 1) {
        json_str(f, tm_reg_name(__builtin_ctz(left)));
        if (left & (left - 1)) fputs(", ", f);
    }
    fputc(']', f);
}

/* The architectural state this register mode does not compare directly (tc_state.c), as a JSON array of its rows'
 * names. */
static void json_state_not_compared(FILE *f, const tc_checker *c)
{
    fputc('[', f);
    int first = 1;
    for (size_t i = 0; tc_state_at(i); i++) {
        if (!tc_state_uncompared(tc_state_at(i), c->o.snapshot)) continue;
        if (!first) fputs(", ", f);
        json_str(f, tc_state_at(i)->state);
        first = 0;
    }
    fputc(']', f);
}

/* The golden's register lines not compared (foreign registers, registers the comparison does not model), as a
 * JSON object name -> lines; names beyond the table as "(others)". */
static void json_uncompared_regs(FILE *f, tc_checker *c)
{
    tc_uncompared_reg regs[TC_MAX_UNCOMPARED_REGS];
    uint64_t more = 0;
    size_t n = tc_golden_uncompared(c, regs, &more);
    fputc('{', f);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ", " : " ", f);
        json_str(f, regs[i].name);
        fprintf(f, ": %llu", (unsigned long long)regs[i].lines);
    }
    if (more) fprintf(f, "%s\"(others)\": %llu", n ? ", " : " ", (unsigned long long)more);
    fputs(n || more ? " }" : "}", f);
}

const char *tc_verdict(const tc_checker *c)
{
    if (c->o.off) return "OFF";
    if (c->n.mismatches || c->first.kind == TC_FIRST_MISMATCH || c->first.kind == TC_FIRST_VACUOUS) return "FAIL";
    if (c->first.kind == TC_FIRST_ERROR || !c->finished) return "ERROR";
    return "PASS";
}

uint32_t tc_never_shown(const tc_checker *c)
{
    if (!c->o.snapshot) return 0;
    return c->gold_ever & ~c->shown_ever & ~c->o.ignore_mask & ~(1u << TM_REG_PC);
}

static void json_ledger(tc_checker *c, int64_t golden_steps, FILE *f)
{
    const tc_counters *n = &c->n;
    const tc_first *x = &c->first;
    const char *verdict = tc_verdict(c);
    fputs("{\n  \"format\": \"tarmac-ledger-1\",\n  \"verdict\": ", f);
    json_str(f, verdict);
    fputs(",\n  \"reason\": ", f);
    json_str(f, c->o.off                ? "the checker was switched off (+tarmac_off): nothing was compared"
                : x->kind != TC_FIRST_NONE ? x->headline
                : !c->finished             ? "closed before tc_finish: the end-of-test checks did not run"
                                           : "");
    fputs(",\n  \"golden\": ", f);
    json_str(f, c->o.golden);
    fprintf(f, ",\n  \"mode\": \"%s\", \"regs\": \"%s\",\n", c->live ? "live" : "file",
            c->o.snapshot ? "snapshot" : "writes");
    fprintf(f,
            "  \"compared\": { \"steps\": %llu, \"instructions\": %llu, \"exceptions\": %llu, \"registers\": %llu, "
            "\"beats\": %llu,\n                \"error_beats\": %llu, \"packets\": %llu },\n",
            (unsigned long long)n->steps, (unsigned long long)n->instructions, (unsigned long long)n->exceptions,
            (unsigned long long)n->registers, (unsigned long long)n->beats, (unsigned long long)n->error_beats,
            (unsigned long long)n->packets);
    fprintf(f, "  \"golden_steps\": %lld,\n", (long long)golden_steps);
    fprintf(f,
            "  \"not_compared\": { \"unknown_golden_values\": %llu, \"volatile_reads\": %llu, \"ignored_beats\": %llu,\n"
            "                    \"ignored_packets\": %llu, \"fetch_beats\": %llu, \"ignored_registers\": ",
            (unsigned long long)n->unknown_values, (unsigned long long)n->volatile_reads,
            (unsigned long long)n->ignored_beats, (unsigned long long)n->ignored_packets,
            (unsigned long long)n->fetch_beats);
    json_regs(f, c->o.ignore_mask);
    fputs(",\n                    \"registers_never_shown\": ", f);
    json_regs(f, tc_never_shown(c));
    fprintf(f, ", \"pc_records\": %llu, \"xpsr_partial\": %llu, \"error_responses_unmatched\": %llu",
            (unsigned long long)(c->nf.pc_records + (uint64_t)c->pc_record_due),
            (unsigned long long)c->nf.xpsr_partial, (unsigned long long)c->nf.error_unmatched);
    fprintf(f, ",\n                    \"lenient_warnings\": %llu, \"abandoned_reads\": %llu, \"abandoned_writes\": %llu,\n"
               "                    \"systick_window_reads\": %llu, \"bus_stream_off\": %s, \"mtb_stream_off\": %s,\n"
               "                    \"state\": ",
            (unsigned long long)n->lenient_warnings, (unsigned long long)n->abandoned_reads,
            (unsigned long long)n->abandoned_writes, (unsigned long long)n->systick_reads,
            c->o.bus ? "false" : "true", c->o.mtb ? "false" : "true");
    json_state_not_compared(f, c);
    fputs(",\n                    \"fields\": [", f);
    for (size_t i = 0; tc_field_never_compared(i); i++) {
        if (i) fputs(", ", f);
        json_str(f, tc_field_never_compared(i));
    }
    fputs("]", f);
    fputs(",\n                    \"registers_by_name\": ", f);
    json_uncompared_regs(f, c);
    fputs(" },\n", f);
    fprintf(f, "  \"mismatches\": %llu,\n  \"first_mismatch\": ", (unsigned long long)n->mismatches);
    if (x->kind == TC_FIRST_NONE || x->kind == TC_FIRST_VACUOUS) {
        fputs("null\n}\n", f);
        return;
    }
    fputs("{ \"stream\": ", f);
    json_str(f, x->stream);
    fputs(", \"field\": ", f);
    json_str(f, x->field);
    fprintf(f, ", \"step\": %llu, \"pc\": ", (unsigned long long)x->step);
    if (x->has_pc) fprintf(f, "\"0x%08x\"", x->pc);
    else fputs("null", f);
    fputs(",\n                      \"golden_at\": ", f);
    if (x->line) {
        char *at = NULL; /* the golden's path has any length */
        if (asprintf(&at, "%s:%llu", c->o.golden, (unsigned long long)x->line) < 0) at = NULL;
        json_str(f, at ? at : "");
        free(at);
    } else {
        json_str(f, "");
    }
    fputs(",\n                      \"headline\": ", f);
    json_str(f, x->headline);
    fputs(" }\n}\n", f);
}

int tc_ledger_write(tc_checker *c, int64_t golden_steps, tm_error *err)
{
    if (!c->o.ledger[0] || c->ledger_written) return TM_OK;
    c->ledger_written = 1;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return tm_error_set(err, TM_ERR_IO, c->o.ledger, 0, "out of memory");
    json_ledger(c, golden_steps, f);
    const char *in[4];
    int rc = fclose(f) == 0 ? tm_outfile_put(c->o.ledger, tc_inputs(c, in), text, len, err)
                            : tm_error_set(err, TM_ERR_IO, c->o.ledger, 0, "out of memory");
    free(text);
    return rc;
}

int tc_finish_off(tc_checker *c)
{
    c->finished = 1;
    tc_report_append(c, "tarmac checker: OFF: switched off by the testbench (+tarmac_off), nothing compared; golden %s "
                        "not read; tarmac %s\n", c->o.golden, tm_version());
    tm_error e;
    int rc = tc_report_save(c);
    if (tc_ledger_write(c, -1, &e) != TM_OK) {
        char buf[600];
        rc = tc_fail(c, "output", "ledger=: %s", tm_error_format(&e, buf, sizeof buf));
    }
    return rc;
}

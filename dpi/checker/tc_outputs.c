/* The checker's output files (report=, coverage=, golden_out=, ledger=) against its inputs, checked at open: a run
 * that would overwrite its golden or ELF, write two outputs to one file, or write into a missing directory fails
 * before its first step rather than at a mismatch or at its end. The writes themselves are tarmac/outfile.h's. */
#include <string.h>

#include "tarmac/outfile.h"
#include "tc_internal.h"

const char *const *tc_inputs(const tc_checker *c, const char *in[4])
{
    size_t n = 0;
    const char *golden = c->o.golden;
    if (!strncmp(golden, "live:", 5)) golden += 5; /* live mode reads the ELF */
    if (golden[0]) in[n++] = golden;
    if (c->o.elf[0]) in[n++] = c->o.elf;
    in[n] = NULL;
    return in;
}

int tc_outputs_check(const tc_checker *c, tm_error *err)
{
    static const char *const keys[] = { "report", "coverage", "golden_out", "ledger" };
    const char *outs[] = { c->o.report_path, c->o.coverage, c->o.golden_out, c->o.ledger };
    const char *in[4];
    tc_inputs(c, in);
    for (size_t i = 0; i < 4; i++) {
        if (!outs[i][0]) continue;
        if (tm_outfile_check(outs[i], in, err) != TM_OK) {
            tm_error why = *err;
            return tm_error_set(err, why.status, why.file, 0, "option %s: %s", keys[i], why.msg);
        }
        for (size_t k = 0; k < i; k++)
            if (outs[k][0] && tm_same_file(outs[i], outs[k]))
                return tm_error_set(err, TM_ERR_ARG, outs[i], 0, "options %s= and %s= name the same file", keys[k],
                                    keys[i]);
    }
    return TM_OK;
}

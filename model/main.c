/* armv6m-iss: runs an ARMv6-M ELF to its semihosting exit and writes the golden Tarmac trace.
 * Exit status: the program's exit code; 124 when --max-insns stops it, 125 on lockup, 2 on bad usage or input,
 * a --tarmac that is the program or cannot be written (written whole: the old file stays, tarmac/outfile.h). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armv6m.h"
#include "tarmac/version.h"
#include "tarmac/number.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: armv6m-iss [options] prog.elf\n"
            "  --tarmac FILE      write the golden trace (gzip when FILE ends in .gz; '-' for stdout)\n"
            "  --dialect NAME     fastmodels (default), cortexm, qemu4v, or fvp (as an M-profile FVP writes it)\n"
            "  --config K=V,...   implementation choices (repeatable; a later key overrides); a gzip trace\n"
            "                     records them all in its header's comment, for the checker (model=)\n"
            "  --max-insns N      stop after N instructions (exit 124)\n"
            "  --quiet            no summary on stderr\n"
            "configuration keys (default):\n");
    for (size_t i = 0; m6_config_at(i); i++) {
        const m6_config_info *k = m6_config_at(i);
        fprintf(f, "  %-12s (%s) %s\n", k->key, k->def, k->help);
    }
    fprintf(f, "  %-12s %s\n", "preset", "cortex-m0, cortex-m0plus, cortex-m3 or cortex-m4: the core's architecture, "
               "memory map and choices together (model/ARCHITECTURE.md, \"Configuration\"); later keys override");
    fprintf(f, "  systick=cycles needs an embedding that supplies ticks (m6_systick_tick): not this command\n");
}

/* What the command line asks for. */
typedef struct {
    const char *elf, *tarmac;
    int dialect, quiet, configured;
    unsigned long long max_insns;
    m6_config cfg;
} iss_options;

/* Reads argv into o; -1 when the program is to run, else the exit status (help, version, bad usage). */
static int parse_options(int argc, char **argv, iss_options *o)
{
    memset(o, 0, sizeof *o);
    o->dialect = TM_DIALECT_FASTMODELS;
    m6_config_defaults(&o->cfg);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("armv6m-iss %s\n", tm_version());
            return 0;
        } else if (!strcmp(a, "--tarmac") && i + 1 < argc) {
            o->tarmac = argv[++i];
        } else if (!strcmp(a, "--dialect") && i + 1 < argc) {
            o->dialect = tm_dialect_from_name(argv[++i]);
            if (o->dialect < 0) {
                fprintf(stderr, "armv6m-iss: unknown dialect '%s' (fastmodels, cortexm, qemu4v, fvp)\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "--config") && i + 1 < argc) {
            tm_error err;
            if (m6_config_parse(&o->cfg, argv[++i], &err) != TM_OK) {
                char buf[300];
                fprintf(stderr, "armv6m-iss: --config: %s\n", tm_error_format(&err, buf, sizeof buf));
                return 2;
            }
            o->configured = 1;
        } else if (!strcmp(a, "--max-insns") && i + 1 < argc) {
            uint64_t n;
            if (tm_parse_uint(argv[++i], 0, 1, UINT64_MAX, &n)) {
                fprintf(stderr, "armv6m-iss: --max-insns '%s': expected a number of instructions from 1 to %llu\n",
                        argv[i], (unsigned long long)UINT64_MAX);
                return 2;
            }
            o->max_insns = n;
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = 1;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "armv6m-iss: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (!o->elf) {
            o->elf = a;
        } else {
            fprintf(stderr, "armv6m-iss: more than one program given\n");
            return 2;
        }
    }
    if (!o->elf) {
        usage(stderr);
        return 2;
    }
    if (o->cfg.systick == M6_SYSTICK_CYCLES) {
        fprintf(stderr, "armv6m-iss: --config systick=cycles needs a caller that supplies SysTick ticks "
                        "(m6_systick_tick), such as a simulation embedding the model; this command has no clock\n");
        return 2;
    }
    return -1;
}

/* Opens the golden trace o asks for and points the model's trace at it; NULL with err set when it cannot be
 * opened. A gzip golden records the configuration and the program in its header. */
static tm_out *open_trace(m6 *c, const iss_options *o, tm_error *err)
{
    char record[M6_GOLDEN_RECORD_MAX];
    if (m6_golden_record(&o->cfg, o->elf, record, sizeof record, err) != TM_OK) return NULL;
    const char *inputs[] = { o->elf, NULL };
    tm_out_options oo = { -1, 1, 1, record, inputs };
    tm_out *out = tm_out_open(o->tarmac, &oo, err);
    if (!out) return NULL;
    size_t n = strlen(o->tarmac);
    if (o->configured && !(n > 3 && !strcmp(o->tarmac + n - 3, ".gz")))
        fprintf(stderr, "armv6m-iss: note: a plain-text trace cannot record the configuration (--config); "
                        "a .gz trace records it for the checker\n");
    m6_trace_to(c, out, (tm_dialect)o->dialect);
    return out;
}

/* Resets and runs the loaded program; the exit status: the program's exit code, 124 at --max-insns, 2 when the
 * reset fails. */
static int run_program(m6 *c, unsigned long long max_insns)
{
    tm_error err;
    char buf[600];
    if (m6_reset(c, &err) != TM_OK) {
        fprintf(stderr, "armv6m-iss: %s\n", tm_error_format(&err, buf, sizeof buf));
        return 2;
    }
    int st = m6_run(c, max_insns);
    if (st == M6_STEP_EXIT) return m6_exit_code(c);
    if (st == M6_STEP_LOCKUP || st == M6_STEP_UNKNOWN) {
        fprintf(stderr, "armv6m-iss: %s after %llu instructions\n", m6_stop_reason(c),
                (unsigned long long)m6_icount(c));
        return m6_exit_code(c);
    }
    fprintf(stderr, "armv6m-iss: stopped after %llu instructions (--max-insns) at pc %08x\n",
            (unsigned long long)m6_icount(c), m6_reg(c, TM_REG_PC));
    return M6_EXIT_MAX_INSNS;
}

/* Closes the trace; 2 when it or the model's writing of it failed (reported), else rc. */
static int close_trace(m6 *c, tm_out *out, int rc)
{
    tm_error err, e;
    char buf[600];
    int wrote = m6_trace_status(c, &err), trc = tm_out_close(out, &e);
    if (wrote == TM_OK && trc == TM_OK) return rc;
    fprintf(stderr, "armv6m-iss: writing the trace failed: %s\n",
            tm_error_format(wrote != TM_OK ? &err : &e, buf, sizeof buf));
    return 2;
}

int main(int argc, char **argv)
{
    signal(SIGXFSZ, SIG_IGN); /* a file size limit is a write error with a message (EFBIG), not a kill */
    iss_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc >= 0) return rc;
    m6 *c = m6_create(&o.cfg); /* before loading: the memory map depends on the configuration */
    if (!c) {
        fprintf(stderr, "armv6m-iss: out of memory\n");
        return 2;
    }
    tm_error err;
    char buf[600];
    FILE *console = stdout;
    tm_out *out = NULL;
    if (m6_load_elf(c, o.elf, &err) != TM_OK || (o.tarmac && !(out = open_trace(c, &o, &err)))) {
        fprintf(stderr, "armv6m-iss: %s\n", tm_error_format(&err, buf, sizeof buf));
        m6_destroy(c);
        return 2;
    }
    if (o.tarmac && o.tarmac[0] == '-' && !o.tarmac[1]) console = stderr; /* keep the trace on stdout clean */
    m6_set_console(c, console);
    rc = run_program(c, o.max_insns);
    fflush(console);
    if (out) rc = close_trace(c, out, rc);
    if (!o.quiet)
        fprintf(stderr, "armv6m-iss: %llu instructions, exit code %d\n", (unsigned long long)m6_icount(c), rc);
    m6_destroy(c);
    return rc;
}

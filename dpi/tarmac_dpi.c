/* DPI-C shim over the lockstep checker: only svdpi.h types, chandle handles, int status, so that the same
 * shared object loads in Verilator, Questa, VCS and Xcelium (-sv_lib). The prototypes match the header
 * Verilator generates from dpi/tarmac_chk_pkg.sv (a test compiles this file against it). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svdpi.h"
#include "tarmac/checker.h"
#include "tarmac/plusargs.h"
#include "vpi_user.h"

/* Weak: a simulator that has VPI (Questa, VCS, Xcelium) resolves it; one without (Verilator's executables export
 * nothing) leaves it NULL. */
#pragma weak vpi_get_vlog_info

/* tarmac_chk_open returns null on failure, so its error text cannot hang off a handle: it is kept per
 * thread here, with the option keys and the options tarmac_chk_option gave for the next open, the shim's only
 * state. */
static _Thread_local char open_error[600];
#define MAX_GIVEN 64
static _Thread_local char *given_keys[MAX_GIVEN], *given_values[MAX_GIVEN];
static _Thread_local size_t n_given;
static _Thread_local int given_lost; /* out of memory, or more than MAX_GIVEN: the next open fails */

static void forget_given(void)
{
    for (size_t i = 0; i < n_given; i++) free(given_keys[i]), free(given_values[i]);
    n_given = 0;
    given_lost = 0;
}

/* One option value for the next tarmac_chk_open on this thread, whole: the value is never split (a plusarg
 * +tarmac_report=a,b.txt is the path "a,b.txt", not a path and an option). Always 0: what is wrong (an unknown key,
 * a key given twice) fails the open, which names it. */
int tarmac_chk_option(const char *key, const char *value)
{
    char *k = strdup(key ? key : ""), *v = strdup(value ? value : "");
    if (!k || !v || n_given == MAX_GIVEN) {
        free(k);
        free(v);
        given_lost = 1;
        return 0;
    }
    given_keys[n_given] = k;
    given_values[n_given++] = v;
    return 0;
}

static void *open_given(const char *golden, const char *options, unsigned flags)
{
    tm_error err;
    tc_checker *c = NULL;
    if (given_lost)
        tm_error_set(&err, TM_ERR_ARG, NULL, 0, "more than %d options given one by one (tarmac_chk_option), or out "
                                                "of memory", MAX_GIVEN);
    else
        c = tc_open_with(golden && *golden ? golden : NULL, options, (const char *const *)given_keys,
                         (const char *const *)given_values, n_given, flags, &err);
    if (!c) tm_error_format(&err, open_error, sizeof open_error);
    forget_given();
    return c;
}

/* options: "key=value,..." (the testbench's own); then each tarmac_chk_option given since the last open */
void *tarmac_chk_open(const char *golden, const char *options) { return open_given(golden, options, 0); }

/* The same, switched off (+tarmac_off): nothing compared, the summary line and the ledger say OFF (checker.h). */
void *tarmac_chk_open_off(const char *golden, const char *options) { return open_given(golden, options, TC_OPEN_OFF); }

const char *tarmac_chk_error(void *h)
{
    if (!h) return open_error;
    return tc_report((tc_checker *)h);
}

/* The calls pass straight through: the C API answers a null or closed handle, a call after the halt or after
 * finish, and bad arguments (checker.h), so that the SV package and C callers get the same results. */
int tarmac_chk_set_time(void *h, unsigned long long t) { return tc_set_time((tc_checker *)h, t); }

int tarmac_chk_reg_write(void *h, int regid, unsigned value) { return tc_reg_write((tc_checker *)h, regid, value); }

int tarmac_chk_ahb_beat(void *h, unsigned addr, int write, int hsize, int hprot, unsigned data, int resp)
{
    return tc_ahb_beat((tc_checker *)h, addr, write, hsize, hprot, data, resp);
}

int tarmac_chk_mtb_packet(void *h, unsigned word0, unsigned word1) { return tc_mtb_packet((tc_checker *)h, word0, word1); }

int tarmac_chk_mtb_packet_at(void *h, unsigned offset, unsigned word0, unsigned word1)
{
    return tc_mtb_packet_at((tc_checker *)h, offset, word0, word1);
}

int tarmac_chk_retire(void *h, unsigned pc, unsigned opcode, int is32, int cond_passed)
{
    return tc_retire((tc_checker *)h, pc, opcode, is32, cond_passed);
}

int tarmac_chk_exception(void *h, int number, unsigned return_addr)
{
    return tc_exception((tc_checker *)h, number, return_addr);
}

int tarmac_chk_irq_lines(void *h, unsigned irq, int nmi) { return tc_irq_lines((tc_checker *)h, irq, nmi); }

int tarmac_chk_systick_ticks(void *h, unsigned n) { return tc_systick_ticks((tc_checker *)h, n); }

int tarmac_chk_mem_write(void *h, unsigned addr, int size, unsigned data)
{
    return tc_mem_write((tc_checker *)h, addr, size, data);
}

/* regs: TM_REG_COUNT words, word i = register id i (the SV package packs them so) */
int tarmac_chk_snapshot(void *h, const svBitVecVal *regs, unsigned valid)
{
    uint32_t v[TM_REG_COUNT];
    for (int i = 0; regs && i < TM_REG_COUNT; i++) v[i] = regs[i];
    return tc_snapshot((tc_checker *)h, regs ? v : NULL, valid);
}

/* The option keys, comma-separated, for the SV package's plusargs (+tarmac_<key>=<value>). */
const char *tarmac_chk_option_keys(void)
{
    static _Thread_local char keys[512];
    tc_option_keys(keys, sizeof keys);
    return keys;
}

/* The simulation's command line: the simulator's own view through VPI where it has one (with its -f files
 * expanded), else the process's arguments (Linux's /proc/self/cmdline: a Verilator executable is the simulation).
 * Read once; argc 0 when neither exists. */
static char **command_line(int *argc)
{
    static char **argv;
    static int n, done;
    if (!done) {
        done = 1;
        s_vpi_vlog_info info;
        if (vpi_get_vlog_info && vpi_get_vlog_info(&info)) {
            n = info.argc;
            argv = info.argv;
        } else {
            /* the arguments, each ended by a NUL; kept for the process's life */
            FILE *f = fopen("/proc/self/cmdline", "rb");
            char *text = NULL;
            size_t len = 0, cap = 0, got = 1;
            while (f && got) {
                if (len == cap) {
                    char *more = realloc(text, cap = cap ? 2 * cap : 4096);
                    if (!more) break;
                    text = more;
                }
                len += got = fread(text + len, 1, cap - len, f);
            }
            if (f) fclose(f);
            int count = 0;
            for (size_t i = 0; i < len; i += strlen(text + i) + 1) count++;
            argv = len && text[len - 1] == '\0' ? calloc((size_t)count + 1, sizeof *argv) : NULL;
            for (size_t i = 0; argv && i < len; i += strlen(text + i) + 1) argv[n++] = text + i;
        }
    }
    *argc = n;
    return argv;
}

/* "" when every +tarmac_... plusarg of the command line is +tarmac_<key>=<value> of an option or one of own (the
 * testbench's own names, comma-separated, e.g. "tarmac_off"); else what is wrong, with the known names
 * (tarmac/plusargs.h). */
const char *tarmac_chk_plusargs_error(const char *own)
{
    static _Thread_local char msg[2048];
    static _Thread_local char names[2048];
    tm_plusarg specs[128];
    size_t n = 0, used = 0;
    for (size_t i = 0; tc_option_at(i) && n < 128 && used < sizeof names; i++, n++) {
        specs[n] = (tm_plusarg){ names + used, TM_PLUSARG_TEXT, 0, 0 };
        used += (size_t)snprintf(names + used, sizeof names - used, "tarmac_%s", tc_option_at(i)->key) + 1;
    }
    for (const char *p = own ? own : ""; *p && n < 128 && used < sizeof names; n++) {
        size_t k = strcspn(p, ",");
        specs[n] = (tm_plusarg){ names + used, TM_PLUSARG_ANY, 0, 0 };
        used += (size_t)snprintf(names + used, sizeof names - used, "%.*s", (int)k, p) + 1;
        p += k + (p[k] == ',');
    }
    if (used > sizeof names || n == 128) return "the plusargs check: too many names (own plusargs)";
    int argc;
    char **argv = command_line(&argc);
    return tm_plusargs_check(argc, (const char *const *)argv, specs, n, msg, sizeof msg) ? msg : "";
}

int tarmac_chk_halted(void *h) { return tc_halted((tc_checker *)h); } /* 1 for a NULL handle (checker.h) */

int tarmac_chk_finish(void *h) { return tc_finish((tc_checker *)h); }

/* a null handle: the open error, which the package printed when open failed */
const char *tarmac_chk_report(void *h) { return h ? tc_report((tc_checker *)h) : open_error; }

const char *tarmac_chk_report_unread(void *h) { return tc_report_unread((tc_checker *)h); }

void tarmac_chk_close(void *h) { tc_close((tc_checker *)h); }

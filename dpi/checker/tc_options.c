/* "key=value,..." and one value per key -> tc_options, through one table of every option: its key, default, meaning and parser.
 * The one list of the options: the SV package asks for the keys (tc_option_keys) to read the plusargs; tests
 * check dpi/README.md's table and every +tarmac_<key>= written in the repository against it. Unknown keys and
 * bad values are errors that name them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tarmac/number.h"
#include "tarmac/regs.h"
#include "tc_internal.h"

__attribute__((format(printf, 2, 0))) static int bad(tm_error *err, const char *fmt, const char *a, const char *b)
{
    char x[72], y[200]; /* option values are user text: keep the message bounded (y: the list of keys) */
    snprintf(x, sizeof x, "%.*s", (int)sizeof x - 1, a);
    snprintf(y, sizeof y, "%.*s", (int)sizeof y - 1, b);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    return tm_error_set(err, TM_ERR_ARG, NULL, 0, fmt, x, y);
#pragma GCC diagnostic pop
}

static int parse_uint(const char *v, unsigned long long max, unsigned long long *out)
{
    uint64_t x;
    if (tm_parse_uint(v, 0, 0, max, &x)) return -1;
    *out = x;
    return 0;
}

static int uint_in(const char *key, const char *v, unsigned long long lo, unsigned long long hi, const char *what,
                   unsigned long long *out, tm_error *err)
{
    if (parse_uint(v, hi, out) || *out < lo) {
        char msg[160];
        snprintf(msg, sizeof msg, "option %s: '%%s' is not %s (%llu-%llu)%%s", key, what, lo, hi);
        return bad(err, msg, v, "");
    }
    return 0;
}

int tc_option_path(char **field, const char *v, tm_error *err)
{
    char *p = strdup(v);
    if (!p) return tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
    free(*field);
    *field = p;
    return TM_OK;
}

/* The path options' fields. */
#define N_PATHS 6
static void path_fields(tc_options *o, char **f[N_PATHS])
{
    f[0] = &o->golden, f[1] = &o->report_path, f[2] = &o->elf, f[3] = &o->golden_out, f[4] = &o->coverage,
    f[5] = &o->ledger;
}

void tc_options_free(tc_options *o)
{
    char **paths[N_PATHS];
    path_fields(o, paths);
    for (size_t i = 0; i < N_PATHS; i++) {
        free(*paths[i]);
        *paths[i] = NULL;
    }
}

static int set_golden_wait_ms(tc_options *o, const char *v, tm_error *err)
{
    unsigned long long x = 0;
    if (uint_in("golden_wait_ms", v, 1, 3600000, "a time in milliseconds", &x, err)) return TM_ERR_ARG;
    o->golden_wait_ms = (unsigned)x;
    return 0;
}

static int set_golden(tc_options *o, const char *v, tm_error *err) { return tc_option_path(&o->golden, v, err); }

static int set_report(tc_options *o, const char *v, tm_error *err) { return tc_option_path(&o->report_path, v, err); }

static int set_coverage(tc_options *o, const char *v, tm_error *err) { return tc_option_path(&o->coverage, v, err); }

static int set_ledger(tc_options *o, const char *v, tm_error *err) { return tc_option_path(&o->ledger, v, err); }

static int set_elf(tc_options *o, const char *v, tm_error *err) { return tc_option_path(&o->elf, v, err); }

static int set_context(tc_options *o, const char *v, tm_error *err)
{
    unsigned long long x = 0;
    if (uint_in("context", v, 0, 1000, "a number of steps", &x, err)) return TM_ERR_ARG;
    o->context = (unsigned)x;
    return 0;
}

static int set_max_errors(tc_options *o, const char *v, tm_error *err)
{
    unsigned long long x = 0;
    if (uint_in("max_errors", v, 1, 1000000, "a count", &x, err)) return TM_ERR_ARG;
    o->max_errors = (unsigned)x;
    return 0;
}

static int set_bus_window(tc_options *o, const char *v, tm_error *err)
{
    unsigned long long x = 0;
    if (uint_in("bus_window", v, 0, 64, "a number of steps", &x, err)) return TM_ERR_ARG;
    o->bus_window = (unsigned)x;
    return 0;
}

static int set_mtb_base(tc_options *o, const char *v, tm_error *err)
{
    unsigned long long x = 0;
    if (parse_uint(v, 0xffffffffull, &x) || (x & 0xfff))
        return bad(err, "option mtb_base: '%s' is not a 4 KiB aligned 32-bit address%s", v, "");
    o->mtb_base = (uint32_t)x;
    return 0;
}

static int set_mtb_sram_size(tc_options *o, const char *v, tm_error *err)
{
    unsigned long long x = 0;
    if (parse_uint(v, 0x80000000ull, &x) || x < 8 || (x & (x - 1)))
        return bad(err, "option mtb_sram_size: '%s' is not a power of two from 8 to 0x80000000 (bytes)%s", v, "");
    o->mtb_sram_size = (uint32_t)x;
    return 0;
}

/* Register names separated by ':' or ';' -> mask of ids. */
static int set_ignore_regs(tc_options *o, const char *v, tm_error *err)
{
    o->ignore_mask = 0;
    while (*v) {
        size_t n = strcspn(v, ":;");
        tm_str name = { v, (uint32_t)n };
        int id = tm_reg_id(name, (tm_str){ 0, 0 });
        if (id < 0) {
            char item[64];
            snprintf(item, sizeof item, "%.*s", (int)(n > 60 ? 60 : n), v);
            return bad(err, "option ignore_regs: unknown register '%s'%s", item, "");
        }
        o->ignore_mask |= 1u << id;
        if (id == TM_REG_SP) o->ignore_mask |= 1u << TM_REG_MSP | 1u << TM_REG_PSP;
        v += n;
        if (*v) v++;
    }
    return 0;
}

static int set_bool(const char *key, const char *v, int *out, tm_error *err)
{
    unsigned long long x = 0;
    if (parse_uint(v, 1, &x)) {
        char msg[96];
        snprintf(msg, sizeof msg, "option %s: '%%s' is not 0 or 1%%s", key);
        return bad(err, msg, v, "");
    }
    *out = (int)x;
    return 0;
}

static int set_quiet(tc_options *o, const char *v, tm_error *err) { return set_bool("quiet", v, &o->quiet, err); }
static int set_lenient(tc_options *o, const char *v, tm_error *err) { return set_bool("lenient", v, &o->lenient, err); }
static int set_bus(tc_options *o, const char *v, tm_error *err) { return set_bool("bus", v, &o->bus, err); }
static int set_mtb(tc_options *o, const char *v, tm_error *err) { return set_bool("mtb", v, &o->mtb, err); }

/* The checker compares an M-profile core's 32-bit state: a golden of another profile is no golden for it. */
static int set_profile(tc_options *o, const char *v, tm_error *err)
{
    if (tm_profile_parse(v, &o->profile) && (o->profile == TM_PROFILE_ARMV6M || o->profile == TM_PROFILE_M)) return 0;
    return bad(err, "option profile: '%s' is not armv6m or m (the checker compares an M-profile core)%s", v, "");
}

static int set_cpu(tc_options *o, const char *v, tm_error *err)
{
    unsigned long long x = 0;
    if (uint_in("cpu", v, 0, 1000000, "a cpu number", &x, err)) return TM_ERR_ARG;
    o->cpu = (int)x;
    return 0;
}

static int set_regs(tc_options *o, const char *v, tm_error *err)
{
    if (!strcmp(v, "writes")) o->snapshot = 0;
    else if (!strcmp(v, "snapshot")) o->snapshot = 1;
    else return bad(err, "option regs: '%s' is not writes or snapshot%s", v, "");
    return 0;
}

static int set_data_beats(tc_options *o, const char *v, tm_error *err)
{
    if (!strcmp(v, "hprot")) o->data_beats = TC_DATA_BEATS_HPROT;
    else if (!strcmp(v, "all")) o->data_beats = TC_DATA_BEATS_ALL;
    else if (!strcmp(v, "golden")) o->data_beats = TC_DATA_BEATS_GOLDEN;
    else return bad(err, "option data_beats: '%s' is not hprot, all or golden%s", v, "");
    return 0;
}

/* A 32-bit address of a range: hex digits, 0x optional (as Tarmac and the ARM ARM write addresses). */
static int parse_addr(const char *v, unsigned long long *out)
{
    uint64_t x;
    int prefixed = v[0] == '0' && (v[1] == 'x' || v[1] == 'X');
    if (tm_parse_uint(v + (prefixed ? 2 : 0), 16, 0, 0xffffffffull, &x)) return -1;
    *out = x;
    return 0;
}

/* "<lo>-<hi>:<lo>-<hi>...", inclusive, hex addresses, into ranges (at most TC_MAX_BUS_IGNORE). */
static int set_ranges(const char *key, const char *v, uint32_t ranges[][2], unsigned *count, tm_error *err)
{
    char msg[128];
    *count = 0;
    while (*v) {
        size_t n = strcspn(v, ":;");
        char item[64];
        snprintf(item, sizeof item, "%.*s", (int)(n > 60 ? 60 : n), v);
        char *dash = strchr(item, '-');
        unsigned long long lo, hi;
        if (n >= sizeof item || !dash) {
            snprintf(msg, sizeof msg, "option %s: '%%s' is not a range <lo>-<hi>%%s", key);
            return bad(err, msg, item, "");
        }
        *dash = '\0';
        if (parse_addr(item, &lo) || parse_addr(dash + 1, &hi) || hi < lo) {
            *dash = '-';
            snprintf(msg, sizeof msg, "option %s: '%%s' is not a range <lo>-<hi> of 32-bit addresses (hex), lo <= hi%%s",
                     key);
            return bad(err, msg, item, "");
        }
        if (*count == TC_MAX_BUS_IGNORE) {
            snprintf(msg, sizeof msg, "option %s: more than %%s ranges%%s", key);
            return bad(err, msg, TC_MAX_BUS_IGNORE_TEXT, "");
        }
        ranges[*count][0] = (uint32_t)lo;
        ranges[*count][1] = (uint32_t)hi;
        (*count)++;
        v += n;
        if (*v) v++;
    }
    return 0;
}

static int set_bus_ignore(tc_options *o, const char *v, tm_error *err)
{
    return set_ranges("bus_ignore", v, o->bus_ignore, &o->n_bus_ignore, err);
}

static int set_volatile(tc_options *o, const char *v, tm_error *err)
{
    return set_ranges("volatile", v, o->volatile_ranges, &o->n_volatile, err);
}

static int set_golden_out(tc_options *o, const char *v, tm_error *err) { return tc_option_path(&o->golden_out, v, err); }

static int set_irq_latency(tc_options *o, const char *v, tm_error *err)
{
    unsigned long long x = 0;
    if (uint_in("irq_latency", v, 0, 1000000, "a number of instructions", &x, err)) return TM_ERR_ARG;
    o->irq_latency = (unsigned)x;
    return 0;
}

static int set_decision_window(tc_options *o, const char *v, tm_error *err)
{
    unsigned long long x = 0;
    if (uint_in("decision_window", v, 0, 1000000, "a time (set_time's units)", &x, err)) return TM_ERR_ARG;
    o->decision_window = (unsigned)x;
    return 0;
}

static int set_systick_window(tc_options *o, const char *v, tm_error *err)
{
    unsigned long long x = 0;
    if (uint_in("systick_window", v, 0, 0xffffff, "a number of SysTick counts (0-16777215)", &x, err))
        return TM_ERR_ARG;
    o->systick_window = (unsigned)x;
    return 0;
}

static int set_model(tc_options *o, const char *v, tm_error *err) { return tc_model_declare(o, v, err); }

typedef struct tc_option_def {
    tc_option_info info;
    int (*set)(tc_options *o, const char *v, tm_error *err);
} tc_option_def;

/* The options, in the order the documentation lists them. Defaults are applied by parsing these texts. */
static const tc_option_def options[] = {
    { { "golden", "", "the golden trace (plain or gzip, any dialect) when open is given none; live:<elf>: the model "
                      "runs the program inside the checker (live mode)" }, set_golden },
    { { "context", "8", "golden steps and RTL events shown in a report (0-1000)" }, set_context },
    { { "max_errors", "1", "mismatches before the checker halts (1 = halt on the first)" }, set_max_errors },
    { { "regs", "writes", "writes: the RTL reports register writes (reg_write); snapshot: the whole register file "
                          "after each step (snapshot)" }, set_regs },
    { { "bus", "1", "0: the bus stream is off (no beat compared, no golden access expected)" }, set_bus },
    { { "bus_window", "2", "steps an AHB beat may lag or lead its instruction (0-64)" }, set_bus_window },
    { { "bus_ignore", "", "address ranges <lo>-<hi>:... left out of the bus stream on both sides" }, set_bus_ignore },
    { { "data_beats", "hprot", "hprot: a beat is data when HPROT[0] is 1; all: every beat the testbench passes is "
                               "data; golden: a read the golden does not expect is a fetch" }, set_data_beats },
    { { "mtb", "1", "0: the MTB stream is off (no packet compared, none expected)" }, set_mtb },
    { { "mtb_base", "0xF0000000", "base of the MTB registers, to follow the golden's MTB enable; 0 = never "
                                  "enabled" }, set_mtb_base },
    { { "mtb_sram_size", "4096", "bytes of the MTB SRAM: an MTB packet's SRAM offset (mtb_packet_at) is compared with "
                                 "POSITION.POINTER modulo this size" }, set_mtb_sram_size },
    { { "ignore_regs", "", "registers not compared, names as in Tarmac separated by : or ;" }, set_ignore_regs },
    { { "report", "", "also write the report to this file" }, set_report },
    { { "quiet", "0", "1: no summary line at finish" }, set_quiet },
    { { "cpu", "", "only the golden records of this cpu (multi-cpu traces); all when not given" }, set_cpu },
    { { "elf", "", "the program's ELF: reports name code addresses <function>+0x<offset> and disassemble the golden "
                   "instruction" }, set_elf },
    { { "coverage", "", "write the functional coverage of what was compared to this file at finish (one line per "
                        "bin: <bin><TAB><hits>)" }, set_coverage },
    { { "ledger", "", "write the run's verdict and what was and was not compared to this file as JSON when the run "
                      "ends" }, set_ledger },
    { { "lenient", "0", "1: golden lines that cannot be read are skipped and counted (shown in the summary and the "
                        "ledger) instead of failing the run" }, set_lenient },
    { { "profile", "armv6m", "what the golden may contain: armv6m, or m (ARMv7-M/ARMv8-M: their registers are read and "
                             "counted in the ledger, not compared); another profile's register is an error, a "
                             "register no Arm profile models is counted by name" }, set_profile },
    { { "golden_wait_ms", "10000", "a golden that is a FIFO (a named pipe) may take this long to give its first "
                                   "byte before the open fails (1-3600000)" }, set_golden_wait_ms },
    { { "model", "", "the configuration the core and system were built with, key:value;... (keys of armv6m-iss "
                     "--config), checked at open against the golden's record" }, set_model },
    { { "golden_out", "", "live mode: write the golden the model produced (with the asynchronous events it was told) "
                          "to this file, for a replay in file mode" }, set_golden_out },
    { { "irq_latency", "16", "live mode: instructions a pending exception that should preempt may stay untaken before "
                             "it is reported missed" }, set_irq_latency },
    { { "volatile", "", "live mode: address ranges <lo>-<hi>:... (devices) whose reads give the model the value the "
                        "RTL read" }, set_volatile },
    { { "decision_window", "0", "live mode: time (set_time's units) before an exception entry's call within which the "
                                "core may have decided it; an entry legal then is accepted" }, set_decision_window },
    { { "systick_window", "0", "SysTick inside the core (its reads on no bus): the register a SYST_CVR read writes "
                               "may differ from the golden's by this many counts, accepted and counted; 0: compared "
                               "exactly" }, set_systick_window },
};
#define N_OPTIONS (sizeof options / sizeof options[0])
_Static_assert(N_OPTIONS <= 64, "set_once keeps a bit per option");

const tc_option_info *tc_option_at(size_t i) { return i < N_OPTIONS ? &options[i].info : NULL; }

size_t tc_option_keys(char *buf, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; i < N_OPTIONS; i++) {
        int k = snprintf(n < size ? buf + n : NULL, n < size ? size - n : 0, "%s%s", i ? "," : "", options[i].info.key);
        n += (size_t)k;
    }
    return n;
}

/* The option named key[0..len), or N_OPTIONS with err set naming it and the keys. */
static size_t find(const char *key, size_t len, tm_error *err)
{
    for (size_t i = 0; i < N_OPTIONS; i++)
        if (strlen(options[i].info.key) == len && !strncmp(options[i].info.key, key, len)) return i;
    char name[64], keys[256];
    snprintf(name, sizeof name, "%.*s", (int)(len < 60 ? len : 60), key);
    tc_option_keys(keys, sizeof keys);
    bad(err, "unknown option '%s' (options: %s)", name, keys);
    return N_OPTIONS;
}

/* One value for the option at index i, which *seen (a bit per option) must not hold yet: a key given twice in one
 * place is an error, never "the last one wins" (a value that slipped a second key in would switch a stream off). */
static int set_once(tc_options *o, size_t i, const char *v, uint64_t *seen, const char *where, tm_error *err)
{
    if (*seen >> i & 1) {
        char msg[128];
        snprintf(msg, sizeof msg, "option %%s given twice (%s)%%s", where);
        return bad(err, msg, options[i].info.key, "");
    }
    *seen |= 1ull << i;
    return options[i].set(o, v, err) ? TM_ERR_ARG : 0;
}

static int parse_all(tc_options *o, const char *golden, const char *text, const char *const keys[],
                     const char *const values[], size_t n, tm_error *err)
{
    for (size_t i = 0; i < N_OPTIONS; i++)
        if (options[i].info.def[0] && options[i].set(o, options[i].info.def, err)) return TM_ERR_ARG;
    if (golden && tc_option_path(&o->golden, golden, err)) return TM_ERR_IO;
    uint64_t seen = 0;
    for (const char *p = text ? text : ""; *p;) {
        size_t len = strcspn(p, ",");
        char *item = strndup(p, len); /* values are paths too: any length */
        if (!item) return tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
        char *eq = strchr(item, '=');
        size_t i = N_OPTIONS;
        int rc = 0;
        if (item[0] && !eq) rc = bad(err, "option '%s' has no value (expected key=value)%s", item, "");
        else if (item[0] && (i = find(item, (size_t)(eq - item), err)) == N_OPTIONS) rc = TM_ERR_ARG;
        else if (item[0]) rc = set_once(o, i, eq + 1, &seen, "in the options", err);
        free(item);
        if (rc) return rc;
        p += len;
        if (*p == ',') p++;
    }
    /* one value per key, taken whole (a comma, an '=' are the value's): each overrides the string's value of its key,
     * except model=, whose keys add to the string's declaration */
    if (n && (!keys || !values)) return bad(err, "options: %s keys or values given as NULL%s", "", "");
    seen = 0;
    for (size_t k = 0; k < n; k++) {
        size_t i;
        if (!keys[k] || !values[k]) return bad(err, "options: key or value %s is NULL%s", keys[k] ? keys[k] : "", "");
        if ((i = find(keys[k], strlen(keys[k]), err)) == N_OPTIONS) return TM_ERR_ARG;
        if (set_once(o, i, values[k], &seen, "as a plusarg or key of tc_open_with", err)) return TM_ERR_ARG;
    }
    char **paths[N_PATHS];
    path_fields(o, paths);
    for (size_t i = 0; i < N_PATHS; i++)
        if (!*paths[i] && tc_option_path(paths[i], "", err)) return TM_ERR_IO;
    if (!o->golden[0]) return bad(err, "no golden trace given (golden=<path>)%s%s", "", "");
    return 0;
}

int tc_parse_options(tc_options *o, const char *golden, const char *text, const char *const keys[],
                     const char *const values[], size_t n, tm_error *err)
{
    memset(o, 0, sizeof *o);
    o->cpu = -1;
    int rc = parse_all(o, golden, text, keys, values, n, err);
    if (rc) tc_options_free(o);
    return rc;
}

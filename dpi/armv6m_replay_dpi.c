/* DPI-C side of dpi/armv6m_replay_pkg.sv: a recording of a core's ports, cycle by cycle (gzip text, format 1:
 * "# signal <index> <name> ..." header lines, then "<cycle> <name>=<hex> ..." lines naming the signals that changed),
 * read one cycle at a time, with an optional planted fault (a signal's value XORed with a mask from one cycle on).
 * svdpi.h types only; the prototypes match the header Verilator generates from the package (a test compiles this
 * file against it). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "svdpi.h"
#include "tarmac/error.h"

/* The signals in the order of the package's constants (armv6m_replay_pkg::Sig*). */
static const char *const sig_names[] = {
    "HADDR", "HTRANS", "HWRITE", "HSIZE", "HBURST", "HPROT", "HMASTLOCK", "HWDATA", "HRDATA", "HREADY", "HRESP",
    "IRQ", "NMI", "RXEV", "TXEV", "LOCKUP", "SLEEPING", "SYSRESETREQ", "HRESETn", "vis_r0_o", "vis_r1_o",
    "vis_r2_o", "vis_r3_o", "vis_r4_o", "vis_r5_o", "vis_r6_o", "vis_r7_o", "vis_r8_o", "vis_r9_o", "vis_r10_o",
    "vis_r11_o", "vis_r12_o", "vis_r14_o", "vis_msp_o", "vis_psp_o", "vis_pc_o", "vis_apsr_o", "vis_tbit_o",
    "vis_ipsr_o", "vis_control_o", "vis_primask_o"};
#define NSIG ((int)(sizeof sig_names / sizeof sig_names[0]))

typedef struct replay {
    gzFile gz;
    char path[400];
    unsigned long long line;     /* of the last line read */
    char buf[4096];
    int have_line;               /* buf holds a data line not applied yet */
    long long cycle;             /* the current cycle; -1 before the first */
    unsigned val[NSIG];
    int seen_signals;            /* header signal lines that matched */
    int exit_code;               /* -1 until an "# end:" line with an exit code */
    int truncated;
    /* the planted fault: signal fault_sig XOR fault_mask at fault_cycle, and after it (hold) until its next change */
    int fault_sig, fault_hold, fault_on;
    long long fault_cycle;
    unsigned fault_mask;
} replay;

static _Thread_local char open_error[600];

static int fail(replay *r, unsigned col, const char *fmt, const char *what)
{
    tm_error err;
    tm_error_set(&err, TM_ERR_PARSE, r->path, r->line, fmt, what);
    err.column = col;
    tm_error_format(&err, open_error, sizeof open_error);
    return -1;
}

static int sig_index(const char *name, size_t len)
{
    for (int i = 0; i < NSIG; i++)
        if (strlen(sig_names[i]) == len && !strncmp(sig_names[i], name, len)) return i;
    return -1;
}

/* The next line into r->buf (without its newline); 0 at the end of the file. */
static int next_line(replay *r)
{
    if (!gzgets(r->gz, r->buf, sizeof r->buf)) return 0;
    r->line++;
    size_t n = strlen(r->buf);
    if (n && r->buf[n - 1] == '\n') r->buf[--n] = 0;
    return 1;
}

/* A '#' line: the signal table, the end. */
static int header_line(replay *r)
{
    int idx, pos = 0;
    char name[64];
    if (sscanf(r->buf, "# signal %d %63s %n", &idx, name, &pos) == 2) {
        if (idx < 0 || idx >= NSIG || strcmp(name, sig_names[idx]))
            return fail(r, 10, "signal '%s' is not the one the replay expects at its index", name);
        r->seen_signals++;
    } else if (!strncmp(r->buf, "# truncated:", 12)) {
        r->truncated = 1;
    } else if (!strncmp(r->buf, "# end:", 6)) {
        const char *e = strstr(r->buf, "exit code ");
        if (e) r->exit_code = atoi(e + 10);
    }
    return 0;
}

/* Apply the data line in r->buf (its cycle already read). */
static int apply_line(replay *r)
{
    char *p = strchr(r->buf, ' ');
    while (p && *p) {
        while (*p == ' ') p++;
        if (!*p) break;
        char *eq = strchr(p, '=');
        if (!eq) return fail(r, (unsigned)(p - r->buf) + 1, "expected <name>=<hex>, got '%s'", p);
        int s = sig_index(p, (size_t)(eq - p));
        if (s < 0) return fail(r, (unsigned)(p - r->buf) + 1, "unknown signal in '%s'", p);
        char *end;
        errno = 0;
        unsigned long v = strtoul(eq + 1, &end, 16);
        if (end == eq + 1 || (*end && *end != ' ') || errno || v > 0xFFFFFFFFul)
            return fail(r, (unsigned)(eq - r->buf) + 2, "bad hexadecimal value in '%s'", p);
        r->val[s] = (unsigned)v;
        if (s == r->fault_sig && r->cycle > r->fault_cycle) r->fault_on = 0;  /* a recorded change ends it */
        p = end;
    }
    return 0;
}

void *armv6m_tb_replay_open(const char *path, const char *fault)
{
    replay *r = calloc(1, sizeof *r);
    if (!r) { snprintf(open_error, sizeof open_error, "%s: out of memory", path); return NULL; }
    snprintf(r->path, sizeof r->path, "%s", path);
    r->cycle = -1;
    r->exit_code = -1;
    r->fault_sig = -1;
    if (fault && *fault) {  /* <signal>@<cycle>^<hex mask>[+] */
        const char *at = strchr(fault, '@'), *x = at ? strchr(at, '^') : NULL;
        char *end = NULL;
        if (at) r->fault_sig = sig_index(fault, (size_t)(at - fault));
        if (x) { r->fault_cycle = strtoll(at + 1, NULL, 10); r->fault_mask = (unsigned)strtoul(x + 1, &end, 16); }
        if (r->fault_sig < 0 || !x || !end || (*end && strcmp(end, "+"))) {
            snprintf(open_error, sizeof open_error, "+replay_fault=%s: expected <signal>@<cycle>^<hex mask>[+]", fault);
            free(r);
            return NULL;
        }
        r->fault_hold = *end == '+';
    }
    r->gz = gzopen(path, "rb");
    if (!r->gz) { snprintf(open_error, sizeof open_error, "%s: %s", path, strerror(errno)); free(r); return NULL; }
    /* the header up to the first data line */
    while (next_line(r)) {
        if (r->buf[0] != '#') { r->have_line = 1; break; }
        if (header_line(r)) { gzclose(r->gz); free(r); return NULL; }
    }
    if (r->seen_signals != NSIG) {
        fail(r, 1, "%s", "the header does not list the 41 signals of a Cortex-M0 port recording");
        gzclose(r->gz);
        free(r);
        return NULL;
    }
    return r;
}

const char *armv6m_tb_replay_error(void) { return open_error; }

int armv6m_tb_replay_step(void *handle)
{
    replay *r = handle;
    int more = 0;
    r->cycle++;
    while (r->have_line || next_line(r)) {
        r->have_line = 0;
        if (r->buf[0] == '#') {
            if (header_line(r)) return -1;
            continue;
        }
        char *end;
        long long c = strtoll(r->buf, &end, 10);
        if (end == r->buf || (*end && *end != ' ')) return fail(r, 1, "expected a cycle number, got '%s'", r->buf);
        if (c < r->cycle) return fail(r, 1, "the cycle of '%s' goes back", r->buf);
        more = 1;
        if (c > r->cycle) { r->have_line = 1; break; }   /* nothing changed this cycle */
        if (apply_line(r)) return -1;
        break;
    }
    if (!more) return 0;  /* past the last data line */
    if (r->cycle == r->fault_cycle) r->fault_on = 1;
    else if (r->fault_on && !r->fault_hold) r->fault_on = 0;
    return 1;
}

unsigned armv6m_tb_replay_value(void *handle, int sig)
{
    const replay *r = handle;
    if (sig < 0 || sig >= NSIG) return 0;
    return r->val[sig] ^ (r->fault_on && sig == r->fault_sig ? r->fault_mask : 0u);
}

long long armv6m_tb_replay_cycle(void *handle) { return ((const replay *)handle)->cycle; }

int armv6m_tb_replay_exit_code(void *handle)
{
    const replay *r = handle;
    return r->truncated ? -1 : r->exit_code;
}

void armv6m_tb_replay_close(void *handle)
{
    replay *r = handle;
    if (!r) return;
    gzclose(r->gz);
    free(r);
}

/* "key=value,..." -> tc_options. Unknown keys and bad values are errors that name them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tc_internal.h"

__attribute__((format(printf, 2, 0))) static int bad(tm_error *err, const char *fmt, const char *a, const char *b)
{
    memset(err, 0, sizeof *err);
    err->status = TM_ERR_ARG;
    char x[72], y[72]; /* option values are user text: keep the message bounded */
    snprintf(x, sizeof x, "%s", a);
    snprintf(y, sizeof y, "%s", b);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    snprintf(err->msg, sizeof err->msg, fmt, x, y);
#pragma GCC diagnostic pop
    return TM_ERR_ARG;
}

static int parse_uint(const char *v, unsigned long long max, unsigned long long *out)
{
    char *end;
    if (!*v) return -1;
    unsigned long long x = strtoull(v, &end, 0);
    if (*end || x > max) return -1;
    *out = x;
    return 0;
}

/* Register names separated by ':' or ';' -> mask of ids. */
static int parse_regs(const char *v, uint32_t *mask, tm_error *err)
{
    *mask = 0;
    while (*v) {
        size_t n = strcspn(v, ":;");
        tm_str name = { v, (uint32_t)n };
        int id = tm_reg_id(name, (tm_str){ 0, 0 });
        if (id < 0) {
            char item[64];
            snprintf(item, sizeof item, "%.*s", (int)(n > 60 ? 60 : n), v);
            return bad(err, "option ignore_regs: unknown register '%s'%s", item, "");
        }
        *mask |= 1u << id;
        if (id == TM_REG_SP) *mask |= 1u << TM_REG_MSP | 1u << TM_REG_PSP;
        v += n;
        if (*v) v++;
    }
    return 0;
}

int tc_parse_options(tc_options *o, const char *golden, const char *text, tm_error *err)
{
    memset(o, 0, sizeof *o);
    o->context = 8;
    o->max_errors = 1;
    o->bus_window = 2;
    o->mtb_base = 0xF0000000u;
    o->cpu = -1;
    if (golden) snprintf(o->golden, sizeof o->golden, "%s", golden);
    const char *p = text ? text : "";
    while (*p) {
        size_t n = strcspn(p, ",");
        char item[600];
        if (n >= sizeof item) return bad(err, "option too long: '%.60s...'%s", p, "");
        memcpy(item, p, n);
        item[n] = '\0';
        p += n;
        if (*p == ',') p++;
        if (!item[0]) continue;
        char *eq = strchr(item, '=');
        if (!eq) return bad(err, "option '%s' has no value (expected key=value)%s", item, "");
        *eq = '\0';
        const char *k = item, *v = eq + 1;
        unsigned long long x;
        if (!strcmp(k, "golden")) {
            snprintf(o->golden, sizeof o->golden, "%s", v);
        } else if (!strcmp(k, "report")) {
            snprintf(o->report_path, sizeof o->report_path, "%s", v);
        } else if (!strcmp(k, "context")) {
            if (parse_uint(v, 1000, &x)) return bad(err, "option context: '%s' is not a number of steps (0-1000)%s", v, "");
            o->context = (unsigned)x;
        } else if (!strcmp(k, "max_errors")) {
            if (parse_uint(v, 1000000, &x) || x == 0)
                return bad(err, "option max_errors: '%s' is not a count (1-1000000)%s", v, "");
            o->max_errors = (unsigned)x;
        } else if (!strcmp(k, "bus_window")) {
            if (parse_uint(v, 64, &x)) return bad(err, "option bus_window: '%s' is not a number of steps (0-64)%s", v, "");
            o->bus_window = (unsigned)x;
        } else if (!strcmp(k, "mtb_base")) {
            if (parse_uint(v, 0xffffffffull, &x) || (x & 0xfff))
                return bad(err, "option mtb_base: '%s' is not a 4 KiB aligned 32-bit address%s", v, "");
            o->mtb_base = (uint32_t)x;
        } else if (!strcmp(k, "ignore_regs")) {
            if (parse_regs(v, &o->ignore_mask, err)) return TM_ERR_ARG;
        } else if (!strcmp(k, "quiet")) {
            if (parse_uint(v, 1, &x)) return bad(err, "option quiet: '%s' is not 0 or 1%s", v, "");
            o->quiet = (int)x;
        } else if (!strcmp(k, "cpu")) {
            if (parse_uint(v, 1000000, &x)) return bad(err, "option cpu: '%s' is not a cpu number%s", v, "");
            o->cpu = (int)x;
        } else {
            return bad(err, "unknown option '%s' (golden, context, max_errors, bus_window, mtb_base, ignore_regs, "
                            "report, quiet, cpu)%s", k, "");
        }
    }
    if (!o->golden[0]) return bad(err, "no golden trace given (golden=<path>)%s%s", "", "");
    return 0;
}

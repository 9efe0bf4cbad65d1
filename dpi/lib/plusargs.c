/* Plusargs checked against what a program reads (plusargs.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tarmac/number.h"
#include "tarmac/plusargs.h"

/* Edit distance of a[0..na) and b[0..nb), stopping at limit + 1 (names are short: at most 63 characters). */
static size_t distance(const char *a, size_t na, const char *b, size_t nb, size_t limit)
{
    if (na > 63 || nb > 63) return limit + 1;
    size_t row[64], prev;
    for (size_t j = 0; j <= nb; j++) row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        prev = row[0];
        row[0] = i;
        size_t best = row[0];
        for (size_t j = 1; j <= nb; j++) {
            size_t sub = prev + (a[i - 1] != b[j - 1]), del = row[j] + 1, ins = row[j - 1] + 1;
            prev = row[j];
            row[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
            if (row[j] < best) best = row[j];
        }
        if (best > limit) return limit + 1;
    }
    return row[nb];
}

/* The spec named name[0..len), or NULL. */
static const tm_plusarg *find(const tm_plusarg *specs, size_t n, const char *name, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(specs[i].name) == len && !strncmp(specs[i].name, name, len)) return &specs[i];
    return NULL;
}

/* The spec nearest to name within limit edits, or NULL. */
static const tm_plusarg *nearest(const tm_plusarg *specs, size_t n, const char *name, size_t len, size_t limit)
{
    const tm_plusarg *best = NULL;
    size_t best_d = limit + 1;
    for (size_t i = 0; i < n; i++) {
        size_t d = distance(name, len, specs[i].name, strlen(specs[i].name), limit);
        if (d < best_d) best = &specs[i], best_d = d;
    }
    return best;
}

/* Whether name[0..len) starts with a spec's family prefix (its name up to and including the first '_'). */
static int in_family(const tm_plusarg *specs, size_t n, const char *name, size_t len)
{
    for (size_t i = 0; i < n; i++) {
        const char *u = strchr(specs[i].name, '_');
        size_t k = u ? (size_t)(u - specs[i].name) + 1 : 0;
        if (k && len >= k && !strncmp(name, specs[i].name, k)) return 1;
    }
    return 0;
}

static const char *value_shape(const tm_plusarg *s)
{
    switch (s->kind) {
    case TM_PLUSARG_FLAG: return "";
    case TM_PLUSARG_DEC: return "=<n>";
    case TM_PLUSARG_HEX: return "=<hex>";
    case TM_PLUSARG_TEXT: return "=<value>";
    default: return "[=<value>]";
    }
}

/* Appends to msg as snprintf would, keeping *used the length the whole text needs. */
__attribute__((format(printf, 4, 5))) static void put(char *msg, size_t size, size_t *used, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(msg + (*used < size ? *used : size), *used < size ? size - *used : 0, fmt, ap);
    va_end(ap);
    if (k > 0) *used += (size_t)k;
}

/* What is wrong with one plusarg's value for its spec, or NULL. */
static const char *bad_value(const tm_plusarg *s, const char *eq)
{
    uint64_t v;
    switch (s->kind) {
    case TM_PLUSARG_FLAG: return eq ? "takes no value (a flag: given, it is on)" : NULL;
    case TM_PLUSARG_TEXT: return eq ? NULL : "needs a value";
    case TM_PLUSARG_DEC: return eq && !tm_parse_uint(eq + 1, 10, s->lo, s->hi, &v) ? NULL : "expected a decimal number";
    case TM_PLUSARG_HEX: return eq && !tm_parse_uint(eq + 1, 16, s->lo, s->hi, &v) ? NULL : "expected hex digits";
    default: return NULL;
    }
}

int tm_plusargs_check(int argc, const char *const *argv, const tm_plusarg *specs, size_t n, char *msg, size_t size)
{
    if ((argc > 0 && !argv) || (n && !specs)) return (size ? (void)(msg[0] = '\0') : (void)0, -1);
    size_t used = 0;
    if (size) msg[0] = '\0';
    for (int i = 0; i < argc && !used; i++) {
        const char *a = argv[i];
        if (!a || a[0] != '+' || !strncmp(a, "+verilator+", 11)) continue;
        const char *name = a + 1, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const tm_plusarg *s = find(specs, n, name, len);
        if (s) {
            const char *why = bad_value(s, eq);
            if (why) {
                put(msg, size, &used, "plusarg '%s': %s", a, why);
                if (s->kind == TM_PLUSARG_DEC || s->kind == TM_PLUSARG_HEX)
                    put(msg, size, &used, s->kind == TM_PLUSARG_DEC ? " from %llu to %llu" : " from %llx to %llx",
                        (unsigned long long)s->lo, (unsigned long long)s->hi);
                put(msg, size, &used, " (+%s%s)", s->name, value_shape(s));
                continue;
            }
            for (int k = 0; k < i && !used; k++) /* a key given twice is an error, even with the same value */
                if (argv[k] && argv[k][0] == '+' && !strncmp(argv[k] + 1, name, len) &&
                    (argv[k][1 + len] == '=' || !argv[k][1 + len]))
                    put(msg, size, &used, "plusarg '%s' given again after '%s': %s", a, argv[k],
                        strcmp(argv[k], a) ? "a simulator reads the first only" : "give each plusarg once");
            continue;
        }
        size_t limit = len >= 6 ? 2 : 1;
        const tm_plusarg *near = nearest(specs, n, name, len, limit);
        if (!near && !in_family(specs, n, name, len)) continue; /* another component's plusarg */
        if (!near) near = nearest(specs, n, name, len, 3);
        put(msg, size, &used, "unknown plusarg '%s'", a);
        if (near) put(msg, size, &used, " (did you mean +%s%s?)", near->name, value_shape(near));
    }
    if (!used) return 0;
    put(msg, size, &used, "; known:");
    for (size_t i = 0; i < n; i++)
        put(msg, size, &used, "%s +%s%s", i ? "," : "", specs[i].name, value_shape(&specs[i]));
    if (used >= size && size > 3) memcpy(msg + size - 4, "...", 4);
    return -1;
}

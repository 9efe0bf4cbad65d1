#include "scan.h"

#include <stdio.h>
#include <string.h>

tm_str tm_scan_token(tm_scan *s)
{
    tm_skip_space(s);
    size_t b = s->pos;
    while (s->pos < s->len && !tm_is_space(s->line[s->pos])) s->pos++;
    tm_str t = { s->line + b, (uint32_t)(s->pos - b) };
    return t;
}

tm_str tm_scan_peek_token(tm_scan *s)
{
    size_t save = s->pos;
    tm_str t = tm_scan_token(s);
    s->pos = save;
    return t;
}

tm_str tm_scan_rest(tm_scan *s)
{
    tm_skip_space(s);
    size_t e = s->len;
    while (e > s->pos && tm_is_space(s->line[e - 1])) e--;
    tm_str t = { s->line + s->pos, (uint32_t)(e - s->pos) };
    s->pos = s->len;
    if (t.n == 0) t.p = NULL;
    return t;
}

int tm_scan_fail(tm_scan *s, size_t col, const char *msg, const char *detail)
{
    tm_error *e = s->err;
    if (e) {
        e->status = TM_ERR_PARSE;
        e->column = (uint32_t)(col + 1);
        if (detail)
            snprintf(e->msg, sizeof e->msg, "%s%s", msg, detail);
        else
            snprintf(e->msg, sizeof e->msg, "%s", msg);
    }
    return TM_ERR_PARSE;
}

static int fail_what(tm_scan *s, size_t col, const char *prefix, const char *what)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s%s", prefix, what);
    return tm_scan_fail(s, col, buf, NULL);
}

static int is_stop(char c, const char *stops)
{
    if (tm_is_space(c)) return 1;
    return stops && c && strchr(stops, c) != NULL;
}

int tm_scan_hex(tm_scan *s, const char *what, uint64_t *out, uint8_t *digits, const char *stops)
{
    tm_skip_space(s);
    size_t b = s->pos;
    if (b >= s->len) return fail_what(s, b, "missing ", what);
    /* Tolerate a 0x prefix (cache records and some producers write it). */
    if (s->len - b > 2 && s->line[b] == '0' && (s->line[b + 1] == 'x' || s->line[b + 1] == 'X') &&
        tm_hex_val(s->line[b + 2]) >= 0)
        s->pos += 2;
    uint64_t v = 0;
    unsigned n = 0;
    while (s->pos < s->len && !is_stop(s->line[s->pos], stops)) {
        int d = tm_hex_val(s->line[s->pos]);
        if (d < 0) return fail_what(s, s->pos, "invalid hex digit in ", what);
        v = (v << 4) | (uint64_t)d;
        n++;
        s->pos++;
    }
    if (n == 0) return fail_what(s, b, "expected hex ", what);
    if (n > 16) return fail_what(s, b, "hex number wider than 64 bits for ", what);
    *out = v;
    if (digits) *digits = (uint8_t)n;
    return TM_OK;
}

int tm_scan_addr(tm_scan *s, const char *what, tm_addr *a)
{
    memset(a, 0, sizeof *a);
    int rc = tm_scan_hex(s, what, &a->va, &a->va_digits, ":");
    if (rc) return rc;
    if (tm_peek(s) == ':') {
        s->pos++;
        rc = tm_scan_hex(s, what, &a->pa, &a->pa_digits, "_");
        if (rc) return rc;
        a->has_pa = 1;
        if (tm_peek(s) == '_') {
            if (s->len - s->pos >= 3 && s->line[s->pos + 1] == 'N' && s->line[s->pos + 2] == 'S' &&
                (s->pos + 3 == s->len || tm_is_space(s->line[s->pos + 3]))) {
                a->pa_ns = 1;
                s->pos += 3;
            } else {
                return fail_what(s, s->pos, "expected '_NS' after physical address of ", what);
            }
        }
    }
    return TM_OK;
}

int tm_scan_value(tm_scan *s, const char *what, tm_value *v)
{
    memset(v, 0, sizeof *v);
    tm_skip_space(s);
    size_t b = s->pos;
    if (b >= s->len) return fail_what(s, b, "missing ", what);
    uint64_t x = 0;
    unsigned n = 0;
    char sep = 0;
    while (s->pos < s->len && !tm_is_space(s->line[s->pos])) {
        char c = s->line[s->pos];
        if (c == '_' || c == ':') {
            if (n == 0 || (sep && sep != c)) return fail_what(s, s->pos, "misplaced separator in ", what);
            sep = c;
            s->pos++;
            continue;
        }
        int d = tm_hex_val(c);
        if (d < 0) return fail_what(s, s->pos, "invalid hex digit in ", what);
        x = (x << 4) | (uint64_t)d;
        n++;
        s->pos++;
    }
    if (n == 0) return fail_what(s, b, "expected hex ", what);
    if (s->line[s->pos - 1] == '_' || s->line[s->pos - 1] == ':')
        return fail_what(s, s->pos - 1, "misplaced separator in ", what);
    if (n > 0xffff) return fail_what(s, b, "value too wide: ", what);
    v->v = x;
    v->digits = (uint16_t)n;
    v->sep = sep;
    v->text.p = s->line + b;
    v->text.n = (uint32_t)(s->pos - b);
    return TM_OK;
}

int tm_scan_dec(tm_scan *s, const char *what, uint64_t *out)
{
    tm_skip_space(s);
    size_t b = s->pos;
    uint64_t v = 0;
    while (s->pos < s->len && tm_is_digit(s->line[s->pos])) {
        uint64_t nv = v * 10 + (uint64_t)(s->line[s->pos] - '0');
        if (nv / 10 != v) return fail_what(s, b, "decimal number too large for ", what);
        v = nv;
        s->pos++;
    }
    if (s->pos == b) return fail_what(s, b, "expected decimal ", what);
    if (s->pos < s->len && !tm_is_space(s->line[s->pos]))
        return fail_what(s, s->pos, "invalid character in decimal ", what);
    *out = v;
    return TM_OK;
}

int tm_str_eq(tm_str a, const char *lit)
{
    size_t n = strlen(lit);
    return a.n == n && (n == 0 || memcmp(a.p, lit, n) == 0);
}

int tm_str_is_hex(tm_str t)
{
    if (t.n == 0) return 0;
    for (uint32_t i = 0; i < t.n; i++)
        if (tm_hex_val(t.p[i]) < 0) return 0;
    return 1;
}

int tm_str_is_dec(tm_str t)
{
    if (t.n == 0) return 0;
    for (uint32_t i = 0; i < t.n; i++)
        if (!tm_is_digit(t.p[i])) return 0;
    return 1;
}

#include "parse_scan.h"

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
    if (s->err) {
        tm_error_set(s->err, TM_ERR_PARSE, NULL, 0, "%s%s", msg, detail ? detail : "");
        s->err->column = (uint32_t)(col + 1);
    }
    return TM_ERR_PARSE;
}

static int fail_what(tm_scan *s, size_t col, const char *prefix, const char *what)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s%s", prefix, what);
    return tm_scan_fail(s, col, buf, NULL);
}

static inline int is_stop(char c, const char *stops)
{
    if (tm_is_space(c)) return 1;
    if (!stops) return 0;
    for (; *stops; stops++) /* one or two characters: no library call per digit */
        if (*stops == c) return 1;
    return 0;
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

/* {_NS|_S} after a physical address, ending at space, end of line or ','. Returns 1 (_NS), 2 (_S), 0 (none)
 * or -1 (malformed). */
static int scan_pa_suffix(tm_scan *s)
{
    if (tm_peek(s) != '_') return 0;
    size_t p = s->pos + 1, e = p;
    while (e < s->len && !tm_is_space(s->line[e]) && s->line[e] != ',') e++;
    int r = -1;
    if (e - p == 2 && s->line[p] == 'N' && s->line[p + 1] == 'S') r = 1;
    else if (e - p == 1 && s->line[p] == 'S') r = 2;
    if (r > 0) s->pos = e;
    return r;
}

int tm_scan_addr(tm_scan *s, const char *what, tm_addr *a)
{
    memset(a, 0, sizeof *a);
    tm_skip_space(s);
    size_t at = s->pos;
    int rc = tm_scan_hex(s, what, &a->va, &a->va_digits, ":");
    if (rc) return rc;
    if (a->va_digits != 8 && a->va_digits != 16) {
        char m[128];
        snprintf(m, sizeof m, "expected 8 or 16 hex digits in the %s, found %u", what, a->va_digits);
        return tm_scan_fail(s, at, m, NULL);
    }
    return tm_peek(s) == ':' ? tm_scan_addr_pa(s, what, a) : TM_OK;
}

int tm_scan_addr_pa(tm_scan *s, const char *what, tm_addr *a)
{
    if (tm_peek(s) != ':') return TM_OK;
    s->pos++;
    int rc = tm_scan_hex(s, what, &a->pa, &a->pa_digits, "_,");
    if (rc) return rc;
    a->has_pa = 1;
    int sfx = scan_pa_suffix(s);
    if (sfx < 0) return fail_what(s, s->pos, "expected '_NS' or '_S' after physical address of ", what);
    a->pa_ns = sfx == 1;
    a->pa_s = sfx == 2;
    if (tm_peek(s) != ',') return TM_OK;
    s->pos++; /* a second physical address: the access straddles a page */
    if ((rc = tm_scan_hex(s, what, &a->pa2, &a->pa2_digits, "_"))) return rc;
    a->has_pa2 = 1;
    sfx = scan_pa_suffix(s);
    if (sfx < 0) return fail_what(s, s->pos, "expected '_NS' or '_S' after second physical address of ", what);
    a->pa2_ns = sfx == 1;
    a->pa2_s = sfx == 2;
    return TM_OK;
}

int tm_scan_phys_addr(tm_scan *s, const char *what, tm_addr *a)
{
    memset(a, 0, sizeof *a);
    tm_skip_space(s);
    size_t at = s->pos;
    int rc = tm_scan_hex(s, what, &a->va, &a->va_digits, NULL);
    if (rc || a->va_digits >= 8) return rc;
    char m[128];
    snprintf(m, sizeof m, "expected 8 to 16 hex digits in the %s, found %u", what, a->va_digits);
    return tm_scan_fail(s, at, m, NULL);
}

/* A value digit: 0..15, 16 for an unknown digit (x, X, -), -1 for anything else. */
static inline int value_digit(char c)
{
    int d = tm_hex_val(c);
    if (d >= 0) return d;
    return c == 'x' || c == 'X' || c == '-' ? 16 : -1;
}

int tm_scan_value(tm_scan *s, const char *what, tm_value *v)
{
    memset(v, 0, sizeof *v);
    tm_skip_space(s);
    const char *line = s->line;
    size_t b = s->pos, pos = b, len = s->len;
    if (b >= len) return fail_what(s, b, "missing ", what);
    /* locals, not *v: stores through v could alias the line and keep the loop from staying in registers */
    uint64_t x = 0, unk = 0;
    unsigned n = 0, ud = 0;
    char sep = 0;
    for (; pos < len && !tm_is_space(line[pos]); pos++) {
        char c = line[pos];
        int d = tm_hex_val(c);
        if (d >= 0) {
            x = (x << 4) | (uint64_t)d;
            unk <<= 4;
        } else if (c == 'x' || c == 'X' || c == '-') {
            x <<= 4;
            unk = (unk << 4) | 15;
            ud++;
        } else if (c == '_' || c == ':') {
            if (n == 0 || (sep && sep != c)) return fail_what(s, pos, "misplaced separator in ", what);
            sep = c;
            continue;
        } else {
            return fail_what(s, pos, "invalid hex digit in ", what);
        }
        n++;
    }
    s->pos = pos;
    if (n == 0) return fail_what(s, b, "expected hex ", what);
    if (line[pos - 1] == '_' || line[pos - 1] == ':') return fail_what(s, pos - 1, "misplaced separator in ", what);
    if (n > 0xffff) return fail_what(s, b, "value too wide: ", what);
    v->v = x;
    v->unknown = unk;
    v->digits = (uint16_t)n;
    v->unknown_digits = (uint16_t)ud;
    v->sep = sep;
    v->text.p = line + b;
    v->text.n = (uint32_t)(pos - b);
    return TM_OK;
}

int tm_scan_value_form_slow(tm_scan *s, const tm_value *v, const char *what)
{
    const char *t = v->text.p;
    size_t base = (size_t)(t - s->line);
    char m[160];
    if (v->sep == '_' || v->sep == ':') { /* groups all of the first one's width, 8 or 16 digits */
        uint32_t first = 0;
        while (t[first] != v->sep) first++;
        for (uint32_t i = 0, start = 0; i <= v->text.n; i++) {
            if (i < v->text.n && t[i] != v->sep) continue;
            if (i - start != first || (first != 8 && first != 16)) {
                snprintf(m, sizeof m, "expected groups of 8 (or 16) hex digits between '%c' in the %s", v->sep, what);
                return tm_scan_fail(s, base + start, m, NULL);
            }
            start = i + 1;
        }
    }
    if (!v->unknown_digits) return TM_OK;
    /* '-' marks a byte a producer did not write: its two digits go together */
    uint32_t idx = 0;
    size_t prev = 0;
    int prev_dash = 0;
    for (uint32_t i = v->text.n; i-- > 0;) {
        char c = t[i];
        if (c == '_' || c == ':' || c == ' ') continue;
        int dash = c == '-';
        if ((idx & 1) && dash != prev_dash) {
            snprintf(m, sizeof m, "'-' stands for a whole byte not written: a lone '-' in the %s", what);
            return tm_scan_fail(s, dash ? base + i : prev, m, NULL);
        }
        prev = base + i;
        prev_dash = dash;
        idx++;
    }
    if ((idx & 1) && prev_dash) {
        snprintf(m, sizeof m, "'-' stands for a whole byte not written: a lone '-' in the %s", what);
        return tm_scan_fail(s, prev, m, NULL);
    }
    return TM_OK;
}

int tm_scan_value_groups(tm_scan *s, const char *what, tm_value *v)
{
    int rc = tm_scan_value(s, what, v);
    if (rc || v->sep) return rc;
    uint32_t width = v->text.n;
    if (width != 8 && width != 16) return TM_OK;
    const char *b = v->text.p;
    for (;;) {
        tm_str t = tm_scan_peek_token(s);
        if (t.n != width) break;
        uint32_t i = 0;
        while (i < t.n && value_digit(t.p[i]) >= 0) i++;
        if (i < t.n) break;
        tm_scan_token(s);
        if (v->digits + t.n > 0xffff) return fail_what(s, (size_t)(t.p - s->line), "value too wide: ", what);
        for (i = 0; i < t.n; i++) {
            int d = value_digit(t.p[i]);
            v->v = (v->v << 4) | (uint64_t)(d & 15);
            v->unknown = (v->unknown << 4) | (d == 16 ? 15u : 0u);
            v->unknown_digits += d == 16;
        }
        v->digits = (uint16_t)(v->digits + t.n);
        v->sep = ' ';
        v->text.n = (uint32_t)(t.p + t.n - b);
    }
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

/* ---- The record header and keyword, a record's end, the opcode: shared by every record family ---- */

static int is_dec2(const char *p) { return tm_is_digit(p[0]) && tm_is_digit(p[1]); }

static inline int keyword_kind(tm_str t)
{
    if (t.n == 0) return TM_REC_NONE;
    const char *p = t.p;
    switch (p[0]) {
    case 'I':
        if (t.n == 2 && (p[1] == 'T' || p[1] == 'S' || p[1] == 'F' || p[1] == 'E' || p[1] == 'A')) return TM_REC_INSN;
        if (t.n > 6 && memcmp(p, "INFO_", 5) == 0 && p[t.n - 1] == ':') return TM_REC_INFO;
        break;
    case 'F':
        if (t.n == 2 && (p[1] == 'D' || p[1] == 'I')) return TM_REC_FLOW;
        break;
    case 'R':
        if (t.n == 1) return TM_REC_REG;
        if (t.n == 3 && is_dec2(p + 1)) return TM_REC_MEM; /* cs producer: R08 */
        break;
    case 'W':
        if (t.n == 3 && is_dec2(p + 1)) return TM_REC_MEM; /* cs producer: W04 */
        if (tm_str_eq(t, "WALKCACHE")) return TM_REC_TLB;
        break;
    case 'E':
        if (t.n == 1) return TM_REC_EVENT;
        if (tm_str_eq(t, "ES")) return TM_KW_ES;
        if (tm_str_eq(t, "EXC")) return TM_KW_EXC;
        break;
    case 'L':
        if (tm_str_eq(t, "LD")) return TM_REC_LDST;
        break;
    case 'S':
        if (tm_str_eq(t, "ST")) return TM_REC_LDST;
        if (tm_str_eq(t, "SIGNAL:")) return TM_REC_SIGNAL;
        break;
    case 'M':
        if (t.n >= 3 && p[1] == 'U' && tm_is_digit(p[2])) return TM_REC_MEM_UPDATE;
        if (t.n >= 3 && (p[1] == 'R' || p[1] == 'W') && tm_is_digit(p[2])) return TM_REC_MEM;
        if (t.n >= 4 && (p[1] == 'S' || p[1] == 'N' || p[1] == 'C') && (p[2] == 'R' || p[2] == 'W') && tm_is_digit(p[3]))
            return TM_REC_MEM;
        break;
    case 'B':
        if (tm_str_eq(t, "BR")) return TM_REC_BRANCH;
        if (t.n >= 3 && (p[1] == 'R' || p[1] == 'W') && tm_is_digit(p[2])) return TM_REC_BUS;
        if (t.n >= 4 && (p[1] == 'S' || p[1] == 'N') && (p[2] == 'R' || p[2] == 'W') && tm_is_digit(p[3]))
            return TM_REC_BUS;
        break;
    case 'C':
        if (tm_str_eq(t, "CACHE")) return TM_REC_CACHE;
        break;
    case 'T':
        if (tm_str_eq(t, "TTW") || tm_str_eq(t, "TTU")) return TM_REC_TTW;
        if (tm_str_eq(t, "TLB")) return TM_REC_TLB;
        break;
    default:
        break;
    }
    return TM_REC_NONE;
}

int tm_keyword_kind(tm_str t) { return keyword_kind(t); }

static void set_cpu(tm_header *h, tm_str t)
{
    if (tm_str_is_dec(t)) {
        h->cpu_style = TM_CPU_BARE;
        int32_t v = 0;
        for (uint32_t i = 0; i < t.n && v < 100000000; i++) v = v * 10 + (t.p[i] - '0');
        h->cpu = v;
        return;
    }
    h->cpu_style = TM_CPU_NAMED;
    h->cpu_text = t;
    uint32_t i = t.n;
    while (i > 0 && tm_is_digit(t.p[i - 1])) i--;
    int32_t v = 0;
    for (uint32_t j = i; j < t.n && v < 100000000; j++) v = v * 10 + (t.p[j] - '0');
    h->cpu = v;
}

/* Time token: decimal, optionally with a fraction, optionally with the unit glued on ("271ns"). */
static int scan_time(tm_scan *s, tm_str t, tm_header *h)
{
    uint32_t i = 0, dots = 0;
    while (i < t.n && (tm_is_digit(t.p[i]) || t.p[i] == '.')) {
        if (t.p[i] == '.') dots++;
        i++;
    }
    if (dots > 1 || t.p[i - 1] == '.')
        return tm_scan_fail(s, (size_t)(t.p - s->line), "malformed timestamp", NULL);
    h->time.p = t.p;
    h->time.n = i;
    if (i < t.n) {
        for (uint32_t j = i; j < t.n; j++) {
            char c = t.p[j];
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
                return tm_scan_fail(s, (size_t)(t.p + j - s->line), "malformed timestamp unit", NULL);
        }
        h->scale.p = t.p + i;
        h->scale.n = t.n - i;
        h->scale_glued = 1;
    }
    return TM_OK;
}

static int cpu_like(tm_str t) { return tm_str_is_dec(t) || (t.n > 3 && memcmp(t.p, "cpu", 3) == 0); }

int tm_scan_header(tm_scan *s, tm_header *h, int *kind)
{
    memset(h, 0, sizeof *h);
    h->cpu = -1;
    tm_str first = tm_scan_peek_token(s);
    if (tm_is_digit(first.p[0])) {
        tm_scan_token(s);
        int rc = scan_time(s, first, h);
        if (rc) return rc;
    }
    /* Up to two tokens (scale, cpu) may stand before the record keyword. */
    tm_str pre[2];
    int npre = 0;
    for (;;) {
        tm_str t = tm_scan_peek_token(s);
        int k = t.n ? keyword_kind(t) : TM_REC_NONE;
        if (k != TM_REC_NONE) {
            *kind = k;
            break;
        }
        if (t.n == 0 || npre == 2) {
            /* Blame the first token that cannot be a scale or a cpu. */
            tm_str bad = t;
            if (npre == 2 && !cpu_like(pre[1])) bad = pre[1];
            else if (t.n == 0 && npre == 1 && !h->time.n && !cpu_like(pre[0]))
                bad = pre[0];
            if (bad.n == 0)
                return tm_scan_fail(s, s->pos, "expected a record kind (IT, IS, R, E, M.., B.., ...)", NULL);
            char m[256];
            snprintf(m, sizeof m,
                     "unknown record kind '%.*s' (expected IT, IS, IF, IE, IA, ES, EXC, FD, FI, BR, R, E, M.., MU.., "
                     "B.., LD, ST, CACHE, TTW, TTU, TLB, WALKCACHE, SIGNAL:, INFO_..:)", (int)(bad.n > 32 ? 32 : bad.n), bad.p);
            return tm_scan_fail(s, (size_t)(bad.p - s->line), m, NULL);
        }
        pre[npre++] = tm_scan_token(s);
    }
    if (npre == 2) {
        if (h->scale_glued)
            return tm_scan_fail(s, (size_t)(pre[0].p - s->line), "unexpected field after timestamp unit", NULL);
        h->scale = pre[0];
        set_cpu(h, pre[1]);
    } else if (npre == 1) {
        tm_str t = pre[0];
        if (cpu_like(t) || h->scale_glued)
            set_cpu(h, t);
        else
            h->scale = t;
    }
    return TM_OK;
}

/* 1 when t opens a record that a producer may write on the same line after a register or memory record. */
static int gluable(tm_str t)
{
    int k = keyword_kind(t);
    return k == TM_REC_REG || k == TM_REC_MEM || k == TM_REC_MEM_UPDATE || k == TM_REC_LDST || k == TM_REC_BUS;
}

int tm_scan_end_or_glued(tm_scan *s, const char *after)
{
    if (tm_at_end(s)) return TM_OK;
    tm_str t = tm_scan_peek_token(s);
    size_t at = (size_t)(t.p - s->line);
    if (gluable(t)) {
        s->next = at;
        return TM_OK;
    }
    if (tm_is_digit(t.p[0])) { /* a glued record with a time of its own: "<time> <unit> {<cpu>} <keyword> ..." */
        tm_scan sub = *s;
        tm_header h;
        int kind = TM_REC_NONE;
        tm_error *keep = sub.err;
        sub.err = NULL;
        int rc = tm_scan_header(&sub, &h, &kind);
        sub.err = keep;
        if (rc == TM_OK && h.time.n && gluable(tm_scan_peek_token(&sub))) {
            s->next = at;
            return TM_OK;
        }
    }
    char m[96];
    snprintf(m, sizeof m, "unexpected text after %s", after);
    return tm_scan_fail(s, (size_t)(t.p - s->line), m, NULL);
}

int tm_scan_opcode(tm_scan *s, tm_insn *in, const char *stops)
{
    tm_skip_space(s);
    size_t opcol = s->pos;
    if (tm_peek(s) == '-') { /* "--------": the fetch failed, the opcode is unknown */
        while (s->pos < s->len && s->line[s->pos] == '-') s->pos++;
        in->opcode_unknown = 1;
        in->opcode_digits = (uint8_t)(s->pos - opcol);
        if (in->opcode_digits != 4 && in->opcode_digits != 8)
            return tm_scan_fail(s, opcol, "expected 4 or 8 dashes for an unknown opcode", NULL);
        return TM_OK;
    }
    uint64_t op;
    int rc = tm_scan_hex(s, "opcode", &op, &in->opcode_digits, stops);
    if (rc) return rc;
    if (in->opcode_digits > 8) return tm_scan_fail(s, opcol, "opcode wider than 32 bits", NULL);
    if (in->opcode_digits != 4 && in->opcode_digits != 8) {
        char m[96];
        snprintf(m, sizeof m, "expected an opcode of 4 or 8 hex digits, found %u (a line cut short?)", in->opcode_digits);
        return tm_scan_fail(s, opcol, m, NULL);
    }
    in->opcode = (uint32_t)op;
    return TM_OK;
}

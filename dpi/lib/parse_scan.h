/* Internal: a left-to-right scanner over one line, and the pieces every record family shares (header, keyword,
 * value, address, opcode, a record's end). It calls no record family: parse.c and the families call it.
 * Every function advances s->pos past what it consumed; none allocates. */
#ifndef TARMAC_PARSE_SCAN_H
#define TARMAC_PARSE_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "tarmac/error.h"
#include "tarmac/record.h"

typedef struct tm_scan {
    const char *line;
    size_t len;
    size_t pos;
    tm_error *err;
    uint8_t profile;   /* TM_PROFILE_* a register must belong to, 0 for any (tm_parse_state.profile) */
    size_t next;       /* set by a record that ends where a further record glued onto the line starts */
} tm_scan;

static inline int tm_is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
static inline int tm_is_digit(char c) { return c >= '0' && c <= '9'; }
static inline int tm_hex_val(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static inline void tm_skip_space(tm_scan *s)
{
    while (s->pos < s->len && tm_is_space(s->line[s->pos])) s->pos++;
}
static inline int tm_at_end(tm_scan *s)
{
    tm_skip_space(s);
    return s->pos >= s->len;
}
static inline char tm_peek(const tm_scan *s) { return s->pos < s->len ? s->line[s->pos] : '\0'; }

/* Next whitespace-delimited token (after skipping space). Empty slice at end of line. */
tm_str tm_scan_token(tm_scan *s);
/* Peek the next token without consuming it. */
tm_str tm_scan_peek_token(tm_scan *s);
/* Rest of the line, leading and trailing space trimmed (empty slice if nothing). */
tm_str tm_scan_rest(tm_scan *s);

/* Fail at column (0-based position col) with a message. Returns TM_ERR_PARSE. */
int tm_scan_fail(tm_scan *s, size_t col, const char *msg, const char *detail);

/* Hex number of 1..max_digits digits ending at space/end (or at one of the stop chars given).
 * Returns TM_OK or an error naming what (e.g. "address"). */
int tm_scan_hex(tm_scan *s, const char *what, uint64_t *out, uint8_t *digits, const char *stops);
/* Address: <hex>{:<hex>{_NS|_S}{,<hex>{_NS|_S}}}; the virtual address has 8 or 16 digits, as every producer
 * writes it. */
int tm_scan_addr(tm_scan *s, const char *what, tm_addr *a);
/* The physical part of an address at s->pos, {:<hex>{_NS|_S}{,<hex>{_NS|_S}}}, into a (its va untouched). */
int tm_scan_addr_pa(tm_scan *s, const char *what, tm_addr *a);
/* A physical address as bus records write it: 8 to 16 hex digits (a 48-bit address as 12), into a->va. */
int tm_scan_phys_addr(tm_scan *s, const char *what, tm_addr *a);
/* Value: hex digits (x, X, - for unknown ones) with optional '_' or ':' separators; keeps the text. */
int tm_scan_value(tm_scan *s, const char *what, tm_value *v);
/* A value that may go on as space-separated groups of the first group's width (8 or 16 digits), as vector
 * registers, 16-byte accesses and some RTL tracers write it: "3ff6a09e 667f3bcd", "-------- 0000ffff". */
int tm_scan_value_groups(tm_scan *s, const char *what, tm_value *v);
/* The form of a value as producers write it: '_' or ':' only between groups of 8 digits; '-' (not written) only
 * for whole bytes. Returns TM_OK or an error naming what. */
int tm_scan_value_form_slow(tm_scan *s, const tm_value *v, const char *what);
static inline int tm_scan_value_form(tm_scan *s, const tm_value *v, const char *what)
{
    return v->sep == '_' || v->sep == ':' || v->unknown_digits ? tm_scan_value_form_slow(s, v, what) : TM_OK;
}
/* 1 when c may stand in a value (hex digit, x, X, -). */
static inline int tm_is_value_char(char c) { return tm_hex_val(c) >= 0 || c == 'x' || c == 'X' || c == '-'; }
/* Decimal number token. */
int tm_scan_dec(tm_scan *s, const char *what, uint64_t *out);

/* a equals the literal lit (inline: the literal's length is folded at compile time). */
static inline int tm_str_eq(tm_str a, const char *lit)
{
    size_t n = __builtin_strlen(lit);
    return a.n == n && (n == 0 || __builtin_memcmp(a.p, lit, n) == 0);
}
int tm_str_is_hex(tm_str t);
int tm_str_is_dec(tm_str t);

/* Keywords whose record kind the body decides: "ES" (instruction or exception) and "EXC". */
enum { TM_KW_ES = TM_REC_KIND_COUNT + 1, TM_KW_EXC };

/* Which record a keyword token opens (a tm_kind, TM_KW_ES or TM_KW_EXC); TM_REC_NONE when it is no keyword. */
int tm_keyword_kind(tm_str t);
/* The header before the keyword: {<time>{<unit>}} {<unit>} {<cpu>}, into h; *kind is the keyword's
 * tm_keyword_kind. Leaves s->pos at the keyword. Returns TM_OK or an error at the first token that is neither. */
int tm_scan_header(tm_scan *s, tm_header *h, int *kind);
/* The end of a record at s->pos: the end of the line, or the keyword of a register, memory or LD/ST record that a
 * producer glued onto the line (s->next is set to it). Anything else is an error "unexpected text after <after>". */
int tm_scan_end_or_glued(tm_scan *s, const char *after);

/* An opcode: 4 or 8 hex digits, or 4 or 8 dashes when the fetch failed (in->opcode_unknown). */
int tm_scan_opcode(tm_scan *s, tm_insn *in, const char *stops);

/* "<mode>{_<security>}" -> in->mode and in->security (split at the last '_'). Returns TM_OK, or an error when
 * no mode stands before the '_' (a writer could not give "_s" back). */
static inline int tm_set_mode(tm_scan *s, tm_insn *in, tm_str m)
{
    in->mode = m;
    for (uint32_t i = m.n; i > 0; i--) {
        if (m.p[i - 1] == '_') {
            in->mode.n = i - 1;
            in->security.p = m.p + i;
            in->security.n = m.n - i;
            break;
        }
    }
    if (in->mode.n) return TM_OK;
    return tm_scan_fail(s, (size_t)(m.p - s->line), "expected the mode before '_<security>'", NULL);
}

#endif

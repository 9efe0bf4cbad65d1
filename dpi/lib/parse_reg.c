/* The register record body: "R <name> {<op>} {(<qualifier>)} <value> {<annotation>}", the name against the
 * profile in force and the value against the register's width. */
#include <stdio.h>
#include <string.h>

#include "tarmac/regs.h"

#include "parse_families.h"

/* A token that can only be a value: digits, unknown digits and separators. */
static int is_value_token(tm_str t)
{
    if (t.n == 0) return 0;
    for (uint32_t i = 0; i < t.n; i++)
        if (!tm_is_value_char(t.p[i]) && t.p[i] != '_' && t.p[i] != ':') return 0;
    return 1;
}

/* The register value widths of a class as digit counts, for messages: "8", "8 or 16", ... */
static void describe_widths(unsigned widths, char *buf, size_t size)
{
    static const struct { unsigned bit; const char *text; } w[] = {
        { TM_WIDTH_32, "8" }, { TM_WIDTH_PSR_EXT, "8 to 16" }, { TM_WIDTH_64, "16" }, { TM_WIDTH_128, "32" },
        { TM_WIDTH_SVE_Z, "a multiple of 32 up to 512" }, { TM_WIDTH_SVE_P, "a multiple of 4 up to 64" },
    };
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        if (!(widths & w[i].bit) || (w[i].bit == TM_WIDTH_32 && (widths & TM_WIDTH_PSR_EXT))) continue;
        int k = snprintf(buf + n, size - n, "%s%s", n ? " or " : "", w[i].text);
        if (k < 0 || (size_t)k >= size - n) break;
        n += (size_t)k;
    }
}

static int width_fits(unsigned widths, unsigned bits)
{
    return ((widths & TM_WIDTH_32) && bits == 32) || ((widths & TM_WIDTH_64) && bits == 64) ||
           ((widths & TM_WIDTH_128) && bits == 128) ||
           ((widths & TM_WIDTH_SVE_Z) && bits % 128 == 0 && bits >= 128 && bits <= 2048) ||
           ((widths & TM_WIDTH_SVE_P) && bits % 16 == 0 && bits >= 16 && bits <= 256) ||
           ((widths & TM_WIDTH_PSR_EXT) && bits >= 32 && bits <= 64);
}

static unsigned widest(unsigned widths)
{
    if (widths & TM_WIDTH_SVE_Z) return 2048;
    if (widths & TM_WIDTH_SVE_P) return 256;
    if (widths & TM_WIDTH_128) return 128;
    if (widths & (TM_WIDTH_64 | TM_WIDTH_PSR_EXT)) return 64;
    return 32;
}

/* "<hi:lo>" after a register's name: the bits written, whole bytes of the register. Returns the width in bits, or
 * 0 after failing. */
static unsigned bit_range(tm_scan *s, tm_str name, unsigned widths)
{
    uint32_t i = 0;
    while (i < name.n && name.p[i] != '<') i++;
    if (i == name.n) {
        tm_scan_fail(s, (size_t)(name.p - s->line), "expected a bit range '<hi:lo>' after the register's name", NULL);
        return 0;
    }
    size_t col = (size_t)(name.p + i - s->line);
    unsigned v[2] = { 0, 0 }, k = 0, digits = 0;
    for (i++; i < name.n && k < 2; i++) {
        char c = name.p[i];
        if (tm_is_digit(c) && digits < 5) {
            v[k] = v[k] * 10 + (unsigned)(c - '0');
            digits++;
        } else if (digits && ((k == 0 && c == ':') || (k == 1 && c == '>' && i == name.n - 1))) {
            k++;
            digits = 0;
        } else {
            break;
        }
    }
    if (k != 2 || v[0] < v[1] || v[1] % 8 || (v[0] + 1) % 8 || v[0] >= widest(widths)) {
        tm_scan_fail(s, col, "expected a bit range '<hi:lo>' of whole bytes inside the register", NULL);
        return 0;
    }
    return v[0] - v[1] + 1;
}

/* r0-r15 or cpsr with 8 plain digits: most register lines of an M-profile or AArch32 trace, checked without the
 * catalogue. */
static int plain_core_reg(const tm_scan *s, const tm_reg *r)
{
    const char *p = r->name.p;
    const tm_value *v = &r->value;
    if (v->digits != 8 || v->sep || v->unknown_digits) return 0;
    if (s->profile && !(s->profile & ~(TM_PROFILE_A64 | TM_PROFILE_OTHER))) return 0;
    if ((p[0] | 0x20) != 'r' && (p[0] | 0x20) != 'c') return 0;
    switch (r->name.n) {
    case 2: return (p[0] | 0x20) == 'r' && tm_is_digit(p[1]);
    case 3: return (p[0] | 0x20) == 'r' && p[1] == '1' && p[2] >= '0' && p[2] <= '5';
    case 4: return (p[0] | 0x20) == 'c' && (p[1] | 0x20) == 'p' && (p[2] | 0x20) == 's' && (p[3] | 0x20) == 'r';
    default: return 0;
    }
}

/* A register the declared profile does not model: carried with its name as written, its value by form only. */
static int foreign_reg(tm_scan *s, tm_reg *r)
{
    r->foreign = 1;
    if (r->name.p[r->name.n - 1] == '>') /* a range is read for a register whose width is known */
        return tm_scan_fail(s, (size_t)(r->name.p - s->line), "a bit range after a register this profile does not "
                                                              "model", NULL);
    return tm_scan_value_form(s, &r->value, "register value");
}

/* A register's name against the profile in force, and its value against the widths the name allows, in the forms
 * real producers write: exactly the register's digits; a value that was not written at all as dashes, possibly
 * fewer of them ("R X1 --------", an RTL tracer); a zero that a 64-bit or wider value abbreviates to 8 digits
 * (Neoverse-N1's execution testbench). A well-formed name the profile does not model is foreign. */
static int check_reg(tm_scan *s, tm_reg *r)
{
    if (plain_core_reg(s, r)) return TM_OK;
    size_t namecol = (size_t)(r->name.p - s->line);
    int shown = (int)(r->name.n > 40 ? 40 : r->name.n);
    char m[288];
    tm_reg_class c;
    int known = tm_reg_classify(r->name, &c);
    if (s->profile == TM_PROFILE_OTHER && (known || tm_reg_is_name(r->name))) return foreign_reg(s, r);
    if (known < 0) return foreign_reg(s, r);
    if (!known) {
        snprintf(m, sizeof m, "unknown register '%.*s': no Arm profile has it (r0-r15, x0-x30, w0-w30, s/d/q/v0-31, "
                 "z0-31, p0-15, banked and system registers; another architecture's trace: --profile other)", shown,
                 r->name.p);
        return tm_scan_fail(s, namecol, m, NULL);
    }
    unsigned widths = c.widths;
    if (s->profile) {
        if (!(c.profiles & s->profile)) {
            snprintf(m, sizeof m, "'%.*s' is not a register of %s", shown, r->name.p, tm_profile_name(s->profile));
            return tm_scan_fail(s, namecol, m, NULL);
        }
        if (!(s->profile & ~(TM_PROFILE_ARMV6M | TM_PROFILE_M))) widths &= TM_WIDTH_32; /* M: 32-bit registers */
    }
    unsigned range = 0;
    if (r->name.p[r->name.n - 1] == '>' && !(range = bit_range(s, r->name, widths))) return TM_ERR_PARSE;
    const tm_value *v = &r->value;
    unsigned bits = 4u * v->digits, top = range ? range : widest(widths);
    if (range ? bits == range : width_fits(widths, bits)) return tm_scan_value_form(s, v, "register value");
    int all_dashes = v->unknown_digits == v->digits && memchr(v->text.p, 'x', v->text.n) == NULL &&
                     memchr(v->text.p, 'X', v->text.n) == NULL;
    if ((all_dashes && v->digits % 8 == 0 && bits < top) || (v->digits == 8 && top > 32 && v->v == 0 && !v->unknown_digits))
        return tm_scan_value_form(s, v, "register value");
    char want[64];
    if (range) snprintf(want, sizeof want, "%u", range / 4);
    else describe_widths(widths, want, sizeof want);
    snprintf(m, sizeof m, "%.*s: expected %s hex digits, found %u (a value %s than its register)", shown, r->name.p,
             want, v->digits, bits > top ? "wider" : "narrower");
    return tm_scan_fail(s, (size_t)(v->text.p - s->line), m, NULL);
}

/* The annotations producers write after a register's value: "(MSP)" / "(PSP)" after r13 (Cortex-M0 tracer), the
 * flags N, Z, C, V as letters or '_' after a status register (the cs producer). */
static int is_reg_suffix(const tm_reg *r, tm_str t)
{
    int id = tm_reg_id(r->name, (tm_str){ 0, 0 });
    if (id == TM_REG_SP) return tm_str_eq(t, "(MSP)") || tm_str_eq(t, "(PSP)");
    if (id != TM_REG_XPSR || t.n != 4) return 0;
    static const char flags[] = "NZCV";
    for (int i = 0; i < 4; i++)
        if (t.p[i] != '_' && t.p[i] != flags[i]) return 0;
    return 1;
}

int tm_parse_reg(tm_scan *s, tm_reg *r)
{
    memset(r, 0, sizeof *r);
    r->name = tm_scan_token(s);
    if (r->name.n == 0) return tm_scan_fail(s, s->pos, "expected register name after 'R'", NULL);
    tm_skip_space(s);
    size_t at = s->pos;
    int rc = tm_peek(s) == '(' ? TM_ERR_PARSE : tm_scan_value_groups(s, "register value", &r->value);
    if (rc) { /* not the value (the common case costs one scan): an operation or a qualifier comes first */
        s->pos = at;
        tm_str t = tm_scan_peek_token(s);
        if (t.n && t.p[0] != '(') {
            /* "R DC CISW <value>": a system operation names the operation before the value */
            if (is_value_token(t)) return tm_scan_value_groups(s, "register value", &r->value); /* the error */
            tm_scan_token(s);
            if (!tm_scan_peek_token(s).n) { /* nothing after it: it was a bad value, say where */
                s->pos = at;
                return tm_scan_value_groups(s, "register value", &r->value);
            }
            r->op = t;
            t = tm_scan_peek_token(s);
        }
        if (t.n && t.p[0] == '(') { /* ES: "R R1 (USR) <value>" */
            if (t.p[t.n - 1] != ')')
                return tm_scan_fail(s, (size_t)(t.p - s->line), "expected ')' closing the register qualifier", NULL);
            r->qualifier = tm_scan_token(s);
        }
        if ((rc = tm_scan_value_groups(s, "register value", &r->value))) return rc;
    }
    if (r->value.unknown_digits && r->value.digits < 8) { /* tracers write unknown bits at full register width */
        uint32_t i = 0;
        while (tm_hex_val(r->value.text.p[i]) >= 0) i++;
        return tm_scan_fail(s, (size_t)(r->value.text.p + i - s->line), "invalid hex digit in register value", NULL);
    }
    if (!r->op.n && (rc = check_reg(s, r))) return rc; /* a system operation's halves may have fewer digits */
    if (tm_at_end(s)) return TM_OK;
    tm_str t = tm_scan_peek_token(s);
    if (is_reg_suffix(r, t)) r->suffix = tm_scan_token(s);
    return tm_scan_end_or_glued(s, "the register value");
}

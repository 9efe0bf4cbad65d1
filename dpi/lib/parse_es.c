/* The ES dialect ("Tarmac Text Rev 3t": Cortex-M33/M55/A-class RTL, cycle models, execution testbenches):
 *   <t> <unit> ES (<addr>:<opcode>) <iset> <mode>: {CCFAIL} <disasm>     an instruction
 *   <t> <unit> ES EXC {[<n>]} <name>, EXC {[<n>]} <name>, ES <name>       exceptions
 *   BR (<addr>) <iset>                                                    the branch target
 *   LD|ST <base> <4 groups of 8> {<phys>} {<attributes>}                  a 16-byte region of bytes accessed
 *   <base> <4 groups of 8> ...                                            a further region of the access above */
#include <stdio.h>
#include <string.h>

#include "parse_families.h"

static size_t col_of(const tm_scan *s, tm_str t) { return t.n ? (size_t)(t.p - s->line) : s->pos; }

static int is_iset(tm_str t) { return t.n == 1 && (t.p[0] == 'A' || t.p[0] == 'T' || t.p[0] == 'O' || t.p[0] == 'X'); }

/* A hex address of 8 or 16 digits, as the ES dialect writes instruction, branch and region addresses. */
static int scan_es_addr(tm_scan *s, const char *what, tm_addr *a, const char *stops)
{
    tm_skip_space(s);
    size_t at = s->pos;
    int rc = tm_scan_hex(s, what, &a->va, &a->va_digits, stops);
    if (rc || a->va_digits == 8 || a->va_digits == 16) return rc;
    char m[96];
    snprintf(m, sizeof m, "expected 8 or 16 hex digits in the %s, found %u", what, a->va_digits);
    return tm_scan_fail(s, at, m, NULL);
}

/* ES instruction body after "ES": (<addr>:<opcode>) <iset> <mode>{_<security>}: {CCFAIL} <disasm> */
static int parse_es_insn(tm_scan *s, tm_insn *in)
{
    memset(in, 0, sizeof *in);
    in->form = TM_INSN_FORM_ES;
    in->status = TM_INSN_IT;
    s->pos++; /* '(' */
    int rc = scan_es_addr(s, "instruction address", &in->addr, ":");
    if (rc) return rc;
    if (tm_peek(s) != ':') return tm_scan_fail(s, s->pos, "expected ':' between address and opcode in '(<addr>:<opcode>)'", NULL);
    s->pos++;
    if ((rc = tm_scan_opcode(s, in, ")"))) return rc;
    if (tm_peek(s) != ')') return tm_scan_fail(s, s->pos, "expected ')' after the opcode", NULL);
    s->pos++;
    in->iset = tm_scan_token(s);
    if (!is_iset(in->iset))
        return tm_scan_fail(s, col_of(s, in->iset), "expected the instruction set A, T, O or X after '(<addr>:<opcode>)'",
                            NULL);
    tm_str m = tm_scan_token(s);
    if (m.n && m.p[m.n - 1] == ':') {
        m.n--;
    } else {
        tm_str colon = tm_scan_token(s);
        if (!tm_str_eq(colon, ":"))
            return tm_scan_fail(s, col_of(s, colon.n ? colon : m), "expected '<mode>:' after the instruction set", NULL);
    }
    if (m.n == 0) return tm_scan_fail(s, col_of(s, m), "expected '<mode>:' after the instruction set", NULL);
    if ((rc = tm_set_mode(s, in, m))) return rc;
    if (tm_str_eq(tm_scan_peek_token(s), "CCFAIL")) {
        tm_scan_token(s);
        in->status = TM_INSN_IS;
    }
    in->disasm = tm_scan_rest(s);
    if (in->disasm.n || in->opcode_unknown) return TM_OK;
    return tm_scan_fail(s, s->len, "expected the disassembly after '<mode>:' (a line cut short?)", NULL);
}

int tm_parse_exc(tm_scan *s, tm_event *e, uint8_t es)
{
    memset(e, 0, sizeof *e);
    e->es = es;
    tm_skip_space(s);
    if (tm_peek(s) == '[') {
        size_t b = ++s->pos;
        while (s->pos < s->len && s->line[s->pos] != ']') s->pos++;
        if (s->pos >= s->len) return tm_scan_fail(s, b - 1, "unterminated '[' in exception number", NULL);
        tm_str t = { s->line + b, (uint32_t)(s->pos - b) };
        s->pos++;
        tm_scan sub = { t.p, t.n, 0, s->err, 0, 0 };
        uint64_t v = 0;
        int rc;
        if (t.n > 2 && t.p[0] == '0' && (t.p[1] == 'x' || t.p[1] == 'X')) rc = tm_scan_hex(&sub, "exception number", &v, NULL, NULL);
        else rc = tm_scan_dec(&sub, "exception number", &v);
        if (rc || v > 0xffffffffu) return tm_scan_fail(s, b, "expected an exception number '[0x<hex>]' or '[<decimal>]'", NULL);
        e->has_number = 1;
        e->number = (uint32_t)v;
        e->number_text = t;
    }
    e->desc = tm_scan_rest(s);
    if (e->desc.n == 0) return tm_scan_fail(s, s->pos, "expected the exception name", NULL);
    return TM_OK;
}

int tm_parse_es(tm_scan *s, tm_record *rec)
{
    tm_str t = tm_scan_peek_token(s);
    if (t.n && t.p[0] == '(') {
        rec->kind = TM_REC_INSN;
        tm_skip_space(s);
        return parse_es_insn(s, &rec->u.insn);
    }
    rec->kind = TM_REC_EVENT;
    if (tm_str_eq(t, "EXC")) {
        tm_scan_token(s);
        return tm_parse_exc(s, &rec->u.event, TM_EVENT_ES_EXC);
    }
    tm_event *e = &rec->u.event;
    memset(e, 0, sizeof *e);
    e->es = TM_EVENT_ES_NAMED;
    e->desc = tm_scan_rest(s);
    if (e->desc.n == 0)
        return tm_scan_fail(s, s->pos, "expected '(<addr>:<opcode>)', 'EXC' or an exception name after 'ES'", NULL);
    return TM_OK;
}

int tm_parse_branch(tm_scan *s, tm_branch *b)
{
    memset(b, 0, sizeof *b);
    tm_skip_space(s);
    if (tm_peek(s) != '(') return tm_scan_fail(s, s->pos, "expected '(<target>)' after 'BR'", NULL);
    s->pos++;
    int rc = scan_es_addr(s, "branch target", &b->target, ")");
    if (rc) return rc;
    if (tm_peek(s) != ')') return tm_scan_fail(s, s->pos, "expected ')' after the branch target", NULL);
    s->pos++;
    b->iset = tm_scan_token(s);
    if (!is_iset(b->iset))
        return tm_scan_fail(s, col_of(s, b->iset), "expected the instruction set A, T, O or X after the branch target",
                            NULL);
    if (!tm_at_end(s)) return tm_scan_fail(s, s->pos, "unexpected text after branch record", NULL);
    return TM_OK;
}

static int is_group_char(char c) { return c == '.' || c == '#' || tm_is_value_char(c); }

/* The four groups of 8 characters after the region base; bytes base+15..base+12 first. */
static int scan_groups(tm_scan *s, tm_ldst *m)
{
    tm_skip_space(s);
    const char *first = s->line + s->pos;
    for (int g = 0; g < 4; g++) {
        tm_str t = tm_scan_token(s);
        if (t.n != 8)
            return tm_scan_fail(s, col_of(s, t), "expected four groups of 8 characters (hex byte pairs or '..')", NULL);
        for (int j = 0; j < 8; j += 2) {
            char a = t.p[j], b = t.p[j + 1];
            unsigned byte = 15u - (unsigned)(4 * g + j / 2);
            if (a == '.' && b == '.') continue;
            int ha = tm_hex_val(a), hb = tm_hex_val(b);
            if (!is_group_char(a) || !is_group_char(b) || a == '.' || b == '.')
                return tm_scan_fail(s, (size_t)(t.p + j - s->line), "expected a hex byte, '..' or '##' in the byte group", NULL);
            m->mask |= (uint16_t)(1u << byte);
            if (ha < 0 || hb < 0) m->unknown |= (uint16_t)(1u << byte);
            else m->bytes[byte] = (uint8_t)(ha << 4 | hb);
        }
        m->groups.p = first;
        m->groups.n = (uint32_t)(t.p + t.n - first);
    }
    if (m->mask == 0) return tm_scan_fail(s, (size_t)(first - s->line), "no byte accessed in the region", NULL);
    return TM_OK;
}

/* The physical address after the groups: "S:<hex>", "NS:<hex>" or bare hex. */
static int is_phys_token(tm_str t)
{
    uint32_t i = 0;
    while (i < t.n && t.p[i] >= 'A' && t.p[i] <= 'Z') i++;
    if (i < t.n && t.p[i] == ':' && i > 0) i++;
    else if (t.n < 8) return 0; /* bare: a full address, not a short attribute such as "DE" */
    else i = 0;
    tm_str hex = { t.p + i, t.n - i };
    return tm_str_is_hex(hex);
}

int tm_parse_ldst(tm_scan *s, tm_str kw, tm_ldst *m)
{
    memset(m, 0, sizeof *m);
    if (kw.n) m->write = kw.p[0] == 'S';
    else m->continuation = 1;
    int rc = scan_es_addr(s, "region address", &m->addr, NULL);
    if (rc) return rc;
    if (m->addr.va & 15) return tm_scan_fail(s, s->pos - m->addr.va_digits, "region address not 16-byte aligned", NULL);
    if ((rc = scan_groups(s, m))) return rc;
    if (is_phys_token(tm_scan_peek_token(s))) m->phys = tm_scan_token(s);
    m->attrs = tm_scan_rest(s);
    return TM_OK;
}

int tm_is_ldst_continuation(const char *line, size_t len)
{
    tm_scan s = { line, len, 0, NULL, 0, 0 };
    tm_str t = tm_scan_token(&s);
    if (t.n == 0 || t.n > 16 || !tm_str_is_hex(t)) return 0;
    for (int g = 0; g < 4; g++) {
        t = tm_scan_token(&s);
        if (t.n != 8) return 0;
        for (uint32_t i = 0; i < 8; i++)
            if (!is_group_char(t.p[i])) return 0;
    }
    return 1;
}

int tm_is_text_header(const char *line, size_t len, tm_str *text)
{
    static const char lead[] = "Tarmac Text";
    size_t i = 0;
    while (i < len && tm_is_space(line[i])) i++;
    if (len - i < sizeof lead - 1 || memcmp(line + i, lead, sizeof lead - 1) != 0) return 0;
    size_t e = len;
    while (e > i && tm_is_space(line[e - 1])) e--;
    text->p = line + i;
    text->n = (uint32_t)(e - i);
    return 1;
}

/* tm_parse_line: the header (<time> <scale> <cpu>), the record keyword, and dispatch to the record families.
 * Instruction, flow and event bodies are here; the header, keyword and values in parse_scan.c, registers in
 * parse_reg.c, memory, bus and the MMU/cache kinds in parse_mem.c, the ES dialect in parse_es.c. */
#include "tarmac/parse.h"

#include <stdio.h>
#include <string.h>

#include "parse_families.h"

static int is_comment(tm_scan *s)
{
    char c = tm_peek(s);
    if (c == '#' || c == ';') return 1;
    return c == '/' && s->pos + 1 < s->len && s->line[s->pos + 1] == '/';
}

static int expect_end(tm_scan *s, const char *what)
{
    if (tm_at_end(s)) return TM_OK;
    return tm_scan_fail(s, s->pos, "unexpected text after ", what);
}

/* "(<id>)" or "(<tag>)": decimal ids go to *id, anything else to *tag. */
static int scan_paren(tm_scan *s, uint8_t *has_id, uint64_t *id, tm_str *tag)
{
    tm_skip_space(s);
    if (tm_peek(s) != '(') return TM_OK;
    size_t b = ++s->pos;
    while (s->pos < s->len && s->line[s->pos] != ')') s->pos++;
    if (s->pos >= s->len) return tm_scan_fail(s, b - 1, "unterminated '(' in instruction tag", NULL);
    tm_str t = { s->line + b, (uint32_t)(s->pos - b) };
    s->pos++;
    if (tm_str_is_dec(t) && t.n <= 19) {
        uint64_t v = 0;
        for (uint32_t i = 0; i < t.n; i++) v = v * 10 + (uint64_t)(t.p[i] - '0');
        *has_id = 1;
        *id = v;
    } else {
        if (t.n == 0) return tm_scan_fail(s, b - 1, "empty instruction tag '()'", NULL);
        *tag = t;
    }
    return TM_OK;
}

static int is_fm_iset(tm_str t)
{
    return t.n == 1 && (t.p[0] == 'A' || t.p[0] == 'T' || t.p[0] == 'X' || t.p[0] == 'O');
}

static int is_iset_token(tm_str t) { return is_fm_iset(t) || tm_str_eq(t, "T16") || tm_str_eq(t, "T32"); }

static int is_opcode_token(tm_str t)
{
    if (tm_str_is_hex(t)) return 1;
    for (uint32_t i = 0; i < t.n; i++)
        if (t.p[i] != '-') return 0;
    return t.n > 0;
}

/* "IT (<addr>) <opcode> <iset> ...": the cs producer writes the address in the parentheses. */
static int addr_in_paren(tm_scan *s)
{
    size_t save = s->pos;
    tm_str op = tm_scan_token(s), iset = tm_scan_token(s);
    s->pos = save;
    return is_opcode_token(op) && is_iset_token(iset);
}

/* Morello's PCC as its FVP writes the instruction address: "(<tag>|<upper 64 bits>|<address>)" and then the
 * physical address as usual ("(1|b05dc00022e70004|0011118c):0000fcd2918c_NS"). Returns 1 when the address had
 * that form (read, or failed with rc set), 0 when it is a plain address. */
static int scan_cap_addr(tm_scan *s, tm_insn *in, int *rc)
{
    tm_skip_space(s);
    const char *p = s->line + s->pos;
    if (s->len - s->pos < 22 || p[0] != '(' || (p[1] != '0' && p[1] != '1') || p[2] != '|' || p[19] != '|') return 0;
    uint64_t meta = 0;
    for (int i = 3; i < 19; i++) {
        int d = tm_hex_val(p[i]);
        if (d < 0) return 0;
        meta = meta << 4 | (uint64_t)d;
    }
    const char *close = memchr(p, ')', s->len - s->pos);
    if (!close) {
        *rc = tm_scan_fail(s, s->pos, "unterminated '(' in the capability address", NULL);
        return 1;
    }
    in->has_cap = 1;
    in->cap_tag = (uint8_t)(p[1] - '0');
    in->cap_meta = meta;
    tm_scan sub = { s->line, (size_t)(close - s->line), s->pos + 20, s->err, 0, 0 };
    if ((*rc = tm_scan_addr(&sub, "instruction address", &in->addr))) return 1;
    if (in->addr.has_pa || !tm_at_end(&sub)) {
        *rc = tm_scan_fail(s, sub.pos, "expected ')' after the capability's address", NULL);
        return 1;
    }
    s->pos = (size_t)(close - s->line) + 1;
    *rc = tm_scan_addr_pa(s, "instruction address", &in->addr);
    return 1;
}

/* The disassembly, the rest of the line: only an instruction whose fetch failed may have none. */
static int scan_disasm(tm_scan *s, tm_insn *in, const char *after)
{
    in->disasm = tm_scan_rest(s);
    if (in->disasm.n || in->opcode_unknown) return TM_OK;
    char m[128];
    snprintf(m, sizeof m, "expected the disassembly after %s (a line cut short?)", after);
    return tm_scan_fail(s, s->len, m, NULL);
}

/* An opcode's digits as its instruction set has them: T16 4, T32, A32 and A64 8, T either. */
static int check_opcode_width(tm_scan *s, const tm_insn *in, size_t opcol)
{
    const char *t = in->iset.p;
    unsigned want = 0;
    if (in->iset.n == 1) want = t[0] == 'A' || t[0] == 'O' ? 8 : 0;
    else if (in->iset.n == 3) want = t[2] == '6' ? 4 : 8; /* T16 / T32 */
    if (!want || in->opcode_digits == want) return TM_OK;
    char m[96];
    snprintf(m, sizeof m, "an instruction of set %.*s has an opcode of %u hex digits, found %u", (int)in->iset.n,
             in->iset.p, want, in->opcode_digits);
    return tm_scan_fail(s, opcol, m, NULL);
}

static int parse_insn(tm_scan *s, tm_str kw, tm_insn *in)
{
    memset(in, 0, sizeof *in);
    static const char st[] = "TSFEA";
    in->status = (uint8_t)(strchr(st, kw.p[1]) - st);
    tm_skip_space(s);
    size_t paren = s->pos;
    int rc = scan_paren(s, &in->has_id, &in->id, &in->tag);
    if (rc) return rc;
    if (s->pos != paren && addr_in_paren(s)) {
        tm_scan sub = { s->line, s->pos - 1, paren + 1, s->err, 0, 0 };
        if ((rc = tm_scan_addr(&sub, "instruction address", &in->addr))) return rc;
        if (!tm_at_end(&sub)) return tm_scan_fail(s, sub.pos, "unexpected text in '(<address>)'", NULL);
        in->addr_in_paren = 1;
        in->has_id = 0;
        in->id = 0;
        in->tag = (tm_str){ 0, 0 };
    } else if (scan_cap_addr(s, in, &rc)) {
        if (rc) return rc;
    } else if ((rc = tm_scan_addr(s, "instruction address", &in->addr))) {
        return rc;
    }
    tm_skip_space(s);
    size_t opcol = s->pos;
    if ((rc = tm_scan_opcode(s, in, NULL))) return rc;

    tm_str t = tm_scan_peek_token(s);
    if (tm_str_eq(t, "T16") || tm_str_eq(t, "T32")) {  /* Cortex-M RTL: iset then disassembly */
        in->iset = tm_scan_token(s);
        if ((rc = check_opcode_width(s, in, opcol))) return rc;
        return scan_disasm(s, in, "the instruction set");
    }
    if (!is_fm_iset(t)) {  /* Cortex-M0 RTL: no iset, no mode */
        if (t.n == 0 && !in->opcode_unknown)
            return tm_scan_fail(s, s->pos, "expected the instruction set (A, T, O, X, T16, T32) or the disassembly after "
                                           "the opcode (a line cut short?)", NULL);
        in->disasm = tm_scan_rest(s);
        return TM_OK;
    }
    in->iset = tm_scan_token(s);
    if ((rc = check_opcode_width(s, in, opcol))) return rc;
    /* Fast Models: <mode>{_<security>} : <disasm>. A Cortex-R RTL line has ':' without a mode; a Cortex-M RTL "X"
     * line has no ':' after a mode. */
    tm_str m = tm_scan_peek_token(s);
    if (tm_str_eq(m, ":")) {
        tm_scan_token(s);
        return scan_disasm(s, in, "':'");
    }
    if (m.n == 0) return tm_scan_fail(s, s->pos, "expected '<mode> :' after the instruction set (a line cut short?)", NULL);
    size_t save = s->pos;
    tm_scan_token(s);
    tm_str colon = tm_scan_peek_token(s);
    if (colon.n == 0) /* a line without disassembly, as the writer writes a record that has none */
        return tm_set_mode(s, in, m);
    if (!tm_str_eq(colon, ":")) {
        if (tm_str_eq(in->iset, "X")) {  /* RTL unknown-instruction line: the rest is disassembly */
            s->pos = save;
            in->disasm = tm_scan_rest(s);
            return TM_OK;
        }
        return tm_scan_fail(s, (size_t)(colon.p - s->line), "expected ':' before the disassembly", NULL);
    }
    int rc2 = tm_set_mode(s, in, m);
    if (rc2) return rc2;
    tm_scan_token(s);
    return scan_disasm(s, in, "':'");
}

static int parse_flow(tm_scan *s, tm_str kw, tm_flow *f)
{
    memset(f, 0, sizeof *f);
    f->indirect = kw.p[1] == 'I';
    tm_str tag = { 0, 0 };
    int rc = scan_paren(s, &f->has_id, &f->id, &tag);
    if (rc) return rc;
    if (tag.n) return tm_scan_fail(s, (size_t)(tag.p - s->line), "expected a decimal instruction id", NULL);
    if ((rc = tm_scan_addr(s, "branch address", &f->addr))) return rc;
    if ((rc = tm_scan_addr(s, "branch target", &f->target))) return rc;
    f->iset = tm_scan_token(s);
    if (!is_fm_iset(f->iset))
        return tm_scan_fail(s, f->iset.n ? (size_t)(f->iset.p - s->line) : s->pos,
                            "expected the instruction set A, T, X or O after the branch target", NULL);
    return expect_end(s, "program flow record");
}

static uint64_t hex64(tm_str t)
{
    uint64_t v = 0;
    for (uint32_t i = 0; i < t.n; i++) v = (v << 4) | (uint64_t)tm_hex_val(t.p[i]);
    return v;
}

static int parse_event(tm_scan *s, tm_event *e)
{
    memset(e, 0, sizeof *e);
    tm_str first = tm_scan_peek_token(s);
    if (first.n == 0) return tm_scan_fail(s, s->pos, "expected event value or name after 'E'", NULL);
    size_t body = s->pos;
    /* Fast Models shape: E <value> {<mode>} {<value1>} <number> <desc>: starts with an address. */
    tm_str tok[6];
    int n = 0;
    while (n < 6) {
        tm_str t = tm_scan_token(s);
        if (t.n == 0) break;
        tok[n++] = t;
    }
    int fm = n >= 3 && n <= 5 && tm_str_is_hex(tok[n - 2]) && !tm_str_is_hex(tok[n - 1]);
    if (fm) {
        tm_scan sub = *s;
        sub.pos = (size_t)(tok[0].p - s->line);
        if (!tm_str_is_hex((tm_str){ tok[0].p, 1 })) fm = 0;
        if (fm) {
            int rc = tm_scan_addr(&sub, "event value", &e->value);
            if (rc) return rc;
            if (sub.pos != (size_t)(tok[0].p - s->line) + tok[0].n)
                return tm_scan_fail(s, sub.pos, "unexpected text in the event value", NULL);
        }
    }
    if (fm) {
        e->has_value = 1;
        for (int i = 1; i < n - 2; i++) {
            if (tm_str_is_hex(tok[i]) && !e->has_value1 && (tok[i].n == 8 || tok[i].n == 16)) {
                e->has_value1 = 1;
                e->value1 = hex64(tok[i]);
                e->value1_digits = (uint8_t)tok[i].n;
            } else if (!tm_str_is_hex(tok[i]) && e->mode.n == 0 && !e->has_value1) {
                e->mode = tok[i];
            } else {
                return tm_scan_fail(s, (size_t)(tok[i].p - s->line), "unexpected field in event record", NULL);
            }
        }
        tm_str num = tok[n - 2];
        if (num.n != 8 && num.n != 16)
            return tm_scan_fail(s, (size_t)(num.p - s->line), "expected an event number of 8 or 16 hex digits", NULL);
        e->has_number = 1;
        e->number = hex64(num);
        e->number_digits = (uint8_t)num.n;
        e->desc = tok[n - 1];
        return TM_OK;
    }
    /* Cortex-M RTL shape: E <desc> {<hex arg>}; a longer description is kept whole. */
    s->pos = body;
    if (n == 2 && tm_str_is_hex(tok[1]) && tok[1].n <= 8 && !tm_str_is_hex(tok[0])) {
        e->desc = tok[0];
        e->has_arg = 1;
        e->arg = (uint32_t)hex64(tok[1]);
        e->arg_digits = (uint8_t)tok[1].n;
        s->pos = s->len;
        return TM_OK;
    }
    if (tm_str_is_hex(tok[0]))
        return tm_scan_fail(s, (size_t)(tok[0].p - s->line),
                            "malformed event: expected '<value> {<mode>} {<value1>} <number> <name>'", NULL);
    e->desc = tm_scan_rest(s);
    return TM_OK;
}

/* Header and body of one record starting at s->pos. */
static int parse_record(tm_scan *s, tm_record *rec)
{
    const char *line = s->line;
    size_t len = s->len, start = s->pos;
    rec->kind = TM_REC_NONE;
    if (tm_at_end(s) || is_comment(s)) return TM_OK;
    int rc;
    int kind = TM_REC_NONE;
    rc = tm_scan_header(s, &rec->h, &kind);
    if (rc) { /* no keyword: the ES header line, or a continuation line (looked for only here, off the hot path) */
        memset(&rec->h, 0, sizeof rec->h);
        rec->h.cpu = -1;
        if (start == 0 && tm_is_text_header(line, len, &rec->u.text.text)) {
            rec->kind = TM_REC_TEXT_HEADER;
            return TM_OK;
        }
        if (start != 0 || !tm_is_ldst_continuation(line, len)) return rc;
        s->pos = 0;
        if ((rc = tm_parse_ldst(s, (tm_str){ 0, 0 }, &rec->u.ldst))) return rc;
        rec->kind = TM_REC_LDST;
        return TM_OK;
    }
    tm_str kw = tm_scan_token(s);
    switch (kind) {
    case TM_REC_INSN: rc = parse_insn(s, kw, &rec->u.insn); break;
    case TM_REC_FLOW: rc = parse_flow(s, kw, &rec->u.flow); break;
    case TM_REC_REG: rc = tm_parse_reg(s, &rec->u.reg); break;
    case TM_REC_EVENT: rc = parse_event(s, &rec->u.event); break;
    case TM_REC_MEM: rc = tm_parse_mem(s, kw, &rec->u.mem); break;
    case TM_REC_MEM_UPDATE: rc = tm_parse_mem_update(s, kw, &rec->u.mu); break;
    case TM_REC_BUS: rc = tm_parse_bus(s, kw, &rec->u.bus); break;
    case TM_REC_CACHE: rc = tm_parse_cache(s, rec); kind = rec->kind; break;
    case TM_REC_TTW: rc = tm_parse_ttw(s, kw, &rec->u.ttw); break;
    case TM_REC_TLB: rc = tm_parse_tlb(s, kw, &rec->u.tlb); break;
    case TM_REC_SIGNAL: rc = tm_parse_signal(s, &rec->u.signal); break;
    case TM_REC_INFO: rc = tm_parse_info(s, kw, &rec->u.info); break;
    case TM_REC_BRANCH: rc = tm_parse_branch(s, &rec->u.branch); break;
    case TM_REC_LDST: rc = tm_parse_ldst(s, kw, &rec->u.ldst); break;
    case TM_KW_ES: rc = tm_parse_es(s, rec); kind = rec->kind; break;
    case TM_KW_EXC: rc = tm_parse_exc(s, &rec->u.event, TM_EVENT_EXC); kind = TM_REC_EVENT; break;
    default: rc = tm_scan_fail(s, 0, "internal: unhandled record kind", NULL); break;
    }
    if (rc) return rc;
    rec->kind = (uint8_t)kind;
    return TM_OK;
}

int tm_parse_line(const char *line, size_t len, tm_record *rec, tm_error *err)
{
    if (!rec || (len && !line)) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_parse_line: a NULL argument");
    tm_scan s = { line, len, 0, err, 0, 0 };
    int rc = parse_record(&s, rec);
    if (rc || !s.next) return rc;
    return tm_scan_fail(&s, s.next, "a second record glued onto this line: read it with tm_parse_line_in and "
                                    "tm_parse_more_in", NULL);
}

/* A continuation line takes the direction of the LD/ST before it; an LD/ST sets it. */
static int follow_ldst(tm_parse_state *st, const char *line, size_t len, tm_record *rec, tm_error *err)
{
    if (rec->kind != TM_REC_LDST) return TM_OK;
    tm_ldst *m = &rec->u.ldst;
    if (!m->continuation) {
        st->ldst_seen = 1;
        st->ldst_write = m->write;
        return TM_OK;
    }
    if (!st->ldst_seen) {
        if (err) {
            tm_error_set(err, TM_ERR_PARSE, NULL, 0, "a continuation of an LD or ST line, but no LD or ST line came "
                                                     "before");
            err->column = 1;
            while (err->column <= len && tm_is_space(line[err->column - 1])) err->column++;
        }
        return TM_ERR_PARSE;
    }
    m->write = st->ldst_write;
    return TM_OK;
}

int tm_parse_line_in(tm_parse_state *st, const char *line, size_t len, tm_record *rec, tm_error *err)
{
    if (!st || !rec || (len && !line)) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_parse_line_in: a NULL argument");
    tm_scan s = { line, len, 0, err, st->profile, 0 };
    st->more = 0;
    int rc = parse_record(&s, rec);
    if (rc) return rc;
    if (s.next) {
        st->more = (uint32_t)s.next;
        st->more_h = rec->h;
    }
    return follow_ldst(st, line, len, rec, err);
}

int tm_parse_more_in(tm_parse_state *st, const char *line, size_t len, tm_record *rec, tm_error *err)
{
    if (!st || !rec || (len && !line)) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_parse_more_in: a NULL argument");
    if (!st->more || st->more >= len) return TM_EOF;
    tm_scan s = { line, len, st->more, err, st->profile, 0 };
    st->more = 0;
    int rc = parse_record(&s, rec);
    if (rc) return rc;
    if (!rec->h.time.n && !rec->h.scale.n && rec->h.cpu < 0)
        rec->h = st->more_h; /* glued on without a time: it happened when the record before it did */
    if (s.next) st->more = (uint32_t)s.next;
    return follow_ldst(st, line, len, rec, err);
}

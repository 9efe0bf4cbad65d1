/* tm_parse_line: the header (<time> <scale> <cpu>), the record keyword, and dispatch to the record families.
 * Instruction, flow, register and event bodies are here; memory, bus and the MMU/cache kinds in parse_mem.c. */
#include "tarmac/parse.h"

#include <stdio.h>
#include <string.h>

#include "parse_families.h"

/* Which record a keyword token opens; TM_REC_NONE when the token is not a keyword. */
static tm_kind keyword_kind(tm_str t)
{
    if (t.n == 0) return TM_REC_NONE;
    const char *p = t.p;
    switch (p[0]) {
    case 'I':
        if (t.n == 2 && (p[1] == 'T' || p[1] == 'S' || p[1] == 'F' || p[1] == 'E' || p[1] == 'A')) return TM_REC_INSN;
        break;
    case 'F':
        if (t.n == 2 && (p[1] == 'D' || p[1] == 'I')) return TM_REC_FLOW;
        break;
    case 'R':
        if (t.n == 1) return TM_REC_REG;
        break;
    case 'E':
        if (t.n == 1) return TM_REC_EVENT;
        break;
    case 'M':
        if (t.n >= 3 && p[1] == 'U' && tm_is_digit(p[2])) return TM_REC_MEM_UPDATE;
        if (t.n >= 3 && (p[1] == 'R' || p[1] == 'W') && tm_is_digit(p[2])) return TM_REC_MEM;
        if (t.n >= 4 && (p[1] == 'S' || p[1] == 'N') && (p[2] == 'R' || p[2] == 'W') && tm_is_digit(p[3]))
            return TM_REC_MEM;
        break;
    case 'B':
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
    case 'W':
        if (tm_str_eq(t, "WALKCACHE")) return TM_REC_TLB;
        break;
    default:
        break;
    }
    return TM_REC_NONE;
}

static int is_comment(tm_scan *s)
{
    char c = tm_peek(s);
    if (c == '#' || c == ';') return 1;
    return c == '/' && s->pos + 1 < s->len && s->line[s->pos + 1] == '/';
}

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

static int parse_header(tm_scan *s, tm_header *h, tm_kind *kind)
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
        tm_kind k = t.n ? keyword_kind(t) : TM_REC_NONE;
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
            char m[160];
            snprintf(m, sizeof m,
                     "unknown record kind '%.*s' (expected IT, IS, IF, IE, IA, FD, FI, R, E, M.., MU.., B.., CACHE, "
                     "TTW, TTU, TLB, WALKCACHE)", (int)(bad.n > 32 ? 32 : bad.n), bad.p);
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

static int parse_insn(tm_scan *s, tm_str kw, tm_insn *in)
{
    memset(in, 0, sizeof *in);
    static const char st[] = "TSFEA";
    in->status = (uint8_t)(strchr(st, kw.p[1]) - st);
    int rc = scan_paren(s, &in->has_id, &in->id, &in->tag);
    if (rc) return rc;
    if ((rc = tm_scan_addr(s, "instruction address", &in->addr))) return rc;
    uint64_t op;
    tm_skip_space(s);
    size_t opcol = s->pos;
    if ((rc = tm_scan_hex(s, "opcode", &op, &in->opcode_digits, NULL))) return rc;
    if (in->opcode_digits > 8) return tm_scan_fail(s, opcol, "opcode wider than 32 bits", NULL);
    in->opcode = (uint32_t)op;

    tm_str t = tm_scan_peek_token(s);
    if (tm_str_eq(t, "T16") || tm_str_eq(t, "T32")) {  /* Cortex-M RTL: iset then disassembly */
        in->iset = tm_scan_token(s);
        in->disasm = tm_scan_rest(s);
        return TM_OK;
    }
    if (!is_fm_iset(t)) {  /* Cortex-M0 RTL: no iset, no mode */
        in->disasm = tm_scan_rest(s);
        return TM_OK;
    }
    in->iset = tm_scan_token(s);
    /* Fast Models: <mode>{_<security>} : <disasm>. A Cortex-M RTL "X" line has no ':' after a mode. */
    tm_str m = tm_scan_peek_token(s);
    if (m.n == 0) return TM_OK;
    if (tm_str_eq(m, ":")) {
        tm_scan_token(s);
        in->disasm = tm_scan_rest(s);
        return TM_OK;
    }
    size_t save = s->pos;
    tm_scan_token(s);
    tm_str colon = tm_scan_peek_token(s);
    if (!tm_str_eq(colon, ":") && colon.n != 0) {
        if (tm_str_eq(in->iset, "X")) {  /* RTL unknown-instruction line: the rest is disassembly */
            s->pos = save;
            in->disasm = tm_scan_rest(s);
            return TM_OK;
        }
        return tm_scan_fail(s, (size_t)(colon.p - s->line), "expected ':' before the disassembly", NULL);
    }
    in->mode = m;
    for (uint32_t i = m.n; i > 0; i--) {
        if (m.p[i - 1] == '_') {
            in->mode.n = i - 1;
            in->security.p = m.p + i;
            in->security.n = m.n - i;
            break;
        }
    }
    if (colon.n) {
        tm_scan_token(s);
        in->disasm = tm_scan_rest(s);
    }
    return TM_OK;
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
    if (f->iset.n && !is_fm_iset(f->iset))
        return tm_scan_fail(s, (size_t)(f->iset.p - s->line), "expected instruction set A, T, X or O", NULL);
    return expect_end(s, "program flow record");
}

static int parse_reg(tm_scan *s, tm_reg *r)
{
    memset(r, 0, sizeof *r);
    r->name = tm_scan_token(s);
    if (r->name.n == 0) return tm_scan_fail(s, s->pos, "expected register name after 'R'", NULL);
    int rc = tm_scan_value(s, "register value", &r->value);
    if (rc) return rc;
    r->suffix = tm_scan_rest(s);
    return TM_OK;
}

static uint32_t hex32(tm_str t)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < t.n; i++) v = (v << 4) | (uint32_t)tm_hex_val(t.p[i]);
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
            if (rc) fm = 0;
            else if (sub.pos != (size_t)(tok[0].p - s->line) + tok[0].n) fm = 0;
        }
    }
    if (fm) {
        e->has_value = 1;
        for (int i = 1; i < n - 2; i++) {
            if (tm_str_is_hex(tok[i]) && !e->has_value1 && tok[i].n <= 8) {
                e->has_value1 = 1;
                e->value1 = hex32(tok[i]);
            } else if (!tm_str_is_hex(tok[i]) && e->mode.n == 0 && !e->has_value1) {
                e->mode = tok[i];
            } else {
                return tm_scan_fail(s, (size_t)(tok[i].p - s->line), "unexpected field in event record", NULL);
            }
        }
        if (tok[n - 2].n > 8) return tm_scan_fail(s, (size_t)(tok[n - 2].p - s->line), "event number wider than 32 bits", NULL);
        e->has_number = 1;
        e->number = hex32(tok[n - 2]);
        e->desc = tok[n - 1];
        return TM_OK;
    }
    /* Cortex-M RTL shape: E <desc> {<hex arg>}; a longer description is kept whole. */
    s->pos = body;
    if (n == 2 && tm_str_is_hex(tok[1]) && tok[1].n <= 8 && !tm_str_is_hex(tok[0])) {
        e->desc = tok[0];
        e->has_arg = 1;
        e->arg = hex32(tok[1]);
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

int tm_parse_line(const char *line, size_t len, tm_record *rec, tm_error *err)
{
    tm_scan s = { line, len, 0, err };
    rec->kind = TM_REC_NONE;
    if (tm_at_end(&s) || is_comment(&s)) return TM_OK;
    tm_kind kind = TM_REC_NONE;
    int rc = parse_header(&s, &rec->h, &kind);
    if (rc) return rc;
    tm_str kw = tm_scan_token(&s);
    switch (kind) {
    case TM_REC_INSN: rc = parse_insn(&s, kw, &rec->u.insn); break;
    case TM_REC_FLOW: rc = parse_flow(&s, kw, &rec->u.flow); break;
    case TM_REC_REG: rc = parse_reg(&s, &rec->u.reg); break;
    case TM_REC_EVENT: rc = parse_event(&s, &rec->u.event); break;
    case TM_REC_MEM: rc = tm_parse_mem(&s, kw, &rec->u.mem); break;
    case TM_REC_MEM_UPDATE: rc = tm_parse_mem_update(&s, kw, &rec->u.mu); break;
    case TM_REC_BUS: rc = tm_parse_bus(&s, kw, &rec->u.bus); break;
    case TM_REC_CACHE: rc = tm_parse_cache(&s, rec); kind = (tm_kind)rec->kind; break;
    case TM_REC_TTW: rc = tm_parse_ttw(&s, kw, &rec->u.ttw); break;
    case TM_REC_TLB: rc = tm_parse_tlb(&s, kw, &rec->u.tlb); break;
    default: rc = tm_scan_fail(&s, 0, "internal: unhandled record kind", NULL); break;
    }
    if (rc) return rc;
    rec->kind = (uint8_t)kind;
    return TM_OK;
}

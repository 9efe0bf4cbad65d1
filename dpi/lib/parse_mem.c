/* Memory (M.., MU..), bus (B..) and the cache / MMU record bodies. */
#include <stdio.h>
#include <string.h>

#include "parse_families.h"

/* Decimal access size starting at kw.p[*i]; advances *i. Sizes are powers of two up to 64 bytes. */
static int scan_size(tm_scan *s, tm_str kw, uint32_t *i, uint8_t *size)
{
    uint32_t v = 0, b = *i;
    while (*i < kw.n && tm_is_digit(kw.p[*i]) && v < 1000) v = v * 10 + (uint32_t)(kw.p[(*i)++] - '0');
    if (*i == b || v == 0 || v > 64 || (v & (v - 1))) {
        char m[96];
        snprintf(m, sizeof m, "invalid access size in '%.*s' (1, 2, 4, 8, 16, 32 or 64)", (int)kw.n, kw.p);
        return tm_scan_fail(s, (size_t)(kw.p + b - s->line), m, NULL);
    }
    *size = (uint8_t)v;
    return TM_OK;
}

static int flag_fail(tm_scan *s, tm_str kw, uint32_t at, const char *expected)
{
    return tm_scan_fail(s, (size_t)(kw.p + at - s->line), expected, NULL);
}

/* Data of exactly size bytes, in the forms producers write: 2 * size digits, '-' only for whole bytes, groups
 * of 8 digits between '_' or ':'. Data wider than 64 bits is written in groups (Fast Models: '_' every 8
 * digits; RTL tracers: words separated by spaces) or as one token (gem5): each is unambiguous. */
static int check_data(tm_scan *s, size_t col, uint8_t size, const tm_value *v)
{
    unsigned want = 2u * size;
    char m[160];
    if (v->digits != want) {
        snprintf(m, sizeof m, "data %s than the access size: expected %u hex digits for %u bytes, found %u",
                 v->digits > want ? "wider" : "narrower", want, size, v->digits);
        return tm_scan_fail(s, col, m, NULL);
    }
    return tm_scan_value_form(s, v, "access data");
}

/* Address and data, then the end of the line (or a record glued onto it); data of exactly size bytes. A bus
 * address is physical: any width up to 64 bits (Fast Models writes its 48-bit physical addresses as 12 digits). */
static int scan_addr_data(tm_scan *s, uint8_t size, tm_addr *a, tm_value *v, int physical)
{
    int rc = physical ? tm_scan_phys_addr(s, "bus address", a) : tm_scan_addr(s, "access address", a);
    if (rc) return rc;
    tm_skip_space(s);
    size_t col = s->pos;
    if ((rc = tm_scan_value_groups(s, "access data", v))) return rc;
    if ((rc = check_data(s, col, size, v))) return rc;
    return tm_scan_end_or_glued(s, "the access data");
}

/* The Cortex-M0 tracer prints the whole 32-bit bus for a byte or halfword access: the value is on the lanes
 * of the address, the other lanes hold whatever the bus carried. */
static void take_lanes(tm_mem *m)
{
    if (m->size >= 4 || m->data.digits != 8 || m->data.sep) return;
    unsigned shift = 8u * (unsigned)(m->addr.va & 3);
    uint64_t keep = (1ull << (8u * m->size)) - 1;
    m->data.v = (m->data.v >> shift) & keep;
    m->data.unknown = (m->data.unknown >> shift) & keep;
    m->lanes = 1;
}

/* Fast Models: <addr> <data> {(ABORTED)} or <addr> (ABORTED) */
static int scan_fm_addr_data(tm_scan *s, tm_mem *m)
{
    int rc = tm_scan_addr(s, "access address", &m->addr);
    if (rc) return rc;
    m->has_data = 0;
    if (!tm_str_eq(tm_scan_peek_token(s), "(ABORTED)")) {
        tm_skip_space(s);
        size_t col = s->pos;
        if ((rc = tm_scan_value_groups(s, "access data", &m->data))) return rc;
        if ((rc = check_data(s, col, m->size, &m->data))) return rc;
        m->has_data = 1;
    }
    if (tm_str_eq(tm_scan_peek_token(s), "(ABORTED)")) {
        tm_scan_token(s);
        m->error = 1;
    }
    return tm_scan_end_or_glued(s, "the access data");
}

/* Cortex-M/R RTL after the flags: {(<a>:<b>)} <addr>|TRANSFER <data> */
static int scan_rtl_body(tm_scan *s, tm_mem *m)
{
    tm_skip_space(s);
    if (tm_peek(s) == '(') {
        size_t b = ++s->pos;
        while (s->pos < s->len && s->line[s->pos] != ')') s->pos++;
        if (s->pos >= s->len) return tm_scan_fail(s, b - 1, "unterminated '(' before the access address", NULL);
        m->tag = (tm_str){ s->line + b, (uint32_t)(s->pos - b) };
        s->pos++;
    }
    if (tm_str_eq(tm_scan_peek_token(s), "TRANSFER")) { /* a coprocessor transfer: no address */
        tm_scan_token(s);
        m->transfer = 1;
        tm_skip_space(s);
        size_t col = s->pos;
        int rc = tm_scan_value_groups(s, "transfer data", &m->data);
        if (rc) return rc;
        if ((rc = check_data(s, col, m->size, &m->data))) return rc;
        return tm_scan_end_or_glued(s, "the transfer data");
    }
    return scan_addr_data(s, m->size, &m->addr, &m->data, 0);
}

int tm_parse_mem(tm_scan *s, tm_str kw, tm_mem *m)
{
    memset(m, 0, sizeof *m);
    m->has_data = 1;
    uint32_t i = 1;
    int rc;
    if (kw.p[0] != 'M') { /* cs producer: R<sz> / W<sz>, then {X} <addr> <data> */
        m->shape = TM_MEM_CS;
        m->write = kw.p[0] == 'W';
        if ((rc = scan_size(s, kw, &i, &m->size))) return rc;
        tm_str a = tm_scan_peek_token(s);
        if (a.n == 1 && !tm_str_is_hex(a)) {
            m->attrib = a.p[0];
            tm_scan_token(s);
        }
        return scan_addr_data(s, m->size, &m->addr, &m->data, 0);
    }
    if (kw.p[1] == 'S' || kw.p[1] == 'N' || kw.p[1] == 'C') { /* Cortex-M/R RTL: M<sn><rw><sz><od><lk><sp><pt> */
        m->shape = TM_MEM_RTL;
        m->seq = kw.p[1];
        m->write = kw.p[2] == 'W';
        i = 3;
        if ((rc = scan_size(s, kw, &i, &m->size))) return rc;
        if (kw.n - i != 4) return flag_fail(s, kw, i, "expected four flags <od><lk><sp><pt> after the size");
        m->od = kw.p[i];
        m->lk = kw.p[i + 1];
        m->sp = kw.p[i + 2];
        m->pt = kw.p[i + 3];
        if (m->od != 'O' && m->od != '_') return flag_fail(s, kw, i, "expected 'O' or '_' (opcode/data)");
        if (m->lk != 'L' && m->lk != '_') return flag_fail(s, kw, i + 1, "expected 'L' or '_' (lock)");
        if (m->sp != 'S' && m->sp != '_') return flag_fail(s, kw, i + 2, "expected 'S' or '_' (speculative)");
        if (!m->pt || !strchr("ADISR_", m->pt)) return flag_fail(s, kw, i + 3, "expected port A, D, I, S, R or '_'");
        return scan_rtl_body(s, m);
    }
    m->write = kw.p[1] == 'W';
    i = 2;
    if ((rc = scan_size(s, kw, &i, &m->size))) return rc;
    uint32_t rest = kw.n - i;
    if (rest == 0) {
        m->shape = TM_MEM_FM;
    } else if (rest == 1) {
        m->shape = TM_MEM_FM;
        m->attrib = kw.p[i];
        if (m->attrib != 'X' && m->attrib != 'T' && m->attrib != 'L')
            return flag_fail(s, kw, i, "expected access attribute X, T or L");
    } else if (rest == 2) {  /* Cortex-M0 tracer: _D / _I, E instead of _ on error */
        m->shape = TM_MEM_M0;
        if (kw.p[i] != '_' && kw.p[i] != 'E') return flag_fail(s, kw, i, "expected '_' or 'E' (error)");
        m->error = kw.p[i] == 'E';
        m->od = kw.p[i + 1];
        if (m->od != 'D' && m->od != 'I') return flag_fail(s, kw, i + 1, "expected 'D' or 'I' (data/instruction)");
        if ((rc = tm_scan_addr(s, "access address", &m->addr))) return rc;
        tm_skip_space(s);
        size_t col = s->pos;
        if ((rc = tm_scan_value(s, "access data", &m->data))) return rc;
        take_lanes(m);
        if (m->lanes) rc = tm_scan_value_form(s, &m->data, "access data");
        else rc = check_data(s, col, m->size, &m->data);
        if (rc) return rc;
        return tm_scan_end_or_glued(s, "the access data");
    } else {
        return flag_fail(s, kw, i, "unexpected flags after the access size");
    }
    return scan_fm_addr_data(s, m);
}

int tm_parse_mem_update(tm_scan *s, tm_str kw, tm_mem_update *mu)
{
    memset(mu, 0, sizeof *mu);
    uint32_t i = 2;
    int rc = scan_size(s, kw, &i, &mu->size);
    if (rc) return rc;
    if (i >= kw.n || kw.p[i] != '_' || i + 1 >= kw.n)
        return flag_fail(s, kw, i, "expected '_<atomic op>' after the size (e.g. MU4_ADD)");
    mu->op.p = kw.p + i + 1;
    mu->op.n = kw.n - i - 1;
    return scan_addr_data(s, mu->size, &mu->addr, &mu->data, 0);
}

int tm_parse_bus(tm_scan *s, tm_str kw, tm_bus *b)
{
    memset(b, 0, sizeof *b);
    uint32_t i;
    int rc;
    if (kw.p[1] == 'S' || kw.p[1] == 'N') {  /* Cortex-M RTL: B<sn><rw><sz><od><lk><sp><pt> */
        b->shape = TM_BUS_RTL;
        b->seq = kw.p[1];
        b->write = kw.p[2] == 'W';
        i = 3;
        if ((rc = scan_size(s, kw, &i, &b->size))) return rc;
        if (kw.n - i != 4) return flag_fail(s, kw, i, "expected four flags <od><lk><sp><pt> after the size");
        b->fd = kw.p[i];
        b->lk = kw.p[i + 1];
        b->priv = kw.p[i + 2];
        b->sec = kw.p[i + 3];
        if (b->fd != 'O' && b->fd != '_') return flag_fail(s, kw, i, "expected 'O' or '_' (opcode/data)");
        if (b->lk != 'L' && b->lk != '_') return flag_fail(s, kw, i + 1, "expected 'L' or '_' (lock)");
        if (b->priv != 'S' && b->priv != '_') return flag_fail(s, kw, i + 2, "expected 'S' or '_' (speculative)");
        if (b->sec != 'I' && b->sec != 'D' && b->sec != 'S') return flag_fail(s, kw, i + 3, "expected bus I, D or S");
        return scan_addr_data(s, b->size, &b->addr, &b->data, 0);
    }
    /* Fast Models: B<rw><sz><fd><lk><p><s> I<wrcbs> O<wrcbs> <master_id> <addr> <data> */
    b->shape = TM_BUS_FM;
    b->write = kw.p[1] == 'W';
    i = 2;
    if ((rc = scan_size(s, kw, &i, &b->size))) return rc;
    if (kw.n - i != 4) return flag_fail(s, kw, i, "expected four flags <fd><lk><p><s> after the size");
    b->fd = kw.p[i];
    b->lk = kw.p[i + 1];
    b->priv = kw.p[i + 2];
    b->sec = kw.p[i + 3];
    if (b->fd != 'I' && b->fd != 'D') return flag_fail(s, kw, i, "expected 'I' or 'D' (fetch/data)");
    if (b->lk != 'L' && b->lk != 'X' && b->lk != '_') return flag_fail(s, kw, i + 1, "expected 'L', 'X' or '_'");
    if (b->priv != 'P' && b->priv != '_') return flag_fail(s, kw, i + 2, "expected 'P' or '_' (privileged)");
    if (b->sec != 'S' && b->sec != 'N') return flag_fail(s, kw, i + 3, "expected 'S' or 'N' (security)");
    for (int k = 0; k < 2; k++) {
        tm_str a = tm_scan_token(s);
        char lead = k == 0 ? 'I' : 'O';
        if (a.n != 6 || a.p[0] != lead)
            return tm_scan_fail(s, a.n ? (size_t)(a.p - s->line) : s->pos,
                                k == 0 ? "expected inner attributes I<wrcbs>" : "expected outer attributes O<wrcbs>",
                                NULL);
        char *dst = k == 0 ? b->inner : b->outer;
        static const char allowed[] = "WRCBS";
        for (int j = 0; j < 5; j++) {
            char c = a.p[1 + j];
            if (c != '_' && c != allowed[j])
                return tm_scan_fail(s, (size_t)(a.p + 1 + j - s->line), "invalid cache attribute flag", NULL);
            dst[j] = c;
        }
        dst[5] = '\0';
    }
    b->master_id = tm_scan_token(s);
    if (b->master_id.n == 0) return tm_scan_fail(s, s->pos, "expected master id", NULL);
    return scan_addr_data(s, b->size, &b->addr, &b->data, 1);
}

/* 0x<paddr>{_NS} */
static int scan_paddr(tm_scan *s, tm_addr *a)
{
    memset(a, 0, sizeof *a);
    int rc = tm_scan_hex(s, "cache line address", &a->va, &a->va_digits, "_");
    if (rc) return rc;
    if (tm_peek(s) == '_') {
        if (s->len - s->pos >= 3 && s->line[s->pos + 1] == 'N' && s->line[s->pos + 2] == 'S') {
            a->pa_ns = 1;
            s->pos += 3;
        } else {
            return tm_scan_fail(s, s->pos, "expected '_NS' after the cache line address", NULL);
        }
    }
    return TM_OK;
}

int tm_parse_cache(tm_scan *s, tm_record *rec)
{
    tm_str t = tm_scan_token(s);
    if (tm_str_eq(t, "MAINTENANCE")) {
        tm_cache_maint *c = &rec->u.cmaint;
        memset(c, 0, sizeof *c);
        rec->kind = TM_REC_CACHE_MAINT;
        c->side = tm_scan_token(s);
        c->operation = tm_scan_token(s);
        c->scope = tm_scan_token(s);
        if (c->scope.n == 0)
            return tm_scan_fail(s, s->pos, "expected 'CACHE MAINTENANCE <side> <operation> <scope> <data>'", NULL);
        c->rest = tm_scan_rest(s);
        return TM_OK;
    }
    tm_cache *c = &rec->u.cache;
    memset(c, 0, sizeof *c);
    rec->kind = TM_REC_CACHE;
    c->id = t;
    if (t.n == 0) return tm_scan_fail(s, s->pos, "expected cache id or MAINTENANCE after 'CACHE'", NULL);
    tm_str kwline = tm_scan_token(s);
    if (!tm_str_eq(kwline, "LINE"))
        return tm_scan_fail(s, kwline.n ? (size_t)(kwline.p - s->line) : s->pos, "expected 'LINE' after the cache id", NULL);
    c->line = tm_scan_token(s);
    if (!tm_str_is_hex(c->line))
        return tm_scan_fail(s, c->line.n ? (size_t)(c->line.p - s->line) : s->pos, "expected hex cache line number", NULL);
    c->operation = tm_scan_token(s);
    if (c->operation.n == 0) return tm_scan_fail(s, s->pos, "expected cache line operation (ALLOC, INVAL, ...)", NULL);
    int rc = scan_paddr(s, &c->paddr);
    if (rc) return rc;
    if (!tm_at_end(s)) return tm_scan_fail(s, s->pos, "unexpected text after cache record", NULL);
    return TM_OK;
}

int tm_parse_ttw(tm_scan *s, tm_str kw, tm_ttw *t)
{
    memset(t, 0, sizeof *t);
    t->update = kw.p[2] == 'U';
    t->side = tm_scan_token(s);
    t->format = tm_scan_token(s);
    tm_str sl = tm_scan_token(s);
    if (t->format.n == 0 || sl.n != 3 || !tm_is_digit(sl.p[0]) || sl.p[1] != ':' || !tm_is_digit(sl.p[2]))
        return tm_scan_fail(s, sl.n ? (size_t)(sl.p - s->line) : s->pos,
                            "expected '<side> <format> <stage>:<level>' in translation table walk", NULL);
    t->stage = (uint8_t)(sl.p[0] - '0');
    t->level = (uint8_t)(sl.p[2] - '0');
    int rc = tm_scan_value(s, "walk address", &t->address);
    if (rc) return rc;
    tm_skip_space(s);
    size_t col = s->pos;
    if ((rc = tm_scan_value(s, "walk data", &t->data))) return rc;
    if (t->data.digits != 8 && t->data.digits != 16) /* a short (VMSA) or long (LPAE) descriptor */
        return tm_scan_fail(s, col, "expected a translation table entry of 8 or 16 hex digits", NULL);
    tm_str colon = tm_scan_token(s);
    if (!tm_str_eq(colon, ":"))
        return tm_scan_fail(s, colon.n ? (size_t)(colon.p - s->line) : s->pos, "expected ': <result>' after walk data", NULL);
    t->result = tm_scan_rest(s);
    if (t->result.n == 0) return tm_scan_fail(s, s->pos, "expected walk result after ':'", NULL);
    return TM_OK;
}

int tm_parse_tlb(tm_scan *s, tm_str kw, tm_tlb *t)
{
    memset(t, 0, sizeof *t);
    t->walkcache = kw.p[0] == 'W';
    tm_str op = tm_scan_token(s);
    if (tm_str_eq(op, "EVICT")) t->evict = 1;
    else if (!tm_str_eq(op, "FILL"))
        return tm_scan_fail(s, op.n ? (size_t)(op.p - s->line) : s->pos, "expected FILL or EVICT", NULL);
    t->id = tm_scan_token(s);
    t->size = tm_scan_token(s);
    t->rest = tm_scan_rest(s);
    if (t->rest.n == 0) return tm_scan_fail(s, s->pos, "expected '<id> <size> <virtual regime>' in TLB record", NULL);
    return TM_OK;
}

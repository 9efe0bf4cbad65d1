/* Step boundaries (tm_step_opens, tm_event_entry) and the step-wise comparison tarmac-diff uses across
 * producers (tm_diff_steps): the value semantics of the lockstep checker, on two traces. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tarmac/diff.h"
#include "tarmac/parse.h"
#include "tarmac/regs.h"

static int name_is(tm_str s, const char *lit)
{
    size_t n = strlen(lit);
    return s.n == n && strncasecmp(s.p, lit, n) == 0;
}

int tm_event_entry(const tm_event *e)
{
    if (e->es) return (e->es == TM_EVENT_ES_EXC || e->es == TM_EVENT_EXC) && !name_is(e->desc, "Reset");
    tm_str n = e->desc;
    if (n.n > 10 && strncasecmp(n.p, "CoreEvent_", 10) == 0) {
        n.p += 10;
        n.n -= 10;
    }
    if (name_is(n, "ModeChange")) return name_is(e->mode, "handler") ? 2 : 0;
    static const char *const names[] = { "NMI", "HARDFAULT", "SVCALL", "SVC", "PENDSV", "SYSTICK", "IRQ",
                                         "INT_TAKEN", "INT_ENTRY", "EXCEPTION" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (name_is(n, names[i])) return 1;
    return 0;
}

int tm_step_opens(tm_step_state *st, const tm_record *r)
{
    if (r->kind == TM_REC_INSN) {
        st->kind = TM_STEP_INSN;
        st->has_exc_event = 0;
        return 1;
    }
    if (r->kind != TM_REC_EVENT) return 0;
    int k = tm_event_entry(&r->u.event);
    if (!k) return 0;
    /* the entry event of an exception step opened by its mode change belongs to that step */
    int opens = !(st->kind == TM_STEP_EXC && !st->has_exc_event);
    if (opens) {
        st->kind = TM_STEP_EXC;
        st->has_exc_event = 0;
    }
    if (k == 1) st->has_exc_event = 1;
    return opens;
}

typedef struct reg_ent {
    char key[40];          /* canonical name */
    long idx;              /* record index in the step */
} reg_ent;

typedef struct byte_ent {
    uint64_t addr;
    uint8_t write, value, unknown;
    long idx;
} byte_ent;

typedef struct side_scratch {
    reg_ent *regs;
    byte_ent *bytes;
    long *other;           /* records compared in order */
    long *mem;             /* M records, for the in-order fast path */
    size_t nregs, nbytes, nother, nmem, cap_regs, cap_bytes, cap_other, cap_mem;
    int only_m;            /* every memory record is an M line */
} side_scratch;

struct tm_step_cmp {
    side_scratch s[2];
};

tm_step_cmp *tm_step_cmp_new(void) { return calloc(1, sizeof(tm_step_cmp)); }

void tm_step_cmp_free(tm_step_cmp *c)
{
    if (!c) return;
    for (int i = 0; i < 2; i++) {
        free(c->s[i].regs);
        free(c->s[i].bytes);
        free(c->s[i].other);
        free(c->s[i].mem);
    }
    free(c);
}

/* Room for one more element; amortised doubling. */
static int reserve(void **p, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap) return 0;
    size_t nc = *cap ? 2 * *cap : 64;
    void *q = realloc(*p, nc * elem);
    if (!q) return -1;
    *p = q;
    *cap = nc;
    return 0;
}

/* Canonical register name: the checker's ids by their names; other registers lower-cased, with the banked
 * r13_<mode> / r14_<mode> spelled sp_<mode> / lr_<mode>. */
static void reg_key(const tm_reg *r, char key[40])
{
    int id = tm_reg_id_of(r);
    if (id >= 0) {
        const char *n = tm_reg_name(id);
        size_t k = strlen(n);
        memcpy(key, n, k + 1);
        return;
    }
    uint32_t n = r->name.n < 39 ? r->name.n : 39, skip = 0;
    const char *prefix = "";
    if (n > 4 && (strncasecmp(r->name.p, "r13_", 4) == 0 || strncasecmp(r->name.p, "r14_", 4) == 0)) {
        prefix = r->name.p[2] == '3' ? "sp_" : "lr_";
        skip = 4;
    }
    size_t k = strlen(prefix);
    memcpy(key, prefix, k);
    for (uint32_t i = skip; i < n && k < 39; i++) key[k++] = (char)tolower((unsigned char)r->name.p[i]);
    key[k] = '\0';
}

static int is_fetch(const tm_mem *m)
{
    return (m->shape == TM_MEM_RTL && m->od == 'O') || (m->shape == TM_MEM_M0 && m->od == 'I');
}

/* Bytes of an M record's data, least significant (lowest address) first. */
static void mem_bytes(const tm_mem *m, uint8_t *val, uint8_t *unk)
{
    const tm_value *v = &m->data;
    unsigned n = m->size;
    memset(val, 0, n);
    memset(unk, !(m->has_data || !m->error || m->shape != TM_MEM_FM), n); /* an abort without data: unknown */
    if (v->digits <= 16 || m->lanes) {
        for (unsigned i = 0; i < n && i < 8; i++) {
            val[i] = (uint8_t)(v->v >> (8 * i));
            if ((v->unknown >> (8 * i)) & 0xff) unk[i] = 1;
        }
        return;
    }
    unsigned nib = 0; /* wider values: from the digits as written, the last digit lowest */
    for (uint32_t i = v->text.n; i > 0 && nib / 2 < n; i--) {
        char c = v->text.p[i - 1];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (c == '_' || c == ':' || c == ' ') continue;
        if (d < 0) unk[nib / 2] = 1;
        else val[nib / 2] |= (uint8_t)(d << (4 * (nib % 2)));
        nib++;
    }
}

static int add_byte(side_scratch *s, uint64_t addr, int write, uint8_t value, uint8_t unknown, long idx)
{
    if (reserve((void **)&s->bytes, &s->cap_bytes, s->nbytes, sizeof *s->bytes)) return -1;
    s->bytes[s->nbytes++] = (byte_ent){ addr, (uint8_t)write, value, unknown, idx };
    return 0;
}

/* Sort the step's records into registers (last value per name), bytes accessed and records kept in order. */
static int collect(side_scratch *s, const tm_record *r, size_t n)
{
    s->nregs = s->nbytes = s->nother = s->nmem = 0;
    s->only_m = 1;
    for (size_t i = 1; i < n + 1; i++) {
        const tm_record *x = &r[i - 1];
        long idx = (long)(i - 1);
        switch ((tm_kind)x->kind) {
        case TM_REC_REG: {
            const tm_reg *g = &x->u.reg;
            if (!g->op.n) {
                if (g->value.unknown_digits == g->value.digits) break; /* no value written */
                char key[40];
                reg_key(g, key);
                size_t k = 0;
                while (k < s->nregs && strcmp(s->regs[k].key, key) != 0) k++;
                if (k == s->nregs) {
                    if (reserve((void **)&s->regs, &s->cap_regs, s->nregs, sizeof *s->regs)) return -1;
                    memcpy(s->regs[k].key, key, sizeof key);
                    s->nregs++;
                }
                s->regs[k].idx = idx; /* the last write is the value */
                break;
            }
            goto in_order; /* a system operation */
        }
        case TM_REC_MEM: {
            const tm_mem *m = &x->u.mem;
            if (is_fetch(m) || m->transfer || m->seq == 'C') break;
            if (reserve((void **)&s->mem, &s->cap_mem, s->nmem, sizeof *s->mem)) return -1;
            s->mem[s->nmem++] = idx;
            uint8_t val[64], unk[64];
            mem_bytes(m, val, unk);
            for (unsigned b = 0; b < m->size; b++)
                if (add_byte(s, m->addr.va + b, m->write, val[b], unk[b], idx)) return -1;
            break;
        }
        case TM_REC_LDST: {
            const tm_ldst *m = &x->u.ldst;
            s->only_m = 0;
            for (unsigned b = 0; b < 16; b++)
                if ((m->mask >> b & 1) &&
                    add_byte(s, m->addr.va + b, m->write, m->bytes[b], (uint8_t)(m->unknown >> b & 1), idx))
                    return -1;
            break;
        }
        case TM_REC_FLOW:
        case TM_REC_MEM_UPDATE:
        case TM_REC_BUS:
        case TM_REC_CACHE_MAINT:
        case TM_REC_CACHE:
        case TM_REC_TTW:
        case TM_REC_TLB:
        in_order:
            if (reserve((void **)&s->other, &s->cap_other, s->nother, sizeof *s->other)) return -1;
            s->other[s->nother++] = idx;
            break;
        default:
            break; /* events, status lines, branches: not compared (the opener is, separately) */
        }
    }
    return 0;
}

/* qsort of n elements; nothing to do (and a NULL array is allowed) when n is 0 */
static void sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1) qsort(base, n, size, cmp);
}

static int cmp_reg_ent(const void *x, const void *y) { return strcmp(((const reg_ent *)x)->key, ((const reg_ent *)y)->key); }

static int cmp_byte_ent(const void *x, const void *y)
{
    const byte_ent *a = x, *b = y;
    if (a->addr != b->addr) return a->addr < b->addr ? -1 : 1;
    if (a->write != b->write) return a->write < b->write ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static int find_key(const side_scratch *s, const char *key)
{
    for (size_t i = 0; i < s->nregs; i++)
        if (!strcmp(s->regs[i].key, key)) return (int)i;
    return -1;
}

/* r13 written as "sp" on one side stands for the banked register the other side names (msp or psp). */
static void match_plain_sp(side_scratch *x, side_scratch *y)
{
    int sx = find_key(x, "sp");
    if (sx < 0 || find_key(y, "sp") >= 0) return;
    int m = find_key(y, "msp"), p = find_key(y, "psp");
    if ((m >= 0) == (p >= 0)) return;
    if (find_key(x, m >= 0 ? "msp" : "psp") >= 0) return;
    snprintf(x->regs[sx].key, sizeof x->regs[sx].key, "%s", m >= 0 ? "msp" : "psp");
}

static void say(char *why, size_t size, const char *fmt, const char *a, const char *b)
{
    if (why && size) snprintf(why, size, fmt, a, b);
}

/* The exception number a step's entry names, or -1. */
static long exc_number(const tm_record *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (r[i].kind != TM_REC_EVENT || tm_event_entry(&r[i].u.event) != 1) continue;
        const tm_event *e = &r[i].u.event;
        if (e->has_number) return (long)e->number;
        if (e->has_arg) return (long)e->arg;
    }
    return -1;
}

static int step_kind(const tm_record *r, size_t n)
{
    if (n == 0) return TM_STEP_RESET;
    return r[0].kind == TM_REC_INSN ? TM_STEP_INSN : TM_STEP_EXC;
}

int tm_diff_steps(tm_step_cmp *c, const tm_record *a, size_t na, const tm_record *b, size_t nb, int reset,
                  unsigned ignore, long *ia, long *ib, char *why, size_t size)
{
    if (why && size) why[0] = '\0';
    *ia = *ib = -1;
    /* the same records in the same order: equal without sorting anything (traces of one producer) */
    if (na == nb) {
        size_t i = 0;
        while (i < na && tm_diff_records(&a[i], &b[i], ignore, NULL, 0) == 0) i++;
        if (i == na) return 0;
    }
    /* the openers */
    if (!reset) {
        int ka = step_kind(a, na), kb = step_kind(b, nb);
        *ia = na ? 0 : -1;
        *ib = nb ? 0 : -1;
        if (ka != kb) {
            say(why, size, "step: %s vs %s", ka == TM_STEP_INSN ? "instruction" : "exception entry",
                kb == TM_STEP_INSN ? "instruction" : "exception entry");
            return 1;
        }
        if (ka == TM_STEP_INSN && tm_diff_records(&a[0], &b[0], ignore, why, size)) return 1;
        if (ka == TM_STEP_EXC) {
            long xa = exc_number(a, na), xb = exc_number(b, nb);
            if (xa >= 0 && xb >= 0 && xa != xb) {
                char s1[24], s2[24];
                snprintf(s1, sizeof s1, "%ld", xa);
                snprintf(s2, sizeof s2, "%ld", xb);
                say(why, size, "exception number: %s vs %s", s1, s2);
                return 1;
            }
        }
    }
    side_scratch *x = &c->s[0], *y = &c->s[1];
    if (collect(x, a, na) || collect(y, b, nb)) return -1;
    /* registers: the final value of each, by canonical name */
    match_plain_sp(x, y);
    match_plain_sp(y, x);
    sort(x->regs, x->nregs, sizeof *x->regs, cmp_reg_ent);
    sort(y->regs, y->nregs, sizeof *y->regs, cmp_reg_ent);
    for (size_t i = 0, j = 0; i < x->nregs || j < y->nregs;) {
        int d = i == x->nregs ? 1 : j == y->nregs ? -1 : strcmp(x->regs[i].key, y->regs[j].key);
        if (d != 0) {
            if (reset) { /* initial-state dumps differ by producer */
                if (d < 0) i++;
                else j++;
                continue;
            }
            const reg_ent *e = d < 0 ? &x->regs[i] : &y->regs[j];
            *ia = d < 0 ? e->idx : -1;
            *ib = d < 0 ? -1 : e->idx;
            say(why, size, "register %s: written only in %s", e->key, d < 0 ? "A" : "B");
            return 1;
        }
        const tm_record *ra = &a[x->regs[i].idx], *rb = &b[y->regs[j].idx];
        char w[256];
        tm_record ta = *ra, tb = *rb;
        /* the names are equal by now (aliases resolved): compare the values */
        tb.u.reg.name = ta.u.reg.name;
        tb.u.reg.suffix = ta.u.reg.suffix;
        tb.u.reg.qualifier = ta.u.reg.qualifier;
        if (tm_diff_records(&ta, &tb, ignore | TM_IGNORE_TIME | TM_IGNORE_CPU, w, sizeof w)) {
            *ia = x->regs[i].idx;
            *ib = y->regs[j].idx;
            say(why, size, "%s%s", w, "");
            return 1;
        }
        i++;
        j++;
    }
    if (reset) return 0;
    /* memory: M lines in the same order and number compare field by field; otherwise the bytes accessed */
    long pa = -1, pb = -1;
    char pw[256] = "";
    if (x->only_m && y->only_m && x->nmem == y->nmem) {
        for (size_t i = 0; i < x->nmem && pa < 0; i++)
            if (tm_diff_records(&a[x->mem[i]], &b[y->mem[i]], ignore | TM_IGNORE_TIME | TM_IGNORE_CPU, pw, sizeof pw)) {
                pa = x->mem[i];
                pb = y->mem[i];
            }
        if (pa < 0) goto others;
    }
    sort(x->bytes, x->nbytes, sizeof *x->bytes, cmp_byte_ent);
    sort(y->bytes, y->nbytes, sizeof *y->bytes, cmp_byte_ent);
    for (size_t i = 0; i < x->nbytes || i < y->nbytes; i++) {
        const byte_ent *p = i < x->nbytes ? &x->bytes[i] : NULL, *q = i < y->nbytes ? &y->bytes[i] : NULL;
        if (p && q && p->addr == q->addr && p->write == q->write && (p->unknown || q->unknown || p->value == q->value))
            continue;
        if (pa >= 0) { /* the first M line pair that differs says it best */
            *ia = pa;
            *ib = pb;
            say(why, size, "%s%s", pw, "");
            return 1;
        }
        *ia = p ? p->idx : -1;
        *ib = q ? q->idx : -1;
        char s1[64] = "nothing", s2[64] = "nothing";
        if (p) snprintf(s1, sizeof s1, "%s %08llx = %02x", p->write ? "write" : "read", (unsigned long long)p->addr, p->value);
        if (q) snprintf(s2, sizeof s2, "%s %08llx = %02x", q->write ? "write" : "read", (unsigned long long)q->addr, q->value);
        say(why, size, "memory byte: %s vs %s", s1, s2);
        return 1;
    }
others:
    for (size_t i = 0; i < x->nother || i < y->nother; i++) {
        if (i >= x->nother || i >= y->nother) {
            *ia = i < x->nother ? x->other[i] : -1;
            *ib = i < y->nother ? y->other[i] : -1;
            const tm_record *e = i < x->nother ? &a[x->other[i]] : &b[y->other[i]];
            say(why, size, "%s record only in %s", tm_kind_name((tm_kind)e->kind), i < x->nother ? "A" : "B");
            return 1;
        }
        if (tm_diff_records(&a[x->other[i]], &b[y->other[i]], ignore | TM_IGNORE_TIME | TM_IGNORE_CPU, why, size)) {
            *ia = x->other[i];
            *ib = y->other[i];
            return 1;
        }
    }
    return 0;
}

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
    if (!e) return 0;
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
    if (!st || !r) return 0;
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

/* The shadow entries of the checker's register ids come first in a fixed table; other registers are hashed. */
enum { CORE_SHADOWS = TM_REG_COUNT };

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


/* A register's value in a shadow register file: the low 64 bits, and the digits of a wider value. */
typedef struct reg_value {
    uint64_t v, unknown;   /* unknown: the bits whose digit was not known (x, X, -) */
    uint16_t digits;
    char *wide;            /* digits > 16: the digits, '?' for an unknown one, most significant first (owned) */
} reg_value;

typedef struct shadow_ent {
    char key[40];          /* canonical name; "" for a free slot */
    uint8_t known[2];
    reg_value val[2];
    uint64_t uncompared[2]; /* writes on side i not compared: the other side traces no register of this kind */
} shadow_ent;

struct tm_step_cmp {
    side_scratch s[2];
    shadow_ent core[CORE_SHADOWS]; /* the checker's register ids, by id */
    shadow_ent *shadow;    /* other registers: open addressing on the key */
    size_t cap, used;
    uint8_t sp_seen[2];    /* each side has written a stack pointer */
    tm_step_notes notes;
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
    for (size_t i = 0; i < c->cap; i++) {
        free(c->shadow[i].val[0].wide);
        free(c->shadow[i].val[1].wide);
    }
    for (size_t i = 0; i < CORE_SHADOWS; i++) {
        free(c->core[i].val[0].wide);
        free(c->core[i].val[1].wide);
    }
    free(c->shadow);
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
 * r13_<mode> / r14_<mode> spelled sp_<mode> / lr_<mode>; a foreign register (one the profile does not model)
 * exactly as written and marked so: no alias or case is known for it, and it is never a known register. */
static void reg_key(const tm_reg *r, char key[40])
{
    const char *p = r->name.p;
    if (r->foreign) {
        snprintf(key, 40, "%.*s (foreign)", (int)(r->name.n < 29 ? r->name.n : 29), p);
        return;
    }
    if (r->name.n == 2 && (p[0] | 0x20) == 'r' && isdigit((unsigned char)p[1]) && !r->suffix.n && !r->qualifier.n) {
        key[0] = 'r'; /* r0-r9: most register records, named without the catalogue */
        key[1] = p[1];
        key[2] = '\0';
        return;
    }
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
    } else if (n >= 2 && n <= 3 && (r->name.p[0] == 'w' || r->name.p[0] == 'W') && isdigit((unsigned char)r->name.p[1])) {
        prefix = "x"; /* a write of Wn writes Xn, zero-extended */
        skip = 1;
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

/* 1 when key names a banked copy of base: msp / psp or sp_<bank> for "sp", lr_<bank> for "lr". */
static int banked_of(const char *key, const char *base)
{
    size_t n = strlen(base);
    if (!strcmp(base, "sp") && (!strcmp(key, "msp") || !strcmp(key, "psp"))) return 1;
    return !strncmp(key, base, n) && key[n] == '_';
}

/* r13 / r14 written as "sp" / "lr" on one side stands for the banked register the other side names in the step
 * (msp, psp, sp_svc, lr_irq, sp_el3 ...), when it names exactly one. */
static void match_plain(side_scratch *x, side_scratch *y, const char *base)
{
    int sx = find_key(x, base);
    if (sx < 0 || find_key(y, base) >= 0) return;
    int found = -1;
    for (size_t i = 0; i < y->nregs; i++) {
        if (!banked_of(y->regs[i].key, base)) continue;
        if (found >= 0) return;
        found = (int)i;
    }
    if (found < 0 || find_key(x, y->regs[found].key) >= 0) return;
    snprintf(x->regs[sx].key, sizeof x->regs[sx].key, "%s", y->regs[found].key);
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

/* ---- Shadow register files: each side's last value of every register, by canonical name ---- */

/* The stack pointers: sp, msp, psp, sp_<bank>, sp_el<n>. A producer may trace none of them (gem5's tracer): while
 * a trace has written no stack pointer, the other trace's stack-pointer writes are not compared. */
static int is_stack_pointer(const char *key)
{
    if (key[0] == 'm' || key[0] == 'p') return key[1] == 's' && key[2] == 'p' && !key[3];
    return key[0] == 's' && key[1] == 'p' && (!key[2] || key[2] == '_');
}

static size_t key_hash(const char *k)
{
    size_t h = 2166136261u;
    for (; *k; k++) h = (h ^ (unsigned char)*k) * 16777619u;
    return h;
}

/* The id of a canonical name that names one of the checker's registers, or -1. */
static int core_id(const char *key)
{
    int id = -1;
    switch (key[0]) {
    case 'r':
        if (!isdigit((unsigned char)key[1])) return -1;
        if (!key[2]) return key[1] - '0';
        return key[1] == '1' && key[2] >= '0' && key[2] <= '2' && !key[3] ? 10 + key[2] - '0' : -1;
    case 's': id = TM_REG_SP; break;
    case 'l': id = TM_REG_LR; break;
    case 'x': id = TM_REG_XPSR; break;
    case 'm': id = TM_REG_MSP; break;
    case 'c': id = TM_REG_CONTROL; break;
    case 'p':
        id = key[1] == 'c' ? TM_REG_PC : key[1] == 's' ? TM_REG_PSP : TM_REG_PRIMASK;
        break;
    default: return -1;
    }
    return strcmp(key, tm_reg_name(id)) ? -1 : id;
}

/* The shadow entry of key, made when absent; NULL when out of memory. */
static shadow_ent *shadow_of(tm_step_cmp *c, const char *key)
{
    int id = core_id(key);
    if (id >= 0) {
        if (!c->core[id].key[0]) snprintf(c->core[id].key, sizeof c->core[id].key, "%s", key);
        return &c->core[id];
    }
    if (2 * (c->used + 1) > c->cap) {
        size_t nc = c->cap ? 2 * c->cap : 64;
        shadow_ent *t = calloc(nc, sizeof *t);
        if (!t) return NULL;
        for (size_t i = 0; i < c->cap; i++) {
            if (!c->shadow[i].key[0]) continue;
            size_t j = key_hash(c->shadow[i].key) & (nc - 1);
            while (t[j].key[0]) j = (j + 1) & (nc - 1);
            t[j] = c->shadow[i];
        }
        free(c->shadow);
        c->shadow = t;
        c->cap = nc;
    }
    size_t j = key_hash(key) & (c->cap - 1);
    while (c->shadow[j].key[0] && strcmp(c->shadow[j].key, key)) j = (j + 1) & (c->cap - 1);
    if (!c->shadow[j].key[0]) {
        snprintf(c->shadow[j].key, sizeof c->shadow[j].key, "%s", key);
        c->used++;
    }
    return &c->shadow[j];
}

/* A record's value as a reg_value; a wide one's digits go to buf (520 bytes). */
static void value_of(const tm_value *t, reg_value *rv, char *buf)
{
    rv->v = t->v;
    rv->unknown = t->unknown;
    rv->digits = t->digits;
    rv->wide = NULL;
    if (t->digits <= 16) return;
    size_t n = 0;
    for (uint32_t i = 0; i < t->text.n && n < 512; i++) {
        char ch = t->text.p[i];
        if (ch == '_' || ch == ':' || ch == ' ') continue;
        buf[n++] = ch == 'x' || ch == 'X' || ch == '-' ? '?' : (char)tolower((unsigned char)ch);
    }
    buf[n] = '\0';
    rv->wide = buf;
}

/* Digits of v, most significant first, '?' for an unknown one. */
static const char *digits_of(const reg_value *v, char buf[17])
{
    if (v->wide) return v->wide;
    static const char hexd[] = "0123456789abcdef";
    unsigned n = v->digits > 16 ? 16 : v->digits ? v->digits : 1;
    for (unsigned i = 0; i < n; i++) {
        unsigned sh = 4 * (n - 1 - i);
        buf[i] = (v->unknown >> sh & 15) ? '?' : hexd[v->v >> sh & 15];
    }
    buf[n] = '\0';
    return buf;
}

/* Values equal on every digit both know (a digit past a value's width is 0); *unknown set when a digit was not
 * compared. */
static int value_eq(const reg_value *a, const reg_value *b, int *unknown)
{
    if (!a->wide && !b->wide) {
        uint64_t unk = a->unknown | b->unknown;
        *unknown = unk != 0;
        return ((a->v ^ b->v) & ~unk) == 0;
    }
    char ba[17], bb[17];
    const char *x = digits_of(a, ba), *y = digits_of(b, bb);
    size_t nx = strlen(x), ny = strlen(y);
    *unknown = 0;
    for (size_t i = 0; i < nx || i < ny; i++) {
        char p = i < nx ? x[nx - 1 - i] : '0', q = i < ny ? y[ny - 1 - i] : '0';
        if (p == '?' || q == '?') *unknown = 1;
        else if (p != q) return 0;
    }
    return 1;
}

static int store(reg_value *dst, const reg_value *src)
{
    char *keep = dst->wide;
    *dst = *src;
    dst->wide = keep;
    if (!src->wide) return 0;
    size_t n = strlen(src->wide) + 1;
    char *w = realloc(keep, n);
    if (!w) return -1;
    memcpy(w, src->wide, n);
    dst->wide = w;
    return 0;
}

static void show(const reg_value *v, char *buf, size_t size)
{
    char b[17];
    snprintf(buf, size, "%s", digits_of(v, b));
}

/* The written values of a step into the shadows. */
static int update_shadows(tm_step_cmp *c, const tm_record *const r[2], side_scratch *const sc[2])
{
    char buf[520];
    for (int side = 0; side < 2; side++) {
        for (size_t i = 0; i < sc[side]->nregs; i++) {
            shadow_ent *e = shadow_of(c, sc[side]->regs[i].key);
            if (!e) return -1;
            reg_value v;
            value_of(&r[side][sc[side]->regs[i].idx].u.reg.value, &v, buf);
            if (store(&e->val[side], &v)) return -1;
            e->known[side] = 1;
            c->sp_seen[side] |= (uint8_t)is_stack_pointer(e->key);
        }
    }
    return 0;
}

/* A step both sides wrote alike: each register's value into both shadows, from a's records. */
static int update_same(tm_step_cmp *c, const tm_record *a, size_t na)
{
    char buf[520];
    for (size_t i = 0; i < na; i++) {
        if (a[i].kind != TM_REC_REG || a[i].u.reg.op.n) continue;
        char key[40];
        reg_key(&a[i].u.reg, key);
        shadow_ent *e = shadow_of(c, key);
        if (!e) return -1;
        reg_value v;
        value_of(&a[i].u.reg.value, &v, buf);
        if (store(&e->val[0], &v) || store(&e->val[1], &v)) return -1;
        e->known[0] = e->known[1] = 1;
        uint8_t sp = (uint8_t)is_stack_pointer(key);
        c->sp_seen[0] |= sp;
        c->sp_seen[1] |= sp;
    }
    return 0;
}

/* The first of a step's records that changes the architectural state beyond the PC moving on: a register
 * written with a value its side did not hold, a memory access, a branch, a program-flow or atomic update record.
 * Returns its index, or -1. */
static long effect_of(tm_step_cmp *c, int side, const tm_record *r, size_t n, const side_scratch *sc)
{
    char buf[520];
    for (size_t i = 0; i < sc->nregs; i++) {
        shadow_ent *e = shadow_of(c, sc->regs[i].key);
        reg_value v;
        int unk;
        value_of(&r[sc->regs[i].idx].u.reg.value, &v, buf);
        if (!e || !e->known[side] || !value_eq(&e->val[side], &v, &unk)) return sc->regs[i].idx;
    }
    if (sc->nbytes) return sc->bytes[0].idx;
    for (size_t i = 1; i < n; i++)
        if (r[i].kind == TM_REC_BRANCH || r[i].kind == TM_REC_FLOW || r[i].kind == TM_REC_MEM_UPDATE) return (long)i;
    return -1;
}

/* Executed (IT, IF), condition failed (IS), or another outcome (IE, IA) */
static int outcome(const tm_insn *in)
{
    if (in->status == TM_INSN_IT || in->status == TM_INSN_IF) return 0;
    return in->status == TM_INSN_IS ? 1 : 2 + in->status;
}

static void add_name(char *list, size_t size, const char *key)
{
    size_t n = strlen(list);
    if (strstr(list, key) || n + strlen(key) + 3 >= size) return;
    snprintf(list + n, size - n, "%s%s", n ? ", " : "", key);
}

/* Registers: the final value of each in the step on both sides, by canonical name; a register one side writes
 * and the other does not compares with the value the other side holds. Returns 0, 1 (a difference) or -1. */
static int diff_regs(tm_step_cmp *c, const tm_record *a, const tm_record *b, int reset, long *ia, long *ib,
                     char *why, size_t size)
{
    side_scratch *x = &c->s[0], *y = &c->s[1];
    char ba[520], bb[520];
    for (size_t i = 0, j = 0; i < x->nregs || j < y->nregs;) {
        int d = i == x->nregs ? 1 : j == y->nregs ? -1 : strcmp(x->regs[i].key, y->regs[j].key);
        reg_value va, vb;
        int unk = 0;
        if (d == 0) {
            value_of(&a[x->regs[i].idx].u.reg.value, &va, ba);
            value_of(&b[y->regs[j].idx].u.reg.value, &vb, bb);
            if (!value_eq(&va, &vb, &unk)) {
                *ia = x->regs[i].idx;
                *ib = y->regs[j].idx;
                const tm_value *ta = &a[*ia].u.reg.value, *tb = &b[*ib].u.reg.value;
                if (why && size)
                    snprintf(why, size, "value: %.*s vs %.*s", (int)ta->text.n, ta->text.p ? ta->text.p : "",
                             (int)tb->text.n, tb->text.p ? tb->text.p : "");
                return 1;
            }
            c->notes.unknown_values += (uint64_t)unk;
            i++;
            j++;
            continue;
        }
        /* written on one side only */
        int side = d < 0 ? 0 : 1;
        const reg_ent *e = side == 0 ? &x->regs[i++] : &y->regs[j++];
        const tm_record *r = side == 0 ? a : b;
        if (reset) continue; /* initial-state dumps differ by producer */
        shadow_ent *sh = shadow_of(c, e->key);
        if (!sh) return -1;
        int other = !side;
        value_of(&r[e->idx].u.reg.value, &va, ba);
        if (sh->known[other] && value_eq(&va, &sh->val[other], &unk)) { /* a write of the value it held */
            c->notes.unknown_values += (uint64_t)unk;
            continue;
        }
        if (!sh->known[other] && !c->sp_seen[other] && is_stack_pointer(e->key)) {
            c->notes.uncompared[side]++; /* the other producer traces no stack pointer */
            add_name(c->notes.uncompared_names[side], sizeof c->notes.uncompared_names[side], e->key);
            continue;
        }
        *ia = side == 0 ? e->idx : -1;
        *ib = side == 0 ? -1 : e->idx;
        if (why && size) {
            char held[80] = "";
            if (sh->known[other]) {
                char v[64];
                show(&sh->val[other], v, sizeof v);
                snprintf(held, sizeof held, "; %s holds %s", side == 0 ? "B" : "A", v);
            }
            snprintf(why, size, "register %s: written only in %s%s", e->key, side == 0 ? "A" : "B", held);
        }
        return 1;
    }
    return 0;
}

/* The steps' openers (the instruction, or the exception entry): 1 when they differ (*ia, *ib and why say where),
 * else 0. *no_effect_side: the side whose condition failed where the other executed (-1: none); that other side
 * must then be without effect. */
static int diff_openers(const tm_record *a, size_t na, const tm_record *b, size_t nb, unsigned ignore, long *ia,
                        long *ib, char *why, size_t size, int *no_effect_side)
{
    int ka = step_kind(a, na), kb = step_kind(b, nb);
    *ia = na ? 0 : -1;
    *ib = nb ? 0 : -1;
    if (ka != kb) {
        say(why, size, "step: %s vs %s", ka == TM_STEP_INSN ? "instruction" : "exception entry",
            kb == TM_STEP_INSN ? "instruction" : "exception entry");
        return 1;
    }
    if (ka == TM_STEP_INSN) {
        tm_record oa = a[0];
        int qa = outcome(&a[0].u.insn), qb = outcome(&b[0].u.insn);
        if (qa != qb && qa <= 1 && qb <= 1) {
            /* executed vs condition failed: the same when the executed one changed nothing but the PC (a
             * branch not taken, written as executed by some producers) */
            *no_effect_side = qa == 0 ? 0 : 1;
            oa.u.insn.status = b[0].u.insn.status;
        } else if (qa == qb) { /* IT and IF (folded): both executed */
            oa.u.insn.status = b[0].u.insn.status;
        }
        if (tm_diff_records(&oa, &b[0], ignore, why, size)) return 1;
    }
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
    *ia = *ib = -1;
    return 0;
}

/* Memory: M lines in the same order and number compare field by field; otherwise the bytes accessed. 1 when they
 * differ (*ia, *ib and why say where), else 0. */
static int diff_memory(side_scratch *x, side_scratch *y, const tm_record *a, const tm_record *b, unsigned ignore,
                       long *ia, long *ib, char *why, size_t size)
{
    long pa = -1, pb = -1;
    char pw[256] = "";
    if (x->only_m && y->only_m && x->nmem == y->nmem) {
        for (size_t i = 0; i < x->nmem && pa < 0; i++)
            if (tm_diff_records(&a[x->mem[i]], &b[y->mem[i]], ignore | TM_IGNORE_TIME | TM_IGNORE_CPU, pw, sizeof pw)) {
                pa = x->mem[i];
                pb = y->mem[i];
            }
        if (pa < 0) return 0;
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
    return 0;
}

/* The other records, in order: 1 when they differ (*ia, *ib and why say where), else 0. */
static int diff_others(const side_scratch *x, const side_scratch *y, const tm_record *a, const tm_record *b,
                       unsigned ignore, long *ia, long *ib, char *why, size_t size)
{
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

int tm_diff_steps(tm_step_cmp *c, const tm_record *a, size_t na, const tm_record *b, size_t nb, int reset,
                  unsigned ignore, long *ia, long *ib, char *why, size_t size)
{
    if (!c || (na && !a) || (nb && !b) || !ia || !ib) return (size ? (void)(why[0] = '\0') : (void)0, -1);
    if (why && size) why[0] = '\0';
    *ia = *ib = -1;
    side_scratch *x = &c->s[0], *y = &c->s[1];
    side_scratch *const sc[2] = { x, y };
    const tm_record *const recs[2] = { a, b };
    /* the same records in the same order: equal without sorting anything (traces of one producer) */
    int same = na == nb;
    for (size_t i = 0; same && i < na; i++) same = tm_diff_records(&a[i], &b[i], ignore, NULL, 0) == 0;
    if (same) return update_same(c, a, na);
    if (collect(x, a, na) || collect(y, b, nb)) return -1;
    int rc = 1;
    int no_effect_side = -1; /* the condition failed on one side: the other side's step must be without effect */
    if (!reset && diff_openers(a, na, b, nb, ignore, ia, ib, why, size, &no_effect_side)) goto done;
    match_plain(x, y, "sp");
    match_plain(y, x, "sp");
    match_plain(x, y, "lr");
    match_plain(y, x, "lr");
    sort(x->regs, x->nregs, sizeof *x->regs, cmp_reg_ent);
    sort(y->regs, y->nregs, sizeof *y->regs, cmp_reg_ent);
    if (no_effect_side >= 0) {
        long e = effect_of(c, no_effect_side, recs[no_effect_side], no_effect_side ? nb : na, sc[no_effect_side]);
        if (e >= 0) {
            *ia = no_effect_side == 0 ? e : 0;
            *ib = no_effect_side == 0 ? 0 : e;
            if (why && size)
                snprintf(why, size, "status: %s vs %s: the condition failed in %s, %s executes it with an effect "
                         "(the record below)", no_effect_side ? "IS" : "IT", no_effect_side ? "IT" : "IS",
                         no_effect_side ? "A" : "B", no_effect_side ? "B" : "A");
            goto done;
        }
        c->notes.status_without_effect++;
    }
    int d = diff_regs(c, a, b, reset, ia, ib, why, size);
    if (d) {
        rc = d;
        goto done;
    }
    if (reset) {
        rc = 0;
        goto done;
    }
    if (diff_memory(x, y, a, b, ignore, ia, ib, why, size) || diff_others(x, y, a, b, ignore, ia, ib, why, size))
        goto done;
    rc = 0;
done:
    /* either way the shadows follow both traces, so that the next step compares from the values written */
    if (rc >= 0 && update_shadows(c, recs, sc)) return -1;
    return rc;
}

void tm_step_cmp_notes(const tm_step_cmp *c, tm_step_notes *n)
{
    if (!c || !n) return;
    *n = c->notes;
}

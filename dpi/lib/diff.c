/* Normalised record comparison. Equal records take the fast path: describing a difference formats text,
 * comparing does not. */
#include "tarmac/diff.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tarmac/parse.h"
#include "tarmac/regs.h"

typedef struct diffs {
    char *why;
    size_t size, len;
    int count;
} diffs;

__attribute__((format(printf, 2, 3))) static void note(diffs *d, const char *fmt, ...)
{
    d->count++;
    if (!d->why || d->len + 3 >= d->size) return;
    if (d->len) {
        memcpy(d->why + d->len, "; ", 2);
        d->len += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(d->why + d->len, d->size - d->len, fmt, ap);
    va_end(ap);
    if (n > 0) d->len += (size_t)n < d->size - d->len ? (size_t)n : d->size - d->len - 1;
}

static int str_eq(tm_str a, tm_str b) { return a.n == b.n && (a.n == 0 || memcmp(a.p, b.p, a.n) == 0); }
static int str_ieq(tm_str a, tm_str b) { return a.n == b.n && (a.n == 0 || strncasecmp(a.p, b.p, a.n) == 0); }

/* Case- and spacing-insensitive: runs of white space compare as one space; leading/trailing space ignored. */
static int text_eq(tm_str a, tm_str b)
{
    uint32_t i = 0, j = 0;
    int started = 0;
    for (;;) {
        int sa = 0, sb = 0;
        while (i < a.n && isspace((unsigned char)a.p[i])) i++, sa = 1;
        while (j < b.n && isspace((unsigned char)b.p[j])) j++, sb = 1;
        if (i == a.n || j == b.n) return i == a.n && j == b.n;
        if (started && sa != sb) return 0;
        if (tolower((unsigned char)a.p[i]) != tolower((unsigned char)b.p[j])) return 0;
        started = 1;
        i++;
        j++;
    }
}

/* Values compare by number and unknown digits; values wider than 64 bits by their digits without separators or leading zeros. */
static int value_eq(const tm_value *a, const tm_value *b)
{
    if (a->digits <= 16 && b->digits <= 16) return a->v == b->v && a->unknown == b->unknown;
    char x[1024], y[1024];
    size_t nx = 0, ny = 0;
    for (uint32_t i = 0; i < a->text.n && nx < sizeof x; i++)
        if (a->text.p[i] != '_' && a->text.p[i] != ':' && (nx || a->text.p[i] != '0')) x[nx++] = (char)tolower((unsigned char)a->text.p[i]);
    for (uint32_t i = 0; i < b->text.n && ny < sizeof y; i++)
        if (b->text.p[i] != '_' && b->text.p[i] != ':' && (ny || b->text.p[i] != '0')) y[ny++] = (char)tolower((unsigned char)b->text.p[i]);
    return nx == ny && memcmp(x, y, nx) == 0;
}

static void cmp_addr(diffs *d, const char *what, const tm_addr *a, const tm_addr *b)
{
    if (a->va != b->va) note(d, "%s: %08llx vs %08llx", what, (unsigned long long)a->va, (unsigned long long)b->va);
    if (a->has_pa && b->has_pa && (a->pa != b->pa || a->pa_ns != b->pa_ns))
        note(d, "%s physical: %llx%s vs %llx%s", what, (unsigned long long)a->pa, a->pa_ns ? "_NS" : "",
             (unsigned long long)b->pa, b->pa_ns ? "_NS" : "");
}

static void cmp_value(diffs *d, const char *what, const tm_value *a, const tm_value *b)
{
    if (!value_eq(a, b)) note(d, "%s: %.*s vs %.*s", what, (int)a->text.n, a->text.p ? a->text.p : "",
                              (int)b->text.n, b->text.p ? b->text.p : "");
}

/* "CoreEvent_RESET" and "Reset" name the same event. */
static tm_str event_name(tm_str s)
{
    static const char prefix[] = "CoreEvent_";
    if (s.n > sizeof prefix - 1 && strncasecmp(s.p, prefix, sizeof prefix - 1) == 0) {
        s.p += sizeof prefix - 1;
        s.n -= (uint32_t)(sizeof prefix - 1);
    }
    return s;
}

/* M-profile modes as the ES dialect abbreviates them: thrd is thread, hndl is handler. */
static tm_str mode_name(tm_str m)
{
    if (str_ieq(m, (tm_str){ "thrd", 4 })) return (tm_str){ "thread", 6 };
    if (str_ieq(m, (tm_str){ "hndl", 4 })) return (tm_str){ "handler", 7 };
    return m;
}

/* Instruction set class: Thumb for T, T16, T32. */
static char iset_class(tm_str s) { return s.n ? s.p[0] : 0; }

static int is_fetch_mem(const tm_mem *m)
{
    return (m->shape == TM_MEM_RTL && m->od == 'O') || (m->shape == TM_MEM_M0 && m->od == 'I');
}

static void cmp_reg(diffs *d, const tm_reg *a, const tm_reg *b)
{
    int ia = tm_reg_id_of(a), ib = tm_reg_id_of(b);
    int same;
    if (a->foreign || b->foreign) /* a register the profile does not model: its name as written */
        same = a->foreign == b->foreign && a->name.n == b->name.n && !memcmp(a->name.p, b->name.p, a->name.n);
    else if (ia == TM_REG_OTHER || ib == TM_REG_OTHER) same = ia == ib && str_ieq(a->name, b->name);
    else if (ia == TM_REG_SP || ib == TM_REG_SP) /* r13 matches the banked name it stands for */
        same = ia == ib || (ia == TM_REG_SP && (ib == TM_REG_MSP || ib == TM_REG_PSP)) ||
               (ib == TM_REG_SP && (ia == TM_REG_MSP || ia == TM_REG_PSP));
    else same = ia == ib;
    if (!same) note(d, "register: %.*s vs %.*s", (int)a->name.n, a->name.p, (int)b->name.n, b->name.p);
    cmp_value(d, "value", &a->value, &b->value);
}

int tm_diff_records(const tm_record *a, const tm_record *b, unsigned ignore, char *why, size_t size)
{
    if (!a || !b) return (size ? (void)(why[0] = '\0') : (void)0, -1);
    diffs d = { why, size, 0, 0 };
    if (why && size) why[0] = '\0';
    if (a->kind != b->kind) {
        note(&d, "record kind: %s vs %s", tm_kind_name((tm_kind)a->kind), tm_kind_name((tm_kind)b->kind));
        return d.count;
    }
    if (!(ignore & TM_IGNORE_TIME) && (!str_eq(a->h.time, b->h.time) || !str_ieq(a->h.scale, b->h.scale)))
        note(&d, "time: %.*s %.*s vs %.*s %.*s", (int)a->h.time.n, a->h.time.p, (int)a->h.scale.n, a->h.scale.p,
             (int)b->h.time.n, b->h.time.p, (int)b->h.scale.n, b->h.scale.p);
    /* a trace without a cpu field says nothing about the cpu */
    if (!(ignore & TM_IGNORE_CPU) && a->h.cpu >= 0 && b->h.cpu >= 0 && a->h.cpu != b->h.cpu)
        note(&d, "cpu: %d vs %d", a->h.cpu, b->h.cpu);
    switch ((tm_kind)a->kind) {
    case TM_REC_INSN: {
        const tm_insn *x = &a->u.insn, *y = &b->u.insn;
        static const char *const st[] = { "IT", "IS", "IF", "IE", "IA" };
        if (x->status != y->status) note(&d, "status: %s vs %s", st[x->status % 5], st[y->status % 5]);
        if (!(ignore & TM_IGNORE_ID) && x->has_id && y->has_id && x->id != y->id)
            note(&d, "id: %llu vs %llu", (unsigned long long)x->id, (unsigned long long)y->id);
        cmp_addr(&d, "address", &x->addr, &y->addr);
        if (x->opcode != y->opcode && !x->opcode_unknown && !y->opcode_unknown)
            note(&d, "opcode: %x vs %x", x->opcode, y->opcode);
        if (x->iset.n && y->iset.n && iset_class(x->iset) != iset_class(y->iset))
            note(&d, "instruction set: %.*s vs %.*s", (int)x->iset.n, x->iset.p, (int)y->iset.n, y->iset.p);
        if (!(ignore & TM_IGNORE_MODE) && x->mode.n && y->mode.n &&
            (!str_ieq(mode_name(x->mode), mode_name(y->mode)) || !str_ieq(x->security, y->security)))
            note(&d, "mode: %.*s vs %.*s", (int)x->mode.n, x->mode.p, (int)y->mode.n, y->mode.p);
        if (!(ignore & TM_IGNORE_DISASM) && !text_eq(x->disasm, y->disasm))
            note(&d, "disassembly: '%.*s' vs '%.*s'", (int)x->disasm.n, x->disasm.p ? x->disasm.p : "",
                 (int)y->disasm.n, y->disasm.p ? y->disasm.p : "");
        break;
    }
    case TM_REC_FLOW: {
        const tm_flow *x = &a->u.flow, *y = &b->u.flow;
        if (x->indirect != y->indirect) note(&d, "flow: %s vs %s", x->indirect ? "FI" : "FD", y->indirect ? "FI" : "FD");
        cmp_addr(&d, "branch address", &x->addr, &y->addr);
        cmp_addr(&d, "target", &x->target, &y->target);
        break;
    }
    case TM_REC_REG: cmp_reg(&d, &a->u.reg, &b->u.reg); break;
    case TM_REC_EVENT: {
        const tm_event *x = &a->u.event, *y = &b->u.event;
        if (x->has_number && y->has_number) {
            if (x->number != y->number)
                note(&d, "event number: %llx vs %llx", (unsigned long long)x->number, (unsigned long long)y->number);
            cmp_addr(&d, "event value", &x->value, &y->value);
        } else if (x->has_arg != y->has_arg || x->arg != y->arg) {
            note(&d, "event argument: %x vs %x", x->arg, y->arg);
        }
        if (!str_ieq(event_name(x->desc), event_name(y->desc)))
            note(&d, "event: %.*s vs %.*s", (int)x->desc.n, x->desc.p, (int)y->desc.n, y->desc.p);
        break;
    }
    case TM_REC_MEM: {
        const tm_mem *x = &a->u.mem, *y = &b->u.mem;
        if (x->write != y->write) note(&d, "direction: %s vs %s", x->write ? "W" : "R", y->write ? "W" : "R");
        if (x->size != y->size) note(&d, "size: %u vs %u", x->size, y->size);
        if (is_fetch_mem(x) != is_fetch_mem(y)) note(&d, "fetch: %d vs %d", is_fetch_mem(x), is_fetch_mem(y));
        if (x->error != y->error) note(&d, "error: %d vs %d", x->error, y->error);
        cmp_addr(&d, "address", &x->addr, &y->addr);
        cmp_value(&d, "data", &x->data, &y->data);
        break;
    }
    case TM_REC_MEM_UPDATE: {
        const tm_mem_update *x = &a->u.mu, *y = &b->u.mu;
        if (x->size != y->size) note(&d, "size: %u vs %u", x->size, y->size);
        if (!str_ieq(x->op, y->op)) note(&d, "operation: %.*s vs %.*s", (int)x->op.n, x->op.p, (int)y->op.n, y->op.p);
        cmp_addr(&d, "address", &x->addr, &y->addr);
        cmp_value(&d, "data", &x->data, &y->data);
        break;
    }
    case TM_REC_BUS: {
        const tm_bus *x = &a->u.bus, *y = &b->u.bus;
        int fx = x->fd == 'I' || x->fd == 'O', fy = y->fd == 'I' || y->fd == 'O';
        if (x->write != y->write) note(&d, "direction: %s vs %s", x->write ? "W" : "R", y->write ? "W" : "R");
        if (x->size != y->size) note(&d, "size: %u vs %u", x->size, y->size);
        if (fx != fy) note(&d, "fetch: %d vs %d", fx, fy);
        cmp_addr(&d, "address", &x->addr, &y->addr);
        cmp_value(&d, "data", &x->data, &y->data);
        break;
    }
    default: {
        /* Kinds the checker does not interpret: every body field as written. */
        tm_record x = *a, y = *b;
        memset(&x.h, 0, sizeof x.h);
        memset(&y.h, 0, sizeof y.h);
        if (!tm_record_equal(&x, &y)) note(&d, "%s record fields differ", tm_kind_name((tm_kind)a->kind));
        break;
    }
    }
    return d.count;
}

int tm_ignore_parse(const char *list, unsigned *mask, char bad[64])
{
    if (!list || !mask) return -1;
    *mask = 0;
    if (!strcmp(list, "none") || !*list) return 0;
    const char *p = list;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        static const struct { const char *name; unsigned bit; } items[] = {
            { "time", TM_IGNORE_TIME }, { "cpu", TM_IGNORE_CPU }, { "disasm", TM_IGNORE_DISASM },
            { "id", TM_IGNORE_ID }, { "mode", TM_IGNORE_MODE },
        };
        unsigned bit = 0;
        for (size_t i = 0; i < sizeof items / sizeof items[0]; i++)
            if (strlen(items[i].name) == n && !strncmp(items[i].name, p, n)) bit = items[i].bit;
        if (!bit) {
            snprintf(bad, 64, "%.*s", (int)(n > 60 ? 60 : n), p);
            return -1;
        }
        *mask |= bit;
        p += n;
        if (*p == ',') p++;
    }
    return 0;
}

/* tm_format: record -> one line. Hand-written number formatting: producers push >100 M lines through here.
 *
 * Dialects differ in the instruction line and the cpu field:
 *   fastmodels  "<t> clk {cpu} IT (<id>) <addr> <op> T <mode>{_<sec>} : <disasm>" (cpu as recorded)
 *   qemu4v      the same shape with a bare-number cpu
 *   cortexm     "<t> ns IT (<tag>) <addr> <op> T16|T32 <disasm>", no cpu field, no mode
 *   fvp         as fastmodels (what differs is which lines an FVP writes, the producer's choice)
 * Every other record keeps the shape it carries (tm_mem.shape, tm_bus.shape, event with or without value, a
 * Cortex-M RTL instruction's T16/T32): the producer chooses it. What a dialect cannot express (mode and cpu in
 * cortexm) is dropped. */
#include <string.h>

#include "tarmac/writer.h"

typedef struct out {
    char *p, *end;
    int overflow;
} out;

static inline void put_ch(out *o, char c)
{
    if (o->p < o->end) *o->p++ = c;
    else o->overflow = 1;
}

static inline void put_mem(out *o, const char *s, size_t n)
{
    if ((size_t)(o->end - o->p) < n) {
        o->overflow = 1;
        return;
    }
    memcpy(o->p, s, n);
    o->p += n;
}

static inline void put_str(out *o, tm_str s) { put_mem(o, s.p, s.n); }
static inline void put_lit(out *o, const char *s) { put_mem(o, s, strlen(s)); }

static const char hexd[] = "0123456789abcdef";

static int tm_str_eq_lit(tm_str s, const char *lit)
{
    size_t n = strlen(lit);
    return s.n == n && memcmp(s.p, lit, n) == 0;
}

/* digits hex digits of v (0 = as many as needed, at least 1); only the low 64 bits exist in v. */
static void put_hex(out *o, uint64_t v, unsigned digits)
{
    if (digits == 0) {
        digits = 1;
        while (digits < 16 && (v >> (4 * digits))) digits++;
    }
    if ((size_t)(o->end - o->p) < digits) {
        o->overflow = 1;
        return;
    }
    char *q = o->p + digits;
    for (unsigned i = 0; i < digits; i++) {
        *--q = i < 16 ? hexd[v & 15] : '0';
        if (i < 16) v >>= 4;
    }
    o->p += digits;
}

static void put_dec(out *o, uint64_t v)
{
    char tmp[20];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    if ((size_t)(o->end - o->p) < (size_t)n) {
        o->overflow = 1;
        return;
    }
    while (n) *o->p++ = tmp[--n];
}

static void put_pa_suffix(out *o, int ns, int s)
{
    if (ns) put_lit(o, "_NS");
    else if (s) put_lit(o, "_S");
}

static void put_addr(out *o, const tm_addr *a)
{
    put_hex(o, a->va, a->va_digits ? a->va_digits : 8);
    if (a->has_pa) {
        put_ch(o, ':');
        put_hex(o, a->pa, a->pa_digits ? a->pa_digits : 12);
        put_pa_suffix(o, a->pa_ns, a->pa_s);
        if (a->has_pa2) {
            put_ch(o, ',');
            put_hex(o, a->pa2, a->pa2_digits ? a->pa2_digits : 12);
            put_pa_suffix(o, a->pa2_ns, a->pa2_s);
        }
    }
}

/* Like put_hex, with the digits whose bits are set in unknown written as 'x'. */
static void put_hex_unknown(out *o, uint64_t v, uint64_t unknown, unsigned digits)
{
    char *start = o->p;
    put_hex(o, v, digits);
    if (o->overflow || !unknown) return;
    for (unsigned i = 0; i < digits && i < 16; i++)
        if ((unknown >> (4 * i)) & 15) start[digits - 1 - i] = 'x';
}

/* A value as written when the parser kept its text; otherwise from v, digits and sep (grouped by 8 digits
 * from the least significant end). */
static void put_value(out *o, const tm_value *v, unsigned default_digits)
{
    if (v->text.n) {
        put_str(o, v->text);
        return;
    }
    unsigned digits = v->digits ? v->digits : default_digits;
    if (!v->sep || digits <= 8) {
        put_hex_unknown(o, v->v, v->unknown, digits);
        return;
    }
    unsigned first = digits % 8 ? digits % 8 : 8;
    for (unsigned left = digits; left;) {
        unsigned n = left == digits ? first : 8;
        left -= n;
        put_hex_unknown(o, left >= 16 ? 0 : (v->v >> (4 * left)), left >= 16 ? 0 : (v->unknown >> (4 * left)), n);
        if (left) put_ch(o, v->sep);
    }
}

static void put_header(out *o, const tm_header *h, tm_dialect d)
{
    if (h->time.n) {
        put_str(o, h->time);
        if (h->scale.n) {
            if (!h->scale_glued) put_ch(o, ' ');
            put_str(o, h->scale);
        }
        put_ch(o, ' ');
    } else if (h->scale.n) {
        put_str(o, h->scale);
        put_ch(o, ' ');
    }
    if (d == TM_DIALECT_CORTEXM || h->cpu < 0) return;
    if (d == TM_DIALECT_QEMU4V || h->cpu_style == TM_CPU_BARE) {
        put_dec(o, (uint64_t)h->cpu);
    } else if (h->cpu_text.n) {
        put_str(o, h->cpu_text);
    } else {
        put_lit(o, "cpu");
        put_dec(o, (uint64_t)h->cpu);
    }
    put_ch(o, ' ');
}

static void put_opcode(out *o, const tm_insn *in)
{
    unsigned digits = in->opcode_digits ? in->opcode_digits : (in->opcode > 0xffff ? 8 : 4);
    if (in->opcode_unknown) {
        for (unsigned i = 0; i < digits; i++) put_ch(o, '-');
        return;
    }
    put_hex(o, in->opcode, digits);
}

static void put_mode(out *o, const tm_insn *in)
{
    put_str(o, in->mode);
    if (in->security.n) {
        put_ch(o, '_');
        put_str(o, in->security);
    }
}

/* ES (<addr>:<opcode>) <iset> <mode>: {CCFAIL} <disasm> */
static void put_es_insn(out *o, const tm_insn *in)
{
    put_lit(o, "ES (");
    put_hex(o, in->addr.va, in->addr.va_digits ? in->addr.va_digits : 8);
    put_ch(o, ':');
    put_opcode(o, in);
    put_lit(o, ") ");
    put_str(o, in->iset.n ? in->iset : (tm_str){ "T", 1 });
    put_ch(o, ' ');
    put_mode(o, in);
    put_ch(o, ':');
    if (in->status == TM_INSN_IS) put_lit(o, " CCFAIL");
    if (in->disasm.n) {
        put_ch(o, ' ');
        put_str(o, in->disasm);
    }
}

/* " <mode> : <disasm>" of the Fast Models shape, each part when present. */
static void put_mode_disasm(out *o, const tm_insn *in)
{
    if (in->mode.n) {
        put_ch(o, ' ');
        put_mode(o, in);
    }
    if (in->disasm.n) {
        put_lit(o, " : ");
        put_str(o, in->disasm);
    }
}

static void put_insn(out *o, const tm_insn *in, tm_dialect d)
{
    if (in->form == TM_INSN_FORM_ES) {
        put_es_insn(o, in);
        return;
    }
    static const char kw[][3] = { "IT", "IS", "IF", "IE", "IA" };
    put_mem(o, kw[in->status < 5 ? in->status : 0], 2);
    put_ch(o, ' ');
    if (in->addr_in_paren) {
        put_ch(o, '(');
        put_addr(o, &in->addr);
        put_lit(o, ") ");
        put_opcode(o, in);
        if (in->iset.n) {
            put_ch(o, ' ');
            put_str(o, in->iset);
        }
        put_mode_disasm(o, in);
        return;
    }
    if (in->has_id || in->tag.n) {
        put_ch(o, '(');
        if (in->has_id) put_dec(o, in->id);
        else put_str(o, in->tag);
        put_lit(o, ") ");
    }
    if (in->has_cap) { /* Morello: "(<tag>|<upper half>|<address>)", then the physical address */
        tm_addr va = { 0 };
        va.va = in->addr.va;
        va.va_digits = in->addr.va_digits;
        tm_addr pa = in->addr;
        put_ch(o, '(');
        put_ch(o, (char)('0' + (in->cap_tag & 1)));
        put_ch(o, '|');
        put_hex(o, in->cap_meta, 16);
        put_ch(o, '|');
        put_addr(o, &va);
        put_ch(o, ')');
        if (pa.has_pa) {
            put_ch(o, ':');
            put_hex(o, pa.pa, pa.pa_digits ? pa.pa_digits : 12);
            put_pa_suffix(o, pa.pa_ns, pa.pa_s);
        }
    } else {
        put_addr(o, &in->addr);
    }
    put_ch(o, ' ');
    put_opcode(o, in);
    int rtl_iset = tm_str_eq_lit(in->iset, "T16") || tm_str_eq_lit(in->iset, "T32");
    if (d == TM_DIALECT_CORTEXM) {
        if (in->iset.n) {
            put_ch(o, ' ');
            if (rtl_iset || tm_str_eq_lit(in->iset, "X")) put_str(o, in->iset);
            else put_lit(o, (in->opcode_digits ? in->opcode_digits : (in->opcode > 0xffff ? 8 : 4)) > 4 ? "T32" : "T16");
        }
        if (in->disasm.n) {
            put_ch(o, ' ');
            put_str(o, in->disasm);
        }
        return;
    }
    if (rtl_iset) {  /* a Cortex-M RTL record keeps its shape: it has no mode to write */
        put_ch(o, ' ');
        put_str(o, in->iset);
        if (in->disasm.n) {
            put_ch(o, ' ');
            put_str(o, in->disasm);
        }
        return;
    } else if (in->iset.n) {
        put_ch(o, ' ');
        put_str(o, in->iset);
    } else if (in->mode.n) {
        put_lit(o, " T");
    } else {
        if (in->disasm.n) {  /* Cortex-M0 RTL shape: no iset, no mode */
            put_ch(o, ' ');
            put_str(o, in->disasm);
        }
        return;
    }
    put_mode_disasm(o, in);
}

static void put_rw_size(out *o, int write, unsigned size)
{
    put_ch(o, write ? 'W' : 'R');
    put_dec(o, size);
}

static void put_mem_rec(out *o, const tm_mem *m)
{
    if (m->shape == TM_MEM_CS) { /* R08 / W04 {X} <addr> <data> */
        put_ch(o, m->write ? 'W' : 'R');
        put_ch(o, (char)('0' + m->size / 10 % 10));
        put_ch(o, (char)('0' + m->size % 10));
        if (m->attrib) {
            put_ch(o, ' ');
            put_ch(o, m->attrib);
        }
        put_ch(o, ' ');
        put_addr(o, &m->addr);
        put_ch(o, ' ');
        put_value(o, &m->data, 2u * m->size);
        return;
    }
    put_ch(o, 'M');
    switch (m->shape) {
    case TM_MEM_RTL:
        put_ch(o, m->seq ? m->seq : 'N');
        put_rw_size(o, m->write, m->size);
        put_ch(o, m->od ? m->od : '_');
        put_ch(o, m->lk ? m->lk : '_');
        put_ch(o, m->sp ? m->sp : '_');
        put_ch(o, m->pt ? m->pt : 'D');
        if (m->tag.n) {
            put_lit(o, " (");
            put_str(o, m->tag);
            put_ch(o, ')');
        }
        if (m->transfer) {
            put_lit(o, " TRANSFER ");
            put_value(o, &m->data, 2u * m->size);
            return;
        }
        break;
    case TM_MEM_M0:
        put_rw_size(o, m->write, m->size);
        put_ch(o, m->error ? 'E' : '_');
        put_ch(o, m->od ? m->od : 'D');
        break;
    default:
        put_rw_size(o, m->write, m->size);
        if (m->attrib) put_ch(o, m->attrib);
        break;
    }
    put_ch(o, ' ');
    put_addr(o, &m->addr);
    if (m->shape == TM_MEM_M0 && m->lanes && !m->data.text.n) { /* the value back on its byte lanes */
        unsigned shift = 8u * (unsigned)(m->addr.va & 3);
        put_ch(o, ' ');
        put_hex_unknown(o, m->data.v << shift, m->data.unknown << shift, 8);
        return;
    }
    if (m->has_data || !m->error || m->shape != TM_MEM_FM) { /* an abort may be written without data */
        put_ch(o, ' ');
        put_value(o, &m->data, 2u * m->size);
    }
    if (m->shape == TM_MEM_FM && m->error) put_lit(o, " (ABORTED)");
}

static void put_bus(out *o, const tm_bus *b)
{
    put_ch(o, 'B');
    if (b->shape == TM_BUS_RTL) {
        put_ch(o, b->seq ? b->seq : 'N');
        put_rw_size(o, b->write, b->size);
        put_ch(o, b->fd ? b->fd : '_');
        put_ch(o, b->lk ? b->lk : '_');
        put_ch(o, b->priv ? b->priv : '_');
        put_ch(o, b->sec ? b->sec : 'D');
    } else {
        put_rw_size(o, b->write, b->size);
        put_ch(o, b->fd ? b->fd : 'D');
        put_ch(o, b->lk ? b->lk : '_');
        put_ch(o, b->priv ? b->priv : '_');
        put_ch(o, b->sec ? b->sec : 'S');
        put_lit(o, " I");
        put_lit(o, b->inner[0] ? b->inner : "_____");
        put_lit(o, " O");
        put_lit(o, b->outer[0] ? b->outer : "_____");
        put_ch(o, ' ');
        if (b->master_id.n) put_str(o, b->master_id);
        else put_ch(o, '0');
    }
    put_ch(o, ' ');
    put_addr(o, &b->addr);
    put_ch(o, ' ');
    put_value(o, &b->data, 2u * b->size);
}

/* {[<n>]} <name> of the ES dialect's exception lines */
static void put_exc(out *o, const tm_event *e)
{
    if (e->has_number) {
        put_ch(o, '[');
        if (e->number_text.n) put_str(o, e->number_text);
        else {
            put_lit(o, "0x");
            put_hex(o, e->number, 2);
        }
        put_lit(o, "] ");
    }
    put_str(o, e->desc);
}

static void put_event(out *o, const tm_event *e)
{
    switch (e->es) {
    case TM_EVENT_ES_EXC: put_lit(o, "ES EXC "); put_exc(o, e); return;
    case TM_EVENT_EXC: put_lit(o, "EXC "); put_exc(o, e); return;
    case TM_EVENT_ES_NAMED: put_lit(o, "ES "); put_str(o, e->desc); return;
    default: break;
    }
    put_lit(o, "E ");
    if (e->has_value || e->has_number) {
        put_addr(o, &e->value);
        if (e->mode.n) {
            put_ch(o, ' ');
            put_str(o, e->mode);
        }
        if (e->has_value1) {
            put_ch(o, ' ');
            put_hex(o, e->value1, e->value1_digits ? e->value1_digits : 8);
        }
        put_ch(o, ' ');
        put_hex(o, e->number, e->number_digits ? e->number_digits : 8);
        put_ch(o, ' ');
        put_str(o, e->desc);
        return;
    }
    put_str(o, e->desc);
    if (e->has_arg) {
        put_ch(o, ' ');
        put_hex(o, e->arg, e->arg_digits ? e->arg_digits : 8);
    }
}

/* {LD|ST} <base> <4 groups> {<phys>} {<attributes>}; a continuation line has no keyword */
static void put_ldst(out *o, const tm_ldst *m)
{
    if (!m->continuation) put_lit(o, m->write ? "ST " : "LD ");
    put_hex(o, m->addr.va, m->addr.va_digits ? m->addr.va_digits : 8);
    put_ch(o, ' ');
    if (m->groups.n) {
        put_str(o, m->groups);
    } else {
        for (int g = 0; g < 4; g++) {
            if (g) put_ch(o, ' ');
            for (int k = 0; k < 4; k++) {
                unsigned byte = 15u - (unsigned)(4 * g + k);
                if (!(m->mask >> byte & 1)) put_lit(o, "..");
                else if (m->unknown >> byte & 1) put_lit(o, "##");
                else put_hex(o, m->bytes[byte], 2);
            }
        }
    }
    if (m->phys.n) {
        put_ch(o, ' ');
        put_str(o, m->phys);
    }
    if (m->attrs.n) {
        put_ch(o, ' ');
        put_str(o, m->attrs);
    }
}

static void put_flow(out *o, const tm_flow *f)
{
    put_lit(o, f->indirect ? "FI " : "FD ");
    if (f->has_id) {
        put_ch(o, '(');
        put_dec(o, f->id);
        put_lit(o, ") ");
    }
    put_addr(o, &f->addr);
    put_ch(o, ' ');
    put_addr(o, &f->target);
    if (f->iset.n) {
        put_ch(o, ' ');
        put_str(o, f->iset);
    }
}

static void put_reg(out *o, const tm_reg *r)
{
    put_lit(o, "R ");
    put_str(o, r->name);
    put_ch(o, ' ');
    if (r->op.n) {
        put_str(o, r->op);
        put_ch(o, ' ');
    }
    if (r->qualifier.n) {
        put_str(o, r->qualifier);
        put_ch(o, ' ');
    }
    put_value(o, &r->value, 8);
    if (r->suffix.n) {
        put_ch(o, ' ');
        put_str(o, r->suffix);
    }
}

static void put_mem_update(out *o, const tm_mem_update *mu)
{
    put_lit(o, "MU");
    put_dec(o, mu->size);
    put_ch(o, '_');
    put_str(o, mu->op);
    put_ch(o, ' ');
    put_addr(o, &mu->addr);
    put_ch(o, ' ');
    put_value(o, &mu->data, 2u * mu->size);
}

static void put_cache_maint(out *o, const tm_cache_maint *c)
{
    put_lit(o, "CACHE MAINTENANCE ");
    put_str(o, c->side);
    put_ch(o, ' ');
    put_str(o, c->operation);
    put_ch(o, ' ');
    put_str(o, c->scope);
    if (c->rest.n) {
        put_ch(o, ' ');
        put_str(o, c->rest);
    }
}

static void put_cache(out *o, const tm_cache *c)
{
    put_lit(o, "CACHE ");
    put_str(o, c->id);
    put_lit(o, " LINE ");
    put_str(o, c->line);
    put_ch(o, ' ');
    put_str(o, c->operation);
    put_lit(o, " 0x");
    put_hex(o, c->paddr.va, c->paddr.va_digits ? c->paddr.va_digits : 12);
    if (c->paddr.pa_ns) put_lit(o, "_NS");
}

static void put_ttw(out *o, const tm_ttw *t)
{
    put_lit(o, t->update ? "TTU " : "TTW ");
    put_str(o, t->side);
    put_ch(o, ' ');
    put_str(o, t->format);
    put_ch(o, ' ');
    put_dec(o, t->stage);
    put_ch(o, ':');
    put_dec(o, t->level);
    put_ch(o, ' ');
    put_value(o, &t->address, 12);
    put_ch(o, ' ');
    put_value(o, &t->data, 16);
    put_lit(o, " : ");
    put_str(o, t->result);
}

static void put_tlb(out *o, const tm_tlb *t)
{
    put_lit(o, t->walkcache ? "WALKCACHE " : "TLB ");
    put_lit(o, t->evict ? "EVICT " : "FILL ");
    put_str(o, t->id);
    put_ch(o, ' ');
    put_str(o, t->size);
    put_ch(o, ' ');
    put_str(o, t->rest);
}

int tm_format(const tm_record *rec, tm_dialect d, char *buf, size_t size)
{
    if (size == 0) return -1;
    out o = { buf, buf + size - 1, 0 };
    put_header(&o, &rec->h, d);
    switch ((tm_kind)rec->kind) {
    case TM_REC_INSN: put_insn(&o, &rec->u.insn, d); break;
    case TM_REC_FLOW: put_flow(&o, &rec->u.flow); break;
    case TM_REC_REG: put_reg(&o, &rec->u.reg); break;
    case TM_REC_EVENT: put_event(&o, &rec->u.event); break;
    case TM_REC_MEM: put_mem_rec(&o, &rec->u.mem); break;
    case TM_REC_MEM_UPDATE: put_mem_update(&o, &rec->u.mu); break;
    case TM_REC_BUS: put_bus(&o, &rec->u.bus); break;
    case TM_REC_CACHE_MAINT: put_cache_maint(&o, &rec->u.cmaint); break;
    case TM_REC_CACHE: put_cache(&o, &rec->u.cache); break;
    case TM_REC_TTW: put_ttw(&o, &rec->u.ttw); break;
    case TM_REC_TLB: put_tlb(&o, &rec->u.tlb); break;
    case TM_REC_SIGNAL:
        put_lit(&o, "SIGNAL: SIGNAL=");
        put_str(&o, rec->u.signal.name);
        put_lit(&o, " STATE=");
        put_ch(&o, rec->u.signal.state ? rec->u.signal.state : 'N');
        break;
    case TM_REC_INFO:
        put_lit(&o, "INFO_");
        put_str(&o, rec->u.info.topic);
        put_lit(&o, ": ");
        put_str(&o, rec->u.info.fields);
        break;
    case TM_REC_BRANCH:
        put_lit(&o, "BR (");
        put_hex(&o, rec->u.branch.target.va, rec->u.branch.target.va_digits ? rec->u.branch.target.va_digits : 8);
        put_ch(&o, ')');
        if (rec->u.branch.iset.n) {
            put_ch(&o, ' ');
            put_str(&o, rec->u.branch.iset);
        }
        break;
    case TM_REC_LDST: put_ldst(&o, &rec->u.ldst); break;
    case TM_REC_TEXT_HEADER: put_str(&o, rec->u.text.text); break;
    default:
        break;
    }
    *o.p = '\0';
    return o.overflow ? -1 : (int)(o.p - buf);
}

int tm_dialect_from_name(const char *name)
{
    if (!name) return -1;
    if (!strcmp(name, "fastmodels") || !strcmp(name, "fm")) return TM_DIALECT_FASTMODELS;
    if (!strcmp(name, "cortexm") || !strcmp(name, "rtl")) return TM_DIALECT_CORTEXM;
    if (!strcmp(name, "qemu4v") || !strcmp(name, "qemu")) return TM_DIALECT_QEMU4V;
    if (!strcmp(name, "fvp")) return TM_DIALECT_FVP;
    return -1;
}

const char *tm_dialect_name(tm_dialect d)
{
    switch (d) {
    case TM_DIALECT_FASTMODELS: return "fastmodels";
    case TM_DIALECT_CORTEXM: return "cortexm";
    case TM_DIALECT_QEMU4V: return "qemu4v";
    case TM_DIALECT_FVP: return "fvp";
    default: return "?";
    }
}

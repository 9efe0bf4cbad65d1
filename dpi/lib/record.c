/* Record helpers: kind names and field-by-field equality. */
#include <ctype.h>
#include <string.h>

#include "tarmac/record.h"

const char *tm_kind_name(tm_kind kind)
{
    static const char *const names[TM_REC_KIND_COUNT] = {
        "none", "insn", "flow", "reg", "event", "mem", "mem_update", "bus", "cache_maint", "cache", "ttw", "tlb",
        "signal", "info", "branch", "ldst", "header",
    };
    return (unsigned)kind < TM_REC_KIND_COUNT ? names[kind] : "?";
}

static int str_eq(tm_str a, tm_str b) { return a.n == b.n && (a.n == 0 || memcmp(a.p, b.p, a.n) == 0); }

static int addr_eq(const tm_addr *a, const tm_addr *b)
{
    return a->va == b->va && a->pa == b->pa && a->va_digits == b->va_digits && a->pa_digits == b->pa_digits &&
           a->has_pa == b->has_pa && a->pa_ns == b->pa_ns && a->pa_s == b->pa_s && a->has_pa2 == b->has_pa2 &&
           a->pa2 == b->pa2 && a->pa2_digits == b->pa2_digits && a->pa2_ns == b->pa2_ns && a->pa2_s == b->pa2_s;
}

/* The text is authoritative only for values wider than 64 bits; narrower ones compare by number and shape. */
static int value_eq(const tm_value *a, const tm_value *b)
{
    if (a->v != b->v || a->unknown != b->unknown || a->digits != b->digits || a->sep != b->sep ||
        a->unknown_digits != b->unknown_digits)
        return 0;
    return a->digits <= 16 || str_eq(a->text, b->text);
}

/* A field's digits as written; 0 (a record a producer built) stands for the 8 the writer then writes. */
static unsigned digits8(unsigned d) { return d ? d : 8; }

/* An aborted access written without data (producers leave has_data 0 when there is no abort). */
static int mem_no_data(const tm_mem *m) { return m->shape == TM_MEM_FM && m->error && !m->has_data; }

static int header_eq(const tm_header *a, const tm_header *b)
{
    return str_eq(a->time, b->time) && str_eq(a->scale, b->scale) && a->scale_glued == b->scale_glued &&
           a->cpu_style == b->cpu_style && a->cpu == b->cpu && str_eq(a->cpu_text, b->cpu_text);
}

int tm_record_equal(const tm_record *a, const tm_record *b)
{
    if (!a || !b) return a == b;
    if (a->kind != b->kind || !header_eq(&a->h, &b->h)) return 0;
    switch ((tm_kind)a->kind) {
    case TM_REC_NONE: return 1;
    case TM_REC_INSN: {
        const tm_insn *x = &a->u.insn, *y = &b->u.insn;
        return x->status == y->status && x->form == y->form && x->addr_in_paren == y->addr_in_paren &&
               x->opcode_unknown == y->opcode_unknown && x->has_id == y->has_id && (!x->has_id || x->id == y->id) &&
               x->has_cap == y->has_cap && (!x->has_cap || (x->cap_tag == y->cap_tag && x->cap_meta == y->cap_meta)) &&
               str_eq(x->tag, y->tag) && addr_eq(&x->addr, &y->addr) && x->opcode == y->opcode &&
               x->opcode_digits == y->opcode_digits && str_eq(x->iset, y->iset) && str_eq(x->mode, y->mode) &&
               str_eq(x->security, y->security) && str_eq(x->disasm, y->disasm);
    }
    case TM_REC_FLOW: {
        const tm_flow *x = &a->u.flow, *y = &b->u.flow;
        return x->indirect == y->indirect && x->has_id == y->has_id && (!x->has_id || x->id == y->id) &&
               addr_eq(&x->addr, &y->addr) && addr_eq(&x->target, &y->target) && str_eq(x->iset, y->iset);
    }
    case TM_REC_REG: {
        const tm_reg *x = &a->u.reg, *y = &b->u.reg;
        return str_eq(x->name, y->name) && str_eq(x->op, y->op) && str_eq(x->qualifier, y->qualifier) &&
               value_eq(&x->value, &y->value) && str_eq(x->suffix, y->suffix);
    }
    case TM_REC_EVENT: {
        const tm_event *x = &a->u.event, *y = &b->u.event;
        return x->has_value == y->has_value && (!x->has_value || addr_eq(&x->value, &y->value)) &&
               str_eq(x->mode, y->mode) && x->has_value1 == y->has_value1 && x->value1 == y->value1 &&
               digits8(x->value1_digits) == digits8(y->value1_digits) && x->has_number == y->has_number &&
               x->number == y->number && digits8(x->number_digits) == digits8(y->number_digits) &&
               str_eq(x->desc, y->desc) &&
               x->has_arg == y->has_arg && x->arg == y->arg && x->arg_digits == y->arg_digits && x->es == y->es &&
               str_eq(x->number_text, y->number_text);
    }
    case TM_REC_MEM: {
        const tm_mem *x = &a->u.mem, *y = &b->u.mem;
        return x->shape == y->shape && x->write == y->write && x->size == y->size && x->attrib == y->attrib &&
               x->seq == y->seq && x->od == y->od && x->lk == y->lk && x->sp == y->sp && x->pt == y->pt &&
               x->error == y->error && mem_no_data(x) == mem_no_data(y) && x->lanes == y->lanes &&
               x->transfer == y->transfer && str_eq(x->tag, y->tag) && addr_eq(&x->addr, &y->addr) &&
               value_eq(&x->data, &y->data);
    }
    case TM_REC_MEM_UPDATE: {
        const tm_mem_update *x = &a->u.mu, *y = &b->u.mu;
        return x->size == y->size && str_eq(x->op, y->op) && addr_eq(&x->addr, &y->addr) &&
               value_eq(&x->data, &y->data);
    }
    case TM_REC_BUS: {
        const tm_bus *x = &a->u.bus, *y = &b->u.bus;
        return x->shape == y->shape && x->write == y->write && x->size == y->size && x->seq == y->seq &&
               x->fd == y->fd && x->lk == y->lk && x->priv == y->priv && x->sec == y->sec &&
               strcmp(x->inner, y->inner) == 0 && strcmp(x->outer, y->outer) == 0 &&
               str_eq(x->master_id, y->master_id) && addr_eq(&x->addr, &y->addr) && value_eq(&x->data, &y->data);
    }
    case TM_REC_CACHE_MAINT: {
        const tm_cache_maint *x = &a->u.cmaint, *y = &b->u.cmaint;
        return str_eq(x->side, y->side) && str_eq(x->operation, y->operation) && str_eq(x->scope, y->scope) &&
               str_eq(x->rest, y->rest);
    }
    case TM_REC_CACHE: {
        const tm_cache *x = &a->u.cache, *y = &b->u.cache;
        return str_eq(x->id, y->id) && str_eq(x->line, y->line) && str_eq(x->operation, y->operation) &&
               addr_eq(&x->paddr, &y->paddr);
    }
    case TM_REC_TTW: {
        const tm_ttw *x = &a->u.ttw, *y = &b->u.ttw;
        return x->update == y->update && str_eq(x->side, y->side) && str_eq(x->format, y->format) &&
               x->stage == y->stage && x->level == y->level && value_eq(&x->address, &y->address) &&
               value_eq(&x->data, &y->data) && str_eq(x->result, y->result);
    }
    case TM_REC_TLB: {
        const tm_tlb *x = &a->u.tlb, *y = &b->u.tlb;
        return x->walkcache == y->walkcache && x->evict == y->evict && str_eq(x->id, y->id) &&
               str_eq(x->size, y->size) && str_eq(x->rest, y->rest);
    }
    case TM_REC_SIGNAL: return str_eq(a->u.signal.name, b->u.signal.name) && a->u.signal.state == b->u.signal.state;
    case TM_REC_INFO: return str_eq(a->u.info.topic, b->u.info.topic) && str_eq(a->u.info.fields, b->u.info.fields);
    case TM_REC_BRANCH:
        return addr_eq(&a->u.branch.target, &b->u.branch.target) && str_eq(a->u.branch.iset, b->u.branch.iset);
    case TM_REC_LDST: {
        const tm_ldst *x = &a->u.ldst, *y = &b->u.ldst;
        return x->write == y->write && x->continuation == y->continuation && x->mask == y->mask &&
               x->unknown == y->unknown && memcmp(x->bytes, y->bytes, sizeof x->bytes) == 0 &&
               addr_eq(&x->addr, &y->addr) && str_eq(x->phys, y->phys) && str_eq(x->attrs, y->attrs);
    }
    case TM_REC_TEXT_HEADER: return str_eq(a->u.text.text, b->u.text.text);
    default: return 0;
    }
}

/* A field starts at a token "<KEY>=" whose key is an identifier. */
static int field_start(const char *p, const char *end, uint32_t *keylen)
{
    const char *q = p;
    if (q == end || !(isalpha((unsigned char)*q) || *q == '_')) return 0;
    while (q < end && (isalnum((unsigned char)*q) || *q == '_')) q++;
    if (q == end || *q != '=') return 0;
    *keylen = (uint32_t)(q - p);
    return 1;
}

int tm_info_field(const tm_info *info, const char *key, tm_str *value)
{
    if (!info || !key) return 0;
    const char *p = info->fields.p, *end = p + info->fields.n;
    size_t klen = strlen(key);
    while (p < end) {
        uint32_t kl;
        if (field_start(p, end, &kl) && kl == klen && memcmp(p, key, klen) == 0) {
            const char *v = p + kl + 1, *e = v;
            /* the value runs to the next " <KEY>=" or the end of the line */
            for (;;) {
                while (e < end && !isspace((unsigned char)*e)) e++;
                const char *n = e;
                while (n < end && isspace((unsigned char)*n)) n++;
                uint32_t nk;
                if (n == end || field_start(n, end, &nk)) break;
                e = n;
            }
            value->p = v;
            value->n = (uint32_t)(e - v);
            return 1;
        }
        while (p < end && !isspace((unsigned char)*p)) p++;
        while (p < end && isspace((unsigned char)*p)) p++;
    }
    return 0;
}

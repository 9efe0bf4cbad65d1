/* Golden trace -> steps. An instruction line opens an instruction step; an exception-entry event opens an
 * exception step; every other record belongs to the open step; records before the first instruction form
 * the reset step. Steps are read ahead of the comparison into a ring (bus window, MTB derivation). */
#include <string.h>
#include <strings.h>

#include "tc_internal.h"

tc_step *tc_step_at(tc_checker *c, uint64_t index) { return &c->ring[index & (c->ring_cap - 1)]; }

static int name_is(tm_str s, const char *lit)
{
    size_t n = strlen(lit);
    return s.n == n && strncasecmp(s.p, lit, n) == 0;
}

/* Event description without the Fast Models "CoreEvent_" prefix. */
static tm_str event_name(tm_str s)
{
    if (s.n > 10 && strncasecmp(s.p, "CoreEvent_", 10) == 0) {
        s.p += 10;
        s.n -= 10;
    }
    return s;
}

/* Events that enter an exception (their number and preferred return address, where the shape has them). */
static int is_exception_event(tm_str name)
{
    static const char *const names[] = { "NMI", "HARDFAULT", "SVCALL", "SVC", "PENDSV", "SYSTICK", "IRQ",
                                         "INT_TAKEN", "INT_ENTRY", "EXCEPTION" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (name_is(name, names[i])) return 1;
    return 0;
}

static void start_step(tc_checker *c, uint8_t kind, uint64_t line)
{
    tc_step *s = tc_step_at(c, c->complete);
    memset(s, 0, offsetof(tc_step, regs));
    s->index = c->complete;
    s->line = line;
    s->kind = kind;
    s->handler = -1;
    c->building = 1;
}

/* Close the step being built; derive the MTB packets of the step before it, now that its successor is known. */
static void complete_step(tc_checker *c)
{
    if (c->complete > 0) tc_mtb_step(c, tc_step_at(c, c->complete - 1), tc_step_at(c, c->complete));
    c->complete++;
    c->building = 0;
}

static int step_full(tc_checker *c, const char *what)
{
    return tc_fail(c, "golden %s:%llu: more than %d %s records in one step", c->o.golden,
                   (unsigned long long)tm_reader_line(c->reader), what[0] == 'r' ? TC_MAX_REGS : TC_MAX_MEM, what);
}

/* Add one golden record; an instruction or exception entry opens a new step (completing the previous one). */
static int add_record(tc_checker *c, const tm_record *r)
{
    uint64_t line = tm_reader_line(c->reader);
    tc_step *s = c->building ? tc_step_at(c, c->complete) : NULL;
    switch ((tm_kind)r->kind) {
    case TM_REC_INSN: {
        if (s) complete_step(c);
        start_step(c, TC_STEP_INSN, line);
        s = tc_step_at(c, c->complete);
        const tm_insn *in = &r->u.insn;
        s->status = in->status;
        s->pc = (uint32_t)in->addr.va;
        s->opcode = in->opcode;
        s->is32 = in->opcode_digits > 4 || (in->iset.n == 3 && in->iset.p[2] == '2');
        if (in->mode.n) s->handler = name_is(in->mode, "handler");
        return TC_OK;
    }
    case TM_REC_EVENT: {
        const tm_event *e = &r->u.event;
        tm_str name = event_name(e->desc);
        int mode_to_handler = name_is(name, "ModeChange") && name_is(e->mode, "handler");
        int exc = is_exception_event(name);
        if (!mode_to_handler && !exc) break;  /* reset, mode change to thread, returns: part of the step */
        int continues = s && s->kind == TC_STEP_EXC && !s->has_exc_event;
        if (!continues) {
            if (s) complete_step(c);
            start_step(c, TC_STEP_EXC, line);
            s = tc_step_at(c, c->complete);
        }
        if (exc) {
            s->has_exc_event = 1;
            if (e->has_number) {
                s->has_number = 1;
                s->exc_number = e->number;
                s->has_return = e->has_value;
                s->exc_return = (uint32_t)e->value.va;
            } else if (e->has_arg) {
                s->has_number = 1;
                s->exc_number = e->arg;
            }
        }
        return TC_OK;
    }
    default:
        break;
    }
    if (!s) { /* before the first instruction: the reset step */
        start_step(c, TC_STEP_RESET, line);
        s = tc_step_at(c, c->complete);
    }
    switch ((tm_kind)r->kind) {
    case TM_REC_REG: {
        int id = tm_reg_id(r->u.reg.name, r->u.reg.suffix);
        if (id < 0 || id == TM_REG_PC) break;  /* the PC is checked through retire; others are not ARMv6-M */
        if (s->nregs == TC_MAX_REGS) return step_full(c, "register");
        tc_greg *g = &s->regs[s->nregs++];
        g->id = (int8_t)id;
        g->value = (uint32_t)r->u.reg.value.v;
        g->line = line;
        break;
    }
    case TM_REC_MEM: {
        const tm_mem *m = &r->u.mem;
        int fetch = (m->shape == TM_MEM_RTL && m->od == 'O') || (m->shape == TM_MEM_M0 && m->od == 'I');
        if (fetch) break;
        if (s->nmem == TC_MAX_MEM) return step_full(c, "memory");
        tc_gmem *g = &s->mem[s->nmem++];
        g->addr = (uint32_t)m->addr.va;
        g->data = (uint32_t)m->data.v;
        g->size = m->size;
        g->write = m->write;
        g->error = m->error;
        g->matched = 0;
        g->line = line;
        s->unmatched++;
        break;
    }
    case TM_REC_FLOW:
        c->saw_flow = 1;
        if (s->nflow < TC_MAX_FLOW) {
            s->flow_src[s->nflow] = (uint32_t)r->u.flow.addr.va;
            s->flow_dst[s->nflow] = (uint32_t)r->u.flow.target.va;
            s->nflow++;
        }
        break;
    default:
        break; /* bus, cache, MMU records: not compared by the checker */
    }
    return TC_OK;
}

int tc_golden_fill(tc_checker *c, uint64_t upto)
{
    while (c->complete < upto && !c->golden_eof) {
        /* Never overwrite a step that is still held for the report or the bus window. */
        if (c->complete + 1 - c->oldest >= c->ring_cap) {
            uint64_t keep = c->o.context > c->o.bus_window + 1 ? c->o.context : c->o.bus_window + 1;
            if (c->cursor > keep && c->oldest < c->cursor - keep) c->oldest = c->cursor - keep;
            if (c->complete + 1 - c->oldest >= c->ring_cap) return TC_OK; /* read further later */
        }
        tm_record r;
        tm_error e;
        int rc = tm_reader_next(c->reader, &r, &e);
        if (rc == TM_EOF) {
            if (c->building) complete_step(c);
            c->golden_eof = 1;
            /* the last step has no successor: derive its packets with none */
            if (c->complete > 0) tc_mtb_step(c, tc_step_at(c, c->complete - 1), NULL);
            break;
        }
        if (rc != TM_OK) {
            char buf[700];
            return tc_fail(c, "unreadable golden: %s", tm_error_format(&e, buf, sizeof buf));
        }
        if (c->o.cpu >= 0 && r.h.cpu >= 0 && r.h.cpu != c->o.cpu) continue;
        if (add_record(c, &r) != TC_OK) return TC_FAILED;
    }
    return TC_OK;
}

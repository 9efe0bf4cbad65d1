/* The calls a perfect RTL makes for a golden (golden_calls.h), read with the trace library's reader. A step opens
 * at an instruction line, or at an exception-entry event (an exception event, or a mode change to handler that no
 * exception event preceded in the step); its close is appended when the next step opens or the golden ends. */
#include "golden_calls.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tarmac/reader.h"
#include "tarmac/regs.h"

int gc_push(gc_calls *calls, gc_call c)
{
    if (calls->n == calls->cap) {
        size_t cap = calls->cap ? 2 * calls->cap : 256;
        gc_call *v = realloc(calls->v, cap * sizeof *v);
        if (!v) return -1;
        calls->v = v;
        calls->cap = cap;
    }
    calls->v[calls->n++] = c;
    return 0;
}

void gc_free(gc_calls *calls)
{
    free(calls->v);
    memset(calls, 0, sizeof *calls);
}

/* An event description, without the Fast Models "CoreEvent_" prefix, equal to lit (case-insensitive). */
static int named(tm_str s, const char *lit)
{
    size_t n = strlen(lit);
    if (s.n > 10 && strncasecmp(s.p, "CoreEvent_", 10) == 0) {
        s.p += 10;
        s.n -= 10;
    }
    return s.n == n && strncasecmp(s.p, lit, n) == 0;
}

static int exception_event(tm_str d)
{
    static const char *const names[] = { "NMI", "HARDFAULT", "SVCALL", "PENDSV", "SYSTICK", "IRQ", "INT_TAKEN", "INT_ENTRY" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (named(d, names[i])) return 1;
    return 0;
}

/* The step being built: its register writes and beats (body), and its close. */
typedef struct builder {
    gc_calls body;
    gc_call close;
    int have_close, open_exc;
    gc_calls *out;
    int oom;
} builder;

static void flush(builder *b)
{
    if (!b->have_close) return;
    for (size_t i = 0; i < b->body.n; i++) b->oom |= gc_push(b->out, b->body.v[i]);
    b->body.n = 0;
    b->oom |= gc_push(b->out, b->close);
    b->have_close = b->open_exc = 0;
}

static void add_record(builder *b, const tm_record *r)
{
    switch (r->kind) {
    case TM_REC_INSN: {
        flush(b);
        const tm_insn *in = &r->u.insn;
        b->close = (gc_call){ GC_RETIRE, (uint32_t)in->addr.va, in->opcode, in->opcode_digits > 4,
                              in->status != TM_INSN_IS, 0, 0 };
        b->have_close = 1;
        break;
    }
    case TM_REC_EVENT: {
        const tm_event *ev = &r->u.event;
        int to_handler = named(ev->desc, "ModeChange") && ev->mode.n >= 7 && strncasecmp(ev->mode.p, "handler", 7) == 0;
        int exc = exception_event(ev->desc);
        if (!to_handler && !exc) break;
        if (!b->open_exc) {
            flush(b);
            b->open_exc = b->have_close = 1;
            b->close = (gc_call){ GC_EXC, 0, 0, 0, 0, 0, 0 };
        }
        if (exc) {
            b->close.a = ev->has_number ? ev->number : ev->arg;
            b->close.b = (uint32_t)ev->value.va;
            b->open_exc = 0; /* a later exception event opens a new step */
        }
        break;
    }
    case TM_REC_REG: {
        int id = tm_reg_id(r->u.reg.name, r->u.reg.suffix);
        if (id == TM_REG_SP) id = TM_REG_MSP;
        if (id >= 0 && id != TM_REG_PC)
            b->oom |= gc_push(&b->body, (gc_call){ GC_REG, (uint32_t)id, (uint32_t)r->u.reg.value.v, 0, 0, 0, 0 });
        break;
    }
    case TM_REC_MEM: {
        const tm_mem *m = &r->u.mem;
        if ((m->shape == TM_MEM_RTL && m->od == 'O') || (m->shape == TM_MEM_M0 && m->od == 'I')) break; /* fetches */
        uint32_t addr = (uint32_t)m->addr.va;
        uint32_t hsize = m->size == 1 ? 0 : m->size == 2 ? 1 : 2;
        uint32_t data = (uint32_t)m->data.v << (8 * (addr & 3) * (m->size < 4));
        b->oom |= gc_push(&b->body, (gc_call){ GC_BEAT, addr, m->write, hsize, 1, data, m->error });
        break;
    }
    default:
        break;
    }
}

int gc_perfect_calls(const char *path, gc_calls *out, tm_error *err)
{
    tm_reader *r = tm_reader_open(path, NULL, err);
    if (!r) return err->status;
    builder b = { { NULL, 0, 0 }, { 0, 0, 0, 0, 0, 0, 0 }, 0, 0, out, 0 };
    tm_record rec;
    int rc;
    while ((rc = tm_reader_next(r, &rec, err)) == TM_OK) add_record(&b, &rec);
    flush(&b);
    tm_reader_close(r);
    gc_free(&b.body);
    if (b.oom) return tm_error_set(err, TM_ERR_IO, path, 0, "out of memory");
    return rc == TM_EOF ? TM_OK : rc;
}

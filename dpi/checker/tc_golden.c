/* Golden trace -> steps, on a thread of its own beside the simulation. An instruction line opens an
 * instruction step; an exception-entry event opens an exception step; every other record belongs to the open
 * step; records before the first instruction form the reset step. The golden thread inflates (with the
 * reader's own thread), parses, builds steps into the ring and derives the expected MTB packets, up to a ring
 * ahead of the comparison; the simulation's thread only compares. The comparison sees the steps it asks for
 * (tc_golden_fill), never more, so that verdicts and reports are the same however far ahead the golden thread
 * is. Hand-over (ring.h): the steps are the ring; the golden thread publishes made (its head) with pkt_made,
 * the comparison hands back oldest (its tail) with pkt_tail. */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ring.h"
#include "tarmac/diff.h"
#include "tc_internal.h"

struct tc_golden_sync {
    tm_ring *steps;                           /* head = steps made, tail = the comparison's oldest step held */
    /* written by the golden thread, published with the steps' head */
    atomic_uint_fast64_t pkt_made;            /* expected packets [0, pkt_made) are written */
    uint64_t end_line;                        /* published by done */
    char error[700];                          /* published by done */
    uint64_t error_line;                      /* published by done: the golden line of the error (0: none) */
    int error_status;                         /* published by done: its tm_status */
    uint64_t records;                         /* published by done: the golden's records (of the cpu compared) */
    /* written by the comparison, handed back with the steps' tail */
    _Alignas(64) atomic_uint_fast64_t pkt_tail; /* packets before pkt_tail are consumed */
    pthread_t thread;
    /* golden registers not compared, by name as written: added by the golden thread, read by the ledger at any
     * time (a run closed early), hence the lock */
    pthread_mutex_t uncompared_lock;
    tc_uncompared_reg uncompared[TC_MAX_UNCOMPARED_REGS];
    unsigned nuncompared;
    uint64_t uncompared_more; /* lines of further names, when the table is full */
};

/* A register line the checker does not compare (a foreign register, one the comparison does not model, the PC
 * whose value the next step's address gives): counted by its name as written, for the ledger. */
static void count_uncompared(tc_checker *c, tm_str name)
{
    tc_golden_sync *y = c->sync;
    size_t n = name.n < sizeof y->uncompared[0].name - 1 ? name.n : sizeof y->uncompared[0].name - 1;
    pthread_mutex_lock(&y->uncompared_lock);
    unsigned i = 0;
    while (i < y->nuncompared && (strncmp(y->uncompared[i].name, name.p, n) || y->uncompared[i].name[n])) i++;
    if (i == y->nuncompared && i < TC_MAX_UNCOMPARED_REGS) {
        memcpy(y->uncompared[i].name, name.p, n);
        y->uncompared[i].name[n] = '\0';
        y->nuncompared++;
    }
    if (i < TC_MAX_UNCOMPARED_REGS) y->uncompared[i].lines++;
    else y->uncompared_more++;
    pthread_mutex_unlock(&y->uncompared_lock);
}

size_t tc_golden_uncompared(tc_checker *c, tc_uncompared_reg *out, uint64_t *more)
{
    *more = 0;
    if (!c->sync) return 0;
    tc_golden_sync *y = c->sync;
    pthread_mutex_lock(&y->uncompared_lock);
    size_t n = y->nuncompared;
    memcpy(out, y->uncompared, n * sizeof *out);
    *more = y->uncompared_more;
    pthread_mutex_unlock(&y->uncompared_lock);
    return n;
}

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

/* A step's records go to the pool at pos, reserved for the most a step may have and never wrapping. */
static uint64_t reserve(uint64_t pos, unsigned cap, unsigned most)
{
    unsigned at = (unsigned)(pos & (cap - 1));
    return at + most > cap ? pos + (cap - at) : pos;
}

static void start_step(tc_checker *c, uint8_t kind, uint64_t line)
{
    tc_golden_side *g = &c->gs;
    tc_step *s = tc_step_at(c, g->made);
    memset(s, 0, offsetof(tc_step, regs));
    g->reg_pos = reserve(g->reg_pos, c->pool_cap, TC_MAX_REGS);
    g->mem_pos = reserve(g->mem_pos, c->pool_cap, TC_MAX_MEM);
    s->reg_first = g->reg_pos;
    s->mem_first = g->mem_pos;
    s->regs = &c->reg_pool[g->reg_pos & (c->pool_cap - 1)];
    s->mem = &c->mem_pool[g->mem_pos & (c->pool_cap - 1)];
    s->index = g->made;
    s->line = line;
    s->kind = kind;
    s->handler = -1;
    c->gs.building = 1;
}

/* Close the step being built; derive the MTB packets of the step before it, now that its successor is known;
 * publish both. */
static void complete_step(tc_checker *c)
{
    tc_golden_side *g = &c->gs;
    if (g->made > 0) tc_mtb_step(c, tc_step_at(c, g->made - 1), tc_step_at(c, g->made));
    g->made++;
    g->building = 0;
    atomic_store_explicit(&c->sync->pkt_made, g->pkt_made, memory_order_release);
    tm_ring_publish(c->sync->steps, g->made);
}

/* The golden is wrong at the record being added (golden thread, or live mode's caller): its error
 * "golden <file>:<line>:<column>: <msg>" (column 0: none) ends the golden there. Returns TC_FAILED. */
__attribute__((format(printf, 3, 4))) static int golden_bad(tc_checker *c, uint32_t column, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tm_error e;
    tm_error_set(&e, TM_ERR_FORMAT, c->o.golden, c->gs.line, "%s", msg);
    e.column = column;
    char where[700];
    snprintf(c->sync->error, sizeof c->sync->error, "golden %s", tm_error_format(&e, where, sizeof where));
    c->sync->error_line = c->gs.line;
    c->sync->error_status = TM_ERR_FORMAT;
    return TC_FAILED;
}

/* The fields a record gives, as tc_golden_fields.c judges them: what it refuses is the golden's error here. */
static int refused(tc_checker *c) { return golden_bad(c, c->gs.bad.column, "%s", c->gs.bad.msg); }

/* An address within ARMv6-M's 32 bits (inline: every record has one). */
static inline int addr_ok(tc_checker *c, const tm_addr *a, const char *what)
{
    if (a->va <= 0xFFFFFFFFu) return TC_OK;
    tc_golden_addr_wide(c, a, what);
    return refused(c);
}

static inline int add_reg(tc_checker *c, tc_step *s, const tm_reg *rg)
{
    int rc = tc_golden_reg(c, s, rg);
    if (rc == TC_OK) return TC_OK;
    if (rc == TC_FIELD_LEFT_OUT) {
        count_uncompared(c, rg->name);
        return TC_OK;
    }
    return refused(c);
}

static int mem_full(tc_checker *c) { return golden_bad(c, 0, "more than %d memory records in one step", TC_MAX_MEM); }

/* One data access of a golden step; unknown: the golden does not know its data. */
static int add_mem(tc_checker *c, tc_step *s, uint32_t addr, uint32_t data, uint8_t size, uint8_t write,
                   uint8_t error, uint8_t unknown, uint64_t line)
{
    if (s->nmem == TC_MAX_MEM) return mem_full(c);
    c->gs.mem_pos++;
    tc_gmem *g = &s->mem[s->nmem++];
    g->addr = addr;
    g->data = data;
    g->size = size;
    g->write = write;
    g->error = error;
    g->unknown = unknown;
    g->line = line;
    /* an access the bus stream leaves out (bus=0, bus_ignore) is kept, as matched, for the MTB's registers */
    g->matched = !tc_bus_compared(&c->o, addr);
    if (!g->matched) s->unmatched++;
    return TC_OK;
}

/* An ES LD/ST line shows the bytes accessed in a 16-byte region: they become the accesses a 32-bit bus makes,
 * a word for each aligned word wholly accessed, else halfwords, else bytes. An access with a byte of unknown
 * value is matched on the bus but its data is not compared. */
static int add_ldst(tc_checker *c, tc_step *s, const tm_ldst *m, uint64_t line)
{
    if (addr_ok(c, &m->addr, "data") != TC_OK) return TC_FAILED;
    for (unsigned w = 0; w < 16; w += 4) {
        unsigned word = m->mask >> w & 15;
        for (unsigned b = 0; b < 4;) {
            unsigned size = word == 15 && b == 0 ? 4 : (b % 2 == 0 && (word >> b & 3) == 3) ? 2 : 1;
            if (size == 1 && !(word >> b & 1)) {
                b++;
                continue;
            }
            uint32_t data = 0;
            for (unsigned k = 0; k < size; k++) data |= (uint32_t)m->bytes[w + b + k] << (8 * k);
            uint8_t unknown = (m->unknown >> (w + b) & ((1u << size) - 1)) != 0;
            int rc = add_mem(c, s, (uint32_t)m->addr.va + w + b, data, (uint8_t)size, m->write, 0, unknown, line);
            if (rc != TC_OK) return rc;
            b += size;
        }
    }
    return TC_OK;
}

/* An instruction record opens an instruction step (completing the previous one). */
static int add_insn(tc_checker *c, const tm_insn *in, uint64_t line)
{
    if (c->gs.building) complete_step(c);
    start_step(c, TC_STEP_INSN, line);
    tc_step *s = tc_step_at(c, c->gs.made);
    if (addr_ok(c, &in->addr, "instruction") != TC_OK) return TC_FAILED;
    s->status = in->status;
    s->pc = (uint32_t)in->addr.va;
    s->opcode = in->opcode;
    s->opcode_unknown = in->opcode_unknown;
    s->is32 = in->opcode_digits > 4 || (in->iset.n == 3 && in->iset.p[2] == '2');
    if (in->mode.n) s->handler = name_is(in->mode, "handler") || name_is(in->mode, "hndl");
    if (c->disasm) { /* option elf=: the golden's own text for reports ("" when the line has none) */
        char *d = c->disasm[c->gs.made & (c->ring_cap - 1)];
        size_t n = in->disasm.n < TC_DISASM_LEN - 1 ? in->disasm.n : TC_DISASM_LEN - 1;
        if (n) memcpy(d, in->disasm.p, n);
        d[n] = '\0';
    }
    return TC_OK;
}

/* An event into step s (NULL: none open). An exception entry opens an exception step, or continues the one its
 * mode change opened (*opened = 1); a return to Thread mode marks the step, and the others are part of the step
 * (*opened stays 0). TC_OK, or TC_FAILED for an address the profile refuses. */
static int add_event(tc_checker *c, tc_step *s, const tm_event *e, uint64_t line, int *opened)
{
    tm_str name = event_name(e->desc);
    int entry = tm_event_entry(e); /* the same boundaries as tarmac-diff's steps */
    int mode_to_handler = entry == 2, exc = entry == 1;
    if (e->has_value && addr_ok(c, &e->value, "exception") != TC_OK) return TC_FAILED;
    if (s && s->kind == TC_STEP_RESET && name_is(name, "RESET")) {
        /* what an FVP writes before its reset event (the cpsr of the halted core) is not reset state */
        c->gs.reg_pos = s->reg_first;
        s->nregs = 0;
    }
    if (s && name_is(name, "ModeChange") && name_is(e->mode, "thread")) s->to_thread = 1;
    if (!mode_to_handler && !exc) return TC_OK; /* reset, mode change to thread, returns: part of the step */
    *opened = 1;
    int continues = s && s->kind == TC_STEP_EXC && !s->has_exc_event;
    if (!continues) {
        if (s) complete_step(c);
        start_step(c, TC_STEP_EXC, line);
        s = tc_step_at(c, c->gs.made);
    }
    if (!exc) return TC_OK;
    s->has_exc_event = 1;
    if (e->has_number) {
        s->has_number = 1;
        s->exc_number = e->number;
        s->has_return = e->has_value;
        s->exc_return = (uint32_t)e->value.va;
    } else if (e->has_arg) {
        s->has_number = 1;
        s->exc_number = e->arg;
    } else if (e->es && e->has_number) { /* ES: [<n>], no return address */
        s->has_number = 1;
        s->exc_number = e->number;
    }
    return TC_OK;
}

/* Add one golden record; an instruction or exception entry opens a new step (completing the previous one). */
static int add_record(tc_checker *c, const tm_record *r)
{
    uint64_t line = c->gs.line;
    tc_step *s = c->gs.building ? tc_step_at(c, c->gs.made) : NULL;
    switch ((tm_kind)r->kind) {
    case TM_REC_SIGNAL:      /* FVP status lines, the ES header and branch lines: kept, opening no step */
    case TM_REC_INFO:
    case TM_REC_TEXT_HEADER:
    case TM_REC_BRANCH:
        return TC_OK;
    case TM_REC_INSN:
        return add_insn(c, &r->u.insn, line);
    case TM_REC_EVENT: {
        int opened = 0;
        if (add_event(c, s, &r->u.event, line, &opened) != TC_OK) return TC_FAILED;
        if (opened) return TC_OK;
        break; /* part of the step */
    }
    default:
        break;
    }
    if (!s) { /* before the first instruction: the reset step */
        start_step(c, TC_STEP_RESET, line);
        s = tc_step_at(c, c->gs.made);
    }
    switch ((tm_kind)r->kind) {
    case TM_REC_REG:
        return add_reg(c, s, &r->u.reg);
    case TM_REC_MEM: {
        const tm_mem *m = &r->u.mem;
        if (addr_ok(c, &m->addr, "data") != TC_OK) return TC_FAILED;
        int fetch = (m->shape == TM_MEM_RTL && m->od == 'O') || (m->shape == TM_MEM_M0 && m->od == 'I');
        if (fetch || m->transfer || m->seq == 'C') break; /* fetches and coprocessor transfers are not data */
        return add_mem(c, s, (uint32_t)m->addr.va, (uint32_t)m->data.v, m->size, m->write, m->error,
                       m->data.unknown != 0, line);
    }
    case TM_REC_LDST:
        return add_ldst(c, s, &r->u.ldst, line);
    case TM_REC_FLOW:
        if (addr_ok(c, &r->u.flow.addr, "branch") != TC_OK ||
            addr_ok(c, &r->u.flow.target, "branch target") != TC_OK)
            return TC_FAILED;
        c->gs.saw_flow = 1;
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

/* Room, as far as the comparison has handed steps back, for `need` more steps in the ring, a whole step in
 * each pool (wasting at most a step's worth at the pool's end) and the packets the next completion may derive
 * (at EOF two steps' worth). */
static int has_room(tc_checker *c, uint64_t need)
{
    const tc_golden_side *g = &c->gs;
    if (g->made + need - g->oldest_seen > c->ring_cap) return 0;
    if (g->pkt_made + 2 * TC_MAX_STEP_PACKETS - g->pkt_tail_seen > c->pkt_cap) return 0;
    return g->reg_pos + 2 * TC_MAX_REGS - g->reg_held <= c->pool_cap &&
           g->mem_pos + 2 * TC_MAX_MEM - g->mem_held <= c->pool_cap;
}

static void reload_handed_back(tc_checker *c)
{
    tc_golden_side *g = &c->gs;
    g->oldest_seen = tm_ring_tail(c->sync->steps);
    g->pkt_tail_seen = atomic_load_explicit(&c->sync->pkt_tail, memory_order_acquire);
    /* pool records held: from the oldest step still held (if it was started) on */
    int started = g->oldest_seen < g->made || (g->oldest_seen == g->made && g->building);
    const tc_step *o = started ? tc_step_at(c, g->oldest_seen) : NULL;
    g->reg_held = o ? o->reg_first : g->reg_pos;
    g->mem_held = o ? o->mem_first : g->mem_pos;
}

static int room_after_reload(void *arg)
{
    tc_checker *c = arg;
    reload_handed_back(c);
    return has_room(c, 2);
}

/* Wait until the ring and the pools have room for the next step; when full, sleep until half of the ring is
 * free, so that the comparison wakes this thread once per half ring, not once per step. Returns -1 when told
 * to stop. */
static int wait_for_room(tc_checker *c)
{
    if (has_room(c, 2)) return 0;
    reload_handed_back(c);
    if (has_room(c, 2)) return 0;
    uint64_t half = c->gs.made + 2 > c->ring_cap / 2 ? c->gs.made + 2 - c->ring_cap / 2 : 0;
    /* a pool- or packet-bound wait wakes on any step handed back */
    if (half <= c->gs.oldest_seen) half = c->gs.oldest_seen + 1;
    return tm_ring_wait_room(c->sync->steps, half, room_after_reload, c);
}

static void finish_golden(tc_checker *c)
{
    tc_golden_sync *y = c->sync;
    y->end_line = c->gs.reader ? tm_reader_line(c->gs.reader) : c->gs.line;
    atomic_store_explicit(&y->pkt_made, c->gs.pkt_made, memory_order_release);
    tm_ring_finish(y->steps);
}

/* The golden's end: the step being built is complete; the last step has no successor, its packets are derived
 * with none. */
static void end_steps(tc_checker *c)
{
    tc_golden_side *g = &c->gs;
    if (g->building) complete_step(c);
    if (g->made > 0) tc_mtb_step(c, tc_step_at(c, g->made - 1), NULL);
}

static void *golden_main(void *arg)
{
    tc_checker *c = arg;
    tc_golden_sync *y = c->sync;
    tc_golden_side *g = &c->gs;
    for (;;) {
        if (tm_ring_stopped(y->steps) || wait_for_room(c) != 0) return NULL;
        tm_record r;
        tm_error e;
        int rc = tm_reader_next(g->reader, &r, &e);
        if (rc == TM_EOF) {
            end_steps(c);
            break;
        }
        if (rc != TM_OK) {
            char buf[600];
            snprintf(y->error, sizeof y->error, "unreadable golden: %s", tm_error_format(&e, buf, sizeof buf));
            y->error_line = e.line;
            y->error_status = e.status;
            break;
        }
        if (c->o.cpu >= 0 && r.h.cpu >= 0 && r.h.cpu != c->o.cpu) continue;
        g->line = tm_reader_line(g->reader);
        y->records++;
        if (add_record(c, &r) != TC_OK) break;
    }
    finish_golden(c);
    return NULL;
}

/* The hand-over's state, or NULL with err filled. */
static tc_golden_sync *new_sync(tm_error *err)
{
    tc_golden_sync *y = aligned_alloc(64, sizeof *y);
    if (y) {
        memset(y, 0, sizeof *y);
        pthread_mutex_init(&y->uncompared_lock, NULL);
        y->steps = tm_ring_new();
        if (y->steps) return y;
        pthread_mutex_destroy(&y->uncompared_lock);
        free(y);
    }
    tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
    return NULL;
}

static void free_sync(tc_checker *c)
{
    tm_ring_free(c->sync->steps);
    pthread_mutex_destroy(&c->sync->uncompared_lock);
    free(c->sync);
    c->sync = NULL;
}

int tc_golden_start(tc_checker *c, tm_error *err)
{
    c->sync = new_sync(err);
    if (!c->sync) return err->status;
    tm_reader_options ro = { 0 };
    ro.lenient = c->o.lenient;
    ro.fifo_wait_ms = c->o.golden_wait_ms;
    ro.profile = c->o.profile; /* option profile=: a register of another profile is an error at its column */
    c->gs.reader = tm_reader_open(c->o.golden, &ro, err);
    if (c->gs.reader && pthread_create(&c->sync->thread, NULL, golden_main, c) == 0) return TM_OK;
    if (c->gs.reader) {
        tm_reader_close(c->gs.reader);
        c->gs.reader = NULL;
        tm_error_set(err, TM_ERR_IO, NULL, 0, "cannot start the golden reader thread");
    }
    free_sync(c);
    return err->status;
}

void tc_golden_stop(tc_checker *c)
{
    if (!c->sync) return;
    if (c->gs.reader) { /* live mode has no thread */
        tm_ring_stop(c->sync->steps);
        pthread_join(c->sync->thread, NULL);
        tm_reader_close(c->gs.reader);
        c->gs.reader = NULL;
    }
    free_sync(c);
}

int tc_golden_live_start(tc_checker *c, tm_error *err)
{
    /* no thread: the ring's positions are stored and loaded on the caller's thread */
    c->sync = new_sync(err);
    return c->sync ? TM_OK : err->status;
}

/* Live: the golden ended (tc_golden_end, or an error). */
static int live_done(tc_checker *c)
{
    int done;
    tm_ring_head(c->sync->steps, &done);
    return done;
}

int tc_golden_add(tc_checker *c, const tm_record *r, uint64_t line)
{
    c->gs.line = line;
    if (c->sync->error[0] || live_done(c)) return TC_FAILED;
    if (add_record(c, r) != TC_OK) {
        finish_golden(c);
        return TC_FAILED;
    }
    return TC_OK;
}

const char *tc_golden_error(const tc_checker *c) { return c->sync->error; }

void tc_golden_end(tc_checker *c, uint64_t last_line)
{
    if (live_done(c)) return;
    end_steps(c);
    c->gs.line = last_line;
    finish_golden(c);
}

/* Hand the steps before oldest and the consumed packets back to the golden thread (the ring wakes it when it
 * sleeps and enough is free). */
static void hand_back(tc_checker *c)
{
    atomic_store_explicit(&c->sync->pkt_tail, c->pkt_tail, memory_order_release);
    tm_ring_release(c->sync->steps, c->oldest);
}

/* What the golden thread has published: done first, so that made and pkt_made are final when it is set. */
static void load_made(tc_checker *c)
{
    c->made_seen = tm_ring_head(c->sync->steps, &c->done_seen);
    c->pkt_made_seen = atomic_load_explicit(&c->sync->pkt_made, memory_order_acquire);
}

/* Wait until the golden thread made steps [0, upto). When it is behind, sleep until it is a quarter ring
 * ahead (or done), so that it wakes this thread once per quarter ring, not once per step. */
static void wait_for_steps(tc_checker *c, uint64_t upto)
{
    c->done_seen = tm_ring_wait_items(c->sync->steps, upto, upto + c->ring_cap / 4, &c->made_seen);
    c->pkt_made_seen = atomic_load_explicit(&c->sync->pkt_made, memory_order_acquire);
}

/* tc_fail for the golden, at its line (the ledger's golden_at). */
__attribute__((format(printf, 3, 4))) static int golden_failed(tc_checker *c, uint64_t line, const char *fmt, ...)
{
    char msg[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int first = c->first.kind == TC_FIRST_NONE;
    tc_fail(c, "golden", "%s", msg);
    if (first) c->first.line = line;
    return TC_FAILED;
}

/* Steps handed back at once: a store to the shared line and a fence per HAND_BACK steps, not per call. The
 * golden thread runs a ring ahead, so the lag costs it nothing; before waiting for it everything is handed back. */
#define HAND_BACK 64

static void hand_back_if(tc_checker *c, int now)
{
    if (!now && c->oldest < c->oldest_handed + HAND_BACK) return;
    if (c->oldest == c->oldest_handed && c->pkt_tail == c->pkt_tail_handed) return;
    hand_back(c);
    c->oldest_handed = c->oldest;
    c->pkt_tail_handed = c->pkt_tail;
}

int tc_golden_fill(tc_checker *c, uint64_t upto)
{
    hand_back_if(c, 0);
    /* never ask for more than the ring holds beside the steps still held */
    if (upto > c->oldest + c->ring_cap / 2) upto = c->oldest + c->ring_cap / 2;
    if (c->complete >= upto || c->golden_eof) return TC_OK;
    if (!c->gs.reader) load_made(c); /* live: the steps are built on this thread */
    else if (c->made_seen < upto && !c->done_seen) {
        hand_back_if(c, 1);
        wait_for_steps(c, upto);
    }
    /* a golden that ends in an error fails the comparison only when it needs a step past the error */
    int error = c->done_seen && c->sync->error[0];
    if (error && upto > c->made_seen) return golden_failed(c, c->sync->error_line, "%s", c->sync->error);
    c->complete = upto < c->made_seen ? upto : c->made_seen;
    if (c->done_seen && !error && upto >= c->made_seen) {
        c->golden_eof = 1;
        c->end_line = c->sync->end_line;
    }
    /* the packets of the steps seen: those of the last step once its successor is seen, or at the end */
    while (c->pkt_head < c->pkt_made_seen &&
           (c->golden_eof || c->pkts[c->pkt_head & (c->pkt_cap - 1)].step + 1 < c->complete))
        c->pkt_head++;
    return TC_OK;
}

int64_t tc_golden_total(tc_checker *c)
{
    if (c->golden_eof) return (int64_t)c->complete;
    if (!c->sync) return -1;
    load_made(c);
    /* file mode: every step and packet handed back, so that the golden thread reads on to the end */
    while (c->gs.reader && !c->done_seen) {
        c->oldest = c->made_seen;
        c->pkt_tail = c->pkt_made_seen;
        hand_back(c);
        wait_for_steps(c, c->made_seen + 1);
    }
    return c->done_seen && !c->sync->error[0] ? (int64_t)c->made_seen : -1;
}

int tc_golden_intact(tc_checker *c, uint64_t line)
{
    if (!c->gs.reader || line <= c->intact_through) return TC_OK;
    tm_error e;
    uint64_t through;
    if (tm_reader_check_member(c->gs.reader, line, &through, &e) == TM_OK) {
        /* nothing to check (plain text, a pipe): never again */
        c->intact_through = !tm_reader_is_gzip(c->gs.reader) || !through ? UINT64_MAX : through > line ? through : line;
        return TC_OK;
    }
    char buf[600];
    return golden_failed(c, line, "unreadable golden: %s (the gzip member that holds golden line %llu is damaged: what "
                         "the comparison found there is not reported)",
                         tm_error_format(&e, buf, sizeof buf), (unsigned long long)line);
}

int tc_golden_first(tc_checker *c, tm_error *err)
{
    if (tc_golden_fill(c, c->o.bus_window + 2) != TC_OK)
        return tm_error_set(err, c->sync->error_status, NULL, 0, "%.250s", c->sync->error);
    for (uint64_t k = 0; k < c->complete; k++)
        if (tc_step_at(c, k)->kind != TC_STEP_RESET) return TM_OK;
    if (!c->golden_eof) return TM_OK;
    /* nothing to compare a retire or an exception with: say what the golden holds instead */
    const tm_reader *r = c->gs.reader;
    uint64_t lines = c->end_line, records = c->sync->records;
    if (!lines && tm_reader_is_gzip(r))
        return tm_error_set(err, TM_ERR_FORMAT, c->o.golden, 0, "the golden is empty: a gzip stream with no data in it");
    if (!lines) return tm_error_set(err, TM_ERR_FORMAT, c->o.golden, 0, "the golden is empty (0 bytes)");
    if (!records)
        return tm_error_set(err, TM_ERR_FORMAT, c->o.golden, 0,
                            "the golden holds no trace record: %llu lines of comments and blank lines only",
                            (unsigned long long)lines);
    return tm_error_set(err, TM_ERR_FORMAT, c->o.golden, 0,
                        "the golden holds no instruction or exception: %llu trace records%s, none an instruction line",
                        (unsigned long long)records, c->o.cpu >= 0 ? " of the cpu compared (cpu=)" : "");
}

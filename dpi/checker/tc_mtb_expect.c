/* Expected MTB packets, derived from the golden flow (dpi/README.md, model/ARCHITECTURE.md):
 *   taken branch:      (branch address | A=0, target | S)
 *   exception entry:   (preferred return address | A=1, handler | S)
 *   exception return:  (returning instruction | A=0, EXC_RETURN | S), (EXC_RETURN | A=1, return address | S)
 *   tail-chained entry: the return's second packet goes to the handler: (EXC_RETURN | A=1, handler | S), which is
 *                      the entry rule with the entry's return address, the EXC_RETURN value (tc_step_tail_chained)
 * S=1 on the first packet after MASTER.EN goes 0 -> 1, seen as a store in the golden memory stream. The MTB's
 * POSITION/FLOW registers are followed too: each packet carries the POSITION.POINTER it is written at, and
 * AUTOSTOP at the watermark stops the expected packets. */
#include "tarmac/mtb.h"
#include "tarmac/thumb.h"
#include "tc_internal.h"

static void expect(tc_checker *c, const tc_step *s, int kind, uint32_t src, int a, uint32_t dst)
{
    tc_golden_side *g = &c->gs;
    if (!g->mtb_enabled) return;
    mtb_packet pk = { src, dst, (uint8_t)(a != 0), (uint8_t)(g->mtb_start != 0) };
    uint32_t w0, w1;
    mtb_encode(&pk, &w0, &w1);
    g->mtb_start = 0;
    /* room for TC_MAX_STEP_PACKETS is made before each step (tc_golden.c) */
    tc_packet *p = &c->pkts[g->pkt_made++ & (c->pkt_cap - 1)];
    p->w0 = w0;
    p->w1 = w1;
    p->step = s->index;
    p->line = s->line;
    p->kind = (uint8_t)kind;
    p->events = 0;
    /* POSITION.POINTER advances 8 per packet and wraps at 2^(MASK+4) bytes; AUTOSTOP at the watermark. */
    uint32_t mask = g->mtb_master & 0x1f;
    uint32_t size = mask + 4 >= 32 ? 0 : 1u << (mask + 4);
    uint32_t ptr = g->mtb_position & ~7u;
    p->pointer = ptr;
    uint32_t next = ptr + 8;
    if (size && ((next ^ ptr) & ~(size - 1)) != 0) {
        next = ptr & ~(size - 1);
        g->mtb_position |= 4; /* WRAP */
        p->events |= TC_PKT_WRAP;
    } else if (size) {
        next = (ptr & ~(size - 1)) | (next & (size - 1));
    }
    g->mtb_position = (g->mtb_position & 7u) | next;
    if ((next & ~7u) == (g->mtb_flow & ~7u)) {
        if (g->mtb_flow & 2u) p->events |= TC_PKT_AUTOHALT; /* HALTREQ only: tracing goes on */
        if (g->mtb_flow & 1u) {
            p->events |= TC_PKT_AUTOSTOP;
            g->mtb_enabled = 0;
            g->mtb_master &= ~0x80000000u;
        }
    }
}

/* Where execution goes after step s: the next instruction, or where an exception taken at once returns to. */
static int next_pc(const tc_step *next, uint32_t *pc)
{
    if (!next) return 0;
    if (next->kind == TC_STEP_INSN) {
        *pc = next->pc;
        return 1;
    }
    if (next->kind == TC_STEP_EXC && next->has_return) {
        *pc = next->exc_return;
        return 1;
    }
    return 0;
}

/* Step s faulted: the next step enters HardFault with s's own address as the return address (a synchronous fault
 * of the instruction: UNDEFINED, an invalid EXC_RETURN, a bus error). It wrote no PC: no packet. */
static int faulted(const tc_step *s, const tc_step *next)
{
    return next && next->kind == TC_STEP_EXC && next->has_number && next->exc_number == 3 && next->has_return &&
           next->exc_return == s->pc;
}

/* Step s is an exception return that the golden's last step also ends in (an exception entered at once locked up on
 * its vector read): where the return went, the return address of the frame it unstacked (its seventh word, after
 * the words the instruction itself popped). */
static int unstacked_return_address(const tc_step *s, uint32_t *pc)
{
    unsigned own = 0;
    if (thumb_decode(s->opcode, s->is32) == thumb_pop_t1)
        own = (unsigned)__builtin_popcount(thumb_register_list(s->opcode)) + 1;
    if (!tc_step_nth_read(s, own + 6, pc)) return 0;
    *pc &= ~1u;
    return 1;
}

static void apply_mtb_writes(tc_golden_side *g, uint32_t mtb_base, const tc_step *s)
{
    if (!mtb_base) return;
    for (unsigned i = 0; i < s->nmem; i++) {
        const tc_gmem *m = &s->mem[i];
        if (!m->write || m->size != 4 || (m->addr & ~0xfu) != mtb_base) continue;
        switch (m->addr & 0xf) {
        case 0x0: g->mtb_position = m->data & ~3u; break;
        case 0x4: {
            int en = (m->data >> 31) & 1;
            if (en && !g->mtb_enabled) g->mtb_start = 1;
            g->mtb_enabled = en;
            g->mtb_master = m->data;
            break;
        }
        case 0x8: g->mtb_flow = m->data & ~4u; break;
        default: break;
        }
    }
}

static void apply_ahead_regs(tc_golden_side *g, const tc_step *s)
{
    for (unsigned i = 0; i < s->nregs; i++)
        if (s->regs[i].id >= 0 && s->regs[i].id < TM_REG_COUNT)
            g->ahead[s->regs[i].id] = tc_greg_merge(g->ahead[s->regs[i].id], &s->regs[i]);
}

void tc_mtb_step(tc_checker *c, const tc_step *s, const tc_step *next)
{
    uint32_t dst;
    if (!c->o.mtb) return; /* mtb=0: no packet expected */
    if (s->kind == TC_STEP_EXC && s->has_return && next_pc(next, &dst)) {
        expect(c, s, tc_step_chained_entry(s) ? TC_PKT_TAIL_CHAIN : TC_PKT_EXC_ENTRY, s->exc_return, 1, dst);
    } else if (s->kind == TC_STEP_INSN && s->status == TM_INSN_IT) {
        uint32_t v;
        if (tc_step_exc_return(c->gs.ahead, s, &v)) {
            expect(c, s, TC_PKT_EXC_RETURN, s->pc, 0, v);
            if (!(next && tc_step_tail_chained(next)) &&
                (next_pc(next, &dst) || (!next && unstacked_return_address(s, &dst))))
                expect(c, s, TC_PKT_EXC_RETURN_TO, v | 1u, 1, dst);
        } else if (c->gs.saw_flow) {
            for (unsigned i = 0; i < s->nflow; i++) expect(c, s, TC_PKT_BRANCH, s->flow_src[i], 0, s->flow_dst[i]);
        } else if (thumb_writes_pc(s->opcode, s->is32) && !faulted(s, next) && next_pc(next, &dst)) {
            expect(c, s, TC_PKT_BRANCH, s->pc, 0, dst);
        } else if (!next && tc_bx_pop_value(c->gs.ahead, s, &dst)) {
            /* the golden's last step (a lockup follows: an INVSTATE or fetch fault at the target in HardFault or
             * NMI): the BX or POP still branched */
            expect(c, s, TC_PKT_BRANCH, s->pc, 0, dst & ~1u);
        }
    }
    apply_ahead_regs(&c->gs, s);
    apply_mtb_writes(&c->gs, c->o.mtb_base, s);
}

/* Exceptions: priorities, pending and active state, entry with 8-word stacking, EXC_RETURN, tail-chaining and
 * late arrival. Choices in model/ARCHITECTURE.md: pending exceptions are evaluated at instruction boundaries;
 * tail-chaining and late arrival only with the options cfg.tail_chain / cfg.late_arrival. Software reads and
 * writes this state through the System Control Space (model/scs.c). */
#include <stdio.h>
#include <string.h>

#include "m6_state.h"

static int handler_mode(const m6 *c) { return c->ipsr != 0; }

/* Priority of exception n: -3 reset, -2 NMI, -1 HardFault, else 0..3 (the 2-bit field, as 0x00..0xC0 >> 6). */
static int priority(const m6 *c, unsigned n)
{
    switch (n) {
    case M6_EXC_RESET: return -3;
    case M6_EXC_NMI: return -2;
    case M6_EXC_HARDFAULT: return -1;
    case M6_EXC_SVCALL: return c->pri_svcall >> 6;
    case M6_EXC_PENDSV: return c->pri_pendsv >> 6;
    case M6_EXC_SYSTICK: return c->pri_systick >> 6;
    default: return n >= M6_EXC_IRQ0 && n < M6_EXC_COUNT ? c->irq_prio[n - M6_EXC_IRQ0] >> 6 : 4;
    }
}

int m6_exec_priority(const m6 *c)
{
    if (!c) return 4;
    int p = 4;
    for (unsigned n = 1; n < M6_EXC_COUNT; n++)
        if ((c->active >> n) & 1) {
            int q = priority(c, n);
            if (q < p) p = q;
        }
    if (c->primask && p > 0) p = 0;
    return p;
}

void m6_set_pending(m6 *c, unsigned n)
{
    if (!c) return;
    if (n >= M6_EXC_IRQ0) c->irq_pending |= (1u << (n - M6_EXC_IRQ0)) & m6_irq_mask(c);
    else c->sys_pending |= 1ull << n;
}

static int is_pending(const m6 *c, unsigned n)
{
    if (n >= M6_EXC_IRQ0) return ((c->irq_pending & c->irq_enable) >> (n - M6_EXC_IRQ0)) & 1;
    return (c->sys_pending >> n) & 1;
}

static void clear_pending(m6 *c, unsigned n)
{
    if (n >= M6_EXC_IRQ0) c->irq_pending &= ~(1u << (n - M6_EXC_IRQ0));
    else c->sys_pending &= ~(1ull << n);
    c->pend_held &= ~(1ull << n);
}

unsigned m6_highest_pending(const m6 *c, int *prio, int held)
{
    unsigned best = 0;
    int bp = 5;
    for (unsigned n = 2; n < M6_EXC_COUNT; n++) {
        if (!is_pending(c, n) || (!held && (c->pend_held >> n & 1))) continue;
        int p = priority(c, n);
        if (p < bp) {
            bp = p;
            best = n;
        }
    }
    *prio = bp;
    return best;
}

static void lockup(m6 *c, uint32_t pc)
{
    c->locked_up = 1;
    c->exit_code = M6_EXIT_LOCKUP;
    snprintf(c->msg, sizeof c->msg, "lockup at %08x", pc);
}

/* The handler address of exception n. A bus error on the vector read locks up; with late_arrival it is a
 * HardFault that arrives while n is being entered and is taken instead, with n's frame (n stays pending), when
 * HardFault preempts the context being left. Returns the exception entered, or 0 after a lockup. */
static unsigned read_vector(m6 *c, unsigned n, uint32_t return_addr, uint32_t *vector)
{
    if (!m6_read(c, (c->vtor & ~0x7fu) + 4 * n, 4, vector)) return n;
    if (c->cfg.late_arrival && n != M6_EXC_HARDFAULT && m6_exec_priority(c) >= 0 &&
        !m6_read(c, (c->vtor & ~0x7fu) + 4 * M6_EXC_HARDFAULT, 4, vector))
        return M6_EXC_HARDFAULT;
    lockup(c, return_addr);
    return 0;
}

/* ExceptionTaken: the handler's state once the frame is in place (stacked, or kept by a tail-chain). */
static void taken(m6 *c, unsigned n, uint32_t vector, uint32_t exc_return)
{
    c->control &= ~2u;
    c->r[14] = exc_return;
    if (c->unk_regs >> 14 & 1) m6_unknown_known(c, 1u << 14, 0);
    c->ipsr = n;
    c->itstate = 0;     /* ARMv7-M: the handler starts outside any IT block, with the local monitor clear */
    c->excl_valid = 0;
    c->active |= 1ull << n;
    clear_pending(c, n);
    c->r[15] = vector & ~1u;
}

int m6_enter_exception(m6 *c, unsigned n, uint32_t return_addr)
{
    if (!c) return -1;
    int from_thread = !handler_mode(c);
    uint32_t sp = c->r[13];
    uint32_t align = sp & 4;
    uint32_t frame_addr = (sp - 32) & ~7u;
    /* the frame's xPSR holds EPSR.T as it is: clear for an INVSTATE fault (a BX, BLX or POP to an even address, or
     * an even reset vector), so that returning to it without setting T faults again */
    uint32_t xpsr = (m6_xpsr(c) & ~(c->invstate_entry ? 0x01000000u : 0)) | (align ? 0x200u : 0);
    uint32_t frame[8] = { c->r[0], c->r[1], c->r[2], c->r[3], c->r[12], c->r[14], return_addr, xpsr };
    uint8_t unk[8] = { 0 };
    if (c->unk_any) m6_unknown_frame(c, unk);
    for (unsigned i = 8; i-- > 0;) /* highest address first, as Fast Models traces it */
        if (m6_write(c, frame_addr + 4 * i, 4, frame[i])) {
            lockup(c, return_addr);
            return -1;
        }
    if (c->unk_any) m6_unknown_stacked(c, frame_addr, unk);
    uint32_t vector;
    n = read_vector(c, n, return_addr, &vector);
    if (!n) { /* locked up on the vector read: the frame's writes were made all the same */
        m6_trace_stacking(c, frame, unk, frame_addr);
        return -1;
    }
    uint32_t exc_return = !from_thread ? 0xfffffff1u : (c->control & 2) ? 0xfffffffdu : 0xfffffff9u;
    c->r[13] = frame_addr;
    if (c->control & 2) { /* thread on PSP: the frame went to PSP; the handler runs on MSP */
        uint32_t t = c->r[13];
        c->r[13] = c->sp_other;
        c->sp_other = t;
    }
    taken(c, n, vector, exc_return);
    m6_trace_exception(c, n, return_addr, from_thread, frame, unk, frame_addr);
    if (c->mtb_master >> 31) m6_mtb_packet(c, return_addr | 1, 1, c->r[15]);
    return 0;
}

/* TailChain: the exception return of the step left its frame stacked; the handler of the exception chosen at
 * the return, or with late_arrival of the highest-priority one pending now (the returning instruction's SysTick
 * count may have pended SysTick since), runs with the same EXC_RETURN in LR. No stacking, no SP change; the
 * entry's MTB packet is the return's second one: (EXC_RETURN, A=1) -> handler. */
void m6_tail_chain(m6 *c, unsigned n)
{
    if (!c) return;
    uint32_t exc_return = c->exc_return_value;
    if (!n) { /* the model's own choice */
        n = c->tail_chain_to;
        if (c->cfg.late_arrival && !c->live) {
            int p;
            n = m6_highest_pending(c, &p, 0);
        }
    }
    c->tail_chain_to = 0;
    uint32_t vector;
    n = read_vector(c, n, exc_return, &vector);
    if (!n) return;
    taken(c, n, vector, exc_return);
    /* abandon_unstack: the core may have loaded some of them from the frame before it chained */
    if (c->cfg.abandon_unstack) m6_unknown_set(c, 0x100fu, 0xf0000000u);
    m6_trace_exception(c, n, exc_return, 0, NULL, NULL, 0);
    if (c->mtb_master >> 31) m6_mtb_packet(c, exc_return | 1, 1, c->r[15]);
    /* the boundary before the handler's first instruction: without late arrival, an exception that became pending
     * since the return (SysTick) and preempts the chained one is entered now, stacking a frame (live mode: when the
     * embedding says so) */
    if (!c->live && (c->sys_pending || (c->irq_pending & c->irq_enable))) m6_take_pending(c);
}

int m6_priority(const m6 *c, unsigned n) { return priority(c, n); }

void m6_exception_name(int n, char *buf, size_t size)
{
    if (!buf || !size) return;
    static const char *const fixed[16] = { [1] = "Reset", [2] = "NMI", [3] = "HardFault", [11] = "SVCall",
                                            [14] = "PendSV", [15] = "SysTick" };
    if (n >= M6_EXC_IRQ0) snprintf(buf, size, "IRQ%d (%d)", n - M6_EXC_IRQ0, n);
    else if (n > 0 && fixed[n]) snprintf(buf, size, "%s (%d)", fixed[n], n);
    else snprintf(buf, size, "exception %d", n);
}

uint64_t m6_active(const m6 *c)
{
    if (!c) return 0;
    return c->active;
}

int m6_fault_due(const m6 *c)
{
    if (!c) return 0;
    return c->fault_pending != 0;
}

unsigned m6_tail_chain_to(const m6 *c)
{
    if (!c) return 0;
    return c->tail_chain_to;
}

int m6_is_pending(const m6 *c, unsigned n) { return n < M6_EXC_COUNT && is_pending(c, n); }

unsigned m6_preempting(const m6 *c)
{
    if (!c) return 0;
    if (!c->sys_pending && !(c->irq_pending & c->irq_enable)) return 0; /* the common case, every instruction */
    int p;
    unsigned n = m6_highest_pending(c, &p, 0);
    return n && p < m6_exec_priority(c) ? n : 0;
}

/* An SVC that cannot be taken when it executes escalates to HardFault (whatever else is pending); SVCall pended
 * by the step's SVC is pending */
static int svc_escalates(const m6 *c)
{
    return c->svc_executed && !(priority(c, M6_EXC_SVCALL) < m6_exec_priority(c));
}

void m6_take_synchronous(m6 *c)
{
    if (!(c->sys_pending & (1ull << M6_EXC_SVCALL))) return;
    if (svc_escalates(c)) {
        clear_pending(c, M6_EXC_SVCALL);
        m6_fault(c, c->r[15]);
        return;
    }
    /* pended by SHCSR: held until a barrier (sw_pend=barrier), then taken once it preempts */
    if (!c->svc_executed && (c->pend_held >> M6_EXC_SVCALL & 1)) return;
    if (priority(c, M6_EXC_SVCALL) < m6_exec_priority(c)) m6_enter_exception(c, M6_EXC_SVCALL, c->r[15]);
}

int m6_take_pending(m6 *c)
{
    if (svc_escalates(c)) {
        clear_pending(c, M6_EXC_SVCALL);
        m6_fault(c, c->r[15]);
        return 1;
    }
    int p; /* its callers test first that something is pending and enabled (the common case: nothing) */
    unsigned n = m6_highest_pending(c, &p, 0);
    if (!n) return 0;
    return p < m6_exec_priority(c) && m6_enter_exception(c, n, c->r[15]) == 0;
}

void m6_fault(m6 *c, uint32_t return_addr)
{
    if (m6_exec_priority(c) < 0) { /* a fault in HardFault or NMI */
        lockup(c, return_addr);
        return;
    }
    m6_enter_exception(c, M6_EXC_HARDFAULT, return_addr);
}

int m6_exception_return(m6 *c, uint32_t exc_return)
{
    if (exc_return != 0xfffffff1u && exc_return != 0xfffffff9u && exc_return != 0xfffffffdu) return -1;
    int to_thread = exc_return != 0xfffffff1u;
    int to_psp = exc_return == 0xfffffffdu;
    /* nmi=level: the NMI input still high as its handler returns pends NMI again (taken as any pending one) */
    if (c->ipsr == M6_EXC_NMI && c->cfg.nmi_level && c->nmi_line) m6_set_pending(c, M6_EXC_NMI);
    c->active &= ~(1ull << c->ipsr);
    /* sw_pend=next: the returning instruction is the one more instruction a store's pend waits for, so what the
     * stores before it pended is visible at the return's boundary and may be tail-chained into */
    if (c->cfg.sw_pend == M6_PEND_NEXT) c->pend_held = 0;
    if (c->live) { /* live: the core chains (live_chain); into what preempts now, as the architecture says */
        unsigned n = c->live_chain ? m6_preempting(c) : 0;
        if (n) {
            c->tail_chain_to = n;
            c->pend_held = 0;
            return 0;
        }
    } else if (c->cfg.tail_chain) { /* decided as the return executes, before its own SysTick count */
        int p;
        unsigned n = m6_highest_pending(c, &p, 0);
        if (n && p < m6_exec_priority(c)) {
            c->tail_chain_to = n;
            c->pend_held = 0; /* context synchronisation: software pends can be taken after it */
            return 0;
        }
    }
    c->pend_held = 0;
    /* the frame is on the stack EXC_RETURN names */
    uint32_t msp = c->r[13]; /* handler mode: r13 is MSP */
    uint32_t frame_addr = to_psp ? c->sp_other : msp;
    if (to_thread) c->unstack_event = 1;
    c->acc_before_unstack = c->nacc;
    uint32_t f[8];
    for (unsigned i = 0; i < 8; i++) {
        if (m6_read(c, frame_addr + 4 * i, 4, &f[i])) {
            lockup(c, frame_addr + 4 * i);
            return 0;
        }
        if (c->nacc < sizeof c->acc / sizeof c->acc[0])
            c->acc[c->nacc++] = (m6_access){ frame_addr + 4 * i, f[i], 4, 0, (uint8_t)m6_unknown_bytes(c, frame_addr + 4 * i, 4) };
    }
    if (c->unk_any && m6_unknown_unstacked(c, frame_addr, c->r[15] - 2)) return 0;
    uint32_t new_sp = frame_addr + 32 + ((f[7] & 0x200) ? 4 : 0);
    c->ipsr = to_thread ? 0 : (f[7] & 0x3f);
    if (to_psp) {
        c->control |= 2;
        /* r13 becomes PSP: the handler's MSP goes to the other bank */
        c->sp_other = msp;
        c->r[13] = 0;
        m6_set_reg(c, 13, new_sp);
    } else {
        m6_set_reg(c, 13, new_sp);
    }
    static const unsigned regs[6] = { 0, 1, 2, 3, 12, 14 };
    for (unsigned i = 0; i < 6; i++) m6_set_reg(c, regs[i], f[i]);
    c->apsr = f[7] & 0xf0000000u;
    if (c->cfg.arch) { /* ARMv7-M: Q, GE and the IT state from the frame; the local monitor clear */
        c->qge = f[7] & 0x080f0000u;
        c->itstate = (uint8_t)((f[7] >> 8 & 0xfc) | (f[7] >> 25 & 3));
        c->excl_valid = 0;
    }
    c->r[15] = f[6] & ~1u;
    /* EPSR.T from the frame: clear, the instruction returned to takes an INVSTATE fault before it executes */
    if (!(f[7] & 0x01000000u)) c->fault_pending = c->r[15] + 1;
    return 0;
}

/* The step comparison, streams 1 and 2's end (dpi/README.md): at each step close (retire / exception) the PC,
 * opcode, width, taken/skipped, and the registers written by either side (value semantics on two shadow register
 * files); the bus beats and MTB packets of the steps that left the bus window. The beats and packets themselves:
 * tc_compare_bus.c. File mode calls these as the calls come (tc_calls.c), live mode once the model has made the
 * golden steps of a held call (tc_live.c). */
#include <string.h>

#include "tarmac/thumb.h"
#include "tc_coverage.h"
#include "tc_step.h"

/* r13 stands for the stack pointer in use: MSP in handler mode or with CONTROL.SPSEL clear. */
static int resolve_sp(int id, int handler, uint32_t control)
{
    if (id != TM_REG_SP) return id;
    return (!handler && (control & 2)) ? TM_REG_PSP : TM_REG_MSP;
}

int tc_reg_write_now(tc_checker *c, int reg, uint32_t value)
{
    tc_event e = { TC_EV_REG, (uint8_t)reg, 0, 0, value, 0, 0, c->time };
    tc_record_event(c, &e);
    if (reg == TM_REG_PC) return TC_OK;
    reg = resolve_sp(reg, c->gold_handler, c->rtl[TM_REG_CONTROL]);
    c->rtl[reg] = value;
    c->rtl_known |= 1u << reg;
    c->rtl_written |= 1u << reg;
    return TC_OK;
}

/* CONTROL.SPSEL changes that no trace line shows: an exception entry clears it (ExceptionTaken), a return to
 * Thread mode sets it from EXC_RETURN[2], which the returning step shows by writing PSP (the unstacked SP; a POP
 * in handler mode writes MSP as well). A return is a mode change to thread in the step, or, for producers that
 * write no such event, a handler-mode instruction followed by a thread-mode one. Returns the mask of CONTROL when
 * the step changed it: an architectural write like any other, which the RTL reports (reg_write) and the
 * comparison checks, so that a core that leaves SPSEL set at an entry fails there and not when CONTROL is read. */
static uint32_t implicit_spsel(tc_checker *c, const tc_step *s, uint64_t index)
{
    const uint32_t spsel = 2;
    if (!(c->gold_known & (1u << TM_REG_CONTROL))) return 0;
    uint32_t before = c->gold[TM_REG_CONTROL];
    if (s->kind == TC_STEP_EXC) {
        c->gold[TM_REG_CONTROL] &= ~spsel;
    } else if (s->kind == TC_STEP_INSN) {
        int returns = s->to_thread;
        if (!returns && s->handler == 1 && index + 1 < c->complete) {
            const tc_step *next = tc_step_at(c, index + 1);
            returns = next->kind == TC_STEP_INSN && next->handler == 0;
        }
        if (returns) {
            c->gold[TM_REG_CONTROL] &= ~spsel;
            for (unsigned i = 0; i < s->nregs; i++)
                if (s->regs[i].id == TM_REG_PSP) c->gold[TM_REG_CONTROL] |= spsel;
        }
    }
    return c->gold[TM_REG_CONTROL] != before ? 1u << TM_REG_CONTROL : 0;
}

#define SYST_CVR 0xE000E018u /* SysTick's current value register (ARMv6-M ARM B3.3) */

/* Apply a golden step's register writes to the golden shadow; returns the mask of registers written. CONTROL is
 * known from the reset step on: the architecture resets it to 0 (a golden writes it only when software does), so
 * that its implicit changes are compared from the first one. */
static uint32_t apply_golden(tc_checker *c, const tc_step *s, uint64_t index)
{
    uint32_t mask = 0;
    if (c->cov) tc_cov_step(c, s, index); /* before the step: c->gold holds the registers it starts from */
    if (s->handler >= 0) c->gold_handler = s->handler;
    if (s->kind == TC_STEP_EXC) c->gold_handler = 1;
    if (s->kind == TC_STEP_RESET) {
        c->gold[TM_REG_CONTROL] = 0;
        c->gold_known |= 1u << TM_REG_CONTROL;
    }
    for (unsigned i = 0; i < s->nregs; i++) {
        int id = resolve_sp(s->regs[i].id, c->gold_handler, c->gold[TM_REG_CONTROL]);
        mask |= 1u << id;
        tc_golden_write(c, id, &s->regs[i]);
    }
    if (c->o.systick_window && s->kind == TC_STEP_INSN && s->nregs == 1 && s->regs[0].id < TM_REG_SP)
        for (unsigned i = 0; i < s->nmem; i++)
            if (!s->mem[i].write && s->mem[i].size == 4 && s->mem[i].addr == SYST_CVR) c->systick_reg = s->regs[0].id + 1;
    return mask | implicit_spsel(c, s, index);
}

/* systick_window: a SysTick inside the core counts its own clock, and where in the instruction it reads the counter
 * is the core's; a value within the window of the golden's (the 24-bit counter, either way round its wrap) is
 * accepted, counted, and taken as the golden's from there on. */
static int systick_within(tc_checker *c, int id)
{
    if (id + 1 != c->systick_reg) return 0;
    uint32_t d = (c->gold[id] - c->rtl[id]) & 0xffffffu;
    if (d > c->o.systick_window && 0x1000000u - d > c->o.systick_window) return 0;
    c->n.systick_reads++;
    c->gold[id] = c->rtl[id];
    return 1;
}

/* Golden lines of the register writes in the group, for the report: the line of the first write of id. */
static uint64_t reg_line(tc_checker *c, uint64_t from, uint64_t to, int id, uint64_t fallback)
{
    for (uint64_t k = from; k < to; k++) {
        const tc_step *s = tc_step_at(c, k);
        for (unsigned i = 0; i < s->nregs; i++)
            if (resolve_sp(s->regs[i].id, 1, 0) == id || s->regs[i].id == id) return s->regs[i].line;
    }
    return fallback;
}

/* Compare one register whose shadows may differ after a step; returns TC_OK when they agree. gold_now / rtl_now:
 * whether each side wrote it in the step (write-port mode). */
static int compare_one(tc_checker *c, int id, int gold_now, int rtl_now, uint64_t first, uint64_t last_step)
{
    uint32_t bit = 1u << id;
    int gk = (c->gold_known & bit) != 0, rk = (c->rtl_known & bit) != 0;
    /* a register the golden has never written (a reset value the architecture leaves UNKNOWN) is not compared */
    if (!gk) return TC_OK;
    /* counted when the golden gave it a value: CONTROL known from its reset value only is compared all the same,
     * but is no register of the golden's (a golden without register values compares nothing, tc_vacuous) */
    if (c->gold_ever & bit) c->n.registers++;
    int elsewhere = tc_first_write_elsewhere(c, id, gold_now, rtl_now);
    if (rk && !((c->gold[id] ^ c->rtl[id]) & tc_compared_bits(c, id)) && !elsewhere) return TC_OK;
    if (rk && !elsewhere && systick_within(c, id)) return TC_OK;
    const tc_step *s = tc_step_at(c, last_step);
    uint64_t line = reg_line(c, first, last_step + 1, id, s->line);
    const char *why = !rk ? "never reported by the RTL"
                      : elsewhere ? "missing write (the golden writes it first in this step; the RTL wrote it in an "
                                    "earlier one)"
                      : gold_now && !rtl_now ? "missing write (the RTL's value is an older one)"
                      : !gold_now && rtl_now ? "extra write (the golden wrote no such register in this step)"
                                             : "wrong value";
    char g[TC_ADDR_TEXT], r[TC_ADDR_TEXT], bits[64];
    int rc = tc_mismatch(c, "register", tm_reg_name(id), last_step, line, "register %s: %s%s: expected %s, actual %s",
                         tm_reg_name(id), why, tc_bits_note(c, id, bits, sizeof bits),
                         tc_reg_text(c, g, id, gk, c->gold[id], 1), tc_reg_text(c, r, id, rk, c->rtl[id], 0));
    /* resynchronise so that one bug gives one report when max_errors > 1 */
    c->rtl[id] = c->gold[id];
    c->rtl_known |= bit;
    return rc;
}

static int compare_registers(tc_checker *c, uint32_t gold_mask, uint64_t first, uint64_t last_step)
{
    uint32_t rtl_mask = c->rtl_written;
    uint32_t mask = (gold_mask | rtl_mask) & ~c->o.ignore_mask & ~(1u << TM_REG_PC);
    c->rtl_written = 0;
    for (uint32_t left = mask; left; left &= left - 1) { /* the written registers only, in id order */
        int id = __builtin_ctz(left);
        int rc = compare_one(c, id, (gold_mask >> id) & 1, (rtl_mask >> id) & 1, first, last_step);
        if (rc != TC_OK) return rc;
    }
    c->systick_reg = 0;
    return TC_OK;
}

int tc_snapshot_now(tc_checker *c, const uint32_t regs[TM_REG_COUNT], uint32_t valid)
{
    tc_event e = { TC_EV_SNAPSHOT, 0, 0, 0, valid, 0, 0, c->time };
    tc_record_event(c, &e);
    if (!c->o.snapshot) return tc_fail(c, "api", "snapshot: the checker was opened for register writes (regs=writes)");
    if (!c->snap_due) return tc_fail(c, "api", "snapshot: no retire or exception since the last snapshot (one per step)");
    c->snap_due = 0;
    valid &= ~(1u << TM_REG_PC);
    uint32_t v[TM_REG_COUNT];
    memcpy(v, regs, sizeof v);
    if (valid & (1u << TM_REG_SP)) { /* SP alone: the stack pointer the golden is using */
        int id = resolve_sp(TM_REG_SP, c->gold_handler, c->gold[TM_REG_CONTROL]);
        if (!(valid & (1u << id))) v[id] = v[TM_REG_SP];
        valid = (valid | 1u << id) & ~(1u << TM_REG_SP);
    }
    c->shown_ever |= valid;
    for (uint32_t left = valid; left; left &= left - 1) {
        int id = __builtin_ctz(left);
        c->rtl[id] = v[id];
        c->rtl_known |= 1u << id;
    }
    for (uint32_t left = valid & ~c->o.ignore_mask; left; left &= left - 1) {
        int id = __builtin_ctz(left);
        int rc = compare_one(c, id, 1, 1, c->snap_first, c->snap_last);
        if (rc != TC_OK) return rc;
    }
    return TC_OK;
}

/* A golden exception return (BX / POP {pc} in handler mode writing 0xFxxxxxxx) at step index, given the golden
 * registers before it; its EXC_RETURN in *v. */
static int golden_exc_return(tc_checker *c, const tc_step *s, uint32_t *v) { return tc_step_exc_return(c->gold, s, v); }

/* Write-port mode, the golden's exception return at step idx: it unstacked (r0-r3, r12 and lr restored) and the
 * RTL wrote none of those registers (it left the frame stacked: a tail-chain the golden does not make), or the
 * golden tail-chains at idx + 1 and the RTL wrote them all (it unstacked). One headline for the whole
 * unstacking instead of a register mismatch each. */
static int unstacking_differs(tc_checker *c, uint64_t idx, uint32_t exc_return, uint32_t gold_mask, int golden_chains)
{
    const uint32_t restored = 0xfu | 1u << 12 | 1u << 14;
    const tc_step *s = tc_step_at(c, idx);
    int rc;
    if (c->o.snapshot) return TC_OK;
    if (!golden_chains && (gold_mask & restored) == restored && !(c->rtl_written & restored))
        rc = tc_mismatch(c, "instruction", "unstacking", idx, s->line,
                         "no unstacking where the golden unstacks: the exception return at %08x (EXC_RETURN %08x) "
                         "reads the frame and restores r0-r3, r12, lr, the stack pointer and xPSR in the golden; the RTL "
                         "restored none of them (it left the frame stacked: a tail-chain the golden does not make)",
                         s->pc, exc_return);
    else if (golden_chains && (c->rtl_written & restored) == restored && !(gold_mask & restored))
        rc = tc_tail_chain_missed(c, idx + 1, "the RTL restored r0-r3, r12 and lr in the exception return's step instead "
                                           "(it unstacked the frame)");
    else
        return TC_OK;
    for (uint32_t left = gold_mask | c->rtl_written; left; left &= left - 1) {
        int id = __builtin_ctz(left);
        if (!(c->gold_known & (1u << id))) continue;
        c->rtl[id] = c->gold[id];
        c->rtl_known |= 1u << id;
    }
    c->rtl_written = 0;
    return rc;
}

/* reported: the RTL reported the step's close (an exception entry counts as compared only then) */
static void count_step(tc_checker *c, const tc_step *s, int reported)
{
    c->n.steps++;
    c->n.instructions += s->kind == TC_STEP_INSN;
    c->n.exceptions += s->kind == TC_STEP_EXC && reported;
}

/* A HardFault entry at return address ret where the golden's step k is the instruction at ret and step k + 1 its
 * HardFault: the instruction faulted, and the RTL did not retire it (a core seen through its visibility port keeps
 * the PC on a faulting instruction until the handler: rtl_tb/monitors/armv6m_vis_adapter.sv). The entry takes the
 * instruction's step along, as a retire takes along an entry the RTL does not report. */
static int fault_taken_along(tc_checker *c, uint64_t k, int number, uint32_t ret)
{
    const tc_step *s = tc_step_at(c, k), *x = tc_step_at(c, k + 1);
    return number == 3 && s->kind == TC_STEP_INSN && s->pc == ret && k + 1 < c->complete && x->kind == TC_STEP_EXC &&
           x->has_number && x->exc_number == 3 && (!x->has_return || x->exc_return == ret);
}

/* Steps that fell out of the bus window with accesses never seen on the bus; packets never seen. */
static int check_windows(tc_checker *c)
{
    uint64_t w = c->o.bus_window;
    int rc = TC_OK;
    if (c->cursor > w + 1) {
        uint64_t k = c->cursor - w - 2; /* the step that just left the window */
        if (k >= c->oldest && k < c->complete) {
            tc_step *s = tc_step_at(c, k);
            for (unsigned i = 0; s->unmatched && i < s->nmem && rc == TC_OK; i++) {
                tc_gmem *m = &s->mem[i];
                if (m->matched) continue;
                rc = tc_mismatch(c, "bus", "beat", k, m->line,
                                 "missing bus beat: expected %s%u %08x = %0*x, not seen on the AHB within %llu steps",
                                 m->write ? "W" : "R", m->size, m->addr, 2 * m->size, m->data, (unsigned long long)w);
                m->matched = 1;
                s->unmatched--;
            }
        }
    }
    while (rc == TC_OK && c->pkt_tail < c->pkt_head && c->pkts[c->pkt_tail & (c->pkt_cap - 1)].step + w + 1 < c->cursor) {
        tc_packet *p = &c->pkts[c->pkt_tail++ & (c->pkt_cap - 1)];
        rc = tc_mismatch(c, "mtb", "packet", p->step, p->line, "missing MTB packet: expected (%08x, %08x)", p->w0, p->w1);
    }
    /* release steps no longer needed */
    uint64_t keep = c->o.context > w + 2 ? c->o.context : w + 2;
    if (c->cursor > keep && c->oldest < c->cursor - keep) c->oldest = c->cursor - keep;
    return rc;
}

/* The RTL entered exception number (return address ret) where the golden's step s (index idx) is. */
static int compare_entry(tc_checker *c, const tc_step *s, uint64_t idx, int number, uint32_t ret)
{
    char a1[TC_ADDR_TEXT], a2[TC_ADDR_TEXT]; /* code addresses in the reports */
    char rtl_name[24], gold_name[24];
    tc_exception_name(number, rtl_name, sizeof rtl_name);
    tc_exception_name((int)s->exc_number, gold_name, sizeof gold_name);
    if (s->kind != TC_STEP_EXC) {
        return tc_mismatch(c, "instruction", "exception", idx, s->line,
                           "extra exception: the RTL entered %s (%s %s); the golden takes no exception "
                           "here and executes %s (opcode %0*x)",
                           rtl_name, ret >= 0xF0000000u ? "by tail-chaining, EXC_RETURN" : "return address",
                           tc_code_addr(c, ret, a1), tc_code_addr(c, s->pc, a2), s->is32 ? 8 : 4, s->opcode);
    }
    if (tc_step_tail_chained(s) && ret != s->exc_return) {
        char what[160];
        snprintf(what, sizeof what, "the RTL unstacked and entered %s anew, stacking a frame (return address %s)",
                 rtl_name, tc_code_addr(c, ret, a1));
        return tc_tail_chain_missed(c, idx, what);
    }
    if (s->has_return && ret >= 0xF0000000u && s->exc_return != ret) {
        return tc_mismatch(c, "instruction", "tail_chain", idx, s->line,
                           "tail-chaining: the RTL entered %s by tail-chaining (EXC_RETURN %08x), leaving the frame "
                           "stacked; the golden unstacked at the exception return and entered %s by stacking a frame "
                           "(return address %s)",
                           rtl_name, ret, gold_name, tc_code_addr(c, s->exc_return, a1));
    }
    if (s->has_number && s->exc_number != (uint32_t)number) {
        return tc_mismatch(c, "instruction", "exception", idx, s->line, "wrong exception: the golden entered %s, the RTL %s",
                           gold_name, rtl_name);
    }
    if (s->has_return && s->exc_return != ret) {
        return tc_mismatch(c, "instruction", "return_address", idx, s->line, "exception %d return address: expected %s, actual %s",
                           number, tc_code_addr(c, s->exc_return, a1), tc_code_addr(c, ret, a2));
    }
    return TC_OK;
}

/* The RTL retired pc (opcode, is32, cond) where the golden's step s (index idx) is; entered: the golden's exception
 * entry the RTL did not report separately, taken into this close (-1: none). */
static int compare_retire(tc_checker *c, const tc_step *s, uint64_t idx, int64_t entered, uint32_t pc,
                          uint32_t opcode, int is32, int cond)
{
    char a1[TC_ADDR_TEXT], a2[TC_ADDR_TEXT], a3[TC_ADDR_TEXT]; /* code addresses in the reports */
    uint32_t want_op = s->opcode, got_op = opcode;
    int want_taken = s->status != TM_INSN_IS;
    c->n.unknown_values += s->opcode_unknown; /* the golden's fetch failed: no opcode to compare */
    if (s->pc != pc && entered >= 0 && tc_step_tail_chained(tc_step_at(c, (uint64_t)entered))) {
        char what[160];
        snprintf(what, sizeof what, "the RTL unstacked and retired %08x (opcode %0*x) instead", pc, is32 ? 8 : 4,
                 got_op);
        return tc_tail_chain_missed(c, (uint64_t)entered, what);
    }
    if (s->pc != pc && entered >= 0) {
        const tc_step *x = tc_step_at(c, (uint64_t)entered);
        char name[24];
        tc_exception_name(x->has_number ? (int)x->exc_number : 0, name, sizeof name);
        return tc_mismatch(c, "instruction", "exception", idx, s->line,
                           "exception not taken: the golden entered %s at step %llu (golden line %llu; return "
                           "address %s) and runs its handler from %s; the RTL retired %s (opcode %0*x) instead",
                           name, (unsigned long long)entered, (unsigned long long)x->line,
                           tc_code_addr(c, x->exc_return, a1), tc_code_addr(c, s->pc, a2), tc_code_addr(c, pc, a3),
                           is32 ? 8 : 4, got_op);
    }
    if (s->pc != pc) {
        return tc_mismatch(c, "instruction", "pc", idx, s->line, "pc: expected %s (opcode %0*x), actual %s (opcode %0*x)",
                           tc_code_addr(c, s->pc, a1), s->is32 ? 8 : 4, want_op, tc_code_addr(c, pc, a2), is32 ? 8 : 4,
                           got_op);
    }
    if (entered >= 0) return tc_entry_not_reported(c, (uint64_t)entered, idx, pc, got_op, is32);
    if (s->status == TM_INSN_IE) return tc_fetch_fault(c, idx);
    if (!s->opcode_unknown && (want_op != got_op || s->is32 != (is32 != 0))) {
        return tc_mismatch(c, "instruction", "opcode", idx, s->line, "opcode at %s: expected %0*x, actual %0*x",
                           tc_code_addr(c, pc, a1), s->is32 ? 8 : 4, want_op, is32 ? 8 : 4, got_op);
    }
    if (want_taken != (cond != 0)) {
        return tc_mismatch(c, "instruction", "condition", idx, s->line, "condition at %s: expected %s, actual %s",
                           tc_code_addr(c, pc, a1), want_taken ? "IT (executed)" : "IS (skipped)", cond ? "IT (executed)" : "IS (skipped)");
    }
    return TC_OK;
}

/* Close the RTL step: take the golden steps up to the next instruction (or exception), compare. */
static int close_step(tc_checker *c, int is_exc, uint32_t pc, uint32_t opcode, int is32, int cond, int number,
                      uint32_t ret)
{
    if (c->failed) return TC_FAILED;
    if (c->snap_due)
        return tc_fail(c, "api", "%s: no snapshot of the registers after step %llu (regs=snapshot: one per step)",
                       is_exc ? "exception" : "retire", (unsigned long long)c->snap_last);
    if (tc_golden_fill(c, c->cursor + c->o.bus_window + 2) != TC_OK) return TC_FAILED;
    uint64_t first = c->cursor;
    uint32_t gold_mask = 0;
    c->known_before = c->gold_known;
    char a1[TC_ADDR_TEXT]; /* code addresses in the reports */
    int64_t entered = -1; /* an exception entry the RTL did not report separately, taken into this close */
    for (;;) {
        if (c->cursor >= c->complete) {
            if (is_exc)
                return tc_mismatch(c, "instruction", "exception", c->cursor, c->end_line,
                                   "the golden trace ended, but the RTL entered exception %d (return address %s)",
                                   number, tc_code_addr(c, ret, a1));
            return tc_mismatch(c, "instruction", "pc", c->cursor, c->end_line,
                               "the golden trace ended, but the RTL retired an instruction at %s (opcode %0*x)",
                               tc_code_addr(c, pc, a1), is32 ? 8 : 4, opcode);
        }
        tc_step *s = tc_step_at(c, c->cursor);
        if (is_exc && fault_taken_along(c, c->cursor, number, ret)) {
            gold_mask |= apply_golden(c, s, c->cursor);
            c->cursor++;
            count_step(c, s, 0);
            continue;
        }
        if (s->kind == TC_STEP_INSN || (is_exc && s->kind == TC_STEP_EXC)) break;
        /* reset step, or an exception entry the RTL does not report separately: compared at this close */
        if (s->kind == TC_STEP_EXC) entered = (int64_t)c->cursor;
        uint32_t written = apply_golden(c, s, c->cursor);
        /* reset state the RTL does not report (a producer's xPSR at reset, say) is known, compared once written */
        if (s->kind == TC_STEP_RESET) written &= c->rtl_written;
        gold_mask |= written;
        c->cursor++;
        count_step(c, s, 0);
    }
    tc_step *s = tc_step_at(c, c->cursor);
    uint64_t idx = c->cursor;
    int rc = is_exc ? compare_entry(c, s, idx, number, ret) : compare_retire(c, s, idx, entered, pc, opcode, is32, cond);
    if (rc == TC_OK) rc = tc_pc_records(c, first, idx, is_exc ? ret : pc);
    uint32_t exc_return = 0;
    int returns = !is_exc && rc == TC_OK && golden_exc_return(c, s, &exc_return) && idx + 1 < c->complete;
    gold_mask |= apply_golden(c, s, idx);
    c->cursor++;
    count_step(c, s, 1);
    if (returns) rc = unstacking_differs(c, idx, exc_return, gold_mask, tc_step_tail_chained(tc_step_at(c, idx + 1)));
    if (c->o.snapshot) {
        c->snap_due = 1; /* the registers are compared when the snapshot of this step comes */
        c->snap_first = first;
        c->snap_last = idx;
    } else if (rc == TC_OK) {
        rc = compare_registers(c, gold_mask, first, idx);
    } else {
        c->rtl_written = 0;
    }
    int wrc = check_windows(c);
    if (rc == TC_OK) rc = wrc;
    return rc != TC_OK ? rc : c->failed ? TC_FAILED : TC_OK;
}

int tc_retire_now(tc_checker *c, uint32_t pc, uint32_t opcode, int is32, int cond_passed)
{
    tc_event e = { TC_EV_RETIRE, 0, (uint8_t)(is32 != 0), (uint8_t)(cond_passed != 0), pc, opcode, 0, c->time };
    tc_record_event(c, &e);
    return close_step(c, 0, pc, opcode, is32, cond_passed, 0, 0);
}

int tc_exception_now(tc_checker *c, int number, uint32_t return_addr)
{
    tc_event e = { TC_EV_EXC, 0, 0, 0, (uint32_t)number, return_addr, 0, c->time };
    tc_record_event(c, &e);
    return close_step(c, 1, 0, 0, 0, 0, number, return_addr);
}

/* The asynchronous events: counted and kept for the report's context as they are compared (in live mode the
 * model has followed them before: tc_live.c). */
int tc_async_now(tc_checker *c, const tc_event *e)
{
    tc_record_event(c, e);
    if (e->kind == TC_EV_IRQ) c->n.irq_changes++;
    else if (e->kind == TC_EV_TICKS) c->n.systick_ticks += e->x;
    else c->n.mem_writes++;
    return TC_OK;
}

int tc_apply_event(tc_checker *c, const tc_event *e)
{
    if (c->failed) return TC_FAILED;
    c->time = e->time;
    switch (e->kind) {
    case TC_EV_REG: return tc_reg_write_now(c, e->a, e->x);
    case TC_EV_BEAT: return tc_ahb_beat_now(c, e->x, e->a, e->b, (int)e->z, e->y, e->c);
    case TC_EV_PACKET: return tc_mtb_packet_now(c, e->a, e->z, e->x, e->y);
    case TC_EV_RETIRE: return tc_retire_now(c, e->x, e->y, e->b, e->c);
    case TC_EV_EXC: return tc_exception_now(c, (int)e->x, e->y);
    default: return tc_async_now(c, e);
    }
}

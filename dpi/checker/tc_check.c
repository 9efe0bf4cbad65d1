/* The lockstep checker's entry points: the three streams of dpi/README.md.
 *  1. instructions + registers: at each step close (retire / exception) PC, opcode, width, taken/skipped, and
 *     the registers written by either side (value semantics on two shadow register files);
 *  2. data bus beats vs golden memory records within bus_window steps, a step's accesses as a set;
 *  3. MTB packets vs packets derived from the golden flow (tc_mtb_expect.c). */
#include <stdlib.h>
#include <string.h>

#include "tarmac/thumb.h"
#include "tarmac/version.h"
#include "tc_coverage.h"
#include "tc_internal.h"

static unsigned pow2_at_least(unsigned n)
{
    unsigned p = 1;
    while (p < n) p <<= 1;
    return p;
}

/* Steps the golden thread may build ahead of the comparison: it sleeps on a full ring until half is free. */
#define TC_AHEAD_STEPS 1024u

static tc_checker *out_of_memory(tc_checker *c, tm_error *err)
{
    if (c) tc_free(c);
    tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
    return NULL;
}

/* tc_open failed after reading the options: the ledger says why (an ERROR; stream: what failed), then the checker
 * is freed. err is tc_open's error, which stays the caller's. */
static tc_checker *open_failed(tc_checker *c, const char *stream, const char *field, const tm_error *err)
{
    tc_first *f = &c->first;
    if (f->kind == TC_FIRST_NONE) { /* else the failure itself said it (an unreadable golden) */
        f->kind = TC_FIRST_ERROR;
        f->stream = stream;
        snprintf(f->field, sizeof f->field, "%s", field);
        f->line = err->line;
        snprintf(f->headline, sizeof f->headline, "cannot open the checker: %s", err->msg);
    }
    tm_error ignored; /* a ledger that cannot be written adds nothing to the open's error */
    tc_ledger_write(c, -1, &ignored);
    tc_free(c);
    return NULL;
}

/* The open handle, known to the calls (tc_handles.c); NULL when too many are open. */
static tc_checker *registered(tc_checker *c, tm_error *err)
{
    if (tc_handle_add(c) == 0) return c;
    tm_error_set(err, TM_ERR_IO, NULL, 0, "more than %d checkers open at once", TC_MAX_HANDLES);
    tc_free(c);
    return NULL;
}

tc_checker *tc_open(const char *golden, const char *options, tm_error *err)
{
    return tc_open_with(golden, options, NULL, NULL, 0, 0, err);
}

tc_checker *tc_open_with(const char *golden, const char *options, const char *const keys[],
                         const char *const values[], size_t n, unsigned flags, tm_error *err)
{
    tm_error local;
    if (!err) err = &local;
    /* aligned: the golden thread's fields keep to cache lines of their own */
    tc_checker *c = aligned_alloc(64, sizeof *c);
    if (!c) return out_of_memory(NULL, err);
    memset(c, 0, sizeof *c);
    if (tc_parse_options(&c->o, golden, options, keys, values, n, err)) {
        free(c);
        return NULL;
    }
    c->o.off = (flags & TC_OPEN_OFF) != 0;
    if (tc_outputs_check(c, err)) { /* before the run, not at its end; no output is written when one is wrong */
        c->ledger_written = 1;
        tc_free(c); /* not tc_close: the handle is not registered yet, tc_close would refuse it */
        return NULL;
    }
    /* ring sizes are powers of two: indexing is a mask, not a division, on every event */
    unsigned keep = c->o.context > c->o.bus_window + 1 ? c->o.context : c->o.bus_window + 1;
    c->ring_cap = pow2_at_least(2 * (keep + c->o.bus_window + 8) + TC_AHEAD_STEPS);
    c->ring = calloc(c->ring_cap, sizeof *c->ring);
    /* every step in the ring with its most packets, and slack: the golden thread never waits for packets */
    c->pkt_cap = pow2_at_least(64 + 2 * TC_MAX_STEP_PACKETS * c->ring_cap);
    c->pkts = calloc(c->pkt_cap, sizeof *c->pkts);
    c->ev_cap = pow2_at_least(c->o.context ? c->o.context : 1);
    c->events = calloc(c->ev_cap, sizeof *c->events);
    /* the pools hold the records of every step the comparison may ask for (tc_golden_fill) at their most,
     * and of the ring's steps at a few each */
    c->pool_cap = pow2_at_least((c->ring_cap / 2 + 4) * (TC_MAX_REGS > TC_MAX_MEM ? TC_MAX_REGS : TC_MAX_MEM));
    c->reg_pool = calloc(c->pool_cap, sizeof *c->reg_pool);
    c->mem_pool = calloc(c->pool_cap, sizeof *c->mem_pool);
    c->gold_handler = 0;
    if (!c->ring || !c->pkts || !c->events || !c->reg_pool || !c->mem_pool) return out_of_memory(c, err);
    int live = !strncmp(c->o.golden, "live:", 5);
    if (live && !c->o.elf[0] && tc_option_path(&c->o.elf, c->o.golden + 5, err)) /* symbolized reports */
        return out_of_memory(c, err);
    if (c->o.elf[0]) {
        c->elf = tm_elf_open(c->o.elf, err);
        if (!c->elf) return open_failed(c, "config", "elf", err);
        c->disasm = calloc(c->ring_cap, sizeof *c->disasm);
        if (!c->disasm) return out_of_memory(c, err);
    }
    if (c->o.coverage[0] && !(c->cov = tc_cov_new())) return out_of_memory(c, err);
    if (c->o.off) return registered(c, err); /* nothing is compared: the golden is not read */
    if (live) { /* the model runs here, stepped by the calls (tc_live.c) */
        if (tc_live_open(c, err) != 0) return open_failed(c, "live", "", err);
        tc_config_follow(c);
        return registered(c, err);
    }
    /* inflating, parsing and building the golden steps run on threads of their own, beside the simulation */
    if (tc_golden_start(c, err) != 0) return open_failed(c, "golden", "", err);
    /* the first steps read now: a golden that is unreadable there, or empty, is reported at open, first */
    if (tc_golden_first(c, err) != TM_OK) return open_failed(c, "golden", "", err);
    /* the declared configuration against the golden's record (read with the gzip header at open), before any
     * step is compared: a core built differently fails here, not as a divergence later */
    if (tc_record_check(c, err) != 0) return open_failed(c, "golden", "record", err);
    if (tc_config_check(c, err) != 0) return open_failed(c, "config", "model", err);
    tc_config_follow(c);
    /* and the program the golden was made from against the ELF the testbench runs */
    if (tc_program_check(c, err) != 0) return open_failed(c, "golden", "program", err);
    return registered(c, err);
}

int tc_free(tc_checker *c)
{
    int rc = TC_OK;
    if (!c->finished) { /* a halted run, or one closed early: its ledger says so */
        tm_error e;
        if (tc_ledger_write(c, -1, &e) != TM_OK) rc = TC_FAILED;
    }
    tc_live_close(c);
    tc_golden_stop(c);
    free(c->ring);
    free(c->reg_pool);
    free(c->mem_pool);
    free(c->pkts);
    free(c->events);
    tm_elf_close(c->elf);
    tc_cov_free(c->cov);
    free(c->disasm);
    free(c->report);
    tc_options_free(&c->o);
    free(c);
    return rc;
}

/* r13 stands for the stack pointer in use: MSP in handler mode or with CONTROL.SPSEL clear. */
static int resolve_sp(int id, int handler, uint32_t control)
{
    if (id != TM_REG_SP) return id;
    return (!handler && (control & 2)) ? TM_REG_PSP : TM_REG_MSP;
}

/* The step the RTL is in (the last golden step once the RTL ran past the end), for reports. */
static uint64_t current_step(const tc_checker *c)
{
    if (c->cursor < c->complete) return c->cursor;
    return c->complete ? c->complete - 1 : 0;
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

static int check_windows(tc_checker *c);

/* A golden exception return (BX / POP {pc} in handler mode writing 0xFxxxxxxx) at step index, given the golden
 * registers before it; its EXC_RETURN in *v. */
static int golden_exc_return(tc_checker *c, const tc_step *s, uint32_t *v) { return tc_step_exc_return(c->gold, s, v); }

/* The golden entered an exception by tail-chaining at step k (the frame stays stacked), the RTL did something
 * else, described by what: the headline. */
/* abandon_unstack: a word read of the frame that the exception return before the tail-chained entry x kept (the
 * 8 words at the stack pointer EXC_RETURN names, after a POP's own words) is the RTL's abandoned unstacking:
 * counted, not compared, 8 at most per entry. */
static int abandoned_read(tc_checker *c, const tc_step *x, uint32_t addr, unsigned size)
{
    if (!c->abandon_unstack || size != 4) return 0;
    int id = x->exc_return == 0xfffffffdu ? TM_REG_PSP : TM_REG_MSP;
    uint32_t sp = c->gold[id];
    if (!(c->gold_known >> id & 1) || addr - sp >= 4 * (8 + 9)) return 0;
    if (c->abandoned_for != x->index + 1) {
        c->abandoned_for = x->index + 1;
        c->abandoned_n = 0;
    }
    if (c->abandoned_n >= 8) return 0;
    c->abandoned_n++;
    c->n.abandoned_reads++;
    return 1;
}

static int tail_chain_missed(tc_checker *c, uint64_t k, const char *what)
{
    const tc_step *x = tc_step_at(c, k);
    char name[24];
    tc_exception_name(x->has_number ? (int)x->exc_number : 0, name, sizeof name);
    return tc_mismatch(c, "instruction", "tail_chain", k, x->line,
                       "tail-chaining: the golden entered %s by tail-chaining at step %llu (golden line %llu): after "
                       "the exception return (EXC_RETURN %08x) the frame stays stacked, nothing is unstacked; %s",
                       name, (unsigned long long)k, (unsigned long long)x->line, x->exc_return, what);
}

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
        rc = tail_chain_missed(c, idx + 1, "the RTL restored r0-r3, r12 and lr in the exception return's step instead "
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
    char a1[TC_ADDR_TEXT], a2[TC_ADDR_TEXT], a3[TC_ADDR_TEXT]; /* code addresses in the reports */
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
    int rc = TC_OK;
    if (is_exc) {
        char rtl_name[24], gold_name[24];
        tc_exception_name(number, rtl_name, sizeof rtl_name);
        tc_exception_name((int)s->exc_number, gold_name, sizeof gold_name);
        if (s->kind != TC_STEP_EXC) {
            rc = tc_mismatch(c, "instruction", "exception", idx, s->line,
                             "extra exception: the RTL entered %s (%s %s); the golden takes no exception "
                             "here and executes %s (opcode %0*x)",
                             rtl_name, ret >= 0xF0000000u ? "by tail-chaining, EXC_RETURN" : "return address",
                             tc_code_addr(c, ret, a1), tc_code_addr(c, s->pc, a2), s->is32 ? 8 : 4, s->opcode);
        } else if (tc_step_tail_chained(s) && ret != s->exc_return) {
            char what[160];
            snprintf(what, sizeof what, "the RTL unstacked and entered %s anew, stacking a frame (return address %s)",
                     rtl_name, tc_code_addr(c, ret, a1));
            rc = tail_chain_missed(c, idx, what);
        } else if (s->has_return && ret >= 0xF0000000u && s->exc_return != ret) {
            rc = tc_mismatch(c, "instruction", "tail_chain", idx, s->line,
                             "tail-chaining: the RTL entered %s by tail-chaining (EXC_RETURN %08x), leaving the frame "
                             "stacked; the golden unstacked at the exception return and entered %s by stacking a frame "
                             "(return address %s)",
                             rtl_name, ret, gold_name, tc_code_addr(c, s->exc_return, a1));
        } else if (s->has_number && s->exc_number != (uint32_t)number) {
            rc = tc_mismatch(c, "instruction", "exception", idx, s->line, "wrong exception: the golden entered %s, the RTL %s",
                             gold_name, rtl_name);
        } else if (s->has_return && s->exc_return != ret) {
            rc = tc_mismatch(c, "instruction", "return_address", idx, s->line, "exception %d return address: expected %s, actual %s",
                             number, tc_code_addr(c, s->exc_return, a1), tc_code_addr(c, ret, a2));
        }
    } else {
        uint32_t want_op = s->opcode, got_op = opcode;
        int want_taken = s->status != TM_INSN_IS;
        c->n.unknown_values += s->opcode_unknown; /* the golden's fetch failed: no opcode to compare */
        if (s->pc != pc && entered >= 0 && tc_step_tail_chained(tc_step_at(c, (uint64_t)entered))) {
            char what[160];
            snprintf(what, sizeof what, "the RTL unstacked and retired %08x (opcode %0*x) instead", pc, is32 ? 8 : 4,
                     got_op);
            rc = tail_chain_missed(c, (uint64_t)entered, what);
        } else if (s->pc != pc && entered >= 0) {
            const tc_step *x = tc_step_at(c, (uint64_t)entered);
            char name[24];
            tc_exception_name(x->has_number ? (int)x->exc_number : 0, name, sizeof name);
            rc = tc_mismatch(c, "instruction", "exception", idx, s->line,
                             "exception not taken: the golden entered %s at step %llu (golden line %llu; return "
                             "address %s) and runs its handler from %s; the RTL retired %s (opcode %0*x) instead",
                             name, (unsigned long long)entered, (unsigned long long)x->line,
                             tc_code_addr(c, x->exc_return, a1), tc_code_addr(c, s->pc, a2), tc_code_addr(c, pc, a3),
                             is32 ? 8 : 4, got_op);
        } else if (s->pc != pc) {
            rc = tc_mismatch(c, "instruction", "pc", idx, s->line, "pc: expected %s (opcode %0*x), actual %s (opcode %0*x)",
                             tc_code_addr(c, s->pc, a1), s->is32 ? 8 : 4, want_op, tc_code_addr(c, pc, a2), is32 ? 8 : 4,
                             got_op);
        } else if (entered >= 0) {
            rc = tc_entry_not_reported(c, (uint64_t)entered, idx, pc, got_op, is32);
        } else if (s->status == TM_INSN_IE) {
            rc = tc_fetch_fault(c, idx);
        } else if (!s->opcode_unknown && (want_op != got_op || s->is32 != (is32 != 0))) {
            rc = tc_mismatch(c, "instruction", "opcode", idx, s->line, "opcode at %s: expected %0*x, actual %0*x",
                             tc_code_addr(c, pc, a1), s->is32 ? 8 : 4, want_op, is32 ? 8 : 4, got_op);
        } else if (want_taken != (cond != 0)) {
            rc = tc_mismatch(c, "instruction", "condition", idx, s->line, "condition at %s: expected %s, actual %s",
                             tc_code_addr(c, pc, a1), want_taken ? "IT (executed)" : "IS (skipped)", cond ? "IT (executed)" : "IS (skipped)");
        }
    }
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

int tc_ahb_beat_now(tc_checker *c, uint32_t addr, int write, int hsize, int hprot, uint32_t data, int resp)
{
    tc_event e = { TC_EV_BEAT, (uint8_t)(write != 0), (uint8_t)hsize, (uint8_t)(resp != 0), addr, data,
                   (uint32_t)hprot, c->time };
    tc_record_event(c, &e);
    if (!(hprot & 1) && c->o.data_beats == TC_DATA_BEATS_HPROT) return TC_OK; /* opcode fetch: not data */
    if (!tc_bus_compared(&c->o, addr)) {
        c->n.ignored_beats++;
        return TC_OK;
    }
    if (hsize < 0 || hsize > 2)
        return tc_mismatch(c, "bus", "hsize", c->cursor, 0, "AHB data beat with HSIZE=%d at %08x (ARMv6-M uses 0-2)", hsize,
                           addr);
    if (tc_golden_fill(c, c->cursor + c->o.bus_window + 2) != TC_OK) return TC_FAILED;
    unsigned size = 1u << hsize;
    uint32_t lane = addr & 3;
    uint32_t value = size == 4 ? data : (data >> (8 * lane)) & ((1u << (8 * size)) - 1);
    uint64_t lo = c->cursor > c->o.bus_window ? c->cursor - c->o.bus_window : 0;
    uint64_t hi = c->cursor + c->o.bus_window + 1;
    if (lo < c->oldest) lo = c->oldest;
    if (hi > c->complete) hi = c->complete;
    tc_gmem *first_open = NULL;
    uint64_t first_step = 0;
    /* before the frame of the entry next: a write of the store multiple it abandoned, not the frame's */
    if (write && c->cursor < c->complete && tc_abandoned_write(c, tc_step_at(c, c->cursor), addr, size, value))
        return TC_OK;
    for (uint64_t k = lo; k < hi; k++) {
        tc_step *s = tc_step_at(c, k);
        if (!s->unmatched) continue;
        for (unsigned i = 0; i < s->nmem; i++) {
            tc_gmem *m = &s->mem[i];
            if (m->matched) continue;
            if (!first_open) {
                first_open = m;
                first_step = k;
            }
            if (m->addr != addr || m->size != size || m->write != (write != 0)) continue;
            m->matched = 1;
            s->unmatched--;
            if (m->error || resp) return tc_beat_response(c, k, m, addr, write, size, resp);
            if (m->unknown) { /* the golden does not know the data: the access is there, its value not compared */
                c->n.unknown_values++;
                return TC_OK;
            }
            c->n.beats++;
            if (m->data == value) {
                if (c->cov) tc_cov_beat(c->cov, write, size, addr);
                return TC_OK;
            }
            return tc_mismatch(c, "bus", "data", k, m->line,
                               "bus data at %08x (%s%u, HWDATA/HRDATA %08x): expected %0*x, actual %0*x", addr,
                               write ? "W" : "R", size, data, 2 * size, m->data, 2 * size, value);
        }
    }
    if (resp) return tc_error_unmatched(c);
    /* a frame read where the golden's next step is a tail-chained entry: the RTL unstacks, or with abandon_unstack
     * it began unstacking and abandoned it (counted as that, also where data_beats=golden takes other reads as
     * fetches) */
    uint64_t chained = c->complete;
    for (uint64_t k = c->cursor; !write && k < c->cursor + 2 && k < c->complete && chained == c->complete; k++)
        if (tc_step_tail_chained(tc_step_at(c, k))) chained = k;
    if (chained != c->complete && abandoned_read(c, tc_step_at(c, chained), addr, size)) return TC_OK;
    if (!write && c->o.data_beats == TC_DATA_BEATS_GOLDEN) {
        c->n.fetch_beats++; /* no golden read here: the core's own fetch or vector read */
        return TC_OK;
    }
    uint64_t cur = current_step(c);
    if (chained != c->complete) {
        char what[160];
        snprintf(what, sizeof what, "the RTL read %08x = %08x instead (it unstacks the frame)", addr, value);
        return tail_chain_missed(c, chained, what);
    }
    if (first_open) {
        /* point at the expected record when it is this step's, else at the step's instruction */
        uint64_t line = first_step == cur ? first_open->line : tc_step_at(c, cur)->line;
        return tc_mismatch(c, "bus", "addr", cur, line,
                           "unexpected bus beat %s%u %08x = %0*x; the oldest expected access is %s%u %08x = %0*x "
                           "(step %llu)",
                           write ? "W" : "R", size, addr, 2 * size, value, first_open->write ? "W" : "R",
                           first_open->size, first_open->addr, 2 * first_open->size, first_open->data,
                           (unsigned long long)first_step);
    }
    return tc_mismatch(c, "bus", "addr", cur, tc_step_at(c, cur)->line,
                       "unexpected bus beat %s%u %08x = %0*x; the golden has no data access within %u steps",
                       write ? "W" : "R", size, addr, 2 * size, value, c->o.bus_window);
}

int tc_mtb_packet_now(tc_checker *c, int shown, uint32_t offset, uint32_t w0, uint32_t w1)
{
    tc_event e = { TC_EV_PACKET, (uint8_t)shown, 0, 0, w0, w1, offset, c->time };
    tc_record_event(c, &e);
    if (!c->o.mtb) {
        c->n.ignored_packets++;
        return TC_OK;
    }
    if (tc_golden_fill(c, c->cursor + c->o.bus_window + 2) != TC_OK) return TC_FAILED;
    if (c->pkt_tail == c->pkt_head)
        return tc_mismatch(c, "mtb", "packet", current_step(c), tc_step_at(c, current_step(c))->line,
                           "unexpected MTB packet (%08x, %08x): the golden flow gives none here", w0, w1);
    tc_packet *p = &c->pkts[c->pkt_tail++ & (c->pkt_cap - 1)];
    c->n.packets++;
    /* where it went in the SRAM: the whole offset, not only its part inside the trace buffer */
    uint32_t sram = c->o.mtb_sram_size - 1;
    int misplaced = shown && ((offset ^ p->pointer) & sram & ~7u) != 0;
    if (p->w0 == w0 && p->w1 == w1 && !misplaced) {
        if (c->cov) tc_cov_packet(c->cov, p);
        return TC_OK;
    }
    char what[160];
    int n = 0;
    what[0] = '\0';
    if ((p->w0 ^ w0) & ~1u) n += snprintf(what + n, sizeof what - n, " source address");
    if ((p->w0 ^ w0) & 1u) n += snprintf(what + n, sizeof what - n, " A bit");
    if ((p->w1 ^ w1) & ~1u) n += snprintf(what + n, sizeof what - n, " destination address");
    if ((p->w1 ^ w1) & 1u) n += snprintf(what + n, sizeof what - n, " S bit");
    if (misplaced) snprintf(what + n, sizeof what - n, " position");
    if (misplaced)
        return tc_mismatch(c, "mtb", "position", p->step, p->line,
                           "MTB packet differs in%s: expected (%08x, %08x) at offset %08x (POSITION.POINTER %08x, an "
                           "MTB SRAM of %llu bytes), actual (%08x, %08x) at offset %08x",
                           what, p->w0, p->w1, p->pointer & sram, p->pointer, (unsigned long long)sram + 1, w0, w1,
                           offset & sram);
    return tc_mismatch(c, "mtb", "packet", p->step, p->line, "MTB packet differs in%s: expected (%08x, %08x), actual (%08x, %08x)",
                       what, p->w0, p->w1, w0, w1);
}

/* A run that compared too little fails (the ledger's vacuous-verdict rules): no step, the last step's registers
 * never shown, no register at all (in either register mode). */
static int compared_too_little(tc_checker *c)
{
    if (c->n.steps == 0) return tc_vacuous(c, "no step was compared: the RTL retired nothing");
    if (c->snap_due)
        return tc_vacuous(c, "no register snapshot after the last step (%llu): its registers were not compared "
                             "(regs=snapshot: one per step)", (unsigned long long)c->snap_last);
    if (c->n.registers) return TC_OK;
    return tc_vacuous(c, "no register was compared in %llu steps: %s", (unsigned long long)c->n.steps,
                      !c->gold_ever ? "the golden holds no register value"
                      : !(c->gold_ever & ~c->o.ignore_mask & ~(1u << TM_REG_PC)) ? "ignore_regs leaves out every register the golden writes"
                      : c->o.snapshot ? "the core's snapshots showed no register the golden holds"
                                      : "the RTL reported no write of a register the golden holds");
}

/* The summary line after its counts: what the options left out, then "; golden <file> (N steps)" and what was not
 * compared. The part a live run and its replay share comes before "; golden" (the scripts compare the line up to
 * there), because only a live run takes volatile reads. */
static void summary_tail(const tc_checker *c, int64_t golden_steps, char *buf, size_t size)
{
    const tc_counters *n = &c->n;
    size_t k = 0;
    buf[0] = '\0';
#define ADD(...) (k += (size_t)snprintf(buf + (k < size ? k : size), k < size ? size - k : 0, __VA_ARGS__))
    if (!c->o.bus) ADD("; bus stream off");
    else if (n->ignored_beats) ADD("; %llu beats left out (bus_ignore)", (unsigned long long)n->ignored_beats);
    if (c->o.data_beats == TC_DATA_BEATS_GOLDEN)
        ADD("; %llu reads taken as fetches (data_beats=golden)", (unsigned long long)n->fetch_beats);
    if (!c->o.mtb) ADD("; MTB stream off (%llu packets not compared)", (unsigned long long)n->ignored_packets);
    if (tc_live_early_entries(c)) /* entries legal only before their call (decision_window): listed in the report */
        ADD("; %u entries assumed decided earlier (decision_window)", tc_live_early_entries(c));
    ADD("; golden %s", c->o.golden);
    if (golden_steps >= 0 && (uint64_t)golden_steps > n->steps)
        ADD(" (%lld steps, %llu not reached)", (long long)golden_steps,
            (unsigned long long)((uint64_t)golden_steps - n->steps));
    else if (golden_steps >= 0)
        ADD(" (%lld steps)", (long long)golden_steps);
    const char *sep = "; not compared: ";
    if (n->unknown_values) {
        ADD("%s%llu golden values unknown (x/- digits)", sep, (unsigned long long)n->unknown_values);
        sep = ", ";
    }
    if (n->volatile_reads) {
        ADD("%s%llu reads the model took from the RTL (volatile)", sep, (unsigned long long)n->volatile_reads);
        sep = ", ";
    }
    if (n->systick_reads) {
        ADD("%s%llu SysTick reads within the window (systick_window=%u)", sep, (unsigned long long)n->systick_reads,
            c->o.systick_window);
        sep = ", ";
    }
    uint32_t lists[2] = { c->o.ignore_mask, tc_never_shown(c) };
    const char *what[2] = { "registers ignored (ignore_regs)", "registers never shown (regs=snapshot)" };
    for (int l = 0; l < 2; l++) {
        if (!lists[l]) continue;
        ADD("%s%s", sep, what[l]);
        for (uint32_t left = lists[l]; left; left &= left - 1) ADD(" %s", tm_reg_name(__builtin_ctz(left)));
        sep = ", ";
    }
    if (n->lenient_warnings) {
        ADD("%s%llu golden lines skipped (lenient)", sep, (unsigned long long)n->lenient_warnings);
        sep = ", ";
    }
    if (n->abandoned_writes) {
        ADD("%s%llu writes of abandoned store multiples", sep, (unsigned long long)n->abandoned_writes);
        sep = ", ";
    }
    if (n->abandoned_reads) {
        ADD("%s%llu frame reads of abandoned unstackings (abandon_unstack)", sep, (unsigned long long)n->abandoned_reads);
        sep = ", ";
    }
    char fields[256];
    ADD("%s", tc_fields_summary(c, &sep, fields, sizeof fields));
    ADD("; tarmac %s", tm_version()); /* which checker gave the verdict, last so the fields before keep their place */
#undef ADD
}

/* The summary line: the verdict, the counts, what the options left out and the ledger's "not compared", so that
 * a pass never hides an unchecked stream. */
static void verdict(tc_checker *c, int rc, int64_t golden_steps)
{
    size_t size = strlen(c->o.golden) + 2048; /* the golden's path whole, whatever its length */
    char *tail = malloc(size);
    if (tail) summary_tail(c, golden_steps, tail, size);
    tc_report_append(c,
                     "tarmac checker: %s: %llu steps, %llu registers, %llu bus beats (%llu error responses), "
                     "%llu MTB packets compared, %llu mismatches%s\n",
                     rc == TC_OK ? "PASS" : "FAIL", (unsigned long long)c->n.steps,
                     (unsigned long long)c->n.registers, (unsigned long long)c->n.beats,
                     (unsigned long long)c->n.error_beats, (unsigned long long)c->n.packets,
                     (unsigned long long)c->n.mismatches, tail ? tail : "; (out of memory)");
    free(tail);
}

int tc_finish_now(tc_checker *c)
{
    if (c->o.off) return tc_finish_off(c);
    int halted = c->failed;
    if (c->live) tc_live_finish(c); /* the model's golden ends; every held call is compared */
    c->finished = 1;
    int rc = c->n.mismatches ? TC_MISMATCH : TC_OK;
    if (!c->failed) {
        tc_golden_fill(c, c->cursor + 1);
        if (c->cursor < c->complete) {
            const tc_step *s = tc_step_at(c, c->cursor);
            char what[40] = "instruction";
            if (s->kind == TC_STEP_EXC) {
                char name[24];
                tc_exception_name(s->has_number ? (int)s->exc_number : 0, name, sizeof name);
                snprintf(what, sizeof what, "entry of %s", name);
            }
            char a[TC_ADDR_TEXT];
            rc = tc_mismatch(c, "instruction", "end", c->cursor, s->line,
                             "the RTL finished, but the golden trace goes on (next golden step: %s at %s)", what,
                             tc_code_addr(c, s->kind == TC_STEP_EXC ? s->exc_return : s->pc, a));
        }
    }
    if (!c->failed) {
        for (uint64_t k = c->oldest; k < c->complete && !c->failed; k++) {
            tc_step *s = tc_step_at(c, k);
            for (unsigned i = 0; s->unmatched && i < s->nmem && !c->failed; i++) {
                tc_gmem *m = &s->mem[i];
                if (m->matched) continue;
                rc = tc_mismatch(c, "bus", "beat", k, m->line, "missing bus beat at the end: expected %s%u %08x = %0*x",
                                 m->write ? "W" : "R", m->size, m->addr, 2 * m->size, m->data);
                m->matched = 1;
                s->unmatched--;
            }
        }
    }
    while (!c->failed && c->pkt_tail < c->pkt_head) {
        tc_packet *p = &c->pkts[c->pkt_tail++ & (c->pkt_cap - 1)];
        rc = tc_mismatch(c, "mtb", "packet", p->step, p->line, "missing MTB packet at the end: expected (%08x, %08x)", p->w0, p->w1);
    }
    if (!c->failed && !c->n.mismatches) rc = compared_too_little(c);
    if (c->failed && rc == TC_OK) rc = TC_FAILED;
    if (c->n.mismatches) rc = TC_MISMATCH;
    tm_error e;
    if (c->cov) { /* what was compared, and whether it all matched */
        const char *in[4];
        if (tc_cov_write(c->cov, c->o.coverage, tc_inputs(c, in), c->o.golden, rc != TC_OK, &e) != 0) {
            char buf[600];
            int f = tc_fail(c, "output", "coverage file: %s", tm_error_format(&e, buf, sizeof buf));
            if (rc == TC_OK) rc = f;
        }
    }
    /* the golden read to its end (after the comparison: the ring is handed back), unless the run halted before
     * finish and neither a ledger nor lenient's count asks: a halted run may leave most of a long golden unread.
     * The lines lenient skipped are counted once the golden's thread has stopped: the whole golden's count, not
     * where that thread happened to be. */
    int64_t golden_steps = !halted || c->o.ledger[0] || c->o.lenient ? tc_golden_total(c) : -1;
    c->n.lenient_warnings = c->gs.reader && golden_steps >= 0 ? tm_reader_skipped(c->gs.reader) : 0;
    /* the verdict, then the report file and the ledger with it: an output that cannot be written fails the run,
     * and a PASS said before that is taken back (the failure, said by tc_fail, comes first, then the verdict) */
    size_t verdict_at = c->report_len;
    verdict(c, rc, golden_steps);
    size_t verdict_end = c->report_len;
    int lost = tc_report_save(c) != TC_OK;
    if (tc_ledger_write(c, golden_steps, &e) != TM_OK) {
        char buf[600];
        tc_fail(c, "output", "ledger=: %s", tm_error_format(&e, buf, sizeof buf));
        lost = 1;
    }
    if (lost && rc == TC_OK) {
        rc = TC_FAILED;
        if (c->report) {
            memmove(c->report + verdict_at, c->report + verdict_end, c->report_len - verdict_end + 1);
            c->report_len -= verdict_end - verdict_at;
        }
        verdict(c, rc, golden_steps);
        tc_report_save(c);
    }
    return rc;
}

/* The public calls as checker.h's contract says: a NULL or closed handle, a call after the halt or after tc_finish,
 * and a bad argument are answered here, before anything is compared; every other call is compared as it comes (file
 * mode) or held as an event until the model has made its golden steps (live mode, tc_live.c). */
#include <string.h>

#include "tc_step.h"

/* An event call may go on: an open handle, not finished, not halted, not switched off. */
static int may_go_on(const tc_checker *c) { return tc_handle_open(c) && !c->finished && !c->failed && !c->o.off; }

/* A flag argument: 0 or 1. */
static int flag(int v) { return v == 0 || v == 1; }

int tc_close(tc_checker *c)
{
    if (!c) return TC_OK; /* as free(NULL) */
    if (tc_handle_remove(c) != 0) return TC_FAILED; /* closed before, or never opened: nothing is touched */
    return tc_free(c);
}

int tc_set_time(tc_checker *c, uint64_t t)
{
    if (!may_go_on(c)) return TC_FAILED;
    c->time = t;
    return TC_OK;
}

int tc_reg_write(tc_checker *c, int reg, uint32_t value)
{
    if (!may_go_on(c)) return TC_FAILED;
    if (reg < 0 || reg >= TM_REG_COUNT)
        return tc_fail(c, "api", "reg_write: register id %d out of range 0-%d", reg, TM_REG_COUNT - 1);
    if (c->o.snapshot) return tc_fail(c, "api", "reg_write: the checker was opened for register snapshots (regs=snapshot)");
    if (!c->live) return tc_reg_write_now(c, reg, value);
    tc_event e = { TC_EV_REG, (uint8_t)reg, 0, 0, value, 0, 0, c->time };
    return tc_live_call(c, &e);
}

int tc_snapshot(tc_checker *c, const uint32_t regs[TM_REG_COUNT], uint32_t valid)
{
    if (!may_go_on(c)) return TC_FAILED;
    if (!regs) return tc_fail(c, "api", "snapshot: no register values (regs is NULL)");
    if (valid >> TM_REG_COUNT)
        return tc_fail(c, "api", "snapshot: valid %08x has bits for no register (ids 0-%d)", valid, TM_REG_COUNT - 1);
    if (c->live) return tc_live_snapshot(c, regs, valid); /* held with the other calls, compared as file mode does */
    return tc_snapshot_now(c, regs, valid);
}

int tc_ahb_beat(tc_checker *c, uint32_t addr, int write, int hsize, int hprot, uint32_t data, int resp)
{
    if (!may_go_on(c)) return TC_FAILED;
    if (!flag(write)) return tc_fail(c, "api", "ahb_beat: write %d is not 0 (read) or 1 (write)", write);
    if (hsize < 0 || hsize > 7) return tc_fail(c, "api", "ahb_beat: hsize %d is not an AHB HSIZE (0-7)", hsize);
    if (hprot < 0 || hprot > 15) return tc_fail(c, "api", "ahb_beat: hprot %d is not an AHB HPROT (0-15)", hprot);
    if (!flag(resp)) return tc_fail(c, "api", "ahb_beat: resp %d is not an AHB-Lite HRESP (0 OKAY, 1 ERROR)", resp);
    if (!c->live) return tc_ahb_beat_now(c, addr, write, hsize, hprot, data, resp);
    tc_event e = { TC_EV_BEAT, (uint8_t)write, (uint8_t)hsize, (uint8_t)resp, addr, data, (uint32_t)hprot, c->time };
    return tc_live_call(c, &e);
}

static int mtb_packet(tc_checker *c, int shown, uint32_t offset, uint32_t w0, uint32_t w1)
{
    if (!may_go_on(c)) return TC_FAILED;
    if (!c->live) return tc_mtb_packet_now(c, shown, offset, w0, w1);
    tc_event e = { TC_EV_PACKET, (uint8_t)shown, 0, 0, w0, w1, offset, c->time };
    return tc_live_call(c, &e);
}

int tc_mtb_packet(tc_checker *c, uint32_t w0, uint32_t w1) { return mtb_packet(c, 0, 0, w0, w1); }

int tc_mtb_packet_at(tc_checker *c, uint32_t offset, uint32_t w0, uint32_t w1)
{
    return mtb_packet(c, 1, offset, w0, w1);
}

int tc_retire(tc_checker *c, uint32_t pc, uint32_t opcode, int is32, int cond_passed)
{
    if (!may_go_on(c)) return TC_FAILED;
    if (!flag(is32)) return tc_fail(c, "api", "retire: is32 %d is not 0 or 1", is32);
    if (!flag(cond_passed)) return tc_fail(c, "api", "retire: cond_passed %d is not 0 or 1", cond_passed);
    if (!c->live) return tc_retire_now(c, pc, opcode, is32, cond_passed);
    tc_event e = { TC_EV_RETIRE, 0, (uint8_t)is32, (uint8_t)cond_passed, pc, opcode, 0, c->time };
    return tc_live_call(c, &e);
}

int tc_exception(tc_checker *c, int number, uint32_t return_addr)
{
    if (!may_go_on(c)) return TC_FAILED;
    if (number < 0 || number > 511)
        return tc_fail(c, "api", "exception: number %d is not an exception number (0-511)", number);
    if (!c->live) return tc_exception_now(c, number, return_addr);
    tc_event e = { TC_EV_EXC, 0, 0, 0, (uint32_t)number, return_addr, 0, c->time };
    return tc_live_call(c, &e);
}

int tc_irq_lines(tc_checker *c, uint32_t irq, int nmi)
{
    if (!may_go_on(c)) return TC_FAILED;
    if (!flag(nmi)) return tc_fail(c, "api", "irq_lines: nmi %d is not 0 or 1", nmi);
    tc_event e = { TC_EV_IRQ, (uint8_t)nmi, 0, 0, irq, 0, 0, c->time };
    return c->live ? tc_live_call(c, &e) : tc_async_now(c, &e);
}

int tc_systick_ticks(tc_checker *c, uint32_t n)
{
    if (!may_go_on(c)) return TC_FAILED;
    tc_event e = { TC_EV_TICKS, 0, 0, 0, n, 0, 0, c->time };
    return c->live ? tc_live_call(c, &e) : tc_async_now(c, &e);
}

int tc_mem_write(tc_checker *c, uint32_t addr, int size, uint32_t data)
{
    if (!may_go_on(c)) return TC_FAILED;
    if ((size != 1 && size != 2 && size != 4) || (addr & (uint32_t)(size - 1)))
        return tc_fail(c, "api", "mem_write: size %d at %08x (1, 2 or 4 bytes, aligned)", size, addr);
    tc_event e = { TC_EV_MEMW, (uint8_t)size, 0, 0, addr, data, 0, c->time };
    return c->live ? tc_live_call(c, &e) : tc_async_now(c, &e);
}

int tc_halted(const tc_checker *c) { return !tc_handle_open(c) || c->failed || c->finished || c->o.off; }

int tc_finish(tc_checker *c)
{
    if (!tc_handle_open(c)) return TC_FAILED;
    if (!c->finished) c->finish_rc = tc_finish_now(c);
    return c->finish_rc;
}

const char *tc_report(const tc_checker *c) { return tc_handle_open(c) && c->report ? c->report : ""; }

const char *tc_report_unread(tc_checker *c)
{
    if (!tc_handle_open(c) || !c->report) return "";
    size_t from = c->report_read;
    c->report_read = c->report_len;
    return c->report + from;
}

void tc_get_counters(const tc_checker *c, tc_counters *out)
{
    if (!out) return;
    if (tc_handle_open(c)) *out = c->n;
    else memset(out, 0, sizeof *out);
}

/* The step comparison (tc_compare.c, tc_compare_bus.c): the calls that compare what the RTL reports against the
 * golden steps. Its callers are above it and it calls none of them: the calls (tc_calls.c) in file mode as they
 * come, live mode (tc_live.c) once the model has made a held call's golden steps. Each takes its arguments
 * already checked (tc_calls.c) and returns TC_OK, TC_MISMATCH (reported, tc_mismatch) or TC_FAILED (tc_fail). */
#ifndef TARMAC_TC_STEP_H
#define TARMAC_TC_STEP_H

#include "tc_internal.h"

int tc_reg_write_now(tc_checker *c, int reg, uint32_t value);
int tc_ahb_beat_now(tc_checker *c, uint32_t addr, int write, int hsize, int hprot, uint32_t data, int resp);
int tc_mtb_packet_now(tc_checker *c, int shown, uint32_t offset, uint32_t w0, uint32_t w1);
int tc_retire_now(tc_checker *c, uint32_t pc, uint32_t opcode, int is32, int cond_passed);
int tc_exception_now(tc_checker *c, int number, uint32_t return_addr);
int tc_snapshot_now(tc_checker *c, const uint32_t regs[TM_REG_COUNT], uint32_t valid);
/* irq_lines, systick_ticks, mem_write: counted and kept for the report's context */
int tc_async_now(tc_checker *c, const tc_event *e);
/* Any held call, at c->time = the event's time (live mode). */
int tc_apply_event(tc_checker *c, const tc_event *e);

#endif

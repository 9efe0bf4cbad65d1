/* The lockstep checker: compares what the RTL reports (register writes, AHB beats, MTB packets, retired
 * instructions, exception entries) with a golden Tarmac trace, step by step, and stops at the first
 * divergence with a report. dpi/README.md describes the trace model and the contract of each call.
 * One handle per cpu; no global state. No allocation and no formatted I/O on the per-call path. Each handle
 * reads its golden on threads of its own (inflating; parsing and building steps), up to a bounded ring ahead
 * of the calls; the calls themselves come from one thread at a time, and their verdicts do not depend on how
 * far ahead those threads are. */
#ifndef TARMAC_CHECKER_H
#define TARMAC_CHECKER_H

#include <stdint.h>

#include "tarmac/error.h"
#include "tarmac/regs.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tc_checker tc_checker;

/* Results of every call. */
enum {
    TC_OK = 0,
    TC_MISMATCH = 1,   /* the RTL diverged from the golden: tc_report() says how */
    TC_FAILED = 2      /* the check cannot go on: unreadable golden, bad use; tc_report() says why */
};

/* Open a checker on a golden trace (plain or gzip). options: "key=value,..." with keys
 *   golden=<path>      the golden trace (when golden is NULL)
 *   context=<n>        golden steps and RTL events kept for the report (default 8)
 *   max_errors=<n>     mismatches before the checker refuses to go on (default 1 = halt on the first)
 *   bus_window=<n>     steps an AHB beat may lead or lag its instruction (default 2)
 *   mtb_base=<addr>    MTB SFR base (default 0xF0000000); 0 disables MTB enable tracking
 *   ignore_regs=<a:b>  registers not compared (names as in Tarmac, ':' or ';' separated)
 *   report=<path>      also write the report to this file
 *   quiet=<0|1>        no summary line on finish
 *   cpu=<n>            only records of this cpu (multi-cpu goldens)
 * Returns NULL with err filled on a bad option or an unreadable golden. */
tc_checker *tc_open(const char *golden, const char *options, tm_error *err);

void tc_set_time(tc_checker *c, uint64_t time);
int tc_reg_write(tc_checker *c, int reg, uint32_t value);
int tc_ahb_beat(tc_checker *c, uint32_t addr, int write, int hsize, int hprot, uint32_t data, int resp);
int tc_mtb_packet(tc_checker *c, uint32_t word0, uint32_t word1);
int tc_retire(tc_checker *c, uint32_t pc, uint32_t opcode, int is32, int cond_passed);
int tc_exception(tc_checker *c, int number, uint32_t return_addr);

/* 1 once the checker refuses to go on (max_errors mismatches, or a failure): the testbench should stop. */
int tc_halted(const tc_checker *c);

/* End of test: the golden must be fully consumed, something must have been compared, no beat or packet may
 * be outstanding. Appends the summary to the report. Returns TC_OK only when everything matched. */
int tc_finish(tc_checker *c);

/* The report: the mismatch block(s), then after tc_finish the summary. Never NULL. */
const char *tc_report(const tc_checker *c);

/* The part of the report added since the previous call ("" when nothing was), so that a testbench prints
 * every mismatch block once, as it happens: after each non-zero status of a call, and after tc_finish.
 * Valid until the next call on the handle. Never NULL. */
const char *tc_report_unread(tc_checker *c);

typedef struct tc_counters {
    uint64_t steps;        /* golden steps compared (instructions, exceptions, reset) */
    uint64_t registers;    /* register values compared */
    uint64_t beats;        /* AHB data beats matched against golden memory records */
    uint64_t error_beats;  /* ERROR responses seen (checked through the HardFault that follows) */
    uint64_t packets;      /* MTB packets compared */
    uint64_t mismatches;
} tc_counters;
void tc_get_counters(const tc_checker *c, tc_counters *out);

void tc_close(tc_checker *c);

#ifdef __cplusplus
}
#endif
#endif

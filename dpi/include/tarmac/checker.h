/* The lockstep checker: compares what the RTL reports (register writes, AHB beats, MTB packets, retired
 * instructions, exception entries) with a golden Tarmac trace, step by step, and stops at the first
 * divergence with a report. dpi/README.md describes the trace model and the contract of each call.
 * One handle per cpu; no global state. No allocation and no formatted I/O on the per-call path. Each handle
 * reads its golden on threads of its own (inflating; parsing and building steps), up to a bounded ring ahead
 * of the calls; the calls themselves come from one thread at a time, and their verdicts do not depend on how
 * far ahead those threads are. In live mode (golden=live:<elf>) the model runs on the calling thread instead, and
 * each call is held until the model has made the golden steps it is compared with: a mismatch is reported by a
 * call a few steps after the one that caused it, with that call's own simulation time (dpi/README.md, "Live
 * mode"). */
#ifndef TARMAC_CHECKER_H
#define TARMAC_CHECKER_H

#include <stddef.h>
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

/* Open a checker on a golden trace (plain or gzip, any dialect), or in live mode on golden "live:<elf>" (the
 * model runs the program inside the checker, stepped as the RTL retires; dpi/README.md, "Live mode").
 * options: "key=value,..." with the keys of tc_option_at() (dpi/README.md, "Options", lists them with their
 * defaults); golden may be NULL when options name it. Returns NULL with err filled on a bad option or an unreadable golden. */
tc_checker *tc_open(const char *golden, const char *options, tm_error *err);

/* One option: its key, its default as text ("" when it has none) and what it means. */
typedef struct tc_option_info {
    const char *key, *def, *help;
} tc_option_info;
/* The i-th option (0-based), NULL past the last: the one table the parser, the SV package and the docs follow. */
const tc_option_info *tc_option_at(size_t i);
/* The keys, comma-separated, into buf (truncated to size, NUL-terminated when size > 0); returns the full length. */
size_t tc_option_keys(char *buf, size_t size);

void tc_set_time(tc_checker *c, uint64_t time);
/* regs=writes: every architectural register write, as it happens, before the retire/exception of its step.
 * reg: TM_REG_* (r0-r12, SP = the stack pointer in use, LR, xPSR, MSP, PSP, PRIMASK, CONTROL; PC is ignored). */
int tc_reg_write(tc_checker *c, int reg, uint32_t value);
/* regs=snapshot: the RTL's architectural registers as the step just closed by tc_retire/tc_exception left
 * them, once per step, before the next retire/exception. regs[] is indexed by TM_REG_*; valid has bit id set for
 * each register the RTL shows (SP alone stands for the stack pointer in use; PC is ignored). Every register the
 * golden has made known is compared; one it has not (reset values the architecture leaves UNKNOWN) is not. */
int tc_snapshot(tc_checker *c, const uint32_t regs[TM_REG_COUNT], uint32_t valid);
int tc_ahb_beat(tc_checker *c, uint32_t addr, int write, int hsize, int hprot, uint32_t data, int resp);
int tc_mtb_packet(tc_checker *c, uint32_t word0, uint32_t word1);
/* The same, for an MTB that also shows where it wrote the packet: offset = its byte offset in the MTB SRAM. Compared
 * with POSITION.POINTER as the golden flow implies it (POSITION writes, 8 per packet, the wrap), within the trace
 * buffer: the bits below 2^(MASTER.MASK+4), so a packet written at the wrong place fails even when its words are
 * right, whatever the SRAM's base and size. */
int tc_mtb_packet_at(tc_checker *c, uint32_t offset, uint32_t word0, uint32_t word1);
int tc_retire(tc_checker *c, uint32_t pc, uint32_t opcode, int is32, int cond_passed);
int tc_exception(tc_checker *c, int number, uint32_t return_addr);

/* Asynchronous events and other bus masters. In file mode (a golden file) the golden already holds when each
 * exception was taken and what each device returned: these calls are accepted, counted (tc_counters) and have
 * no other effect. In live mode (golden=live:<elf>, dpi/README.md "Live mode") the model runs inside the checker
 * and follows them: the RTL decides when an asynchronous exception is taken, the model checks that it is legal.
 * Each returns TC_OK, or TC_FAILED on bad arguments / after a halt. */

/* The interrupt inputs changed: irq = the levels of IRQ0-31 (bit n = IRQn; lines past the implemented ones,
 * model num_irq, are ignored), nmi = the level of NMI. Call whenever any of them changes, before the
 * retire/exception call of the step during which it changed (so: at most once per step, the last levels win).
 * Live mode: an IRQ line at 1 pends IRQn at the next boundary, as the NVIC of ARMv6-M does (level-sensitive: it
 * stays pending while the line is high, also after it was taken and cleared); a rising NMI pends NMI. */
int tc_irq_lines(tc_checker *c, uint32_t irq, int nmi);
/* SysTick counted n more clock cycles (a core whose SysTick counts clock cycles: model systick:cycles). May be
 * batched: report the cycles of a step with its retire/exception, before that call. Live mode: the model's
 * SysTick decrements n times (and pends SysTick as its COUNTFLAG rises, when TICKINT is set). */
int tc_systick_ticks(tc_checker *c, uint32_t n);
/* Another bus master (a DMA) wrote size bytes (1, 2 or 4; addr aligned to size) of data (in its low bytes) to
 * memory, before the retire/exception of the step during which the write completed. Live mode: the model's
 * memory follows, so that the core's later reads of it match. */
int tc_mem_write(tc_checker *c, uint32_t addr, int size, uint32_t data);

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
    uint64_t ignored_beats;   /* data beats left out: bus=0, or an address in bus_ignore */
    uint64_t ignored_packets; /* MTB packets left out: mtb=0 */
    uint64_t fetch_beats;     /* data_beats=golden: reads no golden access matched, taken as fetches */
    uint64_t irq_changes;     /* tc_irq_lines calls */
    uint64_t systick_ticks;   /* cycles reported by tc_systick_ticks */
    uint64_t mem_writes;      /* tc_mem_write calls */
    uint64_t instructions;    /* of steps: instruction steps */
    uint64_t exceptions;      /* of steps: exception entries */
    uint64_t unknown_values;  /* golden values not compared because the golden does not know them (digits written
                               * x, X or -): register values, memory data, opcodes */
    uint64_t volatile_reads;  /* live mode: reads in a volatile range whose value the model took from the RTL's bus */
    uint64_t lenient_warnings; /* golden lines skipped as unreadable (option lenient=1) */
    uint64_t abandoned_reads; /* the model's abandon_unstack: reads of a frame an exception return kept for a
                               * tail-chain, the RTL's abandoned unstacking (matched by address, not compared) */
} tc_counters;
void tc_get_counters(const tc_checker *c, tc_counters *out);

int tc_close(tc_checker *c);

#ifdef __cplusplus
}
#endif
#endif

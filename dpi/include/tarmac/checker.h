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

/* The contract of every call (dpi/README.md, "The calls"); the library does exactly this, never crashes on it and
 * never changes a verdict because of it:
 *  - A NULL handle, or one tc_close freed: nothing is done and nothing is read through it. Every call returns
 *    TC_FAILED, except tc_halted (1), tc_report and tc_report_unread (""), tc_get_counters (zeroes), tc_close
 *    (TC_OK for NULL, as free(NULL); TC_FAILED for a handle closed before: a double close is harmless). The library
 *    keeps the addresses of the open handles to tell them: a handle freed and then reused by a later tc_open at the
 *    same address is that new handle, which the library cannot tell apart; keep no handle past tc_close.
 *  - The event calls (tc_set_time to tc_mem_write, tc_snapshot): after the checker halted (max_errors mismatches,
 *    a failure; tc_halted) and after tc_finish, each returns TC_FAILED and changes nothing: no counter, no report
 *    line, no verdict.
 *  - A bad argument (a register id out of range, an AHB field outside its encoding, a flag that is not 0 or 1, an
 *    exception number outside 0-511, a snapshot or a register write in the other register mode, ...): TC_FAILED,
 *    the report names the call and the argument, and the checker halts (the testbench is wrong, not the RTL).
 *  - tc_finish runs the end-of-test checks once; every later call returns the first call's result.
 *  - Threads: the calls on one handle come from one thread at a time; different handles may be used on different
 *    threads at once (open and close included). */

/* Open a checker on a golden trace (plain or gzip, any dialect), or in live mode on golden "live:<elf>" (the
 * model runs the program inside the checker, stepped as the RTL retires; dpi/README.md, "Live mode").
 * options: "key=value,..." with the keys of tc_option_at() (dpi/README.md, "Options", lists them with their
 * defaults); golden may be NULL when options name it. The golden's first steps are read here. Returns NULL with err
 * filled (err may be NULL) on a bad option; a golden that cannot be opened (a FIFO with no writer after
 * golden_wait_ms, a device), is unreadable in its first lines or has no instruction at all; a declared configuration
 * (model=) or a program (elf=) other than the golden's record; too many checkers open; an output file (report=,
 * coverage=, golden_out=, ledger=) that is the same file as an input or as another output, or that cannot be
 * created. One that cannot be written later fails the run (the report says why, the file keeps what it held: it is
 * written whole, tarmac/outfile.h). With ledger= the ledger of an open that fails after the options were read says
 * why, unless an output was refused: then no file is written. */
tc_checker *tc_open(const char *golden, const char *options, tm_error *err);

/* tc_open with options also given one value per key: keys[i] (an option's key) takes values[i] whole, whatever it
 * holds (a path with commas, '=' and spaces), so that no value can add an option of its own. Each overrides the
 * options string's value of its key, except model, whose keys add to the string's declaration (its own keys
 * overriding). A key given twice, in options or in keys[], is an error (never "the last one wins"), as is a
 * NULL keys[], values[] or entry when n > 0. flags: TC_OPEN_OFF opens a checker switched off by the testbench
 * (the reference testbench's +tarmac_off): the options are read and the outputs made, the golden is not read, the
 * event calls compare nothing (TC_FAILED, as after a halt; tc_halted is 1), and tc_finish returns TC_OK with the
 * summary line "tarmac checker: OFF: ..." and the ledger's verdict OFF, so that a run with a golden beside it
 * never passes silently unchecked. tc_open(g, o, err) is tc_open_with(g, o, NULL, NULL, 0, 0, err). */
#define TC_OPEN_OFF 1u
tc_checker *tc_open_with(const char *golden, const char *options, const char *const keys[],
                         const char *const values[], size_t n, unsigned flags, tm_error *err);

/* One option: its key, its default as text ("" when it has none) and what it means. */
typedef struct tc_option_info {
    const char *key, *def, *help;
} tc_option_info;
/* The i-th option (0-based), NULL past the last: the one table the parser, the SV package and the docs follow. */
const tc_option_info *tc_option_at(size_t i);
/* The keys, comma-separated, into buf (truncated to size, NUL-terminated when size > 0; buf may be NULL when size
 * is 0); returns the full length. */
size_t tc_option_keys(char *buf, size_t size);

/* The architectural state of an ARMv6-M core and how the checker compares each piece, in write-port mode (regs=writes)
 * and in snapshot mode (dpi/README.md, "What is compared"): a text starting "not compared" names state the checker
 * does not see directly. tc_state_at: the i-th row (0-based), NULL past the last. */
typedef struct tc_state_info {
    const char *state, *writes, *snapshot;
} tc_state_info;
const tc_state_info *tc_state_at(size_t i);
/* The state not compared in this checker's register mode, the rows' names separated by "; ", into buf (truncated,
 * NUL-terminated when size > 0; buf may be NULL when size is 0); returns the full length. For a verdict's list of
 * what was not compared. A NULL or closed handle: 0, with buf "" (when size > 0). */
size_t tc_state_not_compared(const tc_checker *c, char *buf, size_t size);

/* The simulation time printed in reports for the calls after it. TC_OK, or TC_FAILED as any event call. */
int tc_set_time(tc_checker *c, uint64_t time);
/* regs=writes: every architectural register write, as it happens, before the retire/exception of its step.
 * reg: TM_REG_* (r0-r12, SP = the stack pointer in use, LR, xPSR, MSP, PSP, PRIMASK, CONTROL; PC is ignored). */
int tc_reg_write(tc_checker *c, int reg, uint32_t value);
/* regs=snapshot: the RTL's architectural registers as the step just closed by tc_retire/tc_exception left
 * them, once per step, before the next retire/exception. regs[] is indexed by TM_REG_*; valid has bit id set for
 * each register the RTL shows (SP alone stands for the stack pointer in use; PC is ignored). Every register the
 * golden has made known is compared; one it has not (reset values the architecture leaves UNKNOWN) is not. */
int tc_snapshot(tc_checker *c, const uint32_t regs[TM_REG_COUNT], uint32_t valid);
/* A completed AHB data phase: write 0 (read) or 1; hsize the AHB HSIZE (0-7; ARMv6-M uses 0-2, another is a bus
 * mismatch); hprot the AHB HPROT (0-15; bit 0 tells data from opcode fetches, option data_beats); data HWDATA or
 * HRDATA as the bus carries it (byte lanes); resp the AHB-Lite HRESP, 0 OKAY or 1 ERROR. */
int tc_ahb_beat(tc_checker *c, uint32_t addr, int write, int hsize, int hprot, uint32_t data, int resp);
int tc_mtb_packet(tc_checker *c, uint32_t word0, uint32_t word1);
/* The same, for an MTB that also shows where it wrote the packet: offset = its byte offset in the MTB SRAM. Compared
 * with POSITION.POINTER as the golden flow implies it (POSITION writes, 8 per packet, the wrap) modulo the SRAM's
 * size (option mtb_sram_size): the packet's whole SRAM address, so a packet written at the wrong place fails even
 * when its words are right, in the wrong slot of its trace buffer or with the buffer elsewhere in the SRAM. */
int tc_mtb_packet_at(tc_checker *c, uint32_t offset, uint32_t word0, uint32_t word1);
/* An instruction retired: is32 and cond_passed are 0 or 1 (opcode: a 16-bit one in the low half; a 32-bit one with
 * its first halfword in bits 31:16). */
int tc_retire(tc_checker *c, uint32_t pc, uint32_t opcode, int is32, int cond_passed);
/* An exception entered: number 0-511 (the IPSR value), return_addr the return address it stacked (or EXC_RETURN for
 * a tail-chained entry). */
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

/* 1 once the checker refuses to go on (max_errors mismatches, a failure, after tc_finish; a NULL or closed handle):
 * the testbench should stop. */
int tc_halted(const tc_checker *c);

/* End of test: the golden must be fully consumed, something must have been compared (a step, and a register in
 * either register mode; in regs=snapshot the last step's snapshot), no beat or packet may be outstanding. Appends
 * the summary line: what was compared, what was not (dpi/README.md, "What fails a test"), and writes the report=,
 * coverage= and ledger= files. Returns TC_OK only when everything matched and the files were written; TC_MISMATCH
 * when the RTL diverged; TC_FAILED when the check could not be made, compared too little, or an output could not
 * be written. The ledger (option ledger=, dpi/README.md "The ledger") says the same for a machine: TC_OK is its
 * verdict PASS, TC_MISMATCH FAIL, TC_FAILED FAIL (too little compared) or ERROR (could not check). Runs once: a
 * later call returns the same result and adds nothing. */
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
    uint64_t systick_reads;   /* systick_window: SYST_CVR reads whose register differed from the golden's within the
                               * window (accepted, not compared exactly) */
    uint64_t abandoned_writes; /* writes of a store multiple (PUSH, STM) the core abandoned for an exception entry
                                * and restarts after it: no golden access, not compared */
} tc_counters;
/* The counters so far into *out (nothing when out is NULL). */
void tc_get_counters(const tc_checker *c, tc_counters *out);

/* Stops the golden's threads and frees the handle; writes the ledger (option ledger=) when tc_finish did not run.
 * TC_OK; TC_FAILED when that ledger could not be written, or for a handle that is not open (closed before). */
int tc_close(tc_checker *c);

#ifdef __cplusplus
}
#endif
#endif

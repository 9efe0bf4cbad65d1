/* ARMv6-M instruction-set model: the calls its users make (the CLI, the checker's live mode, the SystemC wrapper,
 * the tests). The model's state is opaque (struct m6 is private to model/, model/m6_state.h); a user reads and
 * sets it through these calls only. Architectural choices: model/ARCHITECTURE.md.
 *
 * Life of a model: m6_create (with a configuration), m6_load_elf or m6_mem_ptr to place the program, the
 * attachments (console, trace, MTB observer, live mode), m6_reset, then m6_step / m6_run. Calls that can fail
 * take a tm_error * (tarmac/error.h; NULL when the caller wants no message) and return TM_OK or a status < 0.
 * A NULL model is refused by every call (tarmac/error.h): nothing is done, a query returns 0 or "" (m6_exec_priority
 * 4), m6_read, m6_write, m6_scs_read, m6_scs_write and m6_enter_exception -1, m6_step, m6_run and m6_stopped
 * M6_STEP_UNKNOWN (it cannot go on), a call with a tm_error * TM_ERR_ARG. */
#ifndef ARMV6M_H
#define ARMV6M_H

#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "tarmac/error.h"
#include "tarmac/regs.h"
#include "tarmac/thumb.h"
#include "tarmac/writer.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M6_CODE_BASE 0x00000000u
#define M6_CODE_SIZE (256u << 10)
#define M6_SRAM_BASE 0x20000000u
#define M6_SRAM_SIZE (64u << 10)
#define M6_MTBRAM_BASE 0x24000000u
#define M6_MTBRAM_SIZE (4u << 10)
#define M6_SCS_BASE 0xE000E000u
/* mem_map=mps2 (QEMU's mps2-an385/an386 boards): code and SRAM 4 MiB each, at the same bases */
#define M6_MPS2_CODE_SIZE (4u << 20)
#define M6_MPS2_SRAM_SIZE (4u << 20)

/* One region of the memory map a configuration makes (m6_memory_map): [base, base + size) answers m6_read and
 * m6_write; word_only: word accesses only (the SCS, the MTB SFRs). Everything outside every region is a bus error. */
typedef struct m6_region {
    const char *name;
    uint32_t base, size;
    int word_only;
} m6_region;
#define M6_REGIONS_MAX 8

#define M6_EXIT_LOCKUP 125   /* exit code when the core locks up */
#define M6_EXIT_MAX_INSNS 124 /* exit code when --max-insns stops the run */
#define M6_EXIT_UNKNOWN 123   /* exit code when the program's path depends on an UNKNOWN value */

/* Exception numbers. */
enum { M6_EXC_RESET = 1, M6_EXC_NMI = 2, M6_EXC_HARDFAULT = 3, M6_EXC_SVCALL = 11, M6_EXC_PENDSV = 14,
       M6_EXC_SYSTICK = 15, M6_EXC_IRQ0 = 16, M6_EXC_COUNT = 48 };

/* What the last step did (m6_step, m6_run), and why a model stopped (m6_stopped). */
enum { M6_STEP_INSN = 1, M6_STEP_EXCEPTION = 2, M6_STEP_EXIT = 3, M6_STEP_LOCKUP = 4, M6_STEP_UNKNOWN = 5 };
/* (the values from M6_STEP_EXIT on end a run) */

typedef struct m6 m6;

/* ---- Life: model/cpu.c, model/elf.c ---- */
/* A model with its memory cleared and the configuration cfg (NULL: m6_config_defaults), the console stdout, no
 * trace, no live mode. NULL when out of memory. */
m6 *m6_create(const m6_config *cfg);
void m6_destroy(m6 *c); /* NULL is accepted */
/* The configuration in use. */
const m6_config *m6_get_config(const m6 *c);
/* Replace the configuration: before m6_reset (and before m6_load_elf for a program that needs the memory map the
 * configuration makes, e.g. the MTB SRAM with mtb=1); a running model's choices do not change. */
void m6_set_config(m6 *c, const m6_config *cfg);
/* The program's PT_LOAD segments into memory. Returns TM_OK; or the ELF reader's TM_ERR_IO / TM_ERR_FORMAT, or
 * TM_ERR_FORMAT for a segment outside the memory map, with err (when not NULL) naming the file. */
int m6_load_elf(m6 *c, const char *path, tm_error *err);
/* From the vector table: registers, NVIC, SCB, SysTick and MTB to their reset values; the reset step traced when a
 * trace is attached. Returns TM_OK, or TM_ERR_FORMAT when the vectors are not mapped (err says so). */
int m6_reset(m6 *c, tm_error *err);

/* ---- Running: model/cpu.c ---- */
/* One instruction (and the exception entry that follows it) -> M6_STEP_*. After an exit or a lockup every call
 * returns M6_STEP_EXIT / M6_STEP_LOCKUP again and changes nothing; M6_STEP_UNKNOWN likewise when the program's
 * path depends on an UNKNOWN value (model/ARCHITECTURE.md, "UNKNOWN values"): the model cannot go on. */
int m6_step(m6 *c);
/* Steps until the program exits, locks up or has retired max_insns instructions (0: no limit) -> the last
 * M6_STEP_*. */
int m6_run(m6 *c, uint64_t max_insns);
/* 0 while the model can run on; M6_STEP_EXIT after the program's semihosting exit, M6_STEP_LOCKUP after a lockup,
 * M6_STEP_UNKNOWN after an UNKNOWN value decided the path. */
int m6_stopped(const m6 *c);
/* The program's exit code after M6_STEP_EXIT; M6_EXIT_LOCKUP after a lockup; M6_EXIT_UNKNOWN; 0 before. */
int m6_exit_code(const m6 *c);
/* Why the run stopped abnormally ("lockup at 00000200", "the condition of B<cond> at 000001a0 is UNKNOWN: ...");
 * "" when it did not. Valid until the next call. */
const char *m6_stop_reason(const m6 *c);
uint64_t m6_icount(const m6 *c); /* instructions retired since m6_reset */
uint64_t m6_steps(const m6 *c);  /* golden steps made since m6_create: instructions and exception entries */
/* The Thumb encoding (tarmac/thumb.h) of the last instruction executed; thumb_undefined when none matched. */
thumb_id m6_last_encoding(const m6 *c);

/* ---- Registers: model/cpu.c. Ids are the trace library's (tarmac/regs.h): TM_REG_R0.. TM_REG_PC, TM_REG_XPSR,
 * TM_REG_MSP, TM_REG_PSP, TM_REG_PRIMASK, TM_REG_CONTROL. ---- */
/* The register's value; TM_REG_SP is the stack pointer in use, TM_REG_PC the next instruction's address. 0 for
 * any other id. */
uint32_t m6_reg(const m6 *c, int id);
/* Write a register as the current step does (r0-r14 and the stack pointers are traced with the step), or, between
 * steps, as a debugger does. TM_REG_XPSR sets the flags and IPSR (the exception number; a debugger's choice: it
 * does not make the exception active), TM_REG_CONTROL SPSEL (switching the banked stack pointers in thread mode).
 * Other ids are ignored. */
void m6_set_reg(m6 *c, int id, uint32_t v);
uint32_t m6_xpsr(const m6 *c);
uint32_t m6_msp(const m6 *c);
uint32_t m6_psp(const m6 *c);
/* A special register as MRS reads it, by its SYSm number (ARMv7-M ARM, MRS: 17 BASEPRI, 19 FAULTMASK, ...); 0 for
 * a NULL machine or a number MRS does not read. */
uint32_t m6_special(const m6 *c, unsigned sysm);
/* The bits of the register's value that are UNKNOWN (model/ARCHITECTURE.md, "UNKNOWN values"), bit by bit: of r0-r12
 * or LR, the flags of TM_REG_XPSR; 0 for a known value and for the other ids. */
uint32_t m6_reg_unknown(const m6 *c, int id);
/* A value the core showed for a register the model holds as unknown (live mode: its write, or its snapshot): the
 * register takes its unknown bits from it and is known from then on. A register the model knows is left alone. */
void m6_take_value(m6 *c, int id, uint32_t v);

/* ---- Memory: model/mem.c, model/scs.c ---- */
/* The bus as the CPU sees it (volatile ranges, code, SRAM, MTB, SCS). Return 0, or -1 on a bus error. */
int m6_read(m6 *c, uint32_t addr, unsigned size, uint32_t *val);
int m6_write(m6 *c, uint32_t addr, unsigned size, uint32_t val);
/* Backdoor access to the RAM regions for the loader, semihosting, other bus masters and tests (no side effects,
 * no trace): a pointer to len bytes at addr, NULL when they are not all in one region. */
uint8_t *m6_mem_ptr(m6 *c, uint32_t addr, uint32_t len);
/* The memory map cfg makes (NULL: the defaults), as m6_read and m6_write implement it, in address order: the
 * regions into out (room for M6_REGIONS_MAX), their count returned (0 for a NULL out). For coverage of the map's
 * edges. */
size_t m6_memory_map(const m6_config *cfg, m6_region *out);
/* model/scs.c: the System Control Space registers (SysTick, NVIC, SCB) at their addresses (M6_SCS_BASE + offset),
 * word access as m6_read/m6_write make it, with the registers' side effects (a CSR read clears COUNTFLAG).
 * Return 0. */
int m6_scs_read(m6 *c, uint32_t addr, uint32_t *val);
int m6_scs_write(m6 *c, uint32_t addr, uint32_t val);

/* ---- Exceptions: model/exceptions.c ---- */
/* The execution priority: -2 NMI, -1 HardFault, 0..3 (the 2-bit field) from the active exceptions and PRIMASK;
 * 4 when nothing raises it. */
int m6_exec_priority(const m6 *c);
/* Exception n's priority: -3 reset, -2 NMI, -1 HardFault, else 0..3 (the field >> 6); 4 for a number that is not
 * an exception. */
int m6_priority(const m6 *c, unsigned n);
/* "SVCall (11)", "IRQ5 (21)", "exception 9" for exception number n, into buf (nothing for a NULL buf). */
void m6_exception_name(int n, char *buf, size_t size);
/* Pend exception n (an IRQ that is not implemented is ignored), as its source would. */
void m6_set_pending(m6 *c, unsigned n);
int m6_is_pending(const m6 *c, unsigned n); /* pending and, for an IRQ, enabled */
uint64_t m6_active(const m6 *c); /* bit n set while exception n is active */
/* The pending exception that preempts now with the highest priority (lowest number on a tie), 0 when none. */
unsigned m6_preempting(const m6 *c);
/* Enter exception n with this return address (stacking, vector read): the embedding's decision in live mode.
 * Returns 0, or -1 when the entry locked up. */
int m6_enter_exception(m6 *c, unsigned n, uint32_t return_addr);
/* The next m6_step enters a synchronous fault (an interworking branch to an even address) instead of executing. */
int m6_fault_due(const m6 *c);
/* The exception the last step's exception return chose to tail-chain into, leaving its frame stacked; 0 when it
 * unstacked (or there was none). */
unsigned m6_tail_chain_to(const m6 *c);
/* The boundary after an exception return that did not unstack: enter exception n on the same frame. n = 0: the
 * model's own choice (m6_tail_chain_to's; outside live mode with late_arrival the highest priority pending now).
 * m6_step calls it by itself outside live mode; in live mode the embedding does, for the entry it decides. */
void m6_tail_chain(m6 *c, unsigned n);
/* model/scs.c: one SysTick clock (when enabled): m6_step calls it per instruction with systick=insn; with
 * systick=cycles the embedding calls it (or m6_systick_ticks for n of them) per cycle. */
void m6_systick_tick(m6 *c);
void m6_systick_ticks(m6 *c, uint32_t n);

/* ---- Live mode: model/live.c (model/ARCHITECTURE.md, "Live mode") ---- */
/* live = 1: m6_step takes no asynchronous exception by itself; the embedding enters them (m6_enter_exception,
 * m6_tail_chain). Set before m6_reset. */
void m6_set_live(m6 *c, int live);
/* Live mode: chain = 1 when the core's next step after the coming m6_step is a tail-chained entry (an exception
 * return in that step then leaves its frame stacked, m6_tail_chain_to says into what); set 0 again after it. */
void m6_set_live_chain(m6 *c, int chain);
/* Devices the model does not have: in the n inclusive ranges [lo, hi] reads take read(ctx, ...)'s value (it
 * returns 0, or -1 for a bus error), writes are accepted and dropped; both are traced as any access. ranges must
 * stay valid while the model runs; n = 0 removes them. */
void m6_set_volatile(m6 *c, const uint32_t (*ranges)[2], unsigned n,
                     int (*read)(void *ctx, uint32_t addr, unsigned size, uint32_t *val), void *ctx);
/* The interrupt inputs changed to these levels: a rising IRQ line or NMI pends it (also while it is active). */
void m6_irq_lines(m6 *c, uint32_t lines, int nmi);
/* The levels m6_irq_lines last set: the IRQ lines, and NMI's in *nmi (when not NULL). */
uint32_t m6_irq_levels(const m6 *c, int *nmi);
/* The same, for levels the NVIC sampled before the entry of exception n (just taken) cleared its pending state:
 * a rise of n's own input then merged with that pending state and does not pend n again. */
void m6_irq_lines_before_entry(m6 *c, uint32_t lines, int nmi, unsigned n);
/* n SysTick clocks (systick=cycles) that came before the entry of SysTick, just taken, cleared its pending state:
 * the count reaching 0 among them merged with that pending state and does not pend SysTick again. */
void m6_systick_ticks_before_entry(m6 *c, uint32_t n);
/* An instruction boundary: an IRQ line held high pends its interrupt unless it is active (level-sensitive). */
void m6_irq_sample(m6 *c);
/* 0 when exception n may be entered now (pending, enabled, above the execution priority); else the M6_ILLEGAL_*
 * reason, with why in buf: "not pending", "disabled", "masked by PRIMASK", "priority 0x80 not above the execution
 * priority 0x40 (in IRQ3)"; when a preempted exception sets the execution priority, the rule instead of "(in ...)":
 * "(IRQ0's, preempted but active; IRQ1's own is 0xc0: ARMv6-M B1.5.4, the highest priority of all active
 * exceptions)". Up to 200 characters. */
enum { M6_ILLEGAL_NOT_ASYNC = 1, M6_ILLEGAL_NOT_IMPLEMENTED, M6_ILLEGAL_NOT_PENDING, M6_ILLEGAL_DISABLED,
       M6_ILLEGAL_MASKED, M6_ILLEGAL_PRIORITY };
int m6_entry_illegal(const m6 *c, unsigned n, char *buf, size_t size);
/* A priority as m6_priority gives it, as the 8-bit field shows it ("0x40"), or the fixed negative ones ("-2"), into
 * buf (nothing for a NULL buf). */
void m6_priority_text(int p, char *buf, size_t size);
/* The exceptions pending now (an IRQ: pending and enabled), bit n for exception n. */
uint64_t m6_pending(const m6 *c);

/* ---- Attachments: model/cpu.c ---- */
/* Semihosting output goes to f (NULL: dropped). The model does not close it. */
void m6_set_console(m6 *c, FILE *f);
/* Trace every step as Tarmac lines to out in dialect (out NULL: no trace). The caller keeps out and closes it
 * after the run; the first write error stops the writing (m6_trace_status). Attach before m6_reset to trace the
 * reset step. */
void m6_trace_to(m6 *c, tm_out *out, tm_dialect dialect);
/* Instead of text: every record handed to sink(ctx, r) as the model makes it (sink NULL: no trace). lean = 1:
 * records for a consumer of steps, not of text (no disassembly, no time). */
void m6_trace_to_sink(m6 *c, void (*sink)(void *ctx, const tm_record *r), void *ctx, int lean);
/* TM_OK, or the status of the trace's first write error with err (when not NULL) filled as the writer did. */
int m6_trace_status(const m6 *c, tm_error *err);
/* What a gzip golden records in its header's comment for the checker: the configuration (m6_config_format) and
 * the program's identity, M6_PROGRAM_KEY=<16 hex digits> (tm_elf_image_hash of the ELF at elf_path), into buf
 * (M6_GOLDEN_RECORD_MAX bytes are enough). Returns TM_OK, or the ELF reader's error status with err filled. */
#define M6_PROGRAM_KEY "program"
#define M6_GOLDEN_RECORD_MAX (M6_CONFIG_TEXT_MAX + 32)
int m6_golden_record(const m6_config *cfg, const char *elf_path, char *buf, size_t size, tm_error *err);
/* Every MTB packet the model writes is also handed to fn(ctx, step, word0, word1) (step: index of the golden
 * step that caused it), before the MTB's POSITION advances (fn NULL: none). */
void m6_on_mtb_packet(m6 *c, void (*fn)(void *ctx, uint64_t step, uint32_t w0, uint32_t w1), void *ctx);

/* ---- model/disasm.c: GNU objdump syntax, e.g. "movs r0, #22". Returns the length. ---- */
int m6_disasm(uint32_t pc, uint32_t opcode, int is32, char *buf, size_t size);
/* The same for an architecture (tarmac/thumb.h THUMB_ARCH_*): its encodings only. The ARMv7-M encodings print
 * as their mnemonic and the opcode, "ldr.w <f8d10004>". */
int m6_disasm_arch(uint32_t pc, uint32_t opcode, int is32, unsigned arch_bit, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif

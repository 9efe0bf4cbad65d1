/* Co-simulation: the model stepped beside a core that decides when asynchronous exceptions are taken (the
 * checker's live mode, golden=live:<elf>; model/ARCHITECTURE.md, "Live mode"). The embedding reports what the core
 * did at each instruction boundary; the model follows each decision that is legal and does what the architecture
 * requires where it is not, saying why in a note. Its golden steps go to the trace callback as records, which the
 * embedding compares with the core's. These calls are the whole interface: the model's other calls
 * (model/armv6m.h) are not needed to co-simulate, so that the model can grow without its embedding following it.
 *
 * Life: m6_cosim_open, m6_cosim_reset, then per core event m6_cosim_input (between boundaries) and m6_cosim_step or
 * m6_cosim_take (at a boundary), m6_cosim_finish when the core stops, m6_cosim_close. Times are the core's
 * (simulation time); they only order events and size the decision window, their unit is the embedding's.
 * A NULL handle or needed pointer is refused (tarmac/error.h): m6_cosim_open returns NULL and m6_cosim_reset
 * TM_ERR_ARG, with err filled; m6_cosim_stopped returns M6_STEP_UNKNOWN (it cannot go on); the others do nothing
 * and return 0. */
#ifndef M6_COSIM_H
#define M6_COSIM_H

#include <stddef.h>
#include <stdint.h>

#include "tarmac/error.h"
#include "tarmac/record.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct m6_cosim m6_cosim;

/* What a note says (the note callback's kind). */
enum {
    M6_COSIM_NOTE = 1,  /* the model did otherwise than the core, and why: an illegal entry, a missed exception, a
                         * stop on an UNKNOWN value */
    M6_COSIM_EARLY = 2  /* an entry illegal when reported, accepted as decided earlier within decision_window */
};

typedef struct m6_cosim_setup {
    const char *elf;          /* the program, loaded by its PT_LOAD segments */
    const char *config;       /* the configuration, "key:value;..." (model/config.h keys; checked by the caller) */
    unsigned irq_latency;     /* instructions an exception that should preempt may stay untaken by the core */
    unsigned decision_window; /* time before an entry's report at which the core may have decided it; 0: none */
    /* devices the model does not have: reads in these inclusive ranges take volatile_read's value (0, or -1 for a
     * bus error); the ranges stay the caller's and must outlive the model */
    const uint32_t (*volatile_ranges)[2];
    unsigned n_volatile;
    int (*volatile_read)(void *ctx, uint32_t addr, unsigned size, uint32_t *val);
    /* every golden record as the model makes it (lean = 1: without disassembly and time) */
    void (*trace)(void *ctx, const tm_record *r);
    int lean;
    /* a note of kind M6_COSIM_*, one line of text, given before the step it explains is traced */
    void (*note)(void *ctx, int kind, const char *text);
    void *ctx;                /* handed to the three callbacks */
} m6_cosim_setup;

/* What a gzip golden of this model records in its header (m6_golden_record): the room it needs. */
#define M6_COSIM_RECORD_MAX 512

/* The model of setup s: configured, the program loaded, not reset. record (size bytes, M6_COSIM_RECORD_MAX are
 * enough; NULL: not wanted) receives what a golden file's header records of the configuration and the program,
 * for an embedding that writes the golden it follows. NULL on failure, err filled: the ELF reader's TM_ERR_IO /
 * TM_ERR_FORMAT naming the file, TM_ERR_IO when out of memory. */
m6_cosim *m6_cosim_open(const m6_cosim_setup *s, char *record, size_t size, tm_error *err);

/* File mode's counterpart of the ILLEGAL ENTRY notes, for a core that enters an exception where the golden goes on:
 * the model of the program elf, configured by record (a golden's header record, "key=value,...", as
 * m6_golden_record writes it), run alone from reset as a file-mode golden is made, stopped before golden step
 * `step` (0: the reset step); for each exception pending there that may not be entered, "<name> pending: <why>"
 * (the reason a note gives, e.g. "IRQ2 pending: priority 0x80 not above the execution priority 0x40 (IRQ0's,
 * preempted but active; ...: ARMv6-M B1.5.4, ...)"), "; "-separated, into buf (truncated to size). Returns how
 * many, or -1 (buf "") when the model cannot reach the step (the ELF unreadable, the program stopped before). */
int m6_cosim_why_no_entry(const char *elf, const char *record, uint64_t step, char *buf, size_t size);

/* Reset from the vector table; the reset step is traced. TM_OK, or TM_ERR_FORMAT with err filled when the vectors
 * are not mapped. Call once, before any other call below. */
int m6_cosim_reset(m6_cosim *cs, tm_error *err);

/* What the core reports between two boundaries, applied at the boundary it came before. */
enum {
    M6_COSIM_IRQ = 1,   /* value: the IRQ lines' levels, arg: NMI's level */
    M6_COSIM_TICKS,     /* value: SysTick clock cycles (systick:cycles; ignored otherwise) */
    M6_COSIM_MEM_WRITE, /* another bus master wrote arg bytes (1, 2, 4) of value at addr */
    M6_COSIM_REG        /* the core wrote register arg (tarmac/regs.h id) with value */
};
typedef struct m6_cosim_event {
    int kind;           /* M6_COSIM_IRQ..; 0: nothing but the time (what is pending is dated with it) */
    uint64_t time;
    uint32_t value, addr;
    unsigned arg;
} m6_cosim_event;

/* One input. The lines are level-sensitive as the ARMv6-M NVIC's (a line held high pends its interrupt at each
 * boundary while it is not active, a rising one also while it is); lines and SysTick cycles with a time before
 * the entry the model followed last came before that entry cleared the entered exception's pending state and
 * merged with it; after an exception return, the lines are sampled once those of the return's time are known.
 * A register value is taken after the coming boundary for a register the model holds as UNKNOWN (the core showed
 * it), and ignored for one the model knows. */
void m6_cosim_input(m6_cosim *cs, const m6_cosim_event *in);

/* A boundary as the core reports it: an instruction retired (exception and return_addr 0) or an exception
 * entered. */
typedef struct m6_cosim_boundary {
    uint64_t time;
    unsigned exception;   /* the exception number the core entered */
    uint32_t return_addr; /* its return address; the EXC_RETURN value for a tail-chained entry */
} m6_cosim_boundary;

/* The core retired an instruction at time. The model executes the next one; but an exception that should
 * preempt and has stayed untaken for more than irq_latency instructions is taken first (a note says the core
 * missed it). next: the core's next boundary when known (NULL: none yet, or the end): an exception return
 * followed by a tail-chained entry (next->return_addr an EXC_RETURN value) leaves its frame stacked. Returns 0
 * when the model did as the core, 1 when it did otherwise (a note said why). Does nothing once stopped. */
int m6_cosim_step(m6_cosim *cs, uint64_t time, const m6_cosim_boundary *next);

/* The core entered exception entry->exception at entry->time. The model enters it when the entry is legal
 * then (pending, enabled, above the execution priority, the highest priority pending; a tail-chain into what
 * the exception return chose, or with late arrival the highest pending), or was legal at some time within the
 * decision window before (a note of kind M6_COSIM_EARLY). Otherwise a note says why it is not legal now, and the
 * model does what the architecture requires instead: it goes on with the next instruction, enters the exception
 * with the highest priority, or unstacks. A HardFault the model raises itself (a faulting instruction the core
 * did not retire, a vector read failing on late arrival) is the model's own. Returns 0 when the model did as the
 * core, 1 when it did otherwise. Does nothing once stopped. */
int m6_cosim_take(m6_cosim *cs, const m6_cosim_boundary *entry);

/* 0 while the model can go on; else it has stopped (the program exited, locked up, or its path depends on an
 * UNKNOWN value: a note said which) and makes no more golden steps. The state a comparison of the core needs is
 * in the traced records; this is what the embedding needs besides them: where the golden ends. */
int m6_cosim_stopped(const m6_cosim *cs);

/* The core stopped: unless the model has, it makes its next step, so that the golden shows where the core
 * should have gone on. */
void m6_cosim_finish(m6_cosim *cs);

/* Free the model (NULL is accepted). */
void m6_cosim_close(m6_cosim *cs);

#ifdef __cplusplus
}
#endif
#endif

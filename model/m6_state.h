/* The model's state and its internal calls, for the model's own sources (the .c files of model/) only. Users see
 * struct m6 as an opaque handle and go through model/armv6m.h; tests/repo/test_layout.sh checks that nothing
 * outside model/ includes this header. The model's sources read and write the fields directly: the executor's
 * hot path stays free of calls. */
#ifndef M6_STATE_H
#define M6_STATE_H

#include "armv6m.h"
#include "tarmac/regs.h"

/* One data access of the step being executed, in bus order (for the trace). */
typedef struct m6_access {
    uint32_t addr, data;
    uint8_t size, write;
    uint8_t unk;            /* bytes of data that are UNKNOWN (bit per byte; model/unknown.c) */
} m6_access;

/* What an instruction does to the UNKNOWN values (model/unknown.c): registers (bit per number) and flags (APSR
 * bits) that become unknown or known, registers loaded and stored in the order of the step's accesses. */
typedef struct m6_unknown_rule {
    uint32_t regs_set, regs_clr, flags_set, flags_clr;
    uint32_t bits[15];      /* of regs_set: the bits of each that are unknown (0: all of them) */
    uint32_t load, store;
    int written_known;      /* the registers the step writes besides these are known (semihosting's r0) */
} m6_unknown_rule;

/* Where the trace goes (m6_trace_to, m6_trace_to_sink). */
typedef struct m6_trace {
    tm_out *out;
    /* instead of out: every record of the trace is handed to sink (the checker's live mode builds its golden
     * steps from them) */
    void (*sink)(void *ctx, const tm_record *r);
    void *sink_ctx;
    tm_dialect dialect;
    int lean;         /* records for a consumer of steps, not of text: no disassembly (made from the opcode when
                       * needed), no time */
    int error;        /* first write error */
    tm_error err;
} m6_trace;

struct m6 {
    m6_config cfg;          /* implementation choices (model/config.h): set before m6_reset, not changed after */
    uint32_t r[16];         /* r[13] is the stack pointer in use; the other bank is in sp_other */
    uint32_t sp_other;      /* PSP while r13 is MSP, and the reverse */
    uint32_t apsr;          /* N Z C V in bits 31:28 */
    uint32_t ipsr;
    uint32_t primask, control;
    /* ARMv7-M (cfg.arch): EPSR's IT bits, the APSR's Q and GE[3:0] (bits 27, 19:16, as in the xPSR), BASEPRI,
     * FAULTMASK, the local exclusive monitor (marked address); all zero on ARMv6-M */
    uint8_t itstate;
    uint32_t qge, basepri, faultmask;
    uint32_t excl_addr;
    int excl_valid;
    uint8_t *code, *sram, *mtbram;
    uint32_t code_size, sram_size; /* the memory map's (cfg.mem_map); the arrays hold the largest map's */
    /* NVIC, SCB, SysTick */
    uint32_t irq_enable, irq_pending;
    uint8_t irq_prio[32];
    uint64_t sys_pending, active;   /* bit per exception number (system exceptions pending: NMI, SVC, PendSV, SysTick) */
    uint64_t pend_held;     /* sw_pend=barrier: pended by a store, not taken before the next DSB, ISB or exception
                             * return (bit per exception number) */
    uint8_t pri_svcall, pri_pendsv, pri_systick;
    uint32_t vtor, scr;
    uint32_t st_csr, st_rvr, st_cvr;
    /* MTB */
    uint32_t mtb_position, mtb_master, mtb_flow;
    int mtb_start;
    /* run state */
    uint64_t icount;        /* instructions retired */
    int exited, exit_code, locked_up;
    uint32_t fault_pending; /* a synchronous fault to enter after the current instruction: its return address + 1 */
    uint8_t invstate_entry; /* that fault is being entered: EPSR.T is clear (the frame's xPSR shows it) */
    uint8_t svc_executed;   /* this step's SVC pended SVCall: if it cannot be taken, it escalates to HardFault
                             * (one pended by SHCSR.SVCALLPENDED waits, as any pending exception) */
    uint32_t branch_from;   /* MTB: a taken branch in this step (address + 1), 0 if none */
    uint32_t exc_return_from; /* MTB: the step performed an exception return from this address + 1 */
    uint32_t exc_return_value;
    unsigned tail_chain_to; /* the step's exception return tail-chains into this exception (0: it unstacked) */
    /* trace of the current step: trace points at trace_to while a trace is attached, else NULL */
    m6_trace *trace;
    m6_trace trace_to;
    uint32_t reg_written;   /* bit TM_REG_<x> (tarmac/regs.h) per register the step wrote: r0-r12, r14, MSP, PSP */
    m6_access acc[48];
    unsigned nacc;
    int unstack_event;      /* the step returned to thread mode: ModeChange event before the unstack reads */
    unsigned acc_before_unstack;
    uint32_t xpsr_before, control_before, primask_before, unk_flags_before;
    const uint8_t *decode16; /* halfword -> thumb_id (tarmac/thumb.h), the executor's decode */
    uint16_t thumb_id;      /* the encoding of the last instruction executed (thumb_undefined: none matched) */
    FILE *console;          /* semihosting output */
    uint64_t steps;         /* golden steps so far: instructions and exception entries */
    /* optional observer of the MTB's packets (tests, a testbench): step = index of the step that caused it */
    void (*on_mtb_packet)(void *ctx, uint64_t step, uint32_t w0, uint32_t w1);
    void *mtb_ctx;
    /* Live mode (the checker's golden=live:, model/ARCHITECTURE.md "Live mode"): the embedding decides when
     * asynchronous exceptions are taken. m6_step then takes only synchronous ones (SVCall, faults); an exception
     * return tail-chains only when live_chain is set (the core's next step is a tail-chained entry), and the
     * chained entry is the embedding's m6_tail_chain. */
    int live, live_chain;
    uint32_t irq_lines;     /* the interrupt inputs' levels (m6_irq_lines) */
    int nmi_line;
    /* Devices the model does not have (volatile ranges): reads there take on_volatile_read's value, writes
     * there are accepted and dropped; both are traced as any access. */
    const uint32_t (*volatile_ranges)[2];
    unsigned n_volatile;
    int (*on_volatile_read)(void *ctx, uint32_t addr, unsigned size, uint32_t *val);
    void *volatile_ctx;
    /* UNKNOWN values (model/unknown.c): unk_any is nonzero while anything is unknown (the executor's slow path) */
    uint32_t unk_any;
    uint32_t unk_regs;      /* bit n: r[n] has unknown bits (r0-r14; the stack pointer never is) */
    uint32_t unk_bits[15];  /* the unknown bits of r[n]: nonzero exactly where unk_regs has bit n */
    uint32_t unk_flags;     /* APSR bits (N Z C V) that are unknown */
    uint32_t unk_bytes;     /* memory bytes with unknown bits, marked in unk_mem (code, SRAM, MTB SRAM) */
    uint8_t *unk_mem;       /* per memory byte, its unknown bits */
    m6_unknown_rule unk_ret; /* an exception return's registers from the frame, in the step (regs/flags set, clr) */
    int unk_stopped;        /* the program's path depended on an unknown value: the model stopped as if exited
                             * (exited is set too, so that the executor's fast path tests nothing more) */
    const void *post_hooks; /* after an instruction: not NULL while a trace is attached or something is unknown
                             * (a pointer, tested as the trace pointer was: one compare on the fast path) */
    char msg[256];          /* why the run stopped abnormally */
};

/* NVIC bits of the implemented external interrupts (cfg.num_irq); the others are RAZ/WI. */
static inline uint32_t m6_irq_mask(const m6 *c) { return c->cfg.num_irq >= 32 ? ~0u : (1u << c->cfg.num_irq) - 1; }

/* model/exceptions.c */
int m6_take_pending(m6 *c);         /* enter the highest-priority pending exception if it preempts */
int m6_exception_return(m6 *c, uint32_t exc_return);
void m6_fault(m6 *c, uint32_t return_addr); /* a synchronous fault of the current instruction */
/* After the instruction: a pending SVCall is entered (or escalates to HardFault), as m6_step does. */
void m6_take_synchronous(m6 *c);
/* The pending exception with the highest priority (lowest value, then lowest number), 0 when none; its priority
 * in *prio (5 when none). held = 0: one that can be taken now (not one a store pended before the barrier that
 * sw_pend=barrier waits for); held = 1: any. */
unsigned m6_highest_pending(const m6 *c, int *prio, int held);

/* model/mtb.c */
void m6_mtb_packet(m6 *c, uint32_t src, int a, uint32_t dst);
int m6_mtb_read(m6 *c, uint32_t off, uint32_t *val);
int m6_mtb_write(m6 *c, uint32_t off, uint32_t val);

/* model/semihost.c: returns 1 when the program exited */
int m6_semihost(m6 *c);

/* model/unknown.c (model/ARCHITECTURE.md, "UNKNOWN values") */
void m6_unknown_reset(m6 *c);        /* at reset: r0-r12 unknown with r_reset=unknown, nothing else */
void m6_unknown_set(m6 *c, uint32_t regs, uint32_t flags);   /* these registers (bit per number), flags unknown */
void m6_unknown_known(m6 *c, uint32_t regs, uint32_t flags); /* ... known */
unsigned m6_unknown_bytes(const m6 *c, uint32_t addr, unsigned size); /* bytes with unknown bits (bit per byte) */
uint32_t m6_unknown_bits(const m6 *c, uint32_t addr, unsigned size);  /* the unknown bits there, little-endian */
void m6_unknown_store(m6 *c, uint32_t addr, unsigned size, unsigned mask); /* bytes written: unknown by mask */
void m6_unknown_store_bits(m6 *c, uint32_t addr, unsigned size, uint32_t bits); /* ... unknown bit by bit */
/* The model stops: what (at pc) is unknown and decides the path. */
void m6_unknown_stop(m6 *c, uint32_t pc, const char *what);
/* While c->unk_any, after executing the instruction (c->thumb_id, op at pc: its accesses and registers; fault: it
 * wrote no register). Returns 1 when its path depended on an unknown value: the model stopped, the instruction
 * does not count. */
int m6_unknown_step(m6 *c, uint32_t pc, uint32_t op, int fault);
/* c->post_hooks from c->trace and c->unk_any. */
static inline void m6_post_hooks(m6 *c) { c->post_hooks = c->trace ? (const void *)c->trace : c->unk_any ? c : NULL; }
/* Exception entry: the frame's unknown bytes (bit per byte, per word), then their marks at frame_addr once stacked. */
void m6_unknown_frame(const m6 *c, uint8_t unk[8]);
void m6_unknown_stacked(m6 *c, uint32_t frame_addr, const uint8_t unk[8]);
/* Exception return (from inside the instruction): the frame's registers; -1 (stopped) when its return address or
 * exception state is unknown. */
int m6_unknown_unstacked(m6 *c, uint32_t frame_addr, uint32_t pc);

/* model/trace.c */
void m6_trace_reset(m6 *c, uint32_t pc);
void m6_trace_insn(m6 *c, uint32_t pc, uint32_t opcode, int is32, int taken); /* only when c->trace */
/* frame NULL: a tail-chained entry (no stacking; return_addr is the EXC_RETURN value); unk: the frame's unknown
 * bytes per word (NULL: none) */
void m6_trace_exception(m6 *c, unsigned n, uint32_t return_addr, int from_thread, const uint32_t frame[8],
                        const uint8_t unk[8], uint32_t frame_addr);
void m6_trace_begin_step(m6 *c); /* only when c->trace */
/* an entry's frame, stacked, whose vector read then locked up: the writes happened (records of the step before),
 * the exception was not entered */
void m6_trace_stacking(m6 *c, const uint32_t frame[8], const uint8_t unk[8], uint32_t frame_addr);

#endif

/* ARMv6-M instruction-set model: the state and the entry points shared by the model sources and their users
 * (the CLI, the tests, the SystemC wrapper). Architectural choices: model/ARCHITECTURE.md. */
#ifndef ARMV6M_H
#define ARMV6M_H

#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "tarmac/thumb.h"
#include "tarmac/writer.h"

#define M6_CODE_BASE 0x00000000u
#define M6_CODE_SIZE (256u << 10)
#define M6_SRAM_BASE 0x20000000u
#define M6_SRAM_SIZE (64u << 10)
#define M6_MTBRAM_BASE 0x24000000u
#define M6_MTBRAM_SIZE (4u << 10)
#define M6_SCS_BASE 0xE000E000u

#define M6_EXIT_LOCKUP 125   /* exit code when the core locks up */
#define M6_EXIT_MAX_INSNS 124 /* exit code when --max-insns stops the run */

/* Exception numbers. */
enum { M6_EXC_RESET = 1, M6_EXC_NMI = 2, M6_EXC_HARDFAULT = 3, M6_EXC_SVCALL = 11, M6_EXC_PENDSV = 14,
       M6_EXC_SYSTICK = 15, M6_EXC_IRQ0 = 16, M6_EXC_COUNT = 48 };

/* What the last step did (for tests and the SystemC wrapper). */
enum { M6_STEP_INSN = 1, M6_STEP_EXCEPTION = 2, M6_STEP_EXIT = 3, M6_STEP_LOCKUP = 4 };

/* One data access of the step being executed, in bus order (for the trace). */
typedef struct m6_access {
    uint32_t addr, data;
    uint8_t size, write;
} m6_access;

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

typedef struct m6 {
    m6_config cfg;          /* implementation choices (model/config.h): set before m6_reset, not changed after */
    uint32_t r[16];         /* r[13] is the stack pointer in use; the other bank is in sp_other */
    uint32_t sp_other;      /* PSP while r13 is MSP, and the reverse */
    uint32_t apsr;          /* N Z C V in bits 31:28 */
    uint32_t ipsr;
    uint32_t primask, control;
    uint8_t *code, *sram, *mtbram;
    /* NVIC, SCB, SysTick */
    uint32_t irq_enable, irq_pending;
    uint8_t irq_prio[32];
    uint64_t sys_pending, active;   /* bit per exception number (system exceptions pending: NMI, SVC, PendSV, SysTick) */
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
    uint32_t branch_from;   /* MTB: a taken branch in this step (address + 1), 0 if none */
    uint32_t exc_return_from; /* MTB: the step performed an exception return from this address + 1 */
    uint32_t exc_return_value;
    unsigned tail_chain_to; /* the step's exception return tail-chains into this exception (0: it unstacked) */
    /* trace of the current step */
    m6_trace *trace;
    uint32_t reg_written;   /* bit per register (0-15), bit 16 = MSP, 17 = PSP written */
    m6_access acc[48];
    unsigned nacc;
    int unstack_event;      /* the step returned to thread mode: ModeChange event before the unstack reads */
    unsigned acc_before_unstack;
    uint32_t xpsr_before, control_before, primask_before;
    const uint8_t *decode16; /* halfword -> thumb_id (tarmac/thumb.h), the executor's decode */
    uint8_t thumb_id;       /* the encoding of the last instruction executed (thumb_undefined: none matched) */
    FILE *console;          /* semihosting output */
    uint64_t steps;         /* golden steps so far: instructions and exception entries */
    /* optional observer of the MTB's packets (tests, a testbench): step = index of the step that caused it */
    void (*on_mtb_packet)(void *ctx, uint64_t step, uint32_t w0, uint32_t w1);
    void *hook_ctx;
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
    char msg[256];          /* why the run stopped abnormally */
} m6;

/* model/cpu.c */
void m6_set_reg(m6 *c, unsigned n, uint32_t v); /* a register write of the current step (traced) */
m6 *m6_create(void);
void m6_destroy(m6 *c);
/* model/elf.c: the program's PT_LOAD segments into memory (after the configuration is set: the memory map depends
 * on it). Returns TM_OK; or the ELF reader's TM_ERR_IO / TM_ERR_FORMAT, or TM_ERR_FORMAT for a segment outside
 * the memory map, with err (when not NULL) naming the file. */
int m6_load_elf(m6 *c, const char *path, tm_error *err);
/* From the vector table. Returns TM_OK, or TM_ERR_FORMAT when the vectors are not mapped (err says so). */
int m6_reset(m6 *c, tm_error *err);
int m6_step(m6 *c);               /* one instruction (and the exception entry that follows it) -> M6_STEP_* */
/* steps until the program exits, locks up or has retired max_insns instructions (0: no limit) -> the last M6_STEP_* */
int m6_run(m6 *c, uint64_t max_insns);
uint32_t m6_xpsr(const m6 *c);
uint32_t m6_msp(const m6 *c);
uint32_t m6_psp(const m6 *c);

/* model/mem.c: the bus as the CPU sees it. Return 0, or -1 on a bus error. */
int m6_read(m6 *c, uint32_t addr, unsigned size, uint32_t *val);
int m6_write(m6 *c, uint32_t addr, unsigned size, uint32_t val);
/* backdoor access for the loader, semihosting and tests (no side effects, no trace) */
uint8_t *m6_mem_ptr(m6 *c, uint32_t addr, uint32_t len);

/* model/exceptions.c */
int m6_exec_priority(const m6 *c);
void m6_set_pending(m6 *c, unsigned n);
int m6_take_pending(m6 *c);         /* enter the highest-priority pending exception if it preempts */
int m6_enter_exception(m6 *c, unsigned n, uint32_t return_addr);
int m6_exception_return(m6 *c, uint32_t exc_return);
void m6_tail_chain(m6 *c);          /* the boundary after an exception return that did not unstack */
void m6_fault(m6 *c, uint32_t return_addr); /* a synchronous fault of the current instruction */
/* One SysTick clock: the step calls it with systick=insn; with systick=cycles the embedding calls it per cycle. */
void m6_systick_tick(m6 *c);
/* Live mode (model/live.c). */
int m6_priority(const m6 *c, unsigned n); /* -3 reset, -2 NMI, -1 HardFault, else 0..3 (the field >> 6) */
int m6_is_pending(const m6 *c, unsigned n); /* pending and, for an IRQ, enabled */
/* The interrupt inputs changed to these levels: a rising IRQ line or NMI pends it (also while it is active). */
void m6_irq_lines(m6 *c, uint32_t lines, int nmi);
/* The same, for levels the NVIC sampled before the entry of exception n (just taken) cleared its pending state:
 * a rise of n's own input then merged with that pending state and does not pend n again. */
void m6_irq_lines_before_entry(m6 *c, uint32_t lines, int nmi, unsigned n);
/* n SysTick clocks (systick=cycles) that came before the entry of SysTick, just taken, cleared its pending state:
 * the count reaching 0 among them merged with that pending state and does not pend SysTick again. */
void m6_systick_ticks_before_entry(m6 *c, uint32_t n);
/* An instruction boundary: an IRQ line held high pends its interrupt unless it is active (level-sensitive). */
void m6_irq_sample(m6 *c);
/* 0 when exception n may be entered now (pending, enabled, above the execution priority); else 1 with why in
 * buf: "not pending", "disabled", "masked by PRIMASK", "priority 0x80 not above the execution priority 0x40 (in
 * IRQ3)". */
int m6_entry_illegal(const m6 *c, unsigned n, char *buf, size_t size);
/* The pending exception that preempts now with the highest priority (lowest number on a tie), 0 when none. */
unsigned m6_preempting(const m6 *c);
/* After the instruction: a pending SVCall is entered (or escalates to HardFault), as m6_step does. */
void m6_take_synchronous(m6 *c);

/* NVIC bits of the implemented external interrupts (cfg.num_irq); the others are RAZ/WI. */
static inline uint32_t m6_irq_mask(const m6 *c) { return c->cfg.num_irq >= 32 ? ~0u : (1u << c->cfg.num_irq) - 1; }
int m6_scs_read(m6 *c, uint32_t addr, uint32_t *val);
int m6_scs_write(m6 *c, uint32_t addr, uint32_t val);

/* model/mtb.c */
void m6_mtb_packet(m6 *c, uint32_t src, int a, uint32_t dst);
int m6_mtb_read(m6 *c, uint32_t off, uint32_t *val);
int m6_mtb_write(m6 *c, uint32_t off, uint32_t val);

/* model/semihost.c: returns 1 when the program exited */
int m6_semihost(m6 *c);

/* model/disasm.c: GNU objdump syntax, e.g. "movs r0, #22". Returns the length. */
int m6_disasm(uint32_t pc, uint32_t opcode, int is32, char *buf, size_t size);

/* model/trace.c */
void m6_trace_reset(m6 *c, uint32_t pc);
void m6_trace_insn(m6 *c, uint32_t pc, uint32_t opcode, int is32, int taken); /* only when c->trace */
/* frame NULL: a tail-chained entry (no stacking; return_addr is the EXC_RETURN value) */
void m6_trace_exception(m6 *c, unsigned n, uint32_t return_addr, int from_thread, const uint32_t frame[8],
                        uint32_t frame_addr);
void m6_trace_begin_step(m6 *c); /* only when c->trace */

#endif

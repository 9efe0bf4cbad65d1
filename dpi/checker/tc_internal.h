/* Internal state of the lockstep checker, shared by tc_*.c. */
#ifndef TARMAC_TC_INTERNAL_H
#define TARMAC_TC_INTERNAL_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#include "tarmac/checker.h"
#include "tarmac/elf.h"
#include "tarmac/reader.h"
#include "tarmac/thumb.h"

#define TC_MAX_REGS 40  /* register records in one golden step */
#define TC_MAX_MEM 40   /* data memory records in one golden step */
#define TC_MAX_FLOW 4   /* FD/FI records in one golden step */
#define TC_MAX_STEP_PACKETS TC_MAX_FLOW /* expected MTB packets of one step: one per FD/FI, else at most 2 */

#define TC_DISASM_LEN 48 /* a golden instruction's disassembly kept for reports (option elf=) */
#define TC_ADDR_TEXT 96  /* "%08x <function+0x...>" */

#define TC_MAX_BUS_IGNORE 16
#define TC_MAX_BUS_IGNORE_TEXT "16"

/* The parsed options (tc_options.c holds the table of keys, defaults and meanings). */
/* Path options have any length: allocated, never NULL after tc_parse_options ("" when not given), freed by
 * tc_options_free. */
typedef struct tc_options {
    char *golden;
    char *report_path;
    char *elf;             /* the program's ELF: symbolized reports */
    unsigned context, max_errors, bus_window;
    uint32_t mtb_base;
    uint32_t mtb_sram_size;  /* a power of two: packets go to POSITION.POINTER modulo it */
    uint32_t ignore_mask;  /* bit per register id */
    int quiet;
    int cpu;               /* -1 = all */
    int snapshot;          /* regs=snapshot */
    int bus, mtb;          /* the streams that are on */
    int data_beats;        /* TC_DATA_BEATS_*: how data beats are told from fetches and vector reads */
    uint32_t bus_ignore[TC_MAX_BUS_IGNORE][2]; /* inclusive address ranges left out of the bus stream */
    unsigned n_bus_ignore;
    char model[1024];      /* the declared configuration, "key:value;..." of every model= in order (validated) */
    char *golden_out;      /* live mode: write the golden the model produced here */
    unsigned irq_latency;  /* live mode: instructions a legal pending exception may stay untaken */
    unsigned decision_window; /* live mode: time before an entry's call the core may have decided it */
    unsigned systick_window;  /* SysTick inside the core: SYST_CVR counts a read's register may differ by (0 = off) */
    uint32_t volatile_ranges[TC_MAX_BUS_IGNORE][2]; /* live mode: reads here take the RTL's value */
    unsigned n_volatile;
    char *coverage;        /* option coverage=: the functional coverage file written at finish (tc_coverage.h) */
    char *ledger;          /* option ledger=: the machine-readable verdict written when the run ends (tc_ledger.c) */
    int lenient;           /* lenient=1: golden lines that cannot be read are skipped and counted */
    unsigned profile;      /* option profile=: TM_PROFILE_* the golden may contain (default ARMv6-M) */
    unsigned golden_wait_ms; /* a golden that is a FIFO may take this long to give its first byte */
    int off;               /* tc_open_with's TC_OPEN_OFF: nothing compared, the golden not read, verdict OFF */
} tc_options;

typedef struct tc_gmem {
    uint32_t addr, data;
    uint8_t size, write, error, matched;
    uint8_t unknown;       /* the golden does not know the data (digits x, X or -): matched, not compared */
    uint64_t line;
} tc_gmem;

typedef struct tc_greg {
    int8_t id;             /* TM_REG_*, TM_REG_SP resolved when applied; TM_REG_PC: a PC record (tc_pc_records) */
    uint8_t unknown;       /* the golden does not know the value written (digits x, X or -): not compared */
    uint32_t value;
    uint32_t mask;         /* the bits the record gives: all, or an xPSR alias's fields (APSR, IPSR, EPSR) */
    char name[12];         /* the name as written (cut), for the error when two aliases conflict */
    uint64_t line;
} tc_greg;

/* A register's value after the record g: the bits g gives, the others as they were. */
static inline uint32_t tc_greg_merge(uint32_t old, const tc_greg *g) { return (old & ~g->mask) | (g->value & g->mask); }

/* What the comparison leaves out field by field, for the summary line and the ledger (tc_compare_fields.c). */
typedef struct tc_field_counts {
    uint64_t pc_records;   /* PC records not compared: no next step, or one whose address the golden does not give */
    uint64_t xpsr_partial; /* xPSR comparisons of the fields the golden's aliases gave, the other bits not compared */
    uint64_t error_unmatched; /* ERROR responses to beats the golden has no access for: their status not compared */
} tc_field_counts;

enum { TC_STEP_RESET, TC_STEP_INSN, TC_STEP_EXC };

typedef struct tc_step {
    uint64_t index;        /* 0 = reset step */
    uint64_t line;         /* golden line that opened the step */
    uint8_t kind;
    uint8_t status;        /* tm_insn_status */
    uint8_t is32;
    uint8_t opcode_unknown; /* the golden wrote the opcode as dashes (the fetch failed): not compared */
    int8_t handler;        /* mode of the instruction: 1 handler, 0 thread, -1 not written */
    uint32_t pc, opcode;
    uint8_t has_number, has_return, has_exc_event;
    uint8_t to_thread;     /* the step returns from an exception to Thread mode (a mode change to thread) */
    uint32_t exc_number, exc_return;
    uint8_t nregs, nmem, nflow;
    uint8_t unmatched;     /* memory records not yet matched by a beat */
    uint32_t flow_src[TC_MAX_FLOW], flow_dst[TC_MAX_FLOW];
    /* the step's records, contiguous in the register and memory pools (filled in golden order, so that the
     * comparison reads the ring and both pools front to back) */
    tc_greg *regs;
    tc_gmem *mem;
    uint64_t reg_first, mem_first; /* pool positions of regs[0] and mem[0] */
} tc_step;

/* data_beats=: hprot: HPROT[0] = 1 is data; all: every beat passed is data; golden: every beat may be data, and
 * a read the golden does not expect is taken as an instruction fetch or vector read (counted in the summary) */
enum { TC_DATA_BEATS_HPROT, TC_DATA_BEATS_ALL, TC_DATA_BEATS_GOLDEN };

/* What made an expected packet (tc_mtb_expect.c), for the coverage of the packets compared. */
enum { TC_PKT_BRANCH, TC_PKT_EXC_ENTRY, TC_PKT_EXC_RETURN, TC_PKT_EXC_RETURN_TO, TC_PKT_TAIL_CHAIN };
enum { TC_PKT_WRAP = 1, TC_PKT_AUTOSTOP = 2, TC_PKT_AUTOHALT = 4 }; /* what writing it did to the MTB */

typedef struct tc_packet {
    uint32_t w0, w1;
    uint8_t kind, events;  /* TC_PKT_* */
    uint32_t pointer;      /* POSITION.POINTER the MTB writes it at (the golden's MTB state before the packet) */
    uint64_t step;         /* golden step that caused it */
    uint64_t line;
} tc_packet;

enum { TC_EV_REG, TC_EV_BEAT, TC_EV_PACKET, TC_EV_RETIRE, TC_EV_EXC, TC_EV_SNAPSHOT, TC_EV_IRQ, TC_EV_TICKS, TC_EV_MEMW };
typedef struct tc_event {
    uint8_t kind;
    uint8_t a, b, c;       /* reg id / write, size, resp / is32, cond / nmi / size */
    uint32_t x, y, z;      /* value / addr, data, prot / pc, opcode / irq lines / ticks / addr, data */
    uint64_t time;
} tc_event;

/* The golden side (tc_golden.c): a thread of its own reads the golden, builds steps into the ring and derives the
 * expected MTB packets (tc_mtb_expect.c), ahead of the comparison. Only that thread touches these fields. */
/* A golden field tc_golden_fields.c refuses: its column in the line (0: none) and why. */
typedef struct tc_field_bad {
    uint32_t column;
    char msg[600];
} tc_field_bad;

typedef struct tc_golden_side {
    tm_reader *reader;
    uint64_t made;         /* steps [0, made) are complete */
    int building;          /* ring[made] is being filled */
    int saw_flow;          /* the golden has FD/FI lines: branch packets come from them */
    uint32_t ahead[TM_REG_COUNT];      /* golden registers as the steps are built */
    int mtb_enabled, mtb_start;
    uint32_t mtb_position, mtb_master, mtb_flow;
    uint64_t pkt_made;     /* expected packets [0, pkt_made) are written */
    uint64_t reg_pos, mem_pos;         /* next free pool positions (monotonic; index & (pool_cap - 1)) */
    uint64_t pkt_tail_seen;            /* the comparison's pkt_tail, as last read */
    uint64_t oldest_seen;              /* the comparison's oldest, as last read */
    uint64_t reg_held, mem_held;       /* pool positions of that step's records */
    uint64_t line;                     /* golden line of the record being added */
    tc_field_bad bad;                  /* the field refused last (tc_golden_fields.c) */
} tc_golden_side;

/* The first failure of the run, for the ledger: a mismatch, a failure of the check itself, or the rule that a run
 * which compared too little fails. */
enum { TC_FIRST_NONE, TC_FIRST_MISMATCH, TC_FIRST_ERROR, TC_FIRST_VACUOUS };
typedef struct tc_first {
    int kind;              /* TC_FIRST_* */
    const char *stream;    /* "instruction", "register", "bus", "mtb", "golden", "config", "api", "output", "live" */
    char field[32];        /* register name, "pc", "opcode", "data", ... ("" when none) */
    uint64_t step, line;   /* golden step and line (line 0: none) */
    int has_pc;
    uint32_t pc;           /* the step's pc (an exception entry: its return address) */
    char headline[320];
} tc_first;

/* Live mode's notes: why the model did otherwise than the RTL (an illegal entry, a missed exception, an unknown
 * value, a volatile read), each with the golden step it belongs to. tc_live.c writes them; a mismatch's report
 * prints those of its steps (tc_report_notes), finish the rest. The first TC_NOTES are kept: they explain the
 * first mismatches. */
#define TC_NOTES 8
typedef struct tc_note {
    uint64_t step;         /* the golden step the cause belongs to */
    char text[400];
} tc_note;
typedef struct tc_notes {
    tc_note note[TC_NOTES];
    unsigned n;
    /* the last read the model took from the RTL's bus in a volatile range: a mismatch at its step names it (the
     * golden's value is then the bus's, so a register that differs was changed between the bus and the register) */
    int vr_valid;
    uint64_t vr_step;
    uint32_t vr_addr, vr_val;
    unsigned vr_size;
} tc_notes;

typedef struct tc_golden_sync tc_golden_sync; /* tc_golden.c: the hand-over between the two threads */
/* A golden register not compared, by its name as written, and its lines (the ledger's registers_by_name). */
enum { TC_MAX_UNCOMPARED_REGS = 64 };
typedef struct tc_uncompared_reg {
    char name[48];
    uint64_t lines;
} tc_uncompared_reg;
typedef struct tc_live tc_live;               /* tc_live.c: the model inside the checker (golden=live:) */
typedef struct tc_cov tc_cov;                 /* tc_coverage.c: the bins of option coverage= */

struct tc_checker {
    tc_options o;
    tc_golden_sync *sync;
    /* golden steps: ring indexed by step index & (ring_cap - 1); every ring capacity is a power of two.
     * The comparison sees steps [oldest, complete): complete grows only as far as the comparison asks
     * (tc_golden_fill), whatever the golden thread has made, so that verdicts and reports never depend on
     * how far ahead that thread runs. */
    tc_step *ring;
    unsigned ring_cap;
    tc_greg *reg_pool;     /* the steps' register and memory records (tc_step.regs, .mem) */
    tc_gmem *mem_pool;
    unsigned pool_cap;
    uint64_t complete;     /* steps [0, complete) are complete */
    uint64_t cursor;       /* next golden step to compare */
    uint64_t oldest;       /* oldest step still held */
    int golden_eof;        /* complete is the last step of the golden */
    uint64_t end_line;     /* the golden's last line (when golden_eof) */
    uint64_t made_seen, pkt_made_seen; /* what the golden thread had published when last read */
    uint64_t intact_through;           /* golden lines [1, intact_through] are in intact gzip members */
    int done_seen;
    uint64_t oldest_handed, pkt_tail_handed; /* what was handed back to it last */
    /* shadow register files */
    uint32_t gold[TM_REG_COUNT], rtl[TM_REG_COUNT];
    uint32_t gold_known, rtl_known;    /* registers whose value is known (ever written) */
    uint32_t gold_ever;                /* registers the golden ever gave a value (the ledger) */
    int systick_reg;                   /* systick_window: 1 + the register a SYST_CVR read of the steps being
                                        * compared wrote; 0 none */
    uint32_t shown_ever;               /* regs=snapshot: registers the RTL ever showed (the ledger) */
    uint32_t rtl_written;              /* written by the RTL in the step being built */
    uint32_t gold_xpsr_bits;           /* the bits of the golden's xPSR known (its aliases give fields of it) */
    uint32_t known_before;             /* gold_known when the step being closed began: a first write is in it */
    int pc_record_due;                 /* the last step closed has a PC record, compared at the next close */
    tc_field_counts nf;
    int snap_due;                      /* regs=snapshot: a step closed, its snapshot has not come yet */
    uint64_t snap_first, snap_last;    /* the golden steps that close took */
    int8_t gold_handler;               /* mode of the last compared instruction */
    int abandon_unstack;               /* the model's abandon_unstack (declared, else the golden's record) */
    uint64_t abandoned_for;            /* the tail-chained entry (index + 1) whose frame reads are being counted */
    unsigned abandoned_n;              /* ... how many */
    /* expected MTB packets: the golden thread writes [pkt_tail, gs.pkt_made); the comparison sees
     * [pkt_tail, pkt_head), those of the steps it sees */
    tc_packet *pkts;
    unsigned pkt_cap;
    uint64_t pkt_head, pkt_tail;
    /* option elf=: the program's symbols, and each ring step's golden disassembly (written by the golden thread
     * with the step) */
    tm_elf *elf;
    char (*disasm)[TC_DISASM_LEN];
    /* RTL events for the report */
    tc_event *events;
    unsigned ev_cap;
    uint64_t ev_count;
    uint64_t time;
    tc_counters n;
    tc_cov *cov;                       /* option coverage=: counted as the steps, beats and packets compare */
    int failed;                        /* TC_FAILED seen: refuse further calls */
    int finished;
    int finish_rc;                     /* what tc_finish returned (a second call returns it again) */
    tc_first first;                    /* the first failure, for the ledger */
    int ledger_written;
    /* report text (grows; only touched when something is reported) */
    char *report;
    size_t report_len, report_cap;
    size_t report_read;  /* tc_report_unread has handed out report[0, report_read) */
    int report_lost;     /* the report file could not be written (said in the report) */
    tc_live *live;                     /* live mode: the model and the calls held until its golden steps exist */
    tc_notes notes;                    /* live mode: the causes the reports print */
    /* the golden thread's fields on cache lines of their own (the checker is allocated 64-byte aligned) */
    _Alignas(64) tc_golden_side gs;
};

/* Errors: a call that takes a tm_error * fills it (tm_error_set) and returns its status, TM_OK = 0 on success
 * (tarmac/error.h); the comparison's calls return TC_OK / TC_FAILED with the report written (tc_fail).
 * tc_options.c */
int tc_parse_options(tc_options *o, const char *golden, const char *text, const char *const keys[],
                     const char *const values[], size_t n, tm_error *err);
/* Set a path option to a copy of v (any length). TM_OK, or TM_ERR_IO (out of memory) with *field unchanged. */
int tc_option_path(char **field, const char *v, tm_error *err);
void tc_options_free(tc_options *o);

/* tc_outputs.c: the checker's output files (report=, coverage=, golden_out=, ledger=), written whole (tarmac/outfile.h).
 * At open: none of them is an input (the golden, live mode's ELF, elf=) or another of them, and each can be
 * created: TM_OK, or err naming the paths. tc_inputs: the inputs as a NULL-terminated list (in: 4 entries), for
 * the writes. */
int tc_outputs_check(const tc_checker *c, tm_error *err);
const char *const *tc_inputs(const tc_checker *c, const char *in[4]);

/* tc_config.c: model=: check the keys and values of "key:value;..." with the model's table (model/config.h) and
 * add them to o->model; a later key overrides. Errors name the key and the value. */
int tc_model_declare(tc_options *o, const char *text, tm_error *err);
/* At open, before the first step: compare every declared key with the golden's recorded configuration (its
 * gzip comment). Returns 0 (match; or no record: a note in the report), or TM_ERR_ARG with err naming the golden,
 * the keys and both values. */
int tc_config_check(tc_checker *c, tm_error *err);
/* At open: the golden's record (its gzip comment "key=value,...") gives each key once: 0, or TM_ERR_FORMAT with err
 * naming the golden, the key and the two places in the comment (a record has no line: a key twice would leave
 * which value holds to the reader). */
int tc_record_check(tc_checker *c, tm_error *err);
/* The configuration choices the comparison follows (c->abandon_unstack), from the declared model= or, for what it
 * does not declare, the golden's record; at open, after tc_config_check (live mode: the declaration only). */
void tc_config_follow(tc_checker *c);

/* At open, with elf= (or +tarmac_elf) given: the program identity the golden records (its gzip comment's
 * program=<hash>, model/armv6m.h m6_golden_record) against the ELF's (tm_elf_image_hash). Returns 0 (the same
 * program; or no record: a note in the report), or an error naming the golden, the ELF and both identities. */
int tc_program_check(tc_checker *c, tm_error *err);

/* Whether accesses at addr take part in the bus stream (bus=1 and outside every bus_ignore range). */
static inline int tc_bus_compared(const tc_options *o, uint32_t addr)
{
    if (!o->bus) return 0;
    for (unsigned i = 0; i < o->n_bus_ignore; i++)
        if (addr >= o->bus_ignore[i][0] && addr <= o->bus_ignore[i][1]) return 0;
    return 1;
}

/* tc_golden.c: start the golden thread (ring, pools and packets allocated): TM_OK, or err's status with err
 * filled (the golden unreadable, out of memory); stop it (joins it, closes the reader). */
int tc_golden_start(tc_checker *c, tm_error *err);
void tc_golden_stop(tc_checker *c);
/* At open: read the first steps. TM_OK; or err filled when the golden is unreadable there (its error, file:line:
 * column) or holds no instruction or exception at all (empty, comments only, no step to compare). */
int tc_golden_first(tc_checker *c, tm_error *err);
/* Make steps [0, upto) complete and seen (or reach the golden's end), waiting for the golden thread if it is
 * behind; hands the steps before oldest back to it. Returns TC_OK or TC_FAILED (report written: an
 * unreadable golden with file:line). */
int tc_golden_fill(tc_checker *c, uint64_t upto);
/* Live mode (tc_live.c): the steps are built on the caller's thread from the model's records, each with its line
 * number in the golden text; tc_golden_end ends the golden (last_line: its last line). */
int tc_golden_live_start(tc_checker *c, tm_error *err);
int tc_golden_add(tc_checker *c, const tm_record *r, uint64_t line);
void tc_golden_end(tc_checker *c, uint64_t last_line);
const char *tc_golden_error(const tc_checker *c); /* why tc_golden_add failed */
/* Before a mismatch at golden line `line` is reported: the gzip member that holds the line is intact (a value read
 * from a damaged member is no evidence against the RTL). TC_OK, or TC_FAILED with the gzip error reported instead. */
int tc_golden_intact(tc_checker *c, uint64_t line);
/* The steps the golden holds, read to its end: for after the comparison (every step is handed back, the ring's
 * contents are gone). -1 when the golden cannot be read to its end. */
int64_t tc_golden_total(tc_checker *c);
/* The golden's register lines not compared so far, by name, into out (TC_MAX_UNCOMPARED_REGS entries); *more:
 * the lines of names beyond the table. Returns the names. Safe while the golden thread runs. */
size_t tc_golden_uncompared(tc_checker *c, tc_uncompared_reg *out, uint64_t *more);
static inline tc_step *tc_step_at(tc_checker *c, uint64_t index) { return &c->ring[index & (c->ring_cap - 1)]; }

/* tc_mtb_expect.c, on the golden thread: derive the packets of step s (its successor next is complete; at most
 * TC_MAX_STEP_PACKETS) and follow MTB register writes; called once per step in golden order as steps complete. */
void tc_mtb_step(tc_checker *c, const tc_step *s, const tc_step *next);
/* The data of the step's n-th read (from 0), in the golden's order. */
static inline int tc_step_nth_read(const tc_step *s, unsigned n, uint32_t *v)
{
    unsigned reads = 0;
    for (unsigned i = 0; i < s->nmem; i++) {
        if (s->mem[i].write) continue;
        if (reads++ == n) {
            *v = s->mem[i].data;
            return 1;
        }
    }
    return 0;
}
/* The value a BX Rm or POP {..,pc} step writes to the PC, from the registers before it (BX) or its memory read of
 * the PC (POP); 0 for any other instruction. */
static inline int tc_bx_pop_value(const uint32_t regs[TM_REG_COUNT], const tc_step *s, uint32_t *v)
{
    thumb_id id = thumb_decode(s->opcode, s->is32);
    if (id == thumb_bx_t1) {
        unsigned m = thumb_rm4(s->opcode);
        *v = m < TM_REG_COUNT ? regs[m] : 0;
        return 1;
    }
    if (id == thumb_pop_t1 && (thumb_pop_registers(s->opcode) >> 15)) /* the PC is the last popped word */
        return tc_step_nth_read(s, (unsigned)__builtin_popcount(thumb_register_list(s->opcode)), v);
    return 0;
}
/* A golden exception return: a handler-mode BX / POP {pc} that executes and writes a valid EXC_RETURN (0xFFFFFFF1,
 * 0xFFFFFFF9, 0xFFFFFFFD) to the PC, given the golden registers before it; its EXC_RETURN in *v. Any other
 * 0xFxxxxxxx value faults there: no return, no packet. */
static inline int tc_step_exc_return(const uint32_t regs[TM_REG_COUNT], const tc_step *s, uint32_t *v)
{
    return s->kind == TC_STEP_INSN && s->status == TM_INSN_IT && s->handler == 1 &&
           thumb_writes_pc(s->opcode, s->is32) && tc_bx_pop_value(regs, s, v) &&
           (*v == 0xFFFFFFF1u || *v == 0xFFFFFFF9u || *v == 0xFFFFFFFDu);
}
/* An exception entry by tail-chaining: no stacking, the return address it shows is the EXC_RETURN value of the
 * exception return before it (model/ARCHITECTURE.md). */
static inline int tc_step_tail_chained(const tc_step *s)
{
    return s->kind == TC_STEP_EXC && s->has_return && s->exc_return >= 0xF0000000u;
}
/* The stack pointer a step writes (SP, MSP or PSP), if any: an exception entry that stacks a frame writes it. */
static inline int tc_step_sp(const tc_step *s, uint32_t *sp)
{
    int found = 0;
    for (unsigned i = 0; i < s->nregs; i++)
        if (s->regs[i].id == TM_REG_SP || s->regs[i].id == TM_REG_MSP || s->regs[i].id == TM_REG_PSP) {
            *sp = s->regs[i].value;
            found = 1;
        }
    return found;
}
/* tc_step_tail_chained, told apart from an entry that stacks a frame although its return address is 0xFxxxxxxx
 * (a fault on the fetch from an EXC_RETURN address, blx_handler): only the tail-chained one leaves SP alone.
 * For the coverage of what was compared. */
static inline int tc_step_chained_entry(const tc_step *s)
{
    uint32_t sp;
    return tc_step_tail_chained(s) && !tc_step_sp(s, &sp);
}

/* tc_abandoned.c: whether the RTL's word write of addr = value, with no golden access, is a write of the store
 * multiple (PUSH, STM) at the return address of the golden's entry x that the core abandoned for the entry
 * (ARMv6-M restarts it after the return): x has stacked nothing yet, the instruction (from the ELF) writes addr,
 * and value is the golden's register stored there when it is known. Counted (abandoned_writes) when it is. */
int tc_abandoned_write(tc_checker *c, const tc_step *x, uint32_t addr, unsigned size, uint32_t value);

/* tc_golden_fields.c, on the golden thread: the fields of a record the profile fixes, for tc_golden.c, which
 * makes a refusal the golden's error at its line and counts what is left out. A refusal is said in c->gs.bad and
 * TC_FAILED returned. tc_golden_addr_wide: an address (what: "instruction", "data", ...) wider than ARMv6-M's 32
 * bits, refused (tc_golden.c tests the width of every address inline). tc_golden_reg: a register record into
 * step s: a register of the profile (an xPSR alias as its fields of xPSR, a PC record as TM_REG_PC), its value
 * within the alias's fields, no conflict with a record of the same register under another name in the step.
 * TC_OK, TC_FAILED, or TC_FIELD_LEFT_OUT for a register the comparison does not hold (foreign, or outside
 * ARMv6-M's core: counted by name); a system operation is TC_OK, nothing added. */
enum { TC_FIELD_LEFT_OUT = -1 };
int tc_golden_addr_wide(tc_checker *c, const tm_addr *a, const char *what);
int tc_golden_reg(tc_checker *c, tc_step *s, const tm_reg *rg);

/* tc_compare_fields.c, on the comparison's thread: the fields beside PC, opcode and register values.
 * tc_golden_write: a golden record g of register id (resolved) into the golden shadow.
 * tc_compared_bits: the bits of register id the golden knows, compared (counted when only some are).
 * tc_first_write_elsewhere: 1 when the golden writes id first in the close being compared, and the RTL did not
 * write it there but in an earlier step (register writes mode).
 * tc_pc_records: the PC records of steps [first - 1, idx) against the next step's address: the RTL's (addr)
 * for idx, else the golden's; then notes whether step idx has one, for the next close.
 * tc_entry_not_reported: the golden step entered (an exception entry) passed at the RTL's retire at pc: a mismatch.
 * tc_fetch_fault: the golden's instruction step idx faulted on its fetch (IE) and the RTL retired it.
 * tc_beat_response: the RTL's beat (resp: ERROR) matched the golden access m of step k: the fault status
 * compared (an aborted access's data is not). tc_error_unmatched: an ERROR beat the golden has no access for.
 * tc_fields_summary: what the fields left out, for the summary line's "not compared" list (sep: its separator,
 * updated); "" when nothing. */
void tc_golden_write(tc_checker *c, int id, const tc_greg *g);
uint32_t tc_compared_bits(tc_checker *c, int id);
const char *tc_bits_note(const tc_checker *c, int id, char *buf, size_t size);
int tc_first_write_elsewhere(const tc_checker *c, int id, int gold_now, int rtl_now);
int tc_pc_records(tc_checker *c, uint64_t first, uint64_t idx, uint32_t addr);
int tc_entry_not_reported(tc_checker *c, uint64_t entered, uint64_t idx, uint32_t pc, uint32_t opcode, int is32);
int tc_fetch_fault(tc_checker *c, uint64_t idx);
int tc_beat_response(tc_checker *c, uint64_t k, const tc_gmem *m, uint32_t addr, int write, unsigned size, int resp);
int tc_error_unmatched(tc_checker *c);
const char *tc_fields_summary(const tc_checker *c, const char **sep, char *buf, size_t size);
/* The i-th of the golden's fields no stream compares with the RTL (the ledger's not_compared.fields), NULL past
 * the last. */
const char *tc_field_never_compared(size_t i);

/* tc_session.c: tc_finish's end-of-test checks and summary (once). */
int tc_finish_now(tc_checker *c);
/* Free everything of a checker (stopping its threads), writing its ledger first when tc_finish did not run.
 * TC_OK, or TC_FAILED when that ledger could not be written. */
int tc_free(tc_checker *c);

/* tc_handles.c: the handles open in this process (at most TC_MAX_HANDLES), so that a call with a freed one is
 * refused without reading it. add: 0, or -1 when full; remove: 0, or -1 when c was not open; open: 1 when c is. */
#define TC_MAX_HANDLES 1024
int tc_handle_add(tc_checker *c);
int tc_handle_remove(const tc_checker *c);
extern _Atomic(tc_checker *) tc_handle_slots[TC_MAX_HANDLES];
extern atomic_uint tc_handles_used; /* slots [0, tc_handles_used) have been used */
static inline int tc_handle_open(const tc_checker *c) /* inline: every call asks */
{
    unsigned n = atomic_load_explicit(&tc_handles_used, memory_order_acquire);
    for (unsigned i = 0; c && i < n; i++)
        if (atomic_load_explicit(&tc_handle_slots[i], memory_order_acquire) == c) return 1;
    return 0;
}

/* tc_live.c: live mode. open: the model on the ELF of golden "live:<elf>", configured by model=, its golden
 * steps built as a file's; call: hold one call, let the model follow the closes it can, compare the held calls
 * whose golden steps exist; finish: the model's golden ends, every held call is compared. The live rules' causes
 * go to c->notes, which the reports print. */
int tc_live_open(tc_checker *c, tm_error *err);
int tc_live_call(tc_checker *c, const tc_event *e);
int tc_live_snapshot(tc_checker *c, const uint32_t regs[TM_REG_COUNT], uint32_t valid); /* regs=snapshot: held */
unsigned tc_live_early_entries(const tc_checker *c); /* entries accepted as decided earlier (decision_window) */
int tc_live_finish(tc_checker *c);
void tc_live_close(tc_checker *c);

/* tc_ledger.c: write the ledger (option ledger=) once, golden_steps: the steps the golden holds, -1 when unknown.
 * Returns TM_OK (also when the option is not given), or err's status with err filled. */
int tc_ledger_write(tc_checker *c, int64_t golden_steps, tm_error *err);
/* The verdict of what the run has seen so far: "PASS"; "FAIL": a mismatch, or too little compared (tc_vacuous);
 * "ERROR": the check could not be made (tc_fail), or tc_finish has not run; "OFF": the checker was opened switched
 * off (TC_OPEN_OFF). */
const char *tc_verdict(const tc_checker *c);
/* tc_finish of a checker opened switched off: the summary line says OFF and what was not read, the report and the
 * ledger are written. TC_OK, or TC_FAILED when an output could not be written. */
int tc_finish_off(tc_checker *c);
/* regs=snapshot: the registers the golden gave a value that the RTL never showed (never compared); 0 otherwise. */
uint32_t tc_never_shown(const tc_checker *c);
/* tc_state.c: 1 when the state of row is not compared directly in this register mode (snapshot: regs=snapshot). */
int tc_state_uncompared(const tc_state_info *row, int snapshot);

/* tc_report.c: the report text. */
void tc_report_append(tc_checker *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tc_report_vappend(tc_checker *c, const char *fmt, va_list ap);
/* Keep the first failure of the run for the ledger (c->first, once): kind TC_FIRST_*, what, where, and the
 * headline fmt with ap. */
void tc_note_first(tc_checker *c, int kind, const char *stream, const char *field, uint64_t step, uint64_t line,
                   const char *fmt, va_list ap);
/* Print the notes of the golden steps up to step + 1 (and the volatile read of a step next to it) and drop them;
 * the later ones stay for a later mismatch. */
void tc_report_notes(tc_checker *c, tc_notes *n, uint64_t step);
/* tc_mismatch.c: a mismatch block: stream, what, and the context; field: what differs (a register's name, "pc", "data", ...), for
 * the ledger. Returns TC_MISMATCH (the checker halts, tc_halted, at max_errors); or TC_FAILED, reporting the gzip
 * error instead, when the golden's gzip member that holds the line is damaged (tc_golden_intact). */
int tc_mismatch(tc_checker *c, const char *stream, const char *field, uint64_t step, uint64_t line, const char *fmt,
                ...) __attribute__((format(printf, 6, 7)));
/* The golden entered an exception by tail-chaining at step k (the frame stays stacked) and the RTL did something
 * else, which what describes: tc_mismatch of that step with the tail-chaining headline. */
int tc_tail_chain_missed(tc_checker *c, uint64_t k, const char *what);
/* The check cannot go on (an ERROR verdict): stream names what failed ("golden", "api", "output", "live"). The
 * checker halts. Returns TC_FAILED. */
int tc_fail(tc_checker *c, const char *stream, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The run compared too little to pass (a FAIL verdict with no mismatch: no step, no register, fewer steps than
 * the golden holds). The checker halts. Returns TC_FAILED. */
int tc_vacuous(tc_checker *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* keep an RTL event for the report's context (on every call: inline) */
static inline void tc_record_event(tc_checker *c, const tc_event *e) { c->events[c->ev_count++ & (c->ev_cap - 1)] = *e; }
/* Write the report file (option report=), whole. A report that cannot be written is a failure of the run, said
 * once in the report (and so in the simulator's output): TC_FAILED, and the file is not tried again. */
int tc_report_save(tc_checker *c);
/* A shadow register's value for a report: "%08x" into buf (20 bytes), or why there is none: "(never written)" by
 * the golden, "(never reported)" by the RTL. */
const char *tc_shadow_text(char *buf, int known, uint32_t value, int golden);
/* tc_shadow_text, and for a register that holds code addresses (LR) tc_code_addr: buf has TC_ADDR_TEXT bytes. */
const char *tc_reg_text(const tc_checker *c, char *buf, int id, int known, uint32_t value, int golden);
/* A code address for a report: "%08x", with " <function+0x1c>" when the option elf= gives a symbol holding it.
 * Returns buf (TC_ADDR_TEXT bytes). */
const char *tc_code_addr(const tc_checker *c, uint32_t addr, char *buf);
/* "SVCall (11)", "IRQ5 (21)", "exception 9" for an exception number. */
void tc_exception_name(int number, char *buf, size_t size);

#endif

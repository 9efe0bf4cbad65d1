/* Internal state of the lockstep checker, shared by tc_*.c. */
#ifndef TARMAC_TC_INTERNAL_H
#define TARMAC_TC_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "tarmac/checker.h"
#include "tarmac/reader.h"

#define TC_MAX_REGS 40  /* register records in one golden step */
#define TC_MAX_MEM 40   /* data memory records in one golden step */
#define TC_MAX_FLOW 4   /* FD/FI records in one golden step */

typedef struct tc_options {
    char golden[512];
    char report_path[512];
    unsigned context, max_errors, bus_window;
    uint32_t mtb_base;
    uint32_t ignore_mask;  /* bit per register id */
    int quiet;
    int cpu;               /* -1 = all */
} tc_options;

typedef struct tc_gmem {
    uint32_t addr, data;
    uint8_t size, write, error, matched;
    uint64_t line;
} tc_gmem;

typedef struct tc_greg {
    int8_t id;             /* TM_REG_*, TM_REG_SP resolved when applied */
    uint32_t value;
    uint64_t line;
} tc_greg;

enum { TC_STEP_RESET, TC_STEP_INSN, TC_STEP_EXC };

typedef struct tc_step {
    uint64_t index;        /* 0 = reset step */
    uint64_t line;         /* golden line that opened the step */
    uint8_t kind;
    uint8_t status;        /* tm_insn_status */
    uint8_t is32;
    int8_t handler;        /* mode of the instruction: 1 handler, 0 thread, -1 not written */
    uint32_t pc, opcode;
    uint8_t has_number, has_return, has_exc_event;
    uint32_t exc_number, exc_return;
    uint8_t nregs, nmem, nflow;
    uint8_t unmatched;     /* memory records not yet matched by a beat */
    tc_greg regs[TC_MAX_REGS];
    tc_gmem mem[TC_MAX_MEM];
    uint32_t flow_src[TC_MAX_FLOW], flow_dst[TC_MAX_FLOW];
} tc_step;

typedef struct tc_packet {
    uint32_t w0, w1;
    uint64_t step;         /* golden step that caused it */
    uint64_t line;
} tc_packet;

enum { TC_EV_REG, TC_EV_BEAT, TC_EV_PACKET, TC_EV_RETIRE, TC_EV_EXC };
typedef struct tc_event {
    uint8_t kind;
    uint8_t a, b, c;       /* reg id / write, size, resp / is32, cond */
    uint32_t x, y, z;      /* value / addr, data, prot / pc, opcode */
    uint64_t time;
} tc_event;

struct tc_checker {
    tc_options o;
    tm_reader *reader;
    int golden_eof;
    /* golden steps: ring indexed by step index & (ring_cap - 1); every ring capacity is a power of two */
    tc_step *ring;
    unsigned ring_cap;
    uint64_t complete;     /* steps [0, complete) are complete */
    uint64_t cursor;       /* next golden step to compare */
    uint64_t oldest;       /* oldest step still held */
    int building;          /* ring[complete] is being filled */
    int saw_flow;          /* the golden has FD/FI lines: branch packets come from them */
    /* shadow register files */
    uint32_t gold[TM_REG_COUNT], rtl[TM_REG_COUNT];
    uint32_t gold_known, rtl_known;    /* registers ever written */
    uint32_t rtl_written;              /* written by the RTL in the step being built */
    int8_t gold_handler;               /* mode of the last compared instruction */
    /* golden-side state for MTB packet derivation (runs ahead of the comparison) */
    uint32_t ahead[TM_REG_COUNT];
    int mtb_enabled, mtb_start;
    uint32_t mtb_position, mtb_master, mtb_flow;
    tc_packet *pkts;
    unsigned pkt_cap;
    uint64_t pkt_head, pkt_tail;       /* expected packets [tail, head) */
    /* RTL events for the report */
    tc_event *events;
    unsigned ev_cap;
    uint64_t ev_count;
    uint64_t time;
    tc_counters n;
    int failed;                        /* TC_FAILED seen: refuse further calls */
    int finished;
    /* report text (grows; only touched when something is reported) */
    char *report;
    size_t report_len, report_cap;
};

/* tc_options.c */
int tc_parse_options(tc_options *o, const char *golden, const char *text, tm_error *err);

/* tc_golden.c: make steps [0, upto) complete (or reach EOF). Returns TC_OK or TC_FAILED (report written). */
int tc_golden_fill(tc_checker *c, uint64_t upto);
tc_step *tc_step_at(tc_checker *c, uint64_t index);

/* tc_mtb_expect.c: derive the packets of step s (its successor next is complete) and follow MTB register
 * writes; called once per step in golden order as steps complete. */
void tc_mtb_step(tc_checker *c, const tc_step *s, const tc_step *next);
int tc_mtb_is_branch(uint32_t opcode, int is32);

/* tc_report.c */
void tc_report_append(tc_checker *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A mismatch block: stream, what, and the context. Returns TC_MISMATCH or TC_FAILED (max_errors reached). */
int tc_mismatch(tc_checker *c, const char *stream, uint64_t step, uint64_t line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
int tc_fail(tc_checker *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tc_record_event(tc_checker *c, const tc_event *e);
void tc_report_save(const tc_checker *c); /* write the report file (option report=) */

#endif

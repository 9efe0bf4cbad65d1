/* Record comparison after normalisation (register names, case, value widths, address forms), used by
 * tarmac-diff: says which fields differ. */
#ifndef TARMAC_DIFF_H
#define TARMAC_DIFF_H

#include <stddef.h>
#include <stdint.h>

#include "tarmac/record.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    TM_IGNORE_TIME = 1 << 0,    /* timestamp and its unit */
    TM_IGNORE_CPU = 1 << 1,
    TM_IGNORE_DISASM = 1 << 2,
    TM_IGNORE_ID = 1 << 3,      /* instruction id / tag */
    TM_IGNORE_MODE = 1 << 4,    /* processor mode and security state */
    TM_IGNORE_DEFAULT = TM_IGNORE_TIME | TM_IGNORE_DISASM
};

/* "time,cpu,disasm,id,mode" or "none" -> mask. Returns 0, or -1 naming the bad item in bad[64]. */
int tm_ignore_parse(const char *list, unsigned *mask, char bad[64]);

/* 0 when a and b are equal after normalisation; otherwise the number of differing fields, each described
 * as "field: A-value vs B-value" in why (separated by "; ", truncated to size). */
int tm_diff_records(const tm_record *a, const tm_record *b, unsigned ignore, char *why, size_t size);

/* Steps: the records from one instruction or exception entry to the next (records before the first one form
 * the reset step), as the checker builds them from its golden. */
enum { TM_STEP_RESET = 0, TM_STEP_INSN, TM_STEP_EXC };

typedef struct tm_step_state {
    uint8_t kind;          /* TM_STEP_* of the step being built */
    uint8_t has_exc_event; /* an exception step whose entry event was seen */
    uint8_t nonempty;      /* the step has records */
} tm_step_state;

/* 1 when r opens a new step after the one st describes (an instruction; an exception entry, unless it is the
 * entry event of an exception step opened by its mode change); st follows r either way. SIGNAL, INFO, BR
 * and header records never open a step. */
int tm_step_opens(tm_step_state *st, const tm_record *r);

/* Exception entry of an event record: 1 for an entry event (FVP/Fast Models CoreEvent_<exception>, Cortex-M
 * RTL INT_TAKEN/INT_ENTRY, ES EXC other than the reset), 2 for a mode change into handler mode (the first
 * record of an M-profile exception entry), 0 otherwise. */
int tm_event_entry(const tm_event *e);

typedef struct tm_step_cmp tm_step_cmp;  /* the comparison of two traces, step after step */
tm_step_cmp *tm_step_cmp_new(void);
void tm_step_cmp_free(tm_step_cmp *c);

/* Compare the next steps a[0..na) and b[0..nb) of two traces with the checker's value semantics, by their
 * architectural effect; call it for every step of the two traces in order, with the same c (it keeps each side's
 * register values):
 * - the openers field by field (as tm_diff_records), or for an exception entry the exception number; an
 *   instruction executed on one side and condition-failed on the other (IT vs IS, an ES line vs CCFAIL) is the
 *   same step when the executed one changes nothing but the PC (a conditional branch not taken, which some
 *   producers write as executed): no register given a new value, no memory access, no branch or flow record;
 * - registers as the final value of each in the step, whatever the order, duplication or alias names (r13_main
 *   and MSP, r13_svc and SP_SVC, cpsr and XPSR, Wn as the low half of Xn); a register written on one side only
 *   compares with the value the other side holds (a write of an unchanged value is no difference). Stack
 *   pointers are the one kind a producer may leave out entirely (gem5's tracer writes none): while the other
 *   side has written no stack pointer, a stack-pointer write is not compared but counted (tm_step_cmp_notes).
 *   Digits a value does not know (x, X, -) are not compared;
 * - memory as the bytes accessed, whether written as M lines or LD/ST byte groups; bus, cache and MMU records
 *   in order. Events other than the opener, SIGNAL, INFO, BR and header records are not compared. In the reset
 *   step (reset != 0) only registers both sides write are compared (producers dump different initial state).
 * Returns 0 when equal; otherwise 1 with *ia / *ib the index of the record that differs on each side (-1 when
 * the difference is a record missing on that side) and why filled as tm_diff_records does. Returns -1 when
 * out of memory. */
int tm_diff_steps(tm_step_cmp *c, const tm_record *a, size_t na, const tm_record *b, size_t nb, int reset,
                  unsigned ignore, long *ia, long *ib, char *why, size_t size);

/* What the comparison so far took as equal without comparing every digit, for the summary. */
typedef struct tm_step_notes {
    uint64_t status_without_effect; /* steps executed on one side, condition-failed on the other, without effect */
    uint64_t unknown_values;        /* register values compared on the digits both sides know */
    uint64_t uncompared[2];         /* stack-pointer writes on side A / B while the other side traced none */
    char uncompared_names[2][160];  /* those registers' names, ", "-separated (as many as fit) */
} tm_step_notes;
void tm_step_cmp_notes(const tm_step_cmp *c, tm_step_notes *n);

#ifdef __cplusplus
}
#endif
#endif

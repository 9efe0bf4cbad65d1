/* Record comparison after normalisation (register names, case, value widths, address forms), used by
 * tarmac-diff: says which fields differ. */
#ifndef TARMAC_DIFF_H
#define TARMAC_DIFF_H

#include <stddef.h>

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

typedef struct tm_step_cmp tm_step_cmp;  /* scratch for tm_diff_steps, grown as steps need */
tm_step_cmp *tm_step_cmp_new(void);
void tm_step_cmp_free(tm_step_cmp *c);

/* Compare two steps a[0..na) and b[0..nb) with the checker's value semantics: the opening records field by
 * field (as tm_diff_records); registers as the set of final values per register, whatever the order,
 * duplication or alias names (r13_main and MSP, r13_svc and SP_SVC, cpsr and XPSR); memory as the bytes
 * accessed, whether written as M lines or LD/ST byte groups; bus, cache and MMU records in order. Events
 * other than the opener, SIGNAL, INFO, BR and header records are not compared. In the reset step only
 * registers both sides write are compared (producers dump different initial state).
 * Returns 0 when equal; otherwise 1 with *ia / *ib the index of the record that differs on each side (-1 when
 * the difference is a record missing on that side) and why filled as tm_diff_records does. Returns -1 when
 * out of memory. */
int tm_diff_steps(tm_step_cmp *c, const tm_record *a, size_t na, const tm_record *b, size_t nb, int reset,
                  unsigned ignore, long *ia, long *ib, char *why, size_t size);

#ifdef __cplusplus
}
#endif
#endif

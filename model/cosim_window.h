/* The decision window of co-simulation (model/cosim.h, decision_window): a core may have decided an exception
 * entry up to that long before it reported it, so an entry illegal when reported is accepted when it was legal
 * at some time within the window before. What that needs: when each exception became pending, when an exception
 * return last ended each, and the interrupt lines' recent levels with the time of each change. Private to the
 * model's co-simulation (model/cosim.c). */
#ifndef M6_COSIM_WINDOW_H
#define M6_COSIM_WINDOW_H

#include <stdint.h>

#include "armv6m.h"

#define M6_WINDOW_LINES 256u /* the interrupt lines' last changes kept (a power of two) */

typedef struct m6_window {
    uint64_t width;        /* decision_window; 0: off, nothing is tracked */
    uint64_t pend_mask;    /* the exceptions pending at the last look */
    uint64_t pend_time[M6_EXC_COUNT], ended_time[M6_EXC_COUNT];
    uint64_t line_time[M6_WINDOW_LINES];
    uint32_t line_irq[M6_WINDOW_LINES];
    uint64_t n_lines;
} m6_window;

/* The exceptions that became pending since the last look: pending since time t. */
void m6_window_pending(m6_window *w, const m6 *m, uint64_t t);
/* The IRQ lines' levels from time t on. */
void m6_window_lines(m6_window *w, uint64_t t, uint32_t lines);
/* The latest time in [lo, hi] at which IRQ line k was high, as the kept changes say; 0 when none (or when they no
 * longer reach back that far). */
uint64_t m6_window_line_high(const m6_window *w, unsigned k, uint64_t lo, uint64_t hi);
/* Whether the entry of n, illegal at time t0 (a tail-chain's: its exception return's), was legal at some time
 * within the window before; *assumed: that time. An IRQ not pending whose line was high within the window before
 * the return that last ended it (the core sampled it at its return, earlier than reported) is pended. The
 * higher priorities pending must all have become pending within the window (the core decided before they came). */
int m6_window_decided_earlier(m6_window *w, m6 *m, unsigned n, uint64_t t0, uint64_t *assumed);

#endif

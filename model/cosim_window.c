/* The decision window of co-simulation (model/cosim_window.h). */
#include "cosim_window.h"

void m6_window_pending(m6_window *w, const m6 *m, uint64_t t)
{
    uint64_t now = m6_pending(m), fresh = now & ~w->pend_mask;
    for (; fresh; fresh &= fresh - 1) w->pend_time[__builtin_ctzll(fresh)] = t;
    w->pend_mask = now;
}

void m6_window_lines(m6_window *w, uint64_t t, uint32_t lines)
{
    unsigned at = (unsigned)(w->n_lines++ & (M6_WINDOW_LINES - 1));
    w->line_time[at] = t;
    w->line_irq[at] = lines;
}

uint64_t m6_window_line_high(const m6_window *w, unsigned k, uint64_t lo, uint64_t hi)
{
    uint64_t until = UINT64_MAX; /* the level of change i holds until the next change */
    for (uint64_t i = w->n_lines; i-- > 0 && i + M6_WINDOW_LINES > w->n_lines;) {
        unsigned at = (unsigned)(i & (M6_WINDOW_LINES - 1));
        uint64_t from = w->line_time[at];
        if (from <= hi && until > lo && ((w->line_irq[at] >> k) & 1)) return until - 1 < hi ? until - 1 : hi;
        if (from <= lo) break;
        until = from;
    }
    return 0;
}

int m6_window_decided_earlier(m6_window *w, m6 *m, unsigned n, uint64_t t0, uint64_t *assumed)
{
    uint64_t width = w->width, t = t0;
    char why[240];
    if (!width) return 0;
    int illegal = m6_entry_illegal(m, n, why, sizeof why);
    if (illegal == M6_ILLEGAL_NOT_PENDING && n >= M6_EXC_IRQ0 && w->ended_time[n]) {
        uint64_t end = w->ended_time[n];
        uint64_t high = m6_window_line_high(w, n - M6_EXC_IRQ0, end > width ? end - width : 1, end);
        if (!high) return 0;
        m6_set_pending(m, n);
        t = high;
        illegal = m6_entry_illegal(m, n, why, sizeof why);
    }
    if (illegal) return 0;
    int p = m6_priority(m, n);
    for (uint64_t left = m6_pending(m) & ~(1ull << n); left; left &= left - 1) {
        unsigned k = (unsigned)__builtin_ctzll(left);
        if (m6_priority(m, k) >= p) continue;
        if (w->pend_time[k] + width <= t0 || w->pend_time[k] == 0) return 0; /* pending before the window */
        if (w->pend_time[k] - 1 < t) t = w->pend_time[k] - 1;
    }
    *assumed = t;
    return 1;
}

/* Live mode (model/ARCHITECTURE.md, "Live mode"): the embedding (the checker's golden=live:) decides when an
 * asynchronous exception is taken and the model checks that the choice is legal. The interrupt inputs are
 * level-sensitive, as the ARMv6-M NVIC's: a line held high pends its interrupt at every instruction boundary
 * while the interrupt is not active, and a rising line pends it also while it is active. NMI pends on its
 * rising edge. */
#include <stdio.h>

#include "m6_state.h"

void m6_set_live(m6 *c, int live)
{
    if (!c) return;
    c->live = live != 0;
}

void m6_set_live_chain(m6 *c, int chain)
{
    if (!c) return;
    c->live_chain = chain != 0;
}

void m6_set_volatile(m6 *c, const uint32_t (*ranges)[2], unsigned n,
                     int (*read)(void *ctx, uint32_t addr, unsigned size, uint32_t *val), void *ctx)
{
    if (!c) return;
    c->volatile_ranges = ranges;
    c->n_volatile = ranges && read ? n : 0;
    c->on_volatile_read = read;
    c->volatile_ctx = ctx;
}

uint32_t m6_irq_levels(const m6 *c, int *nmi)
{
    if (!c) return (nmi ? (void)(*nmi = 0) : (void)0, 0);
    if (nmi) *nmi = c->nmi_line;
    return c->irq_lines;
}

void m6_irq_lines(m6 *c, uint32_t lines, int nmi)
{
    if (!c) return;
    uint32_t rising = lines & ~c->irq_lines;
    c->irq_lines = lines;
    c->irq_pending |= rising & m6_irq_mask(c);
    if (nmi && !c->nmi_line) m6_set_pending(c, M6_EXC_NMI);
    c->nmi_line = nmi != 0;
}

void m6_irq_lines_before_entry(m6 *c, uint32_t lines, int nmi, unsigned n)
{
    if (!c) return;
    if (n >= M6_EXC_IRQ0 && n < M6_EXC_IRQ0 + 32) c->irq_lines |= lines & (1u << (n - M6_EXC_IRQ0));
    if (n == M6_EXC_NMI && nmi) c->nmi_line = 1;
    m6_irq_lines(c, lines, nmi);
}

void m6_systick_ticks_before_entry(m6 *c, uint32_t n)
{
    if (!c) return;
    uint64_t bit = 1ull << M6_EXC_SYSTICK, was = c->sys_pending & bit;
    for (uint32_t i = 0; i < n && (c->st_csr & 1); i++) m6_systick_tick(c);
    c->sys_pending = (c->sys_pending & ~bit) | was;
}

void m6_irq_sample(m6 *c)
{
    if (!c) return;
    uint32_t active = (uint32_t)(c->active >> M6_EXC_IRQ0);
    c->irq_pending |= c->irq_lines & ~active & m6_irq_mask(c);
}

void m6_priority_text(int p, char *buf, size_t size)
{
    if (!buf || !size) return;
    if (p < 0) snprintf(buf, size, "%d", p);
    else snprintf(buf, size, "0x%02x", (unsigned)p << 6);
}

/* The active exception that sets the execution priority, or PRIMASK; when that exception is not the current one,
 * the architecture's rule it comes from. */
static void execution_text(const m6 *c, int exec, char *buf, size_t size)
{
    unsigned who = 0;
    int best = 5;
    for (unsigned n = 1; n < M6_EXC_COUNT; n++)
        if (((c->active >> n) & 1) && m6_priority(c, n) < best) {
            best = m6_priority(c, n);
            who = n;
        }
    char p[16];
    m6_priority_text(exec, p, sizeof p);
    static const char *const fixed[16] = { [2] = "NMI", [3] = "HardFault", [11] = "SVCall", [14] = "PendSV",
                                            [15] = "SysTick" };
    char name[24];
    if (who >= M6_EXC_IRQ0) snprintf(name, sizeof name, "IRQ%u", who - M6_EXC_IRQ0);
    else snprintf(name, sizeof name, "%s", fixed[who] ? fixed[who] : "an exception");
    if (!who || best != exec) snprintf(buf, size, "%s (PRIMASK)", p);
    else if (who == c->ipsr) snprintf(buf, size, "%s (in %s)", p, name);
    else { /* a preempted exception holds it: the rule a core that looks at the current handler alone breaks */
        char cur[16], curname[24];
        m6_priority_text(m6_priority(c, c->ipsr), cur, sizeof cur);
        if (c->ipsr >= M6_EXC_IRQ0) snprintf(curname, sizeof curname, "IRQ%u", c->ipsr - M6_EXC_IRQ0);
        else snprintf(curname, sizeof curname, "%s", fixed[c->ipsr & 15] ? fixed[c->ipsr & 15] : "the current");
        snprintf(buf, size, "%s (%s's, preempted but active; %s's own is %s: ARMv6-M B1.5.4, the highest priority "
                 "of all active exceptions)", p, name, curname, cur);
    }
}

int m6_entry_illegal(const m6 *c, unsigned n, char *buf, size_t size)
{
    if (n < 2 || n >= M6_EXC_COUNT || n == M6_EXC_HARDFAULT || n == M6_EXC_SVCALL) {
        snprintf(buf, size, "not an asynchronous exception");
        return M6_ILLEGAL_NOT_ASYNC;
    }
    if (n >= M6_EXC_IRQ0 && (n - M6_EXC_IRQ0) >= c->cfg.num_irq) {
        snprintf(buf, size, "not implemented (num_irq %u)", c->cfg.num_irq);
        return M6_ILLEGAL_NOT_IMPLEMENTED;
    }
    int raw_pending = n >= M6_EXC_IRQ0 ? (int)((c->irq_pending >> (n - M6_EXC_IRQ0)) & 1) : m6_is_pending(c, n);
    if (!raw_pending) {
        snprintf(buf, size, "not pending");
        return M6_ILLEGAL_NOT_PENDING;
    }
    if (!m6_is_pending(c, n)) {
        snprintf(buf, size, "disabled");
        return M6_ILLEGAL_DISABLED;
    }
    int p = m6_priority(c, n), exec = m6_exec_priority(c);
    if (p < exec) return 0;
    int unmasked = exec;
    if (c->primask) { /* the execution priority without PRIMASK: is PRIMASK what holds it back? */
        unmasked = 4;
        for (unsigned k = 1; k < M6_EXC_COUNT; k++)
            if (((c->active >> k) & 1) && m6_priority(c, k) < unmasked) unmasked = m6_priority(c, k);
    }
    if (p < unmasked) {
        snprintf(buf, size, "masked by PRIMASK");
        return M6_ILLEGAL_MASKED;
    }
    char pt[16], et[240];
    m6_priority_text(p, pt, sizeof pt);
    execution_text(c, exec, et, sizeof et);
    snprintf(buf, size, "priority %s not above the execution priority %s", pt, et);
    return M6_ILLEGAL_PRIORITY;
}

uint64_t m6_pending(const m6 *c)
{
    if (!c) return 0;
    return c->sys_pending | (uint64_t)(c->irq_pending & c->irq_enable) << M6_EXC_IRQ0;
}

// The model's live-mode rules (model/live.c, model/ARCHITECTURE.md "Live mode"): level-sensitive interrupt
// lines, NMI on its rising edge, and why an entry the core reports is not legal, one reason each.
#include <gtest/gtest.h>

#include <string>

extern "C" {
#include "armv6m.h"
}

namespace {

struct Live {
    m6 *m = m6_create();
    Live()
    {
        m->live = 1;
        m->ipsr = 0;
    }
    ~Live() { m6_destroy(m); }
    std::string why(unsigned n)
    {
        char buf[160];
        return m6_entry_illegal(m, n, buf, sizeof buf) ? buf : "legal";
    }
};

}  // namespace

TEST(LiveRules, EachReasonAnEntryIsIllegal)
{
    Live l;
    m6 *m = l.m;
    EXPECT_EQ(l.why(16), "not pending");
    m->irq_pending = 1;
    EXPECT_EQ(l.why(16), "disabled");
    m->irq_enable = 1;
    EXPECT_EQ(l.why(16), "legal");
    m->primask = 1;
    EXPECT_EQ(l.why(16), "masked by PRIMASK");
    m->primask = 0;
    m->irq_prio[0] = 0x80;       // IRQ0 0x80, in IRQ3's handler at 0x40
    m->irq_prio[3] = 0x40;
    m->active = 1ull << 19;
    m->ipsr = 19;
    EXPECT_EQ(l.why(16), "priority 0x80 not above the execution priority 0x40 (in IRQ3)");
    m->irq_prio[0] = 0x00;
    EXPECT_EQ(l.why(16), "legal");
    EXPECT_EQ(l.why(M6_EXC_SVCALL), "not an asynchronous exception");
    m->cfg.num_irq = 8;
    EXPECT_EQ(l.why(16 + 9), "not implemented (num_irq 8)");
    // NMI: PRIMASK does not mask it
    m->primask = 1;
    m6_irq_lines(m, 0, 1);
    EXPECT_EQ(l.why(M6_EXC_NMI), "legal");
    EXPECT_EQ(m6_preempting(m), (unsigned)M6_EXC_NMI);
}

TEST(LiveRules, IrqLinesAreLevelSensitiveAndNmiPendsOnItsRisingEdge)
{
    Live l;
    m6 *m = l.m;
    m->irq_enable = 3;
    m6_irq_lines(m, 1, 0);
    EXPECT_EQ(m->irq_pending, 1u);  // the rising line pends
    m->irq_pending = 0;             // taken: pending cleared, active
    m->active = 1ull << 16;
    m6_irq_sample(m);
    EXPECT_EQ(m->irq_pending, 0u);  // held high while active: no new pend
    m->active = 0;                  // returned, line still high
    m6_irq_sample(m);
    EXPECT_EQ(m->irq_pending, 1u);  // pends again
    m->irq_pending = 0;
    m->active = 1ull << 16;
    m6_irq_lines(m, 0, 0);
    m6_irq_lines(m, 1, 0);          // a new rising edge while active pends
    EXPECT_EQ(m->irq_pending, 1u);
    m6_irq_lines(m, 1, 1);
    EXPECT_TRUE(m6_is_pending(m, M6_EXC_NMI));
    m->sys_pending = 0;
    m6_irq_lines(m, 1, 1);          // still high: no edge
    EXPECT_FALSE(m6_is_pending(m, M6_EXC_NMI));
}

// What the NVIC sampled before an entry cleared the entered exception's pending state, applied after the entry: a
// rise of its own line (IRQ or NMI) merged with that pending state; other lines pend as always.
TEST(LiveRules, ALineRisingBeforeTheEntryMergesWithThePendingStateTheEntryCleared)
{
    Live l;
    m6 *m = l.m;
    m->irq_enable = 3;
    m->active = 1ull << 16;                 // IRQ0 just entered, its pending state cleared
    m6_irq_lines_before_entry(m, 3, 1, 16);
    EXPECT_EQ(m->irq_pending, 2u);          // IRQ1 pends, IRQ0 does not
    EXPECT_TRUE(m6_is_pending(m, M6_EXC_NMI));
    EXPECT_EQ(m->irq_lines, 3u);            // the levels are the new ones
    m6_irq_lines(m, 0, 0);
    m6_irq_lines(m, 1, 0);                  // after the entry: a rise while active pends
    EXPECT_EQ(m->irq_pending, 3u);
    m->sys_pending = 0;
    m->active = 1ull << M6_EXC_NMI;         // NMI just entered
    m6_irq_lines_before_entry(m, 1, 1, M6_EXC_NMI);
    EXPECT_FALSE(m6_is_pending(m, M6_EXC_NMI));
    EXPECT_TRUE(m->nmi_line);
}

// SysTick counting cycles reaches 0 in cycles that came before SysTick's entry (held past it): the count merged
// with the pending state the entry cleared; COUNTFLAG is set and the counter reloads as always.
TEST(LiveRules, SysTickReachingZeroBeforeItsEntryMerges)
{
    for (bool before : { true, false }) {
        SCOPED_TRACE(before);
        Live l;
        m6 *m = l.m;
        m->st_csr = 3;                      // enabled, TICKINT
        m->st_rvr = 99;
        m->st_cvr = 2;
        m->active = 1ull << M6_EXC_SYSTICK; // SysTick just entered
        if (before) m6_systick_ticks_before_entry(m, 3);
        else
            for (int i = 0; i < 3; i++) m6_systick_tick(m);
        EXPECT_EQ(m6_is_pending(m, M6_EXC_SYSTICK) != 0, !before);
        EXPECT_TRUE(m->st_csr & (1u << 16));
        EXPECT_EQ(m->st_cvr, 99u);
    }
    Live l;                                 // a SysTick pending before the cycles stays pending
    l.m->st_csr = 3;
    l.m->st_cvr = 50;
    m6_set_pending(l.m, M6_EXC_SYSTICK);
    m6_systick_ticks_before_entry(l.m, 3);
    EXPECT_TRUE(m6_is_pending(l.m, M6_EXC_SYSTICK));
    EXPECT_EQ(l.m->st_cvr, 47u);
}

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

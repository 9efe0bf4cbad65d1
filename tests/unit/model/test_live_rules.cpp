// The model's live-mode rules (model/live.c, model/ARCHITECTURE.md "Live mode"): level-sensitive interrupt
// lines, NMI on its rising edge, and why an entry the core reports is not legal, one reason each. The state each
// case needs is reached through the architecture: NVIC and SysTick registers written as software writes them,
// PRIMASK as a debugger writes it, exceptions made active by entering them and inactive by returning (BX LR).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

extern "C" {
#include "armv6m.h"
}

namespace {

// System Control Space registers (ARMv6-M ARM, B3.2)
constexpr uint32_t kSystCsr = 0xE000E010, kSystRvr = 0xE000E014, kSystCvr = 0xE000E018;
constexpr uint32_t kNvicIser = 0xE000E100, kNvicIspr = 0xE000E200, kNvicIpr0 = 0xE000E400;

// A model in live mode with a stack in SRAM, every handler at 0x200 (bx lr) and the code at 0x100.
struct Live {
    m6 *m = m6_create(nullptr);
    Live()
    {
        m6_set_live(m, 1);
        uint32_t *vt = reinterpret_cast<uint32_t *>(m6_mem_ptr(m, 0, 4 * M6_EXC_COUNT));
        for (int i = 2; i < M6_EXC_COUNT; i++) vt[i] = 0x201;
        const uint16_t bx_lr = 0x4770;
        std::memcpy(m6_mem_ptr(m, 0x200, 2), &bx_lr, 2);
        m6_set_reg(m, TM_REG_SP, 0x20001000);
        m6_set_reg(m, TM_REG_PC, 0x100);
    }
    ~Live() { m6_destroy(m); }
    std::string why(unsigned n)
    {
        char buf[240];
        return m6_entry_illegal(m, n, buf, sizeof buf) ? buf : "legal";
    }
    void write(uint32_t addr, uint32_t v) { ASSERT_EQ(m6_scs_write(m, addr, v), 0); }
    uint32_t read(uint32_t addr)
    {
        uint32_t v = 0;
        EXPECT_EQ(m6_scs_read(m, addr, &v), 0);
        return v;
    }
    // Exception n taken: pending state cleared, active, in its handler
    void enter(unsigned n) { ASSERT_EQ(m6_enter_exception(m, n, 0x100), 0); }
    // The handler returns (bx lr): the exception is no longer active
    void leave() { ASSERT_EQ(m6_step(m), M6_STEP_INSN); }
};

}  // namespace

TEST(LiveRules, EachReasonAnEntryIsIllegal)
{
    Live l;
    m6 *m = l.m;
    EXPECT_EQ(l.why(16), "not pending");
    l.write(kNvicIspr, 1);
    EXPECT_EQ(l.why(16), "disabled");
    l.write(kNvicIser, 1);
    EXPECT_EQ(l.why(16), "legal");
    m6_set_reg(m, TM_REG_PRIMASK, 1);
    EXPECT_EQ(l.why(16), "masked by PRIMASK");
    m6_set_reg(m, TM_REG_PRIMASK, 0);
    l.write(kNvicIpr0, 0x40000080);  // IRQ0 0x80, IRQ3 0x40; in IRQ3's handler
    l.enter(19);
    EXPECT_EQ(m6_active(m), 1ull << 19);
    EXPECT_EQ(m6_xpsr(m) & 0x3f, 19u);
    EXPECT_EQ(l.why(16), "priority 0x80 not above the execution priority 0x40 (in IRQ3)");
    l.write(kNvicIpr0, 0x40000000);  // IRQ0 0x00
    EXPECT_EQ(l.why(16), "legal");
    EXPECT_EQ(l.why(M6_EXC_SVCALL), "not an asynchronous exception");
    m6_config k = *m6_get_config(m);
    k.num_irq = 8;
    m6_set_config(m, &k);
    EXPECT_EQ(l.why(16 + 9), "not implemented (num_irq 8)");
    // NMI: PRIMASK does not mask it
    m6_set_reg(m, TM_REG_PRIMASK, 1);
    m6_irq_lines(m, 0, 1);
    EXPECT_EQ(l.why(M6_EXC_NMI), "legal");
    EXPECT_EQ(m6_preempting(m), (unsigned)M6_EXC_NMI);
}

TEST(LiveRules, IrqLinesAreLevelSensitiveAndNmiPendsOnItsRisingEdge)
{
    Live l;
    m6 *m = l.m;
    l.write(kNvicIser, 3);
    m6_irq_lines(m, 1, 0);
    EXPECT_EQ(l.read(kNvicIspr), 1u);  // the rising line pends
    l.enter(16);                       // taken: pending cleared, active
    EXPECT_EQ(l.read(kNvicIspr), 0u);
    m6_irq_sample(m);
    EXPECT_EQ(l.read(kNvicIspr), 0u);  // held high while active: no new pend
    l.leave();                         // returned, line still high
    EXPECT_EQ(m6_active(m), 0u);
    m6_irq_sample(m);
    EXPECT_EQ(l.read(kNvicIspr), 1u);  // pends again
    l.enter(16);
    m6_irq_lines(m, 0, 0);
    m6_irq_lines(m, 1, 0);             // a new rising edge while active pends
    EXPECT_EQ(l.read(kNvicIspr), 1u);
    m6_irq_lines(m, 1, 1);
    EXPECT_TRUE(m6_is_pending(m, M6_EXC_NMI));
    l.enter(M6_EXC_NMI);               // NMI's entry clears its pending state
    EXPECT_FALSE(m6_is_pending(m, M6_EXC_NMI));
    m6_irq_lines(m, 1, 1);             // still high: no edge
    EXPECT_FALSE(m6_is_pending(m, M6_EXC_NMI));
}

// nmi=level (Cortex-M0): the NMI input still high as NMI's handler returns pends NMI again; with nmi=edge (the
// default) only a new rising edge does. A line low at the return pends nothing either way.
TEST(LiveRules, NmiLevelPendsAgainWhenTheLineIsHighAtItsReturn)
{
    for (int level = 0; level < 2; level++) {
        for (int high = 0; high < 2; high++) {
            Live l;
            m6 *m = l.m;
            m6_config cfg;
            m6_config_defaults(&cfg);
            cfg.nmi_level = level;
            m6_set_config(m, &cfg);
            m6_set_live(m, 1);
            m6_irq_lines(m, 0, 1);
            l.enter(M6_EXC_NMI);
            if (!high) m6_irq_lines(m, 0, 0);
            l.leave();
            EXPECT_EQ(m6_active(m), 0u);
            EXPECT_EQ(m6_is_pending(m, M6_EXC_NMI), level && high) << "level=" << level << " high=" << high;
        }
    }
}

// What the NVIC sampled before an entry cleared the entered exception's pending state, applied after the entry: a
// rise of its own line (IRQ or NMI) merged with that pending state; other lines pend as always.
TEST(LiveRules, ALineRisingBeforeTheEntryMergesWithThePendingStateTheEntryCleared)
{
    Live l;
    m6 *m = l.m;
    l.write(kNvicIser, 3);
    l.enter(16);                            // IRQ0 just entered, its pending state cleared
    m6_irq_lines_before_entry(m, 3, 1, 16);
    EXPECT_EQ(l.read(kNvicIspr), 2u);       // IRQ1 pends, IRQ0 does not
    EXPECT_TRUE(m6_is_pending(m, M6_EXC_NMI));
    int nmi = 0;
    EXPECT_EQ(m6_irq_levels(m, &nmi), 3u);  // the levels are the new ones
    EXPECT_EQ(nmi, 1);
    m6_irq_lines(m, 0, 0);
    m6_irq_lines(m, 1, 0);                  // after the entry: a rise while active pends
    EXPECT_EQ(l.read(kNvicIspr), 3u);
    l.enter(M6_EXC_NMI);                    // NMI just entered
    EXPECT_FALSE(m6_is_pending(m, M6_EXC_NMI));
    m6_irq_lines_before_entry(m, 1, 1, M6_EXC_NMI);
    EXPECT_FALSE(m6_is_pending(m, M6_EXC_NMI));
    EXPECT_EQ(m6_irq_levels(m, &nmi), 1u);
    EXPECT_EQ(nmi, 1);
}

// SysTick counting cycles reaches 0 in cycles that came before SysTick's entry (held past it): the count merged
// with the pending state the entry cleared; COUNTFLAG is set and the counter reloads as always.
TEST(LiveRules, SysTickReachingZeroBeforeItsEntryMerges)
{
    for (bool before : { true, false }) {
        SCOPED_TRACE(before);
        Live l;
        m6 *m = l.m;
        l.write(kSystRvr, 2);
        l.write(kSystCvr, 0);
        l.write(kSystCsr, 3);               // enabled, TICKINT
        m6_systick_tick(m);                 // the counter loads 2 from the reload value
        l.write(kSystRvr, 99);              // and reloads 99 after reaching 0
        EXPECT_EQ(l.read(kSystCvr), 2u);
        l.enter(M6_EXC_SYSTICK);            // SysTick just entered
        if (before) m6_systick_ticks_before_entry(m, 3);
        else
            for (int i = 0; i < 3; i++) m6_systick_tick(m);
        EXPECT_EQ(m6_is_pending(m, M6_EXC_SYSTICK) != 0, !before);
        EXPECT_TRUE(l.read(kSystCsr) & (1u << 16));
        EXPECT_EQ(l.read(kSystCvr), 99u);
    }
    Live l;                                 // a SysTick pending before the cycles stays pending
    l.write(kSystRvr, 50);
    l.write(kSystCvr, 0);
    l.write(kSystCsr, 3);
    m6_systick_tick(l.m);                   // loads 50
    m6_set_pending(l.m, M6_EXC_SYSTICK);
    m6_systick_ticks_before_entry(l.m, 3);
    EXPECT_TRUE(m6_is_pending(l.m, M6_EXC_SYSTICK));
    EXPECT_EQ(l.read(kSystCvr), 47u);
}

// tests/programs/exec_priority: a handler lowers its own priority, or raises that of the exception it preempted.
// The execution priority stays with the preempted exception (ARMv6-M ARM B1.5.4, ExecutionPriority(): the highest
// priority of all active exceptions): an interrupt between the two does not preempt, and the reason names the rule
// (a core that looks at the current exception's priority alone takes it).
TEST(LiveRules, APreemptedExceptionKeepsTheExecutionPriority)
{
    for (int raised = 0; raised < 2; raised++) {
        Live l;
        l.write(kNvicIser, 0xf);
        if (!raised) l.write(kNvicIpr0, 0x00800040);  // IRQ0 0x40, IRQ1 0x00, IRQ2 0x80
        else l.write(kNvicIpr0, 0x00004080);          // IRQ0 0x80, IRQ1 0x40, IRQ3 0x00
        l.enter(16);
        l.enter(17);
        if (!raised) l.write(kNvicIpr0, 0x0080c040);  // IRQ1 lowers its own priority to 0xc0
        else l.write(kNvicIpr0, 0x00004000);          // IRQ1 raises IRQ0's to 0x00
        unsigned n = raised ? 19 : 18;
        l.write(kNvicIspr, 1u << (n - 16));
        EXPECT_EQ(l.why(n), raised ? "priority 0x00 not above the execution priority 0x00 (IRQ0's, preempted but "
                                     "active; IRQ1's own is 0x40: ARMv6-M B1.5.4, the highest priority of all "
                                     "active exceptions)"
                                   : "priority 0x80 not above the execution priority 0x40 (IRQ0's, preempted but "
                                     "active; IRQ1's own is 0xc0: ARMv6-M B1.5.4, the highest priority of all "
                                     "active exceptions)");
        l.leave();  // IRQ1 returns: IRQ0 is current again and the interrupt still waits
        EXPECT_EQ(m6_xpsr(l.m) & 0x3f, 16u);
        EXPECT_EQ(l.why(n).find("(in IRQ0)") != std::string::npos, true) << l.why(n);
    }
}

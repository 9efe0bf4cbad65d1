// The configuration keys for Cortex-M0's implementation choices (model/ARCHITECTURE.md, "Configuration",
// "UNKNOWN values"): r0-r12 at reset as a value or UNKNOWN (and what is computed from them), VTOR absent, SYST_CALIB's
// value, software pends taken after the next barrier, and a tail-chained entry's UNKNOWN registers with
// abandon_unstack. Each on hand-placed code, against the default for contrast.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "machine.h"

namespace {

// The records the model traced: register writes and memory accesses, with their UNKNOWN bits.
struct Rec {
    std::string name;  // register name, or "MW"/"MR" for a memory access
    uint32_t addr, value;
    uint64_t unknown;
};

void sink(void *ctx, const tm_record *r)
{
    auto *v = static_cast<std::vector<Rec> *>(ctx);
    if (r->kind == TM_REC_REG)
        v->push_back({ std::string(r->u.reg.name.p, r->u.reg.name.n), 0, (uint32_t)r->u.reg.value.v,
                       r->u.reg.value.unknown });
    else if (r->kind == TM_REC_MEM)
        v->push_back({ r->u.mem.write ? "MW" : "MR", (uint32_t)r->u.mem.addr.va, (uint32_t)r->u.mem.data.v,
                       r->u.mem.data.unknown });
}

// The last record of that name (and address, for memory); nullptr when there is none.
const Rec *last(const std::vector<Rec> &v, const std::string &name, uint32_t addr = 0)
{
    bool memory = name == "MW" || name == "MR";
    for (auto it = v.rbegin(); it != v.rend(); ++it)
        if (it->name == name && (!memory || it->addr == addr)) return &*it;
    return nullptr;
}

const uint32_t kR0_12 = 0x1fff;

}  // namespace

TEST(RReset, AValueForR0ToR12)
{
    Machine m({ 0x4608, 0xe7fe });  // mov r0, r1 ; b .
    m.configure([](m6_config &k) { k.r_reset = 0xffffffffu; });
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    for (int r = 0; r <= 12; r++) {
        EXPECT_EQ(m6_reg(m.c, r), 0xffffffffu) << "r" << r;
        EXPECT_EQ(m6_reg_unknown(m.c, r), 0u) << "r" << r;
    }
    EXPECT_EQ(m6_reg(m.c, TM_REG_LR), 0xffffffffu);  // lr_reset's
    Machine d({ 0xe7fe });
    ASSERT_EQ(m6_reset(d.c, nullptr), 0);
    EXPECT_EQ(m6_reg(d.c, 5), 0u);  // the default: 0
}

TEST(RReset, UnknownAndWhatIsComputedFromIt)
{
    // push {r4} ; adds r0, r1, r2 ; movs r1, #5 ; pop {r5} ; adds r2, r1, #1 ; b .
    Machine m({ 0xb410, 0x1888, 0x2105, 0xbc20, 0x1c4a, 0xe7fe });
    m.configure([](m6_config &k) { k.r_reset_unknown = 1; });
    std::vector<Rec> recs;
    m6_trace_to_sink(m.c, sink, &recs, 1);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    for (int r = 0; r <= 12; r++) EXPECT_EQ(m6_reg_unknown(m.c, r), 0xffffffffu) << "r" << r;
    EXPECT_EQ(m6_reg_unknown(m.c, TM_REG_LR), 0u);
    EXPECT_EQ(m6_reg_unknown(m.c, TM_REG_SP), 0u);
    m.run(5);
    // the PUSH puts r4's UNKNOWN value on the bus; the POP brings it back into r5
    const Rec *mw = last(recs, "MW", 0x20000ffc);
    ASSERT_NE(mw, nullptr);
    EXPECT_EQ(mw->unknown, 0xffffffffu);
    const Rec *r5 = last(recs, "r5");
    ASSERT_NE(r5, nullptr);
    EXPECT_EQ(r5->unknown, 0xffffffffu);
    // the sum of two unknown registers and its flags are unknown; MOVS #5 and what follows from it are known
    EXPECT_EQ(m6_reg_unknown(m.c, 0), 0xffffffffu);
    EXPECT_EQ(m6_reg_unknown(m.c, 1), 0u);
    EXPECT_EQ(m6_reg(m.c, 2), 6u);
    EXPECT_EQ(m6_reg_unknown(m.c, 2), 0u);
    EXPECT_EQ(m6_reg_unknown(m.c, TM_REG_XPSR), 0u) << "ADDS r2, r1, #1 set every flag from known values";
    std::vector<uint64_t> cpsr;  // the UNKNOWN bits of each cpsr write
    for (const Rec &r : recs)
        if (r.name == "cpsr") cpsr.push_back(r.unknown);
    // ADDS r0, r1, r2: N Z C V unknown; MOVS r1, #5: N Z known, C V still; ADDS r2, r1, #1: all known
    EXPECT_EQ(cpsr, (std::vector<uint64_t>{ 0xf0000000u, 0x30000000u, 0 }));
    // a core shows r3's value (live mode): the model takes it
    m6_take_value(m.c, 3, 0xffffffffu);
    EXPECT_EQ(m6_reg_unknown(m.c, 3), 0u);
    EXPECT_EQ(m6_reg(m.c, 3), 0xffffffffu);
    m6_take_value(m.c, 2, 0x1234);  // a known register is left alone
    EXPECT_EQ(m6_reg(m.c, 2), 6u);
}

TEST(RReset, AnUnknownValueCannotDecideThePath)
{
    struct {
        std::vector<uint16_t> code;
        const char *what;
    } cases[] = {
        { { 0x2b00, 0xd000, 0xe7fe, 0xe7fe }, "the condition of B<cond> at 00000102" },  // cmp r3, #0 ; beq
        { { 0x6830, 0xe7fe }, "an address register at 00000100" },                       // ldr r0, [r6]
        { { 0x4738, 0xe7fe }, "the branch target of BX at 00000100" },                   // bx r7
        { { 0x46c7, 0xe7fe }, "the branch target of MOV pc at 00000100" },               // mov pc, r8
        { { 0x468d, 0xe7fe }, "the stack pointer MOV writes at 00000100" },              // mov sp, r1
    };
    for (const auto &t : cases) {
        Machine m(t.code);
        m.configure([](m6_config &k) { k.r_reset_unknown = 1; });
        ASSERT_EQ(m6_reset(m.c, nullptr), 0);
        EXPECT_EQ(m.run(10), M6_STEP_UNKNOWN) << t.what;
        EXPECT_EQ(m6_stopped(m.c), M6_STEP_UNKNOWN);
        EXPECT_EQ(m6_exit_code(m.c), M6_EXIT_UNKNOWN);
        EXPECT_NE(std::string(m6_stop_reason(m.c)).find(t.what), std::string::npos) << m6_stop_reason(m.c);
        EXPECT_EQ(m6_step(m.c), M6_STEP_UNKNOWN) << "stopped for good";
        // with r_reset a value the same code runs on
        Machine k(t.code);
        ASSERT_EQ(m6_reset(k.c, nullptr), 0);
        m6_set_reg(k.c, 6, 0x20000000);  // a mapped address for LDR
        m6_set_reg(k.c, 7, 0x105);       // BX to the b .
        m6_set_reg(k.c, 8, 0x102);       // MOV pc to the b .
        m6_set_reg(k.c, 1, 0x20000800);
        EXPECT_EQ(k.run(10), M6_STEP_INSN) << t.what;
    }
}

TEST(RReset, ExceptionEntryStacksTheMarksAndTheReturnRestoresThem)
{
    // main: svc 0 ; b . ; the SVC handler (0x200): bx lr
    Machine m({ 0xdf00, 0xe7fe }, { 0x4770 });
    m.configure([](m6_config &k) { k.r_reset_unknown = 1; });
    std::vector<Rec> recs;
    m6_trace_to_sink(m.c, sink, &recs, 1);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    m6_take_value(m.c, 1, 0x11);  // a value the core showed: known
    m.run(3);                  // svc, its entry, bx lr with the unstacking
    // the frame: r0 unknown, r1 known, r2, r3, r12 unknown, LR known, the return address known
    const uint32_t frame = 0x20000fe0;
    ASSERT_NE(last(recs, "MW", frame), nullptr);
    EXPECT_EQ(last(recs, "MW", frame)->unknown, 0xffffffffu);
    EXPECT_EQ(last(recs, "MW", frame + 4)->unknown, 0u);
    EXPECT_EQ(last(recs, "MW", frame + 16)->unknown, 0xffffffffu);
    EXPECT_EQ(last(recs, "MW", frame + 20)->unknown, 0u);
    EXPECT_EQ(last(recs, "MW", frame + 24)->unknown, 0u);
    EXPECT_EQ(last(recs, "MR", frame)->unknown, 0xffffffffu);
    EXPECT_EQ(m.ipsr(), 0u);
    EXPECT_EQ(m6_reg_unknown(m.c, 0), 0xffffffffu);
    EXPECT_EQ(m6_reg_unknown(m.c, 1), 0u);
    EXPECT_EQ(m6_reg(m.c, 1), 0x11u);
    EXPECT_EQ(m6_reg_unknown(m.c, 12), 0xffffffffu);
    EXPECT_EQ(m6_reg_unknown(m.c, TM_REG_LR), 0u);
}

TEST(RReset, AFrameStackedBeforeALockupOnTheVectorReadKeepsItsMarks)
{
    // ldr r1, =VTOR ; ldr r2, =0x30000000 (unmapped) ; str r2, [r1] ; svc 0 ; b . ; nop ; the two literals
    Machine m({ 0x4902, 0x4a03, 0x600a, 0xdf00, 0xe7fe, 0xbf00, 0xed08, 0xe000, 0x0000, 0x3000 });
    m.configure([](m6_config &k) { k.r_reset_unknown = 1; });
    std::vector<Rec> recs;
    m6_trace_to_sink(m.c, sink, &recs, 1);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    EXPECT_EQ(m.run(10), M6_STEP_LOCKUP);
    // the frame's writes are traced although the exception was not entered: r0, r3, r12 unknown, r1, r2 known
    const uint32_t frame = 0x20000fe0;
    ASSERT_NE(last(recs, "MW", frame), nullptr);
    EXPECT_EQ(last(recs, "MW", frame)->unknown, 0xffffffffu);
    EXPECT_EQ(last(recs, "MW", frame + 4)->unknown, 0u);
    EXPECT_EQ(last(recs, "MW", frame + 8)->unknown, 0u);
    EXPECT_EQ(last(recs, "MW", frame + 12)->unknown, 0xffffffffu);
    EXPECT_EQ(last(recs, "MW", frame + 16)->unknown, 0xffffffffu);
    EXPECT_EQ(last(recs, "MW", frame + 20)->unknown, 0u);
}

TEST(Vtor, AbsentReadsZeroAndKeepsTheTableAtZero)
{
    for (int vtor = 1; vtor >= 0; vtor--) {
        // main: svc 0 ; b . ; the table at 0x400 sends SVCall to 0x300 (b .), the one at 0 to 0x200
        Machine m({ 0xdf00, 0xe7fe }, { 0xe7fe });
        m.poke32(0x300, 0xe7fe);
        m.poke32(0x400 + 4 * 11, 0x301);
        m.configure([&](m6_config &k) { k.vtor = vtor; });
        ASSERT_EQ(m6_reset(m.c, nullptr), 0);
        ASSERT_EQ(m6_scs_write(m.c, 0xe000ed08, 0x400), 0);
        EXPECT_EQ(m.bus32(0xe000ed08), vtor ? 0x400u : 0u);
        m.run(2);
        EXPECT_EQ(m.ipsr(), 11u);
        EXPECT_EQ(m6_reg(m.c, TM_REG_PC), vtor ? 0x300u : 0x200u) << "vtor=" << vtor;
    }
}

TEST(SystCalib, ReadsTheConfiguredValue)
{
    Machine m({ 0xe7fe });
    EXPECT_EQ(m.bus32(0xe000e01c), 0u);  // the default
    m.configure([](m6_config &k) { k.syst_calib = 0xc0000000u; });
    EXPECT_EQ(m.bus32(0xe000e01c), 0xc0000000u);
    ASSERT_EQ(m6_scs_write(m.c, 0xe000e01c, 0x1234), 0);
    EXPECT_EQ(m.bus32(0xe000e01c), 0xc0000000u) << "read-only";
}

TEST(SwPend, TakenAfterTheStoreOrAfterTheNextBarrier)
{
    // str r1, [r0] (the pend) ; nop ; nop ; <barrier> ; nop ; b .   The handlers (0x200): b .
    struct {
        uint32_t reg, value;
        unsigned exc;
        std::vector<uint16_t> barrier;
    } cases[] = {
        { 0xe000ed04, 1u << 28, M6_EXC_PENDSV, { 0xf3bf, 0x8f4f } },  // ICSR PENDSVSET, DSB
        { 0xe000ed04, 1u << 26, M6_EXC_SYSTICK, { 0xf3bf, 0x8f6f } }, // ICSR PENDSTSET, ISB
        { 0xe000ed04, 1u << 31, M6_EXC_NMI, { 0xf3bf, 0x8f4f } },     // ICSR NMIPENDSET, DSB
        { 0xe000e200, 1u << 2, M6_EXC_IRQ0 + 2, { 0xf3bf, 0x8f6f } }, // NVIC ISPR, ISB
    };
    for (const auto &t : cases) {
        for (int barrier = 0; barrier < 2; barrier++) {
            std::vector<uint16_t> code = { 0x6001, 0xbf00, 0xbf00 };
            code.insert(code.end(), t.barrier.begin(), t.barrier.end());
            code.insert(code.end(), { 0xbf00, 0xe7fe });
            Machine m(code, { 0xe7fe });
            m.configure([&](m6_config &k) { k.sw_pend = barrier ? M6_PEND_BARRIER : M6_PEND_STORE; });
            ASSERT_EQ(m6_reset(m.c, nullptr), 0);
            ASSERT_EQ(m6_scs_write(m.c, 0xe000e100, 0xffffffffu), 0);  // IRQs enabled
            m6_set_reg(m.c, 0, t.reg);
            m6_set_reg(m.c, 1, t.value);
            int steps = 0;
            while (m.ipsr() == 0 && steps < 10) {
                m6_step(m.c);
                steps++;
                if (barrier && m.ipsr() == 0 && steps == 1) {
                    EXPECT_NE(m.bus32(t.reg) & t.value, 0u) << "pending at once, in the registers";
                }
            }
            EXPECT_EQ(m.ipsr(), t.exc);
            // the return address stacked: after the store (0x102), or after the barrier (0x10a)
            EXPECT_EQ(m.bus32(m6_reg(m.c, TM_REG_SP) + 24), barrier ? 0x10au : 0x102u) << std::hex << t.value;
        }
    }
}

TEST(SwPend, AnExceptionReturnLetsTheHeldPendBeTaken)
{
    // main: svc 0 ; b . ; SVC handler (0x200): str r1, [r0] (PENDSVSET) ; bx lr ; PendSV (0x300): b .
    Machine m({ 0xdf00, 0xe7fe }, { 0x6001, 0x4770 });
    m.poke32(4 * 14, 0x301);
    m.poke32(0x300, 0xe7fe);
    m.configure([](m6_config &k) { k.sw_pend = M6_PEND_BARRIER; });
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    m6_set_reg(m.c, 0, 0xe000ed04);
    m6_set_reg(m.c, 1, 1u << 28);
    m.run(3);  // svc + entry, the store, bx lr: the return, then PendSV at the boundary after it
    EXPECT_EQ(m.ipsr(), (unsigned)M6_EXC_PENDSV);
    EXPECT_EQ(m.bus32(m6_reg(m.c, TM_REG_SP) + 24), 0x102u) << "taken as the return ends, before main's b .";
}

TEST(AbandonUnstack, ATailChainedEntryLeavesR0ToR3R12AndTheFlagsUnknown)
{
    // main: svc 0 ; b . ; the SVC handler pends PendSV (str r1, [r0]) and returns: a tail-chain into PendSV
    for (int abandon = 0; abandon < 2; abandon++) {
        Machine m({ 0xdf00, 0xe7fe }, { 0x6001, 0x4770 });
        m.poke32(4 * 14, 0x301);
        m.poke32(0x300, 0xe7fe);
        m.configure([&](m6_config &k) {
            k.tail_chain = 1;
            k.abandon_unstack = abandon;
        });
        std::vector<Rec> recs;
        m6_trace_to_sink(m.c, sink, &recs, 1);
        ASSERT_EQ(m6_reset(m.c, nullptr), 0);
        m6_set_reg(m.c, 0, 0xe000ed04);
        m6_set_reg(m.c, 1, 1u << 28);
        m.run(3);
        ASSERT_EQ(m.ipsr(), (unsigned)M6_EXC_PENDSV);
        EXPECT_EQ(m6_reg(m.c, TM_REG_LR), 0xfffffff9u);
        for (int r : { 0, 1, 2, 3, 12 }) {
            EXPECT_EQ(m6_reg_unknown(m.c, r), abandon ? 0xffffffffu : 0u) << "r" << r;
            const Rec *w = last(recs, "r" + std::to_string(r));
            if (abandon) {
                ASSERT_NE(w, nullptr) << "the chained entry writes r" << r << " UNKNOWN";
                EXPECT_EQ(w->unknown, 0xffffffffu);
            }
        }
        EXPECT_EQ(m6_reg_unknown(m.c, TM_REG_XPSR), abandon ? 0xf0000000u : 0u);
        EXPECT_EQ(m6_reg_unknown(m.c, 4), 0u);
        EXPECT_EQ(m6_msp(m.c), 0x20000fe0u) << "the frame stays, SP unchanged";
    }
}

TEST(SwPend, NextTakesThePendAfterExactlyOneMoreInstruction)
{
    // str r1, [r0] (the pend) ; nop ; nop ; nop ; b .   The handlers (0x200): b .
    struct {
        uint32_t reg, value;
        unsigned exc;
    } cases[] = {
        { 0xe000ed04, 1u << 28, M6_EXC_PENDSV },   // ICSR PENDSVSET
        { 0xe000ed04, 1u << 31, M6_EXC_NMI },      // ICSR NMIPENDSET
        { 0xe000e200, 1u << 2, M6_EXC_IRQ0 + 2 },  // NVIC ISPR
        { 0xe000e100, 1u << 5, M6_EXC_IRQ0 + 5 },  // NVIC ISER of an interrupt already pending
    };
    for (const auto &t : cases) {
        for (int next = 0; next < 2; next++) {
            Machine m({ 0x6001, 0xbf00, 0xbf00, 0xbf00, 0xe7fe }, { 0xe7fe });
            m.configure([&](m6_config &k) { k.sw_pend = next ? M6_PEND_NEXT : M6_PEND_STORE; });
            ASSERT_EQ(m6_reset(m.c, nullptr), 0);
            if (t.reg == 0xe000e100) ASSERT_EQ(m6_scs_write(m.c, 0xe000e200, t.value), 0);  // pending, disabled
            else ASSERT_EQ(m6_scs_write(m.c, 0xe000e100, 0xffffffffu), 0);                 // IRQs enabled
            m6_set_reg(m.c, 0, t.reg);
            m6_set_reg(m.c, 1, t.value);
            m.run(1);
            EXPECT_EQ(m.ipsr(), next ? 0u : t.exc) << "the boundary after the store";
            m.run(1);
            EXPECT_EQ(m.ipsr(), t.exc) << "after one more instruction";
            // the return address stacked: after the store (0x102), or after the one more instruction (0x104)
            EXPECT_EQ(m.bus32(m6_reg(m.c, TM_REG_SP) + 24), next ? 0x104u : 0x102u) << std::hex << t.value;
        }
    }
}

TEST(SwPend, NextPendVisibleAtAnExceptionReturnTailChains)
{
    // main: svc 0 ; b . ; SVC handler (0x200): str r1, [r0] (the pend) ; bx lr ; the handlers (0x300): b .
    // With sw_pend=next the BX LR is the one more instruction: the pend is visible at the return, which
    // tail-chains into it (the frame kept, never read), not a return to Thread and a new entry.
    struct {
        uint32_t value;
        unsigned exc;
    } cases[] = { { 1u << 31, M6_EXC_NMI }, { 1u << 28, M6_EXC_PENDSV } };  // ICSR NMIPENDSET, PENDSVSET
    for (const auto &t : cases) {
        {
            Machine m({ 0xdf00, 0xe7fe }, { 0x6001, 0x4770 });
            m.poke32(4 * M6_EXC_NMI, 0x301);
            m.poke32(4 * M6_EXC_PENDSV, 0x301);
            m.poke32(0x300, 0xe7fe);
            m.configure([&](m6_config &k) {
                k.sw_pend = M6_PEND_NEXT;
                k.tail_chain = 1;
            });
            std::vector<Rec> recs;
            m6_trace_to_sink(m.c, sink, &recs, 1);
            ASSERT_EQ(m6_reset(m.c, nullptr), 0);
            m6_set_reg(m.c, 0, 0xe000ed04);
            m6_set_reg(m.c, 1, t.value);
            m.run(3);  // svc + entry, the store, bx lr
            ASSERT_EQ(m.ipsr(), t.exc);
            EXPECT_EQ(m6_reg(m.c, TM_REG_LR), 0xfffffff9u);
            EXPECT_EQ(m6_msp(m.c), 0x20000fe0u) << "the SVC's frame kept";
            EXPECT_EQ(last(recs, "MR", 0x20000fe0u + 24), nullptr) << "the frame is not unstacked";
        }
    }
}

TEST(Shcsr, AbsentReadsZeroAndPendsNothing)
{
    // str r1, [r0] (SHCSR SVCALLPENDED) ; ldr r2, [r0] ; nop ; b .
    for (int present = 0; present < 2; present++) {
        Machine m({ 0x6001, 0x6802, 0xbf00, 0xe7fe }, { 0xe7fe });
        m.configure([&](m6_config &k) { k.shcsr = present; });
        ASSERT_EQ(m6_reset(m.c, nullptr), 0);
        ASSERT_EQ(m6_scs_write(m.c, 0xe000ed1c, 0x40000000u), 0);  // SVCall priority 1: preempts thread
        m6_set_reg(m.c, 0, 0xe000ed24);
        m6_set_reg(m.c, 1, 1u << 15);
        m.run(2);
        if (present) {
            EXPECT_EQ(m.ipsr(), (unsigned)M6_EXC_SVCALL) << "pended by SHCSR, taken";
        } else {
            EXPECT_EQ(m.ipsr(), 0u) << "nothing pended";
            EXPECT_EQ(m6_reg(m.c, 2), 0u) << "SHCSR reads 0";
            EXPECT_EQ(m.bus32(0xe000ed24), 0u);
        }
    }
}

TEST(ApsrReset, AValueOrUnknownFlagsTrackedPerBit)
{
    // movs r0, #0 (N Z from it; C V kept) ; adds r0, r0, #1 (all four) ; b .
    Machine v({ 0x2000, 0x1c40, 0xe7fe });
    v.configure([](m6_config &k) { k.apsr_reset = 0xc0000000u; });
    ASSERT_EQ(m6_reset(v.c, nullptr), 0);
    EXPECT_EQ(m6_xpsr(v.c), 0xc1000000u);
    EXPECT_EQ(m6_reg_unknown(v.c, TM_REG_XPSR), 0u);

    Machine m({ 0x2000, 0x1c40, 0xe7fe });
    m.configure([](m6_config &k) { k.apsr_reset_unknown = 1; });
    std::vector<Rec> recs;
    m6_trace_to_sink(m.c, sink, &recs, 1);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    EXPECT_EQ(m6_reg_unknown(m.c, TM_REG_XPSR), 0xf0000000u) << "N Z C V unknown";
    for (int r = 0; r <= 12; r++) EXPECT_EQ(m6_reg_unknown(m.c, r), 0u) << "r" << r << " known: r_reset is apart";
    m.run(1);
    EXPECT_EQ(m6_reg_unknown(m.c, TM_REG_XPSR), 0x30000000u) << "MOVS set N and Z; C and V still unknown";
    m.run(1);
    EXPECT_EQ(m6_reg_unknown(m.c, TM_REG_XPSR), 0u) << "ADDS set all four";
    std::vector<uint64_t> cpsr;
    for (const Rec &r : recs)
        if (r.name == "cpsr") cpsr.push_back(r.unknown);
    EXPECT_EQ(cpsr, (std::vector<uint64_t>{ 0x30000000u, 0 }));
}

TEST(ApsrReset, UnknownFlagsReachTheStackedXpsr)
{
    // udf: a HardFault before any flag is set stacks xPSR with its flags UNKNOWN
    Machine m({ 0xde00, 0xe7fe }, { 0xe7fe });
    m.configure([](m6_config &k) { k.apsr_reset_unknown = 1; });
    std::vector<Rec> recs;
    m6_trace_to_sink(m.c, sink, &recs, 1);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    m.run(1);
    ASSERT_EQ(m.ipsr(), (unsigned)M6_EXC_HARDFAULT);
    const Rec *xpsr = last(recs, "MW", 0x20000ffc);
    ASSERT_NE(xpsr, nullptr);
    EXPECT_EQ(xpsr->unknown & 0xff000000u, 0xff000000u) << "the flags' byte of the frame's xPSR";
    EXPECT_EQ(xpsr->unknown & 0x00ffffffu, 0u);
}

TEST(ApsrReset, AStackedXpsrRewrittenKeepsItsFlagsUnknownBitByBit)
{
    // main: udf ; lsrs r0, r5, #24 ; movs r4, #1 ; ands r0, r4 ; b .
    // HardFault (0x200): ldr r5, [sp, #28] ; movs r3, #128 ; lsls r3, r3, #17 ; orrs r5, r3 (EPSR.T set) ;
    //   str r5, [sp, #28] ; ldr r1, [sp, #24] ; adds r1, #2 ; str r1, [sp, #24] (past the UDF) ; bx lr
    Machine m({ 0xde00, 0x0e28, 0x2401, 0x4020, 0xe7fe },
              { 0x9d07, 0x2380, 0x045b, 0x431d, 0x9507, 0x9906, 0x3102, 0x9106, 0x4770 });
    m.configure([](m6_config &k) { k.apsr_reset_unknown = 1; });
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    m.run(10);  // the entry and the handler: back at 0x102
    ASSERT_EQ(m6_stopped(m.c), 0) << m6_stop_reason(m.c);
    EXPECT_EQ(m6_reg(m.c, TM_REG_PC), 0x102u);
    EXPECT_EQ(m6_reg_unknown(m.c, 5), 0xf0000000u) << "the flags' bits of the word the handler wrote back";
    EXPECT_EQ(m6_reg_unknown(m.c, TM_REG_XPSR), 0xf0000000u) << "the flags from the frame: still unknown";
    m.run(3);
    EXPECT_EQ(m6_reg_unknown(m.c, 0), 0u) << "EPSR.T's bit, shifted down and masked: known";
    EXPECT_EQ(m6_reg(m.c, 0), 1u);
    EXPECT_EQ(m6_reg_unknown(m.c, TM_REG_XPSR), 0x10000000u)
        << "LSRS set C from a known bit (bit 23), ANDS N and Z from known bits: V stays unknown";
}

TEST(Preset, CortexM0SetsTheCoresChoicesTogether)
{
    m6_config cfg, def;
    m6_config_defaults(&cfg);
    m6_config_defaults(&def);
    tm_error err;
    ASSERT_EQ(m6_config_parse(&cfg, "num_irq=16,preset=cortex-m0,vtor=1", &err), TM_OK) << err.msg;
    EXPECT_EQ(cfg.cpuid, 0x410cc200u);
    EXPECT_EQ(cfg.r_reset_unknown, 1);
    EXPECT_EQ(cfg.syst_calib, 0xc0000000u);
    EXPECT_EQ(cfg.sw_pend, M6_PEND_NEXT);
    EXPECT_EQ(cfg.tail_chain, 1);
    EXPECT_EQ(cfg.late_arrival, 1);
    EXPECT_EQ(cfg.abandon_unstack, 1);
    EXPECT_EQ(cfg.shcsr, 0);
    EXPECT_EQ(cfg.apsr_reset_unknown, 1);
    EXPECT_EQ(cfg.nmi_level, 1);
    EXPECT_EQ(cfg.vtor, 1) << "a later key overrides the preset";
    EXPECT_EQ(cfg.num_irq, 16u) << "the system's choices stay";
    EXPECT_EQ(cfg.mtb, def.mtb);
    EXPECT_EQ(cfg.systick, def.systick);
    // the record names the values, not the preset: it reads back to the same configuration
    char text[M6_CONFIG_TEXT_MAX];
    m6_config_format(&cfg, text, sizeof text);
    EXPECT_EQ(std::string(text).find("preset"), std::string::npos);
    m6_config back;
    m6_config_defaults(&back);
    ASSERT_EQ(m6_config_parse(&back, text, &err), TM_OK);
    char again[M6_CONFIG_TEXT_MAX];
    m6_config_format(&back, again, sizeof again);
    EXPECT_STREQ(text, again);
}

// Cortex-M0+, M3 and M4: each preset sets the architecture, the memory map and every core choice together, so that
// one applied after another leaves nothing of the first; the system's choices stay.
TEST(Preset, EachCoreSetsItsArchitectureMemoryMapAndChoices)
{
    struct {
        const char *name;
        int arch, mem_map;
        uint32_t cpuid;
    } cores[] = {
        { "cortex-m0plus", M6_ARCH_V6M, M6_MEM_MAP_DEFAULT, 0x410cc601u },
        { "cortex-m3", M6_ARCH_V7M, M6_MEM_MAP_MPS2, 0x412fc231u },
        { "cortex-m4", M6_ARCH_V7EM, M6_MEM_MAP_MPS2, 0x410fc241u },
    };
    for (const auto &core : cores) {
        SCOPED_TRACE(core.name);
        m6_config cfg;
        m6_config_defaults(&cfg);
        tm_error err;
        // a Cortex-M0's choices first, and a system of 8 interrupts: the preset replaces the core's, not the system's
        ASSERT_EQ(m6_config_parse(&cfg, "num_irq=8,preset=cortex-m0", &err), TM_OK) << err.msg;
        ASSERT_EQ(m6_config_set(&cfg, "preset", core.name, &err), TM_OK) << err.msg;
        EXPECT_EQ(cfg.arch, core.arch);
        EXPECT_EQ(cfg.mem_map, core.mem_map);
        EXPECT_EQ(cfg.cpuid, core.cpuid);
        // r0-r12 are UNKNOWN at reset; on ARMv7-M the setting gives them 0, the UNKNOWN tracking being ARMv6-M's
        EXPECT_EQ(cfg.r_reset_unknown, core.arch == M6_ARCH_V6M);
        EXPECT_EQ(cfg.r_reset, 0u);
        EXPECT_EQ(cfg.vtor, 1);
        EXPECT_EQ(cfg.shcsr, 1);
        EXPECT_EQ(cfg.sw_pend, M6_PEND_STORE);
        EXPECT_EQ(cfg.tail_chain, 1);
        EXPECT_EQ(cfg.late_arrival, 1);
        EXPECT_EQ(cfg.abandon_unstack, 0);
        EXPECT_EQ(cfg.apsr_reset_unknown, core.arch == M6_ARCH_V6M) << "M3/M4: the PSR resets to 0x01000000";
        EXPECT_EQ(cfg.num_irq, 8u) << "the system's choice stays";
        EXPECT_EQ(cfg.syst_calib, 0xc0000000u) << "SYST_CALIB is the system's: the Cortex-M0's measured one stays";
    }
    // the Cortex-M0 preset says its architecture and map too: after a Cortex-M4's, an ARMv6-M core again
    m6_config cfg;
    m6_config_defaults(&cfg);
    ASSERT_EQ(m6_config_parse(&cfg, "preset=cortex-m4", nullptr), TM_OK);
    ASSERT_EQ(m6_config_set(&cfg, "preset", "cortex-m0", nullptr), TM_OK);
    EXPECT_EQ(cfg.arch, M6_ARCH_V6M);
    EXPECT_EQ(cfg.mem_map, M6_MEM_MAP_DEFAULT);
}

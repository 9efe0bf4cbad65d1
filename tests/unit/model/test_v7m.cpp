// ARMv7-M in the model (model/ARCHITECTURE.md, "ARMv7-M"): one encoding table with an architectures column, the
// decoder of each architecture; IT blocks (conditions, the 16-bit forms' flags, ITSTATE in the xPSR); the
// UNPREDICTABLE cases stop the model with their reason; unaligned single accesses; the ARMv6-M model unchanged.
#include <gtest/gtest.h>

#include "machine.h"

extern "C" {
#include "tarmac/thumb.h"
}

namespace {

void arch(Machine &m, int a)
{
    m.configure([&](m6_config &k) { k.arch = a; });
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
}

}  // namespace

TEST(V7m, TheTableSaysWhichArchitecturesHaveEachEncoding)
{
    int v6 = 0, v7 = 0, dsp = 0;
    for (int id = 1; id < THUMB_ID_COUNT; id++) {
        const thumb_encoding *e = thumb_entry((thumb_id)id);
        ASSERT_NE(e->archs, 0) << e->name;
        EXPECT_TRUE(e->archs & THUMB_ARCH_V7EM) << e->name << ": ARMv7E-M has every encoding";
        if (e->archs & THUMB_ARCH_V6M) v6++;
        else if (e->archs & THUMB_ARCH_V7M) v7++;
        else dsp++;
    }
    EXPECT_EQ(v6, 85);
    EXPECT_EQ(v7, 155);
    EXPECT_EQ(dsp, 71);
    // CBZ, an ARMv7-M 16-bit encoding, and LDR.W, a 32-bit one: UNDEFINED on ARMv6-M, themselves on ARMv7-M
    EXPECT_EQ(thumb_decode(0xb100, 0), thumb_undefined);
    EXPECT_EQ(thumb_decode_arch(0xb100, 0, THUMB_ARCH_V7M), thumb_cbz_t1);
    EXPECT_EQ(thumb_decode(0xf8d10004u, 1), thumb_undefined);
    EXPECT_EQ(thumb_decode_arch(0xf8d10004u, 1, THUMB_ARCH_V7M), thumb_ldr_imm_t3);
    // SMULBB is the DSP extension's: not ARMv7-M's
    EXPECT_EQ(thumb_decode_arch(0xfb10f000u, 1, THUMB_ARCH_V7M), thumb_undefined);
    EXPECT_EQ(thumb_decode_arch(0xfb10f000u, 1, THUMB_ARCH_V7EM), thumb_smulxy_t1);
    // the ARMv6-M halfword table is the one it always was: every ARMv6-M entry, nothing else
    for (uint32_t hw = 0; hw < 0x10000; hw++) {
        thumb_id id = thumb_decode(hw, 0);
        if (id != thumb_undefined) {
            ASSERT_TRUE(thumb_entry(id)->archs & THUMB_ARCH_V6M) << std::hex << hw;
        }
    }
}

TEST(V7m, ArmV6mFaultsOnWhatArmV7mExecutes)
{
    // movw r0, #0x1234 ; bkpt 0xab (the handler exits)
    for (int a : { M6_ARCH_V6M, M6_ARCH_V7M }) {
        Machine m({ 0xf241, 0x2034, 0xe7fe });
        arch(m, a);
        m.run(3);
        if (a == M6_ARCH_V6M) EXPECT_EQ(m.ipsr(), 3u) << "MOVW is UNDEFINED on ARMv6-M: HardFault";
        else EXPECT_EQ(m6_reg(m.c, TM_REG_R0), 0x1234u);
    }
}

TEST(V7m, ItBlockRunsOnItsConditionsAndKeepsTheFlags)
{
    // movs r0, #0 ; cmp r0, #0 (Z C) ; itte eq ; adds r1, r0, #1 (no flags in the block) ; addeq r2, #7 ;
    // movne r3, #9 (skipped) ; b .
    Machine m({ 0x2000, 0x2800, 0xbf06, 0x1c41, 0x3207, 0x2309, 0xe7fe });
    arch(m, M6_ARCH_V7M);
    m6_set_reg(m.c, TM_REG_R0 + 3, 5);
    m.run(3);
    EXPECT_EQ(m6_xpsr(m.c) & 0x0600fc00u, 0x04000400u) << "ITSTATE 0b00000110: bits 7:2 at 15:10, 1:0 at 26:25";
    m.run(3);
    EXPECT_EQ(m6_reg(m.c, TM_REG_R0 + 1), 1u);
    EXPECT_EQ(m6_reg(m.c, TM_REG_R0 + 2), 7u);
    EXPECT_EQ(m6_reg(m.c, TM_REG_R0 + 3), 5u) << "the else slot did not execute";
    EXPECT_EQ(m6_xpsr(m.c) >> 28, 0x6u) << "ADDS in the block set no flags: Z C from the compare";
    EXPECT_EQ(m6_xpsr(m.c) & 0x0600fc00u, 0u) << "the block is over";
}

TEST(V7m, UnpredictableStopsTheModelWithItsReason)
{
    struct {
        std::vector<uint16_t> code;
        const char *why;
    } cases[] = {
        { { 0xbf08, 0xd000 }, "a conditional branch in an IT block" },     // it eq ; beq
        { { 0xbf00 | 0xf8, 0xbf00 }, "IT with condition 1111" },            // it with firstcond 1111
        { { 0xeb0d, 0x0f00 }, "PC as Rd" },                                  // add.w pc, sp, r0 (ADD SP T3)
        { { 0xe8bd, 0xc000 }, "PC and LR" },                                 // pop.w {lr, pc}
        { { 0xf04f, 0x1d00 }, "SP or PC as Rd" },                            // mov.w sp, #0 (imm8 zero pattern 1)
    };
    for (const auto &t : cases) {
        Machine m(t.code);
        arch(m, M6_ARCH_V7M);
        EXPECT_EQ(m.run(4), M6_STEP_UNKNOWN);
        EXPECT_EQ(m6_exit_code(m.c), M6_EXIT_UNKNOWN);
        std::string why = m6_stop_reason(m.c);
        EXPECT_NE(why.find("is UNPREDICTABLE"), std::string::npos) << why;
        EXPECT_NE(why.find(t.why), std::string::npos) << why;
        EXPECT_EQ(m6_reg(m.c, TM_REG_PC) & 0xff, 0u + 2 * (t.code[0] == 0xbf08)) << "stopped before the instruction";
    }
}

TEST(V7m, UnalignedSingleAccessesAreAllowedAndMultipleOnesFault)
{
    // ldr r0, [r1] with r1 = 0x20000001 ; b .
    for (int a : { M6_ARCH_V6M, M6_ARCH_V7M }) {
        Machine m({ 0x6808, 0xe7fe });
        arch(m, a);
        m.poke32(0x20000000, 0x44332211);
        m.poke32(0x20000004, 0x88776655);
        m6_set_reg(m.c, TM_REG_R0 + 1, 0x20000001);
        m.run(1);
        if (a == M6_ARCH_V6M) EXPECT_EQ(m.ipsr(), 3u);
        else EXPECT_EQ(m6_reg(m.c, TM_REG_R0), 0x55443322u);
    }
    // ldm.w r1, {r2, r3} unaligned: a fault on ARMv7-M too
    Machine m({ 0xe891, 0x000c, 0xe7fe });
    arch(m, M6_ARCH_V7M);
    m6_set_reg(m.c, TM_REG_R0 + 1, 0x20000002);
    m.run(1);
    EXPECT_EQ(m.ipsr(), 3u);
}

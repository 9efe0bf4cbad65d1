// The three users of the Thumb encoding table agree on every 16-bit halfword and on the 32-bit encodings: the
// executor runs the entry thumb_decode() names, the disassembler prints that entry's mnemonic (or "undefined"
// exactly where the executor faults on an UNPREDICTABLE operand), and the checker's branch classification
// (thumb_writes_pc, which derives the expected MTB packets) says "branch" exactly when the model's MTB writes
// a branch packet.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

extern "C" {
#include "armv6m.h"
#include "tarmac/thumb.h"
}

namespace {

constexpr uint32_t kPc = 0x100, kSram = 0x20000000, kStack = 0x20000800, kHandler = 0x200;

// One machine, put back to the same state before every instruction (reset, then the same registers and SRAM):
// thread mode, flags clear, registers pointing at word-aligned SRAM that holds Thumb addresses (so POP {pc} and
// LDR-then-BX go somewhere sane), the MTB on with a packet observer.
struct Bench {
    m6 *c = m6_create(nullptr);
    std::vector<uint8_t> sram;
    int branch_packets = 0;

    Bench()
    {
        m6_set_console(c, nullptr);
        uint32_t *vt = reinterpret_cast<uint32_t *>(m6_mem_ptr(c, 0, 192));
        vt[0] = kStack;
        vt[1] = kPc | 1;
        for (int i = 2; i < 48; i++) vt[i] = kHandler | 1;
        uint32_t *ram = reinterpret_cast<uint32_t *>(m6_mem_ptr(c, kSram, 0x1000));
        for (int i = 0; i < 0x400; i++) ram[i] = kSram + 0x101 + 8 * (uint32_t)i;
        sram.assign(reinterpret_cast<uint8_t *>(ram), reinterpret_cast<uint8_t *>(ram) + 0x1000);
        m6_on_mtb_packet(c, [](void *ctx, uint64_t, uint32_t w0, uint32_t) {
            if (!(w0 & 1)) static_cast<Bench *>(ctx)->branch_packets++; // A=0: a branch, not an exception entry
        }, this);
    }
    ~Bench() { m6_destroy(c); }

    // Executes op at kPc; returns whether it faulted (HardFault entered).
    bool run(uint32_t op, int is32)
    {
        std::memcpy(m6_mem_ptr(c, kSram, 0x1000), sram.data(), sram.size());
        EXPECT_EQ(m6_reset(c, nullptr), 0);
        for (int i = 0; i < 13; i++) m6_set_reg(c, TM_REG_R0 + i, kSram + 0x100 + 16 * (uint32_t)i);
        m6_set_reg(c, TM_REG_LR, kSram + 0x301);
        EXPECT_EQ(m6_write(c, m6_get_config(c)->mtb_base + 4, 4, 0x80000008u), 0); // MASTER: EN, a 4 KiB buffer
        uint16_t hw[2] = { (uint16_t)(is32 ? op >> 16 : op), (uint16_t)op };
        std::memcpy(m6_mem_ptr(c, kPc, 4), hw, 4);
        branch_packets = 0;
        m6_step(c);
        return (m6_xpsr(c) & 0x3f) == M6_EXC_HARDFAULT;
    }
};

// With N, Z, C and V clear: EQ CS MI VS HI LT LE fail, the others pass.
bool cond_passes_with_flags_clear(unsigned cond)
{
    return cond == 1 || cond == 3 || cond == 5 || cond == 7 || cond == 9 || cond == 10 || cond == 12;
}

// Syntaxes that print a suffix after the mnemonic: b<cond>.n, b.n, cpsie/cpsid, udf.w
bool suffixed(const thumb_encoding *e)
{
    return e->syntax == THUMB_SYNTAX_B_COND || e->syntax == THUMB_SYNTAX_B || e->syntax == THUMB_SYNTAX_CPS ||
           e->syntax == THUMB_SYNTAX_UDF_W;
}

void check(Bench &b, uint32_t op, int is32)
{
    thumb_id id = thumb_decode(op, is32);
    const thumb_encoding *e = thumb_entry(id);
    bool fault = b.run(op, is32);
    SCOPED_TRACE(::testing::Message() << std::hex << op << " " << e->name);
    EXPECT_EQ(m6_last_encoding(b.c), id) << "the executor ran another entry";
    char buf[96];
    m6_disasm(kPc, op, is32, buf, sizeof buf);
    std::string text = buf, first = text.substr(0, text.find(' '));
    if (id == thumb_undefined) {
        EXPECT_TRUE(fault) << "UNDEFINED must fault";
        EXPECT_EQ(first, "undefined");
    } else if (first == "undefined") {
        EXPECT_TRUE(fault) << "the disassembler says undefined where the executor does not fault: " << text;
    } else if (op == 0x46c0 && !is32) {
        EXPECT_EQ(text, "nop") << "mov r8, r8 is printed as objdump prints it";
    } else if (suffixed(e)) {
        EXPECT_EQ(first.rfind(e->mnemonic, 0), 0u) << text << " is not " << e->mnemonic;
    } else {
        EXPECT_EQ(first, e->mnemonic) << text;
    }
    if (fault) {
        EXPECT_EQ(b.branch_packets, 0) << "a faulting instruction branches nowhere";
        return;
    }
    bool taken = !(e->flags & THUMB_F_COND) || cond_passes_with_flags_clear(thumb_cond(op));
    EXPECT_EQ(b.branch_packets, thumb_writes_pc(op, is32) && taken ? 1 : 0) << text;
}

}  // namespace

TEST(ThumbUsers, EveryHalfwordIsExecutedDisassembledAndClassifiedAsTheSameEntry)
{
    Bench b;
    for (uint32_t h = 0; h < 0xE800; h++) check(b, h, 0);
}

TEST(ThumbUsers, ThirtyTwoBitEncodings)
{
    Bench b;
    const uint32_t ops[] = { 0xf000fd3b, 0xf7fffffe, 0xf3808810, 0xf3808814, 0xf38d8808, 0xf3ef8014, 0xf3ef8d08,
                             0xf3bf8f4f, 0xf3bf8f5f, 0xf3bf8f6f, 0xf7f0a000,
                             0xe800d000, 0xf800f800, 0xf3908810, 0xf3bf8f7f, 0xf3ef9000, 0xe9d00000 };
    for (uint32_t op : ops) check(b, op, 1);
}

// The model executed BL for any first halfword with the second halfword's BL bits, and MSR with the
// should-be-zero bit 4 of the first halfword set; the reference core and the manual make both UNDEFINED.
TEST(ThumbUsers, BlAndMsrNeedTheirWholeFirstHalfword)
{
    Bench b;
    EXPECT_TRUE(b.run(0xe800d000, 1));
    EXPECT_EQ(m6_reg(b.c, TM_REG_PC), kHandler);
    EXPECT_TRUE(b.run(0xf800d000, 1));
    EXPECT_TRUE(b.run(0xf3908810, 1));
    EXPECT_FALSE(b.run(0xf000f800, 1)); // bl to the next instruction
    EXPECT_EQ(m6_reg(b.c, TM_REG_PC), kPc + 4);
    EXPECT_EQ(m6_reg(b.c, TM_REG_LR), (kPc + 4) | 1);
}

// Every ARMv7-M and ARMv7E-M encoding of the decode table with an example (tests/programs/v7m/encodings.list):
// an opcode that decodes to it on its architecture, run by the model from one known state, and everything the
// step changed (registers, flags, Q, GE, ITSTATE, BASEPRI, FAULTMASK, execution priority, the data buffer and the stack) equal to the
// list's effects. The same list builds the programs v7m/encodings_v7m and v7m/encodings_v7em, which QEMU's
// mps2-an385 and mps2-an386 single-step beside the model (make oracle-v7m): the effects are QEMU's too.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "machine.h"

extern "C" {
#include "tarmac/thumb.h"
}

namespace {

// The known state (the programs' v7e_setup sets the same one)
const uint32_t kBuf = 0x20000400, kCode = 0x100, kExample = 0x104;
const uint32_t kBufInit[16] = { 0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff00, 0x80818283, 0x01020304,
                                0xa5a5a5a5, 0x0000ffff, 0x00000001, 0, 0, 0, 0, 0, 0, 0 };
// the words at SP-16 .. SP+12
const uint32_t kStackInit[8] = { 0, 0, 0, 0, 0xa1a2a3a4, 0xb1b2b3b4, 0xc1c2c3c4, 0xd1d2d3d4 };
const uint32_t kRegs[13] = { kBuf,       0x12345678, 0x8000fffe, 3,          0xf0f0a5c3, 0x10,      0x7fff8001,
                             0x01020304, kBuf + 32,  0,          0xffffffff, 0x80000000, 5 };
const uint32_t kFlags = 0x20000000, kGe = 0x5;  // C; GE 0b0101 (ARMv7E-M)
// the words after the example that the literal forms read (Align(PC, 4) + 4)
const uint32_t kLiteral[2] = { 0x89abcdef, 0x12345678 };

struct Example {
    std::string id;
    uint32_t opcode;
    bool is32;
    std::string assembly, effects;
    int line;
};

std::vector<Example> load_examples()
{
    std::vector<Example> v;
    std::ifstream in(std::string(TM_SOURCE_DIR) + "/tests/programs/v7m/encodings.list");
    std::string line;
    for (int n = 1; std::getline(in, line); n++) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string x; std::getline(ss, x, '|');) f.push_back(x);
        EXPECT_EQ(f.size(), 4u) << "encodings.list:" << n << ": id|opcode|assembly|effects";
        if (f.size() != 4) continue;
        Example e{ f[0], (uint32_t)std::stoul(f[1], nullptr, 16), f[1].size() == 8, f[2], f[3], n };
        v.push_back(e);
    }
    return v;
}

std::map<std::string, thumb_id> ids()
{
    std::map<std::string, thumb_id> m;
#define ID_NAME(id, ...) m[#id] = thumb_##id;
    THUMB_ENCODINGS_16(ID_NAME)
    THUMB_ENCODINGS_32(ID_NAME)
#undef ID_NAME
    return m;
}

// What the state holds, and what one step changed of it, in the list's words.
struct Snapshot {
    uint32_t r[16], xpsr, primask, control, basepri, faultmask;
    int prio;
    uint32_t buf[16], stack[8];
};

Snapshot snap(Machine &m, uint32_t sp0)
{
    Snapshot s;
    for (int i = 0; i < 16; i++) s.r[i] = m6_reg(m.c, TM_REG_R0 + i);
    s.xpsr = m6_xpsr(m.c);
    s.primask = m6_reg(m.c, TM_REG_PRIMASK);
    s.control = m6_reg(m.c, TM_REG_CONTROL);
    s.basepri = m6_special(m.c, 17);
    s.faultmask = m6_special(m.c, 19);
    s.prio = m6_exec_priority(m.c);
    for (int i = 0; i < 16; i++) s.buf[i] = m.bus32(kBuf + 4 * i);
    for (int i = 0; i < 8; i++) s.stack[i] = m.bus32(sp0 - 16 + 4 * i);
    return s;
}

std::string hex(uint32_t v)
{
    char b[16];
    std::snprintf(b, sizeof b, "0x%x", v);
    return b;
}

// a value as the list writes it: relative to the buffer, the stack pointer or the example's address when near
std::string value(uint32_t v, uint32_t sp0)
{
    auto rel = [](const char *base, uint32_t v, uint32_t b) {
        return std::string(base) + (v >= b ? "+" + hex(v - b) : "-" + hex(b - v));
    };
    if (v - (kBuf - 64) < 192) return rel("buf", v, kBuf);
    if (v - (sp0 - 64) < 128) return rel("sp", v, sp0);
    if (v - kCode < 64) return rel("pc", v, kExample);
    return hex(v);
}

std::string effects(const Snapshot &a, const Snapshot &b, uint32_t sp0, unsigned len)
{
    std::string out;
    auto add = [&](const std::string &s) { out += (out.empty() ? "" : " ") + s; };
    static const char *const names[16] = { "r0", "r1", "r2", "r3", "r4",  "r5", "r6", "r7",
                                           "r8", "r9", "r10", "r11", "r12", "sp", "lr", "pc" };
    for (int i = 0; i < 15; i++)
        if (a.r[i] != b.r[i]) add(std::string(names[i]) + "=" + value(b.r[i], sp0));
    if (b.r[15] != kExample + len) add("pc=" + value(b.r[15], sp0));
    if ((a.xpsr ^ b.xpsr) >> 27) add("nzcvq=" + hex(b.xpsr >> 27));
    if ((a.xpsr ^ b.xpsr) & 0x000f0000u) add("ge=" + hex(b.xpsr >> 16 & 15));
    uint32_t it_a = (a.xpsr >> 25 & 3) | (a.xpsr >> 8 & 0xfc), it_b = (b.xpsr >> 25 & 3) | (b.xpsr >> 8 & 0xfc);
    if (it_a != it_b) add("it=" + hex(it_b));
    if ((a.xpsr ^ b.xpsr) & 0x1ff) add("ipsr=" + hex(b.xpsr & 0x1ff));
    if (a.primask != b.primask) add("primask=" + hex(b.primask));
    if (a.control != b.control) add("control=" + hex(b.control));
    if (a.basepri != b.basepri) add("basepri=" + hex(b.basepri));
    if (a.faultmask != b.faultmask) add("faultmask=" + hex(b.faultmask));
    if (a.prio != b.prio) add("priority=" + std::to_string(b.prio));
    for (int i = 0; i < 16; i++)
        if (a.buf[i] != b.buf[i]) add("[" + value(kBuf + 4 * i, sp0) + "]=" + hex(b.buf[i]));
    for (int i = 0; i < 8; i++)
        if (a.stack[i] != b.stack[i]) add("[" + value(sp0 - 16 + 4 * i, sp0) + "]=" + hex(b.stack[i]));
    return out.empty() ? "none" : out;
}

unsigned arch_bit_of(const thumb_encoding *e) { return e->archs & THUMB_ARCH_V7M ? THUMB_ARCH_V7M : THUMB_ARCH_V7EM; }

// The example run on the model: the flags set by MSR from r9 first, then the known state, then one step.
std::string run(const Example &x, unsigned arch_bit, int *step)
{
    // msr apsr_nzcvq (ARMv7-M) or apsr_nzcvqg (ARMv7E-M), r9
    std::vector<uint16_t> code = { 0xf389, (uint16_t)(arch_bit == THUMB_ARCH_V7EM ? 0x8c00 : 0x8800) };
    if (x.is32) code.insert(code.end(), { (uint16_t)(x.opcode >> 16), (uint16_t)x.opcode });
    else code.push_back((uint16_t)x.opcode);
    while (code.size() < 6) code.push_back(0xbf00);  // nop up to the literal
    code.insert(code.end(), { (uint16_t)kLiteral[0], (uint16_t)(kLiteral[0] >> 16), (uint16_t)kLiteral[1],
                              (uint16_t)(kLiteral[1] >> 16) });
    Machine m(code);
    m.configure([&](m6_config &k) { k.arch = arch_bit == THUMB_ARCH_V7EM ? M6_ARCH_V7EM : M6_ARCH_V7M; });
    EXPECT_EQ(m6_reset(m.c, nullptr), 0);
    m6_set_reg(m.c, TM_REG_R0 + 9, kFlags | (arch_bit == THUMB_ARCH_V7EM ? kGe << 16 : 0));
    EXPECT_EQ(m6_step(m.c), M6_STEP_INSN);
    for (int i = 0; i < 13; i++) m6_set_reg(m.c, TM_REG_R0 + i, kRegs[i]);
    uint32_t sp0 = m6_reg(m.c, TM_REG_SP);
    for (int i = 0; i < 16; i++) m.poke32(kBuf + 4 * i, kBufInit[i]);
    for (int i = 0; i < 8; i++) m.poke32(sp0 - 16 + 4 * i, kStackInit[i]);
    Snapshot before = snap(m, sp0);
    EXPECT_EQ(m6_reg(m.c, TM_REG_PC), kExample);
    *step = m6_step(m.c);
    if (*step == M6_STEP_INSN) {
        EXPECT_EQ(m6_last_encoding(m.c), thumb_decode_arch(x.opcode, x.is32, arch_bit));
    }
    return effects(before, snap(m, sp0), sp0, x.is32 ? 4 : 2);
}

}  // namespace

TEST(V7mEncodings, EveryArmV7mEncodingHasAnExample)
{
    std::map<std::string, thumb_id> by_name = ids();
    std::map<thumb_id, int> examples;
    for (const Example &x : load_examples()) {
        auto it = by_name.find(x.id);
        ASSERT_NE(it, by_name.end()) << "encodings.list:" << x.line << ": no encoding " << x.id;
        examples[it->second]++;
    }
    int v7 = 0;
    for (int id = 1; id < THUMB_ID_COUNT; id++) {
        const thumb_encoding *e = thumb_entry((thumb_id)id);
        if (e->archs & THUMB_ARCH_V6M) continue;
        v7++;
        EXPECT_GT(examples[(thumb_id)id], 0) << e->name << " has no example in tests/programs/v7m/encodings.list";
    }
    EXPECT_EQ(examples.size(), (size_t)v7) << "an example of an ARMv6-M encoding (they have the v6 corpus)";
}

TEST(V7mEncodings, EachExampleDecodesToItsEncodingAndHasItsEffects)
{
    std::map<std::string, thumb_id> by_name = ids();
    std::vector<Example> list = load_examples();
    ASSERT_FALSE(list.empty());
    for (const Example &x : list) {
        SCOPED_TRACE("encodings.list:" + std::to_string(x.line) + ": " + x.id + " (" + x.assembly + ")");
        thumb_id id = by_name[x.id];
        const thumb_encoding *e = thumb_entry(id);
        unsigned arch_bit = arch_bit_of(e);
        ASSERT_EQ(thumb_decode_arch(x.opcode, x.is32, arch_bit), id) << std::hex << x.opcode;
        EXPECT_EQ(thumb_decode_arch(x.opcode, x.is32, THUMB_ARCH_V6M), thumb_undefined) << "on ARMv6-M";
        int step = -1;
        std::string got = run(x, arch_bit, &step);
        EXPECT_EQ(step, M6_STEP_INSN);
        EXPECT_EQ(got, x.effects);
        if (arch_bit == THUMB_ARCH_V7EM) {  // without the DSP extension: UNDEFINED, a HardFault before any effect
            EXPECT_NE(thumb_decode_arch(x.opcode, x.is32, THUMB_ARCH_V7M), id);
            got = run(x, THUMB_ARCH_V7M, &step);
            EXPECT_NE(got.find("ipsr=0x3"), std::string::npos) << "DSP on ARMv7-M: " << got;
            EXPECT_EQ(got.find("r9="), std::string::npos) << "DSP on ARMv7-M: " << got;
        }
    }
}

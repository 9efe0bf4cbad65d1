// The Thumb encoding table (tarmac/thumb.h) against the ARMv6-M Architecture Reference Manual: every halfword
// decodes to its only matching encoding, or to the one the manual's "SEE" sends it to, or is UNDEFINED for the
// reason the manual gives; every entry's name, with an encoding of each; the field extractors and the branch
// classification the checker's MTB expectations use.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

extern "C" {
#include "tarmac/thumb.h"
}

namespace {

bool matches(thumb_id id, uint32_t op) { return (op & thumb_entry(id)->mask) == thumb_entry(id)->match; }

// The manual's precedences: {winner, loser, where the manual says so}.
struct Precedence {
    thumb_id winner, loser;
    const char *manual;
};
const Precedence kPrecedence[] = {
    { thumb_mov_reg_t2, thumb_lsl_imm_t1, "LSL (immediate) T1: if imm5 == '00000' then SEE MOV (register)" },
    { thumb_udf_t1, thumb_b_t1, "B T1: if cond == '1110' then SEE UDF" },
    { thumb_svc_t1, thumb_b_t1, "B T1: if cond == '1111' then SEE SVC" },
    { thumb_add_sp_reg_t1, thumb_add_reg_t2, "ADD (register) T2: if (DN:Rdn) == '1101' || Rm == '1101' then SEE ADD (SP plus register)" },
    { thumb_add_sp_reg_t2, thumb_add_reg_t2, "ADD (register) T2: if (DN:Rdn) == '1101' || Rm == '1101' then SEE ADD (SP plus register)" },
    { thumb_add_sp_reg_t1, thumb_add_sp_reg_t2, "ADD (SP plus register) T2: if Rm == '1101' then SEE encoding T1" },
};

const Precedence *precedence(thumb_id a, thumb_id b)
{
    for (const auto &p : kPrecedence)
        if ((p.winner == a && p.loser == b) || (p.winner == b && p.loser == a)) return &p;
    return nullptr;
}

// Why a 16-bit halfword is no ARMv6-M instruction, or nullptr when it is one.
const char *manual_undefined(uint32_t h)
{
    if (h >= 0xE800) return "bits 15:11 0b11101/0b11110/0b11111: the first halfword of a 32-bit instruction";
    if ((h & 0xFF00) == 0x4700 && (h & 7)) return "BX/BLX with a should-be-zero bit 2:0 set";
    if ((h & 0xF500) == 0xB100) return "CBZ/CBNZ: ARMv7-M only";
    if ((h & 0xFE00) == 0xB600 && (h & 0xFFEF) != 0xB662) return "misc 011xxxx other than CPS (or CPS with a should-be bit wrong)";
    if ((h & 0xFF00) == 0xB800) return "misc 1000xxx: unallocated";
    if ((h & 0xFFC0) == 0xBA80) return "misc 101010x: unallocated";
    if ((h & 0xFF00) == 0xBF00 && (h & 0xF)) return "IT: ARMv7-M only";
    if ((h & 0xFF00) == 0xBF00 && h > 0xBF40) return "hint beyond SEV: unallocated (UNDEFINED in this model)";
    return nullptr;
}

}  // namespace

TEST(ThumbTable, EveryHalfwordDecodesAsTheManualSays)
{
    std::set<std::pair<int, int>> seen;
    int undefined = 0;
    for (uint32_t h = 0; h <= 0xFFFF; h++) {
        std::vector<thumb_id> hits;
        for (int id = 1; id < THUMB_FIRST_32BIT; id++)  // ARMv6-M's encodings: thumb_decode is its decoder
            if ((thumb_entry((thumb_id)id)->archs & THUMB_ARCH_V6M) && matches((thumb_id)id, h))
                hits.push_back((thumb_id)id);
        thumb_id got = thumb_decode(h, 0);
        const char *why = manual_undefined(h);
        if (hits.empty()) {
            EXPECT_NE(why, nullptr) << std::hex << h << " matches no encoding, but the manual defines it";
            EXPECT_EQ(got, thumb_undefined) << std::hex << h;
            undefined++;
            continue;
        }
        EXPECT_EQ(why, nullptr) << std::hex << h << " is " << (why ? why : "") << ", but matches "
                                << thumb_entry(hits[0])->name;
        // The decoded entry is the one every other match gives way to.
        for (thumb_id other : hits) {
            if (other == got) continue;
            const Precedence *p = precedence(got, other);
            ASSERT_NE(p, nullptr) << std::hex << h << ": " << thumb_entry(got)->name << " and "
                                  << thumb_entry(other)->name << " overlap with no precedence in the manual";
            EXPECT_EQ(p->winner, got) << std::hex << h << ": " << p->manual;
            seen.insert({ p->winner, p->loser });
        }
        EXPECT_TRUE(std::find(hits.begin(), hits.end(), got) != hits.end()) << std::hex << h;
    }
    for (const auto &p : kPrecedence)
        EXPECT_TRUE(seen.count({ p.winner, p.loser })) << "never exercised: " << p.manual;
    printf("thumb table: %d of 65536 halfwords are no 16-bit ARMv6-M instruction\n", undefined);
}

TEST(ThumbTable, ThirtyTwoBitEncodingsDoNotOverlapAndSixteenBitOnesStayBelow)
{
    for (int a = 1; a < THUMB_ID_COUNT; a++) {
        const thumb_encoding *ea = thumb_entry((thumb_id)a);
        bool is32 = a >= THUMB_FIRST_32BIT;
        EXPECT_EQ((ea->flags & THUMB_F_32BIT) != 0, is32) << ea->name;
        EXPECT_EQ(ea->match & ~ea->mask, 0u) << ea->name << ": match has bits outside its mask";
        if (is32) EXPECT_TRUE(thumb_is32(ea->match >> 16)) << ea->name;
        else EXPECT_EQ(ea->mask >> 16, 0u) << ea->name;
        for (int b = a + 1; is32 && b < THUMB_ID_COUNT; b++) {
            const thumb_encoding *eb = thumb_entry((thumb_id)b);
            bool overlap = ((ea->match ^ eb->match) & ea->mask & eb->mask) == 0;
            // ARMv6-M's 32-bit encodings are disjoint; ARMv7-M carves encodings out of wider ones ("SEE"), the
            // earlier entry winning: it must fix a bit the later one leaves free, or the later one is unreachable.
            if (ea->archs & eb->archs & THUMB_ARCH_V6M) {
                EXPECT_FALSE(overlap) << ea->name << " overlaps " << eb->name;
            } else if (overlap) {
                EXPECT_NE(ea->mask & ~eb->mask, 0u) << eb->name << " is hidden by " << ea->name;
            }
        }
    }
    EXPECT_EQ(thumb_decode(0xE800D000u, 1), thumb_undefined) << "BL needs hw1 0b11110";
    EXPECT_EQ(thumb_decode(0xF800D000u, 1), thumb_undefined) << "BL needs hw1 0b11110";
    EXPECT_EQ(thumb_decode(0xF3908810u, 1), thumb_undefined) << "MSR with should-be-zero hw1 bit 4 set";
    EXPECT_EQ(thumb_decode(0xF3BF8F7Fu, 1), thumb_undefined) << "no barrier 0b0111";
    EXPECT_EQ(thumb_decode(0xF3EF9000u, 1), thumb_undefined) << "MRS hw2 bits 15:12 must be 0b1000";
    EXPECT_EQ(thumb_decode(0x2016, 1), thumb_undefined) << "a 16-bit opcode is no 32-bit encoding";
}

TEST(ThumbTable, EveryEntryIsNamedAsInTheManualWithAnEncodingOfIt)
{
    // One encoding of each entry, as arm-none-eabi-as writes it, and the manual's name of the encoding.
    const struct { uint32_t op; int is32; const char *name; } kExamples[] = {
        { 0x0008, 0, "MOV (register) T2" },  { 0x0048, 0, "LSL (immediate) T1" }, { 0x0848, 0, "LSR (immediate) T1" },
        { 0x1048, 0, "ASR (immediate) T1" }, { 0x1888, 0, "ADD (register) T1" },  { 0x1a88, 0, "SUB (register) T1" },
        { 0x1c48, 0, "ADD (immediate) T1" }, { 0x1e48, 0, "SUB (immediate) T1" }, { 0x2016, 0, "MOV (immediate) T1" },
        { 0x2816, 0, "CMP (immediate) T1" }, { 0x3001, 0, "ADD (immediate) T2" }, { 0x3801, 0, "SUB (immediate) T2" },
        { 0x4008, 0, "AND (register) T1" },  { 0x4048, 0, "EOR (register) T1" },  { 0x4088, 0, "LSL (register) T1" },
        { 0x40c8, 0, "LSR (register) T1" },  { 0x4108, 0, "ASR (register) T1" },  { 0x4148, 0, "ADC (register) T1" },
        { 0x4188, 0, "SBC (register) T1" },  { 0x41c8, 0, "ROR (register) T1" },  { 0x4208, 0, "TST (register) T1" },
        { 0x4248, 0, "RSB (immediate) T1" }, { 0x4288, 0, "CMP (register) T1" },  { 0x42c8, 0, "CMN (register) T1" },
        { 0x4308, 0, "ORR (register) T1" },  { 0x4348, 0, "MUL T1" },             { 0x4388, 0, "BIC (register) T1" },
        { 0x43c8, 0, "MVN (register) T1" },  { 0x4468, 0, "ADD (SP plus register) T1" },
        { 0x4485, 0, "ADD (SP plus register) T2" }, { 0x4440, 0, "ADD (register) T2" },
        { 0x4540, 0, "CMP (register) T2" },  { 0x4640, 0, "MOV (register) T1" },  { 0x4770, 0, "BX T1" },
        { 0x4788, 0, "BLX (register) T1" },  { 0x4905, 0, "LDR (literal) T1" },   { 0x5088, 0, "STR (register) T1" },
        { 0x5288, 0, "STRH (register) T1" }, { 0x5488, 0, "STRB (register) T1" }, { 0x5688, 0, "LDRSB (register) T1" },
        { 0x5888, 0, "LDR (register) T1" },  { 0x5a88, 0, "LDRH (register) T1" }, { 0x5c88, 0, "LDRB (register) T1" },
        { 0x5e88, 0, "LDRSH (register) T1" }, { 0x6008, 0, "STR (immediate) T1" }, { 0x6808, 0, "LDR (immediate) T1" },
        { 0x7148, 0, "STRB (immediate) T1" }, { 0x7948, 0, "LDRB (immediate) T1" }, { 0x8008, 0, "STRH (immediate) T1" },
        { 0x8808, 0, "LDRH (immediate) T1" }, { 0x9001, 0, "STR (immediate) T2" }, { 0x9801, 0, "LDR (immediate) T2" },
        { 0xa001, 0, "ADR T1" },             { 0xa801, 0, "ADD (SP plus immediate) T1" },
        { 0xb002, 0, "ADD (SP plus immediate) T2" }, { 0xb082, 0, "SUB (SP minus immediate) T1" },
        { 0xb208, 0, "SXTH T1" }, { 0xb248, 0, "SXTB T1" }, { 0xb288, 0, "UXTH T1" }, { 0xb2c8, 0, "UXTB T1" },
        { 0xb510, 0, "PUSH T1" }, { 0xb672, 0, "CPS T1" }, { 0xba08, 0, "REV T1" }, { 0xba48, 0, "REV16 T1" },
        { 0xbac8, 0, "REVSH T1" }, { 0xbd10, 0, "POP T1" }, { 0xbeab, 0, "BKPT T1" }, { 0xbf00, 0, "NOP T1" },
        { 0xbf10, 0, "YIELD T1" }, { 0xbf20, 0, "WFE T1" }, { 0xbf30, 0, "WFI T1" }, { 0xbf40, 0, "SEV T1" },
        { 0xc006, 0, "STM T1" }, { 0xc806, 0, "LDM T1" }, { 0xde00, 0, "UDF T1" }, { 0xdf05, 0, "SVC T1" },
        { 0xd0fe, 0, "B T1" }, { 0xe7fe, 0, "B T2" },
        { 0xf000fd3b, 1, "BL T1" }, { 0xf3808810, 1, "MSR T1" }, { 0xf3ef8014, 1, "MRS T1" },
        { 0xf3bf8f4f, 1, "DSB T1" }, { 0xf3bf8f5f, 1, "DMB T1" }, { 0xf3bf8f6f, 1, "ISB T1" },
        { 0xf7f0a000, 1, "UDF T2" },
    };
    std::set<int> covered;
    for (const auto &x : kExamples) {
        thumb_id id = thumb_decode(x.op, x.is32);
        EXPECT_STREQ(thumb_entry(id)->name, x.name) << std::hex << x.op;
        covered.insert(id);
    }
    std::set<std::string> names;
    int v7_only = 0;  // ARMv7-M's own entries: each decodes from its own encoding (ArmV7mEntriesDecodeFromTheirOwnEncoding)
    for (int id = 1; id < THUMB_ID_COUNT; id++) {
        const thumb_encoding *e = thumb_entry((thumb_id)id);
        if (e->archs & THUMB_ARCH_V6M) {
            EXPECT_TRUE(covered.count(id)) << e->name << " has no example encoding";
        } else {
            v7_only++;
        }
        // a name twice only for ARMv7-M's wider part of an ARMv6-M encoding (CPS T1 with F, MSR T1 with APSR_g)
        if (!names.insert(e->name).second) {
            EXPECT_FALSE(e->archs & THUMB_ARCH_V6M) << e->name << " twice";
        }
        // "<PAGE> T<n>" with an optional "(qualifier)", the mnemonic in lower case
        std::string n = e->name;
        EXPECT_TRUE(n.size() > 3 && n.compare(n.size() - 3, 2, " T") == 0 && isdigit((unsigned char)n.back())) << n;
        EXPECT_TRUE(isupper((unsigned char)n[0])) << n;
        for (const char *m = e->mnemonic; *m; m++) EXPECT_FALSE(isupper((unsigned char)*m)) << e->mnemonic;
        EXPECT_NE(e->klass, THUMB_CLASS_NONE) << n;
    }
    EXPECT_STREQ(thumb_entry(thumb_undefined)->name, "UNDEFINED");
    EXPECT_EQ(THUMB_ID_COUNT, 1 + v7_only + (int)(sizeof kExamples / sizeof kExamples[0]));
}

// Every ARMv7-M or ARMv7E-M entry is reachable: its own MATCH, with every free bit 0 and then every free bit 1,
// decodes to it or to an earlier entry the manual carves out of it (one that fixes a bit this one leaves free).
TEST(ThumbTable, ArmV7mEntriesDecodeFromTheirOwnEncoding)
{
    int checked = 0;
    for (int id = 1; id < THUMB_ID_COUNT; id++) {
        const thumb_encoding *e = thumb_entry((thumb_id)id);
        if (e->archs & THUMB_ARCH_V6M) continue;
        bool is32 = (e->flags & THUMB_F_32BIT) != 0;
        uint32_t width = is32 ? 0xFFFFFFFFu : 0xFFFFu;
        bool reached = false;
        for (uint32_t op : { e->match, e->match | (~e->mask & width) }) {
            thumb_id got = thumb_decode_arch(op, is32, THUMB_ARCH_V7EM);
            if (got == (thumb_id)id) { reached = true; continue; }
            ASSERT_NE(got, thumb_undefined) << e->name << ": " << std::hex << op << " decodes as UNDEFINED";
            const thumb_encoding *w = thumb_entry(got);
            EXPECT_LT((int)got, id) << e->name << ": " << std::hex << op << " decodes as the later " << w->name;
            EXPECT_NE(w->mask & ~e->mask, 0u) << e->name << " is hidden by " << w->name;
        }
        // an encoding whose two corner opcodes both belong to carve-outs is still reachable in between: some
        // opcode of it decodes to it (searched over its free bits' low and high halves)
        for (uint32_t free = ~e->mask & width, v = 0; !reached; v = (v - free) & free) {
            if (thumb_decode_arch(e->match | v, is32, THUMB_ARCH_V7EM) == (thumb_id)id) reached = true;
            if (((v - free) & free) == 0) break;
        }
        EXPECT_TRUE(reached) << e->name << " is reached by no opcode";
        checked++;
    }
    EXPECT_GT(checked, 150);
}

TEST(ThumbTable, FieldExtractors)
{
    EXPECT_EQ(thumb_bl_imm32(0xf000fd3b), 0xa76u);             // bl 0xa7e at 0x4
    EXPECT_EQ(thumb_bl_imm32(0xf7fffffe), (uint32_t)-4);       // bl to itself
    EXPECT_EQ(thumb_b_t1_imm32(0xd0fe), (uint32_t)-4);
    EXPECT_EQ(thumb_b_t2_imm32(0xe7fe), (uint32_t)-4);
    EXPECT_EQ(thumb_b_t2_imm32(0xe3ff), 0x7feu);
    EXPECT_EQ(thumb_push_registers(0xb510), (1u << 4) | (1u << 14));
    EXPECT_EQ(thumb_pop_registers(0xbd10), (1u << 4) | (1u << 15));
    EXPECT_EQ(thumb_dn(0x4687), 15u);                           // mov pc, r0
    EXPECT_EQ(thumb_rm4(0x4770), 14u);                          // bx lr
    EXPECT_EQ(thumb_shift_n(0x0808), 32u);                      // lsrs r0, r1, #32
    EXPECT_EQ(thumb_udf_imm16(0xf7f1a234), 0x1234u);
    EXPECT_EQ(thumb_msr_rn(0xf3858810), 5u);
    EXPECT_EQ(thumb_mrs_rd(0xf3ef8714), 7u);
    EXPECT_EQ(thumb_sysm(0xf3ef8714), 20u);
    EXPECT_EQ(thumb_cps_im(0xb672), 1u);
    EXPECT_EQ(thumb_rd(0x1888), 0u);
    EXPECT_EQ(thumb_rn(0x1888), 1u);
    EXPECT_EQ(thumb_rm(0x1888), 2u);
    EXPECT_EQ(thumb_rm2(0x4008), 1u);
    EXPECT_EQ(thumb_rdn8(0x4905), 1u);
}

TEST(ThumbTable, WhatWritesThePc)
{
    const struct { uint32_t op; int is32, writes; const char *what; } kCases[] = {
        { 0xd0fe, 0, 1, "beq" },               { 0xe7fe, 0, 1, "b" },
        { 0xf000fd3b, 1, 1, "bl" },            { 0x4770, 0, 1, "bx lr" },
        { 0x4788, 0, 1, "blx r1" },            { 0xbd10, 0, 1, "pop {r4, pc}" },
        { 0xbc10, 0, 0, "pop {r4}" },          { 0x46f7, 0, 1, "mov pc, lr" },
        { 0x467f, 0, 0, "mov r7, pc" },   { 0x4487, 0, 1, "add pc, r0" },
        { 0x44ef, 0, 1, "add pc, sp (ADD (SP plus register) T1)" },
        { 0x4485, 0, 0, "add sp, r0" },        { 0x4468, 0, 0, "add r0, sp" },
        { 0xdf00, 0, 0, "svc" },               { 0xde00, 0, 0, "udf" },
        { 0x4701, 0, 0, "BX with a should-be-zero bit: UNDEFINED, no branch (was classified as one)" },
        { 0xe800d000, 1, 0, "hw2 of BL under a wrong hw1: UNDEFINED" },
        { 0xf3bf8f4f, 1, 0, "dsb" },           { 0x4540, 0, 0, "cmp r0, r8" },
    };
    for (const auto &c : kCases) EXPECT_EQ(thumb_writes_pc(c.op, c.is32), c.writes) << c.what;
}

// The ARMv7-M decoders of 32-bit opcodes (candidates per first halfword) give what a search of the whole table in
// order gives: the first entry of the architecture that matches.
TEST(ThumbTable, ArmV7m32BitDecodeIsTheFirstMatchOfTheTable)
{
    auto first_match = [](uint32_t op, unsigned arch_bit) {
        for (int id = THUMB_FIRST_32BIT; id < THUMB_ID_COUNT; id++)
            if ((thumb_entry((thumb_id)id)->archs & arch_bit) && matches((thumb_id)id, op)) return (thumb_id)id;
        return thumb_undefined;
    };
    uint32_t x = 12345;
    auto rnd = [&x] { return x = x * 1103515245u + 12345u, x >> 8 & 0xffff; };
    for (unsigned arch_bit : { (unsigned)THUMB_ARCH_V7M, (unsigned)THUMB_ARCH_V7EM }) {
        int mismatches = 0;
        for (uint32_t hw1 = 0xE800; hw1 <= 0xFFFF; hw1++)
            for (int k = 0; k < 24; k++) {
                uint32_t hw2 = k < 8 ? (k * 0x2492u) & 0xffff : rnd();  // some fixed patterns, then random
                uint32_t op = hw1 << 16 | hw2;
                if (thumb_decode_arch(op, 1, arch_bit) != first_match(op, arch_bit) && mismatches++ < 5) {
                    ADD_FAILURE() << std::hex << op << " arch " << arch_bit;
                }
            }
        EXPECT_EQ(mismatches, 0);
        // every entry's own match decodes to it or to an entry before it that the manual's order puts first
        for (int id = THUMB_FIRST_32BIT; id < THUMB_ID_COUNT; id++) {
            uint32_t op = thumb_entry((thumb_id)id)->match;
            EXPECT_EQ(thumb_decode_arch(op, 1, arch_bit), first_match(op, arch_bit)) << thumb_entry((thumb_id)id)->name;
        }
    }
}

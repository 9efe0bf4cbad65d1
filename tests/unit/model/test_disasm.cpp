// The model's disassembly against arm-none-eabi-objdump over every 16-bit encoding (0x0000-0xE7FF; the rest
// are first halfwords of 32-bit instructions), plus the 32-bit forms ARMv6-M has. Case and spacing are
// normalised, objdump's comments ("@ ...", "; ...") and symbols ("<...>") dropped. Every remaining
// difference must be one of the documented ones in kKnown.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

extern "C" {
#include "armv6m.h"
}

namespace {

std::string norm(std::string s)
{
    for (const char *cut : { "@", ";", "<" }) {
        size_t p = s.find(cut);
        if (p != std::string::npos) s.resize(p);
    }
    std::string o;
    bool space = false;
    for (char ch : s) {
        if (std::isspace((unsigned char)ch)) {
            space = !o.empty();
            continue;
        }
        if (space) o += ' ';
        space = false;
        o += (char)std::tolower((unsigned char)ch);
    }
    return o;
}

// objdump's text for each address of a binary of halfwords
std::map<uint32_t, std::string> objdump(const std::vector<uint16_t> &hw, const std::string &name)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    std::string bin = dir + "/" + name + ".bin", txt = dir + "/" + name + ".txt";
    std::ofstream(bin, std::ios::binary).write(reinterpret_cast<const char *>(hw.data()), (std::streamsize)(hw.size() * 2));
    std::string cmd = "arm-none-eabi-objdump -D -b binary -m armv6s-m -M force-thumb " + bin + " > " + txt;
    EXPECT_EQ(system(cmd.c_str()), 0);
    std::map<uint32_t, std::string> out;
    std::ifstream in(txt);
    std::string line;
    while (std::getline(in, line)) {
        unsigned addr;
        int used = 0;
        if (sscanf(line.c_str(), " %x: %n", &addr, &used) != 1 || !used) continue;
        std::string rest = line.substr((size_t)used);
        for (int k = 0; k < 2; k++) { /* the encoding: one or two groups of 4 hex digits */
            size_t p = rest.find_first_not_of(" \t");
            if (p == std::string::npos || rest.size() < p + 4) break;
            std::string tok = rest.substr(p, rest.find_first_of(" \t", p) - p);
            if (tok.size() != 4 || tok.find_first_not_of("0123456789abcdef") != std::string::npos) break;
            rest = rest.substr(p + 4);
        }
        out[addr] = norm(rest);
    }
    return out;
}

// A documented difference: objdump's normalised text starts with `objdump`, ours with `model`.
struct Known {
    const char *objdump, *model, *why;
    bool (*applies)(uint32_t op);  // the encodings the difference is about (null: any)
};
bool bx_sbz_set(uint32_t op) { return (op & 0xff00) == 0x4700 && ((op & 7) || op == 0x47f8); }
bool empty_list(uint32_t op) { return (op & 0xf000) == 0xc000 && !(op & 0xff); }
// Matched exactly, or as a prefix when the objdump text ends with '*'.
const Known kKnown[] = {
    { "", "undefined", "objdump prints only a '; <UNDEFINED>' comment: both say undefined", nullptr },
    { "cbz*", "undefined", "CBZ/CBNZ are ARMv7-M; undefined in ARMv6-M (the model faults)", nullptr },
    { "cbnz*", "undefined", "CBZ/CBNZ are ARMv7-M; undefined in ARMv6-M", nullptr },
    { "cps*", "undefined", "CPS forms other than CPSIE/CPSID i are not ARMv6-M", nullptr },
    { "setend*", "undefined", "SETEND is not in ARMv6-M", nullptr },
    { "setpan*", "undefined", "SETPAN is ARMv8.1", nullptr },
    { "hlt*", "undefined", "HLT is not in ARMv6-M", nullptr },
    { "sevl", "undefined", "SEVL is ARMv8", nullptr },
    { "bxns*", "undefined", "BXNS is ARMv8-M; ARMv6-M requires bits [2:0] zero", nullptr },
    { "blxns*", "undefined", "BLXNS is ARMv8-M; ARMv6-M requires bits [2:0] zero", nullptr },
    { "nop {*", "undefined", "other hint encodings: reserved in ARMv6-M (the model faults)", nullptr },
    { "stmia*", "undefined", "STM with an empty register list is UNPREDICTABLE (the model faults)", empty_list },
    { "ldmia*", "undefined", "LDM with an empty register list is UNPREDICTABLE (the model faults)", empty_list },
    { "bx *", "undefined", "BX with bits [2:0] set is UNPREDICTABLE (the model faults)", bx_sbz_set },
    { "blx *", "undefined", "BLX with bits [2:0] set, or BLX pc, is UNPREDICTABLE (the model faults)", bx_sbz_set },
    { "udf*", "undefined", "", nullptr },
};

bool known(uint32_t op, const std::string &o, const std::string &m)
{
    for (const Known &k : kKnown) {
        if (k.applies && !k.applies(op)) continue;
        std::string pat = k.objdump;
        bool prefix = !pat.empty() && pat.back() == '*';
        if (prefix) pat.pop_back();
        bool hit = prefix ? o.rfind(pat, 0) == 0 : o == pat;
        if (hit && m.rfind(k.model, 0) == 0) return true;
    }
    return false;
}

// IT (0xBFxy, y != 0) is ARMv7-M: the model calls it undefined. objdump would also apply its IT state to the
// following encodings, so IT encodings are replaced by NOPs in the binary objdump sees.
bool is_it(uint32_t op) { return (op & 0xff00) == 0xbf00 && (op & 0xf); }

}  // namespace

TEST(Disassembly, Every16BitEncodingMatchesObjdump)
{
    std::vector<uint16_t> hw;
    for (uint32_t i = 0; i < 0xE800; i++) hw.push_back(is_it(i) ? 0xbf00 : (uint16_t)i);
    std::map<uint32_t, std::string> ref = objdump(hw, "all16");
    ASSERT_EQ(ref.size(), hw.size());
    std::map<std::string, int> unexplained;
    std::map<std::string, std::string> examples;
    int explained = 0, same = 0;
    for (uint32_t i = 0; i < hw.size(); i++) {
        char buf[96];
        m6_disasm(2 * i, i, 0, buf, sizeof buf);
        std::string mine = norm(buf), theirs = ref[2 * i];
        if (is_it(i)) {
            EXPECT_EQ(mine.rfind("undefined", 0), 0u) << "IT is not ARMv6-M: " << mine;
            explained++;
            continue;
        }
        if (mine == theirs) same++;
        else if (known(i, theirs, mine)) explained++;
        else {
            std::string key = theirs.substr(0, theirs.find(' ')) + " / " + mine.substr(0, mine.find(' '));
            if (!unexplained.count(key)) examples[key] = "objdump '" + theirs + "', model '" + mine + "'";
            unexplained[key]++;
        }
    }
    for (const auto &u : unexplained)
        ADD_FAILURE() << u.second << " encodings differ (" << u.first << "), e.g. " << examples[u.first];
    EXPECT_GE(same, 0xE800 - 2600) << "identical: " << same << ", documented differences: " << explained;
    printf("disassembly: %d of %d encodings identical to objdump, %d documented differences\n", same, 0xE800,
           explained);
}

TEST(Disassembly, ThirtyTwoBitForms)
{
    struct { uint32_t op; const char *want; } cases[] = {
        { 0xf000fd3b, "bl 0xa7e" },          // at pc 0x4: 0x4 + 4 + 0xa76
        { 0xf3808810, "msr primask, r0" },
        { 0xf3ef8014, "mrs r0, control" },
        { 0xf3bf8f5f, "dmb sy" },
        { 0xf3bf8f4f, "dsb sy" },
        { 0xf3bf8f6f, "isb sy" },
        { 0xf7f0a000, "udf.w #0" },
    };
    for (const auto &c : cases) {
        char buf[96];
        m6_disasm(0x4, c.op, 1, buf, sizeof buf);
        EXPECT_EQ(norm(buf), c.want) << std::hex << c.op;
    }
    // objdump agrees on the same encodings
    std::vector<uint16_t> hw = { 0xbf00, 0xbf00 };
    for (const auto &c : cases) {
        hw.push_back((uint16_t)(c.op >> 16));
        hw.push_back((uint16_t)c.op);
    }
    std::map<uint32_t, std::string> ref = objdump(hw, "all32");
    uint32_t at = 4;
    for (const auto &c : cases) {
        char buf[96];
        m6_disasm(at, c.op, 1, buf, sizeof buf);
        std::string theirs = ref[at];
        if (c.op == 0xf7f0a000) EXPECT_TRUE(theirs.rfind("udf.w", 0) == 0) << theirs;
        else EXPECT_EQ(norm(buf), theirs) << std::hex << c.op;
        at += 4;
    }
}

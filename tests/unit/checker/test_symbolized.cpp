// Symbolized reports (option elf=, dpi/README.md): a real mismatch against a real program's golden names code
// addresses <function>+0x<offset> (headline, context, LR in the register diff) and shows the golden
// instruction's disassembly, the golden line's own or, for a golden without it, the model's disassembler.
// The symbols expected come from arm-none-eabi-nm, not from the reader under test.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "../run_command.h"
#include "replay.h"

namespace {

struct NmSymbol {
    std::string name;
    uint32_t addr, size;
};

// The functions of an ELF with their sizes (nm -S: "addr size type name"; t/T/w/W are code here).
std::vector<NmSymbol> nm_functions(const std::string &elf)
{
    CommandOutput o = run_command("arm-none-eabi-nm -S " + elf);
    EXPECT_EQ(o.status, 0) << o.text;
    std::vector<NmSymbol> v;
    std::istringstream in(o.text);
    for (std::string l; std::getline(in, l);) {
        std::istringstream f(l);
        std::string a, s, t, n;
        if (!(f >> a >> s >> t >> n) || (t != "T" && t != "t")) continue;
        v.push_back({ n, (uint32_t)std::stoul(a, nullptr, 16), (uint32_t)std::stoul(s, nullptr, 16) });
    }
    return v;
}

// "<8 hex digits> <name+0xoff>" for addr, as a report writes it; "" when no function holds it.
std::string symbolized(const std::vector<NmSymbol> &fns, uint32_t addr)
{
    for (const NmSymbol &s : fns)
        if (addr >= s.addr && addr - s.addr < s.size) {
            char b[160];
            std::snprintf(b, sizeof b, "%08x <%s+0x%x>", addr, s.name.c_str(), addr - s.addr);
            return b;
        }
    return "";
}

std::string golden_line(const std::string &gz, unsigned long line)
{
    CommandOutput o = run_command("zcat " + gz + " | sed -n '" + std::to_string(line) + "p'");
    return o.text;
}

unsigned long reported_line(const std::string &report, const std::string &golden)
{
    size_t at = report.find("golden " + golden + ":");
    return at == std::string::npos ? 0 : std::stoul(report.substr(at + golden.size() + 8));
}

std::vector<Call> sort_calls()
{
    std::vector<Call> calls;
    std::string err;
    EXPECT_TRUE(perfect_calls(corpus_golden("sort"), {}, calls, err)) << err;
    return calls;
}

}  // namespace

TEST(SymbolizedReport, AWrongPcNamesTheFunctionAndTheGoldenInstruction)
{
    std::vector<NmSymbol> fns = nm_functions(corpus_elf("sort"));
    const NmSymbol *main = nullptr;
    for (const NmSymbol &s : fns)
        if (s.name == "main") main = &s;
    ASSERT_NE(main, nullptr);
    std::vector<Call> calls = sort_calls();
    // the first instruction of main past its first few, retired at a wrong pc (still inside main)
    size_t k = 0;
    while (k < calls.size() && !(calls[k].kind == Call::RETIRE && calls[k].a >= main->addr + 0x10 &&
                                 calls[k].a + 2 < main->addr + main->size))
        k++;
    ASSERT_LT(k, calls.size());
    uint32_t pc = calls[k].a, opcode = calls[k].b;
    calls[k].a += 2;

    RunResult r = run_calls(corpus_golden("sort"), "mtb=0,elf=" + corpus_elf("sort"), calls);
    ASSERT_EQ(r.rc, TC_MISMATCH) << r.report;
    char want[300];
    std::snprintf(want, sizeof want, "pc: expected %s (opcode %04x), actual %s (opcode", symbolized(fns, pc).c_str(),
                  opcode, symbolized(fns, pc + 2).c_str());
    EXPECT_NE(r.report.find(want), std::string::npos) << want << "\n" << r.report;
    EXPECT_NE(r.report.find("<main+0x"), std::string::npos);
    // the golden instruction with the golden line's own disassembly
    std::string line = golden_line(corpus_golden("sort"), reported_line(r.report, corpus_golden("sort")));
    size_t colon = line.find(" : ");
    ASSERT_NE(colon, std::string::npos) << line;
    std::string disasm = line.substr(colon + 3, line.find('\n') - colon - 3);
    std::snprintf(want, sizeof want, "  golden instruction: %s %04x %s\n", symbolized(fns, pc).c_str(), opcode,
                  disasm.c_str());
    EXPECT_NE(r.report.find(want), std::string::npos) << want << "\n" << r.report;
    // the context: the golden step and the RTL's retire, both symbolized
    EXPECT_NE(r.report.find("retire " + symbolized(fns, pc + 2)), std::string::npos) << r.report;
    std::snprintf(want, sizeof want, "%s %04x %s", symbolized(fns, pc).c_str(), opcode, disasm.c_str());
    EXPECT_NE(r.report.find(want), std::string::npos) << want << "\n" << r.report;

    // the same fault without the option: plain addresses, as before
    RunResult plain = run_calls(corpus_golden("sort"), "mtb=0", calls);
    ASSERT_EQ(plain.rc, TC_MISMATCH);
    std::snprintf(want, sizeof want, "pc: expected %08x (opcode %04x), actual %08x (opcode", pc, opcode, pc + 2);
    EXPECT_NE(plain.report.find(want), std::string::npos) << plain.report;
    EXPECT_EQ(plain.report.find("<main+"), std::string::npos);
    EXPECT_EQ(plain.report.find("golden instruction:"), std::string::npos);
}

TEST(SymbolizedReport, LrNamesTheReturnAddressesFunction)
{
    std::vector<NmSymbol> fns = nm_functions(corpus_elf("sort"));
    std::vector<Call> calls = sort_calls();
    // the first LR write of a return address (a BL), reported 4 bytes further on
    size_t k = 0;
    while (k < calls.size() && !(calls[k].kind == Call::REG && calls[k].a == 14 &&
                                 !symbolized(fns, (calls[k].b & ~1u) + 4).empty() &&
                                 !symbolized(fns, calls[k].b & ~1u).empty()))
        k++;
    ASSERT_LT(k, calls.size());
    uint32_t lr = calls[k].b;
    calls[k].b += 4;
    RunResult r = run_calls(corpus_golden("sort"), "mtb=0,elf=" + corpus_elf("sort"), calls);
    ASSERT_EQ(r.rc, TC_MISMATCH) << r.report;
    auto text = [&](uint32_t v) {  // the value keeps its Thumb bit; the symbol is of the instruction address
        std::string s = symbolized(fns, v & ~1u);
        char b[16];
        std::snprintf(b, sizeof b, "%08x", v);
        return b + s.substr(8);
    };
    std::string want = "register lr: wrong value: expected " + text(lr) + ", actual " + text(lr + 4);
    EXPECT_NE(r.report.find(want), std::string::npos) << want << "\n" << r.report;
    EXPECT_NE(r.report.find("lr       golden " + text(lr) + "  rtl " + text(lr + 4)), std::string::npos) << r.report;
}

// A golden without disassembly (some producers write none): the model's disassembler stands in.
TEST(SymbolizedReport, WithoutGoldenDisassemblyTheModelsDisassemblerStandsIn)
{
    std::string golden = temp_golden("0 clk E 00000100 00000001 CoreEvent_RESET\n"
                                     "0 clk R r13_main 20004000\n"
                                     "1 clk IT (1) 00000100 2016 T thread\n"
                                     "1 clk R r0 00000016\n"
                                     "2 clk IT (2) 00000102 7048 T thread\n"
                                     "2 clk MW1 20000001 16\n",
                                     "nodisasm.tarmac");
    std::vector<Call> calls = { Call::reg(0, 0x16), Call::retire(0x100, 0x2016), Call::retire(0x104, 0x7048) };
    RunResult r = run_calls(golden, "elf=" + corpus_elf("hello"), calls);
    ASSERT_EQ(r.rc, TC_MISMATCH) << r.report;
    std::vector<NmSymbol> fns = nm_functions(corpus_elf("hello"));
    std::string at = symbolized(fns, 0x102);
    if (at.empty()) at = "00000102";
    EXPECT_NE(r.report.find("  golden instruction: " + at + " 7048 strb r0, [r1, #1]\n"), std::string::npos) << r.report;
    EXPECT_NE(r.report.find(" 2016 movs r0, #22"), std::string::npos) << r.report;  // the context column
}

TEST(SymbolizedReport, AnUnreadableElfFailsTheOpenWithTheReason)
{
    std::string e = open_error(corpus_golden("sort"), "elf=/nonexistent/prog.elf");
    EXPECT_NE(e.find("/nonexistent/prog.elf: cannot open"), std::string::npos) << e;
    e = open_error(corpus_golden("sort"), "elf=" + std::string(TM_SOURCE_DIR) + "/README.md");
    EXPECT_NE(e.find("README.md: not an ELF file"), std::string::npos) << e;
}

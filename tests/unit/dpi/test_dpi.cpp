// The DPI library as simulators load it: only DPI symbols exported, and a Verilator simulation of the SV
// package that passes on a perfect DUT and stops with $fatal and the report on the first mismatch.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "../run_command.h"

namespace {

using Out = CommandOutput;
inline Out sh(const std::string &cmd) { return run_command(cmd); }

const char *kGolden =
    "0 clk E 00000100 00000001 CoreEvent_RESET\n"
    "0 clk R r13_main 20004000\n"
    "1 clk IT (1) 00000100 2016 T thread : movs r0, #22\n"
    "1 clk R r0 00000016\n"
    "2 clk IT (2) 00000102 7048 T thread : strb r0, [r1, #1]\n"
    "2 clk MW1 20000001 16\n"
    "3 clk IS (3) 00000104 d0fe T thread : beq 0x104\n"
    "4 clk IT (4) 00000106 beab T thread : bkpt 0x00ab\n";

std::string golden()
{
    std::string p = std::string(TM_BUILD_DIR) + "/tmp/dpi_" + std::to_string(getpid()) + ".tarmac";
    (void)!system(("mkdir -p " + std::string(TM_BUILD_DIR) + "/tmp").c_str());
    std::ofstream(p) << kGolden;
    return p;
}

}  // namespace

// The library exports exactly the functions the SV package imports: nothing else, none missing.
TEST(DpiLibrary, ExportsOnlyDpiSymbols)
{
    Out o = sh("nm -D --defined-only " + std::string(TM_BUILD_DIR) + "/lib/libtarmacchk.so");
    ASSERT_EQ(o.status, 0) << o.text;
    std::istringstream in(o.text);
    std::string line;
    std::set<std::string> chk, tb;  // the checker's and the testbench pieces' (dpi/armv6m_tb_pkg.sv, the replay's
                                    // dpi/armv6m_replay_pkg.sv)
    while (std::getline(in, line)) {
        std::string sym = line.substr(line.rfind(' ') + 1);
        if (sym.rfind("tarmac_chk_", 0) == 0) chk.insert(sym);
        else if (sym.rfind("armv6m_tb_", 0) == 0) tb.insert(sym);
        else ADD_FAILURE() << "exported non-DPI symbol: " << line;
    }
    // every function an SV package imports, and nothing else
    auto imports = [](const char *pkg, const std::string &prefix) {
        std::ifstream f(std::string(TM_SOURCE_DIR) + "/dpi/" + pkg);
        std::string text((std::istreambuf_iterator<char>(f)), {});
        const std::string decl = "import \"DPI-C\" function";
        std::set<std::string> out;
        for (size_t at = text.find(decl); at != std::string::npos; at = text.find(decl, at + 1)) {
            size_t name = text.find(prefix, at);
            size_t end = text.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_", name);
            if (name != std::string::npos && end != std::string::npos) out.insert(text.substr(name, end - name));
        }
        return out;
    };
    std::set<std::string> chk_imports = imports("tarmac_chk_pkg.sv", "tarmac_chk_");
    std::set<std::string> tb_imports = imports("armv6m_tb_pkg.sv", "armv6m_tb_");
    std::set<std::string> replay_imports = imports("armv6m_replay_pkg.sv", "armv6m_tb_replay_");
    EXPECT_GE(chk_imports.size(), 15u);
    EXPECT_GE(tb_imports.size(), 5u);
    EXPECT_GE(replay_imports.size(), 7u);
    tb_imports.insert(replay_imports.begin(), replay_imports.end());
    EXPECT_EQ(chk, chk_imports);
    EXPECT_EQ(tb, tb_imports);
}

TEST(DpiSimulation, PerfectDutPasses)
{
    Out o = sh(std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +golden=" + golden());
    EXPECT_EQ(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("tarmac checker: PASS: 5 steps"), std::string::npos) << o.text;
    EXPECT_NE(o.text.find("tb_checker: PASS"), std::string::npos) << o.text;
}

TEST(DpiSimulation, MismatchStopsTheSimulationWithTheReport)
{
    Out o = sh(std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +inject=1 +golden=" + golden());
    EXPECT_NE(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("TARMAC LOCKSTEP MISMATCH #1 (bus stream)"), std::string::npos) << o.text;
    EXPECT_NE(o.text.find(".tarmac:6"), std::string::npos) << o.text;  // the MW1 line
    EXPECT_NE(o.text.find("simulation time 20"), std::string::npos) << o.text;
    EXPECT_EQ(o.text.find("tb_checker: PASS"), std::string::npos) << "the simulation went on\n" << o.text;
}

// Verilator's generated main stops at the first $error; the package reports mismatches before the halt with
// $display, so max_errors alone decides, with no simulator flag.
TEST(DpiSimulation, MaxErrorsLetsTheRunGoOnWithNoSimulatorFlag)
{
    Out o = sh(std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +inject=1 +tarmac_max_errors=2 +golden=" + golden());
    EXPECT_NE(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("TARMAC LOCKSTEP MISMATCH #1 (bus stream)"), std::string::npos) << o.text;
    EXPECT_NE(o.text.find("the run goes on"), std::string::npos) << o.text;
    EXPECT_NE(o.text.find("tb_checker: the checker reported a failure"), std::string::npos)
        << "the run did not reach finish\n" << o.text;
    EXPECT_EQ(o.text.find("MISMATCH #1", o.text.find("MISMATCH #1") + 1), std::string::npos)
        << "the report was printed twice\n" << o.text;
}

// The SV package packs the register file with register id i in word i: a perfect snapshot passes, a wrong r0
// is found as r0 (and the reset garbage in the registers the golden never wrote is not compared; CONTROL, which
// the architecture resets to 0, is).
TEST(DpiSimulation, SnapshotThroughThePackage)
{
    Out o = sh(std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +snapshot=1 +golden=" + golden());
    EXPECT_EQ(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("tarmac checker: PASS: 5 steps"), std::string::npos) << o.text;
    o = sh(std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +snapshot=1 +inject=2 +golden=" + golden());
    EXPECT_NE(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("register r0: wrong value: expected 00000016, actual 00000017"), std::string::npos) << o.text;
}

// The plusargs the package reads come from the checker's table: an option added there is a plusarg at once.
TEST(DpiSimulation, EveryOptionOfTheTableIsAPlusarg)
{
    Out o = sh(std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +tarmac_data_beats=sometimes +golden=" + golden());
    EXPECT_NE(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("option data_beats: 'sometimes'"), std::string::npos) << o.text;
}

TEST(DpiSimulation, PlusargOptionsReachTheChecker)
{
    Out o = sh(std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +tarmac_bus_window=nope +golden=" + golden());
    EXPECT_NE(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("option bus_window: 'nope'"), std::string::npos) << o.text;
}

// A golden that cannot serve is named at open, first, in the simulator's own output: an empty one, one unreadable
// in its first lines (with a configuration declared, whose note once stood in for the reason).
TEST(DpiSimulation, AnEmptyOrUnreadableGoldenIsTheFirstThingTheSimulationSays)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp/dpi_" + std::to_string(getpid());
    (void)!system(("mkdir -p " + dir).c_str());
    std::string empty = dir + "/empty.tarmac", comments = dir + "/comments.tarmac", bad = dir + "/bad.tarmac";
    std::ofstream(empty) << "";
    std::ofstream(comments) << "; nothing\n";
    std::ofstream(bad) << "0 clk R r0 00000000\n1 clk IT (1) 00000100 zz T thread : x\n";
    struct {
        std::string golden, first;
    } cases[] = {
        { empty, "tarmac checker: " + empty + ": the golden is empty (0 bytes)" },
        { comments, "tarmac checker: " + comments + ": the golden holds no trace record" },
        { bad, "tarmac checker: unreadable golden: " + bad + ":2:" },
    };
    for (const auto &k : cases) {
        Out o = sh(std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +tarmac_model=num_irq:32 +golden=" + k.golden);
        EXPECT_NE(o.status, 0) << o.text;
        size_t first = o.text.find("tarmac checker");
        ASSERT_NE(first, std::string::npos) << o.text;
        EXPECT_EQ(o.text.compare(first, k.first.size(), k.first), 0) << o.text;
        EXPECT_EQ(o.text.find("note"), std::string::npos) << o.text;
    }
}

// The SV package and the DPI shim keep the C API's contract: calls after finish are refused silently and the verdict
// stays; a closed handle is refused and closed again harmlessly; a bad argument stops the run naming it.
TEST(DpiSimulation, ThePackageKeepsTheCallContract)
{
    Out o = sh(std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +contract=1 +golden=" + golden());
    EXPECT_EQ(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("tb_checker: calls after finish refused, verdict kept"), std::string::npos) << o.text;
    EXPECT_NE(o.text.find("tb_checker: calls after close refused"), std::string::npos) << o.text;
    EXPECT_NE(o.text.find("tb_checker: PASS"), std::string::npos) << o.text;
    EXPECT_EQ(o.text.find("MISMATCH"), std::string::npos) << o.text;
    o = sh(std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +contract=2 +golden=" + golden());
    EXPECT_NE(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("ahb_beat: hsize -1 is not an AHB HSIZE (0-7)"), std::string::npos) << o.text;
    EXPECT_EQ(o.text.find("tb_checker: PASS"), std::string::npos) << o.text;
}

// A +tarmac_... plusarg that names no option would be ignored by $value$plusargs: the package's open stops the
// simulation instead, naming it and the known ones (the command line read through VPI or /proc/self/cmdline, so
// with any simulator and no harness: this one is Verilator's generated main). Another component's plusargs pass.
TEST(DpiSimulation, AnUnknownTarmacPlusargStopsOpen)
{
    const std::string tb = std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +golden=" + golden();
    const std::string t = std::string("+tarmac") + "_"; // the option table's test scans this file for +tarmac_<key>=
    for (const std::string &a : { t + "max_error=2", t + "contxt=4", t + "goldn=x.gz", t + "context",
                                  t + "quiet=1 " + t + "quiet=0" }) {
        Out o = sh(tb + " " + a);
        EXPECT_NE(o.status, 0) << a << "\n" << o.text;
        EXPECT_NE(o.text.find("tarmac checker: "), std::string::npos) << o.text;
        EXPECT_NE(o.text.find(a.substr(0, a.find_first_of("= "))), std::string::npos) << o.text;
        EXPECT_NE(o.text.find("known: +tarmac_golden=<value>, +tarmac_context=<value>"), std::string::npos) << o.text;
        EXPECT_EQ(o.text.find("PASS"), std::string::npos) << o.text;
    }
    Out o = sh(tb + " +tarmac_context=3 +tarmac_quiet=0 +other_component=1 +verilator+seed+2");
    EXPECT_EQ(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("tarmac checker: PASS: 5 steps"), std::string::npos) << o.text;
}

// A plusarg's value is given whole (tarmac_chk_option), never joined into the options string: a report path that
// holds ",bus=0" is that path, and the bus stream stays on (the wrong store is still found). A key given twice on
// the command line stops open, even with the same value.
TEST(DpiSimulation, APlusargValueCannotAddAnOption)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp/dpi_" + std::to_string(getpid());
    (void)!system(("mkdir -p " + dir).c_str());
    std::string report = dir + "/r.txt,bus=0,mtb=0";
    const std::string tb = std::string(TM_BUILD_DIR) + "/dpi_tb/Vtb_checker +golden=" + golden();
    Out o = sh(tb + " +inject=1 '+tarmac_report=" + report + "'");
    EXPECT_NE(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("TARMAC LOCKSTEP MISMATCH #1 (bus stream)"), std::string::npos) << o.text;
    std::ifstream in(report);
    std::stringstream ss;
    ss << in.rdbuf();
    EXPECT_NE(ss.str().find("MISMATCH #1 (bus stream)"), std::string::npos) << "no report at " << report;
    o = sh(tb + " +tarmac_context=3 +tarmac_context=3");
    EXPECT_NE(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("given again after '+tarmac_context=3'"), std::string::npos) << o.text;
    (void)!system(("rm -rf " + dir).c_str());
}

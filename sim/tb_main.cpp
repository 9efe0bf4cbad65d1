// Verilator C++ main for rtl_tb/tb_top (which loads the ELF): runs to the program's exit, prints cycles, retired
// instructions, CPI and cycles/s.
// usage: Vtb_top +elf=<prog.elf> [+timeout=<cycles>] [+waitstates=<pct>] [+seed=<n>] [+trace]
//                [+tarmac_golden=<golden>] [+tarmac_<option>=...] [+tarmac_off]
//                [+fst=<file> [+fst_start=<cycle>] [+fst_cycles=<n>]]   (builds with tracing: sim/waves.h)
// Exit status: the program's exit code; 3 when the lockstep checker failed (halted mid-run or failed at the end);
// 4 stopped before the program's exit by a $fatal/$stop/$finish not of the checker (an assertion); 124 timeout;
// 125 lockup; 2 usage (no +elf, an ELF tb_top cannot load, a bad plusarg: harness_check_plusargs) or a waveform
// that cannot be written. After a 3 or 4 it prints the command that writes the waveform of the cycles before it.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "Vtb_top.h"
#include "harness.h"
#include "verilated.h"
#include "waves.h"

int main(int argc, char **argv)
{
    harness_init();
    if (!harness_check_plusargs(argc, argv)) return HARNESS_EXIT_USAGE;
    std::vector<std::string> args = harness_args(argc, argv);
    std::vector<const char *> cargs;
    for (const std::string &a : args) cargs.push_back(a.c_str());
    Verilated::commandArgs((int)cargs.size(), cargs.data());
    const char *elf = harness_plusarg(argc, argv, "+elf=");
    if (!elf) {
        std::fprintf(stderr, "usage: %s +elf=<prog.elf> [+timeout=<cycles>] [+waitstates=<pct>] [+seed=<n>] [+trace]\n",
                     argv[0]);
        return HARNESS_EXIT_USAGE;
    }
    long long timeout = harness_number(argc, argv, "+timeout=", 100000000LL);
    const long long reset_cycles = 4;
    Waves waves;
    waves.set_reset_cycles(reset_cycles);
    if (!waves.configure(argc, argv)) return 2;
    Vtb_top top;  // loads the ELF at the first eval; one it cannot load ends the run with status 2
    if (!waves.open(top)) return 2;
    auto t0 = std::chrono::steady_clock::now();
    top.rst_n = 0;
    long long cycles = 0;
    for (; !Verilated::gotFinish() && cycles < timeout; cycles++) {
        if (cycles == reset_cycles) top.rst_n = 1;
        top.clk = 0;
        top.eval();
        waves.dump(cycles, 0);
        top.clk = 1;
        top.eval();
        waves.dump(cycles, 1);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    top.final();
    bool waves_written = waves.close();
    int status = harness_finish(cycles, timeout, secs);
    if (!waves_written && status == 0) status = HARNESS_EXIT_USAGE;  // the waveform asked for is lost
    if (status == HARNESS_EXIT_CHECKER || status == HARNESS_EXIT_STOPPED)
        waves.rerun_hint(argc, argv, harness_result.cycles);
    return status;
}

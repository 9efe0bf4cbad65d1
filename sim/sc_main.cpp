// SystemC sc_main for rtl_tb/tb_top (Verilator --sc): the same testbench, clocked by an sc_clock; the same
// plusargs, results and exit status as sim/tb_main.cpp. With +golden_from_model the golden comes from the model
// running in the same simulation (model/sc/iss_golden.h) instead of a file.
#include <systemc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "Vtb_top.h"
#include "harness.h"
#include "sc/iss_golden.h"
#include "verilated.h"

int sc_main(int argc, char **argv)
{
    if (!harness_check_plusargs(argc, argv)) return HARNESS_EXIT_USAGE;
    const char *elf = harness_plusarg(argc, argv, "+elf=");
    std::unique_ptr<iss_golden> golden;
    std::vector<std::string> args = harness_args(argc, argv);
    if (harness_plusarg(argc, argv, "+golden_from_model") && harness_plusarg(argc, argv, "+tarmac_golden=")) {
        // the simulator would read the first +tarmac_golden=, the user's, and the model's golden would go unread
        std::fprintf(stderr, "%s: +golden_from_model and +tarmac_golden= both name the golden: give one\n", argv[0]);
        return HARNESS_EXIT_USAGE;
    }
    if (elf && harness_plusarg(argc, argv, "+golden_from_model")) {
        const char *config = harness_plusarg(argc, argv, "+iss_config=");  // the model's --config
        golden = std::make_unique<iss_golden>("iss_golden", elf, config ? config : "");
        if (!golden->ok()) return 2;
        args.push_back("+tarmac_golden=" + golden->golden_path());
    }
    std::vector<const char *> cargs;
    for (const std::string &a : args) cargs.push_back(a.c_str());
    harness_init();
    Verilated::commandArgs((int)cargs.size(), cargs.data());
    if (!elf) {
        std::fprintf(stderr, "usage: %s +elf=<prog.elf> [+timeout=<cycles>] [+waitstates=<pct>] [+trace]\n", argv[0]);
        return 2;
    }
    if (harness_plusarg(argc, argv, "+fst")) {
        std::fprintf(stderr, "%s: +fst=: waveforms are written by the C++ harness's builds with tracing (make TRACE=1)\n",
                     argv[0]);
        return 2;
    }
    long long timeout = harness_number(argc, argv, "+timeout=", 100000000LL);
    sc_clock clk("clk", 10, SC_NS);
    sc_signal<bool> rst_n;
    Vtb_top top("top");
    top.clk(clk);
    top.rst_n(rst_n);
    harness_on_exit = [] { sc_stop(); };
    // after sc_stop (the program's exit, or a $fatal even during elaboration) SystemC refuses sc_start
    auto running = [] { return sc_get_status() != SC_STOPPED && !Verilated::gotFinish() && !harness_result.done; };
    sc_start(SC_ZERO_TIME);  // elaborate; tb_top loads the ELF (one it cannot load ends the run with status 2)
    auto t0 = std::chrono::steady_clock::now();
    rst_n = false;
    if (running()) sc_start(40, SC_NS);
    rst_n = true;
    long long cycles = 4;
    const long long chunk = 1000;
    while (running() && cycles < timeout) {
        sc_start(sc_time(double(chunk) * 10.0, SC_NS));
        cycles += chunk;
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    top.final();
    return harness_finish(cycles, timeout, secs);
}

#include "harness.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Vtb_top__Dpi.h"
#include "tarmac/checker.h"
#include "tarmac/number.h"
#include "tarmac/plusargs.h"
#include "verilated.h"

HarnessResult harness_result;
void (*harness_on_exit)() = nullptr;

// harness_on_exit once, at the first of: the program's exit, a $fatal/$stop/$finish (Verilator runs the flush
// callbacks after setting gotFinish)
static void stop_once()
{
    static bool stopped;
    if (stopped || !harness_on_exit) return;
    stopped = true;
    harness_on_exit();
}

extern "C" void tb_exit(int code, int checker_status, long long cycles, long long retired)
{
    harness_result.done = true;
    harness_result.code = code;
    harness_result.checker = checker_status;
    harness_result.cycles = cycles;
    harness_result.retired = retired;
    stop_once();
}

extern "C" void tb_stopped(int checker_status, long long cycles, long long retired)
{
    if (harness_result.done) return;  // a normal end: the final block runs after every simulation
    harness_result.stopped = true;
    harness_result.checker = checker_status;
    harness_result.cycles = cycles;
    harness_result.retired = retired;
}

void harness_init()
{
    std::signal(SIGXFSZ, SIG_IGN);  // a file size limit is a write error with a message (EFBIG), not a kill
    Verilated::threadContextp()->fatalOnError(false);
    Verilated::addFlushCb([](void *) { if (Verilated::gotFinish()) stop_once(); }, nullptr);
}

const char *harness_plusarg(int argc, char **argv, const char *name)
{
    size_t n = std::strlen(name);
    for (int i = 1; i < argc; i++)
        if (!std::strncmp(argv[i], name, n)) return argv[i] + n;
    return nullptr;
}

// Every plusarg of the testbench and what its value must be; a name added where it is read goes here too
// (tests/unit/harness checks that each name read in rtl_tb/ and sim/ is in this table).
static const tm_plusarg kPlusargs[] = {
    { "elf", TM_PLUSARG_TEXT, 0, 0 },                         // tb_top, the mains
    { "timeout", TM_PLUSARG_DEC, 1, 0x7fffffffffffffffull },  // the mains: cycles
    { "waitstates", TM_PLUSARG_DEC, 0, 100 },                 // tb_top: percent of data phases
    { "seed", TM_PLUSARG_DEC, 0, 0xffffffffull },             // tb_top: the memories' wait-state generators
    { "trace", TM_PLUSARG_FLAG, 0, 0 },                       // the monitor's human-readable trace
    { "irq_seed", TM_PLUSARG_DEC, 0, 0xffffffffull },         // irq_source (rtl_tb/README.md)
    { "irq_rate", TM_PLUSARG_DEC, 0, 65535 },
    { "nmi_rate", TM_PLUSARG_DEC, 0, 65535 },
    { "irq_width", TM_PLUSARG_DEC, 1, 65535 },
    { "irq_lines", TM_PLUSARG_HEX, 0, 0xffffffffull },
    { "vis_timing", TM_PLUSARG_HEX, 0, 0x3ff },               // tb_top: the visibility port's timing (m0_vis)
    { "fst", TM_PLUSARG_TEXT, 0, 0 },                         // sim/waves.h
    { "fst_start", TM_PLUSARG_DEC, 0, 0x7fffffffffffffffull },
    { "fst_cycles", TM_PLUSARG_DEC, 0, 0x7fffffffffffffffull },
    { "golden_from_model", TM_PLUSARG_FLAG, 0, 0 },           // sc_main
    { "iss_config", TM_PLUSARG_TEXT, 0, 0 },
    { "tarmac_off", TM_PLUSARG_FLAG, 0, 0 },                  // the monitor: no checker
    { "recording", TM_PLUSARG_TEXT, 0, 0 },                   // replay_top: the recorded ports
    { "replay_fault", TM_PLUSARG_TEXT, 0, 0 },                // replay_top: a fault planted in the recording
};

bool harness_check_plusargs(int argc, char **argv)
{
    // the checker's options as +tarmac_<key>=<value> (their values are the checker's to check), with the table's
    std::vector<std::string> names;
    for (size_t i = 0; tc_option_at(i); i++) names.push_back(std::string("tarmac_") + tc_option_at(i)->key);
    std::vector<tm_plusarg> specs(std::begin(kPlusargs), std::end(kPlusargs));
    for (const std::string &n : names) specs.push_back({ n.c_str(), TM_PLUSARG_TEXT, 0, 0 });
    char msg[2048];
    if (tm_plusargs_check(argc, argv, specs.data(), specs.size(), msg, sizeof msg) == 0) return true;
    std::fprintf(stderr, "%s: %s\n", argv[0], msg);
    return false;
}

long long harness_number(int argc, char **argv, const char *name, long long def)
{
    const char *v = harness_plusarg(argc, argv, name);
    uint64_t x;
    return v && !tm_parse_uint(v, 10, 0, 0x7fffffffffffffffull, &x) ? (long long)x : def;
}

std::vector<std::string> harness_args(int argc, char **argv)
{
    std::vector<std::string> args(argv, argv + argc);
    const char *elf = harness_plusarg(argc, argv, "+elf=");
    if (elf && !harness_plusarg(argc, argv, "+tarmac_elf=")) args.push_back(std::string("+tarmac_elf=") + elf);
    return args;
}

int harness_finish(long long cycles_run, long long timeout, double secs)
{
    std::fflush(stdout);
    const HarnessResult &r = harness_result;
    if (!r.done) {
        // gotFinish without a program exit: something stopped the simulation ($fatal of the checker, ...)
        bool ended_early = Verilated::threadContextp()->gotFinish();
        if (!ended_early) {
            std::fprintf(stderr, "harness: timeout after %lld cycles (+timeout=%lld)%s\n", cycles_run, timeout,
                         r.checker ? ", lockstep checker FAILED" : "");
            return HARNESS_EXIT_TIMEOUT;
        }
        std::fprintf(stderr, "tb_main: stopped at cycle %lld after %lld instructions, before the program's exit: %s\n",
                     r.cycles, r.retired,
                     r.checker ? "lockstep checker FAILED" : "$fatal, $stop or $finish outside the checker");
        return r.checker ? HARNESS_EXIT_CHECKER : HARNESS_EXIT_STOPPED;
    }
    std::fprintf(stderr, "tb_main: %lld cycles, %lld instructions, CPI %.2f, %.2f M cycles/s, exit code %d%s\n",
                 r.cycles, r.retired, r.retired ? (double)r.cycles / r.retired : 0.0,
                 secs > 0 ? cycles_run / secs / 1e6 : 0.0, r.code, r.checker ? ", lockstep checker FAILED" : "");
    return r.checker ? HARNESS_EXIT_CHECKER : r.code;
}

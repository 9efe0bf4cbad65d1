#include "harness.h"

#include <cstdio>
#include <cstring>

#include "Vtb_top__Dpi.h"
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

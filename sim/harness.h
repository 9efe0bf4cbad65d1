// Shared by the Verilator C++ main and the SystemC sc_main: the command line, the result the testbench reports
// through the imported tb_exit, and the summary line. tb_top loads the program itself (+elf=).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct HarnessResult {
    bool done = false;     // the program reached its exit (tb_exit)
    bool stopped = false;  // the simulation ended before it (tb_stopped, from tb_top's final block)
    int code = 0, checker = 0;
    long long cycles = 0, retired = 0;
};
extern HarnessResult harness_result;
// Called once when the test ends: the program's exit, or a $fatal/$stop/$finish (SystemC: sc_stop, so no
// clock edge follows).
extern void (*harness_on_exit)();

// The value of +name=... on the command line, or nullptr.
const char *harness_plusarg(int argc, char **argv, const char *name);
// The testbench's plusargs, where ever they are read (tb_top, irq_source, the monitor, the checker's +tarmac_<key>=,
// the C++ mains and sim/waves.h), checked before the first eval (tarmac/plusargs.h): a malformed number, a flag
// given a value, a name of their families that is none of them (+tarmac_bus_windw, +irq_rat, +fst_strat) or a
// misspelling of one (+waitstate) is a usage error. False with the message on stderr.
bool harness_check_plusargs(int argc, char **argv);
// The number of +name=<n> (checked by harness_check_plusargs), or def when it is not given.
long long harness_number(int argc, char **argv, const char *name, long long def);
// The plusargs the simulation gets: argv, and +tarmac_elf=<elf> when +elf=<elf> is given and +tarmac_elf= is not,
// so that the checker's reports name the program's functions (dpi/README.md, option elf).
std::vector<std::string> harness_args(int argc, char **argv);
// Exit status of a usage error (a bad plusarg, no +elf, an ELF that cannot be loaded).
enum { HARNESS_EXIT_USAGE = 2 };
// Makes $fatal end the simulation (gotFinish) instead of aborting the process, so that a checker halt
// reaches harness_finish, and calls harness_on_exit then. Call before the first eval.
void harness_init();
// Prints the summary (cycles, instructions, CPI, cycles/s) and returns the process exit status:
// the program's exit code, or HARNESS_EXIT_* below. Call after the model's final().
enum {
    HARNESS_EXIT_CHECKER = 3,   // the lockstep checker failed: halted mid-run, or failed at the end of the test
    HARNESS_EXIT_STOPPED = 4,   // the simulation stopped before the program's exit ($fatal/$stop/$finish) and
                                // the checker had not failed
    HARNESS_EXIT_TIMEOUT = 124, // +timeout cycles ran out
};
int harness_finish(long long cycles_run, long long timeout, double seconds);

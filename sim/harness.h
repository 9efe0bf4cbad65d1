// Shared by the Verilator C++ main and the SystemC sc_main: program loading into the RTL memories, the result
// the testbench reports through the imported tb_exit, and the summary line.
#pragma once
#include <cstdint>

struct HarnessResult {
    bool done = false;
    int code = 0, checker = 0;
    long long cycles = 0, retired = 0;
};
extern HarnessResult harness_result;
// Called when the testbench reports the end of the test (SystemC: sc_stop, so no clock edge follows).
extern void (*harness_on_exit)();

// The value of +name=... on the command line, or nullptr.
const char *harness_plusarg(int argc, char **argv, const char *name);
// Loads the ELF through the model's loader and copies its words into the RTL memories (tb_top's
// tb_load_word). Returns false with a message on stderr.
bool harness_load(const char *elf);
// Prints the summary (cycles, instructions, CPI, cycles/s) and returns the process exit status:
// the program's exit code, 3 when the checker failed, 124 on timeout.
int harness_finish(long long cycles_run, long long timeout, double seconds);

// Verilator C++ main for rtl_tb/tb_top: loads the ELF (through the model's loader), runs to the program's
// exit, and prints cycles, retired instructions, CPI and cycles/s.
// usage: Vtb_top +elf=<prog.elf> [+timeout=<cycles>] [+waitstates=<pct>] [+seed=<n>] [+trace]
//                [+tarmac_golden=<golden>] [+tarmac_<option>=...]
// Exit status: the program's exit code; 3 when the lockstep checker failed; 124 timeout; 125 lockup; 2 usage.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "Vtb_top.h"
#include "Vtb_top__Dpi.h"
#include "svdpi.h"
#include "verilated.h"

extern "C" {
#include "armv6m.h"
}

namespace {
struct Result {
    bool done = false;
    int code = 0, checker = 0;
    long long cycles = 0, retired = 0;
} result;
}  // namespace

extern "C" void tb_exit(int code, int checker_status, long long cycles, long long retired)
{
    result.done = true;
    result.code = code;
    result.checker = checker_status;
    result.cycles = cycles;
    result.retired = retired;
}

static const char *plusarg(int argc, char **argv, const char *name)
{
    size_t n = std::strlen(name);
    for (int i = 1; i < argc; i++)
        if (!std::strncmp(argv[i], name, n)) return argv[i] + n;
    return nullptr;
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    const char *elf = plusarg(argc, argv, "+elf=");
    if (!elf) {
        std::fprintf(stderr, "usage: %s +elf=<prog.elf> [+timeout=<cycles>] [+waitstates=<pct>] [+seed=<n>] [+trace]\n",
                     argv[0]);
        return 2;
    }
    const char *to = plusarg(argc, argv, "+timeout=");
    long long timeout = to ? std::atoll(to) : 100000000LL;

    // the model's ELF loader fills a model memory; its words are copied into the RTL memories
    m6 *img = m6_create();
    char err[512];
    if (!img || m6_load_elf(img, elf, err, sizeof err)) {
        std::fprintf(stderr, "tb_main: %s\n", img ? err : "out of memory");
        return 2;
    }
    Vtb_top top;
    svSetScope(svGetScopeFromName("TOP.tb_top"));
    for (uint32_t a = 0; a < M6_CODE_SIZE; a += 4) {
        uint32_t w;
        std::memcpy(&w, m6_mem_ptr(img, a, 4), 4);
        if (w) tb_load_word(a, w);
    }
    for (uint32_t a = 0; a < M6_SRAM_SIZE; a += 4) {
        uint32_t w;
        std::memcpy(&w, m6_mem_ptr(img, M6_SRAM_BASE + a, 4), 4);
        if (w) tb_load_word(M6_SRAM_BASE + a, w);
    }
    m6_destroy(img);

    auto t0 = std::chrono::steady_clock::now();
    top.rst_n = 0;
    long long cycles = 0;
    for (; !Verilated::gotFinish() && cycles < timeout; cycles++) {
        if (cycles == 4) top.rst_n = 1;
        top.clk = 0;
        top.eval();
        top.clk = 1;
        top.eval();
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    top.final();
    std::fflush(stdout);
    if (!result.done) {
        std::fprintf(stderr, "tb_main: timeout after %lld cycles (+timeout=%lld)\n", cycles, timeout);
        return 124;
    }
    std::fprintf(stderr, "tb_main: %lld cycles, %lld instructions, CPI %.2f, %.2f M cycles/s, exit code %d%s\n",
                 result.cycles, result.retired, result.retired ? (double)result.cycles / result.retired : 0.0,
                 secs > 0 ? cycles / secs / 1e6 : 0.0, result.code,
                 result.checker ? ", lockstep checker FAILED" : "");
    if (result.checker) return 3;
    return result.code;
}

#include "harness.h"

#include <cstdio>
#include <cstring>

#include "Vtb_top__Dpi.h"
#include "svdpi.h"

extern "C" {
#include "armv6m.h"
}

HarnessResult harness_result;
void (*harness_on_exit)() = nullptr;

extern "C" void tb_exit(int code, int checker_status, long long cycles, long long retired)
{
    harness_result.done = true;
    harness_result.code = code;
    harness_result.checker = checker_status;
    harness_result.cycles = cycles;
    harness_result.retired = retired;
    if (harness_on_exit) harness_on_exit();
}

const char *harness_plusarg(int argc, char **argv, const char *name)
{
    size_t n = std::strlen(name);
    for (int i = 1; i < argc; i++)
        if (!std::strncmp(argv[i], name, n)) return argv[i] + n;
    return nullptr;
}

bool harness_load(const char *elf)
{
    m6 *img = m6_create();
    char err[512];
    if (!img || m6_load_elf(img, elf, err, sizeof err)) {
        std::fprintf(stderr, "harness: %s\n", img ? err : "out of memory");
        m6_destroy(img);
        return false;
    }
    // the scope of tb_top: "TOP.tb_top" under the C++ main, "<instance>.tb_top" under SystemC
    svScope scope = svGetScopeFromName("TOP.tb_top");
    if (!scope) scope = svGetScopeFromName("top.tb_top");
    if (!scope) {
        std::fprintf(stderr, "harness: no DPI scope for tb_top\n");
        m6_destroy(img);
        return false;
    }
    svSetScope(scope);
    const struct { uint32_t base, size; } regions[] = { { M6_CODE_BASE, M6_CODE_SIZE }, { M6_SRAM_BASE, M6_SRAM_SIZE } };
    for (const auto &r : regions)
        for (uint32_t a = 0; a < r.size; a += 4) {
            uint32_t w;
            std::memcpy(&w, m6_mem_ptr(img, r.base + a, 4), 4);
            if (w) tb_load_word(r.base + a, w);
        }
    m6_destroy(img);
    return true;
}

int harness_finish(long long cycles_run, long long timeout, double secs)
{
    std::fflush(stdout);
    const HarnessResult &r = harness_result;
    if (!r.done) {
        std::fprintf(stderr, "harness: timeout after %lld cycles (+timeout=%lld)\n", cycles_run, timeout);
        return 124;
    }
    std::fprintf(stderr, "tb_main: %lld cycles, %lld instructions, CPI %.2f, %.2f M cycles/s, exit code %d%s\n",
                 r.cycles, r.retired, r.retired ? (double)r.cycles / r.retired : 0.0,
                 secs > 0 ? cycles_run / secs / 1e6 : 0.0, r.code, r.checker ? ", lockstep checker FAILED" : "");
    return r.checker ? 3 : r.code;
}

// FST waveforms of a window of cycles, for the C++ main (sim/tb_main.cpp). In a build with tracing (verilate.sh
// --trace: make TRACE=1, build/sim/*-trace) +fst=<file> writes every signal of the design from cycle
// +fst_start=<n> (default 0) for +fst_cycles=<n> cycles (default: to the end). Cycles count from the release
// of the reset, as the checker's reports and +trace do; a cycle is 10 time units, the rising edge at 5. Tracing
// costs only when a file is asked for, and only inside the window; the builds without it ignore nothing: +fst=
// there is a usage error. After a failed run, waves_rerun_hint prints the command that writes the waveform of
// the cycles before the failure, or, when there is no such build beside it (a testbench of one's own), the plusargs
// for one. The file is written whole (tarmac/outfile.h: renamed into place at the end) and may not be the program
// or the golden.
#pragma once
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "Vtb_top.h"
#include "harness.h"
#include "tarmac/number.h"
#include "tarmac/outfile.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

class Waves {
  public:
    // Reads the plusargs; call before the model is built. False with a message on stderr on a usage error.
    bool configure(int argc, char **argv)
    {
        file_ = harness_plusarg(argc, argv, "+fst=");
        inputs_[0] = harness_plusarg(argc, argv, "+elf=");
        inputs_[inputs_[0] ? 1 : 0] = harness_plusarg(argc, argv, "+tarmac_golden=");
        const char *s = harness_plusarg(argc, argv, "+fst_start=");
        const char *n = harness_plusarg(argc, argv, "+fst_cycles=");
        if (!file_) {
            if (s || n) std::fprintf(stderr, "tb_main: +fst_start/+fst_cycles without +fst=<file>\n");
            return !s && !n;
        }
        if (!*file_ || (s && !number(s, &start_)) || (n && !number(n, &cycles_))) {
            std::fprintf(stderr, "tb_main: usage: +fst=<file> [+fst_start=<cycle>] [+fst_cycles=<n>] (numbers >= 0)\n");
            return false;
        }
#if VM_TRACE
        Verilated::traceEverOn(true);
        return true;
#else
        std::fprintf(stderr, "tb_main: +fst=%s: this simulator is built without tracing; the build with it is "
                             "%s (make TRACE=1 rtl)\n", file_, trace_build(argv[0]).c_str());
        return false;
#endif
    }

    // Opens the file when asked for; call once the model exists.
    bool open(Vtb_top &top)
    {
#if VM_TRACE
        if (!file_) return true;
        tm_error err;
        char msg[600];
        out_ = tm_outfile_open(file_, inputs_, &err);
        if (!out_) {
            std::fprintf(stderr, "tb_main: +fst=: %s\n", tm_error_format(&err, msg, sizeof msg));
            return false;
        }
        fst_ = std::make_unique<VerilatedFstC>();
        top.trace(fst_.get(), 99);
        fst_->open(tm_outfile_writing(out_));
        if (!fst_->isOpen()) {
            std::fprintf(stderr, "tb_main: cannot write %s\n", file_);
            tm_outfile_discard(out_);
            out_ = nullptr;
            return false;
        }
#else
        (void)top;
#endif
        return true;
    }

    // After each eval: cycle of the harness's loop (reset included), edge 0 falling / 1 rising.
    void dump(long long loop_cycle, int edge)
    {
#if VM_TRACE
        if (!fst_) return;
        long long c = loop_cycle - reset_cycles_;
        if (c < start_ || (cycles_ >= 0 && c >= start_ + cycles_)) return;
        fst_->dump((uint64_t)(c < 0 ? 0 : c) * 10 + (edge ? 5 : 0));
#else
        (void)loop_cycle, (void)edge;
#endif
    }

    // Ends the file and puts it in place; false with a message when it cannot be.
    bool close()
    {
#if VM_TRACE
        if (fst_) fst_->close();
        fst_.reset();
        tm_error err;
        char msg[600];
        if (out_ && tm_outfile_commit(out_, &err) != TM_OK) {
            out_ = nullptr;
            std::fprintf(stderr, "tb_main: +fst=: %s\n", tm_error_format(&err, msg, sizeof msg));
            return false;
        }
        out_ = nullptr;
#endif
        return true;
    }

    // The clock cycles the harness holds the reset for: cycle 0 of the reports is the loop's reset_cycles.
    void set_reset_cycles(long long n) { reset_cycles_ = n; }

    // After a run that failed at the cycle after which tb_top stopped counting (harness_result.cycles): the
    // command that reruns it in the build with tracing and writes the cycles before the failure; without that
    // build, only the plusargs that write them (no command for a build that does not exist).
    void rerun_hint(int argc, char **argv, long long stop_cycle) const
    {
        const long long before = 1000, after = 10;
        long long fail = stop_cycle > 0 ? stop_cycle - 1 : 0;  // the reports' cycle of the last clock edge
        long long start = fail > before ? fail - before : 0;
        std::string sim = trace_build(argv[0]), cmd = sim, fst;
        for (int i = 1; i < argc; i++) {
            if (!std::strncmp(argv[i], "+fst", 4)) continue;
            cmd += ' ';
            cmd += argv[i];
        }
        if (const char *r = harness_plusarg(argc, argv, "+tarmac_report=")) fst = strip_ext(r);
        else if (const char *e = harness_plusarg(argc, argv, "+elf=")) fst = strip_ext(base(e));
        else fst = "failure";
        struct stat st;
        if (stat(sim.c_str(), &st) == 0)
            std::fprintf(stderr, "tb_main: waveform of cycles %lld-%lld: %s +fst=%s.fst +fst_start=%lld +fst_cycles=%lld\n",
                         start, fail + after - 1, cmd.c_str(), fst.c_str(), start, fail + after - start);
        else
            std::fprintf(stderr, "tb_main: waveform of cycles %lld-%lld: +fst=%s.fst +fst_start=%lld +fst_cycles=%lld with "
                                 "the same arguments in a build with tracing (none at %s; the reference testbench's: make "
                                 "TRACE=1 rtl)\n",
                         start, fail + after - 1, fst.c_str(), start, fail + after - start, sim.c_str());
    }

  private:
    static bool number(const char *s, long long *v)
    {
        uint64_t x;
        if (tm_parse_uint(s, 10, 0, 0x7fffffffffffffffull, &x)) return false;
        *v = (long long)x;
        return true;
    }
    static std::string base(const std::string &p) { return p.substr(p.find_last_of('/') + 1); }
    static std::string strip_ext(const std::string &p)
    {
        size_t dot = p.find_last_of('.'), slash = p.find_last_of('/');
        return dot != std::string::npos && (slash == std::string::npos || dot > slash) ? p.substr(0, dot) : p;
    }
    // The build with tracing beside this one: <dir>-trace/<binary> (build/sim/chk -> build/sim/chk-trace), or
    // this binary when it traces.
    static std::string trace_build(const char *self)
    {
        std::string p = self ? self : "Vtb_top";
#if VM_TRACE
        return p;
#else
        size_t slash = p.find_last_of('/');
        if (slash == std::string::npos) return "the -trace build of " + p;
        return p.substr(0, slash) + "-trace" + p.substr(slash);
#endif
    }

    const char *file_ = nullptr;
    const char *inputs_[3] = { nullptr, nullptr, nullptr };  // the files the run reads: +fst= may not be one
    long long start_ = 0, cycles_ = -1, reset_cycles_ = 0;
#if VM_TRACE
    tm_outfile *out_ = nullptr;
    std::unique_ptr<VerilatedFstC> fst_;
#endif
};

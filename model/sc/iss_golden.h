// The golden model as a SystemC module: it runs the ARMv6-M model on the program on its own thread and streams
// the Tarmac trace into a pipe that the lockstep checker reads as its golden, inside the same simulation and
// with no file. The pipe's back-pressure paces the model to the checker. config: the model's options
// ("key=value,...", model/config.h); the model runs free of the simulation's clock, so systick=cycles is refused.
#pragma once

#include <systemc.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <thread>

extern "C" {
#include "armv6m.h"
}

SC_MODULE(iss_golden)
{
    // The path the checker opens to read the golden stream ("/dev/fd/<n>").
    std::string golden_path() const { return "/dev/fd/" + std::to_string(read_fd_); }
    bool ok() const { return ok_; }

    iss_golden(sc_module_name name, const std::string &elf, const std::string &config = "") : sc_module(name)
    {
        int fds[2];
        if (pipe(fds) != 0) return;
        read_fd_ = fds[0];
        write_fd_ = fds[1];
        tm_error err;
        char buf[600];
        m6_config cfg;
        m6_config_defaults(&cfg);
        if (m6_config_parse(&cfg, config.c_str(), &err) != TM_OK) {
            std::fprintf(stderr, "iss_golden: %s\n", tm_error_format(&err, buf, sizeof buf));
            return;
        }
        if (cfg.systick == M6_SYSTICK_CYCLES) {
            std::fprintf(stderr, "iss_golden: systick=cycles needs ticks from a clock; this golden runs unclocked\n");
            return;
        }
        m6_ = m6_create(&cfg);
        if (!m6_ || m6_load_elf(m6_, elf.c_str(), &err) != TM_OK) {
            std::fprintf(stderr, "iss_golden: %s\n", m6_ ? tm_error_format(&err, buf, sizeof buf) : "out of memory");
            return;
        }
        ok_ = true;
        thread_ = std::thread([this] { run(); });
    }

    ~iss_golden() override
    {
        if (thread_.joinable()) thread_.join();
        if (read_fd_ >= 0) close(read_fd_);
        m6_destroy(m6_);
    }

  private:
    void run()
    {
        std::string path = "/dev/fd/" + std::to_string(write_fd_);
        tm_out_options oo{ 0, 0, 0, nullptr, nullptr };  // a plain stream: no header to record the configuration
        tm_error e;
        tm_out *out = tm_out_open(path.c_str(), &oo, &e);
        close(write_fd_); // the stream's own descriptor is the only writer left: closing it ends the golden
        if (!out) return;
        m6_trace_to(m6_, out, TM_DIALECT_FASTMODELS);
        m6_set_console(m6_, nullptr);  // the RTL prints the program's output
        if (m6_reset(m6_, nullptr) == TM_OK) m6_run(m6_, 500000000ull);
        tm_out_close(out, &e);
    }

    m6 *m6_ = nullptr;
    int read_fd_ = -1, write_fd_ = -1;
    bool ok_ = false;
    std::thread thread_;
};

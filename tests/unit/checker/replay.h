// Test support: the calls a perfect RTL makes for a golden trace, as a list that tests can mutate to
// inject faults, and a runner that feeds the list to the checker and stops at the first non-OK result.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

extern "C" {
#include "tarmac/checker.h"
}

struct Call {
    enum Kind { REG, BEAT, PACKET, RETIRE, EXC, SNAPSHOT, IRQ, TICKS, MEMW, TIME } kind;
    uint32_t a = 0, b = 0, c = 0, d = 0, e = 0, f = 0;  // REG: id,value  BEAT: addr,write,hsize,prot,data,resp
                                                          // PACKET: w0,w1[,c=1: d=POSITION.POINTER]
                                                          // RETIRE: pc,op,is32,cond  EXC: n,ret
                                                          // SNAPSHOT: a = valid mask, regs = the values
                                                          // IRQ: lines,nmi  TICKS: n  MEMW: addr,size,data
                                                          // TIME: the simulation time of the calls after it (a, b: low, high word)
    std::vector<uint32_t> regs = {};
    static Call reg(int id, uint32_t v) { return { REG, (uint32_t)id, v }; }
    static Call beat(uint32_t addr, int write, int hsize, uint32_t data, int resp = 0, int prot = 1)
    {
        return { BEAT, addr, (uint32_t)write, (uint32_t)hsize, (uint32_t)prot, data, (uint32_t)resp };
    }
    static Call packet(uint32_t w0, uint32_t w1) { return { PACKET, w0, w1 }; }
    static Call packet_at(uint32_t pointer, uint32_t w0, uint32_t w1) { return { PACKET, w0, w1, 1, pointer }; }
    static Call retire(uint32_t pc, uint32_t op, int is32 = 0, int cond = 1)
    {
        return { RETIRE, pc, op, (uint32_t)is32, (uint32_t)cond };
    }
    static Call exc(int n, uint32_t ret) { return { EXC, (uint32_t)n, ret }; }
    static Call irq(uint32_t lines, int nmi = 0) { return { IRQ, lines, (uint32_t)nmi }; }
    static Call ticks(uint32_t n) { return { TICKS, n }; }
    static Call memw(uint32_t addr, int size, uint32_t data) { return { MEMW, addr, (uint32_t)size, data }; }
    static Call time(uint64_t t) { return { TIME, (uint32_t)t, (uint32_t)(t >> 32) }; }
    static Call snapshot(const std::vector<uint32_t> &r, uint32_t valid) { return { SNAPSHOT, valid, 0, 0, 0, 0, 0, r }; }
};

// Packets the perfect DUT's MTB emits after a given step (by index of the step's closing call).
struct PacketAt {
    size_t step;  // emitted just before the close call of this step (0-based golden step order)
    uint32_t w0, w1;
    bool shown = false;    // the MTB shows where it wrote the packet:
    uint32_t pointer = 0;  // POSITION.POINTER
};

// Write text to a file of this test process under build/tmp (name: the file's own part); returns its path.
std::string temp_golden(const std::string &text, const std::string &name);

// The same as a gzip stream (what the model writes), with comment (nullptr: none) in its header.
std::string temp_gz_golden(const std::string &text, const std::string &name, const char *comment = nullptr);

// Build the calls of a perfect DUT from a golden trace (any dialect the library reads). Each golden step's
// register writes and memory accesses come before its retire/exception call; memory data is placed on its
// byte lanes as the AHB carries it. Returns false and sets err on an unreadable golden.
bool perfect_calls(const std::string &golden_path, const std::vector<PacketAt> &packets, std::vector<Call> &out,
                   std::string &err);

constexpr uint32_t kAllRegs = (1u << TM_REG_COUNT) - 1;

// The perfect DUT as a core that can only show its register file: the register writes become one snapshot after
// each retire/exception; registers never written hold `fill` (a reset value the architecture leaves UNKNOWN).
std::vector<Call> as_snapshots(const std::vector<Call> &calls, uint32_t fill, uint32_t valid = kAllRegs);

// One call on the checker; returns its status.
int apply_call(tc_checker *c, const Call &k);

struct RunResult {
    int rc = 0;            // first non-OK result, or tc_finish's
    size_t failed_at = 0;  // index of the call that failed (calls.size() when finish failed)
    std::string report;
    tc_counters n{};
};

// Feed the calls to a checker on golden with options, then finish. head_start_ms: time the checker's golden
// thread gets after open, before the first call (it fills its ring and sleeps).
RunResult run_calls(const std::string &golden, const std::string &options, const std::vector<Call> &calls,
                    unsigned head_start_ms = 0);

// Runs the program on the model (tail-chaining and late arrival on when tail_chain) and returns the MTB packets
// it wrote, with the step that caused each and where; *steps: the steps it ran.
std::vector<PacketAt> model_run_packets(const std::string &elf, bool tail_chain, uint64_t *steps);

// The committed goldens (golden/<name>.tarmac.gz), sorted by name. <program>.tc is <program>'s golden made with
// the model's tail-chaining and late arrival on (tests/programs/programs.mk, TC_ISS_OPTS).
std::vector<std::string> corpus_names();
bool corpus_with_options(const std::string &name);  // a <program>.tc golden
std::string corpus_golden(const std::string &name); // its golden file
std::string corpus_elf(const std::string &name);    // its program's ELF under build/programs/ (without ".tc")

// Lines of a gzip-compressed text file that contain text.
uint64_t count_gz_lines(const std::string &gz, const char *text);

// tc_open's error for this golden and these options as tm_error_format writes it ("file:line: message");
// "(opened)" when the open succeeded (the checker is closed again). *err (when given): the error itself.
std::string open_error(const std::string &golden, const std::string &options, tm_error *err = nullptr);

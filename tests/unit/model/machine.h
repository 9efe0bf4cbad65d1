// The model on hand-placed code, for the model's tests.
#ifndef TESTS_UNIT_MODEL_MACHINE_H
#define TESTS_UNIT_MODEL_MACHINE_H

#include <cstring>
#include <string>
#include <vector>

extern "C" {
#include "armv6m.h"
}

// A machine with a vector table (SP 0x20001000, reset at 0x100, every handler at 0x200) and code at 0x100.
struct Machine {
    m6 *c = m6_create(nullptr);
    Machine(const std::vector<uint16_t> &code, const std::vector<uint16_t> &handler = { 0xbeab })
    {
        uint32_t *vt = reinterpret_cast<uint32_t *>(m6_mem_ptr(c, 0, 192));
        vt[0] = 0x20001000;
        vt[1] = 0x101;
        for (int i = 2; i < 48; i++) vt[i] = 0x201;
        std::memcpy(m6_mem_ptr(c, 0x100, 2 * code.size()), code.data(), 2 * code.size());
        std::memcpy(m6_mem_ptr(c, 0x200, 2 * handler.size()), handler.data(), 2 * handler.size());
        m6_set_console(c, nullptr);
    }
    ~Machine() { m6_destroy(c); }
    int run(int max = 1000)
    {
        int st = M6_STEP_INSN;
        for (int i = 0; i < max && st != M6_STEP_EXIT && st != M6_STEP_LOCKUP; i++) st = m6_step(c);
        return st;
    }
    void poke32(uint32_t addr, uint32_t v) { std::memcpy(m6_mem_ptr(c, addr, 4), &v, 4); }
    // A word read as the CPU makes it (registers of the SCS and the MTB included); 0xdeadbeef on a bus error.
    uint32_t bus32(uint32_t addr)
    {
        uint32_t v = 0xdeadbeef;
        return m6_read(c, addr, 4, &v) ? 0xdeadbeef : v;
    }
    unsigned ipsr() const { return m6_xpsr(c) & 0x3f; }
    // Change the configuration before m6_reset: f edits a copy of it.
    template <class F> void configure(F f)
    {
        m6_config k = *m6_get_config(c);
        f(k);
        m6_set_config(c, &k);
    }
};

#endif

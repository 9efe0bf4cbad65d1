// Test support for live mode: "the RTL" is a second instance of the model, run in live mode by a policy that
// decides, as a core does, when it takes each asynchronous exception (a few instructions late, never, against
// the rules), with the interrupt lines and SysTick cycles the test gives it. Its trace becomes the calls a
// perfect core with that behaviour makes (perfect_calls), with the irq_lines / systick_ticks calls inserted
// before the close of the step they came in.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "replay.h"

extern "C" {
#include "armv6m.h"
}

class LiveRtl {
  public:
    // config: the model's "key=value,..." (the checker gets the same as model=key:value;...)
    LiveRtl(const std::string &elf, const std::string &config);
    ~LiveRtl();

    // Called at every instruction boundary before the core decides what to do: may call lines() and ticks().
    std::function<void(LiveRtl &)> at_boundary;
    // What the core takes at this boundary, given what the architecture says preempts now (0: nothing); the
    // default takes it once it has waited `delay` boundaries. Return 0 to take nothing.
    std::function<unsigned(LiveRtl &, unsigned preempting)> choose;
    // A tail-chaining core's choice at an exception return, given the model's (the highest priority pending).
    std::function<unsigned(LiveRtl &, unsigned highest)> chain;
    unsigned delay = 0;
    uint32_t ticks_per_step = 0;  // SysTick cycles per step (config systick=cycles)
    bool sleep_on_wfi = false;    // a WFI waits for an interrupt (the test's at_boundary raises one)

    void lines(uint32_t irq, int nmi = 0);
    void ticks(uint32_t n);
    void mem_write(uint32_t addr, int size, uint32_t data); // another bus master writes memory
    m6 *model() { return m_; }
    // What the policies look at, through the model's calls
    uint64_t steps() const { return m6_steps(m_); }
    unsigned ipsr() const { return m6_xpsr(m_) & 0x3f; }
    bool primask() const { return m6_reg(m_, TM_REG_PRIMASK) != 0; }
    uint32_t irq_levels() const { return m6_irq_levels(m_, nullptr); }
    uint32_t nvic_pending() const  // NVIC_ISPR as software reads it: pending, enabled or not
    {
        uint32_t v = 0;
        m6_scs_read(m_, M6_SCS_BASE + 0x200, &v);
        return v;
    }
    bool asleep() const { return asleep_; }
    uint32_t device_reads = 0;
    uint32_t error_addr = 0;      // the device answers reads here with ERROR (0: never)
    void device_error(uint32_t addr);
    unsigned sleeps = 0;          // WFIs the core slept in

    // Runs the program (at most max_steps golden steps); the calls of a perfect core that behaves so.
    std::vector<Call> run(const std::string &name, uint64_t max_steps = 200000);
    std::string error;

  private:
    m6 *m_;
    unsigned waited_ = 0;
    bool asleep_ = false;
    unsigned slept_ = 0;
    std::map<uint64_t, std::vector<Call>> extra_;  // golden step -> calls before its close
};

// The device the model does not have (0x40000000-0x400000ff, option volatile=): what each read returns.
inline constexpr uint32_t kDeviceBase = 0x40000000u;
inline constexpr const char *kVolatile = "volatile=0x40000000-0x400000ff";

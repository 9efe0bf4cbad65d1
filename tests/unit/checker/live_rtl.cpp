#include "live_rtl.h"

#include <cstdio>
#include <cstring>

extern "C" {
#include "tarmac/writer.h"
}

namespace {

uint32_t kRanges[1][2] = { { 0x40000000u, 0x400000ffu } };

int device_read(void *ctx, uint32_t addr, unsigned, uint32_t *val)
{
    LiveRtl *r = static_cast<LiveRtl *>(ctx);
    if (r->error_addr && addr == r->error_addr) {
        r->device_error(addr);
        return -1;
    }
    *val = 0x100u + 3u * r->device_reads++ + (addr & 0xff);
    return 0;
}

}  // namespace

LiveRtl::LiveRtl(const std::string &elf, const std::string &config) : m_(nullptr)
{
    tm_error err;
    char buf[600];
    m6_config cfg;
    m6_config_defaults(&cfg);
    if (m6_config_parse(&cfg, config.c_str(), &err) != TM_OK || !(m_ = m6_create(&cfg)) ||
        m6_load_elf(m_, elf.c_str(), &err) != TM_OK) {
        error = m_ ? tm_error_format(&err, buf, sizeof buf) : "configuration or memory";
        if (!m_) m_ = m6_create(nullptr); /* the destructor and the tests' reads need a model */
        return;
    }
    m6_set_console(m_, nullptr);
    m6_set_live(m_, 1);
    m6_set_volatile(m_, kRanges, 1, device_read, this);
    choose = [](LiveRtl &r, unsigned n) -> unsigned {
        if (!n) {
            r.waited_ = 0;
            return 0;
        }
        return r.waited_++ >= r.delay ? n : 0;
    };
    chain = [](LiveRtl &, unsigned highest) { return highest; };
}

LiveRtl::~LiveRtl() { m6_destroy(m_); }

void LiveRtl::lines(uint32_t irq, int nmi)
{
    m6_irq_lines(m_, irq, nmi);
    extra_[m6_steps(m_) + 1].push_back(Call::irq(irq, nmi));
}

void LiveRtl::ticks(uint32_t n)
{
    m6_systick_ticks(m_, n);
    extra_[m6_steps(m_) + 1].push_back(Call::ticks(n));
}

void LiveRtl::mem_write(uint32_t addr, int size, uint32_t data)
{
    uint8_t *p = m6_mem_ptr(m_, addr, (uint32_t)size);
    for (int i = 0; p && i < size; i++) p[i] = (uint8_t)(data >> (8 * i));
    extra_[m6_steps(m_) + 1].push_back(Call::memw(addr, size, data));
}

// the beat of a failed read: a trace shows no record of it, the core's bus does
void LiveRtl::device_error(uint32_t addr) { extra_[m6_steps(m_) + 1].push_back(Call::beat(addr, 0, 2, 0, 1)); }

std::vector<Call> LiveRtl::run(const std::string &name, uint64_t max_steps)
{
    std::vector<Call> calls;
    if (!error.empty()) return calls;
    std::string path = temp_golden("", name + ".rtl.tarmac");
    tm_out_options oo{ 0, 0, 0, nullptr, nullptr };
    tm_error err;
    char buf[600];
    tm_out *out = tm_out_open(path.c_str(), &oo, &err);
    m6_trace_to(m_, out, TM_DIALECT_FASTMODELS);
    if (m6_reset(m_, &err) != TM_OK) error = tm_error_format(&err, buf, sizeof buf);
    while (error.empty() && !m6_stopped(m_) && m6_steps(m_) < max_steps) {
        if (asleep_ && ++slept_ > 100000) error = "the core sleeps in WFI and nothing wakes it";
        if (ticks_per_step) ticks(ticks_per_step);
        if (at_boundary) at_boundary(*this);
        m6_irq_sample(m_);
        unsigned n = choose(*this, m6_preempting(m_));
        if (n) {
            waited_ = 0;
            asleep_ = false;
            slept_ = 0;
            m6_enter_exception(m_, n, m6_reg(m_, TM_REG_PC));
            continue;
        }
        if (asleep_) continue; /* the test's at_boundary wakes the core with an interrupt */
        m6_set_live_chain(m_, m6_get_config(m_)->tail_chain);
        m6_step(m_);
        m6_set_live_chain(m_, 0);
        if (m6_tail_chain_to(m_)) m6_tail_chain(m_, chain(*this, m6_tail_chain_to(m_)));
        asleep_ = sleep_on_wfi && m6_last_encoding(m_) == thumb_wfi_t1;
        sleeps += asleep_;
    }
    m6_trace_to(m_, nullptr, TM_DIALECT_FASTMODELS);
    tm_error e;
    if (out) tm_out_close(out, &e);
    if (!error.empty()) return calls;
    std::vector<Call> plain;
    if (!perfect_calls(path, {}, plain, error)) return calls;
    uint64_t step = 0;
    for (const Call &k : plain) {
        if (k.kind == Call::RETIRE || k.kind == Call::EXC) {
            auto it = extra_.find(++step);
            if (it != extra_.end()) calls.insert(calls.end(), it->second.begin(), it->second.end());
        }
        calls.push_back(k);
    }
    return calls;
}

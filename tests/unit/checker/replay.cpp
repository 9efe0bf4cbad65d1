#include "replay.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>
#include <strings.h>
#include <unistd.h>
#include <zlib.h>

#include <gtest/gtest.h>

extern "C" {
#include "armv6m.h"
#include "tarmac/reader.h"
#include "tarmac/regs.h"
}

namespace {

bool named(tm_str s, const char *lit)
{
    size_t n = std::strlen(lit);
    if (s.n > 10 && strncasecmp(s.p, "CoreEvent_", 10) == 0) {
        s.p += 10;
        s.n -= 10;
    }
    return s.n == n && strncasecmp(s.p, lit, n) == 0;
}

bool exception_event(tm_str d)
{
    for (const char *n : { "NMI", "HARDFAULT", "SVCALL", "PENDSV", "SYSTICK", "IRQ", "INT_TAKEN", "INT_ENTRY" })
        if (named(d, n)) return true;
    return false;
}

}  // namespace

std::string temp_golden(const std::string &text, const std::string &name)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    std::string p = dir + "/chk_" + std::to_string(getpid()) + "_" + name;
    std::ofstream(p) << text;
    return p;
}

bool perfect_calls(const std::string &golden_path, const std::vector<PacketAt> &packets, std::vector<Call> &out,
                   std::string &err)
{
    tm_error e{};
    tm_reader *r = tm_reader_open(golden_path.c_str(), nullptr, &e);
    if (!r) {
        err = e.msg;
        return false;
    }
    std::vector<Call> body;  // register writes and beats of the open step
    bool have_close = false, open_exc = false;
    Call close{};
    size_t step = 0;  // golden steps closed so far (the reset step is closed with the first instruction)
    // CONTROL as the core has it: an exception entry clears SPSEL, a return to Thread mode sets it when it
    // unstacks PSP; the core reports those changes as writes, which no golden line shows
    uint32_t control = 0;
    bool to_thread = false, psp_written = false;
    auto flush = [&]() {
        if (!have_close) return;
        uint32_t now = control;
        if (close.kind == Call::EXC) now &= ~2u;
        else if (to_thread) now = psp_written ? now | 2u : now & ~2u;
        if (now != control) body.push_back(Call::reg(TM_REG_CONTROL, now));
        control = now;
        to_thread = psp_written = false;
        out.insert(out.end(), body.begin(), body.end());
        body.clear();
        for (const PacketAt &p : packets)
            if (p.step == step) out.push_back(p.shown ? Call::packet_at(p.pointer, p.w0, p.w1) : Call::packet(p.w0, p.w1));
        out.push_back(close);
        have_close = false;
        open_exc = false;
        step++;
    };
    tm_record rec;
    int rc;
    while ((rc = tm_reader_next(r, &rec, &e)) == TM_OK) {
        switch (rec.kind) {
        case TM_REC_INSN:
            flush();
            close = Call::retire((uint32_t)rec.u.insn.addr.va, rec.u.insn.opcode, rec.u.insn.opcode_digits > 4,
                                 rec.u.insn.status != TM_INSN_IS);
            have_close = true;
            break;
        case TM_REC_EVENT: {
            const tm_event &ev = rec.u.event;
            bool to_handler = named(ev.desc, "ModeChange") && ev.mode.n && strncasecmp(ev.mode.p, "handler", 7) == 0;
            if (named(ev.desc, "ModeChange") && ev.mode.n && strncasecmp(ev.mode.p, "thread", 6) == 0) to_thread = true;
            bool exc = exception_event(ev.desc);
            if (!to_handler && !exc) break;
            if (!open_exc) {
                flush();
                open_exc = true;
                have_close = true;
                close = Call::exc(0, 0);
            }
            if (exc) {
                close.a = ev.has_number ? ev.number : ev.arg;
                close.b = (uint32_t)ev.value.va;
                open_exc = false;  // a later exception event opens a new step
            }
            break;
        }
        case TM_REC_REG: {
            int id = tm_reg_id(rec.u.reg.name, rec.u.reg.suffix);
            if (id == TM_REG_SP) id = TM_REG_MSP;
            if (id == TM_REG_CONTROL) control = (uint32_t)rec.u.reg.value.v;
            if (id == TM_REG_PSP) psp_written = true;
            if (id >= 0 && id != TM_REG_PC) body.push_back(Call::reg(id, (uint32_t)rec.u.reg.value.v));
            break;
        }
        case TM_REC_MEM: {
            const tm_mem &m = rec.u.mem;
            if ((m.shape == TM_MEM_RTL && m.od == 'O') || (m.shape == TM_MEM_M0 && m.od == 'I')) break;
            uint32_t addr = (uint32_t)m.addr.va;
            int hsize = m.size == 1 ? 0 : m.size == 2 ? 1 : 2;
            uint32_t data = (uint32_t)m.data.v << (8 * (addr & 3) * (m.size < 4));
            body.push_back(Call::beat(addr, m.write, hsize, data, m.error));
            break;
        }
        default:
            break;
        }
    }
    flush();
    tm_reader_close(r);
    if (rc != TM_EOF) {
        char buf[600];
        err = tm_error_format(&e, buf, sizeof buf);
        return false;
    }
    return true;
}

int apply_call(tc_checker *c, const Call &k)
{
    switch (k.kind) {
    case Call::REG: return tc_reg_write(c, (int)k.a, k.b);
    case Call::BEAT: return tc_ahb_beat(c, k.a, (int)k.b, (int)k.c, (int)k.d, k.e, (int)k.f);
    case Call::PACKET: return k.c ? tc_mtb_packet_at(c, k.d, k.a, k.b) : tc_mtb_packet(c, k.a, k.b);
    case Call::RETIRE: return tc_retire(c, k.a, k.b, (int)k.c, (int)k.d);
    case Call::EXC: return tc_exception(c, (int)k.a, k.b);
    case Call::SNAPSHOT: return tc_snapshot(c, k.regs.data(), k.a);
    case Call::IRQ: return tc_irq_lines(c, k.a, (int)k.b);
    case Call::TICKS: return tc_systick_ticks(c, k.a);
    case Call::MEMW: return tc_mem_write(c, k.a, (int)k.b, k.c);
    case Call::TIME: tc_set_time(c, (uint64_t)k.b << 32 | k.a); return TC_OK;
    }
    return TC_FAILED;
}

RunResult run_calls(const std::string &golden, const std::string &options, const std::vector<Call> &calls,
                    unsigned head_start_ms)
{
    RunResult res;
    tm_error e{};
    tc_checker *c = tc_open(golden.c_str(), options.c_str(), &e);
    if (!c) {
        res.rc = -1;
        res.report = e.msg;
        return res;
    }
    if (head_start_ms) std::this_thread::sleep_for(std::chrono::milliseconds(head_start_ms));
    res.failed_at = calls.size();
    bool timed = false;  // the calls give their times (Call::time), else each call is 10 after the one before
    for (size_t i = 0; i < calls.size(); i++) {
        const Call &k = calls[i];
        timed |= k.kind == Call::TIME;
        if (!timed) tc_set_time(c, 10 * (i + 1));
        int rc = apply_call(c, k);
        if (rc != TC_OK && res.rc == TC_OK) {
            res.rc = rc;
            res.failed_at = i;
        }
        if (tc_halted(c)) break;
    }
    int frc = tc_finish(c);
    if (res.rc == TC_OK) res.rc = frc;
    res.report = tc_report(c);
    tc_get_counters(c, &res.n);
    tc_close(c);
    return res;
}

namespace {

struct Collector {
    m6 *c;
    std::vector<PacketAt> pk;
};

// called before the MTB advances its pointer: POSITION.POINTER is where this packet goes
void collect(void *ctx, uint64_t step, uint32_t w0, uint32_t w1)
{
    Collector *k = static_cast<Collector *>(ctx);
    uint32_t position = 0; /* the MTB's POSITION register, read as the CPU would (no side effects) */
    m6_read(k->c, m6_get_config(k->c)->mtb_base, 4, &position);
    k->pk.push_back({ (size_t)step, w0, w1, true, position & ~7u });
}

}  // namespace

std::vector<PacketAt> model_run_packets(const std::string &elf, bool tail_chain, uint64_t *steps)
{
    m6_config cfg;
    m6_config_defaults(&cfg);
    cfg.tail_chain = cfg.late_arrival = tail_chain;
    m6 *c = m6_create(&cfg);
    Collector k{ c, {} };
    std::vector<PacketAt> &pk = k.pk;
    tm_error err{};
    EXPECT_EQ(m6_load_elf(c, elf.c_str(), &err), TM_OK) << err.msg;
    FILE *console = fopen("/dev/null", "w");
    m6_set_console(c, console);
    m6_on_mtb_packet(c, collect, &k);
    EXPECT_EQ(m6_reset(c, nullptr), TM_OK);
    EXPECT_EQ(m6_run(c, 50000000), M6_STEP_EXIT);
    EXPECT_EQ(m6_exit_code(c), 0);
    *steps = m6_steps(c);
    fclose(console);
    m6_destroy(c);
    return pk;
}

std::vector<std::string> corpus_names()
{
    std::vector<std::string> v;
    const std::string suffix = ".tarmac.gz";
    for (const auto &e : std::filesystem::directory_iterator(std::filesystem::path(TM_SOURCE_DIR) / "golden")) {
        std::string n = e.path().filename().string();
        if (n.size() > suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
            v.push_back(n.substr(0, n.size() - suffix.size()));
    }
    std::sort(v.begin(), v.end());
    return v;
}

bool corpus_with_options(const std::string &name)
{
    return name.size() > 3 && name.compare(name.size() - 3, 3, ".tc") == 0;
}

std::string corpus_golden(const std::string &name)
{
    return std::string(TM_SOURCE_DIR) + "/golden/" + name + ".tarmac.gz";
}

std::string corpus_elf(const std::string &name)
{
    const std::string program = corpus_with_options(name) ? name.substr(0, name.size() - 3) : name;
    return std::string(TM_BUILD_DIR) + "/programs/" + program + ".elf";
}

uint64_t count_gz_lines(const std::string &gz, const char *text)
{
    gzFile f = gzopen(gz.c_str(), "rb");
    if (!f) return 0;
    char line[512];
    uint64_t n = 0;
    while (gzgets(f, line, sizeof line))
        if (std::strstr(line, text)) n++;
    gzclose(f);
    return n;
}

std::string open_error(const std::string &golden, const std::string &options, tm_error *err)
{
    tm_error e{};
    tc_checker *c = tc_open(golden.c_str(), options.c_str(), &e);
    if (err) *err = e;
    if (c) {
        tc_close(c);
        return "(opened)";
    }
    char text[800];
    return tm_error_format(&e, text, sizeof text);
}

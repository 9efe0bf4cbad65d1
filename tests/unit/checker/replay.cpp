#include "replay.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>
#include <zlib.h>

#include <gtest/gtest.h>

#include "../../fuzz/golden_calls.h"

extern "C" {
#include "armv6m.h"
#include "tarmac/reader.h"
#include "tarmac/regs.h"
#include "tarmac/writer.h"
}


std::string temp_golden(const std::string &text, const std::string &name)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    std::string p = dir + "/chk_" + std::to_string(getpid()) + "_" + name;
    std::ofstream(p) << text;
    return p;
}

std::string temp_gz_golden(const std::string &text, const std::string &name, const char *comment)
{
    std::string p = temp_golden("", name);
    tm_out_options oo{ 1, 0, 0, comment, nullptr };
    tm_error e{};
    tm_out *o = tm_out_open(p.c_str(), &oo, &e);
    EXPECT_NE(o, nullptr) << e.msg;
    if (!o) return p;
    EXPECT_EQ(tm_out_write(o, text.data(), text.size(), &e), TM_OK) << e.msg;
    EXPECT_EQ(tm_out_close(o, &e), TM_OK) << e.msg;
    return p;
}

bool perfect_calls(const std::string &golden_path, const std::vector<PacketAt> &packets, std::vector<Call> &out,
                   std::string &err)
{
    gc_calls calls{};
    tm_error e{};
    int rc = gc_perfect_calls(golden_path.c_str(), &calls, &e);
    size_t step = 0;  // golden steps closed so far (the reset step is closed with the first instruction)
    for (size_t i = 0; rc == TM_OK && i < calls.n; i++) {
        const gc_call &k = calls.v[i];
        if (k.kind == GC_RETIRE || k.kind == GC_EXC) {
            for (const PacketAt &p : packets)
                if (p.step == step) out.push_back(p.shown ? Call::packet_at(p.pointer, p.w0, p.w1) : Call::packet(p.w0, p.w1));
            step++;
        }
        switch (k.kind) {
        case GC_REG: out.push_back(Call::reg((int)k.a, k.b)); break;
        case GC_BEAT: out.push_back(Call::beat(k.a, (int)k.b, (int)k.c, k.e, (int)k.f, (int)k.d)); break;
        case GC_RETIRE: out.push_back(Call::retire(k.a, k.b, (int)k.c, (int)k.d)); break;
        default: out.push_back(Call::exc((int)k.a, k.b)); break;
        }
    }
    gc_free(&calls);
    if (rc != TM_OK) {
        char buf[600];
        err = tm_error_format(&e, buf, sizeof buf);
        return false;
    }
    return true;
}

std::vector<Call> as_snapshots(const std::vector<Call> &calls, uint32_t fill, uint32_t valid)
{
    std::vector<uint32_t> file(TM_REG_COUNT, fill);
    file[TM_REG_CONTROL] = 0;  // the one register the architecture resets (and changes implicitly): not garbage
    std::vector<Call> out;
    for (const Call &c : calls) {
        if (c.kind == Call::REG) {
            file[c.a] = c.b;
            continue;
        }
        out.push_back(c);
        if (c.kind == Call::RETIRE || c.kind == Call::EXC) out.push_back(Call::snapshot(file, valid));
    }
    return out;
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

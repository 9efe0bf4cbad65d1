// Tail-chaining and late arrival (model/ARCHITECTURE.md): the trace and MTB packets of a tail-chained entry, the
// late arrival of SysTick pended by the return's own count, the late HardFault on a vector read bus error, each
// with the options off for contrast; and the CLI's --config.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "../run_command.h"
#include "machine.h"

namespace {

// main (0x100): svc 0, then the semihosting exit. SVC handler (0x200): pends PendSV through ICSR; bx lr.
// PendSV (0x300) and SysTick (0x340): bx lr.
const std::vector<uint16_t> kMain = { 0xdf00, 0x2018, 0x4901, 0xbeab, 0xbf00, 0xbf00, 0x0026, 0x0002 };
const std::vector<uint16_t> kSvc = { 0x4802, 0x4903, 0x6001, 0x4770, 0xbf00, 0xbf00, 0xed04, 0xe000, 0x0000, 0x1000 };

struct Traced {
    std::string trace;
    std::vector<std::pair<uint32_t, uint32_t>> packets;
    int status = 0;
};

void on_packet(void *ctx, uint64_t, uint32_t w0, uint32_t w1)
{
    static_cast<Traced *>(ctx)->packets.emplace_back(w0, w1);
}

// Runs m to its end with the trace into a file, the MTB on from the reset and SHPR3 (SysTick, PendSV priorities).
Traced run_traced(Machine &m, const char *name, uint32_t shpr3 = 0)
{
    Traced r;
    std::string path = std::string(TM_BUILD_DIR) + "/tmp/" + name + ".tarmac";
    (void)!system(("mkdir -p " + std::string(TM_BUILD_DIR) + "/tmp").c_str());
    tm_out_options oo{ 0, 0, 0, nullptr, nullptr };
    tm_error err;
    tm_out *out = tm_out_open(path.c_str(), &oo, &err);
    if (!out) return r;
    m6_trace_to(m.c, out, TM_DIALECT_FASTMODELS);
    m6_on_mtb_packet(m.c, on_packet, &r);
    if (m6_reset(m.c, nullptr) == 0) {
        m6_write(m.c, m6_get_config(m.c)->mtb_base + 0x4, 4, 0x80000007u); /* MASTER: EN, MASK 7 */
        m6_scs_write(m.c, 0xE000ED20, shpr3);
        r.status = m.run();
    }
    tm_out_close(out, &err);
    m6_trace_to(m.c, nullptr, TM_DIALECT_FASTMODELS);
    FILE *f = fopen(path.c_str(), "r");
    char line[256];
    while (f && fgets(line, sizeof line, f)) r.trace += line;
    if (f) fclose(f);
    return r;
}

size_t count(const std::string &text, const std::string &what)
{
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) n++;
    return n;
}

void svc_then_pendsv(Machine &m, int tail_chain, int late_arrival)
{
    m.poke32(4 * 14, 0x301);
    m.poke32(4 * 15, 0x341);
    m.poke32(0x300, 0x4770);  // bx lr
    m.poke32(0x340, 0x4770);
    m.configure([&](m6_config &k) {
        k.tail_chain = tail_chain;
        k.late_arrival = late_arrival;
    });
}

}  // namespace

TEST(TailChain, EntersWithoutUnstackingAndCarriesTheReturnsSecondPacket)
{
    Machine m(kMain, kSvc);
    svc_then_pendsv(m, 1, 0);
    Traced r = run_traced(m, "tail_chain_svc_pendsv");
    ASSERT_EQ(r.status, M6_STEP_EXIT);
    // the SVC's bx lr: no unstacking; then the tail-chained entry: EXC_RETURN as its return address, r14, cpsr
    EXPECT_NE(r.trace.find("T handler : bx lr\n"
                           "5 clk E fffffff9 0000000e CoreEvent_PENDSV\n"
                           "5 clk R r14 fffffff9\n"
                           "5 clk R cpsr 0100000e\n"
                           "6 clk IT (6) 00000300 4770 T handler : bx lr\n"),
              std::string::npos)
        << r.trace;
    EXPECT_EQ(count(r.trace, " MW4 20000f"), 8u);  // one frame stacked (the stack is below 0x20001000)
    EXPECT_EQ(count(r.trace, " MR4 20000f"), 8u);  // and unstacked once
    // (return, A=0) -> EXC_RETURN, then (EXC_RETURN, A=1) -> the PendSV handler, not to the return address
    std::vector<std::pair<uint32_t, uint32_t>> want = {
        { 0x103, 0x201 }, { 0x206, 0xfffffff8 }, { 0xfffffff9, 0x300 }, { 0x300, 0xfffffff8 }, { 0xfffffff9, 0x102 }
    };
    EXPECT_EQ(r.packets, want);
    EXPECT_EQ(m6_active(m.c), 0u);
}

TEST(TailChain, OffUnstacksAndStacksAgain)
{
    Machine m(kMain, kSvc);
    svc_then_pendsv(m, 0, 0);
    Traced r = run_traced(m, "no_tail_chain_svc_pendsv");
    ASSERT_EQ(r.status, M6_STEP_EXIT);
    EXPECT_NE(r.trace.find(" E 00000102 0000000e CoreEvent_PENDSV\n"), std::string::npos) << r.trace;
    EXPECT_EQ(r.trace.find(" E fffffff9"), std::string::npos);
    EXPECT_EQ(count(r.trace, " MW4 20000f"), 16u);
    EXPECT_EQ(count(r.trace, " MR4 20000f"), 16u);
    std::vector<std::pair<uint32_t, uint32_t>> want = { { 0x103, 0x201 },      { 0x206, 0xfffffff8 },
                                                        { 0xfffffff9, 0x102 }, { 0x103, 0x300 },
                                                        { 0x300, 0xfffffff8 }, { 0xfffffff9, 0x102 } };
    EXPECT_EQ(r.packets, want);
}

// The SVC handler also starts SysTick with RVR = 1: its bx lr counts CVR 1 -> 0 and pends SysTick (0x00), which
// outranks the PendSV (0xC0) the tail-chain was decided for.
static void systick_in_the_window(Machine &m, int late_arrival)
{
    svc_then_pendsv(m, 1, late_arrival);
    // svc handler: ldr r0,=ICSR; ldr r1,=PENDSVSET; str r1,[r0]; ldr r0,=SYST_CSR; movs r1,#1; str r1,[r0,#4];
    // movs r1,#3; str r1,[r0]; bx lr
    const uint16_t h[] = { 0x4804, 0x4905, 0x6001, 0x4805, 0x2101, 0x6041, 0x2103, 0x6001, 0x4770, 0xbf00,
                           0xed04, 0xe000, 0x0000, 0x1000, 0xe010, 0xe000 };
    std::memcpy(m6_mem_ptr(m.c, 0x200, sizeof h), h, sizeof h);
    // SysTick handler: ldr r0,=SYST_CSR; movs r1,#0; str r1,[r0]; bx lr
    const uint16_t st[] = { 0x4801, 0x2100, 0x6001, 0x4770, 0xe010, 0xe000 };
    std::memcpy(m6_mem_ptr(m.c, 0x340, sizeof st), st, sizeof st);
}

TEST(LateArrival, SysTickPendedByTheReturnIsChainedInstead)
{
    Machine m(kMain, kSvc);
    systick_in_the_window(m, 1);
    Traced r = run_traced(m, "late_systick", 0xC0u << 16);  // PendSV 0xC0, SysTick 0x00
    ASSERT_EQ(r.status, M6_STEP_EXIT);
    size_t systick = r.trace.find(" E fffffff9 0000000f CoreEvent_SYSTICK\n");
    size_t pendsv = r.trace.find(" E fffffff9 0000000e CoreEvent_PENDSV\n");
    ASSERT_NE(systick, std::string::npos) << r.trace;
    ASSERT_NE(pendsv, std::string::npos) << r.trace;
    EXPECT_LT(systick, pendsv);
    EXPECT_EQ(count(r.trace, " MW4 20000f"), 8u);  // one frame for all three
}

TEST(LateArrival, OffTheChosenExceptionIsEnteredAndSysTickPreemptsIt)
{
    Machine m(kMain, kSvc);
    systick_in_the_window(m, 0);
    Traced r = run_traced(m, "no_late_systick", 0xC0u << 16);
    ASSERT_EQ(r.status, M6_STEP_EXIT);
    // PendSV by tail-chaining, then at once (before its first instruction) SysTick stacking a frame over it
    size_t pendsv = r.trace.find(" E fffffff9 0000000e CoreEvent_PENDSV\n");
    ASSERT_NE(pendsv, std::string::npos) << r.trace;
    size_t systick = r.trace.find(" E 00000300 0000000f CoreEvent_SYSTICK\n");
    ASSERT_NE(systick, std::string::npos) << r.trace;
    EXPECT_LT(pendsv, systick);
    EXPECT_EQ(r.trace.find(" IT ", pendsv), r.trace.find(" IT ", systick));  // no instruction in between
}

// IRQ16's vector at 0x00040000, past the code region (VTOR 0x0003FF80): the vector read of its entry is a bus error.
static void irq16_without_vector(Machine &m, int late_arrival)
{
    m.configure([&](m6_config &k) { k.late_arrival = late_arrival; });
    m.poke32(0x3ff80 + 4 * 3, 0x201);  // HardFault
}

TEST(LateArrival, HardFaultOnTheVectorReadIsTakenOnTheSameFrame)
{
    Machine m({ 0xbf00, 0xbf00 });
    irq16_without_vector(m, 1);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    m6_scs_write(m.c, 0xE000ED08, 0x3ff80);
    m6_scs_write(m.c, 0xE000E100, 1u << 16);
    m6_scs_write(m.c, 0xE000E200, 1u << 16);
    ASSERT_EQ(m6_step(m.c), M6_STEP_INSN);  // nop, then the entry
    EXPECT_EQ(m.ipsr(), 3u);
    EXPECT_EQ(m6_reg(m.c, TM_REG_PC), 0x200u);
    EXPECT_EQ(m6_reg(m.c, TM_REG_SP), 0x20001000u - 32);  // the one frame
    uint32_t ret;
    std::memcpy(&ret, m6_mem_ptr(m.c, 0x20001000 - 32 + 24, 4), 4);
    EXPECT_EQ(ret, 0x102u);                     // IRQ16's return address
    EXPECT_EQ(m.bus32(0xE000E200), 1u << 16);      // IRQ16 still pending
    EXPECT_EQ(m6_active(m.c), 1ull << 3);
}

TEST(LateArrival, OffABusErrorOnTheVectorReadLocksUp)
{
    Machine m({ 0xbf00, 0xbf00 });
    irq16_without_vector(m, 0);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    m6_scs_write(m.c, 0xE000ED08, 0x3ff80);
    m6_scs_write(m.c, 0xE000E100, 1u << 16);
    m6_scs_write(m.c, 0xE000E200, 1u << 16);
    EXPECT_EQ(m6_step(m.c), M6_STEP_LOCKUP);
    EXPECT_EQ(m6_exit_code(m.c), M6_EXIT_LOCKUP);
}

TEST(ModelCli, ConfigKeysAndValues)
{
    std::string iss = std::string(TM_BUILD_DIR) + "/bin/armv6m-iss";
    std::string hello = std::string(TM_BUILD_DIR) + "/programs/hello.elf";
    CommandOutput ok = run_command(iss + " --config tail_chain=1,late_arrival=0 " + hello);
    EXPECT_EQ(ok.status, 0) << ok.text;
    CommandOutput key = run_command(iss + " --config tail_chaining=1 " + hello);
    EXPECT_EQ(key.status, 2);
    EXPECT_NE(key.text.find("unknown configuration key 'tail_chaining' (keys: "), std::string::npos) << key.text;
    CommandOutput value = run_command(iss + " --config late_arrival=2 " + hello);
    EXPECT_EQ(value.status, 2);
    EXPECT_NE(value.text.find("configuration late_arrival: '2' is not 0 or 1"), std::string::npos) << value.text;
    CommandOutput bare = run_command(iss + " --config tail_chain " + hello);
    EXPECT_EQ(bare.status, 2);
}

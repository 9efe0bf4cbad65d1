// The C API's contract (checker.h): a NULL or closed handle, calls after tc_finish and bad arguments get error codes,
// never a crash (the suite runs under ASan/UBSan with make test SAN=1) and never a changed verdict.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstring>
#include <functional>
#include <thread>

#include "lockstep_fixture.h"

using namespace lockstep;

namespace {

// Every call on the handle with harmless arguments; the results of the int calls, in order.
std::vector<int> every_call(tc_checker *c)
{
    std::vector<uint32_t> regs(TM_REG_COUNT, 0);
    return {
        tc_set_time(c, 5),
        tc_reg_write(c, 0, 1),
        tc_snapshot(c, regs.data(), 1),
        tc_ahb_beat(c, 0x20000000, 1, 2, 1, 0, 0),
        tc_mtb_packet(c, 0, 0),
        tc_mtb_packet_at(c, 0, 0, 0),
        tc_retire(c, 0x100, 0x2016, 0, 1),
        tc_exception(c, 11, 0x100),
        tc_irq_lines(c, 1, 0),
        tc_systick_ticks(c, 1),
        tc_mem_write(c, 0x20000000, 4, 0),
        tc_finish(c),
    };
}

bool all_failed(const std::vector<int> &rcs)
{
    return std::all_of(rcs.begin(), rcs.end(), [](int rc) { return rc == TC_FAILED; });
}

}  // namespace

TEST(ApiContract, ANullHandleIsRefusedByEveryCall)
{
    EXPECT_TRUE(all_failed(every_call(nullptr)));
    EXPECT_EQ(tc_halted(nullptr), 1);
    EXPECT_STREQ(tc_report(nullptr), "");
    EXPECT_STREQ(tc_report_unread(nullptr), "");
    tc_counters n;
    std::memset(&n, 0xff, sizeof n);
    tc_get_counters(nullptr, &n);
    EXPECT_EQ(n.steps, 0u);
    EXPECT_EQ(n.mismatches, 0u);
    tc_get_counters(nullptr, nullptr);
    EXPECT_EQ(tc_close(nullptr), TC_OK);
    char buf[64] = "x";
    EXPECT_EQ(tc_state_not_compared(nullptr, buf, sizeof buf), 0u);
    EXPECT_STREQ(buf, "");
    EXPECT_EQ(tc_state_not_compared(nullptr, nullptr, 0), 0u);
    EXPECT_EQ(tc_option_keys(nullptr, 0), tc_option_keys(nullptr, 0));
    EXPECT_GT(tc_option_keys(nullptr, 0), 100u);
}

// A closed handle: every call refuses it without reading the freed memory (ASan would report a read), a second
// close included; the ledger was written once, at the first close.
TEST(ApiContract, CallsAfterCloseAndADoubleCloseAreRefused)
{
    std::string g = golden_path();
    for (int finished = 0; finished < 2; finished++) {
        SCOPED_TRACE(finished);
        tm_error e{};
        tc_checker *c = tc_open(g.c_str(), "", &e);
        ASSERT_NE(c, nullptr) << e.msg;
        if (finished) tc_finish(c);
        EXPECT_EQ(tc_close(c), TC_OK);
        EXPECT_TRUE(all_failed(every_call(c)));
        EXPECT_EQ(tc_halted(c), 1);
        EXPECT_STREQ(tc_report(c), "");
        EXPECT_STREQ(tc_report_unread(c), "");
        tc_counters n{};
        n.steps = 99;
        tc_get_counters(c, &n);
        EXPECT_EQ(n.steps, 0u);
        EXPECT_EQ(tc_close(c), TC_FAILED);
        EXPECT_EQ(tc_close(c), TC_FAILED);
    }
    // a pointer that never was a handle is refused the same way
    alignas(64) static char junk[64];
    EXPECT_EQ(tc_retire(reinterpret_cast<tc_checker *>(junk), 0, 0, 0, 1), TC_FAILED);
    EXPECT_EQ(tc_close(reinterpret_cast<tc_checker *>(junk)), TC_FAILED);
}

// After a passing tc_finish nothing changes the verdict: calls (right or wrong) are refused and counted nowhere,
// a second tc_finish returns the first result and adds nothing; the same after a failing one.
TEST_F(Lockstep, AfterFinishNothingChangesTheVerdict)
{
    for (bool failing : { false, true }) {
        SCOPED_TRACE(failing);
        std::vector<Call> k = calls;
        if (failing) k[retire_at(k, 0x106)].b = 0x7149;
        tm_error e{};
        tc_checker *c = tc_open(g.c_str(), "max_errors=10", &e);
        ASSERT_NE(c, nullptr) << e.msg;
        for (const Call &x : k) apply_call(c, x);
        int first = tc_finish(c);
        EXPECT_EQ(first, failing ? TC_MISMATCH : TC_OK);
        std::string report = tc_report(c);
        tc_report_unread(c);
        tc_counters before;
        tc_get_counters(c, &before);
        EXPECT_EQ(tc_halted(c), 1);
        // the perfect calls again, and wrong ones: refused, nothing compared
        for (const Call &x : calls) EXPECT_EQ(apply_call(c, x), x.kind == Call::TIME ? TC_OK : TC_FAILED);
        EXPECT_EQ(tc_retire(c, 0xdead, 0xbeef, 0, 1), TC_FAILED);
        EXPECT_EQ(tc_reg_write(c, 0, 0x12345678), TC_FAILED);
        EXPECT_EQ(tc_set_time(c, 77), TC_FAILED);
        EXPECT_EQ(tc_finish(c), first);
        EXPECT_EQ(tc_finish(c), first);
        tc_counters after;
        tc_get_counters(c, &after);
        EXPECT_EQ(std::memcmp(&before, &after, sizeof before), 0);
        EXPECT_EQ(std::string(tc_report(c)), report);
        EXPECT_STREQ(tc_report_unread(c), "");
        tc_close(c);
    }
}

// Bad arguments, several of each kind: TC_FAILED, the report names the call and the argument, the checker halts,
// and the verdict is a failure (never a pass, never undefined behaviour).
TEST_F(Lockstep, BadArgumentsFailNamingTheCallAndArgument)
{
    std::vector<uint32_t> regs(TM_REG_COUNT, 0);
    struct Case {
        std::string name;
        std::function<int(tc_checker *)> call;
        std::string says;
        std::string options = "";
    } cases[] = {
        { "hsize -1", [](tc_checker *c) { return tc_ahb_beat(c, 0x20000000, 1, -1, 1, 0, 0); }, "ahb_beat: hsize -1 is not an AHB HSIZE (0-7)" },
        { "hsize 8", [](tc_checker *c) { return tc_ahb_beat(c, 0x20000000, 0, 8, 1, 0, 0); }, "ahb_beat: hsize 8 is not an AHB HSIZE" },
        { "hsize INT_MIN", [](tc_checker *c) { return tc_ahb_beat(c, 0x20000000, 0, INT_MIN, 1, 0, 0); }, "ahb_beat: hsize -2147483648" },
        { "fetch with hsize -1", [](tc_checker *c) { return tc_ahb_beat(c, 0x100, 0, -1, 0, 0, 0); }, "ahb_beat: hsize -1" },
        { "resp 7", [](tc_checker *c) { return tc_ahb_beat(c, 0x20000000, 1, 2, 1, 0, 7); }, "ahb_beat: resp 7 is not an AHB-Lite HRESP (0 OKAY, 1 ERROR)" },
        { "resp -1", [](tc_checker *c) { return tc_ahb_beat(c, 0x20000000, 1, 2, 1, 0, -1); }, "ahb_beat: resp -1" },
        { "write 2", [](tc_checker *c) { return tc_ahb_beat(c, 0x20000000, 2, 2, 1, 0, 0); }, "ahb_beat: write 2 is not 0 (read) or 1 (write)" },
        { "hprot 16", [](tc_checker *c) { return tc_ahb_beat(c, 0x20000000, 1, 2, 16, 0, 0); }, "ahb_beat: hprot 16 is not an AHB HPROT (0-15)" },
        { "hprot -1", [](tc_checker *c) { return tc_ahb_beat(c, 0x20000000, 1, 2, -1, 0, 0); }, "ahb_beat: hprot -1" },
        { "is32 2", [](tc_checker *c) { return tc_retire(c, 0x100, 0x2016, 2, 1); }, "retire: is32 2 is not 0 or 1" },
        { "cond -1", [](tc_checker *c) { return tc_retire(c, 0x100, 0x2016, 0, -1); }, "retire: cond_passed -1 is not 0 or 1" },
        { "exception -1", [](tc_checker *c) { return tc_exception(c, -1, 0x100); }, "exception: number -1 is not an exception number (0-511)" },
        { "exception 512", [](tc_checker *c) { return tc_exception(c, 512, 0x100); }, "exception: number 512" },
        { "nmi 2", [](tc_checker *c) { return tc_irq_lines(c, 0, 2); }, "irq_lines: nmi 2 is not 0 or 1" },
        { "reg -1", [](tc_checker *c) { return tc_reg_write(c, -1, 0); }, "reg_write: register id -1 out of range 0-20" },
        { "reg 21", [](tc_checker *c) { return tc_reg_write(c, 21, 0); }, "reg_write: register id 21 out of range 0-20" },
        { "mem_write size 3", [](tc_checker *c) { return tc_mem_write(c, 0x20000000, 3, 0); }, "mem_write: size 3" },
        { "snapshot NULL", [](tc_checker *c) { tc_retire(c, 0x100, 0x2016, 0, 1); return tc_snapshot(c, nullptr, 1); },
          "snapshot: no register values (regs is NULL)", "regs=snapshot" },
        { "snapshot valid bit 21", [&](tc_checker *c) { tc_retire(c, 0x100, 0x2016, 0, 1); return tc_snapshot(c, regs.data(), 1u << 21); },
          "snapshot: valid 00200000 has bits for no register (ids 0-20)", "regs=snapshot" },
        { "snapshot in writes mode", [&](tc_checker *c) { return tc_snapshot(c, regs.data(), 1); },
          "snapshot: the checker was opened for register writes" },
    };
    for (const Case &k : cases) {
        SCOPED_TRACE(k.name);
        tm_error e{};
        tc_checker *c = tc_open(g.c_str(), k.options.c_str(), &e);
        ASSERT_NE(c, nullptr) << e.msg;
        EXPECT_EQ(k.call(c), TC_FAILED);
        EXPECT_NE(std::string(tc_report(c)).find(k.says), std::string::npos) << tc_report(c);
        EXPECT_EQ(tc_halted(c), 1);
        EXPECT_EQ(tc_retire(c, 0x100, 0x2016, 0, 1), TC_FAILED);  // halted: refuses to go on
        EXPECT_EQ(tc_finish(c), TC_FAILED);
        tc_close(c);
    }
}

// The same bad arguments in live mode are refused at the call, before the model holds them.
TEST(ApiContract, LiveModeChecksArgumentsAtTheCall)
{
    tm_error e{};
    tc_checker *c = tc_open(("live:" + corpus_elf("hello")).c_str(), "", &e);
    ASSERT_NE(c, nullptr) << e.msg;
    EXPECT_EQ(tc_ahb_beat(c, 0x20000000, 1, -1, 1, 0, 0), TC_FAILED);
    EXPECT_NE(std::string(tc_report(c)).find("ahb_beat: hsize -1"), std::string::npos) << tc_report(c);
    EXPECT_EQ(tc_halted(c), 1);
    tc_close(c);
}

// Many handles open and closed from several threads at once: each is its own.
TEST(ApiContract, HandlesOpenAndCloseOnSeveralThreads)
{
    std::string g = golden_path();
    std::vector<Call> calls = perfect(g);
    std::vector<std::thread> ts;
    std::atomic<int> passed{ 0 };
    for (int t = 0; t < 4; t++)
        ts.emplace_back([&] {
            for (int i = 0; i < 5; i++) {
                tm_error e{};
                tc_checker *c = tc_open(g.c_str(), "", &e);
                if (!c) return;
                bool ok = true;
                for (const Call &k : calls) ok = ok && apply_call(c, k) == TC_OK;
                ok = ok && tc_finish(c) == TC_OK && tc_close(c) == TC_OK && tc_close(c) == TC_FAILED;
                passed += ok;
            }
        });
    for (auto &t : ts) t.join();
    EXPECT_EQ(passed.load(), 20);
}

// Writes of a store multiple an exception entry abandoned (dpi/README.md, "Abandoned store multiples";
// dpi/checker/tc_abandoned.c): a core's word write with no golden access, before the stacking of an entry whose
// return address is a PUSH or STM, is accepted (counted as abandoned_writes) only when that instruction writes the
// address and the value is the golden's register stored there; any other is the unexpected beat it was. The golden:
// the model's run of fw/abandoned_stm.c, whose STM r3!, {r4, r5} and STR r4, [r3] at 0x60000000 fault (HardFault,
// return address the store) with r4 = 0x11111111, r5 = 0x22222222.
#include <gtest/gtest.h>

#include <string>
#include <unistd.h>
#include <vector>

#include "../run_command.h"
#include "replay.h"

namespace {

const uint32_t kBase = 0x60000000u, kR4 = 0x11111111u, kR5 = 0x22222222u;

struct Golden {
    std::string path, elf;
    std::vector<Call> calls;
    std::vector<size_t> entries;  // per HardFault entry: the index of the first call of its step
};

Golden make()
{
    Golden g;
    std::string b = TM_BUILD_DIR;
    g.elf = b + "/checker_fw/abandoned_stm.elf";
    (void)!system(("mkdir -p " + b + "/tmp").c_str());
    g.path = b + "/tmp/abandoned_write_" + std::to_string(getpid()) + ".tarmac.gz";
    CommandOutput o = run_command(b + "/bin/armv6m-iss --quiet --config mtb=0 --tarmac " + g.path + " " + g.elf +
                                  " > /dev/null");
    EXPECT_EQ(o.status, 0) << o.text;
    std::string err;
    EXPECT_TRUE(perfect_calls(g.path, {}, g.calls, err)) << err;
    size_t step_start = 0;
    for (size_t i = 0; i < g.calls.size(); i++) {
        const Call &k = g.calls[i];
        if (k.kind == Call::EXC && k.a == 3) g.entries.push_back(step_start);
        if (k.kind == Call::RETIRE || k.kind == Call::EXC) step_start = i + 1;
    }
    EXPECT_EQ(g.entries.size(), 2u) << "the STM's and the STR's HardFault";
    return g;
}

// The perfect calls with the core's word writes (addr, value) before the stacking of HardFault entry `entry`.
std::vector<Call> with_writes(const Golden &g, size_t entry, const std::vector<std::pair<uint32_t, uint32_t>> &w)
{
    std::vector<Call> v(g.calls.begin(), g.calls.begin() + (long)g.entries.at(entry));
    for (const auto &x : w) v.push_back(Call::beat(x.first, 1, 2, x.second));
    v.insert(v.end(), g.calls.begin() + (long)g.entries.at(entry), g.calls.end());
    return v;
}

RunResult run(const Golden &g, const std::vector<Call> &calls)
{
    return run_calls(g.path, "mtb=0,elf=" + g.elf, calls);
}

}  // namespace

TEST(AbandonedWrite, TheStoreMultiplesWritesWithTheGoldenRegistersAreAccepted)
{
    Golden g = make();
    ASSERT_EQ(g.entries.size(), 2u);
    RunResult plain = run(g, g.calls);
    ASSERT_EQ(plain.rc, TC_OK) << plain.report.substr(0, 2000);
    EXPECT_EQ(plain.n.abandoned_writes, 0u);
    RunResult r = run(g, with_writes(g, 0, { { kBase, kR4 }, { kBase + 4, kR5 } }));
    EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 2000);
    EXPECT_EQ(r.n.abandoned_writes, 2u);
    RunResult one = run(g, with_writes(g, 0, { { kBase, kR4 } }));
    EXPECT_EQ(one.rc, TC_OK) << one.report.substr(0, 2000);
    EXPECT_EQ(one.n.abandoned_writes, 1u) << "a store multiple abandoned after its first write";
}

TEST(AbandonedWrite, AWrongValueIsRefused)
{
    Golden g = make();
    ASSERT_EQ(g.entries.size(), 2u);
    RunResult r = run(g, with_writes(g, 0, { { kBase + 4, kR4 } }));  // r4's value where r5 is stored
    EXPECT_NE(r.rc, TC_OK);
    EXPECT_NE(r.report.find("unexpected bus beat W4 60000004 = 11111111"), std::string::npos) << r.report;
    EXPECT_EQ(r.n.abandoned_writes, 0u);
}

TEST(AbandonedWrite, AnAddressTheInstructionDoesNotWriteIsRefused)
{
    Golden g = make();
    ASSERT_EQ(g.entries.size(), 2u);
    for (uint32_t addr : { kBase + 8, kBase - 4 }) {
        RunResult r = run(g, with_writes(g, 0, { { addr, kR4 } }));
        EXPECT_NE(r.rc, TC_OK) << std::hex << addr;
        char want[64];
        snprintf(want, sizeof want, "unexpected bus beat W4 %08x = 11111111", addr);
        EXPECT_NE(r.report.find(want), std::string::npos) << r.report;
        EXPECT_EQ(r.n.abandoned_writes, 0u);
    }
}

TEST(AbandonedWrite, AStoreThatIsNoStoreMultipleIsRefused)
{
    Golden g = make();
    ASSERT_EQ(g.entries.size(), 2u);
    // the STR r4, [r3] at the second entry writes this very word with this value: still no store multiple
    RunResult r = run(g, with_writes(g, 1, { { kBase, kR4 } }));
    EXPECT_NE(r.rc, TC_OK);
    EXPECT_NE(r.report.find("unexpected bus beat W4 60000000 = 11111111"), std::string::npos) << r.report;
    EXPECT_EQ(r.n.abandoned_writes, 0u);
}

TEST(AbandonedWrite, WithoutTheProgramNothingIsAccepted)
{
    Golden g = make();
    ASSERT_EQ(g.entries.size(), 2u);
    RunResult r = run_calls(g.path, "mtb=0", with_writes(g, 0, { { kBase, kR4 } }));
    EXPECT_NE(r.rc, TC_OK) << "the instruction at the return address is read from elf=";
    EXPECT_EQ(r.n.abandoned_writes, 0u);
}

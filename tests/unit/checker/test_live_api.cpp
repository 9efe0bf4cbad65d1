// The live-mode calls (irq_lines, systick_ticks, mem_write) and options in file mode: a golden file already
// holds when each exception was taken and what each device returned, so the calls are accepted, counted and
// change no verdict; bad arguments and bad option values are named.
#include <gtest/gtest.h>

#include "../elf_fixture.h"
#include "lockstep_fixture.h"

using namespace lockstep;

TEST_F(Lockstep, FileModeAcceptsAndCountsTheLiveCallsWithTheSameVerdict)
{
    // the perfect DUT's calls with IRQ level changes, SysTick cycles and a DMA write spread over the steps
    calls.insert(calls.begin() + retire_at(calls, 0x104), Call::irq(0x5, 1));
    calls.insert(calls.begin() + retire_at(calls, 0x108), Call::ticks(7));
    calls.insert(calls.begin() + retire_at(calls, 0x108), Call::memw(0x20000100, 4, 0x12345678));
    calls.insert(calls.begin() + retire_at(calls, 0x10c), Call::irq(0, 0));
    calls.insert(calls.begin() + retire_at(calls, 0x10c), Call::ticks(5));
    RunResult r = run("golden_out=unused.tarmac.gz,irq_latency=4,volatile=0x40000000-0x4000ffff:0xe000e018-0xe000e018");
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.steps, 15u);
    EXPECT_EQ(r.n.beats, 22u);
    EXPECT_EQ(r.n.irq_changes, 2u);
    EXPECT_EQ(r.n.systick_ticks, 12u);
    EXPECT_EQ(r.n.mem_writes, 1u);
}

TEST_F(Lockstep, AMisalignedOrOddSizedOtherMastersWriteFailsNamingIt)
{
    calls.insert(calls.begin() + retire_at(calls, 0x104), Call::memw(0x20000102, 4, 1));
    RunResult r = run();
    EXPECT_EQ(r.rc, TC_FAILED) << r.report;
    EXPECT_NE(r.report.find("mem_write: size 4 at 20000102 (1, 2 or 4 bytes, aligned)"), std::string::npos)
        << r.report;
}

TEST(CheckerOptions, LiveOptionsNameTheirBadValues)
{
    struct { const char *opts, *msg; } bad[] = {
        { "volatile=0x100", "option volatile: '0x100' is not a range <lo>-<hi>" },
        { "volatile=0x200-0x100", "option volatile: '0x200-0x100' is not a range <lo>-<hi> of 32-bit addresses" },
        { "irq_latency=x", "option irq_latency: 'x' is not a number of instructions (0-1000000)" },
    };
    std::string g = golden_path();
    for (const auto &b : bad) {
        std::string e = open_error(g, b.opts);
        EXPECT_NE(e.find(b.msg), std::string::npos) << b.opts << ": " << e;
    }
}

TEST(CheckerOptions, LiveModeOpenErrorsNameTheCause)
{
    struct { std::string golden, opts, msg; } bad[] = {
        { "live:" + std::string(TM_BUILD_DIR) + "/programs/no_such.elf", "", "no_such.elf: cannot open" },
        { "live:" + std::string(TM_BUILD_DIR) + "/programs/hello.elf", "model=systick:often", "option model:" },
    };
    for (const auto &b : bad) {
        std::string e = open_error(b.golden, b.opts);
        EXPECT_NE(e.find(b.msg), std::string::npos) << b.golden << ": " << e;
    }
    EXPECT_EQ(open_error("live:" + std::string(TM_BUILD_DIR) + "/programs/hello.elf", ""), "(opened)");
}

// The model's own error keeps its status through tc_open: a program whose segment lies outside the memory map is
// a format error (not a bad argument), named as the model's loader names it
TEST(CheckerOptions, LiveModeModelErrorsKeepTheirStatus)
{
    std::string away = elf_with_segment_at(std::string(TM_BUILD_DIR) + "/programs/hello.elf", "live_away.elf",
                                           0x10000000);
    ASSERT_NE(away, "");
    tm_error err;
    EXPECT_NE(open_error("live:" + away, "", &err), "(opened)");
    EXPECT_EQ(err.status, TM_ERR_FORMAT) << err.msg;
    EXPECT_EQ(std::string(err.msg).rfind("golden live: ", 0), 0u) << err.msg;
    EXPECT_NE(std::string(err.msg).find("live_away.elf: segment 0 at 0x10000000"), std::string::npos) << err.msg;
    // a missing program: the ELF reader's I/O error, before the model
    EXPECT_NE(open_error("live:" + std::string(TM_BUILD_DIR) + "/programs/no_such.elf", "", &err), "(opened)");
    EXPECT_EQ(err.status, TM_ERR_IO) << err.msg;
}

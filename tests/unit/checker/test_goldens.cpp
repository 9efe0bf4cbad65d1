// The model's real goldens (golden/*.tarmac.gz): each replayed through the checker as a perfect DUT passes
// with exact counts (register writes and bus beats from the golden, MTB packets from the model's own MTB),
// and regenerating a golden gives the committed file byte for byte; <program>.tc.tarmac.gz with the model's
// tail-chaining and late arrival on.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
#include <fstream>
#include <string>
#include <vector>

#include "replay.h"

extern "C" {
#include "armv6m.h"
}

namespace fs = std::filesystem;

namespace {

// the options a <program>.tc golden is made with (tests/programs/programs.mk, TC_ISS_OPTS)
const char kOptions[] = "--config tail_chain=1,late_arrival=1";

std::vector<PacketAt> model_packets(const std::string &p, uint64_t *steps)
{
    return model_run_packets(corpus_elf(p), corpus_with_options(p), steps);
}

}  // namespace

TEST(Goldens, EveryProgramHasAGolden) { EXPECT_GE(corpus_names().size(), 17u); }

TEST(Goldens, PerfectDutReplayPassesWithExactCounts)
{
    for (const std::string &p : corpus_names()) {
        SCOPED_TRACE(p);
        uint64_t model_steps = 0;
        std::vector<PacketAt> packets = model_packets(p, &model_steps);
        std::vector<Call> calls;
        std::string err;
        ASSERT_TRUE(perfect_calls(corpus_golden(p), packets, calls, err)) << err;
        RunResult r = run_calls(corpus_golden(p), "", calls);
        EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 3000);
        EXPECT_EQ(r.n.steps, model_steps + 1);  // + the reset step
        const std::string golden = corpus_golden(p);
        EXPECT_EQ(r.n.beats, count_gz_lines(golden, " clk MR") + count_gz_lines(golden, " clk MW"));
        EXPECT_EQ(r.n.packets, packets.size());
        EXPECT_EQ(r.n.mismatches, 0u);
        if (p == "mtb") {
            EXPECT_GE(packets.size(), 4u);
        }
    }
}

// The MTB's write position is checked too, as an offset in its SRAM: bits above the trace buffer do not matter
// (the reference MTB shows a 12-bit SRAM address), and a packet written one slot off fails, naming both places,
// even though its words are right.
TEST(Goldens, PacketWrittenAtTheWrongPositionFails)
{
    uint64_t steps = 0;
    std::vector<PacketAt> packets = model_packets("mtb_flow", &steps);
    ASSERT_GE(packets.size(), 8u);
    std::set<uint32_t> pointers;
    for (PacketAt &p : packets) {
        pointers.insert(p.pointer);
        p.pointer &= 0xfffu;
    }
    EXPECT_LT(pointers.size(), packets.size()) << "mtb_flow should wrap the buffer (a pointer used twice)";
    std::vector<Call> calls;
    std::string err;
    ASSERT_TRUE(perfect_calls(corpus_golden("mtb_flow"), packets, calls, err)) << err;
    RunResult ok = run_calls(corpus_golden("mtb_flow"), "", calls);
    EXPECT_EQ(ok.rc, TC_OK) << ok.report.substr(0, 3000);

    const size_t k = packets.size() / 2;
    packets[k].pointer += 8;
    calls.clear();
    ASSERT_TRUE(perfect_calls(corpus_golden("mtb_flow"), packets, calls, err)) << err;
    RunResult r = run_calls(corpus_golden("mtb_flow"), "", calls);
    EXPECT_EQ(r.rc, TC_MISMATCH);
    char expected[96], actual[96];
    std::snprintf(expected, sizeof expected, "MTB packet differs in position: expected (%08x, %08x) at offset %08x",
                  packets[k].w0, packets[k].w1, packets[k].pointer - 8);
    std::snprintf(actual, sizeof actual, "actual (%08x, %08x) at offset %08x", packets[k].w0, packets[k].w1,
                  packets[k].pointer);
    EXPECT_NE(r.report.find(expected), std::string::npos) << expected << "\n" << r.report.substr(0, 3000);
    EXPECT_NE(r.report.find(actual), std::string::npos) << actual << "\n" << r.report.substr(0, 3000);
    // an MTB that does not show where it writes: the same packets pass
    for (PacketAt &p : packets) p.shown = false;
    calls.clear();
    ASSERT_TRUE(perfect_calls(corpus_golden("mtb_flow"), packets, calls, err)) << err;
    EXPECT_EQ(run_calls(corpus_golden("mtb_flow"), "", calls).rc, TC_OK);
}

TEST(Goldens, RegeneratingGivesTheCommittedBytes)
{
    for (const std::string &p : corpus_names()) {
        SCOPED_TRACE(p);
        std::string out = std::string(TM_BUILD_DIR) + "/tmp/regen_" + p + ".tarmac.gz";
        fs::create_directories(std::string(TM_BUILD_DIR) + "/tmp");
        std::string cmd = std::string(TM_BUILD_DIR) + "/bin/armv6m-iss --quiet " +
                          (corpus_with_options(p) ? kOptions : "") + " --tarmac " + out + " " + corpus_elf(p) +
                          " > /dev/null";
        ASSERT_EQ(system(cmd.c_str()), 0) << cmd;
        std::ifstream a(out, std::ios::binary), b(corpus_golden(p), std::ios::binary);
        std::string x((std::istreambuf_iterator<char>(a)), {}), y((std::istreambuf_iterator<char>(b)), {});
        EXPECT_TRUE(x == y) << "golden/" << p << ".tarmac.gz is stale or the model is not deterministic: run make golden";
    }
}

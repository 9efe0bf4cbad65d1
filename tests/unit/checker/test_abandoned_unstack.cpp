// abandon_unstack (model/ARCHITECTURE.md, "Abandoned unstacking"; dpi/README.md, "The configuration check"): a
// core that abandons an exception return's unstacking for a tail-chain has read part of the frame. With the choice
// declared, those reads of the frame the golden's tail-chained entry keeps are taken as that (counted, not
// compared); without it, or outside the frame, they are the mismatches they were. The golden: tail_chain's, made by
// the model with the choice, whose tail-chained entries write r0-r3, r12 and the flags UNKNOWN.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../run_command.h"
#include "replay.h"

namespace {

const char kConfig[] = "tail_chain=1,late_arrival=1,abandon_unstack=1";
const char kDeclared[] = "model=tail_chain:1;late_arrival:1;abandon_unstack:1";

struct Abandoned {
    std::string golden;
    std::vector<Call> calls;
    size_t at = 0;       // the retire of the first exception return that a tail-chained entry follows
    uint32_t frame = 0;  // the frame it keeps: the stack pointer after its own writes
};

// The golden of tail_chain with kConfig (config: the options armv6m-iss takes), the perfect DUT's calls, and
// where the first tail-chained return retires.
Abandoned make(const std::string &name, const char *config)
{
    Abandoned a;
    std::string b = TM_BUILD_DIR, elf = b + "/programs/tail_chain.elf";
    (void)!system(("mkdir -p " + b + "/tmp").c_str());
    a.golden = b + "/tmp/abandon_" + name + "_" + std::to_string(getpid()) + ".tarmac.gz";
    CommandOutput o = run_command(b + "/bin/armv6m-iss --quiet --config " + config + " --tarmac " + a.golden + " " +
                                  elf + " > /dev/null");
    EXPECT_EQ(o.status, 0) << o.text;
    uint64_t steps = 0;
    std::vector<PacketAt> packets = model_run_packets(elf, true, &steps);
    std::string err;
    EXPECT_TRUE(perfect_calls(a.golden, packets, a.calls, err)) << err;
    uint32_t msp = 0;
    for (size_t i = 0; i < a.calls.size(); i++) {
        const Call &k = a.calls[i];
        if (k.kind == Call::REG && k.a == 17) msp = k.b;
        if (k.kind == Call::EXC && k.b >= 0xf0000000u) {
            for (size_t j = i; j-- > 0;)
                if (a.calls[j].kind == Call::RETIRE) {
                    a.at = j;
                    break;
                }
            a.frame = msp;
            break;
        }
    }
    EXPECT_GT(a.at, 0u) << "tail_chain has a tail-chained entry";
    return a;
}

// The calls with the frame's words first..first+n-1 read before the returning instruction retires.
std::vector<Call> with_reads(const Abandoned &a, uint32_t first, unsigned n)
{
    std::vector<Call> v(a.calls.begin(), a.calls.begin() + (long)a.at);
    for (unsigned i = 0; i < n; i++) v.push_back(Call::beat(first + 4 * i, 0, 2, 0x1234 + i));
    v.insert(v.end(), a.calls.begin() + (long)a.at, a.calls.end());
    return v;
}

}  // namespace

TEST(AbandonedUnstack, FrameReadsAreTakenAsTheAbandonedUnstackingsWhenDeclared)
{
    Abandoned a = make("on", kConfig);
    ASSERT_NE(a.frame, 0u);
    RunResult plain = run_calls(a.golden, kDeclared, a.calls);
    EXPECT_EQ(plain.rc, TC_OK) << plain.report.substr(0, 2000);
    EXPECT_GT(plain.n.unknown_values, 0u) << "r0-r3, r12 and the flags at the tail-chained entries";
    RunResult r = run_calls(a.golden, kDeclared, with_reads(a, a.frame, 3));
    EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 2000);
    EXPECT_EQ(r.n.abandoned_reads, 3u);
    EXPECT_NE(r.report.find("3 frame reads of abandoned unstackings (abandon_unstack)"), std::string::npos) << r.report;
    // the golden's record says it too: the declaration may leave the key out
    RunResult rec = run_calls(a.golden, "", with_reads(a, a.frame, 2));
    EXPECT_EQ(rec.rc, TC_OK) << rec.report.substr(0, 2000);
    EXPECT_EQ(rec.n.abandoned_reads, 2u);
}

TEST(AbandonedUnstack, ReadsOutsideTheFrameOrMoreThanItsWordsStillFail)
{
    Abandoned a = make("outside", kConfig);
    RunResult far = run_calls(a.golden, kDeclared, with_reads(a, a.frame + 0x100, 1));
    EXPECT_NE(far.rc, TC_OK);
    EXPECT_NE(far.report.find("it unstacks the frame"), std::string::npos) << far.report.substr(0, 2000);
    RunResult nine = run_calls(a.golden, kDeclared, with_reads(a, a.frame, 9));
    EXPECT_NE(nine.rc, TC_OK) << "8 words at most";
}

TEST(AbandonedUnstack, WithoutTheChoiceTheReadsAreAnUnstackingTheGoldenDoesNotMake)
{
    Abandoned a = make("off", "tail_chain=1,late_arrival=1");
    RunResult r = run_calls(a.golden, "model=tail_chain:1;late_arrival:1", with_reads(a, a.frame, 3));
    EXPECT_NE(r.rc, TC_OK);
    EXPECT_NE(r.report.find("tail-chaining: the golden entered"), std::string::npos) << r.report.substr(0, 2000);
    EXPECT_EQ(r.n.abandoned_reads, 0u);
}

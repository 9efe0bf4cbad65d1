// Goldens as Arm's tools write them, through the checker: the model's golden of a program in FVP M-profile style
// (armv6m-iss --dialect fvp: status lines, the cpsr before the reset, exception phases, every SP write as
// r13_main and MSP) passes against the calls the reference core makes, and equals the model's own golden step by
// step; an ES-dialect golden gives its LD/ST byte groups to the bus stream.
#include <gtest/gtest.h>
#include <zlib.h>

#include <unistd.h>

#include <string>
#include <vector>

#include "lockstep_fixture.h"

extern "C" {
#include "tarmac/diff.h"
#include "tarmac/parse.h"
}

namespace {

std::string read_gz(const std::string &path)
{
    std::string text;
    gzFile f = gzopen(path.c_str(), "rb");
    if (!f) return text;
    char buf[65536];
    int n;
    while ((n = gzread(f, buf, sizeof buf)) > 0) text.append(buf, (size_t)n);
    gzclose(f);
    return text;
}

// The model's golden of a program written as an M-profile FVP writes it (armv6m-iss --dialect fvp).
std::string fvp_golden(const std::string &program)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    std::string out = dir + "/fvp_" + std::to_string(getpid()) + "_" + program + ".tarmac.gz";
    std::string cmd = std::string(TM_BUILD_DIR) + "/bin/armv6m-iss --quiet --dialect fvp --tarmac " + out + " " +
                      TM_BUILD_DIR + "/programs/" + program + ".elf > /dev/null";
    return system(cmd.c_str()) == 0 ? out : std::string();
}

// Steps of a trace as tarmac-diff reads them: the reset step, then one per instruction or exception entry.
struct Steps {
    std::vector<std::string> lines;  // keeps the records' text alive
    std::vector<std::vector<tm_record>> steps;
};

Steps read_steps(const std::string &path)
{
    Steps s;
    std::string text = read_gz(path);
    size_t pos = 0;
    while (pos < text.size()) {
        size_t nl = text.find('\n', pos);
        s.lines.push_back(text.substr(pos, nl - pos));
        pos = nl == std::string::npos ? text.size() : nl + 1;
    }
    s.steps.emplace_back();
    tm_step_state st{};
    tm_parse_state ps{};
    for (const std::string &l : s.lines) {
        tm_record r;
        tm_error e;
        if (tm_parse_line_in(&ps, l.data(), l.size(), &r, &e) != TM_OK) {
            ADD_FAILURE() << path << ": " << l << ": " << e.msg;
            break;
        }
        if (r.kind == TM_REC_NONE) continue;
        if (tm_step_opens(&st, &r)) s.steps.emplace_back();
        s.steps.back().push_back(r);
    }
    return s;
}

}  // namespace

TEST(FvpGolden, ModelsFvpGoldenPassesAgainstTheReferenceCallsAndEqualsTheModelsGolden)
{
    std::string model_golden = std::string(TM_SOURCE_DIR) + "/golden/svc.tarmac.gz";
    std::string fvp_path = fvp_golden("svc");
    ASSERT_FALSE(fvp_path.empty());
    std::string fvp = read_gz(fvp_path);
    // FVP's shapes are there: status lines, the cpsr before the reset, exception phases, paired SP writes
    EXPECT_EQ(fvp.rfind("0 clk E DebugEvent_HaltingDebugState 00000000\n0 clk R cpsr 01000000\n", 0), 0u) << fvp.substr(0, 200);
    EXPECT_NE(fvp.find("SIGNAL: SIGNAL=poreset STATE=N"), std::string::npos);
    EXPECT_NE(fvp.find("INFO_EXCEPTION_REASON: PHASE=ACTIVATE"), std::string::npos);
    EXPECT_NE(fvp.find(" R cpsr 2100000b\n33 clk R MSP 20003fd0\n"), std::string::npos);

    // the calls a perfect reference core makes (from the model's own golden) pass against the FVP golden,
    // with the same counts: r13_main and MSP of one write count once
    std::vector<Call> calls;
    std::string err;
    ASSERT_TRUE(perfect_calls(model_golden, {}, calls, err)) << err;
    RunResult r = run_calls(fvp_path, "", calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    RunResult m = run_calls(model_golden, "", calls);
    EXPECT_EQ(m.rc, TC_OK) << m.report;
    EXPECT_EQ(r.n.steps, m.n.steps);
    EXPECT_EQ(r.n.registers, m.n.registers);
    EXPECT_EQ(r.n.beats, m.n.beats);

    // step by step (tarmac-diff's comparison) the two goldens are equal
    Steps a = read_steps(fvp_path), b = read_steps(model_golden);
    ASSERT_EQ(a.steps.size(), b.steps.size());
    tm_step_cmp *cmp = tm_step_cmp_new();
    for (size_t k = 0; k < a.steps.size(); k++) {
        long ia, ib;
        char why[512];
        int d = tm_diff_steps(cmp, a.steps[k].data(), a.steps[k].size(), b.steps[k].data(), b.steps[k].size(), k == 0,
                              TM_IGNORE_DEFAULT, &ia, &ib, why, sizeof why);
        ASSERT_EQ(d, 0) << "step " << k << ": " << why;
    }
    tm_step_cmp_free(cmp);

    // a changed MSP value in one pair: the two names of one register disagree in a step, the golden is wrong there
    std::string bad = fvp;
    size_t at = bad.find(" R MSP 20003fd0");
    ASSERT_NE(at, std::string::npos);
    bad.replace(at, 15, " R MSP 20003fd4");
    RunResult w = run_calls(temp_golden(bad, "svc_fvp_bad.tarmac"), "", calls);
    EXPECT_EQ(w.rc, TC_FAILED) << w.report;
    EXPECT_NE(w.report.find("MSP 20003fd4 conflicts with r13_main 20003fd0 at line"), std::string::npos) << w.report;
}

TEST(FvpGolden, EsGoldenGivesItsByteGroupsToTheBusStream)
{
    std::string path = temp_golden(lockstep::kEsGolden, "es_golden.tarmac");
    std::vector<Call> calls = lockstep::es_calls();
    RunResult r = run_calls(path, "bus_window=0", calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(r.n.beats, 3u);
    std::vector<Call> wrong = calls;
    wrong[5] = Call::beat(0x20000002, 1, 1, 0x7a3d0000);
    RunResult w = run_calls(path, "bus_window=0", wrong);
    EXPECT_NE(w.rc, TC_OK) << w.report;
    EXPECT_NE(w.report.find(":10"), std::string::npos) << "the ST line is named\n" << w.report;
}

// The ledger (option ledger=): one JSON object with the verdict, what was compared and what was not, and the first
// failure, written when the run ends: at finish, at close after a halt or an early close, at a failed open; written
// whole or not at all.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "ledger.h"
#include "lockstep_fixture.h"

using namespace lockstep;

namespace {

std::string ledger_path(const std::string &name)
{
    std::string p = std::string(TM_BUILD_DIR) + "/tmp/ledger_" + std::to_string(getpid()) + "_" + name + ".json";
    std::remove(p.c_str());
    return p;
}

// The calls run to finish with ledger= (and options), the ledger read back; *r: how the run ended.
Ledger ledger_of_run(const std::string &golden, const std::string &options, const std::vector<Call> &calls,
                     const std::string &name, RunResult *r)
{
    std::string lp = ledger_path(name);
    *r = run_calls(golden, options + (options.empty() ? "" : ",") + "ledger=" + lp, calls);
    Ledger l = read_ledger(lp);
    EXPECT_TRUE(l.ok) << l.error;
    return l;
}

// The calls up to the first non-OK one, then close without finish (a testbench that stops at the halt).
int run_and_close(const std::string &golden, const std::string &options, const std::vector<Call> &calls, size_t upto)
{
    tm_error e{};
    tc_checker *c = tc_open(golden.c_str(), options.c_str(), &e);
    EXPECT_NE(c, nullptr) << e.msg;
    if (!c) return -1;
    int rc = TC_OK;
    for (size_t i = 0; i < calls.size() && i < upto && rc == TC_OK; i++) rc = apply_call(c, calls[i]);
    EXPECT_EQ(tc_close(c), TC_OK);
    return rc;
}

}  // namespace

TEST_F(Lockstep, LedgerOfAPassHasEveryKeyWithTheRunsCounts)
{
    RunResult r;
    Ledger l = ledger_of_run(g, "", calls, "pass", &r);
    ASSERT_EQ(r.rc, TC_OK) << r.report;
    expect_keys(l, { { "format", "\"tarmac-ledger-1\"" }, { "verdict", "\"PASS\"" }, { "reason", "\"\"" },
                     { "golden", "\"" + g + "\"" }, { "mode", "\"file\"" }, { "regs", "\"writes\"" },
                     { "compared.steps", "15" }, { "compared.instructions", "13" }, { "compared.exceptions", "1" },
                     { "compared.registers", std::to_string(r.n.registers) }, { "compared.beats", "22" },
                     { "compared.error_beats", "0" }, { "compared.packets", "4" }, { "golden_steps", "15" },
                     { "not_compared.ignored_registers", "[]" }, { "not_compared.registers_never_shown", "[]" },
                     { "mismatches", "0" }, { "first_mismatch", "null" } });
    for (const char *k : { "unknown_golden_values", "volatile_reads", "ignored_beats", "ignored_packets", "fetch_beats",
                           "lenient_warnings", "abandoned_reads", "abandoned_writes", "systick_window_reads" })
        EXPECT_EQ(l[std::string("not_compared.") + k], "0") << k;
    // no temporary file is left beside it
    std::string lp = ledger_path("pass");
    for (const auto &e : std::filesystem::directory_iterator(std::filesystem::path(lp).parent_path()))
        EXPECT_EQ(e.path().string().find(lp + ".tmp"), std::string::npos) << e.path();
}

TEST_F(Lockstep, LedgerOfAMismatchNamesTheFirstOneAndTheGoldensSteps)
{
    calls[find_call(calls, [](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == 0x16; })].b = 0x17;
    calls[retire_at(calls, 0x106)].b = 0x7149;
    RunResult r;
    Ledger l = ledger_of_run(g, "max_errors=5", calls, "mismatch", &r);
    ASSERT_EQ(r.rc, TC_MISMATCH);
    EXPECT_EQ(verdict_of(l), "\"FAIL\" \"register\" \"r0\"");
    EXPECT_EQ(l["mismatches"], "2");
    EXPECT_EQ(l["reason"], "\"register r0: wrong value: expected 00000016, actual 00000017\"");
    EXPECT_EQ(l["first_mismatch.step"], "1");
    EXPECT_EQ(l["first_mismatch.pc"], "\"0x00000100\"");
    EXPECT_EQ(l["first_mismatch.golden_at"], "\"" + g + ":5\"");
    EXPECT_EQ(l["first_mismatch.headline"], l["reason"]);
    EXPECT_EQ(l["golden_steps"], "15");
}

// A testbench that stops at the halt and closes without finish still leaves the ledger, with the mismatch.
TEST_F(Lockstep, LedgerOfAHaltedRunIsWrittenAtClose)
{
    size_t bad = retire_at(calls, 0x106);
    calls[bad].b = 0x7149;
    std::string lp = ledger_path("halted");
    EXPECT_EQ(run_and_close(g, "ledger=" + lp, calls, calls.size()), TC_MISMATCH);
    Ledger l = read_ledger(lp);
    ASSERT_TRUE(l.ok) << l.error;
    EXPECT_EQ(verdict_of(l), "\"FAIL\" \"instruction\" \"opcode\"");
    EXPECT_EQ(l["first_mismatch.step"], "4");
    EXPECT_EQ(l["first_mismatch.pc"], "\"0x00000106\"");
    EXPECT_EQ(l["first_mismatch.golden_at"], "\"" + g + ":11\"");
    EXPECT_EQ(l["golden_steps"], "-1");  // not read to its end
    // closed early, nothing wrong yet: no verdict was reached
    std::string early = ledger_path("early");
    EXPECT_EQ(run_and_close(g, "ledger=" + early, calls, 5), TC_OK);
    l = read_ledger(early);
    ASSERT_TRUE(l.ok) << l.error;
    EXPECT_EQ(l["verdict"], "\"ERROR\"");
    EXPECT_EQ(l["reason"], "\"closed before tc_finish: the end-of-test checks did not run\"");
    EXPECT_EQ(l["first_mismatch"], "null");
}

// A golden that cannot be read fails the open, and the ledger says so.
TEST(LedgerAtOpen, AnOpenThatFailsAfterItsOptionsLeavesAnErrorLedger)
{
    std::string bad = golden_path("0 clk R r0 00000000\n1 clk IT (1) 00000100 zz T thread : x\n", "ledger_bad.tarmac");
    std::string lp = ledger_path("open");
    tm_error e{};
    EXPECT_EQ(tc_open(bad.c_str(), ("ledger=" + lp).c_str(), &e), nullptr);
    Ledger l = read_ledger(lp);
    ASSERT_TRUE(l.ok) << l.error;
    EXPECT_EQ(verdict_of(l), "\"ERROR\" \"golden\" \"\"");
    EXPECT_NE(l["reason"].find("unreadable golden: " + bad + ":2:23:"), std::string::npos) << l["reason"];
    EXPECT_EQ(l["first_mismatch.golden_at"], "\"" + bad + ":2\"");
    std::string missing = ledger_path("missing");
    EXPECT_EQ(tc_open("/nonexistent/golden.tarmac", ("ledger=" + missing).c_str(), &e), nullptr);
    l = read_ledger(missing);
    ASSERT_TRUE(l.ok) << l.error;
    EXPECT_EQ(l["verdict"], "\"ERROR\"");
    EXPECT_NE(l["reason"].find("cannot open"), std::string::npos) << l["reason"];
}

TEST_F(Lockstep, LedgerNamesWhatTheOptionsLeftOut)
{
    RunResult r;
    Ledger l = ledger_of_run(g, "ignore_regs=r0:lr,bus=0,mtb=0", calls, "left_out", &r);
    ASSERT_EQ(r.rc, TC_OK) << r.report;
    expect_keys(l, { { "not_compared.ignored_registers", "[\"r0\", \"lr\"]" }, { "not_compared.ignored_beats", "22" },
                     { "not_compared.ignored_packets", "4" }, { "not_compared.bus_stream_off", "true" },
                     { "not_compared.mtb_stream_off", "true" }, { "compared.beats", "0" } });
}

// Text from the user (the golden's path) is escaped: quotes, control characters, bytes that are not UTF-8.
TEST_F(Lockstep, LedgerEscapesTheGoldensPath)
{
    std::string odd = golden_path(kGolden, "odd\"name\x01\xff\\.tarmac");
    RunResult r;
    Ledger l = ledger_of_run(odd, "", calls, "escape", &r);
    ASSERT_EQ(r.rc, TC_OK) << r.report;
    std::string dir = odd.substr(0, odd.rfind('/') + 1);
    EXPECT_EQ(l["golden"], "\"" + dir + "chk_" + std::to_string(getpid()) + "_odd\\\"name\\u0001\xef\xbf\xbd\\\\.tarmac\"");
}

// A ledger that cannot be created (its directory does not exist) fails at open, as every output does; one that
// cannot be written when the run ends (a full device) fails the finish and says why.
TEST_F(Lockstep, ALedgerThatCannotBeWrittenFailsTheFinish)
{
    RunResult r = run("ledger=/nonexistent/dir/ledger.json");
    EXPECT_NE(r.rc, TC_OK);
    EXPECT_NE(r.report.find("option ledger: cannot create: directory '/nonexistent/dir'"), std::string::npos)
        << r.report;
    r = run("ledger=/dev/full");
    EXPECT_EQ(r.rc, TC_FAILED);
    EXPECT_NE(r.report.find("ledger=: /dev/full:"), std::string::npos) << r.report;
    EXPECT_EQ(r.report.find("tarmac checker: PASS"), std::string::npos) << r.report;
}

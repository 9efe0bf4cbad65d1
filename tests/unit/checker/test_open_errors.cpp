// Errors that name their cause: a golden that is unreadable or empty fails the open with that reason first (not a
// note about the configuration, not "unexpected bus beat" at the first beat); a value read from a damaged gzip
// member is reported as the damage, not as the RTL's mismatch; a golden that is no file never hangs the open.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <thread>

#include "lockstep_fixture.h"

extern "C" {
#include "tarmac/reader.h"
}

using namespace lockstep;

namespace {

std::string tmp_path(const std::string &name)
{
    return std::string(TM_BUILD_DIR) + "/tmp/openerr_" + std::to_string(getpid()) + "_" + name;
}

// text as gzip members, stored (level 0: the text stands in the file as it is), one member per part.
std::string stored_gzip(const std::string &name, const std::vector<std::string> &members)
{
    std::string p = tmp_path(name);
    std::remove(p.c_str());
    for (const std::string &m : members) {
        gzFile f = gzopen(p.c_str(), "ab0");
        EXPECT_NE(f, nullptr);
        if (!m.empty()) {
            EXPECT_EQ(gzwrite(f, m.data(), (unsigned)m.size()), (int)m.size());
        }
        gzclose(f);
    }
    return p;
}

// The file's bytes with the first occurrence of `from` replaced (same length): damage a stored block.
void patch(const std::string &path, const std::string &from, const std::string &to)
{
    ASSERT_EQ(from.size(), to.size());
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), {});
    size_t at = bytes.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    bytes.replace(at, from.size(), to);
    std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace

// Empty goldens of every kind fail the open naming what they are, also when a configuration is declared (whose
// note about a golden without a record used to stand in for the reason).
TEST(OpenErrors, AnEmptyGoldenSaysSoAtOpen)
{
    struct Case {
        std::string path, why;
    } cases[] = {
        { temp_golden("", "empty.tarmac"), "the golden is empty (0 bytes)" },
        { stored_gzip("empty.tarmac.gz", { "" }), "the golden is empty: a gzip stream with no data in it" },
        { stored_gzip("empty2.tarmac.gz", { "", "" }), "the golden is empty: a gzip stream with no data in it" },
        { temp_golden("; a comment\n\n# another\n// and another\n", "comments.tarmac"),
          "the golden holds no trace record: 4 lines of comments and blank lines only" },
        { stored_gzip("comments.tarmac.gz", { "# nothing here\n" }),
          "the golden holds no trace record: 1 lines of comments and blank lines only" },
        { temp_golden("0 clk E 00000100 00000001 CoreEvent_RESET\n0 clk R r13_main 20004000\n", "reset_only.tarmac"),
          "the golden holds no instruction or exception: 2 trace records, none an instruction line" },
    };
    for (const Case &k : cases)
        for (const char *opts : { "", "model=num_irq:32" }) {
            SCOPED_TRACE(k.path + " " + opts);
            std::string e = open_error(k.path, opts);
            EXPECT_EQ(e, k.path + ": " + k.why);
        }
}

// A golden unreadable in its first lines: the open's error is the golden's, with file:line:column, not the
// configuration note the report had gathered first.
TEST(OpenErrors, AnUnreadableGoldenIsTheOpensErrorEvenWithAConfigurationDeclared)
{
    for (const char *bad : { "1 clk IT (1) 00000100 zz T thread : x\n", "1 clk R r0 0000001g\n", "garbage\n" }) {
        SCOPED_TRACE(bad);
        std::string g = golden_path((std::string("0 clk R r0 00000000\n") + bad).c_str(), "unreadable.tarmac");
        tm_error err{};
        std::string e = open_error(g, "model=num_irq:32;lr_reset:0xffffffff", &err);
        EXPECT_EQ(e.rfind("unreadable golden: " + g + ":2:", 0), 0u) << e;
        EXPECT_EQ(e.find("note"), std::string::npos) << e;
        EXPECT_EQ(err.status, TM_ERR_PARSE);
    }
}

// A stored gzip block damaged where a value stands: inflating succeeds, the CRC at the member's end does not. The
// checker reads ahead of that end, so it finds a "mismatch" first; it must report the damage instead.
TEST(OpenErrors, AGzipChecksumErrorWinsOverAMismatchInTheSameMember)
{
    struct Case {
        const char *from, *to;  // the damage: a value the perfect calls then disagree with
    } cases[] = {
        { "R r0 00000016\n2 clk IT (2)", "R r0 00000036\n2 clk IT (2)" },  // register value, line 5
        { "MW4 20000000 00000016", "MW4 20000000 00000017" },                // bus data, line 10
        { "00000106 7148", "00000106 7149" },                                // opcode, line 11
    };
    std::string g = golden_path();
    std::vector<Call> calls = perfect(g);
    for (const Case &k : cases) {
        SCOPED_TRACE(k.to);
        std::string gz = stored_gzip("crc.tarmac.gz", { kGolden });
        patch(gz, k.from, k.to);
        RunResult r = run_calls(gz, "", calls);
        EXPECT_EQ(r.rc, TC_FAILED) << r.report;
        EXPECT_EQ(r.report.find("MISMATCH"), std::string::npos) << r.report;
        EXPECT_NE(r.report.find("unreadable golden: " + gz + ": corrupt gzip stream: incorrect data check"),
                  std::string::npos)
            << r.report;
        EXPECT_NE(r.report.find("is damaged: what the comparison found there is not reported"), std::string::npos)
            << r.report;
    }
}

// Several members: a mismatch in an intact member is the RTL's, reported as such, even though a later member is
// damaged; a mismatch in the damaged member is the damage's.
TEST(OpenErrors, TheMemberThatHoldsTheLineDecides)
{
    std::string text = kGolden;
    size_t half = text.find("9 clk IT (9)");
    std::string g = golden_path();
    std::vector<Call> calls = perfect(g);
    std::string gz = stored_gzip("members.tarmac.gz", { text.substr(0, half), text.substr(half) });
    patch(gz, "MW4 20003ffc 01000000", "MW4 20003ffc 01000001");  // second member, line 24
    std::vector<Call> wrong = calls;
    wrong[find_call(wrong, [](const Call &c) { return c.kind == Call::REG && c.a == 0 && c.b == 0x16; })].b = 0x17;
    RunResult r = run_calls(gz, "", wrong);
    EXPECT_EQ(r.rc, TC_MISMATCH) << r.report;
    EXPECT_NE(r.report.find("register r0: wrong value: expected 00000016, actual 00000017"), std::string::npos)
        << r.report;
    r = run_calls(gz, "", calls);
    EXPECT_EQ(r.rc, TC_FAILED) << r.report;
    EXPECT_EQ(r.report.find("MISMATCH"), std::string::npos) << r.report;
    EXPECT_NE(r.report.find("incorrect data check"), std::string::npos) << r.report;
    // both members intact: the same calls pass
    std::string ok = stored_gzip("members_ok.tarmac.gz", { text.substr(0, half), text.substr(half) });
    EXPECT_EQ(run_calls(ok, "", calls).rc, TC_OK);
}

// tm_reader_check_member itself: intact, damaged and truncated members, plain text.
TEST(OpenErrors, ReaderChecksTheMemberThatHoldsALine)
{
    std::string gz = stored_gzip("check.tarmac.gz", { "a\nb\n", "c\nd\n", "e\n" });
    patch(gz, "d\n", "D\n");
    tm_error e{};
    tm_reader *r = tm_reader_open(gz.c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr) << e.msg;
    uint64_t through = 0;
    EXPECT_EQ(tm_reader_check_member(r, 1, &through, &e), TM_OK);
    EXPECT_EQ(through, 2u);
    EXPECT_EQ(tm_reader_check_member(r, 3, &through, &e), TM_ERR_GZIP);
    EXPECT_NE(std::string(e.msg).find("incorrect data check"), std::string::npos) << e.msg;
    EXPECT_EQ(std::string(e.file), gz);
    tm_reader_close(r);
    // cut in its last member
    std::string cut = stored_gzip("cut.tarmac.gz", { "a\nb\n", "c\nd\n" });
    ASSERT_EQ(truncate(cut.c_str(), 30), 0);
    r = tm_reader_open(cut.c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr) << e.msg;
    EXPECT_EQ(tm_reader_check_member(r, 1, &through, &e), TM_OK);
    EXPECT_EQ(tm_reader_check_member(r, 4, &through, &e), TM_ERR_GZIP);
    EXPECT_NE(std::string(e.msg).find("truncated"), std::string::npos) << e.msg;
    tm_reader_close(r);
    // plain text: nothing to check
    std::string plain = temp_golden("a\nb\n", "check_plain.tarmac");
    r = tm_reader_open(plain.c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr) << e.msg;
    EXPECT_EQ(tm_reader_check_member(r, 2, &through, &e), TM_OK);
    EXPECT_EQ(through, 0u);
    tm_reader_close(r);
}

// A golden that is not a file: a FIFO with no writer fails the open after golden_wait_ms instead of blocking in
// open forever; one whose writer comes in time is read; devices, sockets and directories are named as such.
TEST(OpenErrors, AFifoWithoutAWriterTimesOutAndDevicesAreRefused)
{
    std::string fifo = tmp_path("golden.fifo");
    std::remove(fifo.c_str());
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(open_error(fifo, "golden_wait_ms=300"),
              fifo + ": is a FIFO that gave no data within 0.300 s (no writer?)");
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_GE(s, 0.29);
    EXPECT_LT(s, 5.0);
    // a writer that opens and closes without writing: an empty golden
    std::thread quiet([&] {
        int fd = open(fifo.c_str(), O_WRONLY);
        if (fd >= 0) close(fd);
    });
    EXPECT_EQ(open_error(fifo, "golden_wait_ms=5000"), fifo + ": the golden is empty (0 bytes)");
    quiet.join();
    // a writer that streams the golden a little later: the run is checked as from a file
    std::thread writer([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        std::ofstream(fifo) << kGolden;
    });
    RunResult r = run_calls(fifo, "golden_wait_ms=5000", perfect(golden_path()));
    writer.join();
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    std::remove(fifo.c_str());
    // not trace files at all
    std::string sock = tmp_path("golden.sock");
    std::remove(sock.c_str());
    int sfd = socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    snprintf(addr.sun_path, sizeof addr.sun_path, "%s", sock.c_str());
    ASSERT_EQ(bind(sfd, (sockaddr *)&addr, sizeof addr), 0) << sock;
    struct {
        std::string path, what;
    } cases[] = {
        { "/dev/null", "a character device" },
        { "/dev/zero", "a character device" },
        { std::string(TM_BUILD_DIR) + "/tmp", "a directory" },
        { sock, "a socket" },
    };
    for (const auto &k : cases) EXPECT_EQ(open_error(k.path, ""), k.path + ": is " + k.what + ", not a trace file");
    close(sfd);
    std::remove(sock.c_str());
}

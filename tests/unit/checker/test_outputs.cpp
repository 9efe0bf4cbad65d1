// The checker's output files (report=, coverage=, golden_out=) and paths: an output that is an input (the golden,
// live mode's ELF, elf=) or another output is refused at open, by any name; one that cannot be created is refused
// at open; one that cannot be written later (a full disk) fails the run and says so in the report; two runs
// writing one golden_out leave one whole file; paths of any length are used whole.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../temp_dir.h"
#include "replay.h"

namespace fs = std::filesystem;

namespace {

std::vector<Call> hello_calls()
{
    std::vector<Call> calls;
    std::string err;
    EXPECT_TRUE(perfect_calls(corpus_golden("hello"), {}, calls, err)) << err;
    return calls;
}

// Runs fn in a child process with files limited to limit bytes (SIGXFSZ ignored: a write fails with EFBIG, as on
// a full disk); returns what fn returns (text through a pipe), so that this process's own files are not limited.
std::string with_file_size_limit(rlim_t limit, const std::function<std::string()> &fn)
{
    int fds[2];
    if (pipe(fds) != 0) return "(no pipe)";
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        signal(SIGXFSZ, SIG_IGN);
        rlimit r;
        getrlimit(RLIMIT_FSIZE, &r);
        r.rlim_cur = limit;
        setrlimit(RLIMIT_FSIZE, &r);
        std::string out = fn();
        (void)!write(fds[1], out.data(), out.size());
        _exit(0);
    }
    close(fds[1]);
    std::string out;
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0) out.append(buf, (size_t)n);
    close(fds[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    return out;
}

} // namespace

// report=, coverage= and golden_out= naming an input, by its path, another spelling, a symlink or a hard link:
// refused at open with both names; the input is untouched.
TEST(CheckerOutputs, AnOutputThatIsAnInputIsRefusedAtOpen)
{
    TempDir d("outputs_inputs");
    std::string golden = d / "hello.tarmac.gz", elf = d / "hello.elf";
    fs::copy_file(corpus_golden("hello"), golden);
    fs::copy_file(corpus_elf("hello"), elf);
    fs::create_symlink(golden, d.path / "golden.link");
    fs::create_hard_link(golden, d.path / "golden.hard");
    fs::create_symlink(elf, d.path / "elf.link");
    fs::create_hard_link(elf, d.path / "elf.hard");
    const std::string before = slurp(golden), elf_before = slurp(elf);
    struct Case {
        std::string golden, options, input;
    } cases[] = {
        { golden, "report=" + golden, golden },
        { golden, "report=" + d / "golden.link", golden },
        { golden, "report=" + d / "golden.hard", golden },
        { golden, "report=" + (d.path / "." / "hello.tarmac.gz").string(), golden },
        { golden, "coverage=" + golden, golden },
        { golden, "coverage=" + d / "golden.hard", golden },
        { d / "golden.link", "coverage=" + golden, d / "golden.link" },
        { golden, "elf=" + elf + ",report=" + d / "elf.link", elf },
        { golden, "elf=" + elf + ",coverage=" + d / "elf.hard", elf },
        { "live:" + elf, "golden_out=" + elf, elf },
        { "live:" + elf, "golden_out=" + d / "elf.hard", elf },
        { "live:" + d / "elf.link", "report=" + elf, d / "elf.link" },
    };
    for (const Case &c : cases) {
        std::string e = open_error(c.golden, c.options);
        EXPECT_NE(e.find("is the same file as the input '" + c.input + "'"), std::string::npos)
            << c.golden << " " << c.options << ": " << e;
    }
    EXPECT_EQ(slurp(golden), before);
    EXPECT_EQ(slurp(elf), elf_before);
    // two outputs that are one file
    EXPECT_NE(open_error(golden, "report=" + d / "r.txt" + ",coverage=" + d / "r.txt")
                  .find("options report= and coverage= name the same file"),
              std::string::npos);
    EXPECT_NE(open_error("live:" + elf, "report=" + d / "r.txt" + ",golden_out=" + d / "./r.txt")
                  .find("options report= and golden_out= name the same file"),
              std::string::npos);
}

TEST(CheckerOutputs, AnOutputThatCannotBeCreatedIsRefusedAtOpen)
{
    TempDir d("outputs_create");
    struct Case {
        std::string options, want;
    } cases[] = {
        { "report=" + d / "no/dir/r.txt", "option report: cannot create: directory '" + d / "no/dir" + "'" },
        { "coverage=" + d.path.string(), "option coverage: cannot write: is a directory" },
        { "report=", "" }, // empty: no report file, as before
    };
    for (const Case &c : cases) {
        std::string e = open_error(corpus_golden("hello"), c.options);
        if (c.want.empty()) EXPECT_EQ(e, "(opened)");
        else EXPECT_NE(e.find(c.want), std::string::npos) << c.options << ": " << e;
    }
    std::string e = open_error("live:" + corpus_elf("hello"), "golden_out=" + d / "gone/g.tarmac.gz");
    EXPECT_NE(e.find("option golden_out: cannot create: directory '" + d / "gone" + "'"), std::string::npos) << e;
}

// A report that cannot be written (a full disk: files limited in size) fails the run, and the report says why: at a
// mismatch, and at the end of a passing run (the verdict is FAIL, not PASS).
TEST(CheckerOutputs, AReportThatCannotBeWrittenFailsTheRun)
{
    TempDir d("outputs_full");
    std::string report = d / "run.report";
    std::vector<Call> calls = hello_calls();
    // a passing run: only the summary line to write, and no room for it
    std::string out = with_file_size_limit(0, [&] {
        RunResult r = run_calls(corpus_golden("hello"), "mtb=0,report=" + report, calls);
        return std::to_string(r.rc) + "\n" + r.report;
    });
    EXPECT_EQ(out.substr(0, 2), "2\n") << out; // TC_FAILED
    EXPECT_NE(out.find("report file: " + report + ": write error: File too large"), std::string::npos) << out;
    EXPECT_NE(out.find("tarmac checker: FAIL"), std::string::npos) << out;
    EXPECT_EQ(out.find("tarmac checker: PASS"), std::string::npos) << out;
    EXPECT_FALSE(fs::exists(report));
    EXPECT_NE(out.find("report file: " + report + ": write error: File too large\ntarmac checker: FAIL: "),
              std::string::npos)
        << "the reason, then the verdict: " << out;
    // a mismatch whose report does not fit: the run halts on it, saying the report is lost
    std::vector<Call> bad = calls;
    for (Call &k : bad)
        if (k.kind == Call::REG && k.a == 0) {
            k.b ^= 1;
            break;
        }
    out = with_file_size_limit(200, [&] {
        RunResult r = run_calls(corpus_golden("hello"), "mtb=0,max_errors=5,report=" + report, bad);
        return std::to_string(r.rc) + "\n" + r.report;
    });
    EXPECT_NE(out.substr(0, 2), "0\n") << out;
    EXPECT_NE(out.find("MISMATCH #1"), std::string::npos) << out;
    EXPECT_NE(out.find("report file: " + report + ": write error: File too large"), std::string::npos) << out;
    EXPECT_EQ(out.find("MISMATCH #2"), std::string::npos) << "a lost report halts the run: " << out;
    EXPECT_FALSE(fs::exists(report));
    // the same runs with room: the report is written whole
    RunResult r = run_calls(corpus_golden("hello"), "mtb=0,report=" + report, calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report;
    EXPECT_EQ(slurp(report), r.report);
    // and a coverage file with no room: the run fails, saying so
    out = with_file_size_limit(10, [&] {
        RunResult c = run_calls(corpus_golden("hello"), "mtb=0,coverage=" + d / "c.cov", calls);
        return std::to_string(c.rc) + "\n" + c.report;
    });
    EXPECT_EQ(out.substr(0, 2), "2\n") << out;
    EXPECT_NE(out.find("coverage file: " + d / "c.cov" + ": write error: File too large"), std::string::npos) << out;
}

// Two simulations writing one golden_out at once, the short one (hello) starting while the long one (matmul) is
// writing and ending first: the file is one run's whole golden, never the short one's over the long one's part.
TEST(CheckerOutputs, TwoRunsWritingOneGoldenOutLeaveOneWholeFile)
{
    TempDir d("outputs_golden_out");
    const std::vector<std::string> progs = { "matmul", "hello" };
    std::vector<std::vector<Call>> calls(2);
    std::vector<std::string> alone(2);
    double long_run = 0;
    for (int i = 0; i < 2; i++) {
        std::string err;
        ASSERT_TRUE(perfect_calls(corpus_golden(progs[i]), {}, calls[i], err)) << err;
        std::string path = d / (progs[i] + ".tarmac.gz");
        auto t0 = std::chrono::steady_clock::now();
        RunResult r = run_calls("live:" + corpus_elf(progs[i]), "mtb=0,golden_out=" + path, calls[i]);
        if (i == 0) long_run = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ASSERT_EQ(r.rc, TC_OK) << r.report.substr(0, 2000);
        alone[i] = gunzip(path);
    }
    ASSERT_NE(alone[0], alone[1]);
    std::string shared = d / "shared.tarmac.gz";
    for (double at : { 0.2, 0.5, 0.8 }) {
        std::vector<int> rc(2, -1);
        auto run = [&](int i) {
            rc[i] = run_calls("live:" + corpus_elf(progs[i]), "mtb=0,golden_out=" + shared, calls[i]).rc;
        };
        std::thread t0(run, 0);
        std::this_thread::sleep_for(std::chrono::duration<double>(at * long_run));
        std::thread t1(run, 1);
        t0.join();
        t1.join();
        EXPECT_EQ(rc[0], TC_OK);
        EXPECT_EQ(rc[1], TC_OK);
        std::string got = gunzip(shared);
        EXPECT_TRUE(got == alone[0] || got == alone[1]) << "the short run started at " << at << " of the long one: "
                                                        << got.size() << " bytes, " << got.substr(0, 100);
    }
    EXPECT_EQ(d.names(), (std::vector<std::string>{ "hello.tarmac.gz", "matmul.tarmac.gz", "shared.tarmac.gz" }))
        << "no temporary file left";
}

// Paths longer than any fixed buffer (a golden, an ELF, a report and a coverage file 700+ characters deep), given
// to open and as options: used whole, never cut.
TEST(CheckerOutputs, PathsOfAnyLength)
{
    TempDir d("outputs_long");
    fs::path deep = d.path;
    for (int i = 0; i < 12; i++) deep /= std::string(60, 'a' + i);
    fs::create_directories(deep);
    std::string golden = (deep / "hello.tarmac.gz").string(), elf = (deep / "hello.elf").string();
    ASSERT_GT(golden.size(), 760u);
    fs::copy_file(corpus_golden("hello"), golden);
    fs::copy_file(corpus_elf("hello"), elf);
    std::vector<Call> calls = hello_calls();
    std::string report = (deep / "r.txt").string(), cov = (deep / "c.cov").string();
    RunResult r = run_calls(golden, "mtb=0,elf=" + elf + ",report=" + report + ",coverage=" + cov, calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 2000);
    EXPECT_NE(r.report.find("; golden " + golden + " ("), std::string::npos) << "the summary names it whole";
    EXPECT_EQ(slurp(report), r.report);
    EXPECT_NE(slurp(cov).find("# golden " + golden + "\n"), std::string::npos);
    // as an option only, and in live mode with golden_out
    r = run_calls("", "mtb=0,golden=" + golden, calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 2000);
    std::string out = (deep / "out.tarmac.gz").string();
    r = run_calls("live:" + elf, "mtb=0,golden_out=" + out, calls);
    EXPECT_EQ(r.rc, TC_OK) << r.report.substr(0, 2000);
    r = run_calls(out, "mtb=0", calls);
    EXPECT_EQ(r.rc, TC_OK) << "golden_out written whole at its long path: " << r.report.substr(0, 2000);
    // a missing file that long is named in the error by its end
    std::string e = open_error((deep / "missing.tarmac.gz").string(), "");
    EXPECT_NE(e.find("/missing.tarmac.gz: cannot open: No such file or directory"), std::string::npos) << e;
}

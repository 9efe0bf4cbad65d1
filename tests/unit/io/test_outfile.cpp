// Outputs written whole or not at all (tarmac/outfile.h) and the trace writer over them: a temporary file beside
// the output renamed into place, inputs never overwritten (same path, symlink, hard link), every failure to create
// or write (missing directory, no permission, a full disk as /dev/full and as a file size limit) an error naming
// the file and leaving what was there, and concurrent writers of one path leaving one complete file.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" {
#include "tarmac/outfile.h"
#include "tarmac/writer.h"
}

#include "../temp_dir.h"

namespace fs = std::filesystem;

namespace {

void spit(const std::string &path, const std::string &text) { std::ofstream(path, std::ios::binary) << text; }

std::string message(const tm_error &e)
{
    char buf[1200];
    return tm_error_format(&e, buf, sizeof buf);
}

// RLIMIT_FSIZE lowered for the scope (SIGXFSZ ignored: the write fails with EFBIG), as a full disk would.
struct FileSizeLimit {
    rlimit old{};
    void (*old_handler)(int);
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &old);
        old_handler = signal(SIGXFSZ, SIG_IGN);
        rlimit r = old;
        r.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &r);
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &old);
        signal(SIGXFSZ, old_handler);
    }
};

} // namespace

TEST(Outfile, WritesThroughATemporaryFileRenamedIntoPlace)
{
    TempDir d("outfile_whole");
    std::string out = d / "a.txt";
    spit(out, "old content\n");
    tm_error e{};
    tm_outfile *f = tm_outfile_open(out.c_str(), nullptr, &e);
    ASSERT_NE(f, nullptr) << message(e);
    std::string writing = tm_outfile_writing(f);
    EXPECT_NE(writing, out);
    EXPECT_EQ(fs::path(writing).parent_path(), d.path) << "the temporary file is in the output's directory";
    ASSERT_EQ(tm_outfile_write(f, "new ", 4, &e), TM_OK);
    EXPECT_EQ(slurp(out), "old content\n") << "a reader sees the old file until the new one is complete";
    ASSERT_EQ(tm_outfile_write(f, "content\n", 8, &e), TM_OK);
    ASSERT_EQ(tm_outfile_commit(f, &e), TM_OK) << message(e);
    EXPECT_EQ(slurp(out), "new content\n");
    EXPECT_EQ(d.names(), std::vector<std::string>{ "a.txt" }) << "no temporary file left";

    // abandoned: the output keeps what it held, nothing is left beside it
    f = tm_outfile_open(out.c_str(), nullptr, &e);
    ASSERT_NE(f, nullptr);
    tm_outfile_write(f, "partial", 7, &e);
    tm_outfile_discard(f);
    EXPECT_EQ(slurp(out), "new content\n");
    EXPECT_EQ(d.names(), std::vector<std::string>{ "a.txt" });

    // the stream form, and a file that did not exist
    f = tm_outfile_open((d / "b.txt").c_str(), nullptr, &e);
    ASSERT_NE(f, nullptr);
    FILE *s = tm_outfile_stream(f, &e);
    ASSERT_NE(s, nullptr);
    fprintf(s, "%d lines\n", 3);
    ASSERT_EQ(tm_outfile_commit(f, &e), TM_OK) << message(e);
    EXPECT_EQ(slurp(d / "b.txt"), "3 lines\n");
}

TEST(Outfile, KeepsTheReplacedFilesPermissionsAndASymlink)
{
    TempDir d("outfile_perm");
    std::string target = d / "target.txt", link = d / "link.txt";
    spit(target, "old");
    chmod(target.c_str(), 0640);
    fs::create_symlink("target.txt", link);
    tm_error e{};
    ASSERT_EQ(tm_outfile_put(link.c_str(), nullptr, "new", 3, &e), TM_OK) << message(e);
    EXPECT_TRUE(fs::is_symlink(link)) << "the link stays a link";
    EXPECT_EQ(slurp(target), "new");
    struct stat st;
    ASSERT_EQ(stat(target.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0640u);
}

// The same file by any name: the path itself, another spelling, a symlink either way, a hard link.
TEST(Outfile, RefusesAnOutputThatIsAnInput)
{
    TempDir d("outfile_inputs");
    std::string in = d / "prog.elf";
    spit(in, "ELF bytes");
    fs::create_directories(d.path / "sub");
    fs::create_symlink("prog.elf", d.path / "link.elf");
    fs::create_hard_link(in, d.path / "hard.elf");
    fs::create_symlink(in, d.path / "sub" / "back.elf");
    const std::vector<std::string> outs = { in, d / "sub/../prog.elf", d / "link.elf", d / "hard.elf",
                                            d / "sub/back.elf", "./" + fs::relative(in).string() };
    for (const std::string &out : outs) {
        const char *inputs[] = { "other.txt", in.c_str(), nullptr };
        tm_error e{};
        EXPECT_EQ(tm_outfile_check(out.c_str(), inputs, &e), TM_ERR_ARG) << out;
        EXPECT_EQ(tm_outfile_open(out.c_str(), inputs, &e), nullptr) << out;
        EXPECT_EQ(e.status, TM_ERR_ARG);
        EXPECT_NE(message(e).find(out + ": is the same file as the input '" + in + "'"), std::string::npos)
            << message(e);
        EXPECT_EQ(tm_outfile_put(out.c_str(), inputs, "x", 1, &e), TM_ERR_ARG) << out;
        // the input by the output's name, too
        const char *rev[] = { out.c_str(), nullptr };
        EXPECT_EQ(tm_outfile_check(in.c_str(), rev, &e), TM_ERR_ARG) << out;
        EXPECT_TRUE(tm_same_file(out.c_str(), in.c_str())) << out;
    }
    EXPECT_EQ(slurp(in), "ELF bytes");
    EXPECT_EQ(d.names(), (std::vector<std::string>{ "hard.elf", "link.elf", "prog.elf", "sub" }));
    // two outputs not yet written, by two spellings
    EXPECT_TRUE(tm_same_file((d / "new.txt").c_str(), (d / "sub/../new.txt").c_str()));
    EXPECT_FALSE(tm_same_file((d / "new.txt").c_str(), (d / "sub/new.txt").c_str()));
    EXPECT_FALSE(tm_same_file("-", "-")) << "stdin and stdout are not one file";
}

TEST(Outfile, CannotCreateIsAnErrorNamingTheFileAndWhy)
{
    TempDir d("outfile_create");
    tm_error e{};
    struct Case {
        std::string path, why;
    } cases[] = {
        { d / "missing/dir/x.txt", "cannot create: directory '" + d / "missing/dir" + "': No such file or directory" },
        { d / "file.txt/x.txt", "cannot create: '" + d / "file.txt" + "' is not a directory" },
        { d.path.string(), "cannot write: is a directory" },
        { "", "an output path is empty" },
    };
    spit(d / "file.txt", "a file");
    for (const Case &c : cases) {
        EXPECT_NE(tm_outfile_check(c.path.c_str(), nullptr, &e), TM_OK) << c.path;
        EXPECT_EQ(tm_outfile_open(c.path.c_str(), nullptr, &e), nullptr) << c.path;
        EXPECT_NE(message(e).find(c.why), std::string::npos) << message(e);
        tm_out *o = tm_out_open(c.path.c_str(), nullptr, &e);
        EXPECT_EQ(o, nullptr) << c.path;
        if (o) tm_out_close(o, &e);
    }
    // no permission to create in the directory: as another user than root, who may write anywhere. The directory is
    // under the system's temporary directory: that user must reach it, and a checkout inside a 0700 home or mktemp
    // directory is out of its reach (another denial, on another directory)
    fs::path base = fs::temp_directory_path() / ("outfile_create_" + std::to_string(getpid()));
    fs::remove_all(base);
    fs::create_directories(base);
    chmod(base.c_str(), 0755);
    std::string ro = (base / "ro").string();
    fs::create_directories(ro);
    chmod(ro.c_str(), 0555);
    pid_t pid = fork();
    if (pid == 0) {
        if (getuid() == 0 && setuid(65534) != 0) _exit(3);
        tm_error ce{};
        tm_outfile *f = tm_outfile_open((ro + "/x.txt").c_str(), nullptr, &ce);
        _exit(!f && message(ce).find("cannot create files in directory '" + ro + "': Permission denied") !=
                        std::string::npos
                  ? 0
                  : 1);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << "status " << st;
    EXPECT_EQ(fs::directory_iterator(ro), fs::directory_iterator()) << "nothing created";
    fs::remove_all(base);
}

// A full disk: /dev/full (written in place, a device) and a file size limit (a regular file: the old content
// stays, no temporary file is left).
TEST(Outfile, AWriteErrorIsAnErrorAndTheOldFileStays)
{
    tm_error e{};
    tm_outfile *f = tm_outfile_open("/dev/full", nullptr, &e);
    ASSERT_NE(f, nullptr) << message(e);
    EXPECT_STREQ(tm_outfile_writing(f), "/dev/full");
    EXPECT_EQ(tm_outfile_write(f, "x", 1, &e), TM_ERR_IO);
    EXPECT_EQ(message(e), "/dev/full: write error: No space left on device");
    EXPECT_EQ(tm_outfile_commit(f, &e), TM_ERR_IO) << "commit reports the write error again";

    TempDir d("outfile_full");
    std::string out = d / "golden.tarmac";
    spit(out, "the old golden\n");
    std::string big(1 << 16, 'x');
    {
        FileSizeLimit limit(4096);
        f = tm_outfile_open(out.c_str(), nullptr, &e);
        ASSERT_NE(f, nullptr);
        EXPECT_EQ(tm_outfile_write(f, big.data(), big.size(), &e), TM_ERR_IO);
        EXPECT_EQ(message(e), out + ": write error: File too large");
        EXPECT_EQ(tm_outfile_commit(f, &e), TM_ERR_IO);
        // the stream form: the error shows at the flush of commit
        f = tm_outfile_open(out.c_str(), nullptr, &e);
        fputs(big.c_str(), tm_outfile_stream(f, &e));
        EXPECT_EQ(tm_outfile_commit(f, &e), TM_ERR_IO);
        EXPECT_EQ(message(e), out + ": write error: File too large");
        // the trace writer, plain and gzip, threaded or not
        for (int gz = 0; gz < 2; gz++)
            for (int threaded = 0; threaded < 2; threaded++) {
                tm_out_options oo{ gz, 0, threaded, nullptr, nullptr };
                tm_out *o = tm_out_open(out.c_str(), &oo, &e);
                ASSERT_NE(o, nullptr);
                std::string line = "0 clk R r0 00000000\n";
                for (int i = 0; i < 100000; i++) tm_out_write(o, line.data(), line.size(), &e);
                EXPECT_EQ(tm_out_close(o, &e), TM_ERR_IO) << "gzip " << gz << " threaded " << threaded;
                EXPECT_NE(message(e).find(out + ": write error: File too large"), std::string::npos) << message(e);
            }
    }
    EXPECT_EQ(slurp(out), "the old golden\n");
    EXPECT_EQ(d.names(), std::vector<std::string>{ "golden.tarmac" }) << "no temporary file left";
}

// A FIFO (a pipe to a reader, /dev/fd/<n>) cannot be replaced: it is written in place and the reader gets it all.
TEST(Outfile, AFifoIsWrittenInPlace)
{
    TempDir d("outfile_fifo");
    std::string fifo = d / "pipe";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    tm_error e{};
    // no reader: an error at once, not an open that waits for one forever
    EXPECT_EQ(tm_outfile_open(fifo.c_str(), nullptr, &e), nullptr);
    EXPECT_EQ(message(e), fifo + ": cannot write: a FIFO with no reader");
    // a reader: it gets what is written
    int rfd = open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(rfd, 0);
    ASSERT_EQ(tm_outfile_put(fifo.c_str(), nullptr, "through the pipe\n", 17, &e), TM_OK) << message(e);
    char buf[64] = "";
    EXPECT_EQ(read(rfd, buf, sizeof buf), 17);
    EXPECT_STREQ(buf, "through the pipe\n");
    close(rfd);
    EXPECT_EQ(d.names(), std::vector<std::string>{ "pipe" });
}

// Writers of one path at once (two simulations with the same golden_out): every reader at any time and the file at
// the end hold one writer's complete output, never a mix or a part.
TEST(Outfile, ConcurrentWritersLeaveOneCompleteFile)
{
    TempDir d("outfile_concurrent");
    std::string out = d / "golden_out.tarmac.gz";
    const int writers = 6;
    const size_t lines = 20000;
    auto line_of = [](int w) { return "0 clk R r" + std::to_string(w) + " 0000000" + std::to_string(w) + "\n"; };
    std::vector<pid_t> pids;
    for (int w = 0; w < writers; w++) {
        pid_t pid = fork();
        if (pid == 0) {
            for (int round = 0; round < 3; round++) {
                tm_error ce{};
                tm_out_options oo{ 1, 0, 1, nullptr, nullptr };
                tm_out *o = tm_out_open(out.c_str(), &oo, &ce);
                if (!o) _exit(1);
                std::string l = line_of(w);
                for (size_t i = 0; i < lines; i++) tm_out_write(o, l.data(), l.size(), &ce);
                if (tm_out_close(o, &ce) != TM_OK) _exit(2);
            }
            _exit(0);
        }
        pids.push_back(pid);
    }
    // read the output while they write (it exists from the first rename on): one writer's whole trace
    auto whole = [&](const std::string &path, std::string *why) {
        std::string text = gunzip(path);
        if (text[0] == '(') return *why = text, false;
        for (int w = 0; w < writers; w++) {
            std::string l = line_of(w);
            if (text.compare(0, l.size(), l)) continue;
            bool same = text.size() == l.size() * lines;
            for (size_t i = 0; same && i < lines; i++) same = !text.compare(i * l.size(), l.size(), l);
            if (same) return true;
        }
        return *why = "a mix or a part: " + std::to_string(text.size()) + " bytes", false;
    };
    int reads = 0;
    std::string why;
    std::vector<int> status(writers, -1);
    for (bool running = true; running;) {
        running = false;
        for (int w = 0; w < writers; w++)
            if (status[w] < 0 && waitpid(pids[w], &status[w], WNOHANG) == 0) running = true, status[w] = -1;
        if (fs::exists(out)) {
            reads++;
            EXPECT_TRUE(whole(out, &why)) << why;
        }
    }
    for (int w = 0; w < writers; w++) EXPECT_EQ(status[w], 0) << "writer " << w << " failed";
    ASSERT_TRUE(fs::exists(out));
    EXPECT_TRUE(whole(out, &why)) << why;
    EXPECT_GT(reads, 0);
    EXPECT_EQ(d.names(), std::vector<std::string>{ "golden_out.tarmac.gz" }) << "no temporary file left";
}

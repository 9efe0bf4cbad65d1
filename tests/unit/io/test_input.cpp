// Every reader guarded as the golden reader is (tarmac/input.h): the ELF reader (the model's loader, the testbench's
// loader in libtarmacchk.so, symbolized reports), mtb-decode and tarmac-cov merge, as built, on a FIFO nobody
// writes (a bounded wait, then a message, never a hang), on /dev/zero (a device: refused at once) and on a FIFO fed
// from /dev/zero without end (the size limit, never gigabytes taken).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "../run_command.h"
#include "../temp_dir.h"
#include "tarmac/elf.h"
#include "tarmac/input.h"

namespace {

const std::string kBin = std::string(TM_BUILD_DIR) + "/bin/";

// The readers, each a command its input's path is appended to, and what it calls its input.
struct Reader {
    std::string name, command, what;
};
std::vector<Reader> readers()
{
    return {
        { "the model's ELF loader", kBin + "armv6m-iss --max-insns 10 ", "an ELF file" },
        { "mtb-decode", kBin + "mtb-decode ", "an MTB SRAM dump" },
        { "tarmac-cov merge", kBin + "tarmac-cov merge ", "a coverage file" },
        { "the testbench's ELF loader", std::string(TM_BUILD_DIR) + "/sim/plain/Vtb_top +elf=", "an ELF file" },
    };
}

double seconds_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST(Input, ADeviceIsRefusedAtOnceByEveryReader)
{
    for (const Reader &r : readers()) {
        CommandOutput o = run_command(r.command + "/dev/zero");
        EXPECT_NE(o.status, 0) << r.name << "\n" << o.text;
        EXPECT_NE(o.text.find("/dev/zero: is a character device, not " + r.what), std::string::npos)
            << r.name << "\n" << o.text;
    }
    tm_error e{};
    EXPECT_EQ(tm_elf_open("/dev/zero", &e), nullptr);
    EXPECT_NE(std::string(e.msg).find("is a character device, not an ELF file"), std::string::npos) << e.msg;
}

// Nobody writes the FIFO: each reader gives up after the bounded wait (all at once here, so the test waits once),
// saying why; before the guard they blocked in open forever.
TEST(Input, AFifoWithNoWriterIsAMessageAfterABoundedWait)
{
    TempDir dir("input_fifo");
    std::string script = "pids=; i=0\n";
    std::vector<Reader> rs = readers();
    for (const Reader &r : rs) {
        std::string fifo = dir / ("in" + std::to_string(&r - rs.data()));
        ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
        script += "timeout 60 " + r.command + fifo + " > " + fifo + ".out 2>&1 & pids=\"$pids $!\"\n";
    }
    script += "for p in $pids; do wait $p; echo \"rc $?\"; done\n";
    auto t0 = std::chrono::steady_clock::now();
    CommandOutput o = run_command("bash -c '" + script + "'");
    double took = seconds_since(t0);
    EXPECT_LT(took, 40.0) << o.text;
    EXPECT_EQ(o.text.find("rc 124"), std::string::npos) << "a reader hung\n" << o.text;
    for (const Reader &r : rs) {
        std::string fifo = dir / ("in" + std::to_string(&r - rs.data()));
        std::string out = slurp(fifo + ".out");
        EXPECT_NE(out.find(fifo + ": is a FIFO that gave no data within 10.000 s (no writer?)"),
                  std::string::npos)
            << r.name << "\n" << out;
    }
}

// A FIFO fed from /dev/zero without end: each reader stops at its size limit with a message, in seconds.
TEST(Input, AnEndlessFifoStopsAtTheSizeLimit)
{
    TempDir dir("input_zero");
    for (const Reader &r : readers()) {
        std::string fifo = dir / "zero";
        unlink(fifo.c_str());
        ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
        auto t0 = std::chrono::steady_clock::now();
        // The feeder opens the FIFO under its own timeout, its output away from ours: were the reader absent, the
        // open would block and, held by our pipe, hang the test.
        CommandOutput o = run_command("(timeout 60 sh -c 'cat /dev/zero > " + fifo + "' > /dev/null 2>&1 &) ; " +
                                      "timeout 60 " + r.command + fifo);
        EXPECT_LT(seconds_since(t0), 40.0) << r.name;
        EXPECT_NE(o.status, 0) << r.name << "\n" << o.text;
        EXPECT_NE(o.text.find(fifo + ": is larger than the limit of "), std::string::npos) << r.name << "\n" << o.text;
        EXPECT_NE(o.text.find("bytes for " + r.what), std::string::npos) << r.name << "\n" << o.text;
        run_command("exec 3<> " + fifo + "; exec 3<&-"); // the feeder, if still writing, sees the reader gone
    }
}

// The shared call itself: a regular file past the limit is refused by its size, before a byte is read; one within
// it is read whole.
TEST(Input, ReadAllKeepsToItsLimit)
{
    TempDir dir("input_limit");
    std::string f = dir / "f";
    run_command("printf 0123456789 > " + f);
    unsigned char *data = nullptr;
    size_t size = 0;
    tm_error e{};
    EXPECT_EQ(tm_input_read_all(f.c_str(), 10, 0, "a test input", &data, &size, &e), TM_OK) << e.msg;
    ASSERT_NE(data, nullptr);
    EXPECT_EQ(std::string((const char *)data, size), "0123456789");
    free(data);
    EXPECT_EQ(tm_input_read_all(f.c_str(), 9, 0, "a test input", &data, &size, &e), TM_ERR_IO);
    EXPECT_EQ(data, nullptr);
    EXPECT_NE(std::string(e.msg).find("is larger than the limit of 9 bytes for a test input (10 bytes)"),
              std::string::npos)
        << e.msg;
    EXPECT_EQ(tm_input_read_all(dir.path.string().c_str(), 9, 0, "a test input", &data, &size, &e), TM_ERR_IO);
    EXPECT_NE(std::string(e.msg).find("is a directory, not a test input"), std::string::npos) << e.msg;
}

// The golden's program identity: the model records the hash of the ELF's loadable image in a gzip golden's header
// (program=<16 hex digits>, beside the configuration), and the checker given an ELF (elf=, +tarmac_elf) compares
// it at open, so that a golden made from another program fails as that, not as a divergence at some step.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "../elf_fixture.h"
#include "ledger.h"
#include "lockstep_fixture.h"

extern "C" {
#include "tarmac/reader.h"
#include "tarmac/writer.h"
}

using namespace lockstep;

namespace {

std::string elf_of(const std::string &program) { return std::string(TM_BUILD_DIR) + "/programs/" + program + ".elf"; }

std::string hex(uint64_t h)
{
    char buf[20];
    snprintf(buf, sizeof buf, "%016llx", (unsigned long long)h);
    return buf;
}

// A gzip golden of kGolden with this header comment.
std::string gz_with_comment(const std::string &name, const char *comment)
{
    std::string p = std::string(TM_BUILD_DIR) + "/tmp/ident_" + std::to_string(getpid()) + "_" + name;
    tm_out_options oo{ 1, 0, 0, comment, nullptr };
    tm_error e{};
    tm_out *o = tm_out_open(p.c_str(), &oo, &e);
    EXPECT_NE(o, nullptr) << e.msg;
    if (o) {
        tm_out_write(o, kGolden, strlen(kGolden), &e);
        EXPECT_EQ(tm_out_close(o, &e), TM_OK);
    }
    return p;
}

}  // namespace

// Every committed golden records its program; with its own ELF it opens without a note.
TEST(ProgramIdentity, EveryCommittedGoldenRecordsItsProgramAndOpensWithItsElf)
{
    for (const std::string &p : corpus_names()) {
        SCOPED_TRACE(p);
        tm_error e{};
        tm_reader *r = tm_reader_open(corpus_golden(p).c_str(), nullptr, &e);
        ASSERT_NE(r, nullptr) << e.msg;
        std::string record = tm_reader_gzip_comment(r) ? tm_reader_gzip_comment(r) : "";
        tm_reader_close(r);
        EXPECT_NE(record.find(",program=" + hex(elf_image_hash(corpus_elf(p)))), std::string::npos) << record;
        tc_checker *c = tc_open(corpus_golden(p).c_str(), ("elf=" + corpus_elf(p)).c_str(), &e);
        ASSERT_NE(c, nullptr) << e.msg;
        EXPECT_EQ(std::string(tc_report(c)), "");
        tc_close(c);
    }
}

// A golden of one program with the ELF of another fails at open, naming both identities, whatever the pair.
TEST(ProgramIdentity, AGoldenOfAnotherProgramFailsAtOpenSayingSo)
{
    const char *pairs[][2] = { { "hello", "sort" }, { "crc32", "divide" }, { "tail_chain.tc", "svc" },
                               { "sha256", "matmul" } };
    for (const auto &p : pairs) {
        SCOPED_TRACE(std::string(p[0]) + " with " + p[1]);
        std::string golden = corpus_golden(p[0]), elf = elf_of(p[1]);
        std::string lp = std::string(TM_BUILD_DIR) + "/tmp/ident_" + std::to_string(getpid()) + ".json";
        tm_error err{};
        std::string e = open_error(golden, "elf=" + elf + ",ledger=" + lp, &err);
        EXPECT_EQ(e, golden + ": this golden is for another program: it records program " +
                         hex(elf_image_hash(corpus_elf(p[0]))) + ", the ELF " + elf + " (elf=) is program " +
                         hex(elf_image_hash(elf)));
        EXPECT_EQ(err.status, TM_ERR_ARG);
        Ledger l = read_ledger(lp);
        ASSERT_TRUE(l.ok) << l.error;
        EXPECT_EQ(verdict_of(l), "\"ERROR\" \"golden\" \"program\"");
    }
    // the same program under another configuration is the same program (the configuration is model='s to check)
    EXPECT_EQ(open_error(corpus_golden("tail_chain.tc"), "elf=" + elf_of("tail_chain")), "(opened)");
}

// The hash is the loaded image's: a byte of code changed, or the image moved, is another program; a copy of the
// file is the same one.
TEST(ProgramIdentity, TheHashFollowsTheLoadedImage)
{
    std::string hello = elf_of("hello");
    std::string copy = std::string(TM_BUILD_DIR) + "/tmp/ident_copy.elf";
    {
        std::ifstream in(hello, std::ios::binary);
        std::ofstream(copy, std::ios::binary) << in.rdbuf();
    }
    EXPECT_EQ(elf_image_hash(copy), elf_image_hash(hello));
    std::string moved = elf_with_segment_at(hello, "ident_moved.elf", 0x00001000);
    ASSERT_FALSE(moved.empty());
    EXPECT_NE(elf_image_hash(moved), elf_image_hash(hello));
    // one byte of the first segment's data flipped
    std::string bytes;
    {
        std::ifstream in(hello, std::ios::binary);
        bytes.assign((std::istreambuf_iterator<char>(in)), {});
    }
    uint32_t phoff, off;
    memcpy(&phoff, &bytes[28], 4);
    memcpy(&off, &bytes[phoff + 4], 4);  // the first program header's p_offset
    bytes[off + 0x40] ^= 1;
    std::string flipped = std::string(TM_BUILD_DIR) + "/tmp/ident_flipped.elf";
    std::ofstream(flipped, std::ios::binary) << bytes;
    EXPECT_NE(elf_image_hash(flipped), elf_image_hash(hello));
    EXPECT_NE(open_error(corpus_golden("hello"), "elf=" + flipped).find("this golden is for another program"),
              std::string::npos);
}

// A golden that records no identity is not checked, and the report says so once; a malformed one is an error.
TEST(ProgramIdentity, NoRecordIsANoteAndABadRecordAnError)
{
    std::string elf = elf_of("hello");
    struct {
        std::string golden, why;
    } notes[] = {
        { golden_path(), "plain text" },
        { gz_with_comment("none.gz", nullptr), "no gzip comment" },
        { gz_with_comment("other.gz", "made by something else"), "its gzip comment is not key=value,..." },
        { gz_with_comment("config_only.gz", "lr_reset=0xffffffff,num_irq=32"), "its record has no program= key" },
    };
    for (const auto &k : notes) {
        SCOPED_TRACE(k.golden);
        tm_error e{};
        tc_checker *c = tc_open(k.golden.c_str(), ("elf=" + elf).c_str(), &e);
        ASSERT_NE(c, nullptr) << e.msg;
        EXPECT_EQ(std::string(tc_report(c)), "note: golden " + k.golden + " records no program identity (" + k.why +
                                                 "): it is not checked against the ELF " + elf + " (elf=)\n");
        tc_close(c);
    }
    std::string bad = gz_with_comment("bad.gz", "num_irq=32,program=12345");
    EXPECT_EQ(open_error(bad, "elf=" + elf), bad + ": the golden's record gives program='12345', not 16 hex digits");
    // without an ELF there is nothing to check against, and nothing to say
    EXPECT_EQ(open_error(bad, ""), "(opened)");
}

// Live mode's golden_out records the program it ran, so that its replay with the ELF opens.
TEST(ProgramIdentity, GoldenOutRecordsTheProgram)
{
    std::vector<Call> calls;
    std::string err;
    ASSERT_TRUE(perfect_calls(corpus_golden("hello"), {}, calls, err)) << err;
    std::string out = std::string(TM_BUILD_DIR) + "/tmp/ident_" + std::to_string(getpid()) + "_out.tarmac.gz";
    RunResult live = run_calls("live:" + elf_of("hello"), "mtb=0,golden_out=" + out, calls);
    ASSERT_EQ(live.rc, TC_OK) << live.report.substr(0, 2000);
    RunResult replay = run_calls(out, "mtb=0,elf=" + elf_of("hello"), calls);
    EXPECT_EQ(replay.rc, TC_OK) << replay.report.substr(0, 2000);
    EXPECT_EQ(replay.report.find("note:"), std::string::npos) << replay.report.substr(0, 2000);
    EXPECT_NE(open_error(out, "elf=" + elf_of("sort")).find("this golden is for another program"), std::string::npos);
}

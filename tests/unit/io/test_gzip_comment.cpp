// The gzip header's comment: written by the output stream (tm_out_options.comment), read back at open by the
// reader (tm_reader_gzip_comment); plain text and a header without one give none; the lines are unchanged.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

extern "C" {
#include "tarmac/reader.h"
#include "tarmac/writer.h"
}

#include "../temp_dir.h"

namespace {

std::string tmp_path(const std::string &name)
{
    (void)!system(("mkdir -p " + std::string(TM_BUILD_DIR) + "/tmp").c_str());
    return std::string(TM_BUILD_DIR) + "/tmp/gzc_" + std::to_string(getpid()) + "_" + name;
}

const char kLines[] = "0 clk E 00000100 00000001 CoreEvent_RESET\n1 clk IT (1) 00000100 2016 T thread : movs r0, #22\n";

void write_trace(const std::string &path, int gzip, const char *comment, int threaded = 0)
{
    tm_out_options oo{ gzip, 0, threaded, comment, nullptr };
    tm_error e;
    tm_out *o = tm_out_open(path.c_str(), &oo, &e);
    ASSERT_NE(o, nullptr) << e.msg;
    ASSERT_EQ(tm_out_write(o, kLines, sizeof kLines - 1, &e), TM_OK);
    ASSERT_EQ(tm_out_close(o, &e), TM_OK) << e.msg;
}

std::string read_lines(tm_reader *r)
{
    std::string all;
    const char *line;
    size_t len;
    tm_error e;
    while (tm_reader_next_line(r, &line, &len, &e) == TM_OK) all += std::string(line, len) + "\n";
    return all;
}

}  // namespace

TEST(GzipComment, WrittenAndReadBackBeforeTheFirstLine)
{
    for (int threaded = 0; threaded < 2; threaded++) {
        std::string p = tmp_path("c" + std::to_string(threaded) + ".gz");
        write_trace(p, 1, "lr_reset=0x12345678,mtb=0", threaded);
        tm_error e;
        tm_reader *r = tm_reader_open(p.c_str(), nullptr, &e);
        ASSERT_NE(r, nullptr) << e.msg;
        ASSERT_NE(tm_reader_gzip_comment(r), nullptr);
        EXPECT_STREQ(tm_reader_gzip_comment(r), "lr_reset=0x12345678,mtb=0");
        EXPECT_EQ(read_lines(r), kLines);
        EXPECT_STREQ(tm_reader_gzip_comment(r), "lr_reset=0x12345678,mtb=0"); /* still there after the lines */
        tm_reader_close(r);
        unlink(p.c_str());
    }
}

TEST(GzipComment, OnlyTheHeaderChanges)
{
    // the same lines with and without a comment: the bytes differ only by the FLG bit and the comment itself
    std::string a = tmp_path("plainhdr.gz"), b = tmp_path("commented.gz");
    write_trace(a, 1, nullptr);
    write_trace(b, 1, "k=v");
    std::string x = slurp(a), y = slurp(b);
    ASSERT_EQ(y.size(), x.size() + 4);
    EXPECT_EQ(x[3], 0);
    EXPECT_EQ(y[3], 0x10);  // FCOMMENT
    EXPECT_EQ(y.substr(10, 4), std::string("k=v\0", 4));
    EXPECT_EQ(x.substr(4, 6), y.substr(4, 6));  // no time, same XFL and OS
    EXPECT_EQ(x.substr(10), y.substr(14));
    unlink(a.c_str());
    unlink(b.c_str());
}

TEST(GzipComment, NoneForPlainTextOrAHeaderWithout)
{
    std::string plain = tmp_path("plain.tarmac"), bare = tmp_path("bare.gz");
    write_trace(plain, 0, "ignored: plain text has no header");
    write_trace(bare, 1, nullptr);
    EXPECT_EQ(slurp(plain), kLines);
    for (const std::string &p : { plain, bare }) {
        tm_error e;
        tm_reader *r = tm_reader_open(p.c_str(), nullptr, &e);
        ASSERT_NE(r, nullptr) << e.msg;
        EXPECT_EQ(tm_reader_gzip_comment(r), nullptr) << p;
        EXPECT_EQ(read_lines(r), kLines);
        tm_reader_close(r);
        unlink(p.c_str());
    }
}

TEST(GzipComment, ALongCommentIsCutNotOverrun)
{
    std::string p = tmp_path("long.gz");
    std::string comment(TM_GZIP_COMMENT_MAX + 100, 'x');
    write_trace(p, 1, comment.c_str());
    tm_error e;
    tm_reader *r = tm_reader_open(p.c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr) << e.msg;
    ASSERT_NE(tm_reader_gzip_comment(r), nullptr);
    EXPECT_EQ(std::string(tm_reader_gzip_comment(r)), comment.substr(0, TM_GZIP_COMMENT_MAX - 1));
    EXPECT_EQ(read_lines(r), kLines);
    tm_reader_close(r);
    unlink(p.c_str());
}

TEST(GzipComment, CorruptHeaderFailsAtOpen)
{
    std::string p = tmp_path("badhdr.gz");
    write_trace(p, 1, "k=v");
    std::string bytes = slurp(p);
    bytes[2] = 9;  // compression method other than deflate
    std::ofstream(p, std::ios::binary) << bytes;
    tm_error e;
    tm_reader *r = tm_reader_open(p.c_str(), nullptr, &e);
    EXPECT_EQ(r, nullptr);
    EXPECT_EQ(e.status, TM_ERR_GZIP);
    EXPECT_NE(std::string(e.msg).find("corrupt gzip header"), std::string::npos) << e.msg;
    EXPECT_NE(std::string(e.file).find("badhdr.gz"), std::string::npos) << e.file;
    tm_reader_close(r);
    unlink(p.c_str());
}

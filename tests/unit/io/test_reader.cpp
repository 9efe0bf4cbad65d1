// The streaming reader over plain and gzip input, its line/offset tracking and its bad-input errors;
// the output stream written and read back.
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" {
#include "tarmac/parse.h"
#include "tarmac/reader.h"
#include "tarmac/writer.h"
}

namespace {

std::string tmp_path(const std::string &name)
{
    return std::string(TM_BUILD_DIR) + "/tmp/io_" + std::to_string(getpid()) + "_" + name;
}

void write_file(const std::string &path, const std::string &data)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    std::ofstream f(path, std::ios::binary);
    f << data;
}

std::string gzip(const std::string &data, int level = 6)
{
    z_stream z{};
    deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&z, data.size()) + 64, '\0');
    z.next_in = (Bytef *)data.data();
    z.avail_in = (uInt)data.size();
    z.next_out = (Bytef *)&out[0];
    z.avail_out = (uInt)out.size();
    EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

struct ReadAll {
    std::vector<std::string> lines;
    std::vector<uint64_t> offsets;
    int rc = 0;
    tm_error err{};
};

ReadAll read_all(const std::string &path, const tm_reader_options *opts = nullptr)
{
    ReadAll r;
    tm_reader *rd = tm_reader_open(path.c_str(), opts, &r.err);
    if (!rd) {
        r.rc = r.err.status;
        return r;
    }
    const char *line;
    size_t len;
    while ((r.rc = tm_reader_next_line(rd, &line, &len, &r.err)) == TM_OK) {
        r.lines.emplace_back(line, len);
        r.offsets.push_back(tm_reader_offset(rd));
        EXPECT_EQ(tm_reader_line(rd), r.lines.size());
    }
    tm_reader_close(rd);
    return r;
}

std::string numbered_lines(int n)
{
    std::string s;
    for (int i = 0; i < n; i++) s += std::to_string(i) + " clk R r0 " + std::to_string(10000000 + i) + "\n";
    return s;
}

}  // namespace

TEST(Reader, PlainAndGzipGiveTheSameLinesAndOffsets)
{
    std::string text = numbered_lines(300000);  // several inflate blocks
    write_file(tmp_path("a.txt"), text);
    write_file(tmp_path("a.gz"), gzip(text));
    for (int single : { 0, 1 }) {
        tm_reader_options o{};
        o.single_thread = single;
        ReadAll p = read_all(tmp_path("a.txt"), &o), g = read_all(tmp_path("a.gz"), &o);
        EXPECT_EQ(p.rc, TM_EOF);
        EXPECT_EQ(g.rc, TM_EOF) << g.err.msg;
        ASSERT_EQ(p.lines.size(), 300000u);
        EXPECT_EQ(p.lines, g.lines);
        EXPECT_EQ(p.offsets, g.offsets);
        EXPECT_EQ(p.lines[123456], "123456 clk R r0 10123456");
        // offsets point at the line starts in the uncompressed text
        EXPECT_EQ(text.compare(p.offsets[123456], 6, "123456"), 0);
    }
}

TEST(Reader, DetectsGzipByContentNotName)
{
    std::string text = "1 clk R r0 00000001\n";
    write_file(tmp_path("gz_named.txt"), gzip(text));
    write_file(tmp_path("plain_named.gz"), text);
    tm_error e{};
    tm_reader *r = tm_reader_open(tmp_path("gz_named.txt").c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr);
    EXPECT_TRUE(tm_reader_is_gzip(r));
    tm_reader_close(r);
    EXPECT_EQ(read_all(tmp_path("gz_named.txt")).lines, std::vector<std::string>{ "1 clk R r0 00000001" });
    EXPECT_EQ(read_all(tmp_path("plain_named.gz")).lines, std::vector<std::string>{ "1 clk R r0 00000001" });
}

TEST(Reader, MultiMemberGzipCrlfAndMissingFinalNewline)
{
    write_file(tmp_path("mm.gz"), gzip("a\r\nb\n") + gzip("c\nd"));
    ReadAll r = read_all(tmp_path("mm.gz"));
    EXPECT_EQ(r.rc, TM_EOF) << r.err.msg;
    EXPECT_EQ(r.lines, (std::vector<std::string>{ "a", "b", "c", "d" }));
}

TEST(Reader, TruncatedGzipIsAnErrorWithLine)
{
    std::string z = gzip(numbered_lines(20000));
    write_file(tmp_path("trunc.gz"), z.substr(0, z.size() / 2));
    ReadAll r = read_all(tmp_path("trunc.gz"));
    EXPECT_EQ(r.rc, TM_ERR_GZIP);
    EXPECT_NE(std::strstr(r.err.msg, "truncated"), nullptr) << r.err.msg;
    EXPECT_GT(r.err.line, 0u);
    EXPECT_NE(std::strstr(r.err.file, "trunc.gz"), nullptr);
    char buf[600];
    EXPECT_NE(std::strstr(tm_error_format(&r.err, buf, sizeof buf), "trunc.gz:"), nullptr);
}

TEST(Reader, CorruptCrcAndLengthAreErrors)
{
    std::string z = gzip(numbered_lines(100));
    std::string bad_crc = z;
    bad_crc[bad_crc.size() - 8] ^= 0x55;  // CRC32 in the trailer
    write_file(tmp_path("crc.gz"), bad_crc);
    ReadAll r = read_all(tmp_path("crc.gz"));
    EXPECT_EQ(r.rc, TM_ERR_GZIP);
    EXPECT_NE(std::strstr(r.err.msg, "corrupt"), nullptr) << r.err.msg;
    std::string bad_len = z;
    bad_len[bad_len.size() - 2] ^= 0x01;  // ISIZE in the trailer
    write_file(tmp_path("len.gz"), bad_len);
    EXPECT_EQ(read_all(tmp_path("len.gz")).rc, TM_ERR_GZIP);
    std::string bad_data = z;
    bad_data[z.size() / 2] ^= 0xff;
    write_file(tmp_path("data.gz"), bad_data);
    EXPECT_EQ(read_all(tmp_path("data.gz")).rc, TM_ERR_GZIP);
}

TEST(Reader, TrailingGarbageAfterGzip)
{
    write_file(tmp_path("garb.gz"), gzip("a\n") + "xyz");
    ReadAll r = read_all(tmp_path("garb.gz"));
    EXPECT_EQ(r.rc, TM_ERR_GZIP);
    EXPECT_NE(std::strstr(r.err.msg, "trailing garbage"), nullptr);
}

TEST(Reader, BinaryGarbageIsRejectedWithColumn)
{
    write_file(tmp_path("bin.txt"), std::string("1 clk R r0 00000000\n12\0\x01\x02zz\n", 27));
    ReadAll r = read_all(tmp_path("bin.txt"));
    EXPECT_EQ(r.rc, TM_ERR_LINE);
    EXPECT_EQ(r.err.line, 2u);
    EXPECT_EQ(r.err.column, 3u);
    EXPECT_NE(std::strstr(r.err.msg, "binary"), nullptr);
}

TEST(Reader, EmptyFileIsEof)
{
    write_file(tmp_path("empty.txt"), "");
    ReadAll r = read_all(tmp_path("empty.txt"));
    EXPECT_EQ(r.rc, TM_EOF);
    EXPECT_TRUE(r.lines.empty());
}

TEST(Reader, LineLimit)
{
    tm_reader_options o{};
    o.line_max = 65536;
    std::string ok(65536, 'x'), too_long(65537, 'y');
    write_file(tmp_path("long.txt"), "a\n" + ok + "\n" + too_long + "\nb\n");
    ReadAll r = read_all(tmp_path("long.txt"), &o);
    EXPECT_EQ(r.rc, TM_ERR_LINE);
    ASSERT_EQ(r.lines.size(), 2u);
    EXPECT_EQ(r.lines[1].size(), 65536u);
    EXPECT_EQ(r.err.line, 3u);
    EXPECT_NE(std::strstr(r.err.msg, "longer than the limit of 65536"), nullptr) << r.err.msg;
    // the same limit on gzip input
    write_file(tmp_path("long.gz"), gzip("a\n" + too_long + "\n"));
    EXPECT_EQ(read_all(tmp_path("long.gz"), &o).rc, TM_ERR_LINE);
}

TEST(Reader, MissingFileAndDirectory)
{
    tm_error e{};
    EXPECT_EQ(tm_reader_open("/nonexistent/x.gz", nullptr, &e), nullptr);
    EXPECT_EQ(e.status, TM_ERR_IO);
    EXPECT_NE(std::strstr(e.msg, "cannot open"), nullptr);
    EXPECT_EQ(tm_reader_open("/", nullptr, &e), nullptr);
    EXPECT_NE(std::strstr(e.msg, "directory"), nullptr);
}

TEST(Reader, RecordsSkipBlankAndCommentsAndReportParseErrors)
{
    write_file(tmp_path("recs.txt"), "# header\n\n1 clk R r0 00000001\n2 clk ZZ 1\n3 clk R r1 00000002\n");
    tm_error e{};
    tm_reader *r = tm_reader_open(tmp_path("recs.txt").c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr);
    tm_record rec;
    ASSERT_EQ(tm_reader_next(r, &rec, &e), TM_OK);
    EXPECT_EQ(rec.kind, TM_REC_REG);
    EXPECT_EQ(tm_reader_line(r), 3u);
    EXPECT_EQ(tm_reader_next(r, &rec, &e), TM_ERR_PARSE);
    EXPECT_EQ(e.line, 4u);
    EXPECT_EQ(e.column, 7u);
    char buf[600];
    std::string msg = tm_error_format(&e, buf, sizeof buf);
    EXPECT_NE(msg.find("recs.txt:4:7: unknown record kind 'ZZ'"), std::string::npos) << msg;
    tm_reader_close(r);

    tm_reader_options o{};
    o.lenient = 1;
    r = tm_reader_open(tmp_path("recs.txt").c_str(), &o, &e);
    int n = 0;
    while (tm_reader_next(r, &rec, &e) == TM_OK) n++;
    EXPECT_EQ(n, 2);
    EXPECT_EQ(tm_reader_skipped(r), 1u);
    tm_reader_close(r);
}

TEST(Reader, StdinPipe)
{
    std::string path = tmp_path("stdin.gz");
    write_file(path, gzip("1 clk R r0 00000001\n2 clk R r1 00000002\n"));
    // Run a child that reads "-" with stdin redirected: use the reader in-process on a dup'ed fd.
    int saved = dup(0);
    FILE *f = fopen(path.c_str(), "rb");
    ASSERT_NE(f, nullptr);
    dup2(fileno(f), 0);
    ReadAll r = read_all("-");
    dup2(saved, 0);
    close(saved);
    fclose(f);
    EXPECT_EQ(r.rc, TM_EOF) << r.err.msg;
    EXPECT_EQ(r.lines.size(), 2u);
}

TEST(Out, GzipThreadedAndPlainRoundTripAndDeterminism)
{
    std::string text = numbered_lines(200000);
    for (int threaded : { 0, 1 }) {
        for (const char *name : { "o.txt", "o.gz" }) {
            std::string path = tmp_path(std::to_string(threaded) + name);
            tm_out_options oo{};
            oo.gzip = -1;
            oo.threaded = threaded;
            tm_error e{};
            tm_out *o = tm_out_open(path.c_str(), &oo, &e);
            ASSERT_NE(o, nullptr) << e.msg;
            // write half as raw bytes, half as parsed-and-formatted records
            size_t half = text.find('\n', text.size() / 2) + 1;
            ASSERT_EQ(tm_out_write(o, text.data(), half, &e), TM_OK);
            {
                std::istringstream is(text.substr(half));
                std::string l;
                while (std::getline(is, l)) {
                    tm_record rec;
                    ASSERT_EQ(tm_parse_line(l.data(), l.size(), &rec, &e), TM_OK);
                    ASSERT_EQ(tm_out_record(o, &rec, TM_DIALECT_FASTMODELS, &e), TM_OK);
                }
            }
            ASSERT_EQ(tm_out_close(o, &e), TM_OK);
            ReadAll back = read_all(path);
            EXPECT_EQ(back.rc, TM_EOF);
            std::string joined;
            for (auto &l : back.lines) joined += l + "\n";
            EXPECT_EQ(joined, text);
        }
    }
    // threaded and single-threaded gzip output are byte-identical
    std::ifstream a(tmp_path("0o.gz"), std::ios::binary), b(tmp_path("1o.gz"), std::ios::binary);
    std::string sa((std::istreambuf_iterator<char>(a)), {}), sb((std::istreambuf_iterator<char>(b)), {});
    EXPECT_FALSE(sa.empty());
    EXPECT_EQ(sa, sb);
}

TEST(Out, UnwritablePathIsAnError)
{
    tm_error e{};
    EXPECT_EQ(tm_out_open("/nonexistent/dir/x.gz", nullptr, &e), nullptr);
    EXPECT_EQ(e.status, TM_ERR_IO);
    EXPECT_NE(std::strstr(e.msg, "cannot create"), nullptr);
}

// An ES continuation line (no time, no keyword) takes the direction of the LD/ST line before it; the reader
// carries that from line to line, across a block boundary of gzip input too.
TEST(Reader, EsContinuationTakesTheDirectionOfTheLineBefore)
{
    std::string text = "Tarmac Text Rev 3t\n"
                       "      5 tic ES  (00000200:c878) T thrd_s:  LDM r0!,{r3-r6}\n"
                       "                LD 00003020 ........ 0000aa01 0000aa02 0000aa03   S:00003020  NM NSH\n"
                       "                   00003010 0000aa04 ........ ........ ........   S:00003010  NM NSH\n"
                       "      6 tic ES  (00000202:c018) T thrd_s:  STM r0!,{r3,r4}\n"
                       "                ST 00003030 ........ ........ 0000bb02 0000bb01   S:00003030  NM NSH\n"
                       "                   00003040 ........ ........ ........ 0000bb03   S:00003040  NM NSH\n";
    std::string path = tmp_path("es_cont.gz");
    write_file(path, gzip(text));
    tm_error e{};
    tm_reader *r = tm_reader_open(path.c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr) << e.msg;
    tm_record rec;
    std::vector<int> dirs;
    while (tm_reader_next(r, &rec, &e) == TM_OK)
        if (rec.kind == TM_REC_LDST) dirs.push_back(rec.u.ldst.write * 10 + rec.u.ldst.continuation);
    tm_reader_close(r);
    EXPECT_EQ(dirs, (std::vector<int>{ 0, 1, 10, 11 }));
    // a continuation with nothing before it is an error with file:line:column
    std::string bad = tmp_path("es_cont_bad.txt");
    write_file(bad, "      00003010 0000aa04 ........ ........ ........   S:00003010  NM NSH\n");
    r = tm_reader_open(bad.c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(tm_reader_next(r, &rec, &e), TM_ERR_PARSE);
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.column, 7u);
    EXPECT_NE(std::string(e.msg).find("no LD or ST line came before"), std::string::npos) << e.msg;
    tm_reader_close(r);
}

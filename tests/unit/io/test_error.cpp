// tm_error_set / tm_error_vset, the one way the trace library and the checker fill a tm_error: status returned,
// every field set from scratch, file and message cut to their fields, NULL err allowed.
#include <gtest/gtest.h>

#include <cstdarg>
#include <cstring>
#include <string>

extern "C" {
#include "tarmac/error.h"
}

namespace {

int vset(tm_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = tm_error_vset(err, TM_ERR_FORMAT, "a.elf", 0, fmt, ap);
    va_end(ap);
    return rc;
}

TEST(Error, SetFillsEveryFieldAndReturnsTheStatus)
{
    tm_error err;
    std::memset(&err, 0x5a, sizeof err); // what a previous error left
    EXPECT_EQ(tm_error_set(&err, TM_ERR_LINE, "trace.tarmac.gz", 12, "line longer than the limit of %u bytes", 64u),
              TM_ERR_LINE);
    EXPECT_EQ(err.status, TM_ERR_LINE);
    EXPECT_EQ(err.line, 12u);
    EXPECT_EQ(err.column, 0u);
    EXPECT_EQ(err.offset, 0u);
    EXPECT_STREQ(err.file, "trace.tarmac.gz");
    EXPECT_STREQ(err.msg, "line longer than the limit of 64 bytes");
    char buf[300];
    EXPECT_STREQ(tm_error_format(&err, buf, sizeof buf), "trace.tarmac.gz:12: line longer than the limit of 64 bytes");

    EXPECT_EQ(tm_error_set(&err, TM_ERR_IO, nullptr, 0, "out of memory"), TM_ERR_IO);
    EXPECT_STREQ(err.file, "");
    EXPECT_EQ(err.line, 0u);
    EXPECT_STREQ(tm_error_format(&err, buf, sizeof buf), "out of memory");
}

TEST(Error, NullErrorOnlyReturnsTheStatus)
{
    EXPECT_EQ(tm_error_set(nullptr, TM_ERR_ARG, "x", 1, "bad %s", "value"), TM_ERR_ARG);
    EXPECT_EQ(tm_error_vset(nullptr, TM_ERR_GZIP, nullptr, 0, "corrupt", nullptr), TM_ERR_GZIP);
}

TEST(Error, LongFileAndMessageAreCutToTheirFields)
{
    tm_error err;
    std::string file(400, 'f'), word(400, 'w');
    tm_error_set(&err, TM_ERR_PARSE, file.c_str(), 3, "expected %s", word.c_str());
    EXPECT_EQ(std::strlen(err.file), sizeof err.file - 1);
    EXPECT_EQ(std::strlen(err.msg), sizeof err.msg - 1);
    EXPECT_EQ(std::string(err.msg).substr(0, 10), "expected w");
}

// A cut never passes for the whole: a long path keeps its end (the file's name) after "...", a long message and
// a formatted error that does not fit end with "...".
TEST(Error, ACutShows)
{
    tm_error err;
    std::string dir(600, 'd'), file = "/" + dir + "/golden.tarmac.gz", word(400, 'w');
    tm_error_set(&err, TM_ERR_IO, file.c_str(), 0, "cannot open: %s", word.c_str());
    std::string f = err.file, m = err.msg;
    EXPECT_EQ(f.substr(0, 3), "...");
    EXPECT_EQ(f.substr(f.size() - 17), "/golden.tarmac.gz");
    EXPECT_EQ(f.size(), sizeof err.file - 1);
    EXPECT_EQ(m.substr(m.size() - 6), "www...");
    char buf[64];
    std::string text = tm_error_format(&err, buf, sizeof buf);
    EXPECT_EQ(text.size(), sizeof buf - 1);
    EXPECT_EQ(text.substr(text.size() - 3), "...");
    tm_error_file(&err, "short.gz");
    EXPECT_STREQ(err.file, "short.gz");
    tm_error_file(&err, nullptr);
    EXPECT_STREQ(err.file, "");
    // exactly the field's size: whole, no "..."
    std::string fits(sizeof err.file - 1, 'x');
    tm_error_file(&err, fits.c_str());
    EXPECT_EQ(std::string(err.file), fits);
}

TEST(Error, VsetTakesTheCallersArguments)
{
    tm_error err;
    EXPECT_EQ(vset(&err, "segment %u: %u bytes", 2u, 96u), TM_ERR_FORMAT);
    EXPECT_STREQ(err.msg, "segment 2: 96 bytes");
    EXPECT_STREQ(err.file, "a.elf");
}

} // namespace

// Helpers for the parser tests: parse a literal line, compare slices with strings.
#pragma once
#include <gtest/gtest.h>

#include <string>

extern "C" {
#include "tarmac/parse.h"
#include "tarmac/writer.h"
}

inline std::string S(tm_str s) { return s.n ? std::string(s.p, s.n) : std::string(); }

// Owns the line so that the record's slices stay valid.
struct Parsed {
    std::string line;
    tm_record rec{};
    tm_error err{};
    int rc = 0;
    explicit Parsed(const std::string &l) : line(l) { rc = tm_parse_line(line.data(), line.size(), &rec, &err); }
};

#define EXPECT_PARSES(p) ASSERT_EQ((p).rc, TM_OK) << (p).line << " -> col " << (p).err.column << ": " << (p).err.msg

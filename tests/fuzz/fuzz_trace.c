/* Fuzz target for the parser, the writer and the reader (libFuzzer entry point; also linked into a
 * replay driver built with gcc so the corpus runs in `make test`).
 * Invariants checked: no crash; every record the parser accepts (records glued onto one line included, with
 * the state the lines before give) formats in every dialect, and its Fast Models line parses back, with the same
 * state, to the same record (tm_record_equal): parse -> format -> parse is the identity. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tarmac/parse.h"
#include "tarmac/reader.h"
#include "tarmac/writer.h"

static void fail(const char *what, const char *line, size_t len, const char *formatted)
{
    fprintf(stderr, "%s:\n  input     '%.*s'\n  formatted '%s'\n", what, (int)len, line, formatted);
    abort();
}

/* rec was parsed from line with state before: its line formats and parses back to it. */
static void check_record(const tm_record *rec, const tm_parse_state *before, const char *line, size_t len)
{
    static char a[1 << 17];
    for (int d = 0; d < TM_DIALECT_COUNT; d++)
        if (tm_format(rec, (tm_dialect)d, a, sizeof a) < 0) fail("record does not format", line, len, "");
    int n = tm_format(rec, TM_DIALECT_FASTMODELS, a, sizeof a);
    tm_parse_state st = *before;
    tm_record again;
    tm_error err;
    if (tm_parse_line_in(&st, a, (size_t)n, &again, &err) != TM_OK) {
        fprintf(stderr, "col %u: %s\n", err.column, err.msg);
        fail("formatted line does not parse", line, len, a);
    }
    if (st.more) fail("formatted line holds two records", line, len, a);
    if (!tm_record_equal(rec, &again)) fail("parse -> format -> parse changed the record", line, len, a);
}

/* Every record of every line, the state carried from line to line as a reader carries it. */
static void check_lines(const char *p, const char *end)
{
    tm_parse_state st = { 0 };
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (!memchr(p, '\0', len)) {
            tm_parse_state before = st;
            tm_record rec;
            tm_error err;
            int rc = tm_parse_line_in(&st, p, len, &rec, &err);
            while (rc == TM_OK) {
                if (rec.kind != TM_REC_NONE) check_record(&rec, &before, p, len);
                if (!st.more) break;
                before = st;
                before.more = 0;
                rc = tm_parse_more_in(&st, p, len, &rec, &err);
            }
            if (rc != TM_OK) st.more = 0;
        }
        p += len + 1;
    }
}

/* Run the reader over the bytes as a file: plain or gzip, any content. */
static void check_reader(const uint8_t *data, size_t size)
{
    char path[] = "/tmp/fuzz_trace_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return;
    if (write(fd, data, size) != (ssize_t)size) {
        close(fd);
        unlink(path);
        return;
    }
    close(fd);
    tm_reader_options o = { 0 };
    o.line_max = 4096;
    o.lenient = 1;
    tm_error err;
    tm_reader *r = tm_reader_open(path, &o, &err);
    if (r) {
        tm_record rec;
        while (tm_reader_next(r, &rec, &err) == TM_OK) {
        }
        tm_reader_close(r);
    }
    unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_lines((const char *)data, (const char *)data + size);
    check_reader(data, size);
    return 0;
}

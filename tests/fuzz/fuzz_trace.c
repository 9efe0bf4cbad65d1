/* Fuzz target for the parser, the writer and the reader (libFuzzer entry point; also linked into a
 * replay driver built with gcc so the corpus runs in `make test`).
 * Invariants checked: no crash; every parsed record formats in every dialect, the Fast Models text
 * re-parses, and formatting the re-parsed record gives the same text again. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tarmac/parse.h"
#include "tarmac/reader.h"
#include "tarmac/writer.h"

static void check_line(const char *line, size_t len)
{
    tm_record rec, again;
    tm_error err;
    if (tm_parse_line(line, len, &rec, &err) != TM_OK || rec.kind == TM_REC_NONE) return;
    static char a[1 << 17], b[1 << 17];
    for (int d = 0; d < TM_DIALECT_COUNT; d++) {
        int n = tm_format(&rec, (tm_dialect)d, a, sizeof a);
        if (n < 0) abort();
        if (d != TM_DIALECT_FASTMODELS) continue;
        if (tm_parse_line(a, (size_t)n, &again, &err) != TM_OK) {
            fprintf(stderr, "formatted line does not parse: '%s': col %u %s\n", a, err.column, err.msg);
            abort();
        }
        int m = tm_format(&again, (tm_dialect)d, b, sizeof b);
        if (m != n || memcmp(a, b, (size_t)n) != 0) {
            fprintf(stderr, "format is not stable:\n  '%s'\n  '%s'\n", a, b);
            abort();
        }
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
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (!memchr(p, '\0', len)) check_line(p, len);
        p += len + 1;
    }
    check_reader(data, size);
    return 0;
}

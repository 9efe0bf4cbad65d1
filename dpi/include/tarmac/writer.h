/* Writer: record -> line in a dialect; and a buffered output stream (plain or gzip,
 * optionally compressing on a second thread) for producers such as the golden model. */
#ifndef TARMAC_WRITER_H
#define TARMAC_WRITER_H

#include <stddef.h>

#include "tarmac/error.h"
#include "tarmac/record.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tm_dialect {
    TM_DIALECT_FASTMODELS = 0,  /* "<t> clk {cpu} IT (<id>) <addr> <op> T <mode> : <disasm>" */
    TM_DIALECT_CORTEXM,         /* "<t> ns IT (<tag>) <addr> <op> T16 <disasm>", "R r0 ..." */
    TM_DIALECT_QEMU4V,          /* Fast Models with a bare-number cpu */
    TM_DIALECT_FVP,             /* lines as an M-profile FVP writes them: formatted as fastmodels; a producer
                                 * also writes FVP's status lines and paired SP writes (model/trace.c) */
    TM_DIALECT_COUNT
} tm_dialect;

/* Name <-> dialect ("fastmodels", "cortexm", "qemu4v", "fvp"). Returns -1 for an unknown name. */
int tm_dialect_from_name(const char *name);
const char *tm_dialect_name(tm_dialect d);

/* Format rec as one line (no newline) into buf. Returns the length, or -1 when it does
 * not fit (buf is then NUL-terminated but truncated). No allocation. */
int tm_format(const tm_record *rec, tm_dialect d, char *buf, size_t size);

typedef struct tm_out tm_out;

typedef struct tm_out_options {
    int gzip;       /* -1 = from the file name (.gz), 0 = plain, 1 = gzip */
    int level;      /* zlib level, 0 = default (1: fastest) */
    int threaded;   /* compress on a second thread */
    const char *comment; /* NULL, or text for the gzip header's comment field (FCOMMENT: no NUL inside; a
                          * producer records how the trace was made, e.g. the model's configuration). Gzip output
                          * only: plain output has no header, and the comment is not written anywhere. */
    const char *const *inputs; /* NULL, or the NULL-terminated paths the producer reads: path may be none of them */
} tm_out_options;

/* Open path for writing ("-" = stdout), as an outfile.h output: written to a temporary file renamed over path at
 * tm_out_close, path refused when it is one of opts->inputs, a FIFO or device written in place. opts may be NULL.
 * NULL with err filled (path, why) on failure. */
tm_out *tm_out_open(const char *path, const tm_out_options *opts, tm_error *err);
/* Write rec as a line in dialect d (newline appended). */
int tm_out_record(tm_out *o, const tm_record *rec, tm_dialect d, tm_error *err);
/* Write raw bytes (already formatted lines). */
int tm_out_write(tm_out *o, const char *data, size_t len, tm_error *err);
/* Flush, finish the gzip stream, close and put the file in place. Returns TM_OK, or the first error (a write,
 * deflate, the close or the rename) with path untouched. Always frees o. */
int tm_out_close(tm_out *o, tm_error *err);

#ifdef __cplusplus
}
#endif
#endif

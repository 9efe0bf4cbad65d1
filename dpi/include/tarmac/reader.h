/* Streaming line reader: plain text, gzip (detected by content), or "-" for stdin.
 * Reads in large blocks, never the whole file; tracks line number and byte offset. */
#ifndef TARMAC_READER_H
#define TARMAC_READER_H

#include <stddef.h>
#include <stdint.h>

#include "tarmac/error.h"
#include "tarmac/input.h"
#include "tarmac/record.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TM_LINE_MAX_DEFAULT (1u << 20)  /* 1 MiB; the limit is >= 64 KiB */

typedef struct tm_reader tm_reader;

typedef struct tm_reader_options {
    uint32_t line_max;     /* 0 = TM_LINE_MAX_DEFAULT */
    int single_thread;     /* inflate on the caller's thread (default: a second thread for gzip input) */
    int lenient;           /* count and skip unparsable lines instead of failing */
    uint32_t fifo_wait_ms; /* a FIFO may take this long to give its first byte; 0 = TM_FIFO_WAIT_DEFAULT_MS */
    unsigned profile;      /* TM_PROFILE_* (regs.h) declared (tm_parse_state.profile); 0: any Arm profile */
} tm_reader_options;

/* Open path ("-" = stdin). Returns NULL and fills err on failure. opts may be NULL.
 * Opened as tm_input_open does (input.h): a regular file, or a FIFO (a named pipe, /dev/fd/<n> of a pipe): opening a FIFO never blocks, and one that gives
 * no byte (no writer) within fifo_wait_ms fails with TM_ERR_IO saying so; a writer that closes without writing is
 * an empty input. Directories, character and block devices and sockets fail (TM_ERR_IO) naming what they are. */
tm_reader *tm_reader_open(const char *path, const tm_reader_options *opts, tm_error *err);
void tm_reader_close(tm_reader *r);

/* Next line without its terminator (\n or \r\n). Returns TM_OK, TM_EOF or an error
 * (err filled with file:line). The line stays valid until the next call. */
int tm_reader_next_line(tm_reader *r, const char **line, size_t *len, tm_error *err);

/* Next record, skipping blank and comment lines; every record of a line that holds several (records glued
 * together, tm_parse_more_in), one per call. Parse errors carry file:line:column; in lenient mode unparsable
 * lines are counted (tm_reader_skipped) and skipped. */
int tm_reader_next(tm_reader *r, tm_record *rec, tm_error *err);

uint64_t tm_reader_line(const tm_reader *r);        /* line number of the last line returned */
uint64_t tm_reader_offset(const tm_reader *r);      /* byte offset of that line's start */
/* The text of the line the last record came from, without its terminator (*len: its length; "" before the
 * first): valid until the next call, for the column of a field a caller finds wrong in a record. */
const char *tm_reader_line_text(const tm_reader *r, size_t *len);
uint64_t tm_reader_skipped(const tm_reader *r);     /* lines skipped in lenient mode */
const char *tm_reader_path(const tm_reader *r);
int tm_reader_is_gzip(const tm_reader *r);
uint64_t tm_reader_compressed_offset(const tm_reader *r); /* bytes consumed from the file (progress) */
uint64_t tm_reader_file_size(const tm_reader *r);         /* size of the file, 0 when unknown (stdin, pipe) */

/* Whether the gzip member that holds line `line` (1-based) is intact. The reader hands out a member's lines as
 * they inflate and checks the member's CRC-32 and length only at its end, so a line may come from a member that
 * turns out damaged; this reads the file a second time, from its start to the end of that member, and checks.
 * TM_OK when intact (also for plain text, stdin and other inputs that cannot be read twice: nothing to check);
 * *through (when not NULL): the lines up to that member's end, all known intact (0 when nothing was checked).
 * TM_ERR_GZIP (corrupt or truncated: err says which, with the file) or TM_ERR_IO. It touches no state the reader
 * changes: it may run on another thread than the reader's. */
int tm_reader_check_member(const tm_reader *r, uint64_t line, uint64_t *through, tm_error *err);

#define TM_GZIP_COMMENT_MAX 4096 /* longer gzip comments are cut to TM_GZIP_COMMENT_MAX - 1 bytes */
/* The comment field of a gzip input's header (of its first member), read at open: how the producer made the
 * trace (the model records its configuration there, model/config.h). NULL for plain text input and for a
 * header without one. Valid until tm_reader_close. */
const char *tm_reader_gzip_comment(const tm_reader *r);

#ifdef __cplusplus
}
#endif
#endif

/* Shared by the reader (reader.c) and its parse-ahead thread (reader_ahead.c). */
#ifndef TARMAC_READER_INTERNAL_H
#define TARMAC_READER_INTERNAL_H

#include "tarmac/reader.h"

/* Parse the line r returned last (line, len: a copy of it is fine). TM_OK with rec->kind TM_REC_NONE for
 * blank and comment lines and, in lenient mode, for unparsable lines (counted); else the parse error with
 * file:line:column. */
int tm_reader_parse(tm_reader *r, const char *line, size_t len, tm_record *rec, tm_error *err);
uint32_t tm_reader_line_max(const tm_reader *r);

/* Parse-ahead: a thread reads and parses the records of `inner` (a reader owned from now on)
 * in batches; the caller takes them in order. */
typedef struct tm_ahead tm_ahead;
tm_ahead *tm_ahead_start(tm_reader *inner); /* NULL when no thread could be started (inner not taken) */
void tm_ahead_stop(tm_ahead *a);            /* joins the thread, closes inner */

typedef struct tm_ahead_pos {
    uint64_t line, offset;    /* of the record returned */
    uint64_t skipped;         /* lines skipped so far (lenient mode; counted per batch) */
    uint64_t raw_total;       /* input bytes consumed so far (progress) */
} tm_ahead_pos;
/* Next record: TM_OK, TM_EOF or an error, in the order a plain reader gives them. The record stays valid until
 * the next call. */
int tm_ahead_next(tm_ahead *a, tm_record *rec, tm_ahead_pos *pos, tm_error *err);

#endif

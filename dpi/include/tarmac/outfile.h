/* Output files written whole or not at all. Every file the project writes for a user (a golden trace, the
 * checker's report, coverage and golden_out, tarmac-cov's outputs, a waveform) goes through here, so that:
 *  - a reader, a killed writer or a second writer of the same path never leaves or sees a part: the bytes go to a
 *    temporary file in the same directory, renamed over the path once complete (the last complete one wins);
 *  - an output that is the same file as an input is refused before anything is written;
 *  - every failure to create, write or rename is an error naming the path and the reason (ENOSPC, EFBIG, EACCES).
 * A writer killed before tm_outfile_commit leaves its temporary file (".<name>.<pid>.<n>.tmp") behind, never a
 * partial output. */
#ifndef TARMAC_OUTFILE_H
#define TARMAC_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

#include "tarmac/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tm_outfile tm_outfile;

/* Whether paths a and b name the same file: the same device and inode when both exist (so also through symlinks
 * and hard links), else the same directory (resolved) and name. 0 when either is NULL. */
int tm_same_file(const char *a, const char *b);

/* The checks tm_outfile_open makes before creating anything, for a writer that writes later (the checker checks
 * its report and coverage files at open, and writes them at a mismatch or at the end): path is not "" nor a
 * directory, is none of inputs (NULL, or a NULL-terminated list of paths the writer reads; tm_same_file), and can
 * be created: its directory exists and may be written. Returns TM_OK; TM_ERR_ARG naming path and the input it
 * is; TM_ERR_IO naming path and why it cannot be created. "-" (stdout) passes. */
int tm_outfile_check(const char *path, const char *const *inputs, tm_error *err);

/* Start writing path (tm_outfile_check first). A regular file, or a path that does not exist yet, is written to
 * a temporary file in its directory that tm_outfile_commit renames over it; a symlink is followed (its target is
 * replaced, the link stays); an existing file's permission bits carry over to the new one. "-" is stdout, and an
 * existing FIFO, character device or socket (a pipe /dev/fd/<n>, /dev/null, /dev/full) is written in place: these
 * cannot be replaced, and the reader on the other end sees what is written as it is written (a FIFO with no reader
 * is an error at once, not an open that waits forever). NULL with err filled on failure. */
tm_outfile *tm_outfile_open(const char *path, const char *const *inputs, tm_error *err);

/* The descriptor the bytes go to (for a writer that writes itself; tm_outfile_write does it all). */
int tm_outfile_fd(const tm_outfile *f);
/* The path as given, for messages. */
const char *tm_outfile_path(const tm_outfile *f);
/* The file being written: the temporary file's path, or path itself when written in place. For a writer that
 * opens the file by name (Verilator's FST writer); it is replaced at commit like the rest. */
const char *tm_outfile_writing(const tm_outfile *f);

/* Write all of data (short writes and EINTR retried). TM_OK, or TM_ERR_IO naming the path and the reason (the
 * first error is kept: tm_outfile_commit reports it again and keeps path untouched). */
int tm_outfile_write(tm_outfile *f, const void *data, size_t len, tm_error *err);

/* A stdio stream over the descriptor, made at the first call (NULL with err filled when it cannot be), for
 * writers that use fprintf; tm_outfile_commit flushes it and checks it for errors. Use the stream or
 * tm_outfile_write, not both. */
FILE *tm_outfile_stream(tm_outfile *f, tm_error *err);

/* Finish: flush and close, then rename the temporary file over path. TM_OK, or TM_ERR_IO naming the path and the
 * first error (a write, the flush, the close or the rename), with the temporary file removed and path untouched.
 * Always frees f; NULL returns TM_OK. */
int tm_outfile_commit(tm_outfile *f, tm_error *err);
/* Abandon: close and remove the temporary file, path untouched. Frees f; NULL is a no-op. */
void tm_outfile_discard(tm_outfile *f);

/* The whole of data to path: tm_outfile_open, tm_outfile_write, tm_outfile_commit. */
int tm_outfile_put(const char *path, const char *const *inputs, const void *data, size_t len, tm_error *err);

#ifdef __cplusplus
}
#endif
#endif

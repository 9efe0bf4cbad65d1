/* Every file a tool, the checker, the model or a testbench reads, opened one guarded way: a regular file or a
 * FIFO (a named pipe, /dev/fd/<n> of a pipe), never a device, a socket or a directory; a FIFO waited for a
 * bounded time, never forever (opening one without a writer would block); read with a size limit, never without
 * end (a FIFO fed from /dev/zero). The golden reader (reader.h), the ELF reader (elf.h: the model's loader, the
 * testbenches' loader, symbolized reports), mtb-decode and tarmac-cov use it. */
#ifndef TARMAC_INPUT_H
#define TARMAC_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "tarmac/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TM_FIFO_WAIT_DEFAULT_MS 10000u

/* Open path for reading without blocking in open: a FIFO is waited for until it gives its first byte or its
 * writer closes (then it is an empty input), at most wait_ms (0: TM_FIFO_WAIT_DEFAULT_MS). Returns a blocking
 * descriptor (the caller closes it), or -1 with err (TM_ERR_IO, the path as its file) saying "cannot open:
 * <reason>", "is a FIFO that gave no data within <s> s (no writer?)" or "is <a directory, a character device, a
 * block device, a socket>, not <what>" (what: the kind of input the caller wants, e.g. "a trace file"). */
int tm_input_open(const char *path, uint32_t wait_ms, const char *what, tm_error *err);

/* The whole of path, opened as tm_input_open does, at most max bytes: *data (malloc'd, the caller frees it; not
 * NUL-terminated) and *size. TM_OK; or TM_ERR_IO with err as tm_input_open's, or "is larger than the limit of
 * <max> bytes for <what>" (a regular file at once by its size, a FIFO as soon as it gives more), or a read error;
 * *data is NULL then. */
int tm_input_read_all(const char *path, uint64_t max, uint32_t wait_ms, const char *what, unsigned char **data,
                      size_t *size, tm_error *err);

#ifdef __cplusplus
}
#endif
#endif

/* Inputs opened and read with the guards every reader shares (input.h). */
#include "tarmac/input.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a path that is no input file is, or NULL: an input is a regular file or a FIFO. */
static const char *not_a_file(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
           : S_ISSOCK(m)                            ? "a socket"
                                                    : NULL;
}

int tm_input_open(const char *path, uint32_t wait_ms, const char *what, tm_error *err)
{
    if (!wait_ms) wait_ms = TM_FIFO_WAIT_DEFAULT_MS;
    struct stat st;
    const char *kind = stat(path, &st) == 0 ? not_a_file(st.st_mode) : NULL;
    int fd = kind ? -1 : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0 && !kind) {
        tm_error_set(err, TM_ERR_IO, path, 0, "cannot open: %s", strerror(errno));
        return -1;
    }
    if (fd >= 0 && fstat(fd, &st) == 0) kind = not_a_file(st.st_mode); /* it may have changed since stat */
    int ready = 1;
    if (!kind && S_ISFIFO(st.st_mode)) {
        struct pollfd p = { fd, POLLIN, 0 };
        while ((ready = poll(&p, 1, (int)wait_ms)) < 0 && errno == EINTR) {
        }
    }
    int flags = kind || ready <= 0 ? -1 : fcntl(fd, F_GETFL);
    if (flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0) return fd;
    if (kind) tm_error_set(err, TM_ERR_IO, path, 0, "is %s, not %s", kind, what);
    else if (ready == 0)
        tm_error_set(err, TM_ERR_IO, path, 0, "is a FIFO that gave no data within %u.%03u s (no writer?)",
                     wait_ms / 1000, wait_ms % 1000);
    else tm_error_set(err, TM_ERR_IO, path, 0, "cannot read: %s", strerror(errno));
    if (fd >= 0) close(fd);
    return -1;
}

int tm_input_read_all(const char *path, uint64_t max, uint32_t wait_ms, const char *what, unsigned char **data,
                      size_t *size, tm_error *err)
{
    if (!data || !size || !path) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_input_read_all: a NULL argument");
    *data = NULL;
    *size = 0;
    int fd = tm_input_open(path, wait_ms, what, err);
    if (fd < 0) return TM_ERR_IO;
    struct stat st;
    int rc = TM_OK;
    size_t cap = 1 << 16, len = 0;
    unsigned char *buf = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size > max) {
        rc = tm_error_set(err, TM_ERR_IO, path, 0, "is larger than the limit of %llu bytes for %s (%llu bytes)",
                          (unsigned long long)max, what, (unsigned long long)st.st_size);
    }
    for (ssize_t got = 1; rc == TM_OK && got;) {
        if (len == cap || !buf) { /* at most max + 1 bytes held: one more than the limit tells it is passed */
            if (buf) cap = (uint64_t)cap * 2 > max + 1 ? (size_t)max + 1 : cap * 2;
            unsigned char *more = realloc(buf, cap);
            if (!more) {
                rc = tm_error_set(err, TM_ERR_IO, path, 0, "out of memory");
                break;
            }
            buf = more;
        }
        got = read(fd, buf + len, cap - len); /* room: len < cap <= max + 1 while len <= max */
        if (got < 0 && errno == EINTR) got = 1;
        else if (got < 0) rc = tm_error_set(err, TM_ERR_IO, path, 0, "read error: %s", strerror(errno));
        else len += (size_t)got;
        if (rc == TM_OK && len > max)
            rc = tm_error_set(err, TM_ERR_IO, path, 0, "is larger than the limit of %llu bytes for %s",
                              (unsigned long long)max, what);
    }
    close(fd);
    if (rc != TM_OK) {
        free(buf);
        return rc;
    }
    *data = buf;
    *size = len;
    return TM_OK;
}

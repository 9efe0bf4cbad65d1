#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tarmac/error.h"

/* A text that did not fit in a buffer of size bytes ends with "..." (size > 3), so that a cut is never silent. */
static void mark_cut(char *buf, size_t size, int needed)
{
    if (needed >= 0 && (size_t)needed >= size && size > 3) memcpy(buf + size - 4, "...", 4);
}

const char *tm_error_format(const tm_error *err, char *buf, unsigned size)
{
    if (!size) return buf;
    const char *file = err->file[0] ? err->file : "<input>";
    int n;
    if (err->line && err->column)
        n = snprintf(buf, size, "%s:%llu:%u: %s", file, (unsigned long long)err->line, err->column, err->msg);
    else if (err->line)
        n = snprintf(buf, size, "%s:%llu: %s", file, (unsigned long long)err->line, err->msg);
    else if (err->file[0])
        n = snprintf(buf, size, "%s: %s", file, err->msg);
    else
        n = snprintf(buf, size, "%s", err->msg);
    mark_cut(buf, size, n);
    return buf;
}

void tm_error_file(tm_error *err, const char *file)
{
    if (!err) return;
    size_t n = file ? strlen(file) : 0, room = sizeof err->file - 1;
    if (n <= room) {
        memcpy(err->file, file ? file : "", n + 1);
        return;
    }
    /* the end of a long path names the file: keep it, after a visible "..." */
    memcpy(err->file, "...", 3);
    memcpy(err->file + 3, file + n - (room - 3), room - 3 + 1);
}

int tm_error_vset(tm_error *err, int status, const char *file, uint64_t line, const char *fmt, va_list ap)
{
    if (!err) return status;
    memset(err, 0, sizeof *err);
    err->status = status;
    err->line = line;
    tm_error_file(err, file);
    mark_cut(err->msg, sizeof err->msg, vsnprintf(err->msg, sizeof err->msg, fmt, ap));
    return status;
}

int tm_error_set(tm_error *err, int status, const char *file, uint64_t line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tm_error_vset(err, status, file, line, fmt, ap);
    va_end(ap);
    return status;
}

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tarmac/error.h"

const char *tm_error_format(const tm_error *err, char *buf, unsigned size)
{
    if (!size) return buf;
    const char *file = err->file[0] ? err->file : "<input>";
    if (err->line && err->column)
        snprintf(buf, size, "%s:%llu:%u: %s", file, (unsigned long long)err->line, err->column, err->msg);
    else if (err->line)
        snprintf(buf, size, "%s:%llu: %s", file, (unsigned long long)err->line, err->msg);
    else if (err->file[0])
        snprintf(buf, size, "%s: %s", file, err->msg);
    else
        snprintf(buf, size, "%s", err->msg);
    return buf;
}

int tm_error_vset(tm_error *err, int status, const char *file, uint64_t line, const char *fmt, va_list ap)
{
    if (!err) return status;
    memset(err, 0, sizeof *err);
    err->status = status;
    err->line = line;
    if (file) snprintf(err->file, sizeof err->file, "%s", file);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
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

#include <stdio.h>

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

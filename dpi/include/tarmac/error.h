/* Errors are returned, never printed: the caller decides where they go. One convention for the trace library
 * and the checker: a call that can fail takes a tm_error *, fills it (tm_error_set) and returns its status
 * (TM_OK = 0, an error < 0), or NULL for a call that makes a handle. The checker's TC_* results and its report
 * are its public contract on top (checker.h).
 * Every exported call of the library (the headers of dpi/include/tarmac/) and of the model (model/armv6m.h, model/config.h)
 * refuses a NULL handle, or a NULL pointer it needs, without reading through it: a call that can fail returns its
 * error (TM_ERR_ARG with err filled, -1, NULL), a query returns 0, NULL or "", a call with nothing to return does
 * nothing (tests/unit/api walks every call so). */
#ifndef TARMAC_ERROR_H
#define TARMAC_ERROR_H

#include <stdarg.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tm_status {
    TM_OK = 0,
    TM_EOF = 1,          /* end of input (not an error) */
    TM_ERR_IO = -1,      /* open/read/write failure */
    TM_ERR_GZIP = -2,    /* corrupt or truncated gzip stream */
    TM_ERR_LINE = -3,    /* line longer than the limit, or binary data */
    TM_ERR_PARSE = -4,   /* a line that fits no record shape */
    TM_ERR_ARG = -5,     /* bad argument / option */
    TM_ERR_FORMAT = -6   /* a file that is not what it must be (an ELF32 ARM executable) */
} tm_status;

/* Where and why. file/line/column are 0/empty when they do not apply. */
typedef struct tm_error {
    int status;            /* tm_status */
    uint64_t line;         /* 1-based line number */
    uint32_t column;       /* 1-based column, 0 when not known */
    uint64_t offset;       /* byte offset of the line start in the (uncompressed) input */
    char file[256];
    char msg[256];         /* what was expected / what went wrong */
} tm_error;

/* "file:line:column: msg" into buf (always NUL-terminated; a text longer than buf ends with "..."). Returns buf. */
const char *tm_error_format(const tm_error *err, char *buf, unsigned size);

/* Set err's file (NULL: none). A path longer than the field keeps its end (the file's name) after "...", so that
 * a cut shows. */
void tm_error_file(tm_error *err, const char *file);

/* Fill err (when not NULL) from scratch: status, file (NULL or "" when none), line (0 when none; column and
 * offset 0, for the caller to add) and the message printf makes of fmt; file and message are cut to their
 * fields, visibly (tm_error_file; a cut message ends with "..."). Returns status, so that a failing call ends
 * with return tm_error_set(...). */
#ifdef __GNUC__
__attribute__((format(printf, 5, 6)))
#endif
int tm_error_set(tm_error *err, int status, const char *file, uint64_t line, const char *fmt, ...);
/* The same with the arguments as a va_list, for a caller's own printf-like helper. */
#ifdef __GNUC__
__attribute__((format(printf, 5, 0)))
#endif
int tm_error_vset(tm_error *err, int status, const char *file, uint64_t line, const char *fmt, va_list ap);

#ifdef __cplusplus
}
#endif
#endif

/* Plusargs checked against what a program reads. A simulator gives a program its plusargs by name only
 * ($value$plusargs, $test$plusargs): a misspelt one (+tarmac_max_errors without its s) or a malformed value
 * (+seed=abc, read by "%d" as 0) is silently ignored or misread. This checks a whole command line against the
 * names a program reads and the values they take, once, before the run. */
#ifndef TARMAC_PLUSARGS_H
#define TARMAC_PLUSARGS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tm_plusarg_kind {
    TM_PLUSARG_ANY,   /* +name or +name=<anything> */
    TM_PLUSARG_FLAG,  /* +name alone ($test$plusargs): +name=0 would turn it on */
    TM_PLUSARG_TEXT,  /* +name=<text>, the text checked by its reader (a path, the checker's option values) */
    TM_PLUSARG_DEC,   /* +name=<decimal digits> in [lo, hi] ("%d") */
    TM_PLUSARG_HEX    /* +name=<hex digits, no 0x> in [lo, hi] ("%h") */
} tm_plusarg_kind;

typedef struct tm_plusarg {
    const char *name; /* without the '+' */
    tm_plusarg_kind kind;
    uint64_t lo, hi;  /* DEC and HEX */
} tm_plusarg;

/* Check every argument of argv[0..argc) that starts with '+' against specs[0..n):
 *  - a name of specs: its value must be what its kind takes (a value present for TEXT/DEC/HEX, absent for FLAG),
 *    and a second occurrence is an error, with another value (a simulator reads the first one only) or the same;
 *  - another name is an error when it belongs to the specs' families: it starts with the prefix up to and
 *    including the first '_' of a spec's name ("irq_" of irq_rate, "tarmac_" of tarmac_golden), or it is a
 *    misspelling of a spec's name (one edit away, two for names of 6 characters or more: +waitstate, +timout);
 *  - anything else (another component's plusargs, +verilator+...) is left alone.
 * Returns 0, or -1 with msg (size bytes, cut visibly) saying what is wrong with the first bad plusarg, the nearest
 * name when there is one, and every name of specs ("known: +a=<n>, +b, ..."). */
int tm_plusargs_check(int argc, const char *const *argv, const tm_plusarg *specs, size_t n, char *msg, size_t size);

#ifdef __cplusplus
}
#endif
#endif

/* Numbers given as text by a user (command-line options, plusargs, option values, counts in files): one reader,
 * so that every tool and testbench refuses the same malformed numbers instead of reading them as something. */
#ifndef TARMAC_NUMBER_H
#define TARMAC_NUMBER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* text as an unsigned number in [lo, hi]: the whole text is digits of base (10; 16: hex digits alone, as "%h"
 * reads them; 0: hex after 0x or 0X, else decimal: a leading 0 is no octal, "010" is ten), with no sign, no space, no other character,
 * and no overflow.
 * Returns 0 with *out set, or -1 (*out unchanged): "", "-5", "+5", " 5", "5k", "1e3", "abc", a value out of
 * range. */
int tm_parse_uint(const char *text, int base, uint64_t lo, uint64_t hi, uint64_t *out);

#ifdef __cplusplus
}
#endif
#endif

/* Numbers given as text (number.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "tarmac/number.h"

int tm_parse_uint(const char *text, int base, uint64_t lo, uint64_t hi, uint64_t *out)
{
    /* strtoull alone takes leading space and a sign ("-5" wraps to a huge value) and saturates on overflow */
    if (!text || !isxdigit((unsigned char)text[0])) return -1;
    if (base == 16 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) return -1; /* strtoull would take it */
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, base);
    if (errno || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

/* Numbers given as text (number.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "tarmac/number.h"

int tm_parse_uint(const char *text, int base, uint64_t lo, uint64_t hi, uint64_t *out)
{
    /* strtoull alone takes leading space and a sign ("-5" wraps to a huge value) and saturates on overflow */
    if (!text || !isxdigit((unsigned char)text[0])) return -1;
    int prefixed = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    if (base == 16 && prefixed) return -1; /* strtoull would take it */
    if (base == 0) { /* C's 0x, never C's octal: a user's "010" is ten */
        if (prefixed && !isxdigit((unsigned char)text[2])) return -1;
        text += prefixed ? 2 : 0;
        base = prefixed ? 16 : 10;
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, base);
    if (errno || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

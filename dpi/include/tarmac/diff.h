/* Record comparison after normalisation (register names, case, value widths, address forms), used by
 * tarmac-diff: says which fields differ. */
#ifndef TARMAC_DIFF_H
#define TARMAC_DIFF_H

#include <stddef.h>

#include "tarmac/record.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    TM_IGNORE_TIME = 1 << 0,    /* timestamp and its unit */
    TM_IGNORE_CPU = 1 << 1,
    TM_IGNORE_DISASM = 1 << 2,
    TM_IGNORE_ID = 1 << 3,      /* instruction id / tag */
    TM_IGNORE_MODE = 1 << 4,    /* processor mode and security state */
    TM_IGNORE_DEFAULT = TM_IGNORE_TIME | TM_IGNORE_DISASM
};

/* "time,cpu,disasm,id,mode" or "none" -> mask. Returns 0, or -1 naming the bad item in bad[64]. */
int tm_ignore_parse(const char *list, unsigned *mask, char bad[64]);

/* 0 when a and b are equal after normalisation; otherwise the number of differing fields, each described
 * as "field: A-value vs B-value" in why (separated by "; ", truncated to size). */
int tm_diff_records(const tm_record *a, const tm_record *b, unsigned ignore, char *why, size_t size);

#ifdef __cplusplus
}
#endif
#endif

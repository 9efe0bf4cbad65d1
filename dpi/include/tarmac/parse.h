/* Parser: one line of any supported Tarmac dialect -> one typed record. */
#ifndef TARMAC_PARSE_H
#define TARMAC_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "tarmac/error.h"
#include "tarmac/record.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parse line[0..len) into rec; slices in rec point into line.
 * Returns TM_OK, or TM_ERR_PARSE with err->column and err->msg (what was expected) set;
 * err->line/file are left to the caller. A blank or comment ('#', ';', "//") line gives
 * TM_OK with rec->kind == TM_REC_NONE. */
int tm_parse_line(const char *line, size_t len, tm_record *rec, tm_error *err);

/* What a line may need from the lines before it in the same input: the direction of the last LD/ST, which
 * an ES continuation line (a further 16-byte region, no keyword) repeats. Zero-initialise one per input. */
typedef struct tm_parse_state {
    uint8_t ldst_seen;
    uint8_t ldst_write;
} tm_parse_state;

/* tm_parse_line for the next line of one input: a continuation line takes its direction from st (an error when
 * no LD/ST came before it); st follows the LD/ST records parsed. */
int tm_parse_line_in(tm_parse_state *st, const char *line, size_t len, tm_record *rec, tm_error *err);

#ifdef __cplusplus
}
#endif
#endif

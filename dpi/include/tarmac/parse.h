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
 * TM_OK with rec->kind == TM_REC_NONE. Every field is checked against what its kind allows (dpi/DIALECTS.md,
 * "What is refused"). A line holding two records glued together is an error here (it would lose one): read
 * lines with tm_parse_line_in and tm_parse_more_in. */
int tm_parse_line(const char *line, size_t len, tm_record *rec, tm_error *err);

/* What a line may need from the lines before it in the same input: the direction of the last LD/ST, which
 * an ES continuation line (a further 16-byte region, no keyword) repeats; and where a record glued onto the
 * line last parsed starts. Zero-initialise one per input; set profile before the first line to declare what the
 * trace may contain (a register of another profile is then an error, one no Arm profile models is foreign:
 * dpi/DIALECTS.md, "Profiles"). */
typedef struct tm_parse_state {
    uint8_t ldst_seen;
    uint8_t ldst_write;
    uint8_t profile;       /* TM_PROFILE_* (regs.h) declared; 0: any Arm profile; TM_PROFILE_OTHER: every
                            * register is foreign */
    uint32_t more;         /* offset of a further record on the line last parsed, 0 when none */
    tm_header more_h;      /* the header the further record shares */
} tm_parse_state;

/* tm_parse_line for the next line of one input: a continuation line takes its direction from st (an error when
 * no LD/ST came before it); st follows the LD/ST records parsed. When a producer glued a further record onto
 * the line (a Cortex-M33 RTL tracer writes an R record and the LD/ST after it on one line), rec is the first
 * and st->more is set: call tm_parse_more_in with the same line for each further record. */
int tm_parse_line_in(tm_parse_state *st, const char *line, size_t len, tm_record *rec, tm_error *err);

/* The next record glued onto the line that tm_parse_line_in (or this call) parsed last with st: TM_OK with rec
 * (it takes the first record's time, unit and cpu), TM_EOF when the line holds no further record, or an error
 * as tm_parse_line_in's (columns count from the line's start). */
int tm_parse_more_in(tm_parse_state *st, const char *line, size_t len, tm_record *rec, tm_error *err);

#ifdef __cplusplus
}
#endif
#endif

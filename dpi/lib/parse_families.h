/* Internal: the record families. Each parses the body after the keyword token kw, with the scanner of
 * parse_scan.h only: the families never call parse.c or each other. */
#ifndef TARMAC_PARSE_FAMILIES_H
#define TARMAC_PARSE_FAMILIES_H

#include "parse_scan.h"

/* The register body after "R" (parse_reg.c). */
int tm_parse_reg(tm_scan *s, tm_reg *r);

int tm_parse_mem(tm_scan *s, tm_str kw, tm_mem *m);
int tm_parse_mem_update(tm_scan *s, tm_str kw, tm_mem_update *mu);
int tm_parse_bus(tm_scan *s, tm_str kw, tm_bus *b);
int tm_parse_cache(tm_scan *s, tm_record *rec);  /* sets rec->kind: TM_REC_CACHE or TM_REC_CACHE_MAINT */
int tm_parse_ttw(tm_scan *s, tm_str kw, tm_ttw *t);
int tm_parse_tlb(tm_scan *s, tm_str kw, tm_tlb *t);

/* FVP status lines (parse_fvp.c) */
int tm_parse_signal(tm_scan *s, tm_signal *g);
int tm_parse_info(tm_scan *s, tm_str kw, tm_info *info);

/* ES dialect (parse_es.c) */
int tm_parse_es(tm_scan *s, tm_record *rec);         /* after "ES": sets rec->kind (TM_REC_INSN or TM_REC_EVENT) */
int tm_parse_exc(tm_scan *s, tm_event *e, uint8_t es); /* after "EXC": {[<n>]} <name> */
int tm_parse_branch(tm_scan *s, tm_branch *b);
int tm_parse_ldst(tm_scan *s, tm_str kw, tm_ldst *m); /* kw empty: a continuation line at s->pos */
int tm_is_ldst_continuation(const char *line, size_t len);
int tm_is_text_header(const char *line, size_t len, tm_str *text);

#endif

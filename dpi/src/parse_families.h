/* Internal: the record families parsed outside parse.c. Each parses the body after the keyword token kw. */
#ifndef TARMAC_PARSE_FAMILIES_H
#define TARMAC_PARSE_FAMILIES_H

#include "scan.h"

int tm_parse_mem(tm_scan *s, tm_str kw, tm_mem *m);
int tm_parse_mem_update(tm_scan *s, tm_str kw, tm_mem_update *mu);
int tm_parse_bus(tm_scan *s, tm_str kw, tm_bus *b);
int tm_parse_cache(tm_scan *s, tm_record *rec);  /* sets rec->kind: TM_REC_CACHE or TM_REC_CACHE_MAINT */
int tm_parse_ttw(tm_scan *s, tm_str kw, tm_ttw *t);
int tm_parse_tlb(tm_scan *s, tm_str kw, tm_tlb *t);

#endif

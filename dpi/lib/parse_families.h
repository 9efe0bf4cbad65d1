/* Internal: the record families parsed outside parse.c. Each parses the body after the keyword token kw. */
#ifndef TARMAC_PARSE_FAMILIES_H
#define TARMAC_PARSE_FAMILIES_H

#include "parse_scan.h"

/* Keywords whose record kind the body decides: "ES" (instruction or exception) and "EXC". */
enum { TM_KW_ES = TM_REC_KIND_COUNT + 1, TM_KW_EXC };

/* Which record a keyword token opens (a tm_kind, TM_KW_ES or TM_KW_EXC); TM_REC_NONE when it is no keyword. */
int tm_keyword_kind(tm_str t);

/* The end of a record at s->pos: the end of the line, or the keyword of a register, memory or LD/ST record that a
 * producer glued onto the line (s->next is set to it). Anything else is an error "unexpected text after <after>". */
int tm_scan_end_or_glued(tm_scan *s, const char *after);

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

/* Value and opcode helpers shared by the families (parse.c) */
int tm_scan_opcode(tm_scan *s, tm_insn *in, const char *stops);

/* "<mode>{_<security>}" -> in->mode and in->security (split at the last '_'). Returns TM_OK, or an error when
 * no mode stands before the '_' (a writer could not give "_s" back). */
static inline int tm_set_mode(tm_scan *s, tm_insn *in, tm_str m)
{
    in->mode = m;
    for (uint32_t i = m.n; i > 0; i--) {
        if (m.p[i - 1] == '_') {
            in->mode.n = i - 1;
            in->security.p = m.p + i;
            in->security.n = m.n - i;
            break;
        }
    }
    if (in->mode.n) return TM_OK;
    return tm_scan_fail(s, (size_t)(m.p - s->line), "expected the mode before '_<security>'", NULL);
}

#endif

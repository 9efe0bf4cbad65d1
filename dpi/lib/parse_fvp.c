/* FVP status lines: SIGNAL: SIGNAL=<name> STATE=<Y|N>, and INFO_<topic>: <KEY>=<value> ... */
#include <string.h>

#include "parse_families.h"

/* "<key>=" at the start of t: returns the value part, or an empty slice when t does not start with key=. */
static tm_str after_key(tm_str t, const char *key)
{
    size_t n = strlen(key);
    tm_str v = { 0, 0 };
    if (t.n > n && memcmp(t.p, key, n) == 0 && t.p[n] == '=') {
        v.p = t.p + n + 1;
        v.n = t.n - (uint32_t)n - 1;
    }
    return v;
}

int tm_parse_signal(tm_scan *s, tm_signal *g)
{
    memset(g, 0, sizeof *g);
    tm_str a = tm_scan_token(s);
    g->name = after_key(a, "SIGNAL");
    if (g->name.n == 0)
        return tm_scan_fail(s, a.n ? (size_t)(a.p - s->line) : s->pos, "expected 'SIGNAL=<name>' after 'SIGNAL:'", NULL);
    tm_str b = tm_scan_token(s);
    tm_str st = after_key(b, "STATE");
    if (st.n != 1 || (st.p[0] != 'Y' && st.p[0] != 'N'))
        return tm_scan_fail(s, b.n ? (size_t)(b.p - s->line) : s->pos, "expected 'STATE=Y' or 'STATE=N'", NULL);
    g->state = st.p[0];
    if (!tm_at_end(s)) return tm_scan_fail(s, s->pos, "unexpected text after signal record", NULL);
    return TM_OK;
}

int tm_parse_info(tm_scan *s, tm_str kw, tm_info *info)
{
    memset(info, 0, sizeof *info);
    info->topic.p = kw.p + 5; /* "INFO_" ... ":" */
    info->topic.n = kw.n - 6;
    info->fields = tm_scan_rest(s);
    if (info->fields.n == 0) return tm_scan_fail(s, s->pos, "expected '<KEY>=<value>' fields after the INFO keyword", NULL);
    /* every field is KEY=value: the first token must be one */
    const char *p = info->fields.p;
    uint32_t i = 0;
    while (i < info->fields.n && p[i] != '=' && !tm_is_space(p[i])) i++;
    if (i == 0 || i == info->fields.n || p[i] != '=')
        return tm_scan_fail(s, (size_t)(p - s->line), "expected '<KEY>=<value>' fields after the INFO keyword", NULL);
    tm_info_field(info, "PHASE", &info->phase);
    tm_info_field(info, "VECTOR", &info->vector);
    tm_str pc;
    if (tm_info_field(info, "PC", &pc)) {
        tm_scan sub = { pc.p, pc.n, 0, s->err, 0, 0 };
        uint64_t v;
        uint8_t d;
        if (tm_scan_hex(&sub, "PC value", &v, &d, NULL) != TM_OK || !tm_at_end(&sub))
            return tm_scan_fail(s, (size_t)(pc.p - s->line), "expected a hex address after 'PC='", NULL);
        info->has_pc = 1;
        info->pc = v;
    }
    return TM_OK;
}

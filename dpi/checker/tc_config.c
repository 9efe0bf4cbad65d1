/* The configuration check (dpi/README.md, "The configuration check"): the testbench declares with
 * model=key:value;... the implementation choices its core and system were built with, and each declared key is
 * compared at open with the value the golden records in its gzip header's comment ("key=value,...", written
 * by the model). Both sides are read with the model's own table (model/config.c), so that 0xFFFFFFFF and
 * 4294967295 are the same value and a key either side does not know is an error. A golden without a record
 * (plain text, FVP traces) cannot be checked: a note says so, the run goes on. */
#include <string.h>

#include <stdlib.h>

#include "armv6m.h"
#include "tc_internal.h"

static int set_err(tm_error *err, const char *file, const char *msg)
{
    return tm_error_set(err, TM_ERR_ARG, file, 0, "%.*s", (int)sizeof err->msg - 1, msg);
}

int tc_model_declare(tc_options *o, const char *text, tm_error *err)
{
    m6_config scratch;
    m6_config_defaults(&scratch);
    uint64_t given = 0; /* the keys of this declaration: one given twice is an error, as an option twice is */
    const char *p = text;
    while (*p) {
        size_t n = strcspn(p, ";");
        char item[200], why[300], msg[360];
        tm_error e;
        if (n >= sizeof item) {
            snprintf(msg, sizeof msg, "option model: '%.60s...' is too long for key:value", p);
            return set_err(err, NULL, msg);
        }
        snprintf(item, sizeof item, "%.*s", (int)n, p);
        p += n;
        if (*p) p++;
        if (!item[0]) continue;
        char *colon = strchr(item, ':');
        if (!colon) {
            snprintf(msg, sizeof msg, "option model: '%.60s' is not key:value", item);
            return set_err(err, NULL, msg);
        }
        *colon = '\0';
        if (m6_config_set(&scratch, item, colon + 1, &e) != TM_OK) {
            snprintf(msg, sizeof msg, "option model: %s", tm_error_format(&e, why, sizeof why));
            return set_err(err, NULL, msg);
        }
        uint64_t bit = 1ull << m6_config_index(item);
        if (given & bit) {
            snprintf(msg, sizeof msg, "option model: key '%.60s' given twice", item);
            return set_err(err, NULL, msg);
        }
        given |= bit;
        *colon = ':';
        size_t have = strlen(o->model), add = strlen(item);
        if (have + add + 2 > sizeof o->model) return set_err(err, NULL, "option model: declaration too long");
        if (have) o->model[have++] = ';';
        memcpy(o->model + have, item, add + 1);
    }
    return 0;
}

/* The value the record "key=value,..." gives key, into buf; 0 when it gives none. */
static int recorded(const char *record, const char *key, char *buf, size_t size)
{
    size_t klen = strlen(key);
    for (const char *p = record; *p;) {
        size_t n = strcspn(p, ",");
        if (n > klen && !strncmp(p, key, klen) && p[klen] == '=') {
            snprintf(buf, size, "%.*s", (int)(n - klen - 1), p + klen + 1);
            return 1;
        }
        p += n;
        if (*p) p++;
    }
    return 0;
}

/* A record is a non-empty list of key=value items: any other gzip comment is some other producer's. */
static int is_record(const char *s)
{
    if (!*s) return 0;
    for (const char *p = s; *p;) {
        size_t n = strcspn(p, ",");
        const char *eq = memchr(p, '=', n);
        if (!eq || eq == p) return 0;
        p += n;
        if (*p) p++;
    }
    return 1;
}

int tc_record_check(tc_checker *c, tm_error *err)
{
    const char *record = c->live ? NULL : tm_reader_gzip_comment(c->gs.reader);
    if (!record || !is_record(record)) return 0;
    for (const char *p = record; *p;) {
        size_t n = strcspn(p, ","), klen = strcspn(p, "=");
        for (const char *q = p + n; *q;) { /* the same key later in the record */
            q++;
            size_t m = strcspn(q, ",");
            if (strcspn(q, "=") == klen && !strncmp(p, q, klen))
                return tm_error_set(err, TM_ERR_FORMAT, c->o.golden, 0,
                                    "the record in the gzip header's comment gives %.*s twice (characters %zu and %zu)",
                                    (int)(klen < 40 ? klen : 40), p, (size_t)(p - record) + 1, (size_t)(q - record) + 1);
            q += m;
        }
        p += n;
        if (*p) p++;
    }
    return 0;
}

void tc_config_follow(tc_checker *c)
{
    char v[40] = "";
    const char *record = c->live ? NULL : tm_reader_gzip_comment(c->gs.reader);
    if (record && is_record(record)) recorded(record, "abandon_unstack", v, sizeof v);
    for (const char *p = c->o.model; *p;) { /* the declaration wins: its last item for the key */
        size_t n = strcspn(p, ";");
        if (n > 16 && !strncmp(p, "abandon_unstack:", 16)) snprintf(v, sizeof v, "%.*s", (int)(n - 16), p + 16);
        p += n;
        if (*p) p++;
    }
    m6_config cfg;
    m6_config_defaults(&cfg);
    if (v[0]) m6_config_set(&cfg, "abandon_unstack", v, NULL);
    c->abandon_unstack = cfg.abandon_unstack;
}

int tc_config_check(tc_checker *c, tm_error *err)
{
    const char *record = tm_reader_gzip_comment(c->gs.reader);
    char arch[40];
    /* the architecture is always checked: a testbench that declares none has an ARMv6-M core (the default) */
    int arch_recorded = record && is_record(record) && recorded(record, "arch", arch, sizeof arch);
    if (!c->o.model[0] && !arch_recorded) return 0;
    if (c->o.model[0] && (!record || !is_record(record))) {
        tc_report_append(c,
                         "note: golden %s records no model configuration (%s): the declared "
                         "configuration (model=%s) is not checked\n",
                         c->o.golden,
                         !tm_reader_is_gzip(c->gs.reader) ? "plain text"
                         : record                         ? "its gzip comment is not key=value,..."
                                                          : "no gzip comment, as in FVP traces",
                         c->o.model);
        return 0;
    }
    /* the declared values, a later key overriding (validated when the options were parsed) */
    m6_config decl, gold;
    m6_config_defaults(&decl);
    m6_config_defaults(&gold);
    uint32_t declared = 1u << m6_config_index("arch");
    for (const char *p = c->o.model; *p;) {
        size_t n = strcspn(p, ";");
        char item[200];
        snprintf(item, sizeof item, "%.*s", (int)n, p);
        p += n;
        if (*p) p++;
        char *colon = strchr(item, ':');
        *colon = '\0';
        m6_config_set(&decl, item, colon + 1, NULL);
        declared |= 1u << m6_config_index(item);
    }
    char msg[sizeof err->msg * 2];
    size_t len = (size_t)snprintf(msg, sizeof msg, "the core's declared configuration differs from the golden's:");
    int differ = 0;
    for (size_t i = 0; m6_config_at(i); i++) {
        if (!((declared >> i) & 1)) continue;
        const char *key = m6_config_at(i)->key;
        char want[40], raw[80], got[100];
        m6_config_value(&decl, key, want, sizeof want);
        if (!recorded(record, key, raw, sizeof raw))
            snprintf(got, sizeof got, "%s", m6_config_omits_default(key) ? m6_config_at(i)->def : "(not recorded)");
        else if (m6_config_set(&gold, key, raw, NULL) != TM_OK) snprintf(got, sizeof got, "'%s' (unreadable)", raw);
        else m6_config_value(&gold, key, got, sizeof got);
        if (!strcmp(want, got)) continue;
        if (len < sizeof msg)
            len += (size_t)snprintf(msg + len, sizeof msg - len, "%s %s declared %s, golden %s", differ ? ";" : "",
                                    key, want, got);
        differ++;
    }
    if (!differ) return 0;
    if (len >= sizeof err->msg) memcpy(msg + sizeof err->msg - 4, "...", 4); /* err->msg keeps what fits */
    return set_err(err, c->o.golden, msg);
}

int tc_program_check(tc_checker *c, tm_error *err)
{
    if (!c->elf || !c->gs.reader) return 0; /* no ELF given, or live mode: the model runs that very ELF */
    const char *record = tm_reader_gzip_comment(c->gs.reader);
    char raw[80];
    if (!record || !is_record(record) || !recorded(record, M6_PROGRAM_KEY, raw, sizeof raw)) {
        tc_report_append(c, "note: golden %s records no program identity (%s): it is not checked against the ELF %s "
                            "(elf=)\n",
                         c->o.golden,
                         !tm_reader_is_gzip(c->gs.reader) ? "plain text"
                         : !record                        ? "no gzip comment"
                         : !is_record(record)             ? "its gzip comment is not key=value,..."
                                                          : "its record has no " M6_PROGRAM_KEY "= key",
                         c->o.elf);
        return 0;
    }
    char *end;
    uint64_t want = strtoull(raw, &end, 16), have;
    if (strlen(raw) != 16 || *end)
        return tm_error_set(err, TM_ERR_FORMAT, c->o.golden, 0,
                            "the golden's record gives " M6_PROGRAM_KEY "='%.40s', not 16 hex digits", raw);
    if (tm_elf_image_hash(c->elf, &have) != TM_OK) return tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
    if (want == have) return 0;
    return tm_error_set(err, TM_ERR_ARG, c->o.golden, 0,
                        "this golden is for another program: it records program %016llx, the ELF %.120s (elf=) is "
                        "program %016llx", (unsigned long long)want, c->o.elf, (unsigned long long)have);
}

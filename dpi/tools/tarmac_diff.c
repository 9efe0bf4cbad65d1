/* tarmac-diff: the trace matcher. Compares two traces of any dialects record by record after
 * normalisation; validates (--check) or counts (--stats) one trace.
 * Exit status: 0 equal / valid, 1 divergent, 2 bad input or usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tarmac/diff.h"
#include "tarmac/parse.h"
#include "tarmac/reader.h"

#define KEEP 320       /* characters of a line kept for context */
#define CTX_MAX 64

typedef struct side {
    const char *path;
    tm_reader *r;
    tm_record rec;
    uint64_t records, lines, kinds[TM_REC_KIND_COUNT];
    /* the last lines read (ring), for context; slot of the current record's line is cur */
    char text[CTX_MAX + 1][KEEP];
    uint64_t line_no[CTX_MAX + 1];
    unsigned count, cur;
} side;

typedef struct opts {
    unsigned context, max_diffs, ignore;
    int stats, check, lenient, progress;
} opts;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: tarmac-diff [options] A B      compare two traces (plain or gzip, '-' for stdin)\n"
            "       tarmac-diff --check A          validate: every line must parse\n"
            "       tarmac-diff --stats A [B]      record counts per kind\n"
            "options:\n"
            "  --context N     lines of context before a difference (default 5, at most %d)\n"
            "  --max-diffs N   report up to N differences before stopping (default 1)\n"
            "  --ignore LIST   fields to mask: time,cpu,disasm,id,mode or none (default time,disasm)\n"
            "  --lenient       count and skip lines that do not parse instead of failing\n"
            "  --no-progress   no progress on stderr even when it is a terminal\n"
            "exit status: 0 equal, 1 divergent, 2 bad input or usage\n",
            CTX_MAX);
}

static void report_error(const tm_error *e)
{
    char buf[800];
    fprintf(stderr, "tarmac-diff: %s\n", tm_error_format(e, buf, sizeof buf));
}

/* Next record of one side, keeping its line for context. Returns TM_OK, TM_EOF or an error (reported). */
static int next_record(side *s, const opts *o)
{
    for (;;) {
        const char *line;
        size_t len;
        tm_error e;
        int rc = tm_reader_next_line(s->r, &line, &len, &e);
        if (rc == TM_EOF) return rc;
        if (rc != TM_OK) {
            report_error(&e);
            return rc;
        }
        s->lines++;
        rc = tm_parse_line(line, len, &s->rec, &e);
        if (rc != TM_OK) {
            if (o->lenient) continue;
            e.line = tm_reader_line(s->r);
            snprintf(e.file, sizeof e.file, "%s", tm_reader_path(s->r));
            report_error(&e);
            fprintf(stderr, "  %.*s\n", (int)(len > 300 ? 300 : len), line);
            return rc;
        }
        if (s->rec.kind == TM_REC_NONE) continue;
        s->records++;
        s->kinds[s->rec.kind]++;
        if (o->context || o->max_diffs) {
            s->cur = (unsigned)(s->count % (CTX_MAX + 1));
            size_t n = len < KEEP - 1 ? len : KEEP - 1;
            memcpy(s->text[s->cur], line, n);
            s->text[s->cur][n] = '\0';
            s->line_no[s->cur] = tm_reader_line(s->r);
            s->count++;
            /* The record's slices point into the reader's buffer, which stays valid until the next read. */
        }
        return TM_OK;
    }
}

static void print_context(const side *s, const char *label, unsigned context)
{
    unsigned have = s->count - 1 < context ? s->count - 1 : context;
    for (unsigned k = have; k > 0; k--) {
        unsigned slot = (s->cur + CTX_MAX + 1 - k) % (CTX_MAX + 1);
        printf("    %s %s:%llu: %s\n", label, s->path, (unsigned long long)s->line_no[slot], s->text[slot]);
    }
}

static void print_current(const side *s, const char *label)
{
    printf("  > %s %s:%llu: %s\n", label, s->path, (unsigned long long)s->line_no[s->cur], s->text[s->cur]);
}

static void progress(const side *a, const side *b)
{
    uint64_t size = tm_reader_file_size(a->r);
    if (size)
        fprintf(stderr, "\rtarmac-diff: %llu records, %3.0f%% of %s", (unsigned long long)a->records,
                100.0 * (double)tm_reader_compressed_offset(a->r) / (double)size, a->path);
    else
        fprintf(stderr, "\rtarmac-diff: %llu records", (unsigned long long)a->records);
    (void)b;
}

static void print_stats(const side *s)
{
    printf("%s: %llu lines, %llu records\n", s->path, (unsigned long long)s->lines, (unsigned long long)s->records);
    for (int k = 1; k < TM_REC_KIND_COUNT; k++)
        if (s->kinds[k]) printf("  %-12s %llu\n", tm_kind_name((tm_kind)k), (unsigned long long)s->kinds[k]);
}

static int open_side(side *s, const char *path, const opts *o)
{
    tm_reader_options ro = { 0 };
    ro.lenient = o->lenient;
    tm_error e;
    s->path = path;
    s->r = tm_reader_open(path, &ro, &e);
    if (!s->r) {
        report_error(&e);
        return -1;
    }
    return 0;
}

/* Read a whole trace: --check reports every bad line, --stats counts. */
static int scan_one(side *s, opts *o)
{
    uint64_t bad = 0;
    for (;;) {
        const char *line;
        size_t len;
        tm_error e;
        int rc = tm_reader_next_line(s->r, &line, &len, &e);
        if (rc == TM_EOF) break;
        if (rc != TM_OK) {
            report_error(&e);
            return 2;
        }
        s->lines++;
        rc = tm_parse_line(line, len, &s->rec, &e);
        if (rc != TM_OK) {
            if (o->lenient && !o->check) continue;
            e.line = tm_reader_line(s->r);
            snprintf(e.file, sizeof e.file, "%s", tm_reader_path(s->r));
            report_error(&e);
            if (!o->check) return 2;
            bad++;
            continue;
        }
        if (s->rec.kind == TM_REC_NONE) continue;
        s->records++;
        s->kinds[s->rec.kind]++;
        if (o->progress && (s->records & 0xfffff) == 0) progress(s, NULL);
    }
    if (o->progress) fputc('\n', stderr);
    if (o->stats) print_stats(s);
    if (s->records == 0 && !bad) {
        fprintf(stderr, "tarmac-diff: %s: no records\n", s->path);
        return 2;
    }
    if (o->check)
        printf("%s: %llu lines, %llu records, %llu bad lines\n", s->path, (unsigned long long)s->lines,
               (unsigned long long)s->records, (unsigned long long)bad);
    return bad ? 2 : 0;
}

static int compare(side *a, side *b, opts *o)
{
    uint64_t compared = 0, ndiffs = 0;
    char why[1024];
    for (;;) {
        int ra = next_record(a, o);
        if (ra != TM_OK && ra != TM_EOF) return 2;
        int rb = next_record(b, o);
        if (rb != TM_OK && rb != TM_EOF) return 2;
        if (ra == TM_EOF && rb == TM_EOF) break;
        if (ra == TM_EOF || rb == TM_EOF) {
            side *more = ra == TM_EOF ? b : a, *ended = ra == TM_EOF ? a : b;
            ndiffs++;
            printf("difference %llu: %s ends after %llu records; %s goes on:\n", (unsigned long long)ndiffs,
                   ended->path, (unsigned long long)ended->records, more->path);
            print_context(more, more == a ? "A" : "B", o->context);
            print_current(more, more == a ? "A" : "B");
            break;
        }
        compared++;
        if (o->progress && (compared & 0xfffff) == 0) progress(a, b);
        if (tm_diff_records(&a->rec, &b->rec, o->ignore, why, sizeof why) == 0) continue;
        ndiffs++;
        printf("difference %llu at record %llu:\n", (unsigned long long)ndiffs, (unsigned long long)compared);
        print_context(a, "A", o->context);
        print_current(a, "A");
        print_context(b, "B", o->context);
        print_current(b, "B");
        printf("  differs: %s\n", why);
        if (ndiffs >= o->max_diffs) break;
    }
    if (o->progress) fputc('\n', stderr);
    if (a->records == 0 && b->records == 0) {
        fprintf(stderr, "tarmac-diff: no records in %s nor %s\n", a->path, b->path);
        return 2;
    }
    if (o->stats) {
        print_stats(a);
        print_stats(b);
    }
    printf("tarmac-diff: %llu records compared, %llu difference%s%s\n", (unsigned long long)compared,
           (unsigned long long)ndiffs, ndiffs == 1 ? "" : "s", ndiffs ? "" : ": traces match");
    return ndiffs ? 1 : 0;
}

static int parse_count(const char *arg, const char *name, unsigned *out, unsigned max)
{
    char *end;
    unsigned long v = arg ? strtoul(arg, &end, 10) : 0;
    if (!arg || !*arg || *end || v > max) {
        fprintf(stderr, "tarmac-diff: %s needs a number from 0 to %u\n", name, max);
        return -1;
    }
    *out = (unsigned)v;
    return 0;
}

int main(int argc, char **argv)
{
    opts o = { 5, 1, TM_IGNORE_DEFAULT, 0, 0, 0, isatty(2) };
    const char *files[2];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--context")) {
            if (parse_count(i + 1 < argc ? argv[++i] : NULL, a, &o.context, CTX_MAX)) return 2;
        } else if (!strcmp(a, "--max-diffs")) {
            if (parse_count(i + 1 < argc ? argv[++i] : NULL, a, &o.max_diffs, 1000000000)) return 2;
            if (o.max_diffs == 0) o.max_diffs = 1;
        } else if (!strcmp(a, "--ignore")) {
            char bad[64];
            if (i + 1 >= argc) {
                fprintf(stderr, "tarmac-diff: --ignore needs a list (time,cpu,disasm,id,mode or none)\n");
                return 2;
            }
            if (tm_ignore_parse(argv[++i], &o.ignore, bad)) {
                fprintf(stderr, "tarmac-diff: --ignore: unknown field '%s' (time, cpu, disasm, id, mode, none)\n", bad);
                return 2;
            }
        } else if (!strcmp(a, "--stats")) {
            o.stats = 1;
        } else if (!strcmp(a, "--check")) {
            o.check = 1;
        } else if (!strcmp(a, "--lenient")) {
            o.lenient = 1;
        } else if (!strcmp(a, "--no-progress")) {
            o.progress = 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "tarmac-diff: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (nfiles < 2) {
            files[nfiles++] = a;
        } else {
            fprintf(stderr, "tarmac-diff: too many files\n");
            return 2;
        }
    }
    int single = o.check || (o.stats && nfiles == 1);
    if ((single && nfiles != 1) || (!single && nfiles != 2)) {
        usage(stderr);
        return 2;
    }
    if (nfiles == 2 && !strcmp(files[0], "-") && !strcmp(files[1], "-")) {
        fprintf(stderr, "tarmac-diff: only one of A and B can be standard input\n");
        return 2;
    }
    static side sa, sb; /* large context buffers: not on the stack */
    if (open_side(&sa, files[0], &o)) return 2;
    int rc;
    if (single) {
        rc = scan_one(&sa, &o);
    } else {
        if (open_side(&sb, files[1], &o)) {
            tm_reader_close(sa.r);
            return 2;
        }
        rc = compare(&sa, &sb, &o);
        tm_reader_close(sb.r);
    }
    tm_reader_close(sa.r);
    return rc;
}

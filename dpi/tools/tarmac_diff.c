/* tarmac-diff: the trace matcher. Compares two traces of any dialects step by step (an instruction or
 * exception entry with its records) with the checker's value semantics (tm_diff_steps); validates (--check)
 * or counts (--stats) traces.
 * Exit status: 0 equal / valid, 1 divergent, 2 bad input or usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tarmac/diff.h"
#include "tarmac/number.h"
#include "tarmac/parse.h"
#include "tarmac/reader.h"
#include "tarmac/regs.h"
#include "tarmac/version.h"

#define KEEP 320       /* characters of a line kept for context */
#define CTX_MAX 64
#define RING 4096      /* lines kept for context: a whole step and the context before it */
#define CHUNK (1u << 20)
#define MAX_ERRORS 10  /* bad lines printed per file by default: a corrupt input must not flood the output */

/* Copies of the lines of a step, which its records' slices point into: chunks kept and reused, never moved. */
typedef struct chunk {
    struct chunk *next;
    size_t cap, used;
    char data[];
} chunk;

typedef struct arena {
    chunk *first, *cur;
} arena;

typedef struct side {
    const char *path;
    tm_reader *r;
    tm_record rec;
    tm_parse_state pstate;
    uint64_t records, lines, bad, kinds[TM_REC_KIND_COUNT];
    /* the last lines read, by record number (1-based) modulo RING, for context */
    char text[RING][KEEP];
    uint64_t line_no[RING];
    /* the step being compared: records, their record numbers; the opener of the next step waits in pending */
    tm_record *recs;
    uint64_t *num;
    size_t n, cap;
    int reset;                 /* the step is the reset step (records before the first opener) */
    tm_record pending;
    uint64_t pending_num;
    int has_pending, eof;
    tm_step_state st;
    arena text_of[2];          /* line copies; the one in use flips at each step */
    int which;
} side;
typedef struct opts {
    unsigned context, max_diffs, ignore, max_errors, profile;
    int stats, check, lenient, progress;
} opts;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: tarmac-diff [options] A B      compare two traces step by step, of any producers (plain or\n"
            "                                      gzip, '-' for stdin)\n"
            "       tarmac-diff --check A [B ...]  validate: every line must parse (a verdict per file, a total)\n"
            "       tarmac-diff --stats A [B]      record counts per kind\n"
            "options:\n"
            "  --context N     lines of context before a difference (default 5, at most %d)\n"
            "  --max-diffs N   report up to N differences before stopping (default 1)\n"
            "  --ignore LIST   fields to mask: time,cpu,disasm,id,mode or none (default time,disasm)\n"
            "  --lenient       lines that do not parse are warnings, counted and skipped, instead of errors (the\n"
            "                  count is in the verdict; still a failure when no instruction line parsed)\n"
            "  --max-errors N  print the first N bad lines of each file (default %d), then only their count\n"
            "  --no-progress   no progress on stderr even when it is a terminal\n"
            "  --profile P     what the traces may contain: arm (default: any Arm profile), armv6m, m, aarch32,\n"
            "                  aarch64, or other (another architecture: every register is foreign). Registers the\n"
            "                  profile knows are checked for their width, another profile's are errors, names no\n"
            "                  Arm profile models (t0, r13_mn, LO_BRANCH_INFO.VALID) are foreign: compared by name\n"
            "exit status: 0 equal, 1 divergent, 2 bad input or usage\n",
            CTX_MAX, MAX_ERRORS);
}

static void report_error(const tm_error *e)
{
    char buf[800];
    fprintf(stderr, "tarmac-diff: %s\n", tm_error_format(e, buf, sizeof buf));
}

/* A line that does not parse: printed while the file's count is under the cap, as an error or, under --lenient,
 * as a warning (the line is skipped); counted either way. */
static void bad_line(side *s, const opts *o, tm_error *e, const char *line, size_t len)
{
    e->line = tm_reader_line(s->r);
    snprintf(e->file, sizeof e->file, "%s", tm_reader_path(s->r));
    if (++s->bad > o->max_errors) return;
    char buf[800];
    fprintf(stderr, "tarmac-diff: %s%s\n", o->lenient ? "warning: " : "", tm_error_format(e, buf, sizeof buf));
    fprintf(stderr, "  %.*s\n", (int)(len > 300 ? 300 : len), line);
    if (s->bad == o->max_errors && o->max_errors)
        fprintf(stderr, "tarmac-diff: %s: further bad lines are counted, not printed (--max-errors)\n", s->path);
}

static char *arena_copy(arena *a, const char *line, size_t len)
{
    while (a->cur && a->cur->cap - a->cur->used < len + 1) a->cur = a->cur->next;
    if (!a->cur) {
        size_t cap = len + 1 > CHUNK ? len + 1 : CHUNK;
        chunk *c = malloc(sizeof *c + cap);
        if (!c) return NULL;
        c->cap = cap;
        c->used = 0;
        c->next = a->first;
        a->first = a->cur = c;
    }
    char *p = a->cur->data + a->cur->used;
    memcpy(p, line, len);
    p[len] = '\0';
    a->cur->used += len + 1;
    return p;
}

static void arena_reset(arena *a)
{
    for (chunk *c = a->first; c; c = c->next) c->used = 0;
    a->cur = a->first;
}

static void arena_free(arena *a)
{
    for (chunk *c = a->first, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    a->first = a->cur = NULL;
}

static void side_free(side *s)
{
    free(s->recs);
    free(s->num);
    arena_free(&s->text_of[0]);
    arena_free(&s->text_of[1]);
}

/* Room for one more record in the step. */
static int reserve_record(side *s)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        tm_record *nr = realloc(s->recs, cap * sizeof *nr);
        if (nr) s->recs = nr;
        uint64_t *nn = realloc(s->num, cap * sizeof *nn);
        if (nn) s->num = nn;
        if (!nr || !nn) return -1;
        s->cap = cap;
    }
    return 0;
}

/* Next step of one side into s->recs: the records up to the next opener (which is kept as pending). The first
 * step is the reset step, possibly empty. Returns TM_OK, TM_EOF or an error (reported). */
static int read_step(side *s, const opts *o)
{
    if (s->eof && !s->has_pending) return TM_EOF;
    s->n = 0;
    s->reset = !s->has_pending && s->records == 0;
    /* the pending opener's text is in the arena in use; lines of this step go to the other one */
    s->which = !s->which;
    arena_reset(&s->text_of[s->which]);
    if (s->has_pending) {
        if (reserve_record(s)) goto oom;
        s->recs[s->n] = s->pending;
        s->num[s->n++] = s->pending_num;
        s->has_pending = 0;
    }
    while (!s->eof) {
        const char *line;
        size_t len;
        tm_error e;
        int rc = tm_reader_next_line(s->r, &line, &len, &e);
        if (rc == TM_EOF) {
            s->eof = 1;
            break;
        }
        if (rc != TM_OK) {
            report_error(&e);
            return rc;
        }
        s->lines++;
        char *copy = arena_copy(&s->text_of[s->which], line, len);
        if (!copy || reserve_record(s)) goto oom;
        tm_record *rec = &s->recs[s->n]; /* parsed in place: no copy per record */
        rc = tm_parse_line_in(&s->pstate, copy, len, rec, &e);
        for (; rc == TM_OK; rc = tm_parse_more_in(&s->pstate, copy, len, rec, &e)) { /* records glued on one line */
            if (rec->kind != TM_REC_NONE) {
                uint64_t num = ++s->records;
                s->kinds[rec->kind]++;
                unsigned slot = (unsigned)(num % RING);
                size_t k = len < KEEP - 1 ? len : KEEP - 1;
                memcpy(s->text[slot], line, k);
                s->text[slot][k] = '\0';
                s->line_no[slot] = tm_reader_line(s->r);
                if (tm_step_opens(&s->st, rec) && (s->n > 0 || s->reset)) { /* an opener ends its line */
                    s->pending = *rec;
                    s->pending_num = num;
                    s->has_pending = 1;
                    return TM_OK;
                }
                s->num[s->n++] = num;
            }
            if (!s->pstate.more) break;
            if (reserve_record(s)) goto oom;
            rec = &s->recs[s->n];
        }
        if (rc != TM_OK) {
            s->pstate.more = 0;
            bad_line(s, o, &e, line, len);
            if (o->lenient) continue;
            return rc;
        }
    }
    return s->n || s->reset ? TM_OK : TM_EOF;
oom:
    fprintf(stderr, "tarmac-diff: out of memory\n");
    return TM_ERR_IO;
}

/* The line of record number num, when the ring still holds it. */
static void print_line(const side *s, const char *mark, const char *label, uint64_t num)
{
    if (num == 0 || s->records - num >= RING) return;
    unsigned slot = (unsigned)(num % RING);
    printf("  %s %s %s:%llu: %s\n", mark, label, s->path, (unsigned long long)s->line_no[slot], s->text[slot]);
}

static void print_context(const side *s, const char *label, unsigned context, uint64_t num)
{
    for (uint64_t k = num > context ? num - context : 1; k < num; k++) print_line(s, " ", label, k);
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
    s->pstate.profile = (uint8_t)o->profile; /* lines are parsed here, with this side's state */
    s->r = tm_reader_open(path, &ro, &e);
    if (!s->r) {
        report_error(&e);
        return -1;
    }
    return 0;
}

/* --lenient skips what does not parse: a trace in which no instruction parsed is not one this tool read. */
static int lenient_read_nothing(const side *s, const opts *o)
{
    if (!o->lenient || s->kinds[TM_REC_INSN]) return 0;
    fprintf(stderr, "tarmac-diff: %s: no instruction parsed (%llu of %llu lines skipped by --lenient): not a trace "
                    "this tool reads\n", s->path, (unsigned long long)s->bad, (unsigned long long)s->lines);
    return 1;
}

/* Read a whole trace: --check reports every bad line (the first --max-errors of them), --stats counts. */
static int scan_one(side *s, opts *o)
{
    for (;;) {
        const char *line;
        size_t len;
        tm_error e;
        int rc = tm_reader_next_line(s->r, &line, &len, &e);
        if (rc == TM_EOF) break;
        if (rc != TM_OK) {
            report_error(&e);
            if (o->check) printf("%s: unreadable after %llu lines: FAIL\n", s->path, (unsigned long long)s->lines);
            return 2;
        }
        s->lines++;
        rc = tm_parse_line_in(&s->pstate, line, len, &s->rec, &e);
        for (; rc == TM_OK; rc = tm_parse_more_in(&s->pstate, line, len, &s->rec, &e)) { /* records glued on one line */
            if (s->rec.kind != TM_REC_NONE) {
                s->records++;
                s->kinds[s->rec.kind]++;
            }
            if (!s->pstate.more) break;
        }
        if (rc != TM_OK) {
            s->pstate.more = 0;
            bad_line(s, o, &e, line, len);
            if (!o->check && !o->lenient) return 2;
            continue;
        }
        if (o->progress && (s->records & 0xfffff) == 0) progress(s, NULL);
    }
    if (o->progress) fputc('\n', stderr);
    if (o->stats) print_stats(s);
    int fail = s->bad != 0 && !o->lenient;
    if (s->records == 0 && !s->bad) {
        fprintf(stderr, "tarmac-diff: %s: no records\n", s->path);
        fail = 1;
    }
    if (lenient_read_nothing(s, o)) fail = 1;
    if (s->bad > o->max_errors)
        fprintf(stderr, "tarmac-diff: %s: %llu bad lines, the first %u printed\n", s->path, (unsigned long long)s->bad,
                o->max_errors);
    if (o->check)
        printf("%s: %llu lines, %llu records, %llu bad lines, %llu instructions: %s%s\n", s->path,
               (unsigned long long)s->lines, (unsigned long long)s->records, (unsigned long long)s->bad,
               (unsigned long long)s->kinds[TM_REC_INSN], fail ? "FAIL" : "ok",
               o->lenient && s->bad ? " (--lenient: the bad lines were skipped)" : "");
    else if (o->lenient && s->bad)
        printf("%s: %llu bad lines skipped (--lenient)\n", s->path, (unsigned long long)s->bad);
    return fail ? 2 : 0;
}

/* Record number of a step's record i, or of the step's opener (or the pending one) when i < 0. */
static uint64_t number_of(const side *s, long i)
{
    if (i >= 0) return s->num[i];
    if (s->n) return s->num[0];
    return s->has_pending ? s->pending_num : s->records;
}

/* What the comparison took as equal without comparing every digit, and what --lenient skipped: in the summary. */
static void print_notes(const tm_step_notes *n, const side *a, const side *b)
{
    if (n->status_without_effect)
        printf("  note: %llu steps executed in one trace and condition-failed in the other change nothing but the PC "
               "(a branch not taken): equal\n", (unsigned long long)n->status_without_effect);
    if (n->unknown_values)
        printf("  note: %llu register values compared on the digits both traces know (x, X, - not compared)\n",
               (unsigned long long)n->unknown_values);
    for (int i = 0; i < 2; i++)
        if (n->uncompared[i])
            printf("  note: %llu stack-pointer writes in %s not compared: %s writes no stack pointer (%s)\n",
                   (unsigned long long)n->uncompared[i], i ? b->path : a->path, i ? a->path : b->path,
                   n->uncompared_names[i]);
    for (const side *s = a; s; s = s == a ? b : NULL)
        if (s->bad) printf("  note: %llu bad lines of %s skipped (--lenient)\n", (unsigned long long)s->bad, s->path);
}

static int compare(side *a, side *b, opts *o)
{
    uint64_t steps = 0, ndiffs = 0;
    char why[1024];
    tm_step_cmp *cmp = tm_step_cmp_new();
    if (!cmp) {
        fprintf(stderr, "tarmac-diff: out of memory\n");
        return 2;
    }
    int rc = 0;
    for (;;) {
        int ra = read_step(a, o);
        if (ra != TM_OK && ra != TM_EOF) { rc = 2; break; }
        int rb = read_step(b, o);
        if (rb != TM_OK && rb != TM_EOF) { rc = 2; break; }
        if (ra == TM_EOF && rb == TM_EOF) break;
        if (ra == TM_EOF || rb == TM_EOF) {
            side *more = ra == TM_EOF ? b : a, *ended = ra == TM_EOF ? a : b;
            ndiffs++;
            printf("difference %llu: %s ends after %llu records; %s goes on:\n", (unsigned long long)ndiffs,
                   ended->path, (unsigned long long)ended->records, more->path);
            uint64_t at = more->num[0];
            print_context(more, more == a ? "A" : "B", o->context, at);
            print_line(more, ">", more == a ? "A" : "B", at);
            break;
        }
        steps++;
        if (o->progress && (steps & 0xfffff) == 0) progress(a, b);
        long ia, ib;
        int d = tm_diff_steps(cmp, a->recs, a->n, b->recs, b->n, a->reset && b->reset, o->ignore, &ia, &ib, why,
                              sizeof why);
        if (d < 0) {
            fprintf(stderr, "tarmac-diff: out of memory\n");
            rc = 2;
            break;
        }
        if (d == 0) continue;
        /* a side whose last step stops short of the other's: that side ended */
        if (ib < 0 && ia >= 0 && b->eof && !b->has_pending && (size_t)ia == a->n - 1) {
            ndiffs++;
            printf("difference %llu: %s ends after %llu records; %s goes on:\n", (unsigned long long)ndiffs, b->path,
                   (unsigned long long)b->records, a->path);
            print_context(a, "A", o->context, a->num[ia]);
            print_line(a, ">", "A", a->num[ia]);
            break;
        }
        ndiffs++;
        uint64_t na = number_of(a, ia), nb = number_of(b, ib);
        printf("difference %llu at record %llu:\n", (unsigned long long)ndiffs, (unsigned long long)na);
        print_context(a, "A", o->context, na);
        if (ia >= 0 || a->n) print_line(a, ">", "A", na);
        print_context(b, "B", o->context, nb);
        if (ib >= 0 || b->n) print_line(b, ">", "B", nb);
        printf("  differs: %s\n", why);
        if (ndiffs >= o->max_diffs) break;
    }
    tm_step_notes notes;
    tm_step_cmp_notes(cmp, &notes);
    tm_step_cmp_free(cmp);
    if (rc) return rc;
    if (o->progress) fputc('\n', stderr);
    if (a->records == 0 && b->records == 0) {
        fprintf(stderr, "tarmac-diff: no records in %s nor %s\n", a->path, b->path);
        return 2;
    }
    if (lenient_read_nothing(a, o) | lenient_read_nothing(b, o)) return 2;
    if (o->stats) {
        print_stats(a);
        print_stats(b);
    }
    printf("tarmac-diff: %llu records compared, %llu difference%s%s (%llu steps; %llu records in B)\n",
           (unsigned long long)a->records, (unsigned long long)ndiffs, ndiffs == 1 ? "" : "s",
           ndiffs ? "" : ": traces match", (unsigned long long)steps, (unsigned long long)b->records);
    print_notes(&notes, a, b);
    return ndiffs ? 1 : 0;
}

static int parse_count(const char *arg, const char *name, unsigned *out, unsigned min, unsigned max)
{
    uint64_t v;
    if (tm_parse_uint(arg, 10, min, max, &v)) {
        fprintf(stderr, "tarmac-diff: %s %s%s%s: expected a number from %u to %u\n", name, arg ? "'" : "",
                arg ? arg : "(missing)", arg ? "'" : "", min, max);
        return -1;
    }
    *out = (unsigned)v;
    return 0;
}

/* --check over several files: a verdict line per file, then a total; exit 0 only when every file passed. */
static int check_files(const char *const *files, int n, opts *o)
{
    static side s; /* large context buffers: not on the stack */
    int failed = 0;
    uint64_t lines = 0, insns = 0;
    for (int i = 0; i < n; i++) {
        memset(&s, 0, sizeof s);
        int rc = open_side(&s, files[i], o) ? 2 : scan_one(&s, o);
        if (s.r) tm_reader_close(s.r);
        if (rc && !s.r) printf("%s: cannot be read: FAIL\n", files[i]);
        failed += rc != 0;
        lines += s.lines;
        insns += s.kinds[TM_REC_INSN];
    }
    if (n > 1)
        printf("tarmac-diff: %d files checked, %d failed, %llu lines, %llu instructions\n", n, failed,
               (unsigned long long)lines, (unsigned long long)insns);
    return failed ? 2 : 0;
}

int main(int argc, char **argv)
{
    opts o = { 5, 1, TM_IGNORE_DEFAULT, MAX_ERRORS, 0, 0, 0, 0, isatty(2) };
    enum { MAX_FILES = 256 };
    const char *files[MAX_FILES];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("tarmac-diff %s\n", tm_version());
            return 0;
        } else if (!strcmp(a, "--context")) {
            if (parse_count(i + 1 < argc ? argv[++i] : NULL, a, &o.context, 0, CTX_MAX)) return 2;
        } else if (!strcmp(a, "--max-diffs")) {
            if (parse_count(i + 1 < argc ? argv[++i] : NULL, a, &o.max_diffs, 1, 1000000000)) return 2;
        } else if (!strcmp(a, "--max-errors")) {
            if (parse_count(i + 1 < argc ? argv[++i] : NULL, a, &o.max_errors, 0, 1000000000)) return 2;
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
        } else if (!strcmp(a, "--profile")) {
            if (i + 1 >= argc || !tm_profile_parse(argv[i + 1], &o.profile)) {
                fprintf(stderr, "tarmac-diff: --profile needs one of arm, armv6m, m, aarch32, aarch64, other\n");
                return 2;
            }
            i++;
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
        } else if (nfiles < MAX_FILES) {
            files[nfiles++] = a;
        } else {
            fprintf(stderr, "tarmac-diff: too many files\n");
            return 2;
        }
    }
    if (o.check && nfiles >= 1) return check_files(files, nfiles, &o);
    int single = o.stats && nfiles == 1;
    if ((single && nfiles != 1) || (!single && nfiles != 2)) {
        if (nfiles > 2) fprintf(stderr, "tarmac-diff: too many files\n");
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
        side_free(&sb);
    }
    tm_reader_close(sa.r);
    side_free(&sa);
    return rc;
}

/* tarmac-cov: merge the checker's functional coverage files (option coverage=, dpi/checker/tc_coverage.h) and report
 * them: a text summary with the holes listed, an HTML page, and the merged file, which merges again (farm jobs).
 * A hole (a bin no test hit) is either explained by the table below (why this core and configuration cannot
 * reach it, or where else it is covered) or counted as unexplained.
 *
 *   tarmac-cov merge <file>... [-o <merged>] [--text <summary>] [--html <page>] [--fail-on-holes]
 *
 * The text summary also goes to stdout. Each output is written whole (tarmac/outfile.h) and may be none of the
 * inputs nor another output. Exit status: 0; 1 with --fail-on-holes when a hole is unexplained; 2 on bad usage,
 * an unreadable or malformed file (file:line), an output that is an input, or a write error. Inputs are read as
 * tarmac/input.h reads them: regular files or FIFOs waited for a bounded time, at most 64 MiB each. */
#include <fnmatch.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tarmac/input.h"
#include "tarmac/number.h"
#include "tarmac/version.h"
#include "tarmac/outfile.h"

/* Holes that are no stimulus gap, with the reason shown in the report. fnmatch patterns, first match wins. */
static const struct {
    const char *pattern, *reason;
} reasons[] = {
    { "exception.entered_tail_chained", "tail_chain=0: the regression's goldens and core are built without "
                                        "tail-chaining (the default); golden/*.tc.tarmac.gz on build/sim/chk-tc "
                                        "cover it in make test (tests/integration/test_tail_chain.sh)" },
    { "mtb.tail_chain_entry", "tail_chain=0 (see exception.entered_tail_chained)" },
};
#define N_REASONS (sizeof reasons / sizeof reasons[0])

typedef struct bin {
    char *name;
    unsigned long long hits;
} bin;

static bin *bins;
static size_t n_bins, cap_bins;
static unsigned long long n_tests, n_failed;

static const char *reason_of(const char *name)
{
    for (size_t i = 0; i < N_REASONS; i++)
        if (!fnmatch(reasons[i].pattern, name, 0)) return reasons[i].reason;
    return NULL;
}

static bin *find_bin(const char *name, size_t hint)
{
    if (hint < n_bins && !strcmp(bins[hint].name, name)) return &bins[hint]; /* files list bins in one order */
    for (size_t i = 0; i < n_bins; i++)
        if (!strcmp(bins[i].name, name)) return &bins[i];
    if (n_bins == cap_bins) {
        cap_bins = cap_bins ? 2 * cap_bins : 1024;
        bins = realloc(bins, cap_bins * sizeof *bins);
        if (!bins) {
            fprintf(stderr, "tarmac-cov: out of memory\n");
            exit(2);
        }
    }
    bins[n_bins].name = strdup(name);
    bins[n_bins].hits = 0;
    return &bins[n_bins++];
}

/* *sum += x, refused when the sum no longer fits (a count never wraps). */
static int add_count(unsigned long long *sum, uint64_t x)
{
    if (x > ~0ull - *sum) return -1;
    *sum += x;
    return 0;
}

/* "# <key> <count>": 1 when line is that header with a valid count (added to *sum), 0 when it is another
 * comment, -1 when the count is malformed or overflows the sum. */
static int header_count(const char *line, const char *key, unsigned long long *sum)
{
    size_t n = strlen(key);
    if (strncmp(line, "# ", 2) || strncmp(line + 2, key, n) || line[2 + n] != ' ') return 0;
    uint64_t x;
    return tm_parse_uint(line + 3 + n, 10, 0, UINT64_MAX, &x) || add_count(sum, x) ? -1 : 1;
}

/* The largest coverage file read: one holds a few thousand short lines; a FIFO fed without end stops here. */
#define COVERAGE_MAX (64u << 20)

static int read_file(const char *path)
{
    unsigned char *data;
    size_t size;
    tm_error err;
    if (tm_input_read_all(path, COVERAGE_MAX, 0, "a coverage file", &data, &size, &err) != TM_OK) {
        char buf[600];
        fprintf(stderr, "tarmac-cov: %s\n", tm_error_format(&err, buf, sizeof buf));
        return 2;
    }
    unsigned long ln = 0;
    size_t k = 0;
    int tests_seen = 0, rc = 0;
    for (size_t at = 0; !rc && at < size;) {
        size_t n = 0;
        while (at + n < size && data[at + n] != '\n') n++;
        char *line = strndup((const char *)data + at, n); /* cut at a NUL byte too: such a line is malformed */
        at += n + 1;
        ln++;
        if (!line) {
            fprintf(stderr, "tarmac-cov: out of memory\n");
            rc = 2;
            break;
        }
        line[strcspn(line, "\r")] = '\0';
        if (line[0] == '#') {
            int t = header_count(line, "tests", &n_tests), x = t ? 0 : header_count(line, "failed", &n_failed);
            if (t < 0 || x < 0) {
                fprintf(stderr, "%s:%lu: expected a count that fits 64 bits, got '%.80s'\n", path, ln, line);
                rc = 2;
            }
            tests_seen |= t > 0;
            free(line);
            continue;
        }
        char *tab = strchr(line, '\t');
        uint64_t x;
        if (!tab || tab == line || tm_parse_uint(tab + 1, 10, 0, UINT64_MAX, &x)) {
            fprintf(stderr, "%s:%lu: expected <bin><TAB><hits>, got '%.80s'\n", path, ln, line);
            rc = 2;
        } else {
            *tab = '\0';
            if (add_count(&find_bin(line, k++)->hits, x)) {
                fprintf(stderr, "%s:%lu: the hits of %s no longer fit 64 bits\n", path, ln, line);
                rc = 2;
            }
        }
        free(line);
    }
    free(data);
    if (!rc && !tests_seen) {
        fprintf(stderr, "%s:1: not a coverage file (no '# tests' line)\n", path);
        rc = 2;
    }
    return rc;
}

/* The group of a bin: its name up to the first '.'. */
static size_t group_len(const char *name) { return strcspn(name, "."); }

typedef struct totals {
    size_t bins, hit, explained;
} totals;

static totals count(const char *group, size_t glen)
{
    totals t = { 0, 0, 0 };
    for (size_t i = 0; i < n_bins; i++) {
        if (group && (group_len(bins[i].name) != glen || strncmp(bins[i].name, group, glen))) continue;
        t.bins++;
        if (bins[i].hits) t.hit++;
        else if (reason_of(bins[i].name)) t.explained++;
    }
    return t;
}

/* Groups in the order they first appear. */
static int first_of_group(size_t i)
{
    size_t g = group_len(bins[i].name);
    for (size_t j = 0; j < i; j++)
        if (group_len(bins[j].name) == g && !strncmp(bins[j].name, bins[i].name, g)) return 0;
    return 1;
}

static void text(FILE *o)
{
    totals all = count(NULL, 0);
    fprintf(o, "coverage: %llu tests (%llu failed, their bins counted up to the failure)\n", n_tests, n_failed);
    fprintf(o, "%-12s %6s %6s %9s %7s\n", "group", "bins", "hit", "explained", "holes");
    for (size_t i = 0; i < n_bins; i++) {
        if (!first_of_group(i)) continue;
        size_t g = group_len(bins[i].name);
        totals t = count(bins[i].name, g);
        fprintf(o, "%-12.*s %6zu %6zu %9zu %7zu\n", (int)g, bins[i].name, t.bins, t.hit, t.explained,
                t.bins - t.hit - t.explained);
    }
    fprintf(o, "%-12s %6zu %6zu %9zu %7zu\n", "total", all.bins, all.hit, all.explained,
            all.bins - all.hit - all.explained);
    size_t holes = all.bins - all.hit - all.explained;
    if (holes) {
        fprintf(o, "holes (no test hit them):\n");
        for (size_t i = 0; i < n_bins; i++)
            if (!bins[i].hits && !reason_of(bins[i].name)) fprintf(o, "  %s\n", bins[i].name);
    }
    if (all.explained) {
        fprintf(o, "explained holes:\n");
        for (size_t i = 0; i < n_bins; i++)
            if (!bins[i].hits && reason_of(bins[i].name))
                fprintf(o, "  %s: %s\n", bins[i].name, reason_of(bins[i].name));
    }
    fprintf(o, "coverage: %zu of %zu bins hit, %zu explained, %zu holes\n", all.hit, all.bins, all.explained, holes);
}

static void html_text(FILE *o, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", o);
        else if (*s == '>') fputs("&gt;", o);
        else if (*s == '&') fputs("&amp;", o);
        else fputc(*s, o);
    }
}

static void html(FILE *o)
{
    totals all = count(NULL, 0);
    fprintf(o, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Lockstep coverage</title>\n<style>\n"
               "body{font-family:sans-serif;margin:2em} table{border-collapse:collapse;margin-bottom:1.5em}\n"
               "td,th{border:1px solid #ccc;padding:2px 8px;text-align:left} td.n{text-align:right}\n"
               ".hole{background:#f8d0d0} .explained{background:#e8e8e8} .hit{background:#d8f0d8}\n"
               "</style></head><body>\n<h1>Lockstep coverage</h1>\n");
    fprintf(o, "<p>%llu tests (%llu failed). %zu of %zu bins hit, %zu holes explained, <b>%zu holes</b>.</p>\n",
            n_tests, n_failed, all.hit, all.bins, all.explained, all.bins - all.hit - all.explained);
    fprintf(o, "<table><tr><th>group</th><th>bins</th><th>hit</th><th>explained</th><th>holes</th></tr>\n");
    for (size_t i = 0; i < n_bins; i++) {
        if (!first_of_group(i)) continue;
        size_t g = group_len(bins[i].name);
        totals t = count(bins[i].name, g);
        fprintf(o, "<tr><td><a href=\"#%.*s\">%.*s</a></td><td class=n>%zu</td><td class=n>%zu</td>"
                   "<td class=n>%zu</td><td class=n>%zu</td></tr>\n",
                (int)g, bins[i].name, (int)g, bins[i].name, t.bins, t.hit, t.explained,
                t.bins - t.hit - t.explained);
    }
    fprintf(o, "</table>\n");
    for (size_t i = 0; i < n_bins; i++) {
        if (!first_of_group(i)) continue;
        size_t g = group_len(bins[i].name);
        fprintf(o, "<h2 id=\"%.*s\">%.*s</h2>\n<table><tr><th>bin</th><th>hits</th><th>note</th></tr>\n", (int)g,
                bins[i].name, (int)g, bins[i].name);
        for (size_t j = i; j < n_bins; j++) {
            if (group_len(bins[j].name) != g || strncmp(bins[j].name, bins[i].name, g)) continue;
            const char *why = bins[j].hits ? NULL : reason_of(bins[j].name);
            fprintf(o, "<tr class=\"%s\"><td>", bins[j].hits ? "hit" : why ? "explained" : "hole");
            html_text(o, bins[j].name + g + 1);
            fprintf(o, "</td><td class=n>%llu</td><td>", bins[j].hits);
            html_text(o, why ? why : bins[j].hits ? "" : "hole");
            fprintf(o, "</td></tr>\n");
        }
        fprintf(o, "</table>\n");
    }
    fprintf(o, "</body></html>\n");
}

/* One output, whole (inputs: the files merged). */
static int write_to(const char *path, const char *const *inputs, void (*fn)(FILE *))
{
    tm_error err;
    tm_outfile *out = tm_outfile_open(path, inputs, &err);
    FILE *f = out ? tm_outfile_stream(out, &err) : NULL;
    if (f) fn(f);
    if (!f || tm_outfile_commit(out, &err) != TM_OK) {
        if (!f) tm_outfile_discard(out);
        char buf[600];
        fprintf(stderr, "tarmac-cov: %s\n", tm_error_format(&err, buf, sizeof buf));
        return 2;
    }
    return 0;
}

static void merged(FILE *o)
{
    fprintf(o, "# tarmac-cov 1\n# tests %llu\n# failed %llu\n", n_tests, n_failed);
    for (size_t i = 0; i < n_bins; i++) fprintf(o, "%s\t%llu\n", bins[i].name, bins[i].hits);
}

static int usage(void)
{
    fprintf(stderr, "usage: tarmac-cov merge <file>... [-o <merged>] [--text <summary>] [--html <page>] "
                    "[--fail-on-holes]\n");
    return 2;
}

/* tarmac-cov merge ...: inputs has room for argc paths (NULL-terminated). Returns the exit status. */
static int merge_main(int argc, char **argv, const char **inputs)
{
    const char *out = NULL, *txt = NULL, *page = NULL;
    int fail_on_holes = 0, files = 0;
    if (argc < 2 || strcmp(argv[1], "merge")) return usage();
    for (int i = 2; i < argc; i++) {
        const char **opt = !strcmp(argv[i], "-o") ? &out : !strcmp(argv[i], "--text") ? &txt
                         : !strcmp(argv[i], "--html") ? &page : NULL;
        if (opt) {
            if (i + 1 == argc) return usage();
            *opt = argv[++i];
        } else if (!strcmp(argv[i], "--fail-on-holes")) {
            fail_on_holes = 1;
        } else if (argv[i][0] == '-') {
            return usage();
        } else {
            if (read_file(argv[i])) return 2;
            inputs[files++] = argv[i];
        }
    }
    if (!files) return usage();
    const char *outs[] = { out, txt, page }, *flags[] = { "-o", "--text", "--html" };
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < i; k++)
            if (tm_same_file(outs[i], outs[k])) {
                fprintf(stderr, "tarmac-cov: %s and %s name the same file (%s)\n", flags[k], flags[i], outs[i]);
                return 2;
            }
    if ((out && write_to(out, inputs, merged)) || (txt && write_to(txt, inputs, text)) ||
        (page && write_to(page, inputs, html)))
        return 2;
    text(stdout);
    totals all = count(NULL, 0);
    return fail_on_holes && all.bins - all.hit - all.explained ? 1 : 0;
}

int main(int argc, char **argv)
{
    signal(SIGXFSZ, SIG_IGN); /* a file size limit is a write error with a message (EFBIG), not a kill */
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        printf("tarmac-cov %s\n", tm_version());
        return 0;
    }
    const char **inputs = calloc((size_t)argc, sizeof *inputs); /* NULL-terminated */
    if (!inputs) return 2;
    int rc = merge_main(argc, argv, inputs);
    free(inputs);
    return rc;
}

/* Trace library benchmark: generates a large synthetic M-profile golden (gzip), then times, in the same run,
 * `zcat`, `tarmac-diff --stats` (one-stream parse) and `tarmac-diff A A` (two streams), with their peak RSS,
 * and prints the ratios against zcat. Numbers are printed, never judged: a slow machine does not fail.
 * usage: bench_trace <tarmac-diff> <work dir> [lines] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "tarmac/writer.h"

typedef struct run {
    double seconds;
    long rss_kb;
    int status;
} run;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Run argv with stdout to /dev/null; wall time and the child's peak RSS. */
static run measure(char *const argv[])
{
    run r = { 0, 0, -1 };
    double t0 = now();
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        dup2(fd, 1);
        execvp(argv[0], argv);
        _exit(127);
    }
    int st;
    struct rusage ru;
    wait4(pid, &st, 0, &ru);
    r.seconds = now() - t0;
    r.rss_kb = ru.ru_maxrss;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

/* A realistic mix: an instruction line, its register writes, a memory access every few instructions. */
static int generate(const char *path, unsigned long lines)
{
    tm_out_options oo = { 1, 1, 1, NULL, NULL };
    tm_error e;
    tm_out *o = tm_out_open(path, &oo, &e);
    if (!o) {
        fprintf(stderr, "bench: %s\n", e.msg);
        return -1;
    }
    static const char *const dis[] = { "MOVS     r0,#0x16", "ADDS     r1,r1,r2", "LDR      r3,[r0,#4]",
                                       "STR      r3,[r1,#0]", "BNE      {pc}-0x1e ; 0x80a0", "PUSH     {r4-r7,lr}" };
    unsigned long n = 0, insn = 0;
    uint32_t pc = 0x80ac, x = 12345;
    char time_s[24];
    tm_record r;
    while (n < lines) {
        insn++;
        x = x * 1103515245u + 12345u;
        int len = snprintf(time_s, sizeof time_s, "%lu", insn);
        memset(&r, 0, sizeof r);
        r.h.time = (tm_str){ time_s, (uint32_t)len };
        r.h.scale = (tm_str){ "clk", 3 };
        r.h.cpu = -1;
        r.kind = TM_REC_INSN;
        r.u.insn.has_id = 1;
        r.u.insn.id = insn;
        r.u.insn.addr.va = pc;
        r.u.insn.addr.va_digits = 8;
        r.u.insn.opcode = 0x2000 | (x >> 20 & 0xfff);
        r.u.insn.opcode_digits = 4;
        r.u.insn.iset = (tm_str){ "T", 1 };
        r.u.insn.mode = (tm_str){ "thread", 6 };
        const char *d = dis[x % 6];
        r.u.insn.disasm = (tm_str){ d, (uint32_t)strlen(d) };
        tm_out_record(o, &r, TM_DIALECT_FASTMODELS, &e);
        n++;
        pc += 2;
        int kind = (int)(x >> 8) % 4;
        if (kind == 0 && n < lines) {
            tm_record m;
            memset(&m, 0, sizeof m);
            m.h = r.h;
            m.kind = TM_REC_MEM;
            m.u.mem.write = x & 1;
            m.u.mem.size = 4;
            m.u.mem.addr.va = 0x20000000 | (x & 0x3ffc);
            m.u.mem.addr.va_digits = 8;
            m.u.mem.data.v = x;
            m.u.mem.data.digits = 8;
            tm_out_record(o, &m, TM_DIALECT_FASTMODELS, &e);
            n++;
        }
        if (n < lines) {
            tm_record g;
            memset(&g, 0, sizeof g);
            g.h = r.h;
            g.kind = TM_REC_REG;
            char name[4] = { 'r', (char)('0' + x % 8), 0, 0 };
            g.u.reg.name = (tm_str){ name, 2 };
            g.u.reg.value.v = x ^ 0x5a5a;
            g.u.reg.value.digits = 8;
            tm_out_record(o, &g, TM_DIALECT_FASTMODELS, &e);
            n++;
        }
        if (kind == 1 && n < lines) {
            tm_record c;
            memset(&c, 0, sizeof c);
            c.h = r.h;
            c.kind = TM_REC_REG;
            c.u.reg.name = (tm_str){ "cpsr", 4 };
            c.u.reg.value.v = (x & 0xf0000000u) | 0x01000000u;
            c.u.reg.value.digits = 8;
            tm_out_record(o, &c, TM_DIALECT_FASTMODELS, &e);
            n++;
        }
    }
    return tm_out_close(o, &e) == TM_OK ? 0 : -1;
}

static void row(const char *what, run r, unsigned long lines, double ref, const char *ref_name)
{
    printf("  %-26s %7.3f s  %6.1f M lines/s  peak RSS %6.1f MB", what, r.seconds, (double)lines / r.seconds / 1e6,
           (double)r.rss_kb / 1024.0);
    if (ref > 0) printf("  ratio %.2fx %s", r.seconds / ref, ref_name);
    if (r.status != 0) printf("  (exit %d!)", r.status);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: bench_trace <tarmac-diff> <work dir> [lines]\n");
        return 2;
    }
    unsigned long lines = argc > 3 ? strtoul(argv[3], NULL, 10) : 6000000ul;
    char big[1024], small[1024];
    snprintf(big, sizeof big, "%s/bench_%lu.tarmac.gz", argv[2], lines);
    snprintf(small, sizeof small, "%s/bench_%lu.tarmac.gz", argv[2], lines / 4);
    double t0 = now();
    if (access(big, R_OK) != 0 && generate(big, lines)) return 1;
    if (access(small, R_OK) != 0 && generate(small, lines / 4)) return 1;
    printf("trace benchmark: %lu lines (gzip), generated in %.1f s\n", lines, now() - t0);

    char *zcat[] = { "zcat", big, NULL };
    char *stats[] = { argv[1], "--stats", "--no-progress", big, NULL };
    char *diff[] = { argv[1], "--no-progress", big, big, NULL };
    char *stats_small[] = { argv[1], "--stats", "--no-progress", small, NULL };
    run z = measure(zcat);
    run s = measure(stats);
    run d = measure(diff);
    run q = measure(stats_small);
    row("zcat", z, lines, 0, "");
    row("tarmac-diff --stats A", s, lines, z.seconds, "zcat (target <= 1.5)");
    row("tarmac-diff A A", d, lines, 2 * z.seconds, "two zcats (target <= 1.5)");
    printf("  peak RSS: %.1f MB for %lu lines, %.1f MB for %lu lines (target < 32 MB, independent of length)\n",
           (double)s.rss_kb / 1024.0, lines, (double)q.rss_kb / 1024.0, lines / 4);
    return 0;
}

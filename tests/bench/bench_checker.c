/* Checker benchmark: a long synthetic golden (instruction steps with register writes and memory accesses)
 * replayed through the C API as a perfect DUT would call it. Prints steps/s, ns per step and the ratio to
 * `zcat` of the same file, measured in the same run. With a program's ELF, also live mode beside file mode: the
 * calls a perfect core makes running it (recorded from the model first) replayed against the model's golden
 * file, then against the model running inside the checker (golden=live:<elf>); ns per step of each and the ratio.
 * usage: bench_checker <work dir> [steps] [elf] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "armv6m.h"
#include "tarmac/checker.h"
#include "tarmac/writer.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The content of step i, the same for the golden writer and the "RTL". */
typedef struct step {
    uint32_t pc, op, reg, value, mem, addr, data;
} step;

static step make_step(uint64_t i)
{
    uint32_t x = (uint32_t)(i * 2654435761u) ^ (uint32_t)(i >> 7);
    step s;
    s.pc = 0x100 + (uint32_t)(i % 4096) * 2;
    s.op = 0x2000 | (x & 0x7ff);
    s.reg = x % 8;
    s.value = x * 2246822519u;
    s.mem = (i % 4) == 0;
    s.addr = 0x20000000u | (x & 0xfffc);
    s.data = x ^ 0xa5a5a5a5u;
    return s;
}

static int write_golden(const char *path, uint64_t steps)
{
    tm_out_options oo = { 1, 1, 1, NULL, NULL };
    tm_error e;
    tm_out *o = tm_out_open(path, &oo, &e);
    if (!o) return -1;
    char t[24], name[4] = "r0";
    for (uint64_t i = 1; i <= steps; i++) {
        step s = make_step(i);
        tm_record r;
        memset(&r, 0, sizeof r);
        r.h.time = (tm_str){ t, (uint32_t)snprintf(t, sizeof t, "%llu", (unsigned long long)i) };
        r.h.scale = (tm_str){ "clk", 3 };
        r.h.cpu = -1;
        r.kind = TM_REC_INSN;
        r.u.insn.has_id = 1;
        r.u.insn.id = i;
        r.u.insn.addr.va = s.pc;
        r.u.insn.opcode = s.op;
        r.u.insn.opcode_digits = 4;
        r.u.insn.iset = (tm_str){ "T", 1 };
        r.u.insn.mode = (tm_str){ "thread", 6 };
        r.u.insn.disasm = (tm_str){ "movs r0, #1", 11 };
        tm_out_record(o, &r, TM_DIALECT_FASTMODELS, &e);
        if (s.mem) {
            tm_record m = r;
            memset(&m.u, 0, sizeof m.u);
            m.kind = TM_REC_MEM;
            m.u.mem.write = 1;
            m.u.mem.size = 4;
            m.u.mem.addr.va = s.addr;
            m.u.mem.data.v = s.data;
            m.u.mem.data.digits = 8;
            tm_out_record(o, &m, TM_DIALECT_FASTMODELS, &e);
        }
        tm_record g = r;
        memset(&g.u, 0, sizeof g.u);
        g.kind = TM_REC_REG;
        name[1] = (char)('0' + s.reg);
        g.u.reg.name = (tm_str){ name, 2 };
        g.u.reg.value.v = s.value;
        g.u.reg.value.digits = 8;
        tm_out_record(o, &g, TM_DIALECT_FASTMODELS, &e);
    }
    return tm_out_close(o, &e);
}

/* A perfect core's calls, recorded from the model's trace: each step's register writes and beats, then its
 * close. */
typedef struct call {
    uint8_t kind, a, b, c; /* 0 reg (a id), 1 beat (a write, b hsize), 2 retire (a is32, b taken) */
    uint32_t x, y;         /* reg: value; beat: addr, data; retire: pc, opcode */
} call;

typedef struct recorder {
    call *calls, *body;
    size_t n, cap, nbody, bodycap;
    call close;
    int have_close, bad;
    tm_out *out;
} recorder;

static void push(call **v, size_t *n, size_t *cap, call k)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 1 << 16;
        *v = realloc(*v, *cap * sizeof **v);
        if (!*v) abort();
    }
    (*v)[(*n)++] = k;
}

static void flush_step(recorder *r)
{
    for (size_t i = 0; i < r->nbody; i++) push(&r->calls, &r->n, &r->cap, r->body[i]);
    r->nbody = 0;
    if (r->have_close) push(&r->calls, &r->n, &r->cap, r->close);
    r->have_close = 0;
}

static void record(void *ctx, const tm_record *rec)
{
    recorder *r = ctx;
    tm_error e;
    tm_out_record(r->out, rec, TM_DIALECT_FASTMODELS, &e);
    if (rec->kind == TM_REC_INSN) {
        flush_step(r);
        const tm_insn *in = &rec->u.insn;
        r->close = (call){ 2, (uint8_t)(in->opcode_digits > 4), (uint8_t)(in->status != TM_INSN_IS), 0,
                           (uint32_t)in->addr.va, in->opcode };
        r->have_close = 1;
    } else if (rec->kind == TM_REC_REG) {
        int id = tm_reg_id_of(&rec->u.reg);
        if (id >= 0 && id != TM_REG_PC)
            push(&r->body, &r->nbody, &r->bodycap, (call){ 0, (uint8_t)id, 0, 0, (uint32_t)rec->u.reg.value.v, 0 });
    } else if (rec->kind == TM_REC_MEM) {
        const tm_mem *m = &rec->u.mem;
        uint32_t addr = (uint32_t)m->addr.va, lane = 8 * (addr & 3);
        push(&r->body, &r->nbody, &r->bodycap,
             (call){ 1, m->write, (uint8_t)(m->size == 4 ? 2 : m->size == 2 ? 1 : 0), 0, addr,
                     m->size == 4 ? (uint32_t)m->data.v : (uint32_t)m->data.v << lane });
    } else if (rec->kind == TM_REC_EVENT && rec->u.event.has_number && rec->u.event.number != 1) {
        r->bad = 1; /* an exception entry: the workload has none */
    }
}

static int replay(tc_checker *c, const call *calls, size_t n)
{
    int rc = TC_OK;
    for (size_t i = 0; i < n && rc == TC_OK; i++) {
        const call *k = &calls[i];
        if (k->kind == 0) rc = tc_reg_write(c, k->a, k->x);
        else if (k->kind == 1) rc = tc_ahb_beat(c, k->x, k->a, k->b, 1, k->y, 0);
        else rc = tc_retire(c, k->x, k->y, k->a, k->b);
    }
    return rc | tc_finish(c);
}

/* File mode and live mode on the same calls of the program elf; returns 0 when both pass. */
static int bench_live(const char *dir, const char *elf)
{
    char golden[1024], live[1100];
    snprintf(golden, sizeof golden, "%s/live_bench.tarmac.gz", dir);
    snprintf(live, sizeof live, "live:%s", elf);
    recorder r = { 0 };
    tm_out_options oo = { 1, 1, 1, NULL, NULL };
    tm_error e;
    r.out = tm_out_open(golden, &oo, &e);
    m6 *m = m6_create(NULL);
    if (!r.out || !m || m6_load_elf(m, elf, &e) != TM_OK) {
        fprintf(stderr, "bench_checker: cannot run %s on the model\n", elf);
        return 1;
    }
    m6_trace_to_sink(m, record, &r, 0);
    m6_set_console(m, NULL);
    if (m6_reset(m, &e) == TM_OK) m6_run(m, 0);
    flush_step(&r);
    tm_out_close(r.out, &e);
    uint64_t steps = m6_steps(m);
    m6_destroy(m);
    if (r.bad) {
        fprintf(stderr, "bench_checker: %s takes exceptions; the live benchmark wants a workload without\n", elf);
        return 1;
    }
    double t0 = now();
    tc_checker *c = tc_open(golden, "quiet=1", &e);
    int rc = c ? replay(c, r.calls, r.n) : TC_FAILED;
    double file = now() - t0;
    if (c && rc != TC_OK) fprintf(stderr, "%s", tc_report(c));
    tc_close(c);
    t0 = now();
    c = tc_open(live, "quiet=1", &e);
    int lrc = c ? replay(c, r.calls, r.n) : TC_FAILED;
    double lt = now() - t0;
    if (!c) fprintf(stderr, "bench_checker: %s\n", e.msg);
    else if (lrc != TC_OK) fprintf(stderr, "%s", tc_report(c));
    tc_close(c);
    printf("live mode: %llu steps of %s, %zu calls\n", (unsigned long long)steps, elf, r.n);
    printf("  file mode (golden file)  %7.3f s  %5.1f ns/step\n", file, 1e9 * file / (double)steps);
    printf("  live mode (model inside) %7.3f s  %5.1f ns/step  ratio %.2fx file mode; %+.1f ns/step\n", lt,
           1e9 * lt / (double)steps, lt / file, 1e9 * (lt - file) / (double)steps);
    free(r.calls);
    free(r.body);
    return rc != TC_OK || lrc != TC_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_checker <work dir> [steps]\n");
        return 2;
    }
    uint64_t steps = argc > 2 ? strtoull(argv[2], NULL, 10) : 10000000ull;
    char path[1024], cmd[1200];
    snprintf(path, sizeof path, "%s/checker_%llu.tarmac.gz", argv[1], (unsigned long long)steps);
    if (access(path, R_OK) != 0 && write_golden(path, steps) != 0) {
        fprintf(stderr, "bench_checker: cannot write %s\n", path);
        return 1;
    }
    snprintf(cmd, sizeof cmd, "zcat '%s' > /dev/null", path);
    double t0 = now();
    if (system(cmd) != 0) return 1;
    double zcat = now() - t0;

    tm_error e;
    t0 = now();
    tc_checker *c = tc_open(path, "quiet=1", &e);
    if (!c) {
        fprintf(stderr, "bench_checker: %s\n", e.msg);
        return 1;
    }
    int rc = TC_OK;
    for (uint64_t i = 1; i <= steps && rc == TC_OK; i++) {
        step s = make_step(i);
        if (s.mem) rc |= tc_ahb_beat(c, s.addr, 1, 2, 1, s.data, 0);
        rc |= tc_reg_write(c, (int)s.reg, s.value);
        rc |= tc_retire(c, s.pc, s.op, 0, 1);
    }
    rc |= tc_finish(c);
    double chk = now() - t0;
    if (rc != TC_OK) fprintf(stderr, "%s", tc_report(c));
    tc_close(c);
    printf("checker benchmark: %llu steps replayed through the C API\n", (unsigned long long)steps);
    printf("  zcat of the golden      %7.3f s\n", zcat);
    printf("  checker (read+compare)  %7.3f s  %6.2f M steps/s  %5.1f ns/step  ratio %.2fx zcat (target <= 2)\n",
           chk, (double)steps / chk / 1e6, 1e9 * chk / (double)steps, chk / zcat);
    if (argc > 3 && bench_live(argv[1], argv[3])) return 1;
    return rc == TC_OK ? 0 : 1;
}

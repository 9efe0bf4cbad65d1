/* Checker benchmark: a long synthetic golden (instruction steps with register writes and memory accesses)
 * replayed through the C API as a perfect DUT would call it. Prints steps/s, ns per step and the ratio to
 * `zcat` of the same file, measured in the same run. usage: bench_checker <work dir> [steps] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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
    tm_out_options oo = { 1, 1, 1, NULL };
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
    return rc == TC_OK ? 0 : 1;
}

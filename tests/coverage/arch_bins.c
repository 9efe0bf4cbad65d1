/* arch-bins: coverage bins generated from the tables the model runs on, counted over gzip Tarmac traces the model
 * wrote (the regression's goldens, made again by tests/coverage/arch_coverage.py).
 *  - encodings (tarmac/thumb.h's table, the encodings of each trace's architecture): each field of each encoding
 *    (thumb_syntax_fields, or the bits outside the mask for the ARMv7-M ones) at its minimum, its maximum and both
 *    sides of its sign boundary, a four-bit register field at SP, LR and PC; the unallocated opcodes one bit away
 *    from each encoding (an UNDEFINED opcode executed whose one-bit neighbour is the encoding); the UNDEFINED
 *    16-bit and 32-bit spaces;
 *  - the memory map (m6_memory_map, for mem_map=default and mps2): each region's first and last word, the first
 *    address past it, its alias at its decode width and 256 MiB up, each as an access the program made (the
 *    address a load or store computes, from the trace's register values, whether it faulted or not);
 *  - interrupt lines (IRQ0-31 and NMI): taken, taken again at its handler's return (the line held through the
 *    return), taken while another entry was stacking (late arrival), taken during an unstacking (tail-chained).
 * Each trace's configuration is the one its gzip header records (its architecture, memory map and MTB).
 *   arch-bins [--reasons FILE] [--out TSV] [--report TXT] <trace.tarmac.gz>...
 * TSV: "bin<TAB>hits" for every bin. TXT: bins reached of all, by class, and every bin not reached with its reason
 * from FILE ("<fnmatch pattern><TAB><reason>" lines, first match wins) or "NOT EXPLAINED". Exit 0; 1 when a bin not
 * reached has no reason; 2 on bad usage or an unreadable trace. */
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armv6m.h"
#include "tarmac/reader.h"
#include "tarmac/thumb.h"

typedef struct bin {
    char name[96];
    unsigned long long hits;
    unsigned archs;   /* an encoding's bin: its THUMB_ARCH_* bits; 0 for the others */
    int mps2;         /* a memory-map bin of mem_map=mps2 */
} bin;
static unsigned traced_archs; /* the architectures of the traces read */
static int traced_mps2;       /* a trace ran with mem_map=mps2 */
static bin *bins;
static size_t n_bins, cap_bins;

static size_t add_bin(const char *name)
{
    if (n_bins == cap_bins) {
        cap_bins = cap_bins ? 2 * cap_bins : 4096;
        bins = realloc(bins, cap_bins * sizeof *bins);
        if (!bins) { fprintf(stderr, "arch-bins: out of memory\n"); exit(2); }
    }
    snprintf(bins[n_bins].name, sizeof bins[n_bins].name, "%s", name);
    bins[n_bins].hits = 0;
    bins[n_bins].archs = 0;
    bins[n_bins].mps2 = 0;
    return n_bins++;
}

static bin *find_bin(const char *name)
{
    for (size_t i = 0; i < n_bins; i++)
        if (!strcmp(bins[i].name, name)) return &bins[i];
    return NULL;
}

static void hit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void hit(const char *fmt, ...)
{
    char name[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    bin *b = find_bin(name);
    if (b) b->hits++;
}

/* ---- encoding fields ---- */
typedef struct field {
    char name[16];
    uint32_t mask;
} field;

/* The fields of entry e: its syntax's, or the bits outside its mask split at the four-bit register positions. */
static size_t fields_of(const thumb_encoding *e, field *f)
{
    const char *s = thumb_syntax_fields(e->syntax);
    size_t n = 0;
    if (s) {
        while (*s && n < 8) {
            char name[16];
            unsigned mask;
            int used;
            if (sscanf(s, "%15[^:]:%x%n", name, &mask, &used) != 2) break;
            snprintf(f[n].name, sizeof f[n].name, "%s", name);
            f[n++].mask = mask;
            s += used;
            while (*s == ' ') s++;
        }
        return n;
    }
    uint32_t free_bits = ~e->mask;
    for (int lo = 0; lo < 32 && n < 8; lo += 4) {
        uint32_t m = free_bits & (0xfu << lo);
        if (!m) continue;
        /* hw1 3:0 (Rn), hw2 15:12 (Rt), 11:8 (Rd), 3:0 (Rm) are register fields when all four bits are free */
        int reg = m == 0xfu << lo && (lo == 16 || lo == 12 || lo == 8 || lo == 0);
        snprintf(f[n].name, sizeof f[n].name, "%s%d_%d", reg ? "R" : "f", lo + 3, lo);
        f[n++].mask = m;
    }
    return n;
}

static unsigned bits_of(uint32_t m) { return (unsigned)__builtin_popcount(m); }
static uint32_t gather(uint32_t op, uint32_t mask)
{
    uint32_t v = 0;
    for (unsigned i = 0, k = 0; i < 32; i++)
        if (mask >> i & 1) v |= (op >> i & 1) << k++;
    return v;
}

static uint32_t scatter(uint32_t v, uint32_t mask)
{
    uint32_t op = 0;
    for (unsigned i = 0, k = 0; i < 32; i++)
        if (mask >> i & 1) op |= (v >> k++ & 1) << i;
    return op;
}

/* Can the encoding hold value v in field f? Its fixed bits agree, and an opcode with it (the other free bits all
 * clear or all set) decodes to the encoding in one of its architectures: a value the table gives another
 * encoding (ADD (register) T2 with SP, which is ADD (SP plus register)) is no bin of this one. */
static int holds(thumb_id id, const field *f, uint32_t v)
{
    const thumb_encoding *e = thumb_entry(id);
    uint32_t bits = scatter(v, f->mask), is32 = (e->flags & THUMB_F_32BIT) != 0;
    if ((bits & e->mask) != (e->match & f->mask & e->mask)) return 0;
    uint32_t others = ~e->mask & ~f->mask & (is32 ? 0xffffffffu : 0xffffu);
    for (unsigned a = THUMB_ARCH_V6M; a <= THUMB_ARCH_V7EM; a <<= 1) {
        if (!(e->archs & a)) continue;
        uint32_t op = (e->match & ~f->mask) | bits;
        if (thumb_decode_arch(op, (int)is32, a) == id || thumb_decode_arch(op | others, (int)is32, a) == id) return 1;
    }
    return 0;
}

/* the values that matter of a field: names and values; returns the count */
static size_t field_values(const field *f, const char **label, uint32_t *val)
{
    unsigned w = bits_of(f->mask);
    uint32_t max = w >= 32 ? 0xffffffffu : (1u << w) - 1;
    size_t n = 0;
    if (f->name[0] == 'R' && w == 4) {
        label[n] = "r0"; val[n++] = 0;
        label[n] = "SP"; val[n++] = 13;
        label[n] = "LR"; val[n++] = 14;
        label[n] = "PC"; val[n++] = 15;
        return n;
    }
    label[n] = "min"; val[n++] = 0;
    label[n] = "max"; val[n++] = max;
    if (w >= 3 && f->name[0] != 'R') {
        label[n] = "below_sign"; val[n++] = (1u << (w - 1)) - 1;
        label[n] = "sign"; val[n++] = 1u << (w - 1);
    }
    return n;
}

static void make_encoding_bins(void)
{
    char name[96];
    for (unsigned id = 1; id < THUMB_ID_COUNT; id++) {
        const thumb_encoding *e = thumb_entry((thumb_id)id);
        field f[8];
        size_t nf = fields_of(e, f);
        for (size_t i = 0; i < nf; i++) {
            const char *label[4];
            uint32_t val[4];
            size_t nv = field_values(&f[i], label, val);
            for (size_t k = 0; k < nv; k++) {
                if (!holds((thumb_id)id, &f[i], val[k])) continue;
                snprintf(name, sizeof name, "enc.%.60s.%.15s=%s", e->name, f[i].name, label[k]);
                { size_t nb = add_bin(name); bins[nb].archs = e->archs; }
            }
        }
        /* only where an unallocated opcode is one bit away from the encoding, in one of its architectures */
        int beside = 0, is32 = (e->flags & THUMB_F_32BIT) != 0;
        for (unsigned a = THUMB_ARCH_V6M; a <= THUMB_ARCH_V7EM && !beside; a <<= 1)
            for (unsigned b = 0; b < (is32 ? 32u : 16u) && (e->archs & a); b++)
                if (e->mask >> b & 1 && thumb_decode_arch(e->match ^ (1u << b), is32, a) == thumb_undefined) beside = 1;
        if (beside) {
            snprintf(name, sizeof name, "enc.%.60s.undefined_beside", e->name);
            size_t nb = add_bin(name);
            bins[nb].archs = e->archs;
        }
    }
    add_bin("enc.UNDEFINED.16");
    add_bin("enc.UNDEFINED.32");
}

static void count_encoding(uint32_t op, int is32, unsigned arch_bit)
{
    thumb_id id = thumb_decode_arch(op, is32, arch_bit);
    if (id == thumb_undefined) {
        hit("enc.UNDEFINED.%d", is32 ? 32 : 16);
        for (unsigned b = 0; b < (is32 ? 32u : 16u); b++) {
            thumb_id nb = thumb_decode_arch(op ^ (1u << b), is32, arch_bit);
            if (nb != thumb_undefined) hit("enc.%s.undefined_beside", thumb_entry(nb)->name);
        }
        return;
    }
    const thumb_encoding *e = thumb_entry(id);
    field f[8];
    size_t nf = fields_of(e, f);
    for (size_t i = 0; i < nf; i++) {
        const char *label[4];
        uint32_t val[4];
        size_t nv = field_values(&f[i], label, val);
        uint32_t v = gather(op, f[i].mask);
        for (size_t k = 0; k < nv; k++)
            if (v == val[k]) hit("enc.%s.%s=%s", e->name, f[i].name, label[k]);
    }
}

/* ---- the memory map ---- */
static const char *const map_names[] = { "default", "mps2" };

static void make_memory_bins(void)
{
    char name[96];
    static const char *const edges[] = { "first", "last", "past", "alias_width", "alias_256m" };
    for (int mm = 0; mm < 2; mm++) {
        m6_config cfg;
        m6_config_defaults(&cfg);
        cfg.mem_map = mm;
        m6_region r[M6_REGIONS_MAX];
        size_t n = m6_memory_map(&cfg, r);
        for (size_t i = 0; i < n; i++)
            for (size_t k = 0; k < 5; k++) {
                snprintf(name, sizeof name, "mem.%s.%s.%s", map_names[mm], r[i].name, edges[k]);
                { size_t nb = add_bin(name); bins[nb].mps2 = mm; }
            }
    }
}

static uint32_t pow2_at_least(uint32_t v)
{
    uint32_t p = 1;
    while (p && p < v) p <<= 1;
    return p;
}

/* an access of len bytes at addr the program made on a system with configuration cfg */
static void count_access(const m6_config *cfg, uint32_t addr, unsigned len)
{
    m6_region r[M6_REGIONS_MAX];
    size_t n = m6_memory_map(cfg, r);
    const char *mm = map_names[cfg->mem_map == M6_MEM_MAP_MPS2];
    uint32_t w = addr & ~3u, wlast = (addr + len - 1) & ~3u;
    for (size_t i = 0; i < n; i++) {
        uint32_t first = r[i].base, last = r[i].base + r[i].size - 4, past = r[i].base + r[i].size;
        uint32_t aw = r[i].base + pow2_at_least(r[i].size), a256 = r[i].base ^ 0x10000000u;
        for (uint32_t a = w;; a += 4) {
            if (a == first) hit("mem.%s.%s.first", mm, r[i].name);
            if (a == last) hit("mem.%s.%s.last", mm, r[i].name);
            if (a == (past & ~3u)) hit("mem.%s.%s.past", mm, r[i].name);
            if (a == aw) hit("mem.%s.%s.alias_width", mm, r[i].name);
            if (a == a256) hit("mem.%s.%s.alias_256m", mm, r[i].name);
            if (a == wlast) break;
        }
    }
}

/* ---- interrupt lines ---- */
static void make_irq_bins(void)
{
    char name[96];
    static const char *const kinds[] = { "taken", "held_through_return", "raised_during_stacking",
                                         "raised_during_unstacking" };
    for (int l = -1; l < 32; l++)
        for (size_t k = 0; k < 4; k++) {
            if (l < 0) snprintf(name, sizeof name, "irq.NMI.%s", kinds[k]);
            else snprintf(name, sizeof name, "irq.IRQ%d.%s", l, kinds[k]);
            add_bin(name);
        }
}

static void irq_hit(unsigned exc, const char *kind)
{
    if (exc == M6_EXC_NMI) hit("irq.NMI.%s", kind);
    else if (exc >= M6_EXC_IRQ0 && exc < M6_EXC_COUNT) hit("irq.IRQ%u.%s", exc - M6_EXC_IRQ0, kind);
}

/* ---- one trace ---- */
typedef struct state {
    uint32_t r[16], msp, psp, control;
    int handler;
    /* the last exception event: its number, whether an instruction ran since, the handler whose return it was */
    unsigned last_entry, returned_from;
    int insn_since_entry;
} state;

static uint32_t sp_of(const state *s) { return !s->handler && (s->control & 2) ? s->psp : s->msp; }
static uint32_t reg_of(const state *s, unsigned n) { return n == 13 ? sp_of(s) : s->r[n & 15]; }

/* the bytes a load or store of the 16-bit ARMv6-M forms accesses: *len 0 when op is none */
static uint32_t access_of(const state *s, uint32_t pc, uint32_t op, thumb_id id, unsigned *len)
{
    const thumb_encoding *e = thumb_entry(id);
    *len = 0;
    unsigned regs = bits_of(op & 0xff);
    switch (e->syntax) {
    case THUMB_SYNTAX_RT_RN_RM:
        *len = strstr(e->name, "STRB") || strstr(e->name, "LDRB") || strstr(e->name, "LDRSB") ? 1
             : strstr(e->name, "H ") ? 2 : 4;
        return reg_of(s, thumb_rn(op)) + reg_of(s, thumb_rm(op));
    case THUMB_SYNTAX_RT_RN_IMM5W: *len = 4; return reg_of(s, thumb_rn(op)) + 4 * thumb_imm5(op);
    case THUMB_SYNTAX_RT_RN_IMM5H: *len = 2; return reg_of(s, thumb_rn(op)) + 2 * thumb_imm5(op);
    case THUMB_SYNTAX_RT_RN_IMM5B: *len = 1; return reg_of(s, thumb_rn(op)) + thumb_imm5(op);
    case THUMB_SYNTAX_RT_SP_IMM8: *len = 4; return sp_of(s) + 4 * thumb_imm8(op);
    case THUMB_SYNTAX_RT_PC_IMM8: *len = 4; return ((pc + 4) & ~3u) + 4 * thumb_imm8(op);
    case THUMB_SYNTAX_STM: case THUMB_SYNTAX_LDM:
        *len = 4 * (regs ? regs : 1);
        return reg_of(s, thumb_rdn8(op));
    case THUMB_SYNTAX_PUSH:
        regs += (op >> 8) & 1;
        *len = 4 * (regs ? regs : 1);
        return sp_of(s) - 4 * regs;
    case THUMB_SYNTAX_POP:
        regs += (op >> 8) & 1;
        *len = 4 * (regs ? regs : 1);
        return sp_of(s);
    default: return 0;
    }
}

static int read_trace(const char *path)
{
    tm_error err = { 0 };
    tm_reader *rd = tm_reader_open(path, NULL, &err);
    if (!rd) { fprintf(stderr, "arch-bins: %s: %s\n", path, err.msg); return -1; }
    m6_config cfg;
    m6_config_defaults(&cfg);
    const char *comment = tm_reader_gzip_comment(rd);
    if (comment) { /* "program=<name>,key=value,..." (model/trace.c): the configuration the model ran */
        char text[1024];
        snprintf(text, sizeof text, "%s", comment);
        char *p = strstr(text, "program=");
        if (p) { char *c = strchr(p, ','); if (c) memmove(p, c + 1, strlen(c + 1) + 1); else *p = 0; }
        tm_error cerr = { 0 };
        if (*text && m6_config_parse(&cfg, text, &cerr)) {
            fprintf(stderr, "arch-bins: %s: its header's configuration: %s\n", path, cerr.msg);
        }
    }
    unsigned arch_bit = 1u << cfg.arch;
    traced_archs |= arch_bit;
    traced_mps2 |= cfg.mem_map == M6_MEM_MAP_MPS2;
    state s = { .msp = 0, .handler = 0 };
    const char *line;
    size_t len;
    int rc;
    while ((rc = tm_reader_next_line(rd, &line, &len, &err)) == TM_OK) {
        char buf[256], kind[8] = "", a1[32] = "", a2[32] = "", a3[48] = "";
        size_t l = len < sizeof buf - 1 ? len : sizeof buf - 1;
        memcpy(buf, line, l);
        buf[l] = 0;
        unsigned long long t;
        if (sscanf(buf, "%llu clk %7s %31s %31s %47s", &t, kind, a1, a2, a3) < 3) continue;
        if (!strcmp(kind, "IT") || !strcmp(kind, "IS")) { /* (n) pc opcode T mode : text */
            char pcs[16], ops[16], mode[16];
            if (sscanf(buf, "%*u clk %*s (%*u) %15s %15s %*s %15s", pcs, ops, mode) != 3) continue;
            uint32_t pc = (uint32_t)strtoul(pcs, NULL, 16), op = (uint32_t)strtoul(ops, NULL, 16);
            int is32 = strlen(ops) > 4;
            s.handler = !strcmp(mode, "handler");
            s.insn_since_entry = 1;
            count_encoding(op, is32, arch_bit);
            if (!is32 && kind[1] == 'T') {
                thumb_id id = thumb_decode_arch(op, 0, arch_bit);
                unsigned n;
                uint32_t a = id == thumb_undefined ? 0 : access_of(&s, pc, op, id, &n);
                if (id != thumb_undefined && n) count_access(&cfg, a, n);
            }
        } else if (!strcmp(kind, "R")) {
            uint32_t v = (uint32_t)strtoul(a2, NULL, 16);
            if (a1[0] == 'r' && a1[1] >= '0' && a1[1] <= '9' && !strchr(a1, '_')) s.r[atoi(a1 + 1) & 15] = v;
            else if (!strcmp(a1, "r13_main") || !strcmp(a1, "MSP")) s.msp = v;
            else if (!strcmp(a1, "r13_process") || !strcmp(a1, "PSP")) s.psp = v;
            else if (!strcmp(a1, "CONTROL")) s.control = v;
        } else if (!strcmp(kind, "E")) { /* E <return address | EXC_RETURN> <number> CoreEvent_<name> */
            uint32_t from = (uint32_t)strtoul(a1, NULL, 16);
            unsigned exc = (unsigned)strtoul(a2, NULL, 16);
            if (!strncmp(a3, "CoreEvent_", 10) && strcmp(a3, "CoreEvent_ModeChange") && strcmp(a3, "CoreEvent_RESET")) {
                irq_hit(exc, "taken");
                if (!s.insn_since_entry && s.last_entry && s.last_entry != exc && (from >> 28) != 0xf)
                    irq_hit(exc, "raised_during_stacking"); /* entered instead of the one whose stacking ran */
                if ((from >> 28) == 0xf) {              /* entered from an exception return (EXC_RETURN) */
                    irq_hit(exc, "raised_during_unstacking");
                    if (exc == s.returned_from) irq_hit(exc, "held_through_return");
                }
                s.last_entry = exc;
                s.insn_since_entry = 0;
                s.handler = 1;
            }
        }
        /* a return from handler mode: BX/POP of an EXC_RETURN, seen as the IT's mode going back or a tail-chain */
        if ((!strcmp(kind, "IT") || !strcmp(kind, "IS")) && s.handler) s.returned_from = s.last_entry;
    }
    tm_reader_close(rd);
    if (rc != TM_EOF) { fprintf(stderr, "arch-bins: %s: %s\n", path, err.msg); return -1; }
    return 0;
}

/* why a bin no trace could reach is not run, or NULL */
static const char *not_run(const bin *b)
{
    if (b->archs && !(b->archs & traced_archs)) return "not run: no trace of an architecture this encoding belongs to";
    if (b->mps2 && !traced_mps2) return "not run: no trace ran with mem_map=mps2";
    return NULL;
}

int main(int argc, char **argv)
{
    const char *reasons_path = NULL, *out = NULL, *report = NULL;
    int i = 1;
    for (; i < argc && !strncmp(argv[i], "--", 2); i++) {
        if (i + 1 >= argc) break;
        if (!strcmp(argv[i], "--reasons")) reasons_path = argv[++i];
        else if (!strcmp(argv[i], "--out")) out = argv[++i];
        else if (!strcmp(argv[i], "--report")) report = argv[++i];
        else break;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: arch-bins [--reasons FILE] [--out TSV] [--report TXT] <trace.tarmac.gz>...\n");
        return 2;
    }
    make_encoding_bins();
    make_memory_bins();
    make_irq_bins();
    for (; i < argc; i++)
        if (read_trace(argv[i])) return 2;
    /* reasons */
    char (*pat)[128] = NULL, (*why)[256] = NULL;
    size_t n_reasons = 0;
    if (reasons_path) {
        FILE *f = fopen(reasons_path, "r");
        if (!f) { fprintf(stderr, "arch-bins: %s: cannot read\n", reasons_path); return 2; }
        char ln[512];
        unsigned no = 0;
        while (fgets(ln, sizeof ln, f)) {
            no++;
            if (ln[0] == '#' || ln[0] == '\n') continue;
            char *tab = strchr(ln, '\t');
            if (!tab) { fprintf(stderr, "%s:%u:1: arch-bins: expected <pattern><TAB><reason>\n", reasons_path, no); fclose(f); return 2; }
            *tab = 0;
            tab[strcspn(tab + 1, "\n") + 1] = 0;
            pat = realloc(pat, (n_reasons + 1) * sizeof *pat);
            why = realloc(why, (n_reasons + 1) * sizeof *why);
            snprintf(pat[n_reasons], sizeof pat[0], "%.127s", ln);
            snprintf(why[n_reasons], sizeof why[0], "%.255s", tab + 1);
            n_reasons++;
        }
        fclose(f);
    }
    if (out) {
        FILE *f = fopen(out, "w");
        if (!f) { fprintf(stderr, "arch-bins: %s: cannot write\n", out); return 2; }
        for (size_t b = 0; b < n_bins; b++) fprintf(f, "%s\t%llu\n", bins[b].name, bins[b].hits);
        if (fclose(f)) { fprintf(stderr, "arch-bins: %s: write error\n", out); return 2; }
    }
    FILE *r = report ? fopen(report, "w") : stdout;
    if (!r) { fprintf(stderr, "arch-bins: %s: cannot write\n", report); return 2; }
    static const char *const classes[] = { "enc.", "mem.", "irq." };
    size_t unexplained = 0, reached_all = 0, run_all = 0;
    for (size_t c = 0; c < 3; c++) {
        size_t tot = 0, got = 0, run = 0;
        for (size_t b = 0; b < n_bins; b++)
            if (!strncmp(bins[b].name, classes[c], 4)) {
                tot++;
                got += bins[b].hits > 0;
                run += !not_run(&bins[b]);
            }
        fprintf(r, "%s bins: %zu of %zu reached (of the %zu whose architecture and memory map a trace ran: %.1f%%)\n",
                (const char *[]){ "field", "memory-map", "interrupt-line" }[c], got, tot, run,
                run ? 100.0 * (double)got / (double)run : 0.0);
        reached_all += got;
        run_all += run;
    }
    fprintf(r, "all bins: %zu of %zu reached, %zu of them run\n", reached_all, n_bins, run_all);
    for (size_t b = 0; b < n_bins; b++) {
        if (bins[b].hits) continue;
        const char *w = not_run(&bins[b]);
        for (size_t k = 0; k < n_reasons && !w; k++)
            if (!fnmatch(pat[k], bins[b].name, 0)) w = why[k];
        if (!w) unexplained++;
        fprintf(r, "unreached %s: %s\n", bins[b].name, w ? w : "NOT EXPLAINED");
    }
    fprintf(r, "%zu unreached bins without a reason\n", unexplained);
    if (report && fclose(r)) { fprintf(stderr, "arch-bins: %s: write error\n", report); return 2; }
    return unexplained ? 1 : 0;
}

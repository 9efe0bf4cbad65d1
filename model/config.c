/* The model's configuration options: one table of key, default, meaning, parser and printer. The defaults are
 * the choices every committed golden was made with; model/ARCHITECTURE.md ("Configuration") says what the
 * architecture permits for each and what Cortex-M0/M0+ do. Unknown keys and bad values are errors that name
 * them. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armv6m.h"
#include "tarmac/number.h"

/* A bad option is the caller's argument: TM_ERR_ARG, with no file or line (the caller knows where it came from). */
__attribute__((format(printf, 2, 3))) static int fail(tm_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = tm_error_vset(err, TM_ERR_ARG, NULL, 0, fmt, ap);
    va_end(ap);
    return rc;
}

/* A whole unsigned number, decimal or 0x hex (never octal: 010 is ten), at most max. */
static int number(const char *v, unsigned long long max, uint32_t *out)
{
    uint64_t x;
    if (tm_parse_uint(v, 0, 0, max, &x)) return -1;
    *out = (uint32_t)x;
    return 0;
}

#define BAD(key, what) fail(err, "configuration %s: '%.64s' is not %s", key, v, what)

static int set_lr_reset(m6_config *c, const char *v, tm_error *err)
{
    return number(v, 0xffffffffull, &c->lr_reset) ? BAD("lr_reset", "a 32-bit value") : 0;
}

static int set_cpuid(m6_config *c, const char *v, tm_error *err)
{
    return number(v, 0xffffffffull, &c->cpuid) ? BAD("cpuid", "a 32-bit value") : 0;
}

static int set_bool(int *out, const char *v)
{
    uint32_t x;
    if (number(v, 1, &x)) return -1;
    *out = (int)x;
    return 0;
}

static int set_mtb(m6_config *c, const char *v, tm_error *err)
{
    return set_bool(&c->mtb, v) ? BAD("mtb", "0 or 1") : 0;
}

/* The SFRs' 4 KiB page must not overlap a region the bus decodes first (model/mem.c) or the PPB. */
static int set_mtb_base(m6_config *c, const char *v, tm_error *err)
{
    static const struct { uint32_t base, size; } taken[] = {
        { M6_CODE_BASE, M6_CODE_SIZE }, { M6_SRAM_BASE, M6_SRAM_SIZE }, { M6_MTBRAM_BASE, M6_MTBRAM_SIZE },
        { 0xE0000000u, 0x00100000u } /* the Private Peripheral Bus, the SCS in it */
    };
    uint32_t x;
    if (number(v, 0xffffffffull, &x) || (x & 0xfff)) return BAD("mtb_base", "a 4 KiB aligned 32-bit address");
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++)
        if (x + 0x1000ull > taken[i].base && x < (uint64_t)taken[i].base + taken[i].size)
            return BAD("mtb_base", "clear of code, SRAM, MTB SRAM and the PPB (0xE0000000-0xE00FFFFF)");
    c->mtb_base = x;
    return 0;
}

static int set_num_irq(m6_config *c, const char *v, tm_error *err)
{
    uint32_t x;
    if (number(v, 32, &x) || x < 1) return BAD("num_irq", "a number of interrupts (1-32)");
    c->num_irq = x;
    return 0;
}

static int set_systick(m6_config *c, const char *v, tm_error *err)
{
    if (!strcmp(v, "insn")) c->systick = M6_SYSTICK_INSN;
    else if (!strcmp(v, "cycles")) c->systick = M6_SYSTICK_CYCLES;
    else return BAD("systick", "insn or cycles");
    return 0;
}

static int set_tail_chain(m6_config *c, const char *v, tm_error *err)
{
    return set_bool(&c->tail_chain, v) ? BAD("tail_chain", "0 or 1") : 0;
}

static int set_late_arrival(m6_config *c, const char *v, tm_error *err)
{
    return set_bool(&c->late_arrival, v) ? BAD("late_arrival", "0 or 1") : 0;
}

/* r0-r12 at reset: a value, or "unknown" */
static int set_r_reset(m6_config *c, const char *v, tm_error *err)
{
    if (!strcmp(v, "unknown")) {
        c->r_reset = 0;
        c->r_reset_unknown = 1;
        return 0;
    }
    if (number(v, 0xffffffffull, &c->r_reset)) return BAD("r_reset", "a 32-bit value or unknown");
    c->r_reset_unknown = 0;
    return 0;
}

static int set_vtor(m6_config *c, const char *v, tm_error *err)
{
    return set_bool(&c->vtor, v) ? BAD("vtor", "0 or 1") : 0;
}

static int set_syst_calib(m6_config *c, const char *v, tm_error *err)
{
    return number(v, 0xffffffffull, &c->syst_calib) ? BAD("syst_calib", "a 32-bit value") : 0;
}

static int set_sw_pend(m6_config *c, const char *v, tm_error *err)
{
    if (!strcmp(v, "store")) c->sw_pend = M6_PEND_STORE;
    else if (!strcmp(v, "barrier")) c->sw_pend = M6_PEND_BARRIER;
    else if (!strcmp(v, "next")) c->sw_pend = M6_PEND_NEXT;
    else return BAD("sw_pend", "store, barrier or next");
    return 0;
}

static int set_abandon_unstack(m6_config *c, const char *v, tm_error *err)
{
    return set_bool(&c->abandon_unstack, v) ? BAD("abandon_unstack", "0 or 1") : 0;
}

/* A value out of a list of names, its index into *out. */
static int named(const char *v, const char *const *names, size_t n, int *out)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(v, names[i])) { *out = (int)i; return 0; }
    return -1;
}
static const char *const arch_names[] = { "v6-m", "v7-m", "v7e-m" };
static const char *const mem_map_names[] = { "default", "mps2" };
static int set_arch(m6_config *c, const char *v, tm_error *err)
{
    return named(v, arch_names, 3, &c->arch) ? BAD("arch", "v6-m, v7-m or v7e-m") : 0;
}
static int set_mem_map(m6_config *c, const char *v, tm_error *err)
{
    return named(v, mem_map_names, 2, &c->mem_map) ? BAD("mem_map", "default or mps2") : 0;
}
static int get_arch(const m6_config *c, char *b, size_t n) { return snprintf(b, n, "%s", arch_names[c->arch]); }
static int get_mem_map(const m6_config *c, char *b, size_t n) { return snprintf(b, n, "%s", mem_map_names[c->mem_map]); }
static const char *const nmi_names[] = { "edge", "level" };
static int set_nmi(m6_config *c, const char *v, tm_error *err)
{
    return named(v, nmi_names, 2, &c->nmi_level) ? BAD("nmi", "edge or level") : 0;
}
static int get_nmi(const m6_config *c, char *b, size_t n) { return snprintf(b, n, "%s", nmi_names[c->nmi_level]); }

static int set_shcsr(m6_config *c, const char *v, tm_error *err)
{
    return set_bool(&c->shcsr, v) ? BAD("shcsr", "0 or 1") : 0;
}

/* the flags at reset: a value with nothing but N Z C V (bits 31:28), or "unknown" */
static int set_apsr_reset(m6_config *c, const char *v, tm_error *err)
{
    if (!strcmp(v, "unknown")) {
        c->apsr_reset = 0;
        c->apsr_reset_unknown = 1;
        return 0;
    }
    uint32_t x;
    if (number(v, 0xffffffffull, &x) || (x & 0x0fffffffu))
        return BAD("apsr_reset", "a value of N Z C V (bits 31:28 only) or unknown");
    c->apsr_reset = x;
    c->apsr_reset_unknown = 0;
    return 0;
}

static int hex(char *buf, size_t size, uint32_t v) { return snprintf(buf, size, "0x%08x", v); }
static int dec(char *buf, size_t size, uint32_t v) { return snprintf(buf, size, "%u", v); }
static int get_lr_reset(const m6_config *c, char *b, size_t n) { return hex(b, n, c->lr_reset); }
static int get_cpuid(const m6_config *c, char *b, size_t n) { return hex(b, n, c->cpuid); }
static int get_mtb(const m6_config *c, char *b, size_t n) { return dec(b, n, (uint32_t)c->mtb); }
static int get_mtb_base(const m6_config *c, char *b, size_t n) { return hex(b, n, c->mtb_base); }
static int get_num_irq(const m6_config *c, char *b, size_t n) { return dec(b, n, c->num_irq); }
static int get_systick(const m6_config *c, char *b, size_t n)
{
    return snprintf(b, n, "%s", c->systick == M6_SYSTICK_CYCLES ? "cycles" : "insn");
}
static int get_tail_chain(const m6_config *c, char *b, size_t n) { return dec(b, n, (uint32_t)c->tail_chain); }
static int get_late_arrival(const m6_config *c, char *b, size_t n) { return dec(b, n, (uint32_t)c->late_arrival); }
static int get_r_reset(const m6_config *c, char *b, size_t n)
{
    return c->r_reset_unknown ? snprintf(b, n, "unknown") : hex(b, n, c->r_reset);
}
static int get_vtor(const m6_config *c, char *b, size_t n) { return dec(b, n, (uint32_t)c->vtor); }
static int get_syst_calib(const m6_config *c, char *b, size_t n) { return hex(b, n, c->syst_calib); }
static int get_sw_pend(const m6_config *c, char *b, size_t n)
{
    static const char *const name[] = { [M6_PEND_STORE] = "store", [M6_PEND_BARRIER] = "barrier",
                                        [M6_PEND_NEXT] = "next" };
    return snprintf(b, n, "%s", name[c->sw_pend]);
}
static int get_abandon_unstack(const m6_config *c, char *b, size_t n)
{
    return dec(b, n, (uint32_t)c->abandon_unstack);
}

static int get_shcsr(const m6_config *c, char *b, size_t n) { return dec(b, n, (uint32_t)c->shcsr); }
static int get_apsr_reset(const m6_config *c, char *b, size_t n)
{
    return c->apsr_reset_unknown ? snprintf(b, n, "unknown") : hex(b, n, c->apsr_reset);
}

typedef struct option {
    m6_config_info info;
    int (*set)(m6_config *c, const char *v, tm_error *err);
    int (*get)(const m6_config *c, char *buf, size_t size);
} option;

/* The options in the order the golden's record and the docs list them. Defaults are applied by parsing these
 * texts. */
static const option options[] = {
    { { "lr_reset", "0xffffffff", "LR at reset (the architecture leaves it UNKNOWN; Cortex-M0/M0+: 0xFFFFFFFF)" },
      set_lr_reset, get_lr_reset },
    { { "cpuid", "0x410cc601", "SCB CPUID (0x410CC601: Cortex-M0+ r0p1; 0x410CC200: Cortex-M0 r0p0)" }, set_cpuid,
      get_cpuid },
    { { "mtb", "1", "1: the MTB is present; 0: its SFRs and SRAM are unmapped (bus error), no packets" }, set_mtb,
      get_mtb },
    { { "mtb_base", "0xf0000000", "base of the MTB SFRs (4 KiB aligned; the MTB SRAM stays at 0x24000000)" },
      set_mtb_base, get_mtb_base },
    { { "num_irq", "32", "external interrupts implemented (1-32); NVIC bits of the others are RAZ/WI" },
      set_num_irq, get_num_irq },
    { { "systick", "insn", "insn: SysTick decrements once per retired instruction; cycles: the embedding calls "
                           "m6_systick_tick" }, set_systick, get_systick },
    { { "tail_chain", "0", "1: tail-chaining (model/ARCHITECTURE.md)" }, set_tail_chain, get_tail_chain },
    { { "late_arrival", "0", "1: late arrival (model/ARCHITECTURE.md)" }, set_late_arrival, get_late_arrival },
    { { "r_reset", "0x00000000", "r0-r12 at reset: a value, or unknown (never compared, nor what is computed from "
                                 "them; Cortex-M0: 0xFFFFFFFF)" }, set_r_reset, get_r_reset },
    { { "vtor", "1", "1: VTOR is implemented; 0: it reads 0 and ignores writes (Cortex-M0)" }, set_vtor, get_vtor },
    { { "syst_calib", "0x00000000", "what SYST_CALIB reads (Cortex-M0 r0p0: 0xC0000000 here)" }, set_syst_calib,
      get_syst_calib },
    { { "sw_pend", "store", "store: a software-pended exception is taken after the store; barrier: only after the "
                            "next DSB or ISB; next: after one more instruction (Cortex-M0)" }, set_sw_pend,
      get_sw_pend },
    { { "abandon_unstack", "0", "1: an exception arriving during unstacking is tail-chained on the frame "
                                "(model/ARCHITECTURE.md)" }, set_abandon_unstack, get_abandon_unstack },
    { { "shcsr", "1", "1: SHCSR is implemented (SVCALLPENDED); 0: it reads 0 and ignores writes (Cortex-M0)" },
      set_shcsr, get_shcsr },
    { { "apsr_reset", "0x00000000", "the flags N Z C V at reset: a value (bits 31:28), or unknown (never compared, "
                                    "nor what is computed from them; Cortex-M0)" }, set_apsr_reset, get_apsr_reset },
    { { "arch", "v6-m", "the architecture: v6-m, v7-m (Cortex-M3) or v7e-m (Cortex-M4, the DSP extension)" },
      set_arch, get_arch },
    { { "mem_map", "default", "default: the reference system's memory map; mps2: QEMU's MPS2 boards' (4 MiB of code "
                              "at 0, 4 MiB of SRAM at 0x20000000)" }, set_mem_map, get_mem_map },
    { { "nmi", "edge", "edge: the NMI input pends NMI on its rising edge; level: while high, so a line still high when "
                       "the NMI handler returns pends it again (Cortex-M0)" }, set_nmi, get_nmi },
};

/* Named sets of options (preset=<name>): what a known core chooses, applied in order on top of the configuration
 * so far. model/ARCHITECTURE.md, "Configuration" gives the evidence for each. Cortex-M0 r0p0 from recordings of
 * the core; Cortex-M0+, M3 and M4 from their manuals, with the architecture's UNKNOWN where a manual gives no
 * value (r0-r12 at reset: 0 on the M3 and M4, whose ARMv7-M instructions the model's UNKNOWN tracking does not
 * follow yet), the model's architectural defaults for the rest, and (M3, M4) the MPS2 boards' memory map, where
 * QEMU runs them. The system's other choices (MTB, number of interrupts, SysTick's clock and SYST_CALIB, but for the
 * Cortex-M0's measured one) stay as they are. */
static const struct {
    const char *name, *options;
} presets[] = {
    { "cortex-m0", "arch=v6-m,mem_map=default,cpuid=0x410cc200,r_reset=unknown,vtor=0,syst_calib=0xc0000000,"
                   "sw_pend=next,tail_chain=1,late_arrival=1,abandon_unstack=1,shcsr=0,apsr_reset=unknown,nmi=level" },
    { "cortex-m0plus", "arch=v6-m,mem_map=default,cpuid=0x410cc601,r_reset=unknown,vtor=1,sw_pend=store,"
                       "tail_chain=1,late_arrival=1,abandon_unstack=0,shcsr=1,apsr_reset=unknown,nmi=edge" },
    { "cortex-m3", "arch=v7-m,mem_map=mps2,cpuid=0x412fc231,r_reset=0x00000000,vtor=1,sw_pend=store,tail_chain=1,"
                   "late_arrival=1,abandon_unstack=0,shcsr=1,apsr_reset=0x00000000,nmi=edge" },
    { "cortex-m4", "arch=v7e-m,mem_map=mps2,cpuid=0x410fc241,r_reset=0x00000000,vtor=1,sw_pend=store,tail_chain=1,"
                   "late_arrival=1,abandon_unstack=0,shcsr=1,apsr_reset=0x00000000,nmi=edge" },
};
#define N_PRESETS (sizeof presets / sizeof presets[0])
#define N_OPTIONS (sizeof options / sizeof options[0])

int m6_config_omits_default(const char *key)
{
    if (!key) return 0;
    return !strcmp(key, "arch") || !strcmp(key, "mem_map") || !strcmp(key, "nmi");
}

const m6_config_info *m6_config_at(size_t i) { return i < N_OPTIONS ? &options[i].info : NULL; }

int m6_config_index(const char *key)
{
    if (!key) return -1;
    for (size_t i = 0; i < N_OPTIONS; i++)
        if (!strcmp(options[i].info.key, key)) return (int)i;
    return -1;
}

void m6_config_defaults(m6_config *cfg)
{
    if (!cfg) return;
    memset(cfg, 0, sizeof *cfg);
    for (size_t i = 0; i < N_OPTIONS; i++) options[i].set(cfg, options[i].info.def, NULL);
}

const char *m6_config_preset(const char *name)
{
    if (!name) return NULL;
    for (size_t i = 0; i < N_PRESETS; i++)
        if (!strcmp(presets[i].name, name)) return presets[i].options;
    return NULL;
}

int m6_config_set(m6_config *cfg, const char *key, const char *value, tm_error *err)
{
    if (!cfg || !key || !value) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "m6_config_set: a NULL argument");
    if (!strcmp(key, "preset")) {
        const char *set = m6_config_preset(value);
        if (!set) {
            char names[128] = "";
            size_t n = 0;
            for (size_t k = 0; k < N_PRESETS && n < sizeof names; k++)
                n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", k ? ", " : "", presets[k].name);
            return fail(err, "configuration preset: '%.64s' is not a preset (presets: %s)", value, names);
        }
        m6_config tmp = *cfg;
        int rc = m6_config_parse(&tmp, set, err);
        if (rc == TM_OK) *cfg = tmp;
        return rc;
    }
    int i = m6_config_index(key);
    if (i < 0) {
        char keys[256] = "";
        size_t n = 0;
        for (size_t k = 0; k < N_OPTIONS && n < sizeof keys; k++)
            n += (size_t)snprintf(keys + n, sizeof keys - n, "%s%s", k ? ", " : "", options[k].info.key);
        return fail(err, "unknown configuration key '%.64s' (keys: %s, preset)", key, keys);
    }
    m6_config tmp = *cfg;
    int rc = options[i].set(&tmp, value, err);
    if (rc != TM_OK) return rc;
    *cfg = tmp;
    return TM_OK;
}

int m6_config_parse(m6_config *cfg, const char *text, tm_error *err)
{
    const char *p = text ? text : "";
    uint64_t given = 0; /* a key twice in one text is an error, never "the last one wins" */
    while (*p) {
        size_t n = strcspn(p, ",");
        char item[200];
        if (n >= sizeof item) return fail(err, "configuration item too long: '%.60s...'", p);
        memcpy(item, p, n);
        item[n] = '\0';
        p += n;
        if (*p) p++;
        if (!item[0]) continue;
        char *eq = strchr(item, '=');
        if (!eq) return fail(err, "configuration item '%s' has no value (expected key=value)", item);
        *eq = '\0';
        int rc = m6_config_set(cfg, item, eq + 1, err);
        if (rc != TM_OK) return rc;
        int index = m6_config_index(item); /* -1: preset, which has the last bit */
        uint64_t bit = index < 0 ? 1ull << 63 : 1ull << index;
        if (given & bit) return fail(err, "configuration key '%s' given twice", item);
        given |= bit;
    }
    return 0;
}

int m6_config_value(const m6_config *cfg, const char *key, char *buf, size_t size)
{
    if (!cfg || !key) return -1;
    int i = m6_config_index(key);
    return i < 0 ? -1 : options[i].get(cfg, buf, size);
}

int m6_config_format(const m6_config *cfg, char *buf, size_t size)
{
    if (!cfg) return (size ? (void)(buf[0] = '\0') : (void)0, 0);
    size_t n = 0;
    if (size) buf[0] = '\0';
    for (size_t i = 0; i < N_OPTIONS; i++) {
        char v[40];
        options[i].get(cfg, v, sizeof v);
        if (m6_config_omits_default(options[i].info.key) && !strcmp(v, options[i].info.def)) continue;
        n += (size_t)snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, "%s%s=%s", n ? "," : "",
                              options[i].info.key, v);
    }
    return (int)n;
}

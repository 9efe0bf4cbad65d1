#include "tarmac/regs.h"

#include <string.h>
#include <strings.h>

static int eq(tm_str s, const char *lit)
{
    size_t n = strlen(lit);
    return s.n == n && strncasecmp(s.p, lit, n) == 0;
}

int tm_reg_id(tm_str name, tm_str suffix)
{
    if (name.n >= 2 && name.n <= 3 && (name.p[0] == 'r' || name.p[0] == 'R')) {
        int v = 0;
        for (uint32_t i = 1; i < name.n; i++) {
            if (name.p[i] < '0' || name.p[i] > '9') goto named;
            v = v * 10 + (name.p[i] - '0');
        }
        if (name.n == 3 && name.p[1] == '0') goto named;
        if (v <= 12) return v;
        if (v == 13) {
            if (eq(suffix, "(MSP)")) return TM_REG_MSP;
            if (eq(suffix, "(PSP)")) return TM_REG_PSP;
            return TM_REG_SP;
        }
        if (v == 14) return TM_REG_LR;
        if (v == 15) return TM_REG_PC;
        return TM_REG_OTHER;
    }
named:
    if (eq(name, "sp")) return eq(suffix, "(PSP)") ? TM_REG_PSP : eq(suffix, "(MSP)") ? TM_REG_MSP : TM_REG_SP;
    if (eq(name, "lr")) return TM_REG_LR;
    if (eq(name, "pc")) return TM_REG_PC;
    if (eq(name, "cpsr") || eq(name, "psr") || eq(name, "xpsr")) return TM_REG_XPSR;
    if (eq(name, "r13_main") || eq(name, "msp") || eq(name, "sp_main")) return TM_REG_MSP;
    if (eq(name, "r13_process") || eq(name, "psp") || eq(name, "sp_process")) return TM_REG_PSP;
    if (eq(name, "primask")) return TM_REG_PRIMASK;
    if (eq(name, "control")) return TM_REG_CONTROL;
    return TM_REG_OTHER;
}

int tm_reg_id_of(const tm_reg *r)
{
    if (!r) return -1;
    return tm_reg_id(r->name, r->suffix.n ? r->suffix : r->qualifier);
}

const char *tm_reg_name(int id)
{
    static const char *const names[TM_REG_COUNT] = {
        "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12",
        "sp", "lr", "pc", "xpsr", "msp", "psp", "primask", "control",
    };
    return id >= 0 && id < TM_REG_COUNT ? names[id] : "?";
}

/* ---- Register classes: the catalogue of core, FP and vector names, and the forms of system registers ---- */

enum {
    V6 = TM_PROFILE_ARMV6M | TM_PROFILE_M, /* ARMv6-M's registers are M-profile registers too */
    MP = TM_PROFILE_M,
    A32 = TM_PROFILE_A32,
    A64 = TM_PROFILE_A64,
    SYS_PROFILES = TM_PROFILE_M | TM_PROFILE_A32 | TM_PROFILE_A64,
    W32 = TM_WIDTH_32,
    W64 = TM_WIDTH_64,
    W128 = TM_WIDTH_128
};

typedef struct named_class {
    const char *name;
    uint8_t profiles, widths;
} named_class;

/* Names without an index, lower case. */
static const named_class kNamed[] = {
    { "sp", TM_PROFILE_ANY, W32 | W64 }, { "lr", TM_PROFILE_ANY, W32 | W64 }, { "pc", TM_PROFILE_ANY, W32 | W64 },
    { "cpsr", V6 | A32 | A64, W32 | TM_WIDTH_PSR_EXT },
    { "psr", V6, W32 }, { "xpsr", V6, W32 }, { "apsr", V6 | A32, W32 }, { "ipsr", V6, W32 }, { "epsr", V6, W32 },
    { "iapsr", V6, W32 }, { "eapsr", V6, W32 }, { "iepsr", V6, W32 },
    { "msp", V6, W32 }, { "psp", V6, W32 }, { "primask", V6, W32 }, { "control", V6, W32 },
    { "basepri", MP, W32 }, { "basepri_max", MP, W32 }, { "faultmask", MP, W32 }, { "msplim", MP, W32 },
    { "psplim", MP, W32 }, { "vpr", MP, W32 },
    { "spsr", A32, W32 }, { "elr_hyp", A32, W32 },
    { "fpscr", MP | A32, W32 }, { "fpexc", MP | A32 | A64, W32 }, { "fpsid", MP | A32, W32 },
    { "mvfr0", MP | A32, W32 }, { "mvfr1", MP | A32, W32 }, { "mvfr2", MP | A32, W32 },
    { "fpinst", A32, W32 }, { "fpinst2", A32, W32 },
    { "fpsr", A64, W32 | W64 }, { "fpcr", A64, W32 | W64 }, { "ffr", A64, TM_WIDTH_SVE_P },
    { "nzcv", A64, W32 | W64 }, { "daif", A64, W32 | W64 }, { "currentel", A64, W32 | W64 },
    { "spsel", A64, W32 | W64 },
    /* ARMv6-M's System Control Space registers, which M-profile models write as registers */
    { "actlr", V6 | A32, W32 }, { "cpuid", V6, W32 }, { "icsr", V6, W32 }, { "vtor", V6, W32 },
    { "aircr", V6, W32 }, { "scr", V6 | A32, W32 }, { "ccr", V6, W32 }, { "shpr2", V6, W32 },
    { "shpr3", V6, W32 }, { "shcsr", V6, W32 }, { "dfsr", V6 | A32, W32 }, { "dhcsr", V6, W32 },
    { "dcrsr", V6, W32 }, { "dcrdr", V6, W32 }, { "demcr", V6, W32 },
    { "syst_csr", V6, W32 }, { "syst_rvr", V6, W32 }, { "syst_cvr", V6, W32 }, { "syst_calib", V6, W32 },
    { "nvic_iser", V6, W32 }, { "nvic_icer", V6, W32 }, { "nvic_ispr", V6, W32 }, { "nvic_icpr", V6, W32 },
};

/* Registers named by a letter and an index: r0-r15, x0-x30, ... */
typedef struct indexed_class {
    char letter;
    uint8_t last, profiles, widths;
} indexed_class;

static const indexed_class kIndexed[] = {
    { 'r', 15, V6 | A32, W32 }, { 'x', 30, A64, W64 }, { 'w', 30, A64, W32 },
    { 's', 31, MP | A32 | A64, W32 }, { 'd', 31, MP | A32 | A64, W64 }, { 'q', 31, MP | A32 | A64, W128 },
    { 'v', 31, A64, W128 }, { 'z', 31, A64, TM_WIDTH_SVE_Z }, { 'p', 15, A64, TM_WIDTH_SVE_P },
};

/* AArch32 modes that bank r13/r14 (and r8-r12 for fiq) and SPSR. */
static const char *const kBanks[] = { "usr", "svc", "irq", "fiq", "abt", "und", "mon", "hyp", "sys" };

static int in_list(const char *s, size_t n, const char *const *list, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (strlen(list[i]) == n && memcmp(list[i], s, n) == 0) return 1;
    return 0;
}

/* "<letter><index>" with a decimal index without leading zeros: the index, or -1. */
static int letter_index(const char *s, size_t n, char letter)
{
    if (n < 2 || n > 3 || s[0] != letter || (n == 3 && s[1] == '0')) return -1;
    int v = 0;
    for (size_t i = 1; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

static int set_class(tm_reg_class *c, uint8_t profiles, uint8_t widths, uint8_t system)
{
    c->profiles = profiles;
    c->widths = widths;
    c->system = system;
    return 1;
}

/* "_el<n>" at the end of s (n 0..3, or 12 / 02 for the aliases of the host EL2). */
static int ends_el(const char *s, size_t n)
{
    if (n > 4 && memcmp(s + n - 4, "_el", 3) == 0 && s[n - 1] >= '0' && s[n - 1] <= '3') return 1;
    return n > 5 && memcmp(s + n - 5, "_el", 3) == 0 && (memcmp(s + n - 2, "12", 2) == 0 || memcmp(s + n - 2, "02", 2) == 0);
}

/* Banked forms: r13_svc, lr_irq, r8_fiq, r13_main, sp_el2, elr_el1, spsr_und. */
static int banked(const char *s, size_t n, tm_reg_class *c)
{
    const char *u = memchr(s, '_', n);
    if (!u) return 0;
    size_t base = (size_t)(u - s), rest = n - base - 1;
    const char *b = u + 1;
    int r = letter_index(s, base, 'r');
    int is_sp = r == 13 || (base == 2 && memcmp(s, "sp", 2) == 0);
    int is_lr = r == 14 || (base == 2 && memcmp(s, "lr", 2) == 0);
    if (is_sp && ((rest == 4 && memcmp(b, "main", 4) == 0) || (rest == 7 && memcmp(b, "process", 7) == 0)))
        return set_class(c, V6, W32, 0);
    if ((is_sp || is_lr) && in_list(b, rest, kBanks, sizeof kBanks / sizeof kBanks[0])) return set_class(c, A32, W32, 0);
    if (r >= 8 && r <= 12 && rest == 3 && memcmp(b, "fiq", 3) == 0) return set_class(c, A32, W32, 0);
    if (base == 4 && memcmp(s, "spsr", 4) == 0 && in_list(b, rest, kBanks + 1, sizeof kBanks / sizeof kBanks[0] - 2))
        return set_class(c, A32 | A64, W32, 0);
    if (ends_el(s, n) && rest <= 4) {
        if (is_sp) return set_class(c, A64, W64, 0);
        if (base == 3 && memcmp(s, "elr", 3) == 0) return set_class(c, A64, W64, 0);
        if (base == 4 && memcmp(s, "spsr", 4) == 0) return set_class(c, A64, W32 | W64, 0);
    }
    return 0;
}

/* Secure and Non-secure copies, <register>_s and <register>_ns: ARMv8-M's of an M-profile core register, and
 * AArch32's banked CP15 registers that the catalogue names (DFSR_S). */
static int secure_copy(tm_str name, const char *s, size_t n, tm_reg_class *c)
{
    size_t k = n > 2 && !memcmp(s + n - 2, "_s", 2) ? 2 : n > 3 && !memcmp(s + n - 3, "_ns", 3) ? 3 : 0;
    tm_reg_class inner;
    if (!k || tm_reg_classify((tm_str){ name.p, (uint32_t)(n - k) }, &inner) != 1 || inner.system ||
        !(inner.widths & W32))
        return 0;
    uint8_t profiles = (uint8_t)(inner.profiles & (MP | A32));
    return profiles && set_class(c, profiles, W32, 0);
}

/* The part before the first '_' is a core register's name: such a name is a core register or nothing. */
static int core_shaped(const char *s, size_t n)
{
    const char *u = memchr(s, '_', n);
    size_t base = u ? (size_t)(u - s) : n;
    if (base >= 2 && base <= 3 && strchr("rxwsdqvzp", s[0])) {
        size_t i = 1;
        while (i < base && s[i] >= '0' && s[i] <= '9') i++;
        if (i == base && (!u || s[0] == 'r')) return 1;
    }
    static const char *const cores[] = { "sp", "lr", "pc", "msp", "psp", "cpsr", "spsr", "xpsr", "psr", "apsr",
                                         "primask", "control", "basepri", "faultmask", "msplim", "psplim", "elr" };
    return u && in_list(s, base, cores, sizeof cores / sizeof cores[0]);
}

static int is_ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The catalogue entry of an indexed name ("r12", "x3"): the hot path of every register line. Returns 1 with c filled,
 * 0 for an index the architecture does not have, -1 when s is not a letter and an index. */
static int indexed(const char *s, size_t n, tm_reg_class *c)
{
    for (size_t i = 0; i < sizeof kIndexed / sizeof kIndexed[0]; i++) {
        if (s[0] != kIndexed[i].letter) continue;
        int k = letter_index(s, n, s[0]);
        if (k < 0) return -1;
        return k <= kIndexed[i].last && set_class(c, kIndexed[i].profiles, kIndexed[i].widths, 0);
    }
    return -1;
}

/* A banked copy of the stack pointer or link register in a bank no Arm profile names (r13_mn, lr_abc): an
 * implementation's own, as RTL tracers write them. A bank "el<n>" names an exception level, which must exist. */
static int foreign_bank(const char *s, size_t n)
{
    const char *u = memchr(s, '_', n);
    if (!u) return 0;
    size_t base = (size_t)(u - s), rest = n - base - 1;
    int sp_lr = letter_index(s, base, 'r') == 13 || letter_index(s, base, 'r') == 14 ||
                (base == 2 && (!memcmp(s, "sp", 2) || !memcmp(s, "lr", 2)));
    if (!sp_lr || rest == 0 || (rest > 2 && !memcmp(u + 1, "el", 2) && u[3] >= '0' && u[3] <= '9')) return 0;
    for (size_t i = base + 1; i < n; i++)
        if (s[i] < 'a' || s[i] > 'z') return 0;
    return 1;
}

/* An identifier, or dotted identifiers (a field of an implementation's register: "LO_BRANCH_INFO.VALID"): a
 * letter or '_' first. Returns 1, 2 when dotted, 0 when not a name. */
static int name_form(const char *p, uint32_t n)
{
    int dotted = 0;
    for (uint32_t i = 0; i < n; i++) {
        char ch = p[i];
        if (ch == '.' && i > 0 && i + 1 < n && p[i - 1] != '.') dotted = 1;
        else if (!is_ident_char(ch) || (ch >= '0' && ch <= '9' && (i == 0 || p[i - 1] == '.'))) return 0;
    }
    return 1 + dotted;
}

int tm_reg_classify(tm_str name, tm_reg_class *c)
{
    if (!c || (name.n && !name.p)) return -1;
    uint32_t n = name.n;
    if (n > 1 && name.p[n - 1] == '>') /* "V0<127:64>": the register is V0 */
        while (n > 0 && name.p[n - 1] != '<') n--;
    if (n > 0 && name.p[n - 1] == '<') n--;
    char s[48];
    if (n == 0) return 0;
    if (n >= sizeof s) return name_form(name.p, n) ? -1 : 0; /* no Arm register's name is that long */
    for (uint32_t i = 0; i < n; i++) {
        char ch = name.p[i];
        if (!is_ident_char(ch)) return name_form(name.p, n) == 2 ? -1 : 0; /* dotted: no Arm register */
        s[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
    }
    s[n] = '\0';
    if (s[0] >= '0' && s[0] <= '9') return 0;
    if (n <= 3) {
        int k = indexed(s, n, c);
        if (k >= 0) return k;
    }
    for (size_t i = 0; i < sizeof kNamed / sizeof kNamed[0]; i++)
        if (kNamed[i].name[0] == s[0] && !strcmp(s, kNamed[i].name))
            return set_class(c, kNamed[i].profiles, kNamed[i].widths, 0);
    if (n > 8 && !memcmp(s, "nvic_ipr", 8) && n == 9 && s[8] >= '0' && s[8] <= '7') return set_class(c, V6, W32, 0);
    if (banked(s, n, c) || secure_copy(name, s, n, c)) return 1;
    if (core_shaped(s, n)) return foreign_bank(s, n) ? -1 : 0;
    if (ends_el(s, n)) return set_class(c, A32 | A64, W32 | W64 | W128, 1);
    if (name.p[0] >= 'A' && name.p[0] <= 'Z') return set_class(c, SYS_PROFILES, W32 | W64 | W128, 1);
    return -1;
}

int tm_reg_is_name(tm_str name)
{
    if (!name.p) return 0;
    uint32_t n = name.n;
    if (n > 1 && name.p[n - 1] == '>')
        while (n > 0 && name.p[n - 1] != '<') n--;
    if (n > 0 && name.p[n - 1] == '<') n--;
    return n && name_form(name.p, n);
}

int tm_profile_parse(const char *name, unsigned *profile)
{
    if (!name || !profile) return 0;
    static const struct { const char *name; unsigned profile; } k[] = {
        { "arm", TM_PROFILE_ANY }, { "armv6m", TM_PROFILE_ARMV6M }, { "m", TM_PROFILE_M },
        { "aarch32", TM_PROFILE_A32 }, { "aarch64", TM_PROFILE_A64 }, { "other", TM_PROFILE_OTHER },
    };
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
        if (!strcmp(name, k[i].name)) {
            *profile = k[i].profile;
            return 1;
        }
    return 0;
}

const char *tm_profile_name(unsigned profile)
{
    switch (profile) {
    case TM_PROFILE_ARMV6M: return "ARMv6-M";
    case TM_PROFILE_M: return "M-profile";
    case TM_PROFILE_A32: return "AArch32";
    case TM_PROFILE_A64: return "AArch64";
    case TM_PROFILE_OTHER: return "another architecture";
    default: return "any Arm profile";
    }
}

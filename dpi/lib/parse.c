/* tm_parse_line: the header (<time> <scale> <cpu>), the record keyword, and dispatch to the record families.
 * Instruction, flow, register and event bodies are here; memory, bus and the MMU/cache kinds in parse_mem.c. */
#include "tarmac/parse.h"

#include "tarmac/regs.h"

#include <stdio.h>
#include <string.h>

#include "parse_families.h"

static int is_dec2(const char *p) { return tm_is_digit(p[0]) && tm_is_digit(p[1]); }

static inline int keyword_kind(tm_str t)
{
    if (t.n == 0) return TM_REC_NONE;
    const char *p = t.p;
    switch (p[0]) {
    case 'I':
        if (t.n == 2 && (p[1] == 'T' || p[1] == 'S' || p[1] == 'F' || p[1] == 'E' || p[1] == 'A')) return TM_REC_INSN;
        if (t.n > 6 && memcmp(p, "INFO_", 5) == 0 && p[t.n - 1] == ':') return TM_REC_INFO;
        break;
    case 'F':
        if (t.n == 2 && (p[1] == 'D' || p[1] == 'I')) return TM_REC_FLOW;
        break;
    case 'R':
        if (t.n == 1) return TM_REC_REG;
        if (t.n == 3 && is_dec2(p + 1)) return TM_REC_MEM; /* cs producer: R08 */
        break;
    case 'W':
        if (t.n == 3 && is_dec2(p + 1)) return TM_REC_MEM; /* cs producer: W04 */
        if (tm_str_eq(t, "WALKCACHE")) return TM_REC_TLB;
        break;
    case 'E':
        if (t.n == 1) return TM_REC_EVENT;
        if (tm_str_eq(t, "ES")) return TM_KW_ES;
        if (tm_str_eq(t, "EXC")) return TM_KW_EXC;
        break;
    case 'L':
        if (tm_str_eq(t, "LD")) return TM_REC_LDST;
        break;
    case 'S':
        if (tm_str_eq(t, "ST")) return TM_REC_LDST;
        if (tm_str_eq(t, "SIGNAL:")) return TM_REC_SIGNAL;
        break;
    case 'M':
        if (t.n >= 3 && p[1] == 'U' && tm_is_digit(p[2])) return TM_REC_MEM_UPDATE;
        if (t.n >= 3 && (p[1] == 'R' || p[1] == 'W') && tm_is_digit(p[2])) return TM_REC_MEM;
        if (t.n >= 4 && (p[1] == 'S' || p[1] == 'N' || p[1] == 'C') && (p[2] == 'R' || p[2] == 'W') && tm_is_digit(p[3]))
            return TM_REC_MEM;
        break;
    case 'B':
        if (tm_str_eq(t, "BR")) return TM_REC_BRANCH;
        if (t.n >= 3 && (p[1] == 'R' || p[1] == 'W') && tm_is_digit(p[2])) return TM_REC_BUS;
        if (t.n >= 4 && (p[1] == 'S' || p[1] == 'N') && (p[2] == 'R' || p[2] == 'W') && tm_is_digit(p[3]))
            return TM_REC_BUS;
        break;
    case 'C':
        if (tm_str_eq(t, "CACHE")) return TM_REC_CACHE;
        break;
    case 'T':
        if (tm_str_eq(t, "TTW") || tm_str_eq(t, "TTU")) return TM_REC_TTW;
        if (tm_str_eq(t, "TLB")) return TM_REC_TLB;
        break;
    default:
        break;
    }
    return TM_REC_NONE;
}

int tm_keyword_kind(tm_str t) { return keyword_kind(t); }

static int is_comment(tm_scan *s)
{
    char c = tm_peek(s);
    if (c == '#' || c == ';') return 1;
    return c == '/' && s->pos + 1 < s->len && s->line[s->pos + 1] == '/';
}

static void set_cpu(tm_header *h, tm_str t)
{
    if (tm_str_is_dec(t)) {
        h->cpu_style = TM_CPU_BARE;
        int32_t v = 0;
        for (uint32_t i = 0; i < t.n && v < 100000000; i++) v = v * 10 + (t.p[i] - '0');
        h->cpu = v;
        return;
    }
    h->cpu_style = TM_CPU_NAMED;
    h->cpu_text = t;
    uint32_t i = t.n;
    while (i > 0 && tm_is_digit(t.p[i - 1])) i--;
    int32_t v = 0;
    for (uint32_t j = i; j < t.n && v < 100000000; j++) v = v * 10 + (t.p[j] - '0');
    h->cpu = v;
}

/* Time token: decimal, optionally with a fraction, optionally with the unit glued on ("271ns"). */
static int scan_time(tm_scan *s, tm_str t, tm_header *h)
{
    uint32_t i = 0, dots = 0;
    while (i < t.n && (tm_is_digit(t.p[i]) || t.p[i] == '.')) {
        if (t.p[i] == '.') dots++;
        i++;
    }
    if (dots > 1 || t.p[i - 1] == '.')
        return tm_scan_fail(s, (size_t)(t.p - s->line), "malformed timestamp", NULL);
    h->time.p = t.p;
    h->time.n = i;
    if (i < t.n) {
        for (uint32_t j = i; j < t.n; j++) {
            char c = t.p[j];
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
                return tm_scan_fail(s, (size_t)(t.p + j - s->line), "malformed timestamp unit", NULL);
        }
        h->scale.p = t.p + i;
        h->scale.n = t.n - i;
        h->scale_glued = 1;
    }
    return TM_OK;
}

static int cpu_like(tm_str t) { return tm_str_is_dec(t) || (t.n > 3 && memcmp(t.p, "cpu", 3) == 0); }

static inline int parse_header(tm_scan *s, tm_header *h, int *kind)
{
    memset(h, 0, sizeof *h);
    h->cpu = -1;
    tm_str first = tm_scan_peek_token(s);
    if (tm_is_digit(first.p[0])) {
        tm_scan_token(s);
        int rc = scan_time(s, first, h);
        if (rc) return rc;
    }
    /* Up to two tokens (scale, cpu) may stand before the record keyword. */
    tm_str pre[2];
    int npre = 0;
    for (;;) {
        tm_str t = tm_scan_peek_token(s);
        int k = t.n ? keyword_kind(t) : TM_REC_NONE;
        if (k != TM_REC_NONE) {
            *kind = k;
            break;
        }
        if (t.n == 0 || npre == 2) {
            /* Blame the first token that cannot be a scale or a cpu. */
            tm_str bad = t;
            if (npre == 2 && !cpu_like(pre[1])) bad = pre[1];
            else if (t.n == 0 && npre == 1 && !h->time.n && !cpu_like(pre[0]))
                bad = pre[0];
            if (bad.n == 0)
                return tm_scan_fail(s, s->pos, "expected a record kind (IT, IS, R, E, M.., B.., ...)", NULL);
            char m[256];
            snprintf(m, sizeof m,
                     "unknown record kind '%.*s' (expected IT, IS, IF, IE, IA, ES, EXC, FD, FI, BR, R, E, M.., MU.., "
                     "B.., LD, ST, CACHE, TTW, TTU, TLB, WALKCACHE, SIGNAL:, INFO_..:)", (int)(bad.n > 32 ? 32 : bad.n), bad.p);
            return tm_scan_fail(s, (size_t)(bad.p - s->line), m, NULL);
        }
        pre[npre++] = tm_scan_token(s);
    }
    if (npre == 2) {
        if (h->scale_glued)
            return tm_scan_fail(s, (size_t)(pre[0].p - s->line), "unexpected field after timestamp unit", NULL);
        h->scale = pre[0];
        set_cpu(h, pre[1]);
    } else if (npre == 1) {
        tm_str t = pre[0];
        if (cpu_like(t) || h->scale_glued)
            set_cpu(h, t);
        else
            h->scale = t;
    }
    return TM_OK;
}

static int expect_end(tm_scan *s, const char *what)
{
    if (tm_at_end(s)) return TM_OK;
    return tm_scan_fail(s, s->pos, "unexpected text after ", what);
}

/* "(<id>)" or "(<tag>)": decimal ids go to *id, anything else to *tag. */
static int scan_paren(tm_scan *s, uint8_t *has_id, uint64_t *id, tm_str *tag)
{
    tm_skip_space(s);
    if (tm_peek(s) != '(') return TM_OK;
    size_t b = ++s->pos;
    while (s->pos < s->len && s->line[s->pos] != ')') s->pos++;
    if (s->pos >= s->len) return tm_scan_fail(s, b - 1, "unterminated '(' in instruction tag", NULL);
    tm_str t = { s->line + b, (uint32_t)(s->pos - b) };
    s->pos++;
    if (tm_str_is_dec(t) && t.n <= 19) {
        uint64_t v = 0;
        for (uint32_t i = 0; i < t.n; i++) v = v * 10 + (uint64_t)(t.p[i] - '0');
        *has_id = 1;
        *id = v;
    } else {
        if (t.n == 0) return tm_scan_fail(s, b - 1, "empty instruction tag '()'", NULL);
        *tag = t;
    }
    return TM_OK;
}

static int is_fm_iset(tm_str t)
{
    return t.n == 1 && (t.p[0] == 'A' || t.p[0] == 'T' || t.p[0] == 'X' || t.p[0] == 'O');
}

int tm_scan_opcode(tm_scan *s, tm_insn *in, const char *stops)
{
    tm_skip_space(s);
    size_t opcol = s->pos;
    if (tm_peek(s) == '-') { /* "--------": the fetch failed, the opcode is unknown */
        while (s->pos < s->len && s->line[s->pos] == '-') s->pos++;
        in->opcode_unknown = 1;
        in->opcode_digits = (uint8_t)(s->pos - opcol);
        if (in->opcode_digits != 4 && in->opcode_digits != 8)
            return tm_scan_fail(s, opcol, "expected 4 or 8 dashes for an unknown opcode", NULL);
        return TM_OK;
    }
    uint64_t op;
    int rc = tm_scan_hex(s, "opcode", &op, &in->opcode_digits, stops);
    if (rc) return rc;
    if (in->opcode_digits > 8) return tm_scan_fail(s, opcol, "opcode wider than 32 bits", NULL);
    if (in->opcode_digits != 4 && in->opcode_digits != 8) {
        char m[96];
        snprintf(m, sizeof m, "expected an opcode of 4 or 8 hex digits, found %u (a line cut short?)", in->opcode_digits);
        return tm_scan_fail(s, opcol, m, NULL);
    }
    in->opcode = (uint32_t)op;
    return TM_OK;
}

static int is_iset_token(tm_str t) { return is_fm_iset(t) || tm_str_eq(t, "T16") || tm_str_eq(t, "T32"); }

static int is_opcode_token(tm_str t)
{
    if (tm_str_is_hex(t)) return 1;
    for (uint32_t i = 0; i < t.n; i++)
        if (t.p[i] != '-') return 0;
    return t.n > 0;
}

/* "IT (<addr>) <opcode> <iset> ...": the cs producer writes the address in the parentheses. */
static int addr_in_paren(tm_scan *s)
{
    size_t save = s->pos;
    tm_str op = tm_scan_token(s), iset = tm_scan_token(s);
    s->pos = save;
    return is_opcode_token(op) && is_iset_token(iset);
}

/* "<tag>:<16 hex digits>:" before an instruction address: Morello's PCC, its tag and the upper 64 bits of the
 * capability. A virtual address has 8 or 16 digits, so a one-digit first field is no address. */
static void scan_cap_prefix(tm_scan *s, tm_insn *in)
{
    tm_skip_space(s);
    const char *p = s->line + s->pos;
    if (s->len - s->pos < 20 || (p[0] != '0' && p[0] != '1') || p[1] != ':' || p[18] != ':') return;
    uint64_t meta = 0;
    for (int i = 2; i < 18; i++) {
        int d = tm_hex_val(p[i]);
        if (d < 0) return;
        meta = meta << 4 | (uint64_t)d;
    }
    in->has_cap = 1;
    in->cap_tag = (uint8_t)(p[0] - '0');
    in->cap_meta = meta;
    s->pos += 19;
}

/* The disassembly, the rest of the line: only an instruction whose fetch failed may have none. */
static int scan_disasm(tm_scan *s, tm_insn *in, const char *after)
{
    in->disasm = tm_scan_rest(s);
    if (in->disasm.n || in->opcode_unknown) return TM_OK;
    char m[128];
    snprintf(m, sizeof m, "expected the disassembly after %s (a line cut short?)", after);
    return tm_scan_fail(s, s->len, m, NULL);
}

/* An opcode's digits as its instruction set has them: T16 4, T32, A32 and A64 8, T either. */
static int check_opcode_width(tm_scan *s, const tm_insn *in, size_t opcol)
{
    const char *t = in->iset.p;
    unsigned want = 0;
    if (in->iset.n == 1) want = t[0] == 'A' || t[0] == 'O' ? 8 : 0;
    else if (in->iset.n == 3) want = t[2] == '6' ? 4 : 8; /* T16 / T32 */
    if (!want || in->opcode_digits == want) return TM_OK;
    char m[96];
    snprintf(m, sizeof m, "an instruction of set %.*s has an opcode of %u hex digits, found %u", (int)in->iset.n,
             in->iset.p, want, in->opcode_digits);
    return tm_scan_fail(s, opcol, m, NULL);
}

static int parse_insn(tm_scan *s, tm_str kw, tm_insn *in)
{
    memset(in, 0, sizeof *in);
    static const char st[] = "TSFEA";
    in->status = (uint8_t)(strchr(st, kw.p[1]) - st);
    tm_skip_space(s);
    size_t paren = s->pos;
    int rc = scan_paren(s, &in->has_id, &in->id, &in->tag);
    if (rc) return rc;
    if (s->pos != paren && addr_in_paren(s)) {
        tm_scan sub = { s->line, s->pos - 1, paren + 1, s->err, 0, 0 };
        if ((rc = tm_scan_addr(&sub, "instruction address", &in->addr))) return rc;
        if (!tm_at_end(&sub)) return tm_scan_fail(s, sub.pos, "unexpected text in '(<address>)'", NULL);
        in->addr_in_paren = 1;
        in->has_id = 0;
        in->id = 0;
        in->tag = (tm_str){ 0, 0 };
    } else {
        scan_cap_prefix(s, in);
        if ((rc = tm_scan_addr(s, "instruction address", &in->addr))) return rc;
    }
    tm_skip_space(s);
    size_t opcol = s->pos;
    if ((rc = tm_scan_opcode(s, in, NULL))) return rc;

    tm_str t = tm_scan_peek_token(s);
    if (tm_str_eq(t, "T16") || tm_str_eq(t, "T32")) {  /* Cortex-M RTL: iset then disassembly */
        in->iset = tm_scan_token(s);
        if ((rc = check_opcode_width(s, in, opcol))) return rc;
        return scan_disasm(s, in, "the instruction set");
    }
    if (!is_fm_iset(t)) {  /* Cortex-M0 RTL: no iset, no mode */
        if (t.n == 0 && !in->opcode_unknown)
            return tm_scan_fail(s, s->pos, "expected the instruction set (A, T, O, X, T16, T32) or the disassembly after "
                                           "the opcode (a line cut short?)", NULL);
        in->disasm = tm_scan_rest(s);
        return TM_OK;
    }
    in->iset = tm_scan_token(s);
    if ((rc = check_opcode_width(s, in, opcol))) return rc;
    /* Fast Models: <mode>{_<security>} : <disasm>. A Cortex-R RTL line has ':' without a mode; a Cortex-M RTL "X"
     * line has no ':' after a mode. */
    tm_str m = tm_scan_peek_token(s);
    if (tm_str_eq(m, ":")) {
        tm_scan_token(s);
        return scan_disasm(s, in, "':'");
    }
    if (m.n == 0) return tm_scan_fail(s, s->pos, "expected '<mode> :' after the instruction set (a line cut short?)", NULL);
    size_t save = s->pos;
    tm_scan_token(s);
    tm_str colon = tm_scan_peek_token(s);
    if (colon.n == 0) /* a line without disassembly, as the writer writes a record that has none */
        return tm_set_mode(s, in, m);
    if (!tm_str_eq(colon, ":")) {
        if (tm_str_eq(in->iset, "X")) {  /* RTL unknown-instruction line: the rest is disassembly */
            s->pos = save;
            in->disasm = tm_scan_rest(s);
            return TM_OK;
        }
        return tm_scan_fail(s, (size_t)(colon.p - s->line), "expected ':' before the disassembly", NULL);
    }
    int rc2 = tm_set_mode(s, in, m);
    if (rc2) return rc2;
    tm_scan_token(s);
    return scan_disasm(s, in, "':'");
}

static int parse_flow(tm_scan *s, tm_str kw, tm_flow *f)
{
    memset(f, 0, sizeof *f);
    f->indirect = kw.p[1] == 'I';
    tm_str tag = { 0, 0 };
    int rc = scan_paren(s, &f->has_id, &f->id, &tag);
    if (rc) return rc;
    if (tag.n) return tm_scan_fail(s, (size_t)(tag.p - s->line), "expected a decimal instruction id", NULL);
    if ((rc = tm_scan_addr(s, "branch address", &f->addr))) return rc;
    if ((rc = tm_scan_addr(s, "branch target", &f->target))) return rc;
    f->iset = tm_scan_token(s);
    if (!is_fm_iset(f->iset))
        return tm_scan_fail(s, f->iset.n ? (size_t)(f->iset.p - s->line) : s->pos,
                            "expected the instruction set A, T, X or O after the branch target", NULL);
    return expect_end(s, "program flow record");
}

/* A token that can only be a value: digits, unknown digits and separators. */
static int is_value_token(tm_str t)
{
    if (t.n == 0) return 0;
    for (uint32_t i = 0; i < t.n; i++)
        if (!tm_is_value_char(t.p[i]) && t.p[i] != '_' && t.p[i] != ':') return 0;
    return 1;
}

/* The register value widths of a class as digit counts, for messages: "8", "8 or 16", ... */
static void describe_widths(unsigned widths, char *buf, size_t size)
{
    static const struct { unsigned bit; const char *text; } w[] = {
        { TM_WIDTH_32, "8" }, { TM_WIDTH_PSR_EXT, "8 to 16" }, { TM_WIDTH_64, "16" }, { TM_WIDTH_128, "32" },
        { TM_WIDTH_SVE_Z, "a multiple of 32 up to 512" }, { TM_WIDTH_SVE_P, "a multiple of 4 up to 64" },
    };
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        if (!(widths & w[i].bit) || (w[i].bit == TM_WIDTH_32 && (widths & TM_WIDTH_PSR_EXT))) continue;
        int k = snprintf(buf + n, size - n, "%s%s", n ? " or " : "", w[i].text);
        if (k < 0 || (size_t)k >= size - n) break;
        n += (size_t)k;
    }
}

static int width_fits(unsigned widths, unsigned bits)
{
    return ((widths & TM_WIDTH_32) && bits == 32) || ((widths & TM_WIDTH_64) && bits == 64) ||
           ((widths & TM_WIDTH_128) && bits == 128) ||
           ((widths & TM_WIDTH_SVE_Z) && bits % 128 == 0 && bits >= 128 && bits <= 2048) ||
           ((widths & TM_WIDTH_SVE_P) && bits % 16 == 0 && bits >= 16 && bits <= 256) ||
           ((widths & TM_WIDTH_PSR_EXT) && bits >= 32 && bits <= 64);
}

static unsigned widest(unsigned widths)
{
    if (widths & TM_WIDTH_SVE_Z) return 2048;
    if (widths & TM_WIDTH_SVE_P) return 256;
    if (widths & TM_WIDTH_128) return 128;
    if (widths & (TM_WIDTH_64 | TM_WIDTH_PSR_EXT)) return 64;
    return 32;
}

/* "<hi:lo>" after a register's name: the bits written, whole bytes of the register. Returns the width in bits, or
 * 0 after failing. */
static unsigned bit_range(tm_scan *s, tm_str name, unsigned widths)
{
    uint32_t i = 0;
    while (i < name.n && name.p[i] != '<') i++;
    if (i == name.n) {
        tm_scan_fail(s, (size_t)(name.p - s->line), "expected a bit range '<hi:lo>' after the register's name", NULL);
        return 0;
    }
    size_t col = (size_t)(name.p + i - s->line);
    unsigned v[2] = { 0, 0 }, k = 0, digits = 0;
    for (i++; i < name.n && k < 2; i++) {
        char c = name.p[i];
        if (tm_is_digit(c) && digits < 5) {
            v[k] = v[k] * 10 + (unsigned)(c - '0');
            digits++;
        } else if (digits && ((k == 0 && c == ':') || (k == 1 && c == '>' && i == name.n - 1))) {
            k++;
            digits = 0;
        } else {
            break;
        }
    }
    if (k != 2 || v[0] < v[1] || v[1] % 8 || (v[0] + 1) % 8 || v[0] >= widest(widths)) {
        tm_scan_fail(s, col, "expected a bit range '<hi:lo>' of whole bytes inside the register", NULL);
        return 0;
    }
    return v[0] - v[1] + 1;
}

/* A register's name against the profile in force, and its value against the widths the name allows, in the forms
 * real producers write: exactly the register's digits; a value that was not written at all as dashes, possibly
 * fewer of them ("R X1 --------", an RTL tracer); a zero that a 64-bit or wider value abbreviates to 8 digits
 * (Neoverse-N1's execution testbench). */
/* r0-r15 or cpsr with 8 plain digits: most register lines of an M-profile or AArch32 trace, checked without the
 * catalogue. */
static int plain_core_reg(const tm_scan *s, const tm_reg *r)
{
    const char *p = r->name.p;
    const tm_value *v = &r->value;
    if (v->digits != 8 || v->sep || v->unknown_digits || (s->profile && !(s->profile & ~TM_PROFILE_A64))) return 0;
    if ((p[0] | 0x20) != 'r' && (p[0] | 0x20) != 'c') return 0;
    switch (r->name.n) {
    case 2: return (p[0] | 0x20) == 'r' && tm_is_digit(p[1]);
    case 3: return (p[0] | 0x20) == 'r' && p[1] == '1' && p[2] >= '0' && p[2] <= '5';
    case 4: return (p[0] | 0x20) == 'c' && (p[1] | 0x20) == 'p' && (p[2] | 0x20) == 's' && (p[3] | 0x20) == 'r';
    default: return 0;
    }
}

static int check_reg(tm_scan *s, tm_reg *r)
{
    if (plain_core_reg(s, r)) return TM_OK;
    size_t namecol = (size_t)(r->name.p - s->line);
    int shown = (int)(r->name.n > 40 ? 40 : r->name.n);
    char m[224];
    tm_reg_class c;
    if (!tm_reg_classify(r->name, &c)) {
        snprintf(m, sizeof m, "unknown register '%.*s': no architecture profile has it (r0-r15, x0-x30, w0-w30, "
                 "s/d/q/v0-31, z0-31, p0-15, banked and system registers)", shown, r->name.p);
        return tm_scan_fail(s, namecol, m, NULL);
    }
    unsigned widths = c.widths;
    if (s->profile) {
        if (!(c.profiles & s->profile)) {
            snprintf(m, sizeof m, "'%.*s' is not a register of %s", shown, r->name.p, tm_profile_name(s->profile));
            return tm_scan_fail(s, namecol, m, NULL);
        }
        if (!(s->profile & ~(TM_PROFILE_ARMV6M | TM_PROFILE_M))) widths &= TM_WIDTH_32; /* M: 32-bit registers */
    }
    unsigned range = 0;
    if (r->name.p[r->name.n - 1] == '>' && !(range = bit_range(s, r->name, widths))) return TM_ERR_PARSE;
    const tm_value *v = &r->value;
    unsigned bits = 4u * v->digits, top = range ? range : widest(widths);
    if (range ? bits == range : width_fits(widths, bits)) return tm_scan_value_form(s, v, "register value");
    int all_dashes = v->unknown_digits == v->digits && memchr(v->text.p, 'x', v->text.n) == NULL &&
                     memchr(v->text.p, 'X', v->text.n) == NULL;
    if ((all_dashes && v->digits % 8 == 0 && bits < top) || (v->digits == 8 && top > 32 && v->v == 0 && !v->unknown_digits))
        return tm_scan_value_form(s, v, "register value");
    char want[64];
    if (range) snprintf(want, sizeof want, "%u", range / 4);
    else describe_widths(widths, want, sizeof want);
    snprintf(m, sizeof m, "%.*s: expected %s hex digits, found %u (a value %s than its register)", shown, r->name.p,
             want, v->digits, bits > top ? "wider" : "narrower");
    return tm_scan_fail(s, (size_t)(v->text.p - s->line), m, NULL);
}

/* The annotations producers write after a register's value: "(MSP)" / "(PSP)" after r13 (Cortex-M0 tracer), the
 * flags N, Z, C, V as letters or '_' after a status register (the cs producer). */
static int is_reg_suffix(const tm_reg *r, tm_str t)
{
    int id = tm_reg_id(r->name, (tm_str){ 0, 0 });
    if (id == TM_REG_SP) return tm_str_eq(t, "(MSP)") || tm_str_eq(t, "(PSP)");
    if (id != TM_REG_XPSR || t.n != 4) return 0;
    static const char flags[] = "NZCV";
    for (int i = 0; i < 4; i++)
        if (t.p[i] != '_' && t.p[i] != flags[i]) return 0;
    return 1;
}

/* 1 when t opens a record that a producer may write on the same line after a register or memory record. */
static int gluable(tm_str t)
{
    int k = tm_keyword_kind(t);
    return k == TM_REC_REG || k == TM_REC_MEM || k == TM_REC_MEM_UPDATE || k == TM_REC_LDST || k == TM_REC_BUS;
}

int tm_scan_end_or_glued(tm_scan *s, const char *after)
{
    if (tm_at_end(s)) return TM_OK;
    tm_str t = tm_scan_peek_token(s);
    size_t at = (size_t)(t.p - s->line);
    if (gluable(t)) {
        s->next = at;
        return TM_OK;
    }
    if (tm_is_digit(t.p[0])) { /* a glued record with a time of its own: "<time> <unit> {<cpu>} <keyword> ..." */
        tm_scan sub = *s;
        tm_header h;
        int kind = TM_REC_NONE;
        tm_error *keep = sub.err;
        sub.err = NULL;
        int rc = parse_header(&sub, &h, &kind);
        sub.err = keep;
        if (rc == TM_OK && h.time.n && gluable(tm_scan_peek_token(&sub))) {
            s->next = at;
            return TM_OK;
        }
    }
    char m[96];
    snprintf(m, sizeof m, "unexpected text after %s", after);
    return tm_scan_fail(s, (size_t)(t.p - s->line), m, NULL);
}

static int parse_reg(tm_scan *s, tm_reg *r)
{
    memset(r, 0, sizeof *r);
    r->name = tm_scan_token(s);
    if (r->name.n == 0) return tm_scan_fail(s, s->pos, "expected register name after 'R'", NULL);
    tm_skip_space(s);
    size_t at = s->pos;
    int rc = tm_peek(s) == '(' ? TM_ERR_PARSE : tm_scan_value_groups(s, "register value", &r->value);
    if (rc) { /* not the value (the common case costs one scan): an operation or a qualifier comes first */
        s->pos = at;
        tm_str t = tm_scan_peek_token(s);
        if (t.n && t.p[0] != '(') {
            /* "R DC CISW <value>": a system operation names the operation before the value */
            if (is_value_token(t)) return tm_scan_value_groups(s, "register value", &r->value); /* the error */
            tm_scan_token(s);
            if (!tm_scan_peek_token(s).n) { /* nothing after it: it was a bad value, say where */
                s->pos = at;
                return tm_scan_value_groups(s, "register value", &r->value);
            }
            r->op = t;
            t = tm_scan_peek_token(s);
        }
        if (t.n && t.p[0] == '(') { /* ES: "R R1 (USR) <value>" */
            if (t.p[t.n - 1] != ')')
                return tm_scan_fail(s, (size_t)(t.p - s->line), "expected ')' closing the register qualifier", NULL);
            r->qualifier = tm_scan_token(s);
        }
        if ((rc = tm_scan_value_groups(s, "register value", &r->value))) return rc;
    }
    if (r->value.unknown_digits && r->value.digits < 8) { /* tracers write unknown bits at full register width */
        uint32_t i = 0;
        while (tm_hex_val(r->value.text.p[i]) >= 0) i++;
        return tm_scan_fail(s, (size_t)(r->value.text.p + i - s->line), "invalid hex digit in register value", NULL);
    }
    if (!r->op.n && (rc = check_reg(s, r))) return rc; /* a system operation's halves may have fewer digits */
    if (tm_at_end(s)) return TM_OK;
    tm_str t = tm_scan_peek_token(s);
    if (is_reg_suffix(r, t)) r->suffix = tm_scan_token(s);
    return tm_scan_end_or_glued(s, "the register value");
}

static uint64_t hex64(tm_str t)
{
    uint64_t v = 0;
    for (uint32_t i = 0; i < t.n; i++) v = (v << 4) | (uint64_t)tm_hex_val(t.p[i]);
    return v;
}

static int parse_event(tm_scan *s, tm_event *e)
{
    memset(e, 0, sizeof *e);
    tm_str first = tm_scan_peek_token(s);
    if (first.n == 0) return tm_scan_fail(s, s->pos, "expected event value or name after 'E'", NULL);
    size_t body = s->pos;
    /* Fast Models shape: E <value> {<mode>} {<value1>} <number> <desc>: starts with an address. */
    tm_str tok[6];
    int n = 0;
    while (n < 6) {
        tm_str t = tm_scan_token(s);
        if (t.n == 0) break;
        tok[n++] = t;
    }
    int fm = n >= 3 && n <= 5 && tm_str_is_hex(tok[n - 2]) && !tm_str_is_hex(tok[n - 1]);
    if (fm) {
        tm_scan sub = *s;
        sub.pos = (size_t)(tok[0].p - s->line);
        if (!tm_str_is_hex((tm_str){ tok[0].p, 1 })) fm = 0;
        if (fm) {
            int rc = tm_scan_addr(&sub, "event value", &e->value);
            if (rc) return rc;
            if (sub.pos != (size_t)(tok[0].p - s->line) + tok[0].n)
                return tm_scan_fail(s, sub.pos, "unexpected text in the event value", NULL);
        }
    }
    if (fm) {
        e->has_value = 1;
        for (int i = 1; i < n - 2; i++) {
            if (tm_str_is_hex(tok[i]) && !e->has_value1 && (tok[i].n == 8 || tok[i].n == 16)) {
                e->has_value1 = 1;
                e->value1 = hex64(tok[i]);
                e->value1_digits = (uint8_t)tok[i].n;
            } else if (!tm_str_is_hex(tok[i]) && e->mode.n == 0 && !e->has_value1) {
                e->mode = tok[i];
            } else {
                return tm_scan_fail(s, (size_t)(tok[i].p - s->line), "unexpected field in event record", NULL);
            }
        }
        tm_str num = tok[n - 2];
        if (num.n != 8 && num.n != 16)
            return tm_scan_fail(s, (size_t)(num.p - s->line), "expected an event number of 8 or 16 hex digits", NULL);
        e->has_number = 1;
        e->number = hex64(num);
        e->number_digits = (uint8_t)num.n;
        e->desc = tok[n - 1];
        return TM_OK;
    }
    /* Cortex-M RTL shape: E <desc> {<hex arg>}; a longer description is kept whole. */
    s->pos = body;
    if (n == 2 && tm_str_is_hex(tok[1]) && tok[1].n <= 8 && !tm_str_is_hex(tok[0])) {
        e->desc = tok[0];
        e->has_arg = 1;
        e->arg = (uint32_t)hex64(tok[1]);
        e->arg_digits = (uint8_t)tok[1].n;
        s->pos = s->len;
        return TM_OK;
    }
    if (tm_str_is_hex(tok[0]))
        return tm_scan_fail(s, (size_t)(tok[0].p - s->line),
                            "malformed event: expected '<value> {<mode>} {<value1>} <number> <name>'", NULL);
    e->desc = tm_scan_rest(s);
    return TM_OK;
}

/* Header and body of one record starting at s->pos. */
static int parse_record(tm_scan *s, tm_record *rec)
{
    const char *line = s->line;
    size_t len = s->len, start = s->pos;
    rec->kind = TM_REC_NONE;
    if (tm_at_end(s) || is_comment(s)) return TM_OK;
    int rc;
    int kind = TM_REC_NONE;
    rc = parse_header(s, &rec->h, &kind);
    if (rc) { /* no keyword: the ES header line, or a continuation line (looked for only here, off the hot path) */
        memset(&rec->h, 0, sizeof rec->h);
        rec->h.cpu = -1;
        if (start == 0 && tm_is_text_header(line, len, &rec->u.text.text)) {
            rec->kind = TM_REC_TEXT_HEADER;
            return TM_OK;
        }
        if (start != 0 || !tm_is_ldst_continuation(line, len)) return rc;
        s->pos = 0;
        if ((rc = tm_parse_ldst(s, (tm_str){ 0, 0 }, &rec->u.ldst))) return rc;
        rec->kind = TM_REC_LDST;
        return TM_OK;
    }
    tm_str kw = tm_scan_token(s);
    switch (kind) {
    case TM_REC_INSN: rc = parse_insn(s, kw, &rec->u.insn); break;
    case TM_REC_FLOW: rc = parse_flow(s, kw, &rec->u.flow); break;
    case TM_REC_REG: rc = parse_reg(s, &rec->u.reg); break;
    case TM_REC_EVENT: rc = parse_event(s, &rec->u.event); break;
    case TM_REC_MEM: rc = tm_parse_mem(s, kw, &rec->u.mem); break;
    case TM_REC_MEM_UPDATE: rc = tm_parse_mem_update(s, kw, &rec->u.mu); break;
    case TM_REC_BUS: rc = tm_parse_bus(s, kw, &rec->u.bus); break;
    case TM_REC_CACHE: rc = tm_parse_cache(s, rec); kind = rec->kind; break;
    case TM_REC_TTW: rc = tm_parse_ttw(s, kw, &rec->u.ttw); break;
    case TM_REC_TLB: rc = tm_parse_tlb(s, kw, &rec->u.tlb); break;
    case TM_REC_SIGNAL: rc = tm_parse_signal(s, &rec->u.signal); break;
    case TM_REC_INFO: rc = tm_parse_info(s, kw, &rec->u.info); break;
    case TM_REC_BRANCH: rc = tm_parse_branch(s, &rec->u.branch); break;
    case TM_REC_LDST: rc = tm_parse_ldst(s, kw, &rec->u.ldst); break;
    case TM_KW_ES: rc = tm_parse_es(s, rec); kind = rec->kind; break;
    case TM_KW_EXC: rc = tm_parse_exc(s, &rec->u.event, TM_EVENT_EXC); kind = TM_REC_EVENT; break;
    default: rc = tm_scan_fail(s, 0, "internal: unhandled record kind", NULL); break;
    }
    if (rc) return rc;
    rec->kind = (uint8_t)kind;
    return TM_OK;
}

int tm_parse_line(const char *line, size_t len, tm_record *rec, tm_error *err)
{
    if (!rec || (len && !line)) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_parse_line: a NULL argument");
    tm_scan s = { line, len, 0, err, 0, 0 };
    int rc = parse_record(&s, rec);
    if (rc || !s.next) return rc;
    return tm_scan_fail(&s, s.next, "a second record glued onto this line: read it with tm_parse_line_in and "
                                    "tm_parse_more_in", NULL);
}

/* A continuation line takes the direction of the LD/ST before it; an LD/ST sets it. */
static int follow_ldst(tm_parse_state *st, const char *line, size_t len, tm_record *rec, tm_error *err)
{
    if (rec->kind != TM_REC_LDST) return TM_OK;
    tm_ldst *m = &rec->u.ldst;
    if (!m->continuation) {
        st->ldst_seen = 1;
        st->ldst_write = m->write;
        return TM_OK;
    }
    if (!st->ldst_seen) {
        if (err) {
            tm_error_set(err, TM_ERR_PARSE, NULL, 0, "a continuation of an LD or ST line, but no LD or ST line came "
                                                     "before");
            err->column = 1;
            while (err->column <= len && tm_is_space(line[err->column - 1])) err->column++;
        }
        return TM_ERR_PARSE;
    }
    m->write = st->ldst_write;
    return TM_OK;
}

int tm_parse_line_in(tm_parse_state *st, const char *line, size_t len, tm_record *rec, tm_error *err)
{
    if (!st || !rec || (len && !line)) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_parse_line_in: a NULL argument");
    tm_scan s = { line, len, 0, err, st->profile, 0 };
    st->more = 0;
    int rc = parse_record(&s, rec);
    if (rc) return rc;
    if (s.next) {
        st->more = (uint32_t)s.next;
        st->more_h = rec->h;
    }
    return follow_ldst(st, line, len, rec, err);
}

int tm_parse_more_in(tm_parse_state *st, const char *line, size_t len, tm_record *rec, tm_error *err)
{
    if (!st || !rec || (len && !line)) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_parse_more_in: a NULL argument");
    if (!st->more || st->more >= len) return TM_EOF;
    tm_scan s = { line, len, st->more, err, st->profile, 0 };
    st->more = 0;
    int rc = parse_record(&s, rec);
    if (rc) return rc;
    if (!rec->h.time.n && !rec->h.scale.n && rec->h.cpu < 0)
        rec->h = st->more_h; /* glued on without a time: it happened when the record before it did */
    if (s.next) st->more = (uint32_t)s.next;
    return follow_ldst(st, line, len, rec, err);
}

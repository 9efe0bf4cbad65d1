/* The golden's fields that ARMv6-M fixes, checked as the golden thread builds its steps (tc_internal.h): addresses
 * are 32 bits wide, never cut; the xPSR's aliases give their fields of xPSR; a PC record is kept for the next
 * step's address; two records of one register under different names in one step must agree. A golden that breaks
 * one of these is wrong at a line and column, not evidence against the RTL. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tarmac/reader.h"
#include "tarmac/regs.h"
#include "tc_internal.h"

/* The column of p in the line being read, 1-based; 0 when p is not in it (live mode has no line text). */
static uint32_t column_of(const tc_checker *c, const char *p)
{
    if (!c->gs.reader || !p) return 0;
    size_t len;
    const char *line = tm_reader_line_text(c->gs.reader, &len);
    return p >= line && p <= line + len ? (uint32_t)(p - line + 1) : 0;
}

/* The column of an address as written: its digits' first place in the line (0: not found). */
static uint32_t addr_column(const tc_checker *c, const tm_addr *a)
{
    if (!c->gs.reader) return 0;
    size_t len;
    const char *line = tm_reader_line_text(c->gs.reader, &len);
    char digits[24];
    snprintf(digits, sizeof digits, "%0*llx", a->va_digits, (unsigned long long)a->va);
    const char *at = strcasestr(line, digits);
    return at ? (uint32_t)(at - line + 1) : 0;
}

/* A refusal at column: the message in c->gs.bad; TC_FAILED. */
__attribute__((format(printf, 3, 4))) static int refuse(tc_checker *c, uint32_t column, const char *fmt, ...)
{
    tc_field_bad *bad = &c->gs.bad;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(bad->msg, sizeof bad->msg, fmt, ap);
    va_end(ap);
    bad->column = column;
    return TC_FAILED;
}

int tc_golden_addr_wide(tc_checker *c, const tm_addr *a, const char *what)
{
    return refuse(c, addr_column(c, a), "%s address %llx is wider than the 32 bits of ARMv6-M", what,
                  (unsigned long long)a->va);
}

/* The xPSR's views in ARMv6-M (B1.4.2: APSR N Z C V, IPSR the exception number, EPSR the T bit) and their
 * combinations as producers name them: the bits of xPSR each gives. */
static const struct xpsr_view {
    const char *name;
    uint32_t mask;
} kViews[] = {
    { "apsr", 0xF0000000u }, { "ipsr", 0x0000003Fu }, { "epsr", 0x01000000u },
    { "iapsr", 0xF000003Fu }, { "eapsr", 0xF1000000u }, { "iepsr", 0x0100003Fu },
};

static uint32_t view_mask(tm_str name)
{
    for (size_t i = 0; i < sizeof kViews / sizeof kViews[0]; i++)
        if (name.n == strlen(kViews[i].name) && !strncasecmp(name.p, kViews[i].name, name.n)) return kViews[i].mask;
    return 0;
}

/* The name of the view with exactly this mask ("xPSR" for all of it), for messages. */
static const char *view_name(uint32_t mask)
{
    for (size_t i = 0; i < sizeof kViews / sizeof kViews[0]; i++)
        if (kViews[i].mask == mask) return kViews[i].name;
    return "xPSR";
}

int tc_golden_reg(tc_checker *c, tc_step *s, const tm_reg *rg)
{
    if (rg->op.n) return TC_OK; /* a system operation */
    int id = rg->foreign ? -1 : tm_reg_id_of(rg);
    uint32_t mask = 0xFFFFFFFFu;
    if (id == TM_REG_OTHER && (mask = view_mask(rg->name)) != 0) id = TM_REG_XPSR;
    if (id < 0) return TC_FIELD_LEFT_OUT; /* foreign, or not a register of ARMv6-M's core */
    uint32_t value = (uint32_t)rg->value.v;
    int unknown = rg->value.unknown_digits != 0; /* a value with x or - digits is not a number to compare */
    uint32_t col = column_of(c, rg->value.text.p);
    if (!unknown && (value & ~mask)) {
        char upper[8];
        snprintf(upper, sizeof upper, "%s", view_name(mask));
        for (char *p = upper; *p; p++) *p = (char)(*p - ('a' <= *p && *p <= 'z' ? 'a' - 'A' : 0));
        return refuse(c, col, "%.*s %08x has bits outside %s (%08x) in ARMv6-M", (int)rg->name.n, rg->name.p,
                      value, upper, mask);
    }
    if (s->nregs == TC_MAX_REGS) return refuse(c, 0, "more than %d register records in one step", TC_MAX_REGS);
    /* the same register named otherwise in this step: both are what the step leaves, they must agree */
    for (unsigned i = 0; i < s->nregs && !unknown; i++) {
        const tc_greg *o = &s->regs[i];
        size_t n = strlen(o->name);
        int same_name = rg->name.n == n && !strncasecmp(rg->name.p, o->name, n);
        if (o->id != id || o->unknown || same_name || !((o->value ^ value) & o->mask & mask)) continue;
        return refuse(c, col, "%.*s %08x conflicts with %s %08x at line %llu (the same register in one step)",
                      (int)rg->name.n, rg->name.p, value, o->name, o->value, (unsigned long long)o->line);
    }
    c->gs.reg_pos++;
    tc_greg *g = &s->regs[s->nregs++];
    g->id = (int8_t)id;
    g->unknown = (uint8_t)unknown;
    g->value = value & mask;
    g->mask = mask;
    snprintf(g->name, sizeof g->name, "%.*s", (int)rg->name.n, rg->name.p);
    g->line = c->gs.line;
    return TC_OK;
}

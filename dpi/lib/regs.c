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

int tm_reg_id_of(const tm_reg *r) { return tm_reg_id(r->name, r->suffix.n ? r->suffix : r->qualifier); }

const char *tm_reg_name(int id)
{
    static const char *const names[TM_REG_COUNT] = {
        "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12",
        "sp", "lr", "pc", "xpsr", "msp", "psp", "primask", "control",
    };
    return id >= 0 && id < TM_REG_COUNT ? names[id] : "?";
}

/* The ARMv6-M executor: fetch, decode and execute one Thumb instruction, then the boundary work (SysTick,
 * MTB packets, exception entry). Flags and faults follow the ARMv6-M ARM; the implementation-defined choices
 * are in model/ARCHITECTURE.md. */
#include <stdlib.h>
#include <string.h>

#include "armv6m.h"

#define N_FLAG 0x80000000u
#define Z_FLAG 0x40000000u
#define C_FLAG 0x20000000u
#define V_FLAG 0x10000000u

m6 *m6_create(void)
{
    m6 *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->code = calloc(1, M6_CODE_SIZE);
    c->sram = calloc(1, M6_SRAM_SIZE);
    c->mtbram = calloc(1, M6_MTBRAM_SIZE);
    if (!c->code || !c->sram || !c->mtbram) {
        m6_destroy(c);
        return NULL;
    }
    c->console = stdout;
    m6_config_defaults(&c->cfg);
    return c;
}

void m6_destroy(m6 *c)
{
    if (!c) return;
    free(c->code);
    free(c->sram);
    free(c->mtbram);
    free(c);
}

static int handler_mode(const m6 *c) { return c->ipsr != 0; }
static int psp_active(const m6 *c) { return !handler_mode(c) && (c->control & 2); }

uint32_t m6_xpsr(const m6 *c) { return c->apsr | c->ipsr | 0x01000000u; }
uint32_t m6_msp(const m6 *c) { return psp_active(c) ? c->sp_other : c->r[13]; }
uint32_t m6_psp(const m6 *c) { return psp_active(c) ? c->r[13] : c->sp_other; }

/* Register writes of the step, remembered for the trace. */
static inline void set_reg(m6 *c, unsigned n, uint32_t v)
{
    if (n == 13) {
        v &= ~3u;
        c->reg_written |= psp_active(c) ? 1u << 17 : 1u << 16;
    } else {
        c->reg_written |= 1u << n;
    }
    c->r[n] = v;
}

void m6_set_reg(m6 *c, unsigned n, uint32_t v) { set_reg(c, n, v); }

int m6_reset(m6 *c)
{
    uint32_t sp, pc;
    if (m6_read(c, 0, 4, &sp) || m6_read(c, 4, 4, &pc)) {
        snprintf(c->msg, sizeof c->msg, "the vector table at 0x00000000 is not mapped");
        return -1;
    }
    memset(c->r, 0, sizeof c->r);
    c->r[13] = sp & ~3u;
    c->r[14] = c->cfg.lr_reset;
    c->r[15] = pc & ~1u;
    c->sp_other = 0;
    c->apsr = 0;
    c->ipsr = 0;
    c->primask = c->control = 0;
    c->irq_enable = c->irq_pending = 0;
    memset(c->irq_prio, 0, sizeof c->irq_prio);
    c->sys_pending = c->active = 0;
    c->pri_svcall = c->pri_pendsv = c->pri_systick = 0;
    c->vtor = c->scr = 0;
    c->st_csr = c->st_rvr = c->st_cvr = 0;
    c->mtb_position = c->mtb_master = c->mtb_flow = 0;
    c->icount = 0;
    c->exited = c->locked_up = 0;
    c->fault_pending = 0;
    c->tail_chain_to = 0;
    if (!(pc & 1)) c->fault_pending = (pc & ~1u) + 1; /* T bit clear: HardFault at the first instruction */
    m6_trace_reset(c, pc & ~1u);
    return 0;
}

static inline void set_nz(m6 *c, uint32_t r)
{
    c->apsr = (c->apsr & ~(N_FLAG | Z_FLAG)) | (r & N_FLAG) | (r ? 0 : Z_FLAG);
}

static inline uint32_t add_with_carry(m6 *c, uint32_t a, uint32_t b, uint32_t carry_in, int setflags)
{
    uint64_t u = (uint64_t)a + b + carry_in;
    uint32_t r = (uint32_t)u;
    if (setflags) {
        uint32_t f = (r & N_FLAG) | (r ? 0 : Z_FLAG);
        if (u >> 32) f |= C_FLAG;
        if (((a ^ r) & (b ^ r)) >> 31) f |= V_FLAG;
        c->apsr = f;
    }
    return r;
}

static inline uint32_t carry(const m6 *c) { return (c->apsr >> 29) & 1; }

static inline void set_c(m6 *c, uint32_t cbit) { c->apsr = (c->apsr & ~C_FLAG) | (cbit ? C_FLAG : 0); }

/* Data accesses of the instruction: alignment and bus errors fault; successful ones go into the trace. */
static int load(m6 *c, uint32_t addr, unsigned size, uint32_t *v)
{
    if (addr & (size - 1)) return -1;
    if (m6_read(c, addr, size, v)) return -1;
    if (c->nacc < sizeof c->acc / sizeof c->acc[0]) c->acc[c->nacc++] = (m6_access){ addr, *v, (uint8_t)size, 0 };
    return 0;
}

static int store(m6 *c, uint32_t addr, unsigned size, uint32_t v)
{
    if (addr & (size - 1)) return -1;
    if (m6_write(c, addr, size, v)) return -1;
    if (c->nacc < sizeof c->acc / sizeof c->acc[0]) c->acc[c->nacc++] = (m6_access){ addr, v, (uint8_t)size, 1 };
    return 0;
}

static int cond_passed(const m6 *c, unsigned cond)
{
    uint32_t f = c->apsr;
    int n = !!(f & N_FLAG), z = !!(f & Z_FLAG), cc = !!(f & C_FLAG), v = !!(f & V_FLAG);
    switch (cond) {
    case 0: return z;
    case 1: return !z;
    case 2: return cc;
    case 3: return !cc;
    case 4: return n;
    case 5: return !n;
    case 6: return v;
    case 7: return !v;
    case 8: return cc && !z;
    case 9: return !cc || z;
    case 10: return n == v;
    case 11: return n != v;
    case 12: return !z && n == v;
    case 13: return z || n != v;
    default: return 1;
    }
}

/* Bit 0 of an interworking target is the T bit: clear is an INVSTATE fault at the target (taken after this
 * instruction). BLX writes the PC this way (BLXWritePC). */
static void blx_write_pc(m6 *c, uint32_t pc_now, uint32_t target)
{
    c->r[15] = target & ~1u;
    c->branch_from = pc_now + 1;
    if (!(target & 1)) c->fault_pending = (target & ~1u) + 1;
}

/* A BX or POP {pc} target 0xFxxxxxxx in handler mode is an exception return. */
static int is_exc_return(const m6 *c, uint32_t target)
{
    return handler_mode(c) && (target & 0xf0000000u) == 0xf0000000u;
}

static int valid_exc_return(uint32_t v) { return v == 0xfffffff1u || v == 0xfffffff9u || v == 0xfffffffdu; }

/* BXWritePC (BX, POP {pc}): an exception return, or an interworking branch. Returns -1 for an invalid
 * EXC_RETURN (HardFault), before changing anything. */
static int bx_write_pc(m6 *c, uint32_t pc_now, uint32_t target)
{
    if (!is_exc_return(c, target)) {
        blx_write_pc(c, pc_now, target);
        return 0;
    }
    if (!valid_exc_return(target) || m6_exception_return(c, target)) return -1;
    c->exc_return_from = pc_now + 1;
    c->exc_return_value = target;
    return 0;
}

static void branch(m6 *c, uint32_t pc_now, uint32_t target)
{
    c->r[15] = target & ~1u;
    c->branch_from = pc_now + 1;
}

/* Shift by register (LSL/LSR/ASR/ROR with Rs[7:0]) with the ARMv6-M carry rules. */
static uint32_t shift_reg(m6 *c, unsigned type, uint32_t v, uint32_t amount)
{
    amount &= 0xff;
    if (amount == 0) return v;
    uint32_t r, cout;
    switch (type) {
    case 0: /* LSL */
        if (amount < 32) { r = v << amount; cout = (v >> (32 - amount)) & 1; }
        else if (amount == 32) { r = 0; cout = v & 1; }
        else { r = 0; cout = 0; }
        break;
    case 1: /* LSR */
        if (amount < 32) { r = v >> amount; cout = (v >> (amount - 1)) & 1; }
        else if (amount == 32) { r = 0; cout = v >> 31; }
        else { r = 0; cout = 0; }
        break;
    case 2: /* ASR */
        if (amount < 32) { r = (uint32_t)((int32_t)v >> amount); cout = (v >> (amount - 1)) & 1; }
        else { r = (uint32_t)((int32_t)v >> 31); cout = v >> 31; }
        break;
    default: { /* ROR */
        unsigned s = amount & 31;
        r = s ? (v >> s) | (v << (32 - s)) : v;
        cout = r >> 31;
        break;
    }
    }
    set_c(c, cout);
    return r;
}

static uint32_t read_special(const m6 *c, unsigned sysm)
{
    switch (sysm) {
    case 0: return c->apsr;
    case 1: return c->apsr | c->ipsr;
    case 2: return c->apsr;
    case 3: return c->apsr | c->ipsr;
    case 5: return c->ipsr;
    case 6: return 0;
    case 7: return c->ipsr;
    case 8: return m6_msp(c);
    case 9: return m6_psp(c);
    case 16: return c->primask;
    case 20: return c->control;
    default: return 0;
    }
}

static void write_special(m6 *c, unsigned sysm, uint32_t v)
{
    switch (sysm) {
    case 0: case 1: case 2: case 3:
        c->apsr = v & 0xf8000000u & ~0x08000000u;
        break;
    case 8:
        if (psp_active(c)) { c->sp_other = v & ~3u; c->reg_written |= 1u << 16; }
        else set_reg(c, 13, v);
        break;
    case 9:
        if (psp_active(c)) set_reg(c, 13, v);
        else { c->sp_other = v & ~3u; c->reg_written |= 1u << 17; }
        break;
    case 16:
        c->primask = v & 1;
        break;
    case 20:
        if (!handler_mode(c) && ((v ^ c->control) & 2)) { /* switch the stack in use */
            uint32_t t = c->r[13];
            c->r[13] = c->sp_other;
            c->sp_other = t;
            c->control = v & 2;
        }
        break;
    default:
        break;
    }
}

/* Execute the 16-bit instruction op at pc. Returns 0, or -1 for a fault (HardFault at pc). */
static int exec16(m6 *c, uint32_t pc, uint32_t op, int *taken)
{
    uint32_t *r = c->r;
    unsigned rd = op & 7, rn = (op >> 3) & 7, rm = (op >> 6) & 7;
    uint32_t v, addr;
    switch (op >> 11) {
    case 0x00: case 0x01: case 0x02: { /* LSL/LSR/ASR #imm5 */
        unsigned type = op >> 11, imm = (op >> 6) & 31;
        uint32_t x = r[rn];
        if (type == 0) {
            if (imm) { set_c(c, (x >> (32 - imm)) & 1); x <<= imm; }
        } else {
            unsigned s = imm ? imm : 32;
            if (type == 1) { set_c(c, s == 32 ? x >> 31 : (x >> (s - 1)) & 1); x = s == 32 ? 0 : x >> s; }
            else { set_c(c, s == 32 ? x >> 31 : (x >> (s - 1)) & 1); x = (uint32_t)((int32_t)x >> (s == 32 ? 31 : s)); }
        }
        set_nz(c, x);
        set_reg(c, rd, x);
        return 0;
    }
    case 0x03: { /* ADDS/SUBS reg or imm3 */
        uint32_t b = (op & 0x0400) ? rm : r[rm];
        if (op & 0x0200) v = add_with_carry(c, r[rn], ~b, 1, 1);
        else v = add_with_carry(c, r[rn], b, 0, 1);
        set_reg(c, rd, v);
        return 0;
    }
    case 0x04: rd = (op >> 8) & 7; v = op & 0xff; set_nz(c, v); set_reg(c, rd, v); return 0;       /* MOVS imm */
    case 0x05: add_with_carry(c, r[(op >> 8) & 7], ~(op & 0xff), 1, 1); return 0;                     /* CMP imm */
    case 0x06: rd = (op >> 8) & 7; set_reg(c, rd, add_with_carry(c, r[rd], op & 0xff, 0, 1)); return 0; /* ADDS */
    case 0x07: rd = (op >> 8) & 7; set_reg(c, rd, add_with_carry(c, r[rd], ~(op & 0xff), 1, 1)); return 0;
    case 0x08: /* data processing, special data, BX */
        if (!(op & 0x0400)) {
            uint32_t a = r[rd], b = r[rn];
            switch ((op >> 6) & 15) {
            case 0: v = a & b; set_nz(c, v); set_reg(c, rd, v); break;
            case 1: v = a ^ b; set_nz(c, v); set_reg(c, rd, v); break;
            case 2: v = shift_reg(c, 0, a, b); set_nz(c, v); set_reg(c, rd, v); break;
            case 3: v = shift_reg(c, 1, a, b); set_nz(c, v); set_reg(c, rd, v); break;
            case 4: v = shift_reg(c, 2, a, b); set_nz(c, v); set_reg(c, rd, v); break;
            case 5: set_reg(c, rd, add_with_carry(c, a, b, carry(c), 1)); break;
            case 6: set_reg(c, rd, add_with_carry(c, a, ~b, carry(c), 1)); break;
            case 7: v = shift_reg(c, 3, a, b); set_nz(c, v); set_reg(c, rd, v); break;
            case 8: set_nz(c, a & b); break;
            case 9: set_reg(c, rd, add_with_carry(c, ~b, 0, 1, 1)); break; /* RSBS #0 */
            case 10: add_with_carry(c, a, ~b, 1, 1); break;
            case 11: add_with_carry(c, a, b, 0, 1); break;
            case 12: v = a | b; set_nz(c, v); set_reg(c, rd, v); break;
            case 13: v = a * b; set_nz(c, v); set_reg(c, rd, v); break;
            case 14: v = a & ~b; set_nz(c, v); set_reg(c, rd, v); break;
            default: v = ~b; set_nz(c, v); set_reg(c, rd, v); break;
            }
            return 0;
        }
        {
            unsigned dn = (op & 7) | ((op >> 4) & 8), m = (op >> 3) & 15;
            uint32_t mv = m == 15 ? pc + 4 : r[m];
            uint32_t dv = dn == 15 ? pc + 4 : r[dn];
            switch ((op >> 8) & 3) {
            case 0: /* ADD Rdn, Rm */
                v = dv + mv;
                if (dn == 15) branch(c, pc, v);
                else set_reg(c, dn, v);
                return 0;
            case 1: /* CMP hi */
                add_with_carry(c, dv, ~mv, 1, 1);
                return 0;
            case 2: /* MOV Rd, Rm */
                if (dn == 15) branch(c, pc, mv);
                else set_reg(c, dn, mv);
                return 0;
            default: /* BX / BLX */
                if (op & 7) return -1;
                if (!(op & 0x80)) return bx_write_pc(c, pc, mv);
                if (m == 15) return -1;
                set_reg(c, 14, (pc + 2) | 1);
                blx_write_pc(c, pc, mv);
                return 0;
            }
        }
    case 0x09: /* LDR literal */
        addr = ((pc + 4) & ~3u) + (op & 0xff) * 4;
        if (load(c, addr, 4, &v)) return -1;
        set_reg(c, (op >> 8) & 7, v);
        return 0;
    case 0x0a: case 0x0b: { /* load/store register offset */
        addr = r[rn] + r[rm];
        switch ((op >> 9) & 7) {
        case 0: return store(c, addr, 4, r[rd]);
        case 1: return store(c, addr, 2, r[rd] & 0xffff);
        case 2: return store(c, addr, 1, r[rd] & 0xff);
        case 3: if (load(c, addr, 1, &v)) return -1; set_reg(c, rd, (uint32_t)(int32_t)(int8_t)v); return 0;
        case 4: if (load(c, addr, 4, &v)) return -1; set_reg(c, rd, v); return 0;
        case 5: if (load(c, addr, 2, &v)) return -1; set_reg(c, rd, v); return 0;
        case 6: if (load(c, addr, 1, &v)) return -1; set_reg(c, rd, v); return 0;
        default: if (load(c, addr, 2, &v)) return -1; set_reg(c, rd, (uint32_t)(int32_t)(int16_t)v); return 0;
        }
    }
    case 0x0c: return store(c, r[rn] + ((op >> 6) & 31) * 4, 4, r[rd]);
    case 0x0d: if (load(c, r[rn] + ((op >> 6) & 31) * 4, 4, &v)) return -1; set_reg(c, rd, v); return 0;
    case 0x0e: return store(c, r[rn] + ((op >> 6) & 31), 1, r[rd] & 0xff);
    case 0x0f: if (load(c, r[rn] + ((op >> 6) & 31), 1, &v)) return -1; set_reg(c, rd, v); return 0;
    case 0x10: return store(c, r[rn] + ((op >> 6) & 31) * 2, 2, r[rd] & 0xffff);
    case 0x11: if (load(c, r[rn] + ((op >> 6) & 31) * 2, 2, &v)) return -1; set_reg(c, rd, v); return 0;
    case 0x12: return store(c, r[13] + (op & 0xff) * 4, 4, r[(op >> 8) & 7]);
    case 0x13: if (load(c, r[13] + (op & 0xff) * 4, 4, &v)) return -1; set_reg(c, (op >> 8) & 7, v); return 0;
    case 0x14: set_reg(c, (op >> 8) & 7, ((pc + 4) & ~3u) + (op & 0xff) * 4); return 0; /* ADR */
    case 0x15: set_reg(c, (op >> 8) & 7, r[13] + (op & 0xff) * 4); return 0;           /* ADD Rd, SP, #imm */
    case 0x16: case 0x17: /* miscellaneous */
        switch ((op >> 8) & 15) {
        case 0x0:
            set_reg(c, 13, (op & 0x80) ? r[13] - (op & 0x7f) * 4 : r[13] + (op & 0x7f) * 4);
            return 0;
        case 0x2:
            switch ((op >> 6) & 3) {
            case 0: set_reg(c, rd, (uint32_t)(int32_t)(int16_t)r[rn]); break;
            case 1: set_reg(c, rd, (uint32_t)(int32_t)(int8_t)r[rn]); break;
            case 2: set_reg(c, rd, r[rn] & 0xffff); break;
            default: set_reg(c, rd, r[rn] & 0xff); break;
            }
            return 0;
        case 0x4: case 0x5: { /* PUSH */
            unsigned list = (op & 0xff) | ((op & 0x100) ? 0x4000 : 0);
            if (!list) return -1;
            uint32_t sp = r[13] - 4u * (unsigned)__builtin_popcount(list);
            if (sp & 3) return -1;
            addr = sp;
            for (unsigned i = 0; i < 15; i++)
                if (list & (1u << i)) {
                    if (store(c, addr, 4, r[i])) return -1;
                    addr += 4;
                }
            set_reg(c, 13, sp);
            return 0;
        }
        case 0x6:
            if ((op & 0xffef) == 0xb662) { c->primask = (op >> 4) & 1; return 0; } /* CPSIE/CPSID i */
            return -1;
        case 0xa:
            v = r[rn];
            switch ((op >> 6) & 3) {
            case 0: set_reg(c, rd, __builtin_bswap32(v)); return 0;
            case 1: set_reg(c, rd, ((v & 0x00ff00ffu) << 8) | ((v >> 8) & 0x00ff00ffu)); return 0;
            case 3: set_reg(c, rd, (uint32_t)(int32_t)(int16_t)(((v & 0xff) << 8) | ((v >> 8) & 0xff))); return 0;
            default: return -1;
            }
        case 0xc: case 0xd: { /* POP */
            unsigned list = op & 0xff, pcbit = (op >> 8) & 1;
            if (!list && !pcbit) return -1;
            uint32_t sp = r[13];
            if (sp & 3) return -1;
            uint32_t vals[9];
            unsigned n = 0;
            addr = sp;
            for (unsigned i = 0; i < 8; i++)
                if (list & (1u << i)) {
                    if (load(c, addr, 4, &vals[n++])) return -1;
                    addr += 4;
                }
            uint32_t newpc = 0;
            if (pcbit) {
                if (load(c, addr, 4, &newpc)) return -1;
                addr += 4;
                if (is_exc_return(c, newpc) && !valid_exc_return(newpc)) return -1;
            }
            n = 0;
            for (unsigned i = 0; i < 8; i++)
                if (list & (1u << i)) set_reg(c, i, vals[n++]);
            set_reg(c, 13, addr);
            return pcbit ? bx_write_pc(c, pc, newpc) : 0;
        }
        case 0xe: /* BKPT */
            if ((op & 0xff) == 0xab) return m6_semihost(c) < 0 ? -1 : 0;
            return -1;
        case 0xf:
            if (op & 0xf) return -1; /* IT does not exist in ARMv6-M */
            return (op & 0xf0) <= 0x40 ? 0 : -1; /* NOP, YIELD, WFE, WFI, SEV */
        default:
            return -1;
        }
    case 0x18: { /* STM */
        unsigned base = (op >> 8) & 7, list = op & 0xff;
        if (!list) return -1;
        addr = r[base];
        if (addr & 3) return -1;
        for (unsigned i = 0; i < 8; i++)
            if (list & (1u << i)) {
                if (store(c, addr, 4, r[i])) return -1;
                addr += 4;
            }
        set_reg(c, base, addr);
        return 0;
    }
    case 0x19: { /* LDM */
        unsigned base = (op >> 8) & 7, list = op & 0xff;
        if (!list) return -1;
        addr = r[base];
        if (addr & 3) return -1;
        uint32_t vals[8];
        unsigned n = 0;
        for (unsigned i = 0; i < 8; i++)
            if (list & (1u << i)) {
                if (load(c, addr, 4, &vals[n++])) return -1;
                addr += 4;
            }
        n = 0;
        for (unsigned i = 0; i < 8; i++)
            if (list & (1u << i)) set_reg(c, i, vals[n++]);
        if (!(list & (1u << base))) set_reg(c, base, addr);
        return 0;
    }
    case 0x1a: case 0x1b: { /* B<cond>, UDF, SVC */
        unsigned cond = (op >> 8) & 15;
        if (cond == 14) return -1;
        if (cond == 15) {
            m6_set_pending(c, M6_EXC_SVCALL);
            return 0;
        }
        if (!cond_passed(c, cond)) {
            *taken = 0;
            return 0;
        }
        branch(c, pc, pc + 4 + (uint32_t)((int32_t)(int8_t)(op & 0xff) * 2));
        return 0;
    }
    case 0x1c: /* B */
        branch(c, pc, pc + 4 + (uint32_t)(((int32_t)(op << 21)) >> 20));
        return 0;
    default:
        return -1;
    }
}

/* 32-bit instructions: BL, MSR, MRS, DMB/DSB/ISB. Everything else is UNDEFINED (HardFault). */
static int exec32(m6 *c, uint32_t pc, uint32_t op)
{
    uint32_t hw1 = op >> 16, hw2 = op & 0xffff;
    if ((hw2 & 0xd000) == 0xd000) { /* BL */
        uint32_t s = (hw1 >> 10) & 1, j1 = (hw2 >> 13) & 1, j2 = (hw2 >> 11) & 1;
        uint32_t i1 = !(j1 ^ s), i2 = !(j2 ^ s);
        uint32_t imm = (s << 24) | (i1 << 23) | (i2 << 22) | ((hw1 & 0x3ff) << 12) | ((hw2 & 0x7ff) << 1);
        int32_t off = (int32_t)(imm << 7) >> 7;
        set_reg(c, 14, (pc + 4) | 1);
        branch(c, pc, pc + 4 + (uint32_t)off);
        return 0;
    }
    if ((hw2 & 0xd000) != 0x8000) return -1;
    if ((hw1 & 0xffe0) == 0xf380 && (hw2 & 0xff00) == 0x8800) { /* MSR */
        unsigned sysm = hw2 & 0xff, rn = hw1 & 15;
        if (rn >= 13) return -1;
        write_special(c, sysm, c->r[rn]);
        return 0;
    }
    if ((hw1 & 0xffff) == 0xf3ef && (hw2 & 0xf000) == 0x8000) { /* MRS */
        unsigned rd = (hw2 >> 8) & 15;
        if (rd >= 13) return -1;
        set_reg(c, rd, read_special(c, hw2 & 0xff));
        return 0;
    }
    if (hw1 == 0xf3bf && (hw2 & 0xff00) == 0x8f00) { /* DSB, DMB, ISB */
        unsigned opt = (hw2 >> 4) & 15;
        return (opt == 4 || opt == 5 || opt == 6) ? 0 : -1;
    }
    return -1;
}

/* A faulting instruction changes no register: every path that returns -1 does so before its first register or
 * flag write (POP checks its EXC_RETURN before writing the popped registers); stores already performed stay
 * performed, as on the bus. That keeps the common path free of a register snapshot. */
static inline int step(m6 *c)
{
    if (c->exited) return M6_STEP_EXIT;
    if (c->locked_up) return M6_STEP_LOCKUP;
    c->nacc = 0;
    c->reg_written = 0;
    c->unstack_event = 0;
    if (c->trace) m6_trace_begin_step(c);
    uint32_t pc = c->r[15];
    if (c->fault_pending) { /* a fault from the previous boundary (INVSTATE) */
        uint32_t ret = c->fault_pending - 1;
        c->fault_pending = 0;
        m6_fault(c, ret);
        return c->locked_up ? M6_STEP_LOCKUP : M6_STEP_EXCEPTION;
    }
    uint32_t hw1, hw2 = 0;
    if (pc < M6_CODE_SIZE - 4) { /* fast path: fetch from the code region */
        hw1 = (uint32_t)c->code[pc] | (uint32_t)c->code[pc + 1] << 8;
    } else if (m6_read(c, pc, 2, &hw1)) {
        m6_fault(c, pc);
        return c->locked_up ? M6_STEP_LOCKUP : M6_STEP_EXCEPTION;
    }
    int is32 = (hw1 >> 11) >= 0x1d;
    if (is32 && m6_read(c, pc + 2, 2, &hw2)) {
        m6_fault(c, pc);
        return c->locked_up ? M6_STEP_LOCKUP : M6_STEP_EXCEPTION;
    }
    uint32_t op = is32 ? (hw1 << 16) | hw2 : hw1;
    c->r[15] = pc + (is32 ? 4 : 2);
    int taken = 1;
    int rc = is32 ? exec32(c, pc, op) : exec16(c, pc, op, &taken);
    if (rc) {
        c->r[15] = pc;
        c->reg_written = 0;
        c->branch_from = c->exc_return_from = 0;
        c->unstack_event = 0;
        c->fault_pending = 0;
        c->tail_chain_to = 0;
    }
    c->icount++;
    c->steps++;
    if (c->trace) m6_trace_insn(c, pc, op, is32, taken);
    if ((c->st_csr & 1) && c->cfg.systick == M6_SYSTICK_INSN) m6_systick_tick(c);
    if (c->mtb_master >> 31) {
        if (c->branch_from) m6_mtb_packet(c, c->branch_from - 1, 0, c->r[15]);
        if (c->exc_return_from) {
            m6_mtb_packet(c, c->exc_return_from - 1, 0, c->exc_return_value);
            /* a tail-chain's entry writes the second packet, to the handler */
            if (!c->tail_chain_to) m6_mtb_packet(c, c->exc_return_value | 1, 1, c->r[15]);
        }
    }
    c->branch_from = c->exc_return_from = 0;
    if (c->exited) return M6_STEP_EXIT;
    if (rc) m6_fault(c, pc);
    else if (c->tail_chain_to) m6_tail_chain(c);
    else if (c->fault_pending && !c->locked_up) return M6_STEP_INSN; /* INVSTATE: faults at the next step */
    else if (c->sys_pending || (c->irq_pending & c->irq_enable)) m6_take_pending(c);
    return c->locked_up ? M6_STEP_LOCKUP : M6_STEP_INSN;
}

int m6_step(m6 *c) { return step(c); }

int m6_run(m6 *c, uint64_t max_insns)
{
    int st = M6_STEP_INSN;
    while (st != M6_STEP_EXIT && st != M6_STEP_LOCKUP && (!max_insns || c->icount < max_insns)) st = step(c);
    return st;
}

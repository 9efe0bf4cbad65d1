/* The golden trace, per step, as model/ARCHITECTURE.md ("What the golden trace holds") says: the instruction
 * line, its memory records in bus order (with the ModeChange event of an exception return before the
 * unstacking reads), its register writes in ascending order, cpsr when the xPSR changed; exception entries
 * as their own steps. Lines go through the trace library's writer (tm_format / tm_out).
 * With --dialect fvp the same steps are written as an M-profile FVP writes them (dpi/DIALECTS.md): a
 * halting-debug event, the cpsr and reset signals before the reset, r14 before the stack pointer, every stack pointer
 * write as two lines (r13_main then MSP after cpsr, or r13_process then PSP), and an INFO_EXCEPTION_REASON
 * line before each exception entry event. A tail-chained entry (model/ARCHITECTURE.md) is an exception step without
 * stacking: its event carries the EXC_RETURN value as the return address, then r14 and cpsr. */
#include <stdio.h>
#include <string.h>

#include "m6_state.h"
#include "tarmac/elf.h"

static const char *const reg_names[15] = { "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                           "r8", "r9", "r10", "r11", "r12", "r13", "r14" };

typedef struct line {
    tm_record r;
    char time[24];
} line;

static tm_str lit(const char *s) { return (tm_str){ s, (uint32_t)strlen(s) }; }

static void header(const m6 *c, line *l)
{
    memset(&l->r, 0, sizeof l->r);
    l->r.h.scale = (tm_str){ "clk", 3 };
    l->r.h.cpu = -1;
    if (c->trace->lean) return;
    char tmp[24];
    int n = 0;
    uint64_t v = c->icount;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (int i = 0; i < n; i++) l->time[i] = tmp[n - 1 - i];
    l->r.h.time = (tm_str){ l->time, (uint32_t)n };
}

static void emit(m6 *c, const tm_record *r)
{
    if (c->trace->sink) {
        c->trace->sink(c->trace->sink_ctx, r);
        return;
    }
    if (c->trace->error) return;
    if (tm_out_record(c->trace->out, r, c->trace->dialect, &c->trace->err) != TM_OK) c->trace->error = 1;
}

/* A register's value; the bits in unknown are UNKNOWN (model/unknown.c): their digits are written as 'x'. */
static void emit_reg_unknown(m6 *c, line *l, const char *name, uint32_t value, uint32_t unknown)
{
    l->r.kind = TM_REC_REG;
    memset(&l->r.u, 0, sizeof l->r.u);
    l->r.u.reg.name = lit(name);
    l->r.u.reg.value.v = value & ~unknown;
    l->r.u.reg.value.unknown = unknown;
    l->r.u.reg.value.digits = 8;
    for (unsigned i = 0; i < 8; i++) l->r.u.reg.value.unknown_digits += (unknown >> (4 * i) & 15) != 0;
    emit(c, &l->r);
}

static void emit_reg(m6 *c, line *l, const char *name, uint32_t value) { emit_reg_unknown(c, l, name, value, 0); }

/* The registers' UNKNOWN bits (r0-r12 and LR; the flags in cpsr). */
static uint32_t unknown_of(const m6 *c, unsigned r) { return r < 15 ? c->unk_bits[r] : 0; }

static void emit_mem(m6 *c, line *l, const m6_access *a)
{
    l->r.kind = TM_REC_MEM;
    memset(&l->r.u, 0, sizeof l->r.u);
    tm_mem *m = &l->r.u.mem;
    if (c->trace->dialect == TM_DIALECT_CORTEXM) {
        m->shape = TM_MEM_M0;
        m->od = 'D';
    }
    m->write = a->write;
    m->size = a->size;
    m->addr.va = a->addr;
    m->addr.va_digits = 8;
    uint64_t unknown = 0;
    for (unsigned i = 0; i < a->size; i++)
        if (a->unk >> i & 1) unknown |= 0xffull << (8 * i);
    m->data.v = a->data & ~unknown;
    m->data.unknown = unknown;
    m->data.digits = (uint16_t)(2 * a->size);
    m->data.unknown_digits = (uint16_t)(2 * __builtin_popcount(a->unk));
    emit(c, &l->r);
}

static int fvp(const m6 *c) { return c->trace->dialect == TM_DIALECT_FVP; }

static void emit_named_event(m6 *c, line *l, const char *desc, uint32_t arg)
{
    l->r.kind = TM_REC_EVENT;
    memset(&l->r.u, 0, sizeof l->r.u);
    l->r.u.event.desc = lit(desc);
    l->r.u.event.has_arg = 1;
    l->r.u.event.arg = arg;
    l->r.u.event.arg_digits = 8;
    emit(c, &l->r);
}

static void emit_signal(m6 *c, line *l, const char *name, char state)
{
    l->r.kind = TM_REC_SIGNAL;
    memset(&l->r.u, 0, sizeof l->r.u);
    l->r.u.signal.name = lit(name);
    l->r.u.signal.state = state;
    emit(c, &l->r);
}

/* INFO_EXCEPTION_REASON: PHASE=ACTIVATE ... before an exception's entry event (formatted by hand: no stdio on
 * the trace path) */
static void emit_activate(m6 *c, line *l, uint32_t pc, const char *vector)
{
    static const char head[] = "PHASE=ACTIVATE REASONS=UNSPECIFIED PC=0x", mid[] = " VECTOR=",
                      tail[] = " FaultCause=NO_FSR_BIT";
    char f[sizeof head + 8 + sizeof mid + 16 + sizeof tail];
    size_t n = sizeof head - 1;
    memcpy(f, head, n);
    for (int i = 7; i >= 0; i--) f[n++] = "0123456789abcdef"[(pc >> (4 * i)) & 15];
    memcpy(f + n, mid, sizeof mid - 1);
    n += sizeof mid - 1;
    for (const char *v = vector; *v && n < sizeof f - sizeof tail; v++) f[n++] = *v;
    memcpy(f + n, tail, sizeof tail - 1);
    n += sizeof tail - 1;
    l->r.kind = TM_REC_INFO;
    memset(&l->r.u, 0, sizeof l->r.u);
    l->r.u.info.topic = lit("EXCEPTION_REASON");
    l->r.u.info.fields = (tm_str){ f, (uint32_t)n };
    emit(c, &l->r);
}

static void emit_event(m6 *c, line *l, uint32_t value, const char *mode, uint32_t number, const char *desc)
{
    l->r.kind = TM_REC_EVENT;
    memset(&l->r.u, 0, sizeof l->r.u);
    tm_event *e = &l->r.u.event;
    e->has_value = 1;
    e->value.va = value;
    e->value.va_digits = 8;
    if (mode) e->mode = lit(mode);
    e->has_number = 1;
    e->number = number;
    e->desc = lit(desc);
    emit(c, &l->r);
}

/* What the trace of the step compares against (m6_step resets the per-step access and register records). */
void m6_trace_begin_step(m6 *c)
{
    c->xpsr_before = m6_xpsr(c);
    c->unk_flags_before = c->unk_flags;
    c->control_before = c->control;
    c->primask_before = c->primask;
}

void m6_trace_reset(m6 *c, uint32_t pc)
{
    if (!c->trace) return;
    line l;
    header(c, &l);
    if (fvp(c)) {
        emit_named_event(c, &l, "DebugEvent_HaltingDebugState", 0);
        emit_reg(c, &l, "cpsr", m6_xpsr(c));
        emit_signal(c, &l, "poreset", 'N');
        emit_signal(c, &l, "poreset", 'N');
    }
    emit_event(c, &l, pc, NULL, 1, "CoreEvent_RESET");
    emit_reg(c, &l, "r13_main", c->r[13]);
    emit_reg(c, &l, "MSP", c->r[13]);
}

void m6_trace_insn(m6 *c, uint32_t pc, uint32_t opcode, int is32, int taken)
{
    line l;
    header(c, &l);
    char dis[96];
    int n = c->trace->lean ? 0 : c->cfg.arch ? m6_disasm_arch(pc, opcode, is32, 1u << c->cfg.arch, dis, sizeof dis)
                                                : m6_disasm(pc, opcode, is32, dis, sizeof dis);
    l.r.kind = TM_REC_INSN;
    tm_insn *in = &l.r.u.insn;
    in->status = taken ? TM_INSN_IT : TM_INSN_IS;
    in->has_id = 1;
    in->id = c->icount;
    in->addr.va = pc;
    in->addr.va_digits = 8;
    in->opcode = opcode;
    in->opcode_digits = is32 ? 8 : 4;
    in->iset = lit("T");
    in->mode = lit((c->xpsr_before & 0x3f) ? "handler" : "thread");
    in->disasm = (tm_str){ dis, (uint32_t)(n > 0 ? n : 0) };
    emit(c, &l.r);
    for (unsigned i = 0; i < c->nacc; i++) {
        if (c->unstack_event && i == c->acc_before_unstack)
            emit_event(c, &l, c->r[15], "thread", 0x19, "CoreEvent_ModeChange");
        emit_mem(c, &l, &c->acc[i]);
    }
    uint32_t w = c->reg_written;
    for (unsigned r = 0; r < 13; r++)
        if (w & (1u << r)) emit_reg_unknown(c, &l, reg_names[r], c->r[r], unknown_of(c, r));
    /* cpsr when the xPSR changed, or its flags became unknown */
    uint32_t x = m6_xpsr(c);
    int xpsr = x != c->xpsr_before || c->unk_flags != c->unk_flags_before;
    if (fvp(c)) { /* r14, the stack pointer, cpsr, then the stack pointer's second name */
        if (w & (1u << TM_REG_LR)) emit_reg_unknown(c, &l, "r14", c->r[14], unknown_of(c, 14));
        if (w & (1u << TM_REG_MSP)) emit_reg(c, &l, "r13_main", m6_msp(c));
        if (w & (1u << TM_REG_PSP)) emit_reg(c, &l, "r13_process", m6_psp(c));
        if (xpsr) emit_reg_unknown(c, &l, "cpsr", x, c->unk_flags);
        if (w & (1u << TM_REG_MSP)) emit_reg(c, &l, "MSP", m6_msp(c));
        if (w & (1u << TM_REG_PSP)) emit_reg(c, &l, "PSP", m6_psp(c));
    } else {
        if (w & (1u << TM_REG_MSP)) emit_reg(c, &l, "r13_main", m6_msp(c));
        if (w & (1u << TM_REG_PSP)) emit_reg(c, &l, "r13_process", m6_psp(c));
        if (w & (1u << TM_REG_LR)) emit_reg_unknown(c, &l, "r14", c->r[14], unknown_of(c, 14));
        if (xpsr) emit_reg_unknown(c, &l, "cpsr", x, c->unk_flags);
    }
    /* MSR / CPS changes; exception entry and return change CONTROL.SPSEL without a trace line */
    if (c->primask != c->primask_before) emit_reg(c, &l, "PRIMASK", c->primask);
    if (c->control != c->control_before && !c->exc_return_from) emit_reg(c, &l, "CONTROL", c->control);
}

void m6_trace_stacking(m6 *c, const uint32_t frame[8], const uint8_t unk[8], uint32_t frame_addr)
{
    if (!c->trace) return;
    line l;
    header(c, &l);
    for (unsigned i = 8; i-- > 0;) {
        m6_access a = { frame_addr + 4 * i, frame[i], 4, 1, unk[i] };
        emit_mem(c, &l, &a);
    }
}

void m6_trace_exception(m6 *c, unsigned n, uint32_t return_addr, int from_thread, const uint32_t frame[8],
                        const uint8_t unk[8], uint32_t frame_addr)
{
    c->steps++;
    if (!c->trace) return;
    static const char *const names[16] = { "", "RESET", "NMI", "HARDFAULT", "", "", "", "", "", "", "", "SVCALL",
                                           "", "", "PENDSV", "SYSTICK" };
    line l;
    header(c, &l);
    if (from_thread) emit_event(c, &l, 0, "handler", 0x19, "CoreEvent_ModeChange");
    for (unsigned i = 8; frame && i-- > 0;) {
        m6_access a = { frame_addr + 4 * i, frame[i], 4, 1, unk ? unk[i] : 0 };
        emit_mem(c, &l, &a);
    }
    char desc[32] = "CoreEvent_IRQ";
    if (n < 16) snprintf(desc, sizeof desc, "CoreEvent_%s", names[n]);
    if (fvp(c)) emit_activate(c, &l, return_addr, n < 16 ? names[n] : "IRQ");
    emit_event(c, &l, return_addr, NULL, n, desc);
    if (!frame) { /* tail-chained: the frame stays where it is, the stack pointers do not change */
        if (c->cfg.abandon_unstack) /* r0-r3 and r12 as an abandoned unstacking may have left them: unknown */
            for (unsigned r = 0; r < 13; r = r == 3 ? 12 : r + 1) emit_reg_unknown(c, &l, reg_names[r], c->r[r], unknown_of(c, r));
        emit_reg(c, &l, "r14", c->r[14]);
        emit_reg_unknown(c, &l, "cpsr", m6_xpsr(c), c->unk_flags);
        return;
    }
    emit_reg(c, &l, "r14", c->r[14]);
    /* the frame went to the stack in use before entry: PSP when the frame is not on MSP */
    int main_sp = frame_addr == m6_msp(c);
    emit_reg(c, &l, main_sp ? "r13_main" : "r13_process", frame_addr);
    emit_reg_unknown(c, &l, "cpsr", m6_xpsr(c), c->unk_flags);
    if (fvp(c)) emit_reg(c, &l, main_sp ? "MSP" : "PSP", frame_addr);
}

int m6_golden_record(const m6_config *cfg, const char *elf_path, char *buf, size_t size, tm_error *err)
{
    tm_error local;
    if (!err) err = &local;
    tm_elf *e = tm_elf_open(elf_path, err);
    if (!e) return err->status;
    uint64_t hash;
    int rc = tm_elf_image_hash(e, &hash);
    tm_elf_close(e);
    if (rc != TM_OK) return tm_error_set(err, rc, elf_path, 0, "out of memory");
    int n = m6_config_format(cfg, buf, size);
    if (n >= 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, ",%s=%016llx", M6_PROGRAM_KEY, (unsigned long long)hash);
    return TM_OK;
}

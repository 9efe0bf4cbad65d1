/* The fields the comparison checks beside PC, opcode and register values (dpi/README.md, "What each field is
 * compared with"): the xPSR bit by bit as far as the golden gives it, a first register write in its own step, PC
 * records against the next step's address, every exception entry against an RTL exception, fault status against
 * the retire and the beat's response. What a field is not compared with is counted (tc_field_counts). */
#include <stdio.h>
#include <string.h>

#include "tc_coverage.h"
#include "tc_internal.h"

void tc_golden_write(tc_checker *c, int id, const tc_greg *g)
{
    uint32_t bit = 1u << id;
    if (g->unknown) { /* known again once the golden writes a value */
        c->gold_known &= ~bit;
        if (id == TM_REG_XPSR) c->gold_xpsr_bits = 0;
        c->n.unknown_values++;
        return;
    }
    if (id == TM_REG_XPSR) c->gold_xpsr_bits = (c->gold_known & bit ? c->gold_xpsr_bits : 0) | g->mask;
    c->gold[id] = tc_greg_merge(c->gold[id], g);
    c->gold_known |= bit;
    c->gold_ever |= bit;
}

uint32_t tc_compared_bits(tc_checker *c, int id)
{
    if (id != TM_REG_XPSR || c->gold_xpsr_bits == 0xFFFFFFFFu) return 0xFFFFFFFFu;
    c->nf.xpsr_partial++;
    return c->gold_xpsr_bits;
}

const char *tc_bits_note(const tc_checker *c, int id, char *buf, size_t size)
{
    buf[0] = '\0';
    if (id != TM_REG_XPSR || c->gold_xpsr_bits == 0xFFFFFFFFu) return buf;
    static const struct { const char *name; uint32_t mask; } fields[] = {
        { "APSR", 0xF0000000u }, { "IPSR", 0x0000003Fu }, { "EPSR", 0x01000000u },
    };
    size_t k = (size_t)snprintf(buf, size, " (");
    for (size_t i = 0; i < 3 && k < size; i++)
        if ((c->gold_xpsr_bits & fields[i].mask) == fields[i].mask)
            k += (size_t)snprintf(buf + k, size - k, "%s%s", k > 2 ? ", " : "", fields[i].name);
    if (k < size) snprintf(buf + k, size - k, " bits %08x compared)", c->gold_xpsr_bits);
    return buf;
}

int tc_first_write_elsewhere(const tc_checker *c, int id, int gold_now, int rtl_now)
{
    uint32_t bit = 1u << id;
    return !c->o.snapshot && gold_now && !rtl_now && (c->rtl_known & bit) && !(c->known_before & bit);
}

/* The address a PC record of the step before s means, as the golden gives it: 0 when it gives none (an entry
 * without its return address). */
static int golden_address(const tc_step *s, uint32_t *addr)
{
    if (s->kind == TC_STEP_INSN) *addr = s->pc;
    else if (s->kind == TC_STEP_EXC && s->has_return) *addr = s->exc_return;
    else return 0;
    return 1;
}

/* The PC record of step s (its last: the PC the step leaves), or NULL. */
static const tc_greg *pc_record(const tc_step *s)
{
    const tc_greg *r = NULL;
    for (unsigned i = 0; i < s->nregs; i++)
        if (s->regs[i].id == TM_REG_PC && !s->regs[i].unknown) r = &s->regs[i];
    return r;
}

int tc_pc_records(tc_checker *c, uint64_t first, uint64_t idx, uint32_t addr)
{
    int rc = TC_OK;
    c->pc_record_due = 0;
    for (uint64_t j = first ? first - 1 : 0; j < idx && rc == TC_OK; j++) {
        const tc_greg *r = j >= c->oldest ? pc_record(tc_step_at(c, j)) : NULL;
        if (!r) continue;
        uint32_t next = addr;
        if (j + 1 < idx && !golden_address(tc_step_at(c, j + 1), &next)) {
            c->nf.pc_records++;
            continue;
        }
        /* bit 0 is the Thumb bit some tracers keep in the PC they write: not part of the address */
        if (!((r->value ^ next) & ~1u)) continue;
        char a[TC_ADDR_TEXT], b[TC_ADDR_TEXT];
        rc = tc_mismatch(c, "instruction", "pc_record", j, r->line,
                         "pc record of step %llu: the golden writes the PC %s, the %s next step is at %s",
                         (unsigned long long)j, tc_code_addr(c, r->value, a), j + 1 == idx ? "RTL's" : "golden's",
                         tc_code_addr(c, next, b));
    }
    c->pc_record_due = pc_record(tc_step_at(c, idx)) != NULL;
    return rc;
}

int tc_entry_not_reported(tc_checker *c, uint64_t entered, uint64_t idx, uint32_t pc, uint32_t opcode, int is32)
{
    const tc_step *x = tc_step_at(c, entered);
    char name[24], a[TC_ADDR_TEXT], b[TC_ADDR_TEXT];
    tc_exception_name(x->has_number ? (int)x->exc_number : 0, name, sizeof name);
    return tc_mismatch(c, "instruction", "exception", idx, x->line,
                       "exception not taken: the golden entered %s at step %llu (golden line %llu; return address "
                       "%s); the RTL reported no exception and retired %s (opcode %0*x)",
                       name, (unsigned long long)entered, (unsigned long long)x->line,
                       x->has_return ? tc_code_addr(c, x->exc_return, a) : "not given", tc_code_addr(c, pc, b),
                       is32 ? 8 : 4, opcode);
}

int tc_fetch_fault(tc_checker *c, uint64_t idx)
{
    const tc_step *s = tc_step_at(c, idx);
    char a[TC_ADDR_TEXT];
    return tc_mismatch(c, "instruction", "fault", idx, s->line,
                       "fetch fault at %s: the golden's instruction faulted on its fetch (IE: prefetch abort), the RTL "
                       "retired it", tc_code_addr(c, s->pc, a));
}

int tc_beat_response(tc_checker *c, uint64_t k, const tc_gmem *m, uint32_t addr, int write, unsigned size, int resp)
{
    if (m->error && resp) { /* both aborted: an aborted access has no data to compare */
        c->n.error_beats++;
        if (c->cov) tc_cov_error_beat(c->cov);
        return TC_OK;
    }
    return tc_mismatch(c, "bus", "response", k, m->line, "bus response at %08x (%s%u): expected %s, actual %s", addr,
                       write ? "W" : "R", size, m->error ? "ERROR (the golden's access aborted)" : "OKAY",
                       resp ? "ERROR" : "OKAY");
}

int tc_error_unmatched(tc_checker *c)
{
    c->n.error_beats++; /* the HardFault that must follow is checked by the instruction stream */
    c->nf.error_unmatched++;
    if (c->cov) tc_cov_error_beat(c->cov);
    return TC_OK;
}

const char *tc_fields_summary(const tc_checker *c, const char **sep, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = '\0';
    const struct { uint64_t n; const char *what; } items[] = {
        { c->nf.pc_records + (uint64_t)c->pc_record_due, "PC records with no next step" },
        { c->nf.xpsr_partial, "xPSR comparisons of the fields the golden gave" },
        { c->nf.error_unmatched, "ERROR responses with no golden access" },
    };
    for (size_t i = 0; i < sizeof items / sizeof items[0] && k < size; i++) {
        if (!items[i].n) continue;
        k += (size_t)snprintf(buf + k, size - k, "%s%llu %s", *sep, (unsigned long long)items[i].n, items[i].what);
        *sep = ", ";
    }
    return buf;
}

/* The golden's fields no stream compares with the RTL, whatever the run: the RTL reports none of them (dpi/README.md,
 * "The ledger"). */
static const char *const kNeverCompared[] = {
    "time",                 /* every line's time and scale: the RTL's cycles are its own */
    "cpu",                  /* which core wrote a line: selects the lines compared (option cpu=) */
    "instruction.tag",      /* the instruction's count or id */
    "instruction.mode",     /* thread/handler: followed for the stack pointer in use, the RTL reports no mode */
    "instruction.iset",     /* read for the opcode's width, which is compared */
    "instruction.disassembly",
    "physical_addresses",   /* the part after ':' of an address: ARMv6-M has no MMU */
    "memory.attributes",    /* X/T/L, S/N, lock, privilege, protection letters */
    "memory.fetches",       /* opcode fetch records: the opcode is compared instead */
    "event.value1",         /* a Fast Models event's second value */
    "events.other",         /* events that enter no exception: reset, mode changes, returns */
    "records.bus",          /* B lines, CACHE, CACHE MAINTENANCE, TTW, TTU, TLB, WALKCACHE, SIGNAL, INFO, BR */
};

const char *tc_field_never_compared(size_t i)
{
    return i < sizeof kNeverCompared / sizeof kNeverCompared[0] ? kNeverCompared[i] : NULL;
}

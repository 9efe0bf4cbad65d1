/* The bus and MTB streams (dpi/README.md): each data beat against the golden memory records within bus_window
 * steps, a step's accesses as a set; each MTB packet against the packets derived from the golden flow
 * (tc_mtb_expect.c). */
#include "cosim.h"
#include "tc_coverage.h"
#include "tc_step.h"

/* The step the RTL is in (the last golden step once the RTL ran past the end), for reports. */
static uint64_t current_step(const tc_checker *c)
{
    if (c->cursor < c->complete) return c->cursor;
    return c->complete ? c->complete - 1 : 0;
}

/* abandon_unstack: a word read of the frame that the exception return before the tail-chained entry x kept (the
 * 8 words at the stack pointer EXC_RETURN names, after a POP's own words) is the RTL's abandoned unstacking:
 * counted, not compared, 8 at most per entry. */
static int abandoned_read(tc_checker *c, const tc_step *x, uint32_t addr, unsigned size)
{
    if (!c->abandon_unstack || size != 4) return 0;
    int id = x->exc_return == 0xfffffffdu ? TM_REG_PSP : TM_REG_MSP;
    uint32_t sp = c->gold[id];
    if (!(c->gold_known >> id & 1) || addr - sp >= 4 * (8 + 9)) return 0;
    if (c->abandoned_for != x->index + 1) {
        c->abandoned_for = x->index + 1;
        c->abandoned_n = 0;
    }
    if (c->abandoned_n >= 8) return 0;
    c->abandoned_n++;
    c->n.abandoned_reads++;
    return 1;
}


/* File mode, a write of the core's within an exception frame below the golden's stack pointer where the golden's
 * step is no entry: the stacking of an entry the golden does not take. Why not, as live mode's ILLEGAL ENTRY note
 * says it (model/cosim.h, m6_cosim_why_no_entry), into buf; "" when it is not such a write or the model cannot say. */
static void why_no_entry(tc_checker *c, uint32_t addr, uint64_t step, char *buf, size_t size)
{
    buf[0] = '\0';
    int sp = !c->gold_handler && (c->gold[TM_REG_CONTROL] & 2) ? TM_REG_PSP : TM_REG_MSP;
    const char *record = c->live ? NULL : tm_reader_gzip_comment(c->gs.reader);
    if (!record || !c->o.elf[0] || !(c->gold_known >> sp & 1) || c->gold[sp] - addr - 1 >= 36 ||
        (step < c->complete && tc_step_at(c, step)->kind == TC_STEP_EXC))
        return;
    char why[600];
    if (m6_cosim_why_no_entry(c->o.elf, record, step, why, sizeof why) > 0)
        snprintf(buf, size, "; as a stacking write, the core enters an exception where the golden takes none, a "
                 "deviation from the architecture: %s", why);
}

int tc_ahb_beat_now(tc_checker *c, uint32_t addr, int write, int hsize, int hprot, uint32_t data, int resp)
{
    tc_event e = { TC_EV_BEAT, (uint8_t)(write != 0), (uint8_t)hsize, (uint8_t)(resp != 0), addr, data,
                   (uint32_t)hprot, c->time };
    tc_record_event(c, &e);
    if (!(hprot & 1) && c->o.data_beats == TC_DATA_BEATS_HPROT) return TC_OK; /* opcode fetch: not data */
    if (!tc_bus_compared(&c->o, addr)) {
        c->n.ignored_beats++;
        return TC_OK;
    }
    if (hsize < 0 || hsize > 2)
        return tc_mismatch(c, "bus", "hsize", c->cursor, 0, "AHB data beat with HSIZE=%d at %08x (ARMv6-M uses 0-2)", hsize,
                           addr);
    if (tc_golden_fill(c, c->cursor + c->o.bus_window + 2) != TC_OK) return TC_FAILED;
    unsigned size = 1u << hsize;
    uint32_t lane = addr & 3;
    uint32_t value = size == 4 ? data : (data >> (8 * lane)) & ((1u << (8 * size)) - 1);
    uint64_t lo = c->cursor > c->o.bus_window ? c->cursor - c->o.bus_window : 0;
    uint64_t hi = c->cursor + c->o.bus_window + 1;
    if (lo < c->oldest) lo = c->oldest;
    if (hi > c->complete) hi = c->complete;
    tc_gmem *first_open = NULL;
    uint64_t first_step = 0;
    for (uint64_t k = lo; k < hi; k++) {
        tc_step *s = tc_step_at(c, k);
        if (!s->unmatched) continue;
        for (unsigned i = 0; i < s->nmem; i++) {
            tc_gmem *m = &s->mem[i];
            if (m->matched) continue;
            if (!first_open) {
                first_open = m;
                first_step = k;
            }
            if (m->addr != addr || m->size != size || m->write != (write != 0)) continue;
            /* a write the golden has later at the same place (the entry's frame over the abandoned store's words),
             * with another value: the abandoned store multiple's, when its instruction writes that value there */
            if (write && !resp && !m->error && !m->unknown && m->data != value && c->cursor < c->complete &&
                tc_abandoned_write(c, tc_step_at(c, c->cursor), addr, size, value))
                return TC_OK;
            m->matched = 1;
            s->unmatched--;
            if (m->error || resp) return tc_beat_response(c, k, m, addr, write, size, resp);
            if (m->unknown) { /* the golden does not know the data: the access is there, its value not compared */
                c->n.unknown_values++;
                return TC_OK;
            }
            c->n.beats++;
            if (m->data == value) {
                if (c->cov) tc_cov_beat(c->cov, write, size, addr);
                return TC_OK;
            }
            return tc_mismatch(c, "bus", "data", k, m->line,
                               "bus data at %08x (%s%u, HWDATA/HRDATA %08x): expected %0*x, actual %0*x", addr,
                               write ? "W" : "R", size, data, 2 * size, m->data, 2 * size, value);
        }
    }
    if (resp) return tc_error_unmatched(c);
    /* no golden access takes it (a store multiple's write that lags on the bus is matched above, by its value),
     * and the entry is next: a write of the store multiple the entry abandoned */
    if (write && c->cursor < c->complete && tc_abandoned_write(c, tc_step_at(c, c->cursor), addr, size, value))
        return TC_OK;
    /* a frame read where the golden's next step is a tail-chained entry: the RTL unstacks, or with abandon_unstack
     * it began unstacking and abandoned it (counted as that, also where data_beats=golden takes other reads as
     * fetches) */
    uint64_t chained = c->complete;
    for (uint64_t k = c->cursor; !write && k < c->cursor + 2 && k < c->complete && chained == c->complete; k++)
        if (tc_step_tail_chained(tc_step_at(c, k))) chained = k;
    if (chained != c->complete && abandoned_read(c, tc_step_at(c, chained), addr, size)) return TC_OK;
    if (!write && c->o.data_beats == TC_DATA_BEATS_GOLDEN) {
        c->n.fetch_beats++; /* no golden read here: the core's own fetch or vector read */
        return TC_OK;
    }
    uint64_t cur = current_step(c);
    if (chained != c->complete) {
        char what[160];
        snprintf(what, sizeof what, "the RTL read %08x = %08x instead (it unstacks the frame)", addr, value);
        return tc_tail_chain_missed(c, chained, what);
    }
    char entry[800] = "";
    if (write) why_no_entry(c, addr, cur, entry, sizeof entry);
    if (first_open) {
        /* point at the expected record when it is this step's, else at the step's instruction */
        uint64_t line = first_step == cur ? first_open->line : tc_step_at(c, cur)->line;
        return tc_mismatch(c, "bus", "addr", cur, line,
                           "unexpected bus beat %s%u %08x = %0*x; the oldest expected access is %s%u %08x = %0*x "
                           "(step %llu)%s",
                           write ? "W" : "R", size, addr, 2 * size, value, first_open->write ? "W" : "R",
                           first_open->size, first_open->addr, 2 * first_open->size, first_open->data,
                           (unsigned long long)first_step, entry);
    }
    return tc_mismatch(c, "bus", "addr", cur, tc_step_at(c, cur)->line,
                       "unexpected bus beat %s%u %08x = %0*x; the golden has no data access within %u steps%s",
                       write ? "W" : "R", size, addr, 2 * size, value, c->o.bus_window, entry);
}

int tc_mtb_packet_now(tc_checker *c, int shown, uint32_t offset, uint32_t w0, uint32_t w1)
{
    tc_event e = { TC_EV_PACKET, (uint8_t)shown, 0, 0, w0, w1, offset, c->time };
    tc_record_event(c, &e);
    if (!c->o.mtb) {
        c->n.ignored_packets++;
        return TC_OK;
    }
    if (tc_golden_fill(c, c->cursor + c->o.bus_window + 2) != TC_OK) return TC_FAILED;
    if (c->pkt_tail == c->pkt_head)
        return tc_mismatch(c, "mtb", "packet", current_step(c), tc_step_at(c, current_step(c))->line,
                           "unexpected MTB packet (%08x, %08x): the golden flow gives none here", w0, w1);
    tc_packet *p = &c->pkts[c->pkt_tail++ & (c->pkt_cap - 1)];
    c->n.packets++;
    /* where it went in the SRAM: the whole offset, not only its part inside the trace buffer */
    uint32_t sram = c->o.mtb_sram_size - 1;
    int misplaced = shown && ((offset ^ p->pointer) & sram & ~7u) != 0;
    if (p->w0 == w0 && p->w1 == w1 && !misplaced) {
        if (c->cov) tc_cov_packet(c->cov, p);
        return TC_OK;
    }
    char what[160];
    int n = 0;
    what[0] = '\0';
    if ((p->w0 ^ w0) & ~1u) n += snprintf(what + n, sizeof what - n, " source address");
    if ((p->w0 ^ w0) & 1u) n += snprintf(what + n, sizeof what - n, " A bit");
    if ((p->w1 ^ w1) & ~1u) n += snprintf(what + n, sizeof what - n, " destination address");
    if ((p->w1 ^ w1) & 1u) n += snprintf(what + n, sizeof what - n, " S bit");
    if (misplaced) snprintf(what + n, sizeof what - n, " position");
    if (misplaced)
        return tc_mismatch(c, "mtb", "position", p->step, p->line,
                           "MTB packet differs in%s: expected (%08x, %08x) at offset %08x (POSITION.POINTER %08x, an "
                           "MTB SRAM of %llu bytes), actual (%08x, %08x) at offset %08x",
                           what, p->w0, p->w1, p->pointer & sram, p->pointer, (unsigned long long)sram + 1, w0, w1,
                           offset & sram);
    return tc_mismatch(c, "mtb", "packet", p->step, p->line, "MTB packet differs in%s: expected (%08x, %08x), actual (%08x, %08x)",
                       what, p->w0, p->w1, w0, w1);
}


/* An exception entry that abandons a store multiple (dpi/README.md, "Abandoned store multiples"). ARMv6-M lets an
 * exception taken during PUSH or STM abandon the instruction after some of its writes and restart it after the
 * handler returns (the entry's return address is the instruction itself); the golden has only the restarted
 * instruction's writes, so the core's writes before the entry have no golden access. */
#include "tc_internal.h"

/* The halfword of the program image at addr (the ELF of elf=, live mode's by default); 0 when none is known. */
static int code_halfword(const tc_checker *c, uint32_t addr, uint32_t *hw)
{
    if (!c->elf) return 0;
    for (unsigned i = tm_elf_segment_count(c->elf); i-- > 0;) { /* a later segment over an earlier one */
        const tm_elf_segment *s = tm_elf_segment_at(c->elf, i);
        if (s->filesz < 2 || addr - s->addr > s->filesz - 2) continue;
        *hw = (uint32_t)s->data[addr - s->addr] | (uint32_t)s->data[addr - s->addr + 1] << 8;
        return 1;
    }
    return 0;
}

int tc_abandoned_write(tc_checker *c, const tc_step *x, uint32_t addr, unsigned size, uint32_t value)
{
    /* an entry that stacks a frame, none of whose writes has been seen: the core has not begun stacking */
    if (size != 4 || (addr & 3) || x->kind != TC_STEP_EXC || !x->has_return || x->exc_return >= 0xF0000000u ||
        x->unmatched != x->nmem)
        return 0;
    uint32_t op, list, base;
    if (!code_halfword(c, x->exc_return, &op)) return 0;
    if ((op & 0xfe00) == 0xb400) { /* PUSH: below the stack pointer of the mode it runs in */
        int sp = !c->gold_handler && (c->gold[TM_REG_CONTROL] & 2) ? TM_REG_PSP : TM_REG_MSP;
        list = thumb_push_registers(op);
        if (!(c->gold_known >> sp & 1)) return 0;
        base = c->gold[sp] - 4u * (uint32_t)__builtin_popcount(list);
    } else if ((op & 0xf800) == 0xc000) { /* STM Rn!, {list}: from Rn up */
        unsigned n = (op >> 8) & 7;
        list = thumb_register_list(op);
        if (!(c->gold_known >> n & 1)) return 0;
        base = c->gold[n];
    } else {
        return 0;
    }
    uint32_t k = (addr - base) / 4;
    if (addr - base >= 4u * (uint32_t)__builtin_popcount(list)) return 0;
    for (; k; k--) list &= list - 1; /* the register stored there: the k-th of the list, ascending */
    unsigned r = (unsigned)__builtin_ctz(list);
    if ((c->gold_known >> r & 1) && c->gold[r] != value) return 0;
    c->n.abandoned_writes++;
    return 1;
}

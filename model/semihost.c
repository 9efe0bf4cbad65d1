/* Semihosting through BKPT 0xAB: r0 = operation, r1 = argument (model/ARCHITECTURE.md). Memory is read
 * through the backdoor: a debugger's accesses are not CPU bus accesses and are not traced. */
#include "m6_state.h"

static int read_word(m6 *c, uint32_t addr, uint32_t *v)
{
    uint8_t *p = m6_mem_ptr(c, addr, 4);
    if (!p) return -1;
    *v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return 0;
}

int m6_semihost(m6 *c)
{
    uint32_t op = c->r[0], arg = c->r[1];
    switch (op) {
    case 0x03: { /* SYS_WRITEC */
        uint8_t *p = m6_mem_ptr(c, arg, 1);
        if (p && c->console) fputc(*p, c->console);
        return 0;
    }
    case 0x04: { /* SYS_WRITE0 */
        for (uint32_t a = arg;; a++) {
            uint8_t *p = m6_mem_ptr(c, a, 1);
            if (!p || !*p) break;
            if (c->console) fputc(*p, c->console);
        }
        return 0;
    }
    case 0x18: /* SYS_EXIT */
        c->exited = 1;
        c->exit_code = arg == 0x20026u ? 0 : 1;
        return 1;
    case 0x20: { /* SYS_EXIT_EXTENDED */
        uint32_t reason = 0, code = 1;
        if (read_word(c, arg, &reason) || read_word(c, arg + 4, &code)) code = 1;
        c->exited = 1;
        c->exit_code = reason == 0x20026u ? (int)(code & 0xff) : 1;
        return 1;
    }
    default:
        m6_set_reg(c, 0, 0xffffffffu);
        return 0;
    }
}

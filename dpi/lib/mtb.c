#include "tarmac/mtb.h"

#include <stdio.h>

int mtb_describe(const mtb_packet *p, char *buf, size_t size)
{
    if (!p) return (size ? (void)(buf[0] = '\0') : (void)0, 0);
    const char *start = p->s ? " [start]" : "";
    if (p->a && (p->src & 0xf0000000u) == 0xf0000000u)
        return snprintf(buf, size, "exception return to %08x%s", p->dst, start);
    if (p->a) return snprintf(buf, size, "exception entry, return address %08x -> handler %08x%s", p->src, p->dst, start);
    if ((p->dst & 0xf0000000u) == 0xf0000000u)
        return snprintf(buf, size, "exception return from %08x (EXC_RETURN %08x)%s", p->src, p->dst | 1u, start);
    return snprintf(buf, size, "branch %08x -> %08x%s", p->src, p->dst, start);
}

/* MTB execution trace packets (dpi/README.md, "MTB packets"): word0 = source[31:1] | A, word1 = destination[31:1] | S.
 * One codec for the model's MTB, the checker's expected packets and mtb-decode. */
#ifndef TARMAC_MTB_H
#define TARMAC_MTB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mtb_packet {
    uint32_t src, dst;  /* bit 0 clear */
    uint8_t a;          /* 1: exception entry, or the second packet of an exception return */
    uint8_t s;          /* 1: first packet after the trace started */
} mtb_packet;

static inline void mtb_encode(const mtb_packet *p, uint32_t *w0, uint32_t *w1)
{
    *w0 = (p->src & ~1u) | (p->a ? 1u : 0u);
    *w1 = (p->dst & ~1u) | (p->s ? 1u : 0u);
}

static inline mtb_packet mtb_decode(uint32_t w0, uint32_t w1)
{
    mtb_packet p = { w0 & ~1u, w1 & ~1u, (uint8_t)(w0 & 1), (uint8_t)(w1 & 1) };
    return p;
}

/* "branch 0000010e -> 00000112", "exception entry, return address 00000114 -> handler 00000200",
 * "exception return from 00000202 (EXC_RETURN fffffff8)", "exception return to 00000114"; " [start]" when S. */
int mtb_describe(const mtb_packet *p, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif

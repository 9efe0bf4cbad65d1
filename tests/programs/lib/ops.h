/* Single instructions with their NZCV result, for the flag tests: FLAGS(r) is APSR[31:28] after the op. */
#ifndef OPS_H
#define OPS_H
#include <stdint.h>

#define OP2(name, insn)                                                                                    \
    static inline uint32_t name(uint32_t a, uint32_t b, uint32_t *res)                                     \
    {                                                                                                      \
        uint32_t f;                                                                                        \
        __asm volatile(insn "\n\tmrs %1, apsr" : "+l"(a), "=l"(f) : "l"(b) : "cc");                        \
        *res = a;                                                                                          \
        return f >> 28;                                                                                    \
    }
/* flags preset with c_in as the carry (via a compare) before the op */
#define OP2C(name, insn)                                                                                   \
    static inline uint32_t name(uint32_t a, uint32_t b, uint32_t c_in, uint32_t *res)                      \
    {                                                                                                      \
        uint32_t f, one = 1;                                                                                \
        __asm volatile("cmp %3, %4\n\t" insn "\n\tmrs %1, apsr" : "+l"(a), "=l"(f) : "l"(b), "l"(c_in), "l"(one) : "cc"); \
        *res = a;                                                                                          \
        return f >> 28;                                                                                    \
    }
#endif

/* What the random program generators share (gen_random.c, gen_sys.c): a seeded generator and the instruction
 * steps that need no set-up beyond the registers' roles. Registers: r0-r4 random data, r5 loop counter, r6
 * scratch (index, shift amount, address), r7 the base of the program's scratch area (768 bytes, label
 * "scratch"), r8-r12 data for the high-register forms. The steps print GNU assembler (unified syntax, Thumb) on
 * stdout. */
#ifndef GEN_LIB_H
#define GEN_LIB_H

#include <stdint.h>

/* The generator: gen_seed once, then every draw follows from the seed (the same program for the same seed). */
void gen_seed(uint64_t seed);
uint32_t rnd(void);
uint32_t pick(uint32_t n);  /* 0..n-1, n > 0 */

extern const char *const cond[14];  /* the condition suffixes of B<cond>, EQ..LE */
int new_label(void);                /* a program-wide unique number for local labels */
int reg(void);                      /* r0-r4 (r0-r<gen_reg_last>) */
extern int gen_reg_last;            /* the last register reg() picks: 4, or 7 where r5-r7 are saved (gen_random --fields) */
int hreg(void);                     /* r8-r12 */
uint32_t corner(void);              /* an operand value at an edge of the ALU's behaviour, or a random one */
uint32_t shift_amount(void);        /* a register shift amount: 0, 1-31, 32, 33-255 or above 255 */

/* Set: no WFE or WFI in the steps (QEMU sleeps on them where the model and the core run on: gen_random --v7m). */
extern int gen_no_sleep;

/* One random data-processing instruction on r0-r4 and r8-r12 (r6 scratch): every ALU form with flags. */
void alu(void);
/* One random load/store step on the scratch area at r7 or the stack (balanced), r6 scratch. */
void memop(void);

/* A word write to a memory-mapped register, r5 and r6 scratch; a barrier pair after a write that pends. */
#define REG_WRITE(addr, val) printf("\tldr r6, =0x%08x\n\tldr r5, =0x%08x\n\tstr r5, [r6]\n", (unsigned)(addr), (unsigned)(val))
#define SYNC() printf("\tdsb\n\tisb\n")

#endif

/* gen_random --v7m: ARMv7-M instruction streams (tests/random/gen_v7m.c), for the model with arch=v7-m and QEMU's
 * mps2-an385 (Cortex-M3). Uses gen_lib.h's generator and registers' roles. */
#ifndef GEN_V7M_H
#define GEN_V7M_H

/* One random ARMv7-M step: a 32-bit data-processing form of any group (modified and plain immediates, shifted
 * registers, register shifts, extends, bit fields, saturation, multiplies and divides), a load or store in any
 * addressing mode (imm12, imm8 pre/post-indexed, register, literal, unprivileged, dual, multiple, PUSH/POP,
 * exclusives), an IT block of one to four slots, B.W, B<cond>.W, CBZ/CBNZ, TBB/TBH, BASEPRI/FAULTMASK/APSR
 * access, hints and barriers; or an ARMv6-M step of gen_lib.h. */
void v7m_step(void);
/* Set: a quarter of v7m_step's steps are the DSP extension's (ARMv7E-M, Cortex-M4): the parallel additions and
 * subtractions (all 36) with the GE flags, SEL, MSR APSR_g, the saturating and halfword-saturating forms, the
 * halfword, dual and most-significant-word multiplies, USAD8, PKHBT/PKHTB, the extend-and-add forms. Clear (the
 * default), the ARMv7-M streams are what they were. */
extern int gen_v7em;

#endif

/* ARMv7-M special registers and the IT state across an exception: BASEPRI and BASEPRI_MAX (which only raises
 * the masking), FAULTMASK by MSR and CPS, the APSR's Q by MSR; an SVC in the middle of an IT block, whose handler
 * returns into the rest of the block (the IT state stacked and restored). */
#include "semihost.h"

static volatile uint32_t svc_seen;

void svc_handler(void) { svc_seen++; }

static uint32_t mrs_basepri(void)
{
    uint32_t v;
    __asm volatile("mrs %0, basepri" : "=r"(v));
    return v;
}

int main(void)
{
    uint32_t v;
    __asm volatile("msr basepri, %0" :: "r"(0x80u)); CHECK_EQ(mrs_basepri(), 0x80);
    __asm volatile("msr basepri_max, %0" :: "r"(0xc0u)); CHECK_EQ(mrs_basepri(), 0x80); /* lower priority: kept */
    __asm volatile("msr basepri_max, %0" :: "r"(0x40u)); CHECK_EQ(mrs_basepri(), 0x40);
    __asm volatile("msr basepri_max, %0" :: "r"(0u)); CHECK_EQ(mrs_basepri(), 0x40);    /* 0: no effect */
    __asm volatile("msr basepri, %0" :: "r"(0x1ffu)); CHECK_EQ(mrs_basepri(), 0xff);
    __asm volatile("msr basepri, %0" :: "r"(0u)); CHECK_EQ(mrs_basepri(), 0);
    __asm volatile("msr basepri_max, %0" :: "r"(0x20u)); CHECK_EQ(mrs_basepri(), 0x20); /* from 0: set */
    __asm volatile("msr basepri, %0" :: "r"(0u));
    __asm volatile("msr faultmask, %0\n\tmrs %0, faultmask" : "=r"(v) : "0"(3u)); CHECK_EQ(v, 1);
    __asm volatile("msr faultmask, %0\n\tmrs %0, faultmask" : "=r"(v) : "0"(0u)); CHECK_EQ(v, 0);
    __asm volatile("cpsid f\n\tmrs %0, faultmask\n\tcpsie f" : "=r"(v)); CHECK_EQ(v, 1);
    __asm volatile("cpsid i\n\tmrs %0, primask\n\tcpsie i" : "=r"(v)); CHECK_EQ(v, 1);
    __asm volatile("msr apsr_nzcvq, %1\n\tmrs %0, apsr" : "=r"(v) : "r"(0xf8000000u) : "cc"); CHECK_EQ(v >> 27, 0x1f);
    __asm volatile("msr apsr_nzcvq, %1\n\tmrs %0, apsr" : "=r"(v) : "r"(0u) : "cc"); CHECK_EQ(v >> 27, 0);
    /* SVC in the middle of an IT block: the rest of the block runs on its conditions after the return */
    uint32_t a = 0, b = 0;
    __asm volatile("cmp %2, #0\n\t"
                   "ittet eq\n\t"
                   "moveq %0, #1\n\t"
                   "svceq #7\n\t"
                   "movne %1, #5\n\t"
                   "addeq %0, %0, #2\n\t"
                   : "+l"(a), "+l"(b) : "l"(0u) : "cc", "memory");
    CHECK_EQ(a, 3);
    CHECK_EQ(b, 0);
    CHECK_EQ(svc_seen, 1);
    return sh_failures;
}

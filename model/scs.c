/* The System Control Space (ARMv6-M ARM B3.2-B3.4): the SysTick timer, the NVIC and the SCB, word access only.
 * Choices in model/ARCHITECTURE.md ("System registers"): SysTick counts retired instructions (cfg.systick=insn)
 * or the embedding's ticks; cfg.num_irq interrupts implemented (the others' bits RAZ/WI); CPUID from cfg.cpuid;
 * unlisted words read 0 and ignore writes. */
#include "m6_state.h"

/* Register offsets from M6_SCS_BASE, named as the architecture names them. */
enum {
    SYST_CSR = 0x010, SYST_RVR = 0x014, SYST_CVR = 0x018, SYST_CALIB = 0x01c,
    NVIC_ISER = 0x100, NVIC_ICER = 0x180, NVIC_ISPR = 0x200, NVIC_ICPR = 0x280,
    NVIC_IPR0 = 0x400, NVIC_IPR7 = 0x41c,
    CPUID = 0xd00, ICSR = 0xd04, VTOR = 0xd08, AIRCR = 0xd0c, SCR = 0xd10, CCR = 0xd14,
    SHPR2 = 0xd1c, SHPR3 = 0xd20, SHCSR = 0xd24
};

/* Fields */
#define SYST_CSR_ENABLE (1u << 0)
#define SYST_CSR_TICKINT (1u << 1)
#define SYST_CSR_CLKSOURCE (1u << 2)  /* reads 1: the processor clock */
#define SYST_CSR_COUNTFLAG (1u << 16) /* cleared by a read of CSR and by any write of CVR */
#define SYST_RVR_RELOAD 0x00ffffffu
#define ICSR_NMIPENDSET (1u << 31)
#define ICSR_PENDSVSET (1u << 28)
#define ICSR_PENDSVCLR (1u << 27)
#define ICSR_PENDSTSET (1u << 26)
#define ICSR_PENDSTCLR (1u << 25)
#define ICSR_ISRPENDING (1u << 22)
#define ICSR_VECTPENDING_SHIFT 12
#define SHCSR_SVCALLPENDED (1u << 15)
#define AIRCR_READ 0xfa050000u /* VECTKEYSTAT 0xFA05, little-endian, no reset request pending */
#define CCR_READ 0x00000208u   /* STKALIGN and UNALIGN_TRP, read-only */
#define VTOR_TBLOFF 0xffffff80u
#define SCR_BITS 0x16u         /* SEVONPEND, SLEEPDEEP, SLEEPONEXIT: storage only */
#define PRI_BITS 0xc0u         /* two priority bits per 8-bit field */

void m6_systick_tick(m6 *c)
{
    if (!c) return;
    if (!(c->st_csr & SYST_CSR_ENABLE)) return;
    if (c->st_cvr == 0) {
        c->st_cvr = c->st_rvr;
        return;
    }
    if (--c->st_cvr == 0) {
        c->st_csr |= SYST_CSR_COUNTFLAG;
        if (c->st_csr & SYST_CSR_TICKINT) m6_set_pending(c, M6_EXC_SYSTICK);
    }
}

void m6_systick_ticks(m6 *c, uint32_t n)
{
    if (!c) return;
    for (uint32_t i = 0; i < n && (c->st_csr & SYST_CSR_ENABLE); i++) m6_systick_tick(c);
}

static uint32_t icsr(const m6 *c)
{
    int p;
    uint32_t v = c->ipsr & 0x3f; /* VECTACTIVE */
    unsigned pend = m6_highest_pending(c, &p, 1);
    v |= (pend & 0x3f) << ICSR_VECTPENDING_SHIFT;
    if (c->irq_pending & c->irq_enable) v |= ICSR_ISRPENDING;
    if (c->sys_pending & (1ull << M6_EXC_SYSTICK)) v |= ICSR_PENDSTSET;
    if (c->sys_pending & (1ull << M6_EXC_PENDSV)) v |= ICSR_PENDSVSET;
    if (c->sys_pending & (1ull << M6_EXC_NMI)) v |= ICSR_NMIPENDSET;
    return v;
}

int m6_scs_read(m6 *c, uint32_t addr, uint32_t *val)
{
    if (!c || !val) return -1;
    uint32_t off = addr - M6_SCS_BASE;
    uint32_t v = 0;
    switch (off) {
    case SYST_CSR: v = c->st_csr | SYST_CSR_CLKSOURCE; c->st_csr &= ~SYST_CSR_COUNTFLAG; break;
    case SYST_RVR: v = c->st_rvr; break;
    case SYST_CVR: v = c->st_cvr; break;
    case SYST_CALIB: v = c->cfg.syst_calib; break;
    case NVIC_ISER: v = c->irq_enable; break;
    case NVIC_ICER: v = c->irq_enable; break;
    case NVIC_ISPR: v = c->irq_pending; break;
    case NVIC_ICPR: v = c->irq_pending; break;
    case CPUID: v = c->cfg.cpuid; break;
    case ICSR: v = icsr(c); break;
    case VTOR: v = c->vtor; break;
    case AIRCR: v = AIRCR_READ; break;
    case SCR: v = c->scr; break;
    case CCR: v = CCR_READ; break;
    case SHPR2: v = (uint32_t)c->pri_svcall << 24; break;
    case SHPR3: v = ((uint32_t)c->pri_systick << 24) | ((uint32_t)c->pri_pendsv << 16); break;
    case SHCSR: v = c->cfg.shcsr && (c->sys_pending & (1ull << M6_EXC_SVCALL)) ? SHCSR_SVCALLPENDED : 0; break;
    default:
        if (off >= NVIC_IPR0 && off <= NVIC_IPR7) { /* four interrupts' priority bytes per word */
            unsigned i = off - NVIC_IPR0;
            v = (uint32_t)c->irq_prio[i] | (uint32_t)c->irq_prio[i + 1] << 8 | (uint32_t)c->irq_prio[i + 2] << 16 |
                (uint32_t)c->irq_prio[i + 3] << 24;
        }
        break;
    }
    *val = v;
    return 0;
}

/* A store that pends exceptions: with sw_pend=barrier those it newly pends wait for the next DSB, ISB or exception
 * return; with sw_pend=next for one more instruction (model/cpu.c frees them), and an ISER store that enables
 * an interrupt already pending holds it too (model/ARCHITECTURE.md, "Software pends and barriers"). */
static void hold_new(m6 *c, uint64_t sys_was, uint32_t irq_was, uint32_t enable_was)
{
    if (c->cfg.sw_pend == M6_PEND_STORE) return;
    uint32_t irq_now = c->irq_pending, irq_before = irq_was;
    if (c->cfg.sw_pend == M6_PEND_NEXT) { /* what may be taken: pending and enabled */
        irq_now &= c->irq_enable;
        irq_before &= enable_was;
    }
    uint64_t now = c->sys_pending | (uint64_t)irq_now << M6_EXC_IRQ0;
    uint64_t was = sys_was | (uint64_t)irq_before << M6_EXC_IRQ0;
    c->pend_held = (c->pend_held | (now & ~was)) & now; /* a cleared pend holds nothing */
}

int m6_scs_write(m6 *c, uint32_t addr, uint32_t v)
{
    if (!c) return -1;
    uint32_t off = addr - M6_SCS_BASE;
    uint32_t irqs = m6_irq_mask(c); /* unimplemented interrupts: RAZ/WI */
    uint64_t sys_was = c->sys_pending;
    uint32_t irq_was = c->irq_pending, enable_was = c->irq_enable;
    switch (off) {
    case SYST_CSR:
        c->st_csr = (c->st_csr & SYST_CSR_COUNTFLAG) | (v & (SYST_CSR_ENABLE | SYST_CSR_TICKINT | SYST_CSR_CLKSOURCE));
        break;
    case SYST_RVR: c->st_rvr = v & SYST_RVR_RELOAD; break;
    case SYST_CVR: c->st_cvr = 0; c->st_csr &= ~SYST_CSR_COUNTFLAG; break;
    case NVIC_ISER: c->irq_enable |= v & irqs; break;
    case NVIC_ICER: c->irq_enable &= ~v; break;
    case NVIC_ISPR: c->irq_pending |= v & irqs; break;
    case NVIC_ICPR: c->irq_pending &= ~v; break;
    case ICSR:
        if (v & ICSR_NMIPENDSET) c->sys_pending |= 1ull << M6_EXC_NMI;
        if (v & ICSR_PENDSVSET) c->sys_pending |= 1ull << M6_EXC_PENDSV;
        if (v & ICSR_PENDSVCLR) c->sys_pending &= ~(1ull << M6_EXC_PENDSV);
        if (v & ICSR_PENDSTSET) c->sys_pending |= 1ull << M6_EXC_SYSTICK;
        if (v & ICSR_PENDSTCLR) c->sys_pending &= ~(1ull << M6_EXC_SYSTICK);
        break;
    case VTOR: if (c->cfg.vtor) c->vtor = v & VTOR_TBLOFF; break; /* vtor=0: RAZ/WI */
    case SCR: c->scr = v & SCR_BITS; break;
    case SHPR2: c->pri_svcall = (uint8_t)((v >> 24) & PRI_BITS); break;
    case SHPR3:
        c->pri_systick = (uint8_t)((v >> 24) & PRI_BITS);
        c->pri_pendsv = (uint8_t)((v >> 16) & PRI_BITS);
        break;
    case SHCSR:
        if (!c->cfg.shcsr) break; /* not implemented: writes ignored */
        if (v & SHCSR_SVCALLPENDED) c->sys_pending |= 1ull << M6_EXC_SVCALL;
        else c->sys_pending &= ~(1ull << M6_EXC_SVCALL);
        break;
    default:
        if (off >= NVIC_IPR0 && off <= NVIC_IPR7) {
            unsigned i = off - NVIC_IPR0;
            for (unsigned k = 0; k < 4; k++)
                if ((irqs >> (i + k)) & 1) c->irq_prio[i + k] = (uint8_t)((v >> (8 * k)) & PRI_BITS);
        }
        break;
    }
    hold_new(c, sys_was, irq_was, enable_was);
    return 0;
}

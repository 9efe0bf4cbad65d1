/* The memory map as the CPU sees it (model/ARCHITECTURE.md): code and SRAM as RAM, the MTB SRAM and SFRs (at
 * cfg.mtb_base; both unmapped with cfg.mtb=0), the SCS (word accesses only). Anything else is a bus error.
 * Live mode's volatile ranges come first: devices whose reads the embedding answers. Little-endian. */
#include <string.h>

#include "m6_state.h"

uint8_t *m6_mem_ptr(m6 *c, uint32_t addr, uint32_t len)
{
    if (!c) return NULL;
    if (addr < M6_CODE_SIZE && len <= M6_CODE_SIZE - addr) return c->code + addr;
    if (addr >= M6_SRAM_BASE && addr - M6_SRAM_BASE < M6_SRAM_SIZE && len <= M6_SRAM_SIZE - (addr - M6_SRAM_BASE))
        return c->sram + (addr - M6_SRAM_BASE);
    if (c->code_size > M6_CODE_SIZE) { /* mem_map=mps2: the larger regions, tested after the default map's */
        if (addr < c->code_size && len <= c->code_size - addr) return c->code + addr;
        if (addr >= M6_SRAM_BASE && addr - M6_SRAM_BASE < c->sram_size && len <= c->sram_size - (addr - M6_SRAM_BASE))
            return c->sram + (addr - M6_SRAM_BASE);
    }
    if (c->cfg.mtb && addr >= M6_MTBRAM_BASE && addr - M6_MTBRAM_BASE < M6_MTBRAM_SIZE &&
        len <= M6_MTBRAM_SIZE - (addr - M6_MTBRAM_BASE))
        return c->mtbram + (addr - M6_MTBRAM_BASE);
    return NULL;
}

size_t m6_memory_map(const m6_config *cfg, m6_region *out)
{
    m6_config d;
    if (!out) return 0;
    if (!cfg) { m6_config_defaults(&d); cfg = &d; }
    int mps2 = cfg->mem_map == M6_MEM_MAP_MPS2;
    size_t n = 0;
    out[n++] = (m6_region){ "code", M6_CODE_BASE, mps2 ? M6_MPS2_CODE_SIZE : M6_CODE_SIZE, 0 };
    out[n++] = (m6_region){ "sram", M6_SRAM_BASE, mps2 ? M6_MPS2_SRAM_SIZE : M6_SRAM_SIZE, 0 };
    if (cfg->mtb) out[n++] = (m6_region){ "mtb_sram", M6_MTBRAM_BASE, M6_MTBRAM_SIZE, 0 };
    out[n++] = (m6_region){ "scs", M6_SCS_BASE, 0x1000, 1 };
    if (cfg->mtb) out[n++] = (m6_region){ "mtb_sfr", cfg->mtb_base, 0x10, 1 };
    for (size_t i = 1; i < n; i++) /* address order: mtb_base may be anywhere clear of the others */
        for (size_t j = i; j > 0 && out[j].base < out[j - 1].base; j--) {
            m6_region t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

static int is_volatile(const m6 *c, uint32_t addr)
{
    for (unsigned i = 0; i < c->n_volatile; i++)
        if (addr >= c->volatile_ranges[i][0] && addr <= c->volatile_ranges[i][1]) return 1;
    return 0;
}

int m6_read(m6 *c, uint32_t addr, unsigned size, uint32_t *val)
{
    if (!c || !val) return -1;
    if (c->n_volatile && is_volatile(c, addr)) return c->on_volatile_read(c->volatile_ctx, addr, size, val);
    uint8_t *p = m6_mem_ptr(c, addr, size);
    if (p) { /* little-endian host; fixed-size copies compile to single loads */
        if (size == 4) { uint32_t v; memcpy(&v, p, 4); *val = v; }
        else if (size == 2) { uint16_t v; memcpy(&v, p, 2); *val = v; }
        else *val = *p;
        return 0;
    }
    if ((addr & ~0xfffu) == M6_SCS_BASE) return size == 4 && !(addr & 3) ? m6_scs_read(c, addr, val) : -1;
    if (c->cfg.mtb && (addr & ~0xfu) == c->cfg.mtb_base) return size == 4 && !(addr & 3) ? m6_mtb_read(c, addr & 0xf, val) : -1;
    return -1;
}

int m6_write(m6 *c, uint32_t addr, unsigned size, uint32_t val)
{
    if (!c) return -1;
    if (c->n_volatile && is_volatile(c, addr)) return 0; /* a device the model does not have */
    uint8_t *p = m6_mem_ptr(c, addr, size);
    if (p) {
        if (size == 4) memcpy(p, &val, 4);
        else if (size == 2) { uint16_t v = (uint16_t)val; memcpy(p, &v, 2); }
        else *p = (uint8_t)val;
        return 0;
    }
    if ((addr & ~0xfffu) == M6_SCS_BASE) return size == 4 && !(addr & 3) ? m6_scs_write(c, addr, val) : -1;
    if (c->cfg.mtb && (addr & ~0xfu) == c->cfg.mtb_base) return size == 4 && !(addr & 3) ? m6_mtb_write(c, addr & 0xf, val) : -1;
    return -1;
}

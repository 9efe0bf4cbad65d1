/* The model's implementation choices as options: one table (model/config.c) of keys, defaults and meanings,
 * set from "key=value,..." text (armv6m-iss --config, the SystemC wrapper, tests) and written back as the same
 * text (the golden's gzip header records it; the checker reads it back with this table). What each option
 * means architecturally: model/ARCHITECTURE.md, "Configuration". model/config.c uses no model code or state, so
 * the trace library (libtarmac) carries it for the checker. */
#ifndef ARMV6M_CONFIG_H
#define ARMV6M_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "tarmac/error.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { M6_SYSTICK_INSN = 0, M6_SYSTICK_CYCLES = 1 };
/* When a software-pended exception (ICSR PENDSVSET/PENDSTSET/NMIPENDSET, an NVIC ISPR store) can be taken: at the
 * boundary after the store, only after the next DSB or ISB (or exception entry or return), or after exactly one
 * more instruction (with NEXT also an ISER store that enables an interrupt already pending). */
enum { M6_PEND_STORE = 0, M6_PEND_BARRIER = 1, M6_PEND_NEXT = 2 };
/* The architecture the model executes (tarmac/thumb.h's THUMB_ARCH_* bits: which encodings decode). */
enum { M6_ARCH_V6M = 0, M6_ARCH_V7M = 1, M6_ARCH_V7EM = 2 };
/* The memory map: the reference system's (model/ARCHITECTURE.md), or QEMU's MPS2 boards' (4 MiB at 0x00000000
 * and 4 MiB of SRAM at 0x20000000, the MTB SRAM where it is). */
enum { M6_MEM_MAP_DEFAULT = 0, M6_MEM_MAP_MPS2 = 1 };

typedef struct m6_config {
    uint32_t lr_reset;   /* LR at reset */
    uint32_t cpuid;      /* SCB CPUID */
    int mtb;             /* 1: the MTB (SFRs at mtb_base, SRAM at M6_MTBRAM_BASE) is present; 0: both unmapped */
    uint32_t mtb_base;   /* base of the MTB SFRs, 4 KiB aligned, clear of every other region */
    unsigned num_irq;    /* external interrupts implemented, 1..32: IRQ0..num_irq-1 */
    int systick;         /* M6_SYSTICK_INSN: one decrement per retired instruction; M6_SYSTICK_CYCLES: the
                          * embedding calls m6_systick_tick */
    int tail_chain;      /* an exception return enters a pending exception that preempts, without unstacking */
    int late_arrival;    /* an exception that arrives while another is being entered is taken instead */
    uint32_t r_reset;    /* r0-r12 at reset */
    int r_reset_unknown; /* 1: r0-r12 are UNKNOWN at reset (never compared, nor what is computed from them) */
    int vtor;            /* 1: VTOR is implemented; 0: it reads 0, ignores writes, the vector table stays at 0 */
    uint32_t syst_calib; /* what SYST_CALIB reads */
    int sw_pend;         /* M6_PEND_STORE, M6_PEND_BARRIER or M6_PEND_NEXT */
    int abandon_unstack; /* an exception arriving during an exception return's unstacking is tail-chained on the
                          * frame; r0-r3, r12 and the flags are UNKNOWN at a tail-chained entry */
    int shcsr;           /* 1: SHCSR is implemented (SVCALLPENDED); 0: it reads 0 and ignores writes */
    uint32_t apsr_reset; /* APSR (N Z C V in bits 31:28) at reset */
    int apsr_reset_unknown; /* 1: the flags are UNKNOWN at reset (never compared, nor what is computed from them) */
    int arch;            /* M6_ARCH_*: ARMv6-M, ARMv7-M, ARMv7E-M */
    int mem_map;         /* M6_MEM_MAP_* */
    int nmi_level;       /* 0: the NMI input pends NMI on its rising edge; 1: on its level, so a line still high when
                          * the NMI handler returns pends NMI again */
} m6_config;

/* Room for m6_config_format's text of any configuration. */
#define M6_CONFIG_TEXT_MAX 384

/* One option: its key, its default as text, what it means (for --help and the docs). */
typedef struct m6_config_info {
    const char *key, *def, *help;
} m6_config_info;

/* 1 for an option left out of m6_config_format's text while at its default (arch, mem_map: goldens made before
 * the key existed record the same text); a record without the key means the default. 0 for the others. */
int m6_config_omits_default(const char *key);

/* The i-th option (0-based) in table order, NULL past the last. */
const m6_config_info *m6_config_at(size_t i);
/* Index of key in the table, -1 when it is not an option. */
int m6_config_index(const char *key);

/* Every option at its default (the values the committed goldens were made with). */
void m6_config_defaults(m6_config *cfg);
/* Set one option from text (numbers decimal, or hex after 0x; a leading 0 is no octal). The key "preset" is no
 * option of its own: its value names a set of options applied together (m6_config_preset). Returns TM_OK; or
 * TM_ERR_ARG with cfg unchanged and err (when not NULL; no file, no line) saying "unknown configuration key '<key>' (keys: ...)" or
 * "configuration <key>: '<value>' is not <what>". */
int m6_config_set(m6_config *cfg, const char *key, const char *value, tm_error *err);
/* Apply "key=value,key=value,..." in order on top of cfg (empty items are skipped). Returns TM_OK, or TM_ERR_ARG
 * at the first bad item with err as m6_config_set's (or "configuration item '<item>' has no value", or
 * "configuration key '<key>' given twice": one text never gives a key two values); items before it stay applied. */
int m6_config_parse(m6_config *cfg, const char *text, tm_error *err);
/* The options a preset sets, as "key=value,..." text; NULL for an unknown name. Presets: "cortex-m0" (Arm's
 * Cortex-M0 r0p0 core's choices, model/ARCHITECTURE.md "Configuration"). */
const char *m6_config_preset(const char *name);
/* One option's value as canonical text (0x%08x for addresses and register values, decimal counts, names) into
 * buf. Returns the length, or -1 for an unknown key. */
int m6_config_value(const m6_config *cfg, const char *key, char *buf, size_t size);
/* The whole configuration as "key=value,..." with every option in table order (but those m6_config_omits_default
 * names, while at their default), canonical values: the stable text a golden records. Returns the length (as snprintf: the text is truncated when size is too small). */
int m6_config_format(const m6_config *cfg, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif

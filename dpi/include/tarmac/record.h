/* Typed Tarmac records: one line of any supported dialect <-> one tm_record.
 *
 * Strings are slices (tm_str) that point into the buffer the record was parsed from
 * (the reader's line buffer: valid until the next record is read) or, for records built
 * by a producer, into the producer's own storage. Nothing here allocates.
 */
#ifndef TARMAC_RECORD_H
#define TARMAC_RECORD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A slice of text, not NUL-terminated. n == 0 means absent. */
typedef struct tm_str {
    const char *p;
    uint32_t n;
} tm_str;

typedef enum tm_kind {
    TM_REC_NONE = 0,     /* blank or comment line: the reader skips these */
    TM_REC_INSN,         /* IT / IS / IF / IE / IA */
    TM_REC_FLOW,         /* FD / FI program flow */
    TM_REC_REG,          /* R <reg> <value> */
    TM_REC_EVENT,        /* E ... */
    TM_REC_MEM,          /* M<rw><sz>... processor memory access */
    TM_REC_MEM_UPDATE,   /* MU<sz>_<op> atomic memory update */
    TM_REC_BUS,          /* B<...> memory bus */
    TM_REC_CACHE_MAINT,  /* CACHE MAINTENANCE ... */
    TM_REC_CACHE,        /* CACHE <id> LINE <line> <op> 0x<paddr> */
    TM_REC_TTW,          /* TTW / TTU translation table walk / update */
    TM_REC_TLB,          /* TLB / WALKCACHE FILL|EVICT */
    TM_REC_KIND_COUNT
} tm_kind;

/* How the cpu field was written, so that a writer can reproduce it. */
typedef enum tm_cpu_style {
    TM_CPU_NONE = 0,  /* no cpu field */
    TM_CPU_NAMED,     /* "cpu0", "cpu.cpu0": tm_header.cpu_text holds the name, cpu the trailing number */
    TM_CPU_BARE       /* "0" (QEMU4V / Trace Matcher) */
} tm_cpu_style;

/* <time> <scale> {<cpu>} common to every record. */
typedef struct tm_header {
    tm_str time;          /* as written, e.g. "1939", "354", "1166.177000"; absent in some lines */
    tm_str scale;         /* "clk", "ns", "us", "hclk", ...; may be absent */
    uint8_t scale_glued;  /* 1 when written as "271ns" (no space between time and scale) */
    uint8_t cpu_style;    /* tm_cpu_style */
    int32_t cpu;          /* cpu number, -1 when there is no cpu field */
    tm_str cpu_text;      /* the cpu field as written (TM_CPU_NAMED) */
} tm_header;

/* <vaddr>{:<paddr>{_NS}} */
typedef struct tm_addr {
    uint64_t va;
    uint64_t pa;
    uint8_t va_digits;   /* hex digits written for va (for faithful re-writing) */
    uint8_t pa_digits;
    uint8_t has_pa;
    uint8_t pa_ns;       /* _NS suffix on the physical address */
} tm_addr;

/* A hex value. Values up to 64 bits are in v; wider ones (SVE z/p registers, 128-bit
 * memory updates) keep their digits in text and the low 64 bits in v. */
typedef struct tm_value {
    uint64_t v;
    uint16_t digits;     /* hex digits, separators excluded: the written width is 4*digits bits */
    char sep;            /* '_' or ':' every 8 digits as written, 0 for none */
    tm_str text;         /* the value as written, separators included (always set by the parser) */
} tm_value;

typedef enum tm_insn_status {
    TM_INSN_IT = 0,      /* taken (condition passed) */
    TM_INSN_IS,          /* skipped (condition failed) */
    TM_INSN_IF,          /* folded (Cortex-M RTL) */
    TM_INSN_IE,          /* prefetch faulted (Cortex-M RTL) */
    TM_INSN_IA           /* executed with T clear (Cortex-M RTL) */
} tm_insn_status;

typedef struct tm_insn {
    uint8_t status;      /* tm_insn_status */
    uint8_t has_id;      /* (<inst_id>) present as a decimal number */
    uint64_t id;         /* Fast Models tick count / QEMU4V inst_id */
    tm_str tag;          /* Cortex-M RTL "(<addr>:<count>)" contents, or the raw tag when not decimal */
    tm_addr addr;
    uint32_t opcode;     /* 16-bit: low half; 32-bit Thumb: first halfword in bits [31:16] */
    uint8_t opcode_digits; /* 4 or 8 (as written) */
    tm_str iset;         /* "T", "A", "X", "O" (Fast Models) or "T16", "T32", "X" (Cortex-M RTL); may be absent */
    tm_str mode;         /* "thread", "handler", "EL3h", "svc", ...; may be absent */
    tm_str security;     /* "s" / "ns" after '_' in "<mode>_<security>"; may be absent */
    tm_str disasm;       /* disassembly after ':' (or after the iset in Cortex-M RTL lines); may be absent */
} tm_insn;

typedef struct tm_flow {
    uint8_t indirect;    /* FI = 1, FD = 0 */
    uint8_t has_id;
    uint64_t id;
    tm_addr addr;        /* branch source */
    tm_addr target;      /* branch target */
    tm_str iset;         /* instruction set after the branch */
} tm_flow;

typedef struct tm_reg {
    tm_str name;         /* as written: "r0", "r13_main", "MSP", "cpsr", "X0", "z31" */
    tm_value value;
    tm_str suffix;       /* trailing annotation as written, e.g. "(MSP)"; may be absent */
} tm_reg;

typedef struct tm_event {
    /* Fast Models shape: E <value> {<mode>} {<value1>} <number> <desc> */
    uint8_t has_value;
    tm_addr value;
    tm_str mode;         /* mode-change events: the new mode */
    uint8_t has_value1;
    uint32_t value1;
    uint8_t has_number;
    uint32_t number;     /* event number (hex as written, e.g. 00000019) */
    /* Cortex-M RTL shape: E <desc> {<arg>}, e.g. "E INT_TAKEN 0000000b", "E Reset" */
    tm_str desc;         /* event name: "CoreEvent_RESET", "INT_ENTRY", "HardFault", ... */
    uint8_t has_arg;     /* RTL shape: a hex argument after the name */
    uint32_t arg;
    uint8_t arg_digits;
} tm_event;

/* Memory access M... in both shapes:
 * Fast Models: M<rw><sz>{X|T|L} <addr> <data>
 * Cortex-M RTL: M<sn><rw><sz><od><lk><sp><pt> <addr> <data>, and the M0 tracer's M<rw><sz>_<D|I> / E<D|I>. */
typedef enum tm_mem_shape {
    TM_MEM_FM = 0,       /* Fast Models / QEMU4V: M<rw><sz>{attrib} */
    TM_MEM_RTL,          /* Cortex-M RTL: M<sn><rw><sz><od><lk><sp><pt> */
    TM_MEM_M0            /* Cortex-M0 RTL tracer: M<rw><sz>_<D|I> or M<rw><sz>E<D|I> (E = error) */
} tm_mem_shape;

typedef struct tm_mem {
    uint8_t shape;       /* tm_mem_shape */
    uint8_t write;       /* 1 = W, 0 = R */
    uint8_t size;        /* bytes: 1, 2, 4, 8, 16 */
    char attrib;         /* FM: 'X', 'T', 'L' or 0 */
    char seq;            /* RTL: 'S' or 'N' */
    char od;             /* RTL: 'O' opcode fetch or '_' data; M0: 'I' or 'D' */
    char lk;             /* RTL: 'L' or '_' */
    char sp;             /* RTL: 'S' or '_' */
    char pt;             /* RTL: 'A', 'D', 'I', 'S' */
    uint8_t error;       /* M0 shape: 'E' instead of '_' (bus error / abort) */
    tm_addr addr;
    tm_value data;
} tm_mem;

typedef struct tm_mem_update {
    uint8_t size;        /* bytes */
    tm_str op;           /* ADD, BIC, CAS, EOR, ORR, SMAX, SMIN, SWP, UMAX, UMIN */
    tm_addr addr;
    tm_value data;
} tm_mem_update;

/* Bus trace B... in both shapes:
 * Fast Models: B<rw><sz><fd><lk><p><s> I<wrcbs> O<wrcbs> <master_id> <addr> <data>
 * Cortex-M RTL: B<sn><rw><sz><od><lk><sp><pt> <addr> <data> */
typedef enum tm_bus_shape {
    TM_BUS_FM = 0,
    TM_BUS_RTL
} tm_bus_shape;

typedef struct tm_bus {
    uint8_t shape;       /* tm_bus_shape */
    uint8_t write;
    uint8_t size;        /* bytes */
    char seq;            /* RTL: 'S' / 'N' */
    char fd;             /* FM: 'I' / 'D'; RTL: 'O' / '_' (od) */
    char lk;             /* 'L', 'X', '_' */
    char priv;           /* FM: 'P' / '_'; RTL <sp>: 'S' / '_' */
    char sec;            /* FM: 'S' / 'N'; RTL <pt>: 'I' / 'D' / 'S' */
    char inner[6];       /* FM: I<wrcbs> attributes, NUL-terminated */
    char outer[6];       /* FM: O<wrcbs> attributes */
    tm_str master_id;    /* FM */
    tm_addr addr;
    tm_value data;
} tm_bus;

/* Records that the checker does not interpret: the fields are kept as text slices
 * so that tarmac-diff can compare them and the writer can reproduce them. */
typedef struct tm_cache_maint {
    tm_str side, operation, scope;  /* "CACHE MAINTENANCE <side> <operation> <scope> <data> ..." */
    tm_str rest;                    /* <data> {<pagesize> <memtype>} as written */
} tm_cache_maint;

typedef struct tm_cache {
    tm_str id;           /* "cpu.cpu0.l1icache" */
    tm_str line;         /* "0096" (hex) */
    tm_str operation;    /* ALLOC, INVAL, DIRTY, CLEAN, FILL, EVICT */
    tm_addr paddr;       /* written as 0x<paddr>{_NS} */
} tm_cache;

typedef struct tm_ttw {
    uint8_t update;      /* TTU = 1, TTW = 0 */
    tm_str side, format; /* "ITLB", "LPAE" */
    uint8_t stage, level;
    tm_value address, data;
    tm_str result;       /* everything after ':' */
} tm_ttw;

typedef struct tm_tlb {
    uint8_t walkcache;   /* WALKCACHE = 1, TLB = 0 */
    uint8_t evict;       /* EVICT = 1, FILL = 0 */
    tm_str id, size;
    tm_str rest;         /* <virtualregime>{:<paddr> <memtype> <attr>=<value>...} as written */
} tm_tlb;

typedef struct tm_record {
    uint8_t kind;        /* tm_kind */
    tm_header h;
    union {
        tm_insn insn;
        tm_flow flow;
        tm_reg reg;
        tm_event event;
        tm_mem mem;
        tm_mem_update mu;
        tm_bus bus;
        tm_cache_maint cmaint;
        tm_cache cache;
        tm_ttw ttw;
        tm_tlb tlb;
    } u;
} tm_record;

/* Short name of a record kind ("insn", "reg", ...), for statistics and messages. */
const char *tm_kind_name(tm_kind kind);

#ifdef __cplusplus
}
#endif
#endif

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
    TM_REC_SIGNAL,       /* SIGNAL: SIGNAL=<name> STATE=<Y|N> (FVP) */
    TM_REC_INFO,         /* INFO_<topic>: <KEY>=<value> ... (FVP M-profile exception phases) */
    TM_REC_BRANCH,       /* BR (<target>) <iset> (ES dialect) */
    TM_REC_LDST,         /* LD / ST <region> <4 byte groups> <phys> <attributes> (ES dialect) */
    TM_REC_TEXT_HEADER,  /* "Tarmac Text Rev <n>": the line naming the ES dialect */
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

/* <vaddr>{:<paddr>{_NS|_S}{,<paddr2>{_NS|_S}}}: an instruction that straddles a page has two physical
 * addresses. */
typedef struct tm_addr {
    uint64_t va;
    uint64_t pa;
    uint64_t pa2;        /* second physical address (has_pa2) */
    uint8_t va_digits;   /* hex digits written for va (for faithful re-writing) */
    uint8_t pa_digits;
    uint8_t pa2_digits;
    uint8_t has_pa;
    uint8_t has_pa2;
    uint8_t pa_ns;       /* _NS suffix on the physical address */
    uint8_t pa_s;        /* _S suffix on the physical address */
    uint8_t pa2_ns, pa2_s;
} tm_addr;

/* A hex value. Values up to 64 bits are in v; wider ones (SVE z/p registers, 128-bit
 * memory updates) keep their digits in text and the low 64 bits in v. A digit written as 'x'/'X'
 * (RTL tracers: bit unknown) or '-' (not written, whole bytes: a partial update, or no value at all) is unknown:
 * its bits are 0 in v and set in unknown, and a comparison must not take them for a number. The parser
 * accepts a value only at the width its kind allows (a register's width, an access's size: dpi/DIALECTS.md). */
typedef struct tm_value {
    uint64_t v;
    uint64_t unknown;    /* bits of the low 64 whose digit was x, X or - */
    uint16_t digits;     /* hex digits, separators excluded: the written width is 4*digits bits */
    uint16_t unknown_digits; /* digits written as x, X or -, over the whole width */
    char sep;            /* '_' or ':' between groups as written, ' ' for space-separated groups, 0 for none */
    tm_str text;         /* the value as written, separators included (always set by the parser) */
} tm_value;

typedef enum tm_insn_status {
    TM_INSN_IT = 0,      /* taken (condition passed) */
    TM_INSN_IS,          /* skipped (condition failed) */
    TM_INSN_IF,          /* folded (Cortex-M RTL) */
    TM_INSN_IE,          /* prefetch faulted (Cortex-M RTL) */
    TM_INSN_IA           /* executed with T clear (Cortex-M RTL) */
} tm_insn_status;

/* How the instruction line was written: the standard shape, or the ES dialect's
 * "ES (<addr>:<opcode>) <iset> <mode>: {CCFAIL} <disasm>" (status IS for CCFAIL). */
typedef enum tm_insn_form {
    TM_INSN_FORM_STD = 0,
    TM_INSN_FORM_ES
} tm_insn_form;

typedef struct tm_insn {
    uint8_t status;      /* tm_insn_status */
    uint8_t form;        /* tm_insn_form */
    uint8_t addr_in_paren; /* "IT (<addr>) <opcode> ...": the address stands in the parentheses (cs producer) */
    uint8_t opcode_unknown; /* opcode written as dashes (the fetch failed): opcode is 0 and unknown, never compared */
    uint8_t has_cap;     /* Morello: the address follows "<tag>:<upper 64 bits>:" of the PCC capability */
    uint8_t cap_tag;
    uint64_t cap_meta;
    uint8_t has_id;      /* (<inst_id>) present as a decimal number */
    uint64_t id;         /* Fast Models tick count / QEMU4V inst_id */
    tm_str tag;          /* Cortex-M RTL "(<addr>:<count>)" contents, or the raw tag when not decimal */
    tm_addr addr;
    uint32_t opcode;     /* 16-bit: low half; 32-bit Thumb: first halfword in bits [31:16] */
    uint8_t opcode_digits; /* 4 or 8 (as written) */
    tm_str iset;         /* "T", "A", "X", "O" (Fast Models) or "T16", "T32", "X" (Cortex-M RTL); may be absent */
    tm_str mode;         /* "thread", "handler", "EL3h", "svc", "---" ...; may be absent */
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

/* R <name> {<op>} {(<qualifier>)} <value> {<suffix>}. System operations name the operation after the
 * register class ("R DC CISW ...", "R TLBI ALLE3 ..."); the ES dialect puts a mode or state in parentheses
 * before the value ("R R1 (USR) ..."). */
typedef struct tm_reg {
    tm_str name;         /* as written: "r0", "r13_main", "MSP", "cpsr", "X0", "z31", "DC" */
    tm_str op;           /* system operation: "CISW", "IALLU", "ALLE3", "S12E1W"; absent for a register */
    tm_str qualifier;    /* "(USR)", "(AARCH32)" as written before the value; may be absent */
    tm_value value;
    tm_str suffix;       /* trailing annotation as written, e.g. "(MSP)", "__C_"; may be absent */
    uint8_t foreign;     /* 1: a well-formed register the declared profile does not model ("t0", "r13_mn",
                          * "LO_BRANCH_INFO.JUMP_ADDR"): carried and compared by its name as written, its value
                          * by form only (no width) */
} tm_reg;

typedef struct tm_event {
    /* Fast Models shape: E <value> {<mode>} {<value1>} <number> <desc> */
    uint8_t has_value;
    tm_addr value;
    tm_str mode;         /* mode-change events: the new mode */
    uint8_t has_value1;
    uint8_t value1_digits; /* 8 or 16 */
    uint64_t value1;
    uint8_t has_number;
    uint8_t number_digits; /* 8 or 16 (a 64-bit event number); 0 for an ES [<n>] */
    uint64_t number;     /* event number (hex as written, e.g. 00000019) */
    /* Cortex-M RTL shape: E <desc> {<arg>}, e.g. "E INT_TAKEN 0000000b", "E Reset" */
    tm_str desc;         /* event name: "CoreEvent_RESET", "INT_ENTRY", "HardFault", ... */
    uint8_t has_arg;     /* RTL shape: a hex argument after the name */
    uint32_t arg;
    uint8_t arg_digits;
    /* ES dialect: "ES EXC {[<n>]} <name>", "EXC {[<n>]} <name>", or "ES <name>" announcing an EXC line.
     * has_number/number carry [<n>]; number_text keeps it as written ("0x00", "1"). */
    uint8_t es;          /* tm_event_es */
    tm_str number_text;
} tm_event;

typedef enum tm_event_es {
    TM_EVENT_ES_NONE = 0,
    TM_EVENT_ES_EXC,     /* ES EXC ...: an exception entry */
    TM_EVENT_EXC,        /* EXC ... on a line of its own (after "ES <name>") */
    TM_EVENT_ES_NAMED    /* ES <name>: announces the EXC line that follows; not an entry by itself */
} tm_event_es;

/* Memory access M... in both shapes:
 * Fast Models: M<rw><sz>{X|T|L} <addr> <data>
 * Cortex-M RTL: M<sn><rw><sz><od><lk><sp><pt> <addr> <data>, and the M0 tracer's M<rw><sz>_<D|I> / E<D|I>. */
typedef enum tm_mem_shape {
    TM_MEM_FM = 0,       /* Fast Models / QEMU4V: M<rw><sz>{attrib}; "(ABORTED)" after the data sets error */
    TM_MEM_RTL,          /* Cortex-M/R RTL: M<sn><rw><sz><od><lk><sp><pt> {(<a>:<b>)} <addr>|TRANSFER <data> */
    TM_MEM_M0,           /* Cortex-M0 RTL tracer: M<rw><sz>_<D|I> or M<rw><sz>E<D|I> (E = error) */
    TM_MEM_CS            /* compact cs producer: R<sz> / W<sz> (two decimal digits) {X} <addr> <data> */
} tm_mem_shape;

typedef struct tm_mem {
    uint8_t shape;       /* tm_mem_shape */
    uint8_t write;       /* 1 = W, 0 = R */
    uint8_t size;        /* bytes: 1, 2, 4, 8, 16 */
    char attrib;         /* FM: 'X', 'T', 'L' or 0 */
    char seq;            /* RTL: 'S' or 'N', 'C' for a coprocessor transfer (Cortex-R) */
    char od;             /* RTL: 'O' opcode fetch or '_' data; M0: 'I' or 'D' */
    char lk;             /* RTL: 'L' or '_' */
    char sp;             /* RTL: 'S' or '_' */
    char pt;             /* RTL: 'A', 'D', 'I', 'S', 'R' or '_' */
    uint8_t error;       /* M0 shape: 'E' instead of '_' (bus error); FM shape: "(ABORTED)" */
    uint8_t has_data;    /* FM shape with error set: 0 for an abort written without data (ignored otherwise) */
    uint8_t lanes;       /* M0 shape: a sub-word access written as the whole 32-bit bus; data.v holds the
                          * bytes on the address's lanes, data.text the bus as written */
    uint8_t transfer;    /* RTL shape: "TRANSFER" instead of an address (coprocessor transfer) */
    tm_str tag;          /* RTL shape: "(<a>:<b>)" contents before the address; may be absent */
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

/* SIGNAL: SIGNAL=<name> STATE=<Y|N> */
typedef struct tm_signal {
    tm_str name;         /* "poreset", "?15" */
    char state;          /* 'Y' or 'N' */
} tm_signal;

/* INFO_<topic>: <KEY>=<value> ...; a value runs to the next " <KEY>=" (the last one to the end of the line,
 * spaces included). tm_info_field looks a key up. */
typedef struct tm_info {
    tm_str topic;        /* "EXCEPTION_REASON" (the keyword without INFO_ and ':') */
    tm_str fields;       /* "PHASE=... VECTOR=... FaultCause=..." as written */
    tm_str phase, vector; /* PHASE= and VECTOR= values when present */
    uint8_t has_pc;
    uint64_t pc;         /* PC=0x... when present */
} tm_info;

/* BR (<target>) <iset>: the ES dialect's branch, the address of the next instruction. */
typedef struct tm_branch {
    tm_addr target;
    tm_str iset;
} tm_branch;

/* LD / ST of the ES dialect: a 16-byte aligned region shown as four groups of 8 characters, bytes
 * base+15..base+12 first, each byte as two hex digits or ".." (not accessed); "##" or x digits mark a byte
 * accessed with an unknown value. A continuation line (no LD/ST keyword) adds one more region to the
 * access of the line before it: its direction is the previous LD/ST's (tm_parse_state). */
typedef struct tm_ldst {
    uint8_t write;       /* ST = 1, LD = 0 */
    uint8_t continuation;/* the line had no LD/ST keyword */
    uint16_t mask;       /* bit i: byte base+i accessed */
    uint16_t unknown;    /* bit i: byte base+i accessed, value unknown */
    uint8_t bytes[16];   /* bytes[i] = byte at base+i (0 when not accessed or unknown) */
    tm_addr addr;        /* the region's base as written */
    tm_str groups;       /* the four groups as written */
    tm_str phys;         /* "S:00000ffff0", "NS:...", "0000000020"; may be absent */
    tm_str attrs;        /* "nGnRnE OSH" and the like; may be absent */
} tm_ldst;

typedef struct tm_text_header {
    tm_str text;         /* "Tarmac Text Rev 3t" */
} tm_text_header;

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
        tm_signal signal;
        tm_info info;
        tm_branch branch;
        tm_ldst ldst;
        tm_text_header text;
    } u;
} tm_record;

/* Short name of a record kind ("insn", "reg", ...), for statistics and messages. */
const char *tm_kind_name(tm_kind kind);

/* Value of KEY in an INFO record's fields (case-sensitive, as written). Returns 1 and sets *value, or 0. */
int tm_info_field(const tm_info *info, const char *key, tm_str *value);

/* Field-by-field equality of two records (slices compared by content). */
int tm_record_equal(const tm_record *a, const tm_record *b);

#ifdef __cplusplus
}
#endif
#endif

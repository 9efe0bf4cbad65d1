/* One reader of ELF32 little-endian ARM executables for the whole project: the model's loader, the testbenches'
 * loader (dpi/armv6m_tb_pkg.sv) and the checker's symbolized reports (option elf=). It gives the PT_LOAD
 * segments, the same bytes as words for a memory model, and the function and object symbols.
 * Errors follow tarmac/error.h: tm_error.file is the path, .msg what is wrong (TM_ERR_IO: the file cannot be
 * read; TM_ERR_FORMAT: it is not an ELF32 little-endian ARM executable, or a table lies outside the file). */
#ifndef TARMAC_ELF_H
#define TARMAC_ELF_H

#include <stddef.h>
#include <stdint.h>

#include "tarmac/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tm_elf tm_elf;

/* A PT_LOAD segment: memsz bytes at addr (the physical address, where a loader puts it), the first filesz from
 * data, the rest zero. */
typedef struct tm_elf_segment {
    uint32_t addr, vaddr, filesz, memsz, flags;
    const uint8_t *data;
} tm_elf_segment;

enum { TM_ELF_OBJECT = 1, TM_ELF_FUNC = 2 }; /* STT_OBJECT, STT_FUNC */

/* A defined function or object symbol. A function's addr has the Thumb bit cleared. */
typedef struct tm_elf_symbol {
    const char *name;
    uint32_t addr, size;
    int kind;              /* TM_ELF_FUNC or TM_ELF_OBJECT */
} tm_elf_symbol;

/* A 32-bit word of the loaded image at an aligned address: the bytes of every segment that cover it (a later
 * segment's over an earlier one's), zero where none does. */
typedef struct tm_elf_word {
    uint32_t addr, data;
} tm_elf_word;

/* The largest ELF file read: a program for a 32-bit microcontroller with its debug information is far smaller. */
#define TM_ELF_MAX_BYTES (256u << 20)
/* Reads and checks the whole file, opened as tm_input_open does (input.h: a regular file or a FIFO that gives its
 * first byte within TM_FIFO_WAIT_DEFAULT_MS; a device, a socket or a directory fails naming what it is), at most
 * TM_ELF_MAX_BYTES (a larger one fails saying so): the ELF header, every program header and PT_LOAD segment inside the file, at
 * least one PT_LOAD segment with memsz > 0, the symbol table (when there is one) and its names. Returns NULL
 * with err filled on any problem. */
tm_elf *tm_elf_open(const char *path, tm_error *err);
void tm_elf_close(tm_elf *e);

uint32_t tm_elf_entry(const tm_elf *e);
/* The PT_LOAD segments with memsz > 0, in program header order. */
unsigned tm_elf_segment_count(const tm_elf *e);
const tm_elf_segment *tm_elf_segment_at(const tm_elf *e, unsigned i);

/* The loadable image as words in address order, each address once (built on the first call). NULL with
 * *count = 0 when out of memory. Valid until tm_elf_close. */
const tm_elf_word *tm_elf_words(tm_elf *e, size_t *count);

/* The program's identity: FNV-1a (64-bit) over the loadable image's words in address order, each as its address
 * then its data, 4 bytes each, little-endian (tm_elf_words: bss words are zeros, how the segments split the image
 * does not matter). A golden records it (model/armv6m.h, m6_golden_record) and the checker compares it with the
 * ELF it is given. TM_OK, or TM_ERR_IO when out of memory. */
int tm_elf_image_hash(tm_elf *e, uint64_t *hash);

/* The symbols in address order (by name for equal addresses). */
size_t tm_elf_symbol_count(const tm_elf *e);
const tm_elf_symbol *tm_elf_symbol_at(const tm_elf *e, size_t i);
/* The first symbol with this name, or NULL. */
const tm_elf_symbol *tm_elf_symbol_named(const tm_elf *e, const char *name);
/* The symbol that holds addr: a function before an object, the innermost (highest start) of nested ones; a
 * symbol of size 0 holds its own address only. NULL when none does. */
const tm_elf_symbol *tm_elf_symbol_holding(const tm_elf *e, uint32_t addr);
/* The function symbol with the highest start at or below addr (the first by name of equal starts), whatever its
 * size: where a generated program's functions have size 0, the label a code address follows. NULL when none
 * does, or when addr lies in no loadable segment (an EXC_RETURN value follows no function). */
const tm_elf_symbol *tm_elf_symbol_nearest(const tm_elf *e, uint32_t addr);
/* "<name>+0x<offset>" of the symbol holding addr into buf (NUL-terminated when size > 0); "" when none does.
 * Returns the length written. */
int tm_elf_symbolize(const tm_elf *e, uint32_t addr, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif

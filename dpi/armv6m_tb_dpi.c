/* DPI-C side of dpi/armv6m_tb_pkg.sv: the ELF loader for any testbench, over the trace library's ELF reader
 * (tarmac/elf.h). svdpi.h types only; the prototypes match the header Verilator generates from the package (a
 * test compiles this file against it). */
#include <stdio.h>
#include <stdlib.h>

#include "svdpi.h"
#include "tarmac/elf.h"

typedef struct tb_elf {
    tm_elf *elf;
    const tm_elf_word *words;
    size_t count, next;
} tb_elf;

/* elf_open returns null on failure, so its error cannot hang off a handle: it is kept per thread. */
static _Thread_local char open_error[600];

void *armv6m_tb_elf_open(const char *path)
{
    tm_error err;
    tb_elf *h = calloc(1, sizeof *h);
    if (!h) {
        tm_error_set(&err, TM_ERR_IO, path, 0, "out of memory");
        tm_error_format(&err, open_error, sizeof open_error); /* a long path cut visibly */
        return NULL;
    }
    h->elf = tm_elf_open(path, &err);
    if (!h->elf) {
        tm_error_format(&err, open_error, sizeof open_error);
        free(h);
        return NULL;
    }
    h->words = tm_elf_words(h->elf, &h->count);
    if (!h->words) {
        tm_error_set(&err, TM_ERR_IO, path, 0, "out of memory for the loadable image");
        tm_error_format(&err, open_error, sizeof open_error);
        tm_elf_close(h->elf);
        free(h);
        return NULL;
    }
    return h;
}

const char *armv6m_tb_elf_error(void) { return open_error; }

int armv6m_tb_elf_next_word(void *handle, unsigned *addr, unsigned *data)
{
    tb_elf *h = handle;
    if (!h || h->next >= h->count) return 0;
    *addr = h->words[h->next].addr;
    *data = h->words[h->next].data;
    h->next++;
    return 1;
}

unsigned armv6m_tb_elf_entry(void *handle) { return handle ? tm_elf_entry(((tb_elf *)handle)->elf) : 0; }

void armv6m_tb_elf_close(void *handle)
{
    tb_elf *h = handle;
    if (!h) return;
    tm_elf_close(h->elf);
    free(h);
}

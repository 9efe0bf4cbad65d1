/* The program's PT_LOAD segments copied into the model's memory, read by the trace library's ELF reader. */
#include <string.h>

#include "m6_state.h"
#include "tarmac/elf.h"

int m6_load_elf(m6 *c, const char *path, tm_error *err)
{
    tm_error local;
    if (!err) err = &local; /* the status is the reader's even when the caller wants no message */
    tm_elf *elf = tm_elf_open(path, err);
    if (!elf) return err->status;
    int rc = TM_OK;
    for (unsigned i = 0; i < tm_elf_segment_count(elf) && rc == TM_OK; i++) {
        const tm_elf_segment *s = tm_elf_segment_at(elf, i);
        uint8_t *dst = m6_mem_ptr(c, s->addr, s->memsz);
        if (!dst) {
            rc = tm_error_set(err, TM_ERR_FORMAT, path, 0, "segment %u at 0x%08x (%u bytes) is outside the memory map",
                              i, s->addr, s->memsz);
            break;
        }
        memcpy(dst, s->data, s->filesz);
        memset(dst + s->filesz, 0, s->memsz - s->filesz);
    }
    tm_elf_close(elf);
    return rc;
}

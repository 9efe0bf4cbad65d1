/* The program's PT_LOAD segments copied into the model's memory, read by the trace library's ELF reader. */
#include <string.h>

#include "armv6m.h"
#include "tarmac/elf.h"

int m6_load_elf(m6 *c, const char *path, char *err, size_t errlen)
{
    tm_error e;
    tm_elf *elf = tm_elf_open(path, &e);
    if (!elf) {
        tm_error_format(&e, err, (unsigned)errlen);
        return -1;
    }
    int rc = 0;
    for (unsigned i = 0; i < tm_elf_segment_count(elf) && rc == 0; i++) {
        const tm_elf_segment *s = tm_elf_segment_at(elf, i);
        uint8_t *dst = m6_mem_ptr(c, s->addr, s->memsz);
        if (!dst) {
            snprintf(err, errlen, "%s: segment %u at 0x%08x (%u bytes) is outside the memory map", path, i, s->addr,
                     s->memsz);
            rc = -1;
            break;
        }
        memcpy(dst, s->data, s->filesz);
        memset(dst + s->filesz, 0, s->memsz - s->filesz);
    }
    tm_elf_close(elf);
    return rc;
}

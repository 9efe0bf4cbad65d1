/* ELF32 little-endian ARM executables: the PT_LOAD segments are copied into the model's memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armv6m.h"

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

int m6_load_elf(m6 *c, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return -1;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = size > 0 ? malloc((size_t)size) : NULL;
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(buf);
        snprintf(err, errlen, "%s: cannot read", path);
        return -1;
    }
    fclose(f);
    int rc = -1;
    if (size < 52 || memcmp(buf, "\x7f" "ELF", 4) != 0) {
        snprintf(err, errlen, "%s: not an ELF file", path);
    } else if (buf[4] != 1 || buf[5] != 1) {
        snprintf(err, errlen, "%s: not a 32-bit little-endian ELF", path);
    } else if (rd16(buf + 18) != 40) {
        snprintf(err, errlen, "%s: not an ARM ELF (machine %u)", path, rd16(buf + 18));
    } else {
        uint32_t phoff = rd32(buf + 28);
        unsigned phentsize = rd16(buf + 42), phnum = rd16(buf + 44);
        rc = 0;
        unsigned loaded = 0;
        for (unsigned i = 0; i < phnum && rc == 0; i++) {
            uint64_t at = (uint64_t)phoff + (uint64_t)i * phentsize;
            if (phentsize < 32 || at + 32 > (uint64_t)size) {
                snprintf(err, errlen, "%s: program header %u outside the file", path, i);
                rc = -1;
                break;
            }
            const uint8_t *ph = buf + at;
            if (rd32(ph) != 1) continue; /* PT_LOAD */
            uint32_t off = rd32(ph + 4), paddr = rd32(ph + 12), filesz = rd32(ph + 16), memsz = rd32(ph + 20);
            if ((uint64_t)off + filesz > (uint64_t)size || filesz > memsz) {
                snprintf(err, errlen, "%s: segment %u outside the file", path, i);
                rc = -1;
                break;
            }
            if (!memsz) continue;
            uint8_t *dst = m6_mem_ptr(c, paddr, memsz);
            if (!dst) {
                snprintf(err, errlen, "%s: segment %u at 0x%08x (%u bytes) is outside the memory map", path, i, paddr,
                         memsz);
                rc = -1;
                break;
            }
            memcpy(dst, buf + off, filesz);
            memset(dst + filesz, 0, memsz - filesz);
            loaded++;
        }
        if (rc == 0 && !loaded) {
            snprintf(err, errlen, "%s: no loadable segment", path);
            rc = -1;
        }
    }
    free(buf);
    return rc;
}

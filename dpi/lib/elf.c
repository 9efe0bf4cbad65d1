/* ELF32 little-endian ARM executables (tarmac/elf.h): the file is read whole and checked once at open, so that
 * every later call only indexes tables known to lie inside it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tarmac/elf.h"
#include "tarmac/input.h"

enum { EHDR_SIZE = 52, PHDR_SIZE = 32, SHDR_SIZE = 40, SYM_SIZE = 16 };
enum { PT_LOAD = 1, SHT_SYMTAB = 2, EM_ARM = 40 };

struct tm_elf {
    uint8_t *buf;
    size_t size;
    uint32_t entry;
    tm_elf_segment *seg;
    unsigned nseg;
    tm_elf_symbol *sym;
    size_t nsym;
    tm_elf_word *words; /* built by tm_elf_words */
    size_t nwords;
};

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

/* Frees e, fills err and returns NULL. */
__attribute__((format(printf, 4, 5))) static tm_elf *fail(tm_elf *e, tm_error *err, int status, const char *fmt, ...)
{
    tm_elf_close(e);
    char file[sizeof err->file];
    memcpy(file, err->file, sizeof file);
    va_list ap;
    va_start(ap, fmt);
    tm_error_vset(err, status, file, 0, fmt, ap);
    va_end(ap);
    return NULL;
}

/* [off, off + len) inside the file */
static int inside(const tm_elf *e, uint64_t off, uint64_t len) { return off <= e->size && len <= e->size - off; }

static int read_file(tm_elf *e, const char *path, tm_error *err)
{
    unsigned char *data;
    if (tm_input_read_all(path, TM_ELF_MAX_BYTES, 0, "an ELF file", &data, &e->size, err) != TM_OK) return -1;
    e->buf = data;
    return 0;
}

static int by_addr(const void *a, const void *b)
{
    const tm_elf_symbol *x = a, *y = b;
    if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* The first SHT_SYMTAB section: its defined function and object symbols. */
static int read_symbols(tm_elf *e, tm_error *err)
{
    uint32_t shoff = rd32(e->buf + 32);
    unsigned shentsize = rd16(e->buf + 46), shnum = rd16(e->buf + 48);
    if (!shoff || !shnum) return 0; /* stripped of its sections: no symbols */
    if (shentsize < SHDR_SIZE || !inside(e, shoff, (uint64_t)shnum * shentsize)) {
        fail(NULL, err, TM_ERR_FORMAT, "truncated: the section headers (%u at offset %u) lie outside the file (%zu bytes)",
             shnum, shoff, e->size);
        return -1;
    }
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = e->buf + shoff + (size_t)i * shentsize;
        if (rd32(sh + 4) != SHT_SYMTAB) continue;
        uint32_t off = rd32(sh + 16), size = rd32(sh + 20), link = rd32(sh + 24);
        if (!inside(e, off, size) || link >= shnum) {
            fail(NULL, err, TM_ERR_FORMAT, "truncated: the symbol table (section %u) lies outside the file", i);
            return -1;
        }
        const uint8_t *strsh = e->buf + shoff + (size_t)link * shentsize;
        uint32_t stroff = rd32(strsh + 16), strsize = rd32(strsh + 20);
        if (!inside(e, stroff, strsize) || !strsize || e->buf[stroff + strsize - 1]) {
            fail(NULL, err, TM_ERR_FORMAT, "truncated: the symbol names (section %u) lie outside the file", link);
            return -1;
        }
        size_t n = size / SYM_SIZE;
        e->sym = calloc(n ? n : 1, sizeof *e->sym);
        if (!e->sym) {
            fail(NULL, err, TM_ERR_IO, "out of memory for %zu symbols", n);
            return -1;
        }
        for (size_t k = 0; k < n; k++) {
            const uint8_t *s = e->buf + off + k * SYM_SIZE;
            uint32_t name = rd32(s), value = rd32(s + 4), ssize = rd32(s + 8);
            int type = s[12] & 0xf;
            if ((type != TM_ELF_FUNC && type != TM_ELF_OBJECT) || rd16(s + 14) == 0) continue; /* SHN_UNDEF */
            if (name >= strsize) {
                fail(NULL, err, TM_ERR_FORMAT, "symbol %zu: its name (offset %u) lies outside the names (%u bytes)", k,
                     name, strsize);
                return -1;
            }
            e->sym[e->nsym++] = (tm_elf_symbol){ (const char *)e->buf + stroff + name,
                                                 type == TM_ELF_FUNC ? value & ~1u : value, ssize, type };
        }
        qsort(e->sym, e->nsym, sizeof *e->sym, by_addr);
        return 0;
    }
    return 0;
}

tm_elf *tm_elf_open(const char *path, tm_error *err)
{
    tm_error local;
    if (!err) err = &local;
    tm_error_set(err, TM_OK, path, 0, "%s", ""); /* the file every error names */
    tm_elf *e = calloc(1, sizeof *e);
    if (!e) return fail(NULL, err, TM_ERR_IO, "out of memory");
    if (!path) return fail(e, err, TM_ERR_ARG, "no ELF file given");
    if (read_file(e, path, err)) {
        tm_elf_close(e);
        return NULL;
    }
    const uint8_t *h = e->buf;
    if (e->size < 4 || memcmp(h, "\x7f" "ELF", 4) != 0) return fail(e, err, TM_ERR_FORMAT, "not an ELF file");
    if (e->size < EHDR_SIZE)
        return fail(e, err, TM_ERR_FORMAT, "truncated: %zu bytes, shorter than an ELF header", e->size);
    if (h[4] != 1 || h[5] != 1) return fail(e, err, TM_ERR_FORMAT, "not a 32-bit little-endian ELF");
    if (rd16(h + 18) != EM_ARM) return fail(e, err, TM_ERR_FORMAT, "not an ARM ELF (machine %u)", rd16(h + 18));
    e->entry = rd32(h + 24);
    uint32_t phoff = rd32(h + 28);
    unsigned phentsize = rd16(h + 42), phnum = rd16(h + 44);
    if (phnum && (phentsize < PHDR_SIZE || !inside(e, phoff, (uint64_t)phnum * phentsize)))
        return fail(e, err, TM_ERR_FORMAT, "truncated: the program headers (%u at offset %u) lie outside the file (%zu bytes)",
                    phnum, phoff, e->size);
    e->seg = calloc(phnum ? phnum : 1, sizeof *e->seg);
    if (!e->seg) return fail(e, err, TM_ERR_IO, "out of memory");
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = h + phoff + (size_t)i * phentsize;
        if (rd32(ph) != PT_LOAD) continue;
        uint32_t off = rd32(ph + 4), filesz = rd32(ph + 16), memsz = rd32(ph + 20);
        if (!inside(e, off, filesz))
            return fail(e, err, TM_ERR_FORMAT, "truncated: segment %u (%u bytes at offset %u) lies outside the file (%zu bytes)",
                        i, filesz, off, e->size);
        if (filesz > memsz)
            return fail(e, err, TM_ERR_FORMAT, "segment %u: %u bytes in the file, more than its %u in memory", i, filesz,
                        memsz);
        if (!memsz) continue;
        e->seg[e->nseg++] = (tm_elf_segment){ rd32(ph + 12), rd32(ph + 8), filesz, memsz, rd32(ph + 24), h + off };
    }
    if (!e->nseg) return fail(e, err, TM_ERR_FORMAT, "no loadable segment");
    if (read_symbols(e, err)) {
        tm_elf_close(e);
        return NULL;
    }
    return e;
}

void tm_elf_close(tm_elf *e)
{
    if (!e) return;
    free(e->buf);
    free(e->seg);
    free(e->sym);
    free(e->words);
    free(e);
}

uint32_t tm_elf_entry(const tm_elf *e)
{
    if (!e) return 0;
    return e->entry;
}
unsigned tm_elf_segment_count(const tm_elf *e)
{
    if (!e) return 0;
    return e->nseg;
}
const tm_elf_segment *tm_elf_segment_at(const tm_elf *e, unsigned i)
{
    if (!e) return NULL;
    return i < e->nseg ? &e->seg[i] : NULL;
}
size_t tm_elf_symbol_count(const tm_elf *e)
{
    if (!e) return 0;
    return e->nsym;
}
const tm_elf_symbol *tm_elf_symbol_at(const tm_elf *e, size_t i)
{
    if (!e) return NULL;
    return i < e->nsym ? &e->sym[i] : NULL;
}

const tm_elf_symbol *tm_elf_symbol_named(const tm_elf *e, const char *name)
{
    if (!e || !name) return NULL;
    for (size_t i = 0; i < e->nsym; i++)
        if (!strcmp(e->sym[i].name, name)) return &e->sym[i];
    return NULL;
}

/* Only reports call it: a scan of every symbol is fine. */
const tm_elf_symbol *tm_elf_symbol_holding(const tm_elf *e, uint32_t addr)
{
    if (!e) return NULL;
    const tm_elf_symbol *best = NULL;
    for (size_t i = 0; i < e->nsym && e->sym[i].addr <= addr; i++) {
        const tm_elf_symbol *s = &e->sym[i];
        int holds = s->size ? addr - s->addr < s->size : addr == s->addr;
        if (holds && (!best || s->kind > best->kind || (s->kind == best->kind && s->addr >= best->addr))) best = s;
    }
    return best;
}

const tm_elf_symbol *tm_elf_symbol_nearest(const tm_elf *e, uint32_t addr)
{
    if (!e) return NULL;
    unsigned seg = 0;
    while (seg < e->nseg && addr - e->seg[seg].addr >= e->seg[seg].memsz) seg++;
    if (seg == e->nseg) return NULL;
    const tm_elf_symbol *best = NULL;
    for (size_t i = 0; i < e->nsym && e->sym[i].addr <= addr; i++)
        if (e->sym[i].kind == TM_ELF_FUNC && (!best || e->sym[i].addr > best->addr)) best = &e->sym[i];
    return best;
}

int tm_elf_symbolize(const tm_elf *e, uint32_t addr, char *buf, size_t size)
{
    const tm_elf_symbol *s = e ? tm_elf_symbol_holding(e, addr) : NULL;
    int n = s ? snprintf(buf, size, "%s+0x%x", s->name, addr - s->addr) : (size ? (buf[0] = '\0', 0) : 0);
    return n < 0 ? 0 : size && (size_t)n >= size ? (int)size - 1 : n;
}

typedef struct part_word {
    uint32_t addr, order; /* order: the segment's index, a later segment's bytes win */
    uint32_t data, mask;  /* the bytes the segment gives, and which */
} part_word;

static int by_word(const void *a, const void *b)
{
    const part_word *x = a, *y = b;
    if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

const tm_elf_word *tm_elf_words(tm_elf *e, size_t *count)
{
    if (!e) return (count ? (void)(*count = 0) : (void)0, NULL);
    *count = 0;
    if (e->words) {
        *count = e->nwords;
        return e->words;
    }
    /* each segment's words (its first and last may be partial), sorted, then merged per address */
    size_t n = 0;
    for (unsigned i = 0; i < e->nseg; i++) n += e->seg[i].memsz / 4 + 2;
    part_word *p = malloc(n * sizeof *p);
    e->words = malloc(n * sizeof *e->words);
    if (!p || !e->words) {
        free(p);
        free(e->words);
        e->words = NULL;
        return NULL;
    }
    size_t k = 0;
    for (unsigned i = 0; i < e->nseg; i++) {
        const tm_elf_segment *s = &e->seg[i];
        uint64_t end = (uint64_t)s->addr + s->memsz;
        for (uint64_t wa = s->addr & ~3u; wa < end; wa += 4) {
            part_word w = { (uint32_t)wa, i, 0, 0 };
            for (unsigned lane = 0; lane < 4; lane++) {
                uint64_t a = wa + lane;
                if (a < s->addr || a >= end) continue;
                uint32_t j = (uint32_t)(a - s->addr);
                w.data |= (uint32_t)(j < s->filesz ? s->data[j] : 0) << 8 * lane;
                w.mask |= 0xffu << 8 * lane;
            }
            p[k++] = w;
        }
    }
    qsort(p, k, sizeof *p, by_word);
    e->nwords = 0;
    for (size_t j = 0; j < k; j++) {
        if (!e->nwords || e->words[e->nwords - 1].addr != p[j].addr) e->words[e->nwords++] = (tm_elf_word){ p[j].addr, 0 };
        tm_elf_word *w = &e->words[e->nwords - 1];
        w->data = (w->data & ~p[j].mask) | p[j].data;
    }
    free(p);
    *count = e->nwords;
    return e->words;
}

int tm_elf_image_hash(tm_elf *e, uint64_t *hash)
{
    if (!e || !hash) return TM_ERR_ARG;
    size_t n;
    const tm_elf_word *w = tm_elf_words(e, &n);
    if (!w) return TM_ERR_IO;
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a offset basis and prime */
    for (size_t i = 0; i < n; i++) {
        uint32_t v[2] = { w[i].addr, w[i].data };
        for (int k = 0; k < 2; k++)
            for (int b = 0; b < 32; b += 8) {
                h ^= (v[k] >> b) & 0xffu;
                h *= 0x100000001b3ull;
            }
    }
    *hash = h;
    return TM_OK;
}

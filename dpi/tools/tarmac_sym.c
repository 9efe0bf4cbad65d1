/* tarmac-sym: the function (or object) that holds each code address of an ELF, as the checker's reports name it
 * (dpi/lib/elf.c): one line "<address> <name>+0x<offset>" per address, "<address> ?" when no symbol holds it.
 * With --nearest, an address no symbol holds is given as "<address> near <function>+0x<offset>", the function
 * symbol at or below it (a generated program's functions have size 0: only their first address is held).
 * The nightly's failure buckets name the function a mismatch is in with it (sim/nightly/).
 * usage: tarmac-sym [--nearest] <elf> <address>...    addresses in C notation (0x1a4); the Thumb bit is ignored.
 * Exit 0, or 2 on bad usage or an unreadable ELF (its path and what is wrong). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tarmac/elf.h"
#include "tarmac/version.h"

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        printf("tarmac-sym %s\n", tm_version());
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "--help")) {
        printf("usage: tarmac-sym [--nearest] <elf> <address>...\n");
        return 0;
    }
    int nearest = argc >= 2 && !strcmp(argv[1], "--nearest");
    int first = 2 + nearest; /* the first address's argument */
    if (argc <= first) {
        fprintf(stderr, "usage: tarmac-sym [--nearest] <elf> <address>...\n");
        return 2;
    }
    tm_error err;
    tm_elf *e = tm_elf_open(argv[first - 1], &err);
    if (!e) {
        fprintf(stderr, "tarmac-sym: %s: %s\n", err.file, err.msg);
        return 2;
    }
    int rc = 0;
    for (int i = first; i < argc; i++) {
        char *end;
        unsigned long long a = strtoull(argv[i], &end, 0);
        if (*end || end == argv[i] || a > 0xffffffffull) {
            fprintf(stderr, "tarmac-sym: argument %d: expected an address, got '%s'\n", i, argv[i]);
            rc = 2;
            break;
        }
        uint32_t addr = (uint32_t)a & ~1u;
        char sym[256];
        const tm_elf_symbol *near = nearest && !tm_elf_symbol_holding(e, addr) ? tm_elf_symbol_nearest(e, addr) : NULL;
        if (near)
            printf("%08llx near %s+0x%x\n", a, near->name, (unsigned)(addr - near->addr));
        else if (tm_elf_symbolize(e, addr, sym, sizeof sym))
            printf("%08llx %s\n", a, sym);
        else
            printf("%08llx ?\n", a);
    }
    tm_elf_close(e);
    return rc;
}

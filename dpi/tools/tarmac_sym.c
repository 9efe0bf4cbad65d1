/* tarmac-sym: the function (or object) that holds each code address of an ELF, as the checker's reports name it
 * (dpi/lib/elf.c): one line "<address> <name>+0x<offset>" per address, "<address> ?" when no symbol holds it.
 * The nightly's failure buckets name the function a mismatch is in with it (sim/nightly/).
 * usage: tarmac-sym <elf> <address>...    addresses in C notation (0x1a4); the Thumb bit is ignored.
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
    if (argc < 3 || !strcmp(argv[1], "--help")) {
        fprintf(argc < 3 ? stderr : stdout, "usage: tarmac-sym <elf> <address>...\n");
        return argc < 3 ? 2 : 0;
    }
    tm_error err;
    tm_elf *e = tm_elf_open(argv[1], &err);
    if (!e) {
        fprintf(stderr, "tarmac-sym: %s: %s\n", err.file, err.msg);
        return 2;
    }
    int rc = 0;
    for (int i = 2; i < argc; i++) {
        char *end;
        unsigned long long a = strtoull(argv[i], &end, 0);
        if (*end || end == argv[i] || a > 0xffffffffull) {
            fprintf(stderr, "tarmac-sym: argument %d: expected an address, got '%s'\n", i, argv[i]);
            rc = 2;
            break;
        }
        char sym[256];
        if (!tm_elf_symbolize(e, (unsigned)a & ~1u, sym, sizeof sym)) strcpy(sym, "?");
        printf("%08llx %s\n", a, sym);
    }
    tm_elf_close(e);
    return rc;
}

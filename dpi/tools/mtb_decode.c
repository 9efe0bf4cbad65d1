/* mtb-decode: decode an MTB SRAM dump (raw little-endian words) into packets, oldest first.
 * usage: mtb-decode [--position P] dump.bin    P: the POSITION register (POINTER and WRAP) at the dump;
 * without it the whole buffer is decoded from offset 0. Exit 0, or 2 on bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tarmac/mtb.h"
#include "tarmac/version.h"

int main(int argc, char **argv)
{
    const char *path = NULL;
    long long position = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--position") && i + 1 < argc) {
            char *end;
            position = strtoll(argv[++i], &end, 0);
            if (*end || position < 0) {
                fprintf(stderr, "mtb-decode: --position needs a register value\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--version")) {
            printf("mtb-decode %s\n", tm_version());
            return 0;
        } else if (!strcmp(argv[i], "--help")) {
            printf("usage: mtb-decode [--position P] dump.bin\n");
            return 0;
        } else if (!path && argv[i][0] != '-') {
            path = argv[i];
        } else {
            fprintf(stderr, "usage: mtb-decode [--position P] dump.bin\n");
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: mtb-decode [--position P] dump.bin\n");
        return 2;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "mtb-decode: %s: cannot open\n", path);
        return 2;
    }
    static uint32_t w[1 << 20];
    size_t n = fread(w, 4, sizeof w / 4, f);
    fclose(f);
    if (n % 2 || n == 0) {
        fprintf(stderr, "mtb-decode: %s: %zu words: a dump holds whole packets (pairs of words)\n", path, n);
        return 2;
    }
    size_t packets = n / 2, first = 0, count = packets;
    if (position >= 0) {
        size_t ptr = (size_t)(position & ~7ll) / 8 % packets;
        int wrapped = (position >> 2) & 1;
        first = wrapped ? ptr : 0;
        count = wrapped ? packets : ptr;
    }
    for (size_t k = 0; k < count; k++) {
        size_t i = (first + k) % packets;
        mtb_packet p = mtb_decode(w[2 * i], w[2 * i + 1]);
        char text[160];
        mtb_describe(&p, text, sizeof text);
        printf("%4zu  %08x %08x  %s\n", k, w[2 * i], w[2 * i + 1], text);
    }
    printf("mtb-decode: %zu packets\n", count);
    return 0;
}

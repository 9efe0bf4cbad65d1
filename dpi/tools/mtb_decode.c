/* mtb-decode: decode an MTB SRAM dump (raw little-endian words) into packets, oldest first.
 * usage: mtb-decode [--position P] dump.bin    P: the POSITION register (POINTER and WRAP) at the dump, a 32-bit
 * value; without it the whole buffer is decoded from offset 0. Exit 0, or 2 on bad usage or input (a dump that is
 * not whole packets of two 32-bit words is refused, never cut; a dump is a regular file or a FIFO of at most
 * 64 MiB). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tarmac/input.h"
#include "tarmac/mtb.h"
#include "tarmac/version.h"
#include "tarmac/number.h"

/* The largest dump read: MTB SRAMs are kilobytes to a few megabytes; a FIFO fed without end stops here. */
#define DUMP_MAX (64u << 20)

/* The whole file, in 32-bit words (*n of them); NULL with a message on stderr when it cannot be read (input.h: a
 * regular file or a FIFO, waited for a bounded time, at most DUMP_MAX bytes) or is not whole words. */
static uint32_t *read_words(const char *path, size_t *n)
{
    unsigned char *buf;
    size_t len;
    tm_error err;
    if (tm_input_read_all(path, DUMP_MAX, 0, "an MTB SRAM dump", &buf, &len, &err) != TM_OK) {
        char msg[600];
        fprintf(stderr, "mtb-decode: %s\n", tm_error_format(&err, msg, sizeof msg));
        return NULL;
    }
    if (len % 4) {
        fprintf(stderr, "mtb-decode: %s: %zu bytes: a dump holds whole 32-bit words\n", path, len);
        free(buf);
        return NULL;
    }
    uint32_t *w = malloc(len ? len : 1);
    for (size_t i = 0; w && i < len / 4; i++)
        w[i] = (uint32_t)buf[4 * i] | (uint32_t)buf[4 * i + 1] << 8 | (uint32_t)buf[4 * i + 2] << 16 |
               (uint32_t)buf[4 * i + 3] << 24;
    free(buf);
    if (!w) fprintf(stderr, "mtb-decode: out of memory\n");
    *n = len / 4;
    return w;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    long long position = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--position") && i + 1 < argc) {
            uint64_t v;
            if (tm_parse_uint(argv[++i], 0, 0, 0xffffffffu, &v)) {
                fprintf(stderr, "mtb-decode: --position '%s': expected the POSITION register's 32-bit value\n",
                        argv[i]);
                return 2;
            }
            position = (long long)v;
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
    size_t n;
    uint32_t *w = read_words(path, &n);
    if (!w) return 2;
    if (n % 2 || n == 0) {
        fprintf(stderr, "mtb-decode: %s: %zu words: a dump holds whole packets (pairs of words)\n", path, n);
        free(w);
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
    free(w);
    return 0;
}

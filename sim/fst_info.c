// What an FST waveform holds, for the tests (tests/integration/test_waves.sh): its time range, then every signal by its
// hierarchical name, one a line. Built against the FST reader Verilator ships (fstapi.c); Debian has no fst2vcd.
// usage: fst_info <file.fst>   exit 0, 1 unreadable, 2 usage
#include <stdio.h>
#include <string.h>

#include "fstapi.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fst_info <file.fst>\n");
        return 2;
    }
    void *fst = fstReaderOpen(argv[1]);
    if (!fst) {
        fprintf(stderr, "fst_info: %s: not a readable FST file\n", argv[1]);
        return 1;
    }
    printf("time %llu %llu\n", (unsigned long long)fstReaderGetStartTime(fst),
           (unsigned long long)fstReaderGetEndTime(fst));
    char scope[4096] = "";
    struct fstHier *h;
    while ((h = fstReaderIterateHier(fst))) {
        switch (h->htyp) {
        case FST_HT_SCOPE: {
            size_t n = strlen(scope);
            snprintf(scope + n, sizeof scope - n, "%s%s", n ? "." : "", h->u.scope.name);
            break;
        }
        case FST_HT_UPSCOPE: {
            char *dot = strrchr(scope, '.');
            if (dot) *dot = '\0';
            else scope[0] = '\0';
            break;
        }
        case FST_HT_VAR:
            printf("%s%s%s\n", scope, scope[0] ? "." : "", h->u.var.name);
            break;
        default:
            break;
        }
    }
    fstReaderClose(fst);
    return 0;
}

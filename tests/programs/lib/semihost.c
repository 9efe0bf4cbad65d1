#include "semihost.h"

#include <stdarg.h>

static uint32_t semihost(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm("r0") = op;
    register const void *r1 __asm("r1") = arg;
    __asm volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void sh_putc(char c) { semihost(0x03, &c); }
void sh_puts(const char *s) { semihost(0x04, s); }

void sh_puthex(uint32_t v)
{
    char b[11] = "0x";
    for (int i = 0; i < 8; i++) b[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 15];
    b[10] = 0;
    sh_puts(b);
}

void sh_putdec(int32_t v)
{
    char b[12];
    int n = 11;
    uint32_t u = v < 0 ? -(uint32_t)v : (uint32_t)v;
    b[n] = 0;
    do {
        b[--n] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0) b[--n] = '-';
    sh_puts(b + n);
}

/* %d %u %x %s %c %% only */
void sh_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    for (; *fmt; fmt++) {
        if (*fmt != '%') {
            sh_putc(*fmt);
            continue;
        }
        switch (*++fmt) {
        case 'd': sh_putdec(va_arg(ap, int)); break;
        case 'u': {
            uint32_t u = va_arg(ap, uint32_t);
            char b[11];
            int n = 10;
            b[n] = 0;
            do { b[--n] = (char)('0' + u % 10); u /= 10; } while (u);
            sh_puts(b + n);
            break;
        }
        case 'x': sh_puthex(va_arg(ap, uint32_t)); break;
        case 's': sh_puts(va_arg(ap, const char *)); break;
        case 'c': sh_putc((char)va_arg(ap, int)); break;
        case '%': sh_putc('%'); break;
        default: return;
        }
    }
    va_end(ap);
}

void sh_exit(int code)
{
    static uint32_t block[2];
    block[0] = 0x20026; /* ADP_Stopped_ApplicationExit */
    block[1] = (uint32_t)code;
    semihost(0x20, block); /* SYS_EXIT_EXTENDED: QEMU returns the code */
    for (;;) {
    }
}

int sh_failures;

void sh_check(int ok, const char *what, uint32_t got, uint32_t want)
{
    if (ok) return;
    sh_failures++;
    sh_printf("FAIL %s: got %x want %x\n", what, got, want);
}

void sh_check_eq(uint32_t got, uint32_t want, const char *what) { sh_check(got == want, what, got, want); }

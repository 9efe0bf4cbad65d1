/* A small semihosting library (BKPT 0xAB): console output, a tiny printf, exit with a code. */
#ifndef SEMIHOST_H
#define SEMIHOST_H

#include <stdint.h>

void sh_putc(char c);
void sh_puts(const char *s);
void sh_puthex(uint32_t v);
void sh_putdec(int32_t v);
void sh_printf(const char *fmt, ...);
__attribute__((noreturn)) void sh_exit(int code);

/* Test helpers: count a failure with a message; main returns the count. */
extern int sh_failures;
void sh_check(int ok, const char *what, uint32_t got, uint32_t want);
#define CHECK_EQ(got, want) sh_check_eq((uint32_t)(got), (uint32_t)(want), #got)
void sh_check_eq(uint32_t got, uint32_t want, const char *what);

#endif

/* Deep recursion: Fibonacci, Ackermann and a recursive sum, exercising BL, PUSH/POP {.., pc} and the stack. */
#include "semihost.h"

static uint32_t __attribute__((noinline)) fib(uint32_t n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static uint32_t __attribute__((noinline)) ack(uint32_t m, uint32_t n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static uint32_t __attribute__((noinline)) sum(const uint32_t *v, int n) { return n ? v[0] + sum(v + 1, n - 1) : 0; }

int main(void)
{
    CHECK_EQ(fib(20), 6765);
    CHECK_EQ(ack(2, 3), 9);
    CHECK_EQ(ack(3, 3), 61);
    static uint32_t v[100];
    for (int i = 0; i < 100; i++) v[i] = (uint32_t)i * 3u;
    CHECK_EQ(sum(v, 100), 14850);
    sh_printf("recursion: fib(20)=%u ack(3,3)=%u\n", fib(20), ack(3, 3));
    return sh_failures;
}

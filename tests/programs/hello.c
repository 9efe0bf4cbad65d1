/* Console output through semihosting: a printf of numbers. */
#include "semihost.h"

int main(void)
{
    sh_printf("hello from armv6-m\n");
    sh_printf("dec %d %d %u hex %x char %c str %s %%\n", 42, -17, 4000000000u, 0xdeadbeefu, 'Z', "ok");
    int sum = 0;
    for (int i = 1; i <= 100; i++) sum += i;
    sh_printf("sum 1..100 = %d\n", sum);
    return sum == 5050 ? 0 : 1;
}

/* Vector table (all 48 entries), reset handler and default handlers. A program overrides a handler by
 * defining a function of the same name. An unexpected exception ends the test with exit code 99. */
#include <stdint.h>

#include "semihost.h"

extern uint32_t __data_start, __data_end, __data_load, __bss_start, __bss_end, __stack_top;
int main(void);

void reset_handler(void)
{
    uint32_t *src = &__data_load;
    for (uint32_t *p = &__data_start; p < &__data_end;) *p++ = *src++;
    for (uint32_t *p = &__bss_start; p < &__bss_end;) *p++ = 0;
    sh_exit(main());
}

void default_handler(void)
{
    uint32_t ipsr;
    __asm volatile("mrs %0, ipsr" : "=r"(ipsr));
    sh_puts("unexpected exception ");
    sh_putdec(ipsr & 63);
    sh_putc('\n');
    sh_exit(99);
}

/* The reset vector's value: reset_handler, unless a program defines reset_entry (epsr_t.c: an even one) */
void reset_entry(void) __attribute__((weak, alias("reset_handler")));

#define WEAK __attribute__((weak, alias("default_handler")))
void nmi_handler(void) WEAK;
void hardfault_handler(void) WEAK;
void svc_handler(void) WEAK;
void pendsv_handler(void) WEAK;
void systick_handler(void) WEAK;
void irq0_handler(void) WEAK;
void irq1_handler(void) WEAK;
void irq2_handler(void) WEAK;
void irq3_handler(void) WEAK;

__attribute__((section(".vectors"), used)) void (*const vectors[48])(void) = {
    (void (*)(void))&__stack_top, reset_entry, nmi_handler, hardfault_handler,
    default_handler, default_handler, default_handler, default_handler,
    default_handler, default_handler, default_handler, svc_handler,
    default_handler, default_handler, pendsv_handler, systick_handler,
    irq0_handler, irq1_handler, irq2_handler, irq3_handler,
    default_handler, default_handler, default_handler, default_handler,
    default_handler, default_handler, default_handler, default_handler,
    default_handler, default_handler, default_handler, default_handler,
    default_handler, default_handler, default_handler, default_handler,
    default_handler, default_handler, default_handler, default_handler,
    default_handler, default_handler, default_handler, default_handler,
    default_handler, default_handler, default_handler, default_handler,
};

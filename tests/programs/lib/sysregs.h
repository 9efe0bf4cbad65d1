/* The system registers the programs program, at their ARMv6-M addresses (SysTick, NVIC, SCB) and the MTB's at
 * the base the model and the core share (model/ARCHITECTURE.md). Word accesses only. */
#ifndef SYSREGS_H
#define SYSREGS_H

#include <stdint.h>

#define REG(a) (*(volatile uint32_t *)(a))

/* SysTick */
#define CSR REG(0xE000E010)
#define RVR REG(0xE000E014)
#define CVR REG(0xE000E018)
#define CALIB REG(0xE000E01C)

/* NVIC */
#define ISER REG(0xE000E100)
#define ICER REG(0xE000E180)
#define ISPR REG(0xE000E200)
#define ICPR REG(0xE000E280)
#define IPR(n) REG(0xE000E400 + 4 * (n))
#define IPR0 IPR(0)

/* SCB */
#define ICSR REG(0xE000ED04)
#define VTOR REG(0xE000ED08)
#define SCR REG(0xE000ED10)
#define SHPR2 REG(0xE000ED1C)
#define SHPR3 REG(0xE000ED20)
#define SHCSR REG(0xE000ED24)

/* MTB: registers and its SRAM */
#define MTB_POSITION REG(0xF0000000)
#define MTB_MASTER REG(0xF0000004)
#define MTB_FLOW REG(0xF0000008)
#define MTB_BASE REG(0xF000000C)
#define MTB_RAM ((volatile uint32_t *)0x24000000)

/* The testbench's timer peripheral (rtl_tb/ahb_timer.sv; on the core only: the model and QEMU have no device
 * there) and the IRQ line it drives */
#define TIMER_CTRL REG(0x40000000)   /* [0] ENABLE, [1] INTEN */
#define TIMER_RELOAD REG(0x40000004)
#define TIMER_COUNT REG(0x40000008)
#define TIMER_STATUS REG(0x4000000C) /* [0] EXPIRED, write 1 to clear */
#define TIMER_IRQ 0

#endif

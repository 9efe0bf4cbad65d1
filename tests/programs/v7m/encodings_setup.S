@ v7e_setup: the known state of every example of tests/programs/v7m/encodings.list (the unit test
@ tests/unit/model/test_v7m_encodings.cpp sets the same). It first reads the previous example's memory (the buffer
@ and the stack's words) into registers, so that the oracle's register comparison sees what a store wrote. With
@ V7E_DSP (the Cortex-M4's program) the GE flags too. Clobbers every register but LR; SP is the examples' stack.
	.syntax unified
	.thumb
	.text
	.global v7e_setup
	.type v7e_setup, %function
	.thumb_func
v7e_setup:
	ldr r0, =v7e_buf
	ldm r0, {r1-r12}
	ldr r0, =v7e_buf + 48
	ldm r0, {r1-r4}
	ldr r0, =v7e_stack_top - 16
	ldm r0, {r1-r8}
	ldr r0, =v7e_buf_init
	ldr r9, =v7e_buf
	ldm r0!, {r1-r8}
	stm r9!, {r1-r8}
	ldm r0!, {r1-r8}
	stm r9!, {r1-r8}
	ldr r0, =v7e_stack_init
	ldr r9, =v7e_stack_top - 16
	ldm r0, {r1-r8}
	stm r9, {r1-r8}
	ldr r0, =v7e_stack_top
	mov sp, r0
	clrex
	cpsie f
	movs r0, #0
	msr basepri, r0
#ifdef V7E_DSP
	ldr r0, =0x20050000
	msr APSR_nzcvqg, r0
#else
	ldr r0, =0x20000000
	msr APSR_nzcvq, r0
#endif
	ldr r0, =v7e_regs
	ldm r0, {r0-r12}
	bx lr
	.ltorg

	.section .rodata
	.align 2
v7e_buf_init:
	.word 0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff00, 0x80818283, 0x01020304, 0xa5a5a5a5, 0x0000ffff
	.word 0x00000001, 0, 0, 0, 0, 0, 0, 0
v7e_stack_init: @ SP-16 .. SP+12
	.word 0, 0, 0, 0, 0xa1a2a3a4, 0xb1b2b3b4, 0xc1c2c3c4, 0xd1d2d3d4
v7e_regs:
	.word v7e_buf, 0x12345678, 0x8000fffe, 3, 0xf0f0a5c3, 0x10, 0x7fff8001, 0x01020304
	.word v7e_buf + 32, 0, 0xffffffff, 0x80000000, 5

	.bss
	.align 3
	.global v7e_saved_sp
v7e_saved_sp:
	.space 4
v7e_buf:
	.space 64
v7e_stack:
	.space 240
v7e_stack_top:
	.space 16

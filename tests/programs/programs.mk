# Firmware test programs: tests/programs/<name>.c + lib/ -> $(BUILD)/programs/<name>.elf (and .lst).
# <name>.expect holds the console output a correct run prints; every program exits 0 when it passes.
ARM_CC := arm-none-eabi-gcc
ARM_CFLAGS := -mcpu=cortex-m0 -mthumb -masm-syntax-unified -O2 -g -ffreestanding -fno-builtin -Wall -Wextra -Werror \
              -Itests/programs/lib -ffunction-sections
ARM_LDFLAGS := -nostartfiles -nostdlib -Wl,--gc-sections -T tests/programs/lib/link.ld -lgcc
# Programs that need the implementation options (model/ARCHITECTURE.md, "Tail-chaining and late arrival") are
# built like the others but left out of PROGRAMS: without the options the model and the core lock up on them.
# TC_PROGRAMS have a golden made with TC_ISS_OPTS (golden/<name>.tc.tarmac.gz) for the core built with the options
# (build/sim/chk-tc), and run on the model with them (tests/integration/test_tail_chain.sh).
OPTION_ONLY_PROGRAMS := late_arrival
TC_PROGRAMS := tail_chain late_arrival
TC_ISS_OPTS := --config tail_chain=1,late_arrival=1
# LIVE_PROGRAMS use the testbench's timer peripheral and its interrupt (rtl_tb/ahb_timer.sv), whose timing only the
# RTL knows: no golden file can be made before the run, so they run on the core without the checker and in live
# mode (tests/integration/test_live.sh); the model alone and QEMU have no such device (a bus fault at 0x40000000, QEMU's
# microbit has other peripherals there).
LIVE_PROGRAMS := timer_irq timer_poll irq_nested abandon
PROGRAMS := $(filter-out $(OPTION_ONLY_PROGRAMS) $(LIVE_PROGRAMS),$(sort $(basename $(notdir $(wildcard tests/programs/*.c)))))
# Programs that use what QEMU's microbit (Cortex-M0) lacks: the MTB (mtb, mtb_flow, mtb_regions, mtb_faults), SysTick counting
# instructions (systick, systick_scb; systick_scb also checks SCR's storage, which QEMU reads as 0, and SHPR2/3's
# reserved bits, which QEMU keeps, and ICSR, where QEMU also shows the ARMv7-M RETTOBASE bit), and the
# execute-never fault on a fetch from 0xFFFFFFF8 (blx_handler: QEMU fetches zeros there and runs on), SysTick
# counting instructions to pend SysTick exactly as an exception return executes (tail_chain), software pends taken
# at a known instruction (sw_pend: QEMU takes them at the end of its translation block), SHCSR.SVCALLPENDED (svc_pend:
# ARMv6-M has SHCSR with its debug extension; QEMU's microbit reads it as 0 and ignores writes).
NON_QEMU_PROGRAMS := mtb systick blx_handler mtb_flow systick_scb tail_chain mtb_regions mtb_faults sw_pend svc_pend
QEMU_PROGRAMS := $(filter-out $(NON_QEMU_PROGRAMS),$(PROGRAMS))
PROGRAM_ELFS := $(PROGRAMS:%=$(BUILD)/programs/%.elf)
TC_PROGRAM_ELFS := $(TC_PROGRAMS:%=$(BUILD)/programs/%.elf)
LIVE_PROGRAM_ELFS := $(LIVE_PROGRAMS:%=$(BUILD)/programs/%.elf)
PROG_LIB := tests/programs/lib/startup.c tests/programs/lib/semihost.c tests/programs/lib/mem.c

$(BUILD)/programs/%.elf: tests/programs/%.c $(PROG_LIB) tests/programs/lib/semihost.h tests/programs/lib/ops.h \
                         tests/programs/lib/sysregs.h \
                         tests/programs/lib/link.ld | deps
	@mkdir -p $(dir $@)
	$(ARM_CC) $(ARM_CFLAGS) -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
	arm-none-eabi-objdump -d $@ > $(@:.elf=.lst)

.PHONY: programs
programs: $(PROGRAM_ELFS) $(TC_PROGRAM_ELFS) $(LIVE_PROGRAM_ELFS)
ALL_TARGETS += $(PROGRAM_ELFS) $(TC_PROGRAM_ELFS) $(LIVE_PROGRAM_ELFS)

TEST_SCRIPTS += tests/programs/run_programs.sh
TEST_PREREQS += $(PROGRAM_ELFS) $(ISS)

# QEMU as an independent oracle for the model (tests/oracle): register state before every instruction.
QEMU_COMPARE := $(BIN)/qemu-compare
$(QEMU_COMPARE): $(OBJ)/tests/oracle/qemu_compare.o $(LIBTARMAC)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -lz -pthread
# nvic, exc_return, irq_lines, pop_exc_return and exec_priority pend interrupts by stores to ISPR/ICSR: the model
# takes them at the next instruction boundary, QEMU a few instructions later (both legal: the architecture only
# guarantees it after DSB+ISB), so the per-instruction states differ in between. They still run on QEMU for their
# exit code and output (run_programs.sh).
# The oracle compares with the default goldens only (no tail-chaining, no late arrival): tail_chain is not a QEMU
# program (SysTick counting instructions), and late_arrival needs the options.
# epsr_t faults before its first instruction (an even reset vector): QEMU logs a state at the reset entry that
# no instruction of the model's trace has; it runs on QEMU for its output (which checks the stacked EPSR.T).
ORACLE_PROGRAMS := $(filter-out nvic exc_return irq_lines pop_exc_return exec_priority epsr_t,$(QEMU_PROGRAMS))
TEST_SCRIPTS += tests/oracle/run_oracle.sh
TEST_PREREQS += $(QEMU_COMPARE)
include tests/programs/v7m/v7m.mk

# Verilator builds of rtl_tb/tb_top, each in its own directory: {C++ main, SystemC sc_main} x {plain, with the
# lockstep checker (TARMAC_CHK)}, all with the SystemVerilog assertions on (the AHB-Lite master checker); the
# C++ ones also with FST tracing (TRACE=1). HARNESS=systemc makes `make sim` / `make regress` use the SystemC
# ones. Verilator's options are sim/verilate.sh's, the one place that names them.
# rtl_tb/sources.f: the design and testbench sources in compile order (the scripts in sim/ read it too), with
# the testbench pieces' package dpi/armv6m_tb_pkg.sv, whose DPI side is in libtarmacchk.so: every build links it
RTL_SRCS := $(strip $(file < rtl_tb/sources.f))
# Paths relative to the checkout (sim/verilate.sh makes them absolute for Verilator and finds libtarmacchk.so at run
# time by an rpath relative to the simulator, $ORIGIN): what a build records holds no absolute path, so a copied or
# moved checkout (tests/integration/test_rebuild.sh) keeps its simulators, each loading its own checkout's library.
SIM_LIBS = $(LIBARMV6M) $(LIBTARMAC)
CHK_LIBS = $(LIBTARMACCHK)

# $(1) output binary, $(2) sim/verilate.sh options, $(3) main source, $(4) extra libraries, $(5) extra prerequisites
# The options and libraries a simulator was built with are in <dir>/verilate.args, rewritten (at parse time) only
# when they change: a simulator whose parameters change in this file is rebuilt, not left as it was (touched after
# its build: Verilator's own make does not relink a binary whose objects did not change).
define verilate
ifneq ($$(file <$(dir $(1))verilate.args),$$(strip $(2) $(4) $$(SAN_FLAGS)))
$$(shell mkdir -p $(dir $(1)))
$$(file >$(dir $(1))verilate.args,$$(strip $(2) $(4) $$(SAN_FLAGS)))
endif
$(1): $$(RTL_SRCS) sim/verilate.sh $(3) sim/harness.cpp sim/harness.h $$(LIBARMV6M) $$(LIBTARMAC) $(5) \
      $(dir $(1))verilate.args | deps
	BUILD=$$(BUILD) SAN_FLAGS="$$(SAN_FLAGS)" bash sim/verilate.sh $(2) $$(dir $$@) $(3) "$$(SIM_LIBS) $(4)"
	@touch $$@
endef
TEST_SCRIPTS += tests/integration/test_rebuild.sh
$(eval $(call verilate,$(BUILD)/sim/plain/Vtb_top,--assert,sim/tb_main.cpp,$$(CHK_LIBS),sim/waves.h $$(LIBTARMACCHK)))
# (the checker builds of the core's configurations: sim/configs.mk)
$(eval $(call verilate,$(BUILD)/sim/plain-trace/Vtb_top,--assert --trace,sim/tb_main.cpp,$$(CHK_LIBS),sim/waves.h $$(LIBTARMACCHK)))
$(eval $(call verilate,$(BUILD)/sim/chk-trace/Vtb_top,--assert --trace --chk,sim/tb_main.cpp,$$(CHK_LIBS),sim/waves.h dpi/tarmac_chk_pkg.sv $$(LIBTARMACCHK)))
$(eval $(call verilate,$(BUILD)/sim-systemc/plain/Vtb_top,--assert --sc,sim/sc_main.cpp,$$(CHK_LIBS) -lsystemc,$$(LIBTARMACCHK)))
$(eval $(call verilate,$(BUILD)/sim-systemc/chk/Vtb_top,--assert --sc --chk,sim/sc_main.cpp,$$(CHK_LIBS) -lsystemc,dpi/tarmac_chk_pkg.sv $$(LIBTARMACCHK) model/sc/iss_golden.h))
# The configuration test (tests/integration/test_config.sh): the reference system built with other choices, as goldens
# made with armv6m-iss --config lr_reset=0x12345678,cpuid=0x410cc200,num_irq=8,mtb_base=0x40000000 declare them.
SIM_CHK_CFG := $(BUILD)/sim/chk-cfg/Vtb_top
SIM_CFG_PARAMS := -GLrReset=32\'h12345678 -GCpuId=32\'h410CC200 -GNumIrq=8 -GMtbBase=32\'h40000000 \
                  -GShcsrPresent=0 -GApsrReset=4\'hC
SIM_CFG_CONFIG := lr_reset=0x12345678,cpuid=0x410cc200,num_irq=8,mtb_base=0x40000000,shcsr=0,apsr_reset=0xc0000000

# TRACE=1: the builds with FST tracing (build/sim/*-trace), for `make sim`, `make regress` and `make rtl`; a run
# writes a waveform only when asked (+fst=<file>, sim/waves.h), so the normal builds stay as fast as they are.
HARNESS ?= cpp
TRACE ?= 0
ifeq ($(TRACE)$(HARNESS),1systemc)
  $(error TRACE=1: FST tracing is in the C++ harness only (HARNESS=cpp))
endif
SIM_DIR := $(if $(filter systemc,$(HARNESS)),$(BUILD)/sim-systemc,$(BUILD)/sim)
SIM_VARIANT := $(if $(filter 1,$(TRACE)),-trace)
SIM_PLAIN := $(SIM_DIR)/plain$(SIM_VARIANT)/Vtb_top
SIM_CHK := $(SIM_DIR)/chk$(SIM_VARIANT)/Vtb_top
SIM_SC_CHK := $(BUILD)/sim-systemc/chk/Vtb_top

.PHONY: rtl
rtl: $(SIM_PLAIN) $(SIM_CHK)
ALL_TARGETS += $(SIM_PLAIN) $(SIM_CHK)

# The regression, the demo and the nightly signoff are sets of one description, sim/nightly.toml, run by one
# runner, sim/nightly.py (sim/nightly/README.md): it builds what its tests run (make), runs them through a
# launcher (NIGHTLY_LAUNCHER: local, the default, slurm, sge; lsf untested), judges each by one pass rule and
# writes junit.xml, summary.txt and index.html into its output root (NIGHTLY_OUT, default
# $(BUILD)/nightly/<set>/<date-time>, $(BUILD)/nightly/<set>/latest the last). NIGHTLY_ARGS: more runner options (--rerun-failed --out DIR, --only ...).
# `make sim`: the corpus and the live-mode programs and a few async seeds on the reference core (wait states on);
# `make regress [SEEDS=N] [SYS_SEEDS=N] [ASYNC_SEEDS=N] [JOBS=2]`: the same with N random, system-level and async
# seeds, the async bursts, the tail-chaining build's programs and system-level seeds, the Cortex-M0 configuration's
# groups and the smallest configuration's corpus; then the architecture coverage of the model with the runner's
# functional coverage (tests/coverage/coverage.mk);
# `make nightly`: the whole signoff set with its negative control; `make regress-list`: one command per test.
SIM_WAITSTATES ?= 25
JOBS ?= 2
NIGHTLY := python3 sim/nightly.py
NIGHTLY_ARGS ?=
NIGHTLY_TOOLS := $(BIN)/tarmac-cov $(BIN)/tarmac-sym
.PHONY: sim-run regress regress-list nightly nightly-vars
sim-run: $(NIGHTLY_TOOLS)
	$(NIGHTLY) --set sim -j 2 --var WAITSTATES=$(SIM_WAITSTATES) $(NIGHTLY_ARGS)
REGRESS_VARS = --var SEEDS=$(SEEDS) --var SYS_SEEDS=1..$(SYS_SEEDS) --var ASYNC_SEEDS=1..$(ASYNC_SEEDS)
REGRESS_LIST = $(NIGHTLY) --set regress --list $(REGRESS_VARS) $(NIGHTLY_ARGS)
regress: $(NIGHTLY_TOOLS)
	@rc=0; $(NIGHTLY) --set regress -j $(JOBS) $(REGRESS_VARS) --var WAITSTATES=$(SIM_WAITSTATES) $(NIGHTLY_ARGS) \
	  || rc=$$?; $(MAKE) --no-print-directory arch-coverage || rc=$$?; exit $$rc
regress-list: $(NIGHTLY_TOOLS)
	@$(REGRESS_LIST)
nightly: $(NIGHTLY_TOOLS)
	$(NIGHTLY) --set nightly -j $(JOBS) $(NIGHTLY_ARGS)
# What the description reads from the Makefile (the runner asks for it): NAME=VALUE lines.
nightly-vars:
	@printf '%s\n' 'BUILD=$(BUILD)' 'SIM_CHK=$(SIM_CHK)' 'PROGRAMS=$(PROGRAMS)' 'LIVE_PROGRAMS=$(LIVE_PROGRAMS)' \
	  'TC_PROGRAMS=$(TC_PROGRAMS)' 'ASYNC_PLUSARGS=$(ASYNC_PLUSARGS)' 'ASYNC_TEST_SEEDS=$(ASYNC_TEST_SEEDS)' \
	  'ASYNC_BURST_PLUSARGS=$(ASYNC_BURST_PLUSARGS)' 'ASYNC_BURST_SEEDS=$(ASYNC_BURST_SEEDS)' \
	  'M0_ASYNC_SEEDS=$(M0_ASYNC_SEEDS)'
# The negative control's core (sim/nightly.toml): the reference core with one mutant of sim/mutants.tsv planted,
# built as make mutate builds its mutants (no assertions: the checker alone must catch it).
$(BUILD)/sim/mutant-%/Vtb_top: sim/mutants.tsv sim/plant_mutant.sh sim/replace_once.sh $(RTL_SRCS) sim/verilate.sh \
                               sim/tb_main.cpp sim/harness.cpp sim/harness.h sim/waves.h dpi/tarmac_chk_pkg.sv \
                               $(LIBARMV6M) $(LIBTARMAC) $(LIBTARMACCHK) | deps
	bash sim/plant_mutant.sh $* $(@D)/src
	BUILD=$(BUILD) SAN_FLAGS="$(SAN_FLAGS)" bash sim/verilate.sh --chk $(@D)/ sim/tb_main.cpp "$(SIM_LIBS) $(CHK_LIBS)" $(@D)/src
# The injected-bug cores of the integration tests (a planted bug from tests/integration/planted_bugs.tsv or
# sim/mutants.tsv, with the assertions on): make targets, each built once and before the tests that run it
# (TEST_USES_<test>, tests/tests.mk), in parallel with the other builds, and kept between runs.
PLANTED_BUGS := tests/integration/planted_bugs.tsv
$(BUILD)/sim/bug-%/Vtb_top: $(PLANTED_BUGS) sim/mutants.tsv sim/plant_mutant.sh sim/replace_once.sh $(RTL_SRCS) \
                            sim/verilate.sh sim/tb_main.cpp sim/harness.cpp sim/harness.h sim/waves.h \
                            dpi/tarmac_chk_pkg.sv $(LIBARMV6M) $(LIBTARMAC) $(LIBTARMACCHK) | deps
	bash sim/plant_mutant.sh --mutants $(PLANTED_BUGS) --mutants sim/mutants.tsv $* $(@D)/src
	BUILD=$(BUILD) SAN_FLAGS="$(SAN_FLAGS)" bash sim/verilate.sh --assert --chk $(@D)/ sim/tb_main.cpp \
	  "$(SIM_LIBS) $(CHK_LIBS)" $(@D)/src
	@touch $@
.PRECIOUS: $(BUILD)/sim/bug-%/Vtb_top $(BUILD)/sim/mutant-%/Vtb_top
# Coverage (dpi/README.md, "Coverage"): every test writes what its checker compared; the runner merges the
# passing tests' files into <output root>/coverage.tsv, coverage.txt (summary, holes) and coverage.html.
# In make test: two programs' coverage files from the core in lockstep, merged and reported
# (tests/integration/test_coverage.sh).
TEST_SCRIPTS += tests/integration/test_coverage.sh
TEST_PREREQS += $(BIN)/tarmac-cov

# In `make test`: the regression with wait states on, the core without the checker against the expected
# output with wait states off, and Verilator lint of the whole tree.
TEST_SCRIPTS += tests/integration/test_rtl.sh
TEST_PREREQS += $(BUILD)/sim/chk/Vtb_top $(BUILD)/sim/plain/Vtb_top $(SIM_SC_CHK) $(PROGRAM_ELFS)
# Exit statuses and max_errors in both harnesses (dpi/README.md, "What the simulator needs").
TEST_SCRIPTS += tests/integration/test_exit_status.sh

.PHONY: bench-rtl
BENCH_RTL_USES := $(SIM_PLAIN) $(SIM_CHK) $(BUILD)/programs/sort.elf
BENCH_PREREQS += $(BENCH_RTL_USES)
bench-rtl: $(BENCH_RTL_USES)
	bash sim/bench_rtl.sh $(SIM_PLAIN) $(SIM_CHK) $(BUILD)/programs/sort.elf golden/sort.tarmac.gz
BENCHES += bench-rtl

# tail-chaining and late arrival on the model and the core built with them, one-side-only failures
TEST_SCRIPTS += tests/integration/test_tail_chain.sh
TEST_PREREQS += $(BUILD)/sim/chk-tc/Vtb_top $(TC_PROGRAM_ELFS)
TEST_SCRIPTS += tests/integration/test_halt_on_mismatch.sh
TEST_USES_tests/integration/test_halt_on_mismatch.sh := $(BUILD)/sim/bug-adcs_no_carry_in/Vtb_top \
  $(BUILD)/sim/bug-rf_r5_bit0/Vtb_top $(BUILD)/programs/alu_add.elf
# Every golden field compared or an error (addresses, xPSR views, PC records, entries, fault status) through the core.
TEST_SCRIPTS += tests/integration/test_golden_fields.sh
TEST_PREREQS += $(SIM_CHK) $(BUILD)/programs/alu_add.elf
# The configuration check end to end: goldens made with --config against the reference system built the same
# way (passes) and the default one (fails at open, naming the key and both values).
TEST_SCRIPTS += tests/integration/test_config.sh
TEST_PREREQS += $(SIM_CHK_CFG) $(ISS)

# The second integration (tests/integration/test_foreign.sh): the reference core connected as a core not built for the
# checker would be (tb_top ForeignIntegration: no write ports, every transfer marked as data) and with another LR reset
# value, checked with the documented options only, on goldens made with the same lr_reset.
SIM_CHK_FOREIGN := $(BUILD)/sim/chk-foreign/Vtb_top
TEST_SCRIPTS += tests/integration/test_foreign.sh
TEST_PREREQS += $(SIM_CHK_FOREIGN) $(ISS) $(PROGRAM_ELFS)
TEST_PREREQS += $(LIBTARMACCHK)

# The AHB-Lite master assertions: each rule on scripted cycles (the testbench tests/rtl/tb_ahb_lite_master_checker.sv,
# with its own clock), and a broken master stopped by one (tests/integration/test_ahb_assert.sh).
AHB_CHK_TB := $(BUILD)/sim/ahb-master-checker/Vtb_ahb_lite_master_checker
AHB_CHK_TB_SRCS := rtl_tb/monitors/ahb_lite_master_checker.sv tests/rtl/tb_ahb_lite_master_checker.sv
$(AHB_CHK_TB): $(AHB_CHK_TB_SRCS) sim/verilate.sh | deps
	BUILD=$(BUILD) bash sim/verilate.sh --binary --assert $(@D) tb_ahb_lite_master_checker $(AHB_CHK_TB_SRCS)
	@touch $@
TEST_SCRIPTS += tests/integration/test_ahb_assert.sh
TEST_USES_tests/integration/test_ahb_assert.sh := $(AHB_CHK_TB) $(BUILD)/sim/bug-hwdata_every_cycle/Vtb_top \
  $(BUILD)/programs/sort.elf

# FST waveforms: the build with tracing writes a window of cycles (tests/integration/test_waves.sh), read back by
# fst_info (Verilator's FST reader; its sources warn, so they get their own flags).
FST_SRC := /usr/share/verilator/include/gtkwave
FST_OBJS := $(OBJ)/fst/fstapi.o $(OBJ)/fst/lz4.o $(OBJ)/fst/fastlz.o
$(OBJ)/fst/%.o: $(FST_SRC)/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) -O1 -w -DFST_CONFIG_INCLUDE='"fst_config.h"' -c $< -o $@
$(BUILD)/sim/fst_info: sim/fst_info.c $(FST_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I$(FST_SRC) -o $@ $^ -lz -pthread
TEST_PREREQS += $(BUILD)/sim/chk-trace/Vtb_top $(BUILD)/sim/fst_info
TEST_SCRIPTS += tests/integration/test_waves.sh

# Constrained-random programs (tests/random/gen_random.c), reproducible by seed: `make regress SEEDS=N` adds
# seeds 1..N; make test runs a few (RANDOM_TEST_SEEDS).
SEEDS ?= 0
RANDOM_TEST_SEEDS := 1 2 3
RANDOM_DIR := $(BUILD)/random
GEN_LIB := tests/random/gen_lib.c tests/random/gen_lib.h
$(RANDOM_DIR)/gen_random: tests/random/gen_random.c $(GEN_LIB) tests/random/gen_v7m.c tests/random/gen_v7m.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< tests/random/gen_lib.c tests/random/gen_v7m.c
$(RANDOM_DIR)/seed_%.S: $(RANDOM_DIR)/gen_random
	$< $* 400 > $@
$(RANDOM_DIR)/seed_%.elf: $(RANDOM_DIR)/seed_%.S $(PROG_LIB) | deps
	$(ARM_CC) $(ARM_CFLAGS) -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
	@: > $(RANDOM_DIR)/seed_$*.expect
$(RANDOM_DIR)/seed_%.tarmac.gz: $(RANDOM_DIR)/seed_%.elf $(ISS)
	$(ISS) --quiet --tarmac $@ $< > /dev/null
.PRECIOUS: $(RANDOM_DIR)/seed_%.S $(RANDOM_DIR)/seed_%.elf $(RANDOM_DIR)/seed_%.tarmac.gz
random-programs = $(foreach s,$(1),$(RANDOM_DIR)/seed_$(s).elf $(RANDOM_DIR)/seed_$(s).tarmac.gz)
TEST_PREREQS += $(call random-programs,$(RANDOM_TEST_SEEDS))
TEST_SCRIPTS += tests/integration/test_random.sh
# The stream steered at the encoding-field bins the others leave (gen_random --fields: r5-r7 in every register
# field, loads and stores at the ends of their offsets, SP-relative immediates at theirs; tests/coverage/README.md):
# field_<n>, in the mutation campaign's file runs (MUTATE_FIELD_SEEDS)
$(RANDOM_DIR)/field_%.S: $(RANDOM_DIR)/gen_random
	$< --fields $* 400 > $@
$(RANDOM_DIR)/field_%.elf: $(RANDOM_DIR)/field_%.S $(PROG_LIB) | deps
	$(ARM_CC) $(ARM_CFLAGS) -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
	@: > $(RANDOM_DIR)/field_$*.expect
$(RANDOM_DIR)/field_%.tarmac.gz: $(RANDOM_DIR)/field_%.elf $(ISS)
	$(ISS) --quiet --tarmac $@ $< > /dev/null
.PRECIOUS: $(RANDOM_DIR)/field_%.S $(RANDOM_DIR)/field_%.elf $(RANDOM_DIR)/field_%.tarmac.gz

# System-level constrained-random programs (tests/random/gen_sys.c): exceptions of every kind from every mode and
# stack, faults recovered by the HardFault handler or ending in a lockup, VTOR, MRS/MSR of every SYSm, system
# registers, the MTB anywhere in its SRAM. sys_<n>: the program (.S, .elf), its expected output (empty) and exit
# status (.exit, and .tc.exit for the core with tail-chaining and late arrival, from the generator's header),
# its goldens (.tarmac.gz, and .tc.tarmac.gz with TC_ISS_OPTS). `make regress` runs seeds 1..SYS_SEEDS in file
# mode and on build/sim/chk-tc (sim/nightly.toml's groups sys and sys-tail-chain); make test a few (SYS_TEST_SEEDS:
# 5 ends in a lockup by INVSTATE in HardFault, 6 in one on a vector read, a HardFault with late arrival).
SYS_SEEDS ?= 60
SYS_TEST_SEEDS := 2 5 6
$(RANDOM_DIR)/gen_sys: tests/random/gen_sys.c $(GEN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< tests/random/gen_lib.c
$(RANDOM_DIR)/sys_%.S: $(RANDOM_DIR)/gen_sys
	$< $* 300 > $@.tmp && mv $@.tmp $@
$(RANDOM_DIR)/sys_%.elf: $(RANDOM_DIR)/sys_%.S $(PROG_LIB) | deps
	$(ARM_CC) $(ARM_CFLAGS) -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
	@: > $(RANDOM_DIR)/sys_$*.expect
	@sed -n 's/^@ exit //p' $< > $(RANDOM_DIR)/sys_$*.exit
	@sed -n 's/^@ exit-tc //p' $< > $(RANDOM_DIR)/sys_$*.tc.exit
# the model must end the program as the generator says (exit 0, or 125 after a lockup)
$(RANDOM_DIR)/sys_%.tarmac.gz: $(RANDOM_DIR)/sys_%.elf $(ISS)
	@$(ISS) --quiet --max-insns 5000000 --tarmac $@.tmp.gz $< > /dev/null; rc=$$?; \
	  [ "$$rc" = "$$(cat $(RANDOM_DIR)/sys_$*.exit)" ] || { echo "sys_$*: the model exited $$rc, the program expects $$(cat $(RANDOM_DIR)/sys_$*.exit)" >&2; rm -f $@.tmp.gz; exit 1; }; \
	  mv $@.tmp.gz $@
$(RANDOM_DIR)/sys_%.tc.tarmac.gz: $(RANDOM_DIR)/sys_%.elf $(ISS)
	@$(ISS) --quiet --max-insns 5000000 $(TC_ISS_OPTS) --tarmac $@.tmp.gz $< > /dev/null; rc=$$?; \
	  [ "$$rc" = "$$(cat $(RANDOM_DIR)/sys_$*.tc.exit)" ] || { echo "sys_$* ($(TC_ISS_OPTS)): the model exited $$rc, the program expects $$(cat $(RANDOM_DIR)/sys_$*.tc.exit)" >&2; rm -f $@.tmp.gz; exit 1; }; \
	  mv $@.tmp.gz $@
.PRECIOUS: $(RANDOM_DIR)/sys_%.S $(RANDOM_DIR)/sys_%.elf $(RANDOM_DIR)/sys_%.tarmac.gz $(RANDOM_DIR)/sys_%.tc.tarmac.gz
sys-programs = $(foreach s,$(1),$(RANDOM_DIR)/sys_$(s).elf $(RANDOM_DIR)/sys_$(s).tarmac.gz $(RANDOM_DIR)/sys_$(s).tc.tarmac.gz)
SIM_CHK_TC := $(BUILD)/sim/chk-tc/Vtb_top
TEST_PREREQS += $(RANDOM_DIR)/gen_sys $(call sys-programs,$(SYS_TEST_SEEDS))

# the campaign's self-check column on a synthetic output and on real mutants (tests/integration/test_mutate.sh)
TEST_SCRIPTS += tests/integration/test_mutate.sh

# The semihosting component (rtl_tb/armv6m_semihost.sv) on each call and each way to exit: one firmware per
# exit (tests/semihost/semihost_calls.c), run on the model, on the core and in lockstep
# (tests/integration/test_semihost.sh).
SEMIHOST_EXITS := exit_ok exit_error ext_7 ext_reason ext_300
SH_DEFS_exit_ok    := -DEXIT_OP=0x18 -DEXIT_REASON=0x20026 -DEXIT_CODE=0
SH_DEFS_exit_error := -DEXIT_OP=0x18 -DEXIT_REASON=0x20023 -DEXIT_CODE=0
SH_DEFS_ext_7      := -DEXIT_OP=0x20 -DEXIT_REASON=0x20026 -DEXIT_CODE=7
SH_DEFS_ext_reason := -DEXIT_OP=0x20 -DEXIT_REASON=0x20023 -DEXIT_CODE=7
SH_DEFS_ext_300    := -DEXIT_OP=0x20 -DEXIT_REASON=0x20026 -DEXIT_CODE=300
$(BUILD)/semihost/%.elf: tests/semihost/semihost_calls.c $(PROG_LIB) tests/programs/lib/semihost.h \
                         tests/programs/lib/link.ld | deps
	@mkdir -p $(dir $@)
	$(ARM_CC) $(ARM_CFLAGS) $(SH_DEFS_$*) -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
TEST_SCRIPTS += tests/integration/test_semihost.sh
TEST_PREREQS += $(SEMIHOST_EXITS:%=$(BUILD)/semihost/%.elf)

# Live mode (dpi/README.md, "Live mode"): the checker runs the model on the program's ELF and the RTL decides when
# asynchronous exceptions are taken (external IRQ lines, NMI, SysTick counting clock cycles, the timer
# peripheral); the model checks each is legal. build/sim/chk-live: SysTick counting clock cycles and
# tail-chaining on, as model=systick:cycles;tail_chain:1 (tb_top declares its parameters to the checker).
SIM_CHK_LIVE := $(BUILD)/sim/chk-live/Vtb_top
LIVE_PARAMS := -GTailChain=1 -GSysTickCycles=1
ALL_TARGETS += $(SIM_CHK_LIVE)
# Constrained-random programs ready for asynchronous interrupts (gen_random --async): async_<n>, run with random
# IRQ0-31 and NMI pulses from the testbench (rtl_tb/irq_source.sv), each program with its own pulse seed
ASYNC_PLUSARGS := +irq_seed={n} +irq_rate=200 +nmi_rate=40 +irq_width=64
# bursts: dense short pulses on IRQ0-3 and NMI, so that a line rises again while its handler runs
ASYNC_BURST_PLUSARGS := +irq_seed={n} +irq_rate=3000 +irq_lines=f +irq_width=24 +nmi_rate=100
ASYNC_BURST_SEEDS ?= $(shell seq 1 8)
ASYNC_SEEDS ?= 20
# make test's seeds: 1 and 2, and those that found a disagreement of the monitor or the checker with the core
# (3: SysTick's cycles at a choice right after an entry; 38: a line that falls between a tail-chain's choice and
# its return; 64: SysTick's count reaching 0 between its choice and its entry; 92: NMI rising at an entry's edge)
ASYNC_TEST_SEEDS := 1 2 3 38 64 92
$(RANDOM_DIR)/async_%.S: $(RANDOM_DIR)/gen_random
	$< --async $* 400 > $@
$(RANDOM_DIR)/async_%.elf: $(RANDOM_DIR)/async_%.S $(PROG_LIB) | deps
	$(ARM_CC) $(ARM_CFLAGS) -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
	@: > $(RANDOM_DIR)/async_$*.expect
.PRECIOUS: $(RANDOM_DIR)/async_%.S $(RANDOM_DIR)/async_%.elf
async-elfs = $(foreach s,$(1),$(RANDOM_DIR)/async_$(s).elf)
# In make test: the interrupt programs on the core without the checker and in live mode, a few async seeds, and
# the replay of a live run's golden_out in file mode (tests/integration/test_live.sh)
TEST_SCRIPTS += tests/integration/test_live.sh
TEST_PREREQS += $(SIM_CHK_LIVE) $(BUILD)/sim/plain/Vtb_top $(LIVE_PROGRAM_ELFS) $(call async-elfs,$(ASYNC_TEST_SEEDS))
# Injected bugs only live mode sees (sim/live_bugs.tsv), each detected with a report naming the cause: one copy of
# the RTL with every bug behind +live_bug=<row>, built as chk-live is and as chk-vis-live is (VisPort).
LIVE_BUGS := $(BUILD)/sim/live-bugs
$(LIVE_BUGS)/src/planted: sim/live_bugs.tsv tests/integration/plant_live_bugs.sh sim/replace_once.sh $(RTL_SRCS)
	bash tests/integration/plant_live_bugs.sh $(@D)
	@touch $@
$(LIVE_BUGS)/obj/Vtb_top $(LIVE_BUGS)/obj-vis/Vtb_top: $(LIVE_BUGS)/%/Vtb_top: $(LIVE_BUGS)/src/planted sim/verilate.sh \
    sim/tb_main.cpp sim/harness.cpp sim/harness.h sim/waves.h dpi/tarmac_chk_pkg.sv $(LIBARMV6M) $(LIBTARMAC) \
    $(LIBTARMACCHK) | deps
	BUILD=$(BUILD) SAN_FLAGS="$(SAN_FLAGS)" bash sim/verilate.sh --chk $(LIVE_PARAMS) $(if $(filter obj-vis,$*),-GVisPort=1) \
	  $(@D)/ sim/tb_main.cpp "$(SIM_LIBS) $(CHK_LIBS)" $(LIVE_BUGS)/src
	@touch $@
TEST_SCRIPTS += tests/integration/test_live_bugs.sh
TEST_USES_tests/integration/test_live_bugs.sh := $(LIVE_BUGS)/obj/Vtb_top $(LIVE_BUGS)/obj-vis/Vtb_top
TEST_PREREQS += $(LIBTARMACCHK) $(PROGRAM_ELFS) $(LIVE_PROGRAM_ELFS) $(call async-elfs,1 5)

# `make mutate`: the mutation campaign over MUTANTS (sim/mutants.tsv and the second batch sim/mutants_sys.tsv).
# Each mutant is built with the AHB-Lite assertions and tried in each configuration of MUTATE_CONFIGS, in this
# order, until the first detection: every run of every configuration of the core (sim/configs.mk, CHK_CONFIGS),
# the default build's first (file: the system-level seeds, the corpus, the random seeds with golden files;
# snapshot: the same with register snapshots), then tail-chaining, live mode with random IRQ and NMI pulses,
# Cortex-M0 through its visibility port, the smallest system, the visibility port alone, the other choices and the
# foreign integration; MUTATE_JOBS mutants in parallel; the table and summary in $(BUILD)/mutate/summary.txt.
# After the random-program and live-mode rules, whose names its prerequisites expand.
MUTANTS ?= sim/mutants.tsv sim/mutants_sys.tsv
MUTATE_SEEDS ?= $(shell seq 1 16)
MUTATE_SYS_SEEDS ?= $(shell seq 1 24)
MUTATE_ASYNC_SEEDS ?= $(shell seq 1 8)
MUTATE_FIELD_SEEDS ?= $(shell seq 1 8)
MUTATE_JOBS ?= 2
.PHONY: mutate
mutate: $(PROGRAM_ELFS) $(TC_PROGRAM_ELFS) $(LIVE_PROGRAM_ELFS) $(call random-programs,$(MUTATE_SEEDS)) \
        $(call sys-programs,$(MUTATE_SYS_SEEDS)) $(call async-elfs,$(MUTATE_ASYNC_SEEDS) $(MUTATE_ASYNC_SEEDS:%=m0_%)) \
        $(LIBARMV6M) $(LIBTARMAC) $(LIBTARMACCHK) | deps
	bash sim/mutate.sh -j $(MUTATE_JOBS) --random $(RANDOM_DIR) $(foreach m,$(MUTANTS),--mutants $(m)) \
	  $(foreach c,$(MUTATE_CONFIGS),--config "$(MUTATE_CONFIG_$(c))") $(BUILD) $(BUILD)/programs golden \
	  $(abspath $(LIBARMV6M)) $(abspath $(LIBTARMAC)) -Wl,-rpath,$(abspath $(LIB)) $(abspath $(LIBTARMACCHK)) --

# The reference core configured as Arm's Cortex-M0 makes its choices (model/ARCHITECTURE.md, "Configuration", the
# model's preset=cortex-m0): CPUID 0x410CC200, r0-r12 reset to 0xFFFFFFFF and held UNKNOWN by the golden, no VTOR,
# SYST_CALIB 0xC0000000, the unstacking abandoned for an exception that arrives during it, tail-chaining and late
# arrival. M0_CONFIG overrides four of the preset's choices: NMI on its rising edge (the reference SCS's); software pends after the next DSB or ISB (the
# reference core has no sw_pend=next); the flags reset to N Z as the core's value, not UNKNOWN (the reference core
# has that value, so the checker compares it); and SHCSR
# present (timer_irq, a live program whose expected output is the architecture's, pends SVCall by SHCSR; SHCSR
# absent is tests/integration/test_config.sh's, on build/sim/chk-cfg). The checker sees the core only as it would see
# Arm's core: through its visibility port and its bus (tb_top VisPort, the visibility-port adapter).
# tests/integration/test_m0.sh runs the corpus on it in file mode (build/sim/chk-m0), against goldens made with
# M0_CONFIG in $(M0_DIR) (beside each, the model's console output and exit code on that configuration: what the program must give there), and the live
# programs and async seeds in live mode (build/sim/chk-m0-live: SysTick counts cycles, as Cortex-M0's does).
M0_PARAMS := -GCpuId=32\'h410CC200 -GRReset=32\'hFFFFFFFF -GRResetUnknown=1 -GApsrReset=4\'hC \
             -GVtorPresent=0 -GSystCalib=32\'hC0000000 -GPendBarrier=1 \
             -GAbandonUnstack=1 -GTailChain=1 -GLateArrival=1 -GVisPort=1
M0_CONFIG := preset=cortex-m0,sw_pend=barrier,apsr_reset=0xc0000000,shcsr=1,nmi=edge
SIM_CHK_M0 := $(BUILD)/sim/chk-m0/Vtb_top
SIM_CHK_M0_LIVE := $(BUILD)/sim/chk-m0-live/Vtb_top
M0_DIR := $(BUILD)/m0
M0_PROGRAMS := $(PROGRAMS) $(OPTION_ONLY_PROGRAMS)
# config-goldens DIR,CONFIG[,ELFDIR]: DIR/<name>.tarmac.gz, the golden of the program ELFDIR/<name>.elf (default: the
# corpus, $(BUILD)/programs) made with armv6m-iss --config CONFIG, and beside it the model's console output (.expect) and exit code (.exit) there: what the program must give
# on a core built that way. A program the model cannot follow there (its path depends on an UNKNOWN value: exit 123)
# or that locks up has no golden, unless a lockup is what it expects (a system-level program whose .exit beside its
# ELF says 125).
define config-goldens
$(1)/%.tarmac.gz: $(or $(3),$$(BUILD)/programs)/%.elf $$(ISS)
	@mkdir -p $$(dir $$@)
	@rc=0; $$(ISS) --quiet --config $(2) --tarmac $$@.tmp.gz $$< > $(1)/$$*.expect || rc=$$$$?; \
	  if [ $$$$rc -ge 123 ] && ! { [ $$$$rc = 125 ] && [ "$$$$(cat $$(basename $$<).exit 2>/dev/null)" = 125 ]; }; then echo "$(1): $$* stopped with exit $$$$rc" >&2; rm -f $$@.tmp.gz; exit 1; fi; \
	  echo $$$$rc > $(1)/$$*.exit; mv $$@.tmp.gz $$@
endef
# async programs for a core without VTOR: IRQ4-31's handler goes into the table at 0 (gen_random --table0)
$(RANDOM_DIR)/async_m0_%.S: $(RANDOM_DIR)/gen_random
	$< --async --table0 $* 400 > $@
.PRECIOUS: $(RANDOM_DIR)/async_m0_%.S
M0_ASYNC_SEEDS := 1 2 38
TEST_SCRIPTS += tests/integration/test_m0.sh
TEST_PREREQS += $(SIM_CHK_M0) $(SIM_CHK_M0_LIVE) $(M0_PROGRAMS:%=$(M0_DIR)/%.tarmac.gz) $(LIVE_PROGRAM_ELFS) \
                $(call async-elfs,$(M0_ASYNC_SEEDS:%=m0_%))

# Arm's own Cortex-M0 replayed from recordings of its ports (tests/rtl/cortex-m0-recordings/README.md): each
# recording drives the visibility-port adapter, the monitor and the checker as the live core would
# (rtl_tb/replay/replay_top.sv, built as build/sim/replay-m0 with tb_main.cpp); tests/integration/test_replay.sh runs
# the recordings in file mode against goldens of the recorded ELFs made with REPLAY_CONFIG in $(REPLAY_DIR), and in
# live mode, and plants faults. REPLAY_CONFIG: the real core's own choices (preset=cortex-m0, not the reference
# core's M0_CONFIG, whose overrides are for what the reference core cannot do), and what the recorded system has: no
# MTB, 16 interrupt lines.
REC_DIR := tests/rtl/cortex-m0-recordings
REPLAY_DIR := $(BUILD)/replay
REPLAY_CONFIG := preset=cortex-m0,mtb=0,num_irq=16
REPLAY_SRCS := $(strip $(file < rtl_tb/replay/sources.f))  # the replay top and what it drives
SIM_REPLAY := $(BUILD)/sim/replay-m0/Vtb_top
$(eval $(call verilate,$(SIM_REPLAY),--assert --chk --top replay_top $(REPLAY_SRCS:%=--src %),sim/tb_main.cpp,$$(CHK_LIBS),$(REPLAY_SRCS) rtl_tb/replay/sources.f dpi/tarmac_chk_pkg.sv $$(LIBTARMACCHK)))
# file mode: the programs whose run depends on no interrupt input (not the timer's, not random pulses)
REPLAY_FILE_PROGRAMS := $(filter-out $(LIVE_PROGRAMS) async_m0_%,$(basename $(notdir $(wildcard $(REC_DIR)/elf/*.elf))))
$(eval $(call config-goldens,$(REPLAY_DIR),$(REPLAY_CONFIG),$(REC_DIR)/elf))
TEST_SCRIPTS += tests/integration/test_replay.sh
TEST_PREREQS += $(SIM_REPLAY) $(REPLAY_FILE_PROGRAMS:%=$(REPLAY_DIR)/%.tarmac.gz)

# The smallest system the configuration allows, for make regress and the nightly (sim/nightly.toml, min-file): six
# external interrupts (IPR1 half implemented), no MTB (its SRAM and registers unmapped: a bus error), tail-chaining
# without late arrival. The corpus runs on it in file mode against goldens made with MIN_CONFIG in $(MIN_DIR).
MIN_PARAMS := -GNumIrq=6 -GMtbPresent=0 -GTailChain=1 -GLateArrival=0
MIN_CONFIG := num_irq=6,mtb=0,tail_chain=1,late_arrival=0
MIN_DIR := $(BUILD)/min
SIM_CHK_MIN := $(BUILD)/sim/chk-min/Vtb_top

# The nightly runner (tests/nightly/): its rules on crafted test directories; the small nightly
# (tests/nightly/small.toml) on the local launcher, on a one-node Slurm and on a one-node Grid Engine cell of its
# own (verdicts, counts, coverage equal; a failed test's step or task exits 1; a cancelled step reported and
# rerun); three seeds on the planted bug as one bucket in index.html, loaded by headless Chromium; make install and
# a testbench built against the installed copy.
NIGHTLY_MUTANT := $(BUILD)/sim/mutant-adcs_no_carry_in/Vtb_top
TEST_SCRIPTS += tests/nightly/test_rules.sh tests/nightly/test_nightly_slurm.sh tests/nightly/test_nightly_sge.sh \
                tests/nightly/test_nightly_html.sh tests/nightly/test_install.sh
TEST_PREREQS += $(NIGHTLY_TOOLS) $(NIGHTLY_MUTANT) $(SIM_CHK_LIVE) $(BUILD)/sim/chk/Vtb_top $(TM_TOOL_BINS) \
                $(ISS) $(LIBTARMAC_SO) $(LIBARMV6M)
# test_rules.py's buckets on a system-level program (functions of size 0) and on the corpus
TEST_PREREQS += $(call sys-programs,2) $(BUILD)/programs/hello.elf

# make bench: the launchers' scheduling time per test against the test time, local and Slurm (tests/bench/).
.PHONY: bench-nightly
BENCH_NIGHTLY_USES := $(NIGHTLY_TOOLS) $(BUILD)/sim/chk/Vtb_top $(PROGRAM_ELFS) $(call random-programs,1 2)
BENCH_PREREQS += $(BENCH_NIGHTLY_USES)
bench-nightly: $(BENCH_NIGHTLY_USES)
	bash tests/bench/bench_nightly.sh $(BUILD)/bench/nightly
BENCHES += bench-nightly

# Nothing lost, every argument checked (tests/integration/test_outputs.sh): outputs that are inputs refused, write
# errors with a message and a non-zero exit, numbers on the command lines validated, long paths; in the tools and simulators.
TEST_SCRIPTS += tests/integration/test_outputs.sh
TEST_PREREQS += $(ISS) $(BIN)/tarmac-cov $(BIN)/tarmac-diff $(BIN)/mtb-decode $(BUILD)/sim/chk/Vtb_top $(SIM_SC_CHK) \
  $(BUILD)/sim/chk-trace/Vtb_top $(SIM_CHK_LIVE) $(PROGRAM_ELFS)

# The Cortex-M0 integration (dpi/CHECKING_YOUR_CORE.md, "Cortex-M0 and Cortex-M0+"; tests/integration/test_vis.sh):
# tb_top VisPort, the checker sees the core only through its Cortex-M0 visibility port and its bus (the visibility-port
# adapter), semihosting served on the fetch; build/sim/chk-vis runs the corpus in file mode, build/sim/chk-vis-live
# (as chk-live: SysTick counting cycles, tail-chaining) the interrupt programs and async seeds in live mode.
SIM_CHK_VIS := $(BUILD)/sim/chk-vis/Vtb_top
SIM_CHK_VIS_LIVE := $(BUILD)/sim/chk-vis-live/Vtb_top
TEST_SCRIPTS += tests/integration/test_vis.sh
TEST_PREREQS += $(SIM_CHK_VIS) $(SIM_CHK_VIS_LIVE) $(PROGRAM_ELFS) $(LIVE_PROGRAM_ELFS) $(call async-elfs,$(ASYNC_TEST_SEEDS))

# the core's configurations: their checker builds and the campaign's runs on them
include sim/configs.mk
# Lockup through the visibility port (tests/integration/test_vis_lockup.sh): system-level programs that end in a
# lockup of each kind (Cortex-M0's: 15 a PUSH below the SRAM in Thread mode, 56 a UDF in a handler, 14 an SVC whose
# stacking on the process stack faults, 1 a BX to a 32-bit instruction past the SRAM; the default's: 15, 5), in file
# and live mode (Cortex-M0's live build: 1, whose path does not depend on SysTick counting cycles)
VIS_LOCKUP_M0_SEEDS := 1 14 15 56
VIS_LOCKUP_M0_LIVE_SEEDS := 1
VIS_LOCKUP_SEEDS := 5 15
TEST_SCRIPTS += tests/integration/test_vis_lockup.sh
TEST_PREREQS += $(SIM_CHK_M0) $(SIM_CHK_M0_LIVE) $(SIM_CHK_VIS) $(SIM_CHK_VIS_LIVE) \
  $(foreach s,$(VIS_LOCKUP_M0_SEEDS),$(RANDOM_DIR)/sys_m0_$(s).elf $(M0_DIR)/sys_m0_$(s).tarmac.gz) \
  $(foreach s,$(VIS_LOCKUP_SEEDS),$(RANDOM_DIR)/sys_$(s).elf $(RANDOM_DIR)/sys_$(s).tarmac.gz)

# Verilator builds of rtl_tb/tb_top, each in its own directory: {C++ main, SystemC sc_main} x {plain, with the
# lockstep checker (TARMAC_CHK)}. HARNESS=systemc makes `make sim` / `make regress` use the SystemC ones.
# rtl_tb/sources.f: the design and testbench sources in compile order (the scripts in sim/ read it too)
RTL_SRCS := $(strip $(file < rtl_tb/sources.f))
VERILATOR_FLAGS := --exe --build -j 2 -O3 --x-assign fast --x-initial fast --top-module tb_top \
                   -Wno-fatal -CFLAGS "-O2 -I$(abspath model) -I$(abspath dpi/include) -I$(abspath sim)"
SIM_LIBS = $(abspath $(LIBARMV6M)) $(abspath $(LIBTARMAC))
# SAN=1: the simulators link the sanitized libraries, so they are built with the sanitizers too
VL_SAN := $(if $(SAN_FLAGS),-CFLAGS "$(SAN_FLAGS)" -LDFLAGS "$(SAN_FLAGS)")
CHK_LIBS = -Wl,-rpath,$(abspath $(LIB)) $(abspath $(LIBTARMACCHK))

# $(1) output binary, $(2) --cc or --sc, $(3) main source, $(4) extra Verilator arguments, $(5) extra libraries,
# $(6) extra prerequisites
define verilate
$(1): $$(RTL_SRCS) $(3) sim/harness.cpp sim/harness.h $$(LIBARMV6M) $$(LIBTARMAC) $(6) | deps
	@mkdir -p $$(dir $$@)
	verilator $(2) $$(VERILATOR_FLAGS) $$(VL_SAN) -Mdir $$(dir $$@) $(4) $$(RTL_SRCS) $$(abspath $(3)) $$(abspath sim/harness.cpp) \
	  -LDFLAGS "$$(SIM_LIBS) $(5) -lz -pthread" > $$(dir $$@)build.log 2>&1 || { tail -30 $$(dir $$@)build.log; exit 1; }
endef
$(eval $(call verilate,$(BUILD)/sim/plain/Vtb_top,--cc,sim/tb_main.cpp,,,))
$(eval $(call verilate,$(BUILD)/sim/chk/Vtb_top,--cc,sim/tb_main.cpp,+define+TARMAC_CHK dpi/tarmac_chk_pkg.sv,$$(CHK_LIBS),dpi/tarmac_chk_pkg.sv $$(LIBTARMACCHK)))
# The configuration test (sim/test_config.sh): the reference system built with other choices, as goldens made with
# armv6m-iss --config lr_reset=0x12345678,cpuid=0x410cc200,num_irq=8,mtb_base=0x40000000 declare them.
SIM_CHK_CFG := $(BUILD)/sim/chk-cfg/Vtb_top
SIM_CFG_PARAMS := -GLrReset=32\'h12345678 -GCpuId=32\'h410CC200 -GNumIrq=8 -GMtbBase=32\'h40000000
$(eval $(call verilate,$(SIM_CHK_CFG),--cc,sim/tb_main.cpp,+define+TARMAC_CHK dpi/tarmac_chk_pkg.sv $(SIM_CFG_PARAMS),$$(CHK_LIBS),dpi/tarmac_chk_pkg.sv $$(LIBTARMACCHK)))
$(eval $(call verilate,$(BUILD)/sim-systemc/plain/Vtb_top,--sc,sim/sc_main.cpp,,-lsystemc,))
$(eval $(call verilate,$(BUILD)/sim-systemc/chk/Vtb_top,--sc,sim/sc_main.cpp,+define+TARMAC_CHK dpi/tarmac_chk_pkg.sv,$$(CHK_LIBS) -lsystemc,dpi/tarmac_chk_pkg.sv $$(LIBTARMACCHK) model/sc/iss_golden.h))

HARNESS ?= cpp
SIM_DIR := $(if $(filter systemc,$(HARNESS)),$(BUILD)/sim-systemc,$(BUILD)/sim)
SIM_PLAIN := $(SIM_DIR)/plain/Vtb_top
SIM_CHK := $(SIM_DIR)/chk/Vtb_top
SIM_SC_CHK := $(BUILD)/sim-systemc/chk/Vtb_top

.PHONY: rtl
rtl: $(SIM_PLAIN) $(SIM_CHK)
ALL_TARGETS += $(SIM_PLAIN) $(SIM_CHK)

# `make sim`: the demo regression, every program in lockstep on the reference core (wait states on).
SIM_WAITSTATES ?= 25
.PHONY: sim-run
sim-run: $(SIM_CHK) $(PROGRAM_ELFS) $(GOLDENS)
	bash sim/regress.sh -j 2 $(SIM_CHK) $(BUILD)/programs golden $(BUILD)/regress/sim $(SIM_WAITSTATES) $(PROGRAMS)

# `make regress`: the same in parallel (JOBS), results in build/regress/ (summary.txt, junit.xml, per-test log,
# report and rerun command); `make regress-list` prints one command per test for a farm.
JOBS ?= 2
.PHONY: regress regress-list
regress: $(SIM_CHK) $(PROGRAM_ELFS) $(GOLDENS)
	bash sim/regress.sh -j $(JOBS) $(SIM_CHK) $(BUILD)/programs golden $(BUILD)/regress $(SIM_WAITSTATES) $(PROGRAMS)
regress-list: $(SIM_CHK) $(PROGRAM_ELFS) $(GOLDENS)
	@bash sim/regress.sh --list $(SIM_CHK) $(BUILD)/programs golden $(BUILD)/regress $(SIM_WAITSTATES) $(PROGRAMS)

# In `make test`: the regression with wait states on, the core without the checker against the expected
# output with wait states off, and Verilator lint of the whole tree.
TEST_SCRIPTS += sim/test_rtl.sh
TEST_PREREQS += $(BUILD)/sim/chk/Vtb_top $(BUILD)/sim/plain/Vtb_top $(SIM_SC_CHK) $(PROGRAM_ELFS)
# Exit statuses and max_errors in both harnesses (dpi/README.md, "What the simulator needs").
TEST_SCRIPTS += sim/test_exit_status.sh

.PHONY: bench-rtl
bench-rtl: $(SIM_PLAIN) $(SIM_CHK) $(BUILD)/programs/sort.elf
	bash sim/bench_rtl.sh $(SIM_PLAIN) $(SIM_CHK) $(BUILD)/programs/sort.elf golden/sort.tarmac.gz
BENCHES += bench-rtl

TEST_SCRIPTS += sim/test_halt_on_mismatch.sh
# The configuration check end to end: goldens made with --config against the reference system built the same
# way (passes) and the default one (fails at open, naming the key and both values).
TEST_SCRIPTS += sim/test_config.sh
TEST_PREREQS += $(SIM_CHK_CFG) $(ISS)
TEST_PREREQS += $(LIBTARMACCHK)

# Constrained-random programs (tests/random/gen_random.c), reproducible by seed: `make regress SEEDS=N` adds
# seeds 1..N; make test runs a few (RANDOM_TEST_SEEDS).
SEEDS ?= 0
RANDOM_TEST_SEEDS := 1 2 3
RANDOM_DIR := $(BUILD)/random
$(RANDOM_DIR)/gen_random: tests/random/gen_random.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $<
$(RANDOM_DIR)/seed_%.S: $(RANDOM_DIR)/gen_random
	$< $* 400 > $@
$(RANDOM_DIR)/seed_%.elf: $(RANDOM_DIR)/seed_%.S $(PROG_LIB) | deps
	$(ARM_CC) $(ARM_CFLAGS) -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
	@: > $(RANDOM_DIR)/seed_$*.expect
$(RANDOM_DIR)/seed_%.tarmac.gz: $(RANDOM_DIR)/seed_%.elf $(ISS)
	$(ISS) --quiet --tarmac $@ $< > /dev/null
.PRECIOUS: $(RANDOM_DIR)/seed_%.S $(RANDOM_DIR)/seed_%.elf $(RANDOM_DIR)/seed_%.tarmac.gz
random-programs = $(foreach s,$(1),$(RANDOM_DIR)/seed_$(s).elf $(RANDOM_DIR)/seed_$(s).tarmac.gz)
regress: regress-random
.PHONY: regress-random
regress-random: $(SIM_CHK) $(call random-programs,$(if $(filter-out 0,$(SEEDS)),$(shell seq 1 $(SEEDS))))
	@if [ "$(SEEDS)" != 0 ]; then bash sim/regress.sh -j $(JOBS) $(SIM_CHK) $(RANDOM_DIR) $(RANDOM_DIR) \
	  $(BUILD)/regress/random $(SIM_WAITSTATES) $(foreach s,$(shell seq 1 $(SEEDS)),seed_$(s)); fi
TEST_PREREQS += $(call random-programs,$(RANDOM_TEST_SEEDS))
TEST_SCRIPTS += sim/test_random.sh

# `make mutate`: the mutation campaign over sim/mutants.tsv: each mutant runs the whole program corpus, then the
# random seeds MUTATE_SEEDS, until the first detection; MUTATE_JOBS mutants in parallel; the table and summary
# in $(BUILD)/mutate/summary.txt. After the random-program rules, whose names its prerequisites expand.
MUTATE_SEEDS ?= $(shell seq 1 16)
MUTATE_JOBS ?= 2
.PHONY: mutate
mutate: $(PROGRAM_ELFS) $(call random-programs,$(MUTATE_SEEDS)) $(LIBARMV6M) $(LIBTARMAC) $(LIBTARMACCHK) \
        $(BUILD)/sim/chk/Vtb_top | deps
	bash sim/mutate.sh -j $(MUTATE_JOBS) --random $(RANDOM_DIR) $(BUILD) $(BUILD)/programs golden \
	  $(abspath $(LIBARMV6M)) $(abspath $(LIBTARMAC)) -Wl,-rpath,$(abspath $(LIB)) $(abspath $(LIBTARMACCHK)) -- \
	  $(PROGRAMS) $(MUTATE_SEEDS:%=seed_%)
# the campaign's self-check column on a synthetic output and on two real mutants (sim/test_mutate.sh)
TEST_SCRIPTS += sim/test_mutate.sh

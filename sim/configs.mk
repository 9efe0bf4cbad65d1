# The reference core's configurations, one list: each NAME of CHK_CONFIGS is a checker build,
# $(BUILD)/sim/chk-NAME/Vtb_top ("default": $(BUILD)/sim/chk/Vtb_top), and the mutation campaign's runs on it
# (make mutate). A configuration added here is built, and tried by every mutant, with no other change.
#   CHK_PARAMS_NAME  its Verilator -G parameters (the core's implementation choices, tb_top's parameters)
#   CHK_MODEL_NAME   the model's --config for its goldens, written with the model's console output and exit code
#                    beside each by config-goldens into $(BUILD)/cfg/NAME; empty: the default goldens
#   CHK_SYS_NAME     gen_sys's options for the system-level random programs of that system, sys_NAME_<n> (their
#                    goldens CHK_MODEL_NAME's, or the default ones beside them); none: sys_<n>, the default's
#   CHK_DIR_NAME     where those goldens go (default $(BUILD)/cfg/NAME)
#   CHK_RUNS_NAME    the campaign's runs on it, tried in that order; a run R is MUTATE_GOLDENS_R, its goldens (file:
#                    the default goldens; tc: the .tc goldens of TC_ISS_OPTS; live: the checker runs the model on
#                    the ELF; cfg: CHK_MODEL_NAME's), MUTATE_ARGS_R, its plusargs, and MUTATE_TESTS_R, its tests.
# After sim/sim.mk's definitions (the programs, the parameters and config-goldens it names).
CHK_CONFIGS := default tc live m0 m0-live min vis vis-live cfg foreign

MUTATE_FILE_TESTS = $(MUTATE_SYS_SEEDS:%=sys_%) $(PROGRAMS) $(MUTATE_SEEDS:%=seed_%) $(MUTATE_FIELD_SEEDS:%=field_%)
# the system-level programs of configuration $(1): its own when it has its own generator options
mutate-sys = $(MUTATE_SYS_SEEDS:%=sys_$(if $(CHK_SYS_$(1)),$(1)_)%)

CHK_PARAMS_default :=
CHK_RUNS_default := file snapshot
MUTATE_GOLDENS_file := file
MUTATE_TESTS_file = $(MUTATE_FILE_TESTS)
MUTATE_ARGS_snapshot := +tarmac_regs=snapshot
MUTATE_GOLDENS_snapshot := file
MUTATE_TESTS_snapshot = $(MUTATE_FILE_TESTS)
CHK_PARAMS_tc := -GTailChain=1 -GLateArrival=1
CHK_RUNS_tc := tc
MUTATE_GOLDENS_tc := tc
MUTATE_TESTS_tc = $(TC_PROGRAMS) $(call mutate-sys,tc)
CHK_PARAMS_live := $(LIVE_PARAMS)
CHK_RUNS_live := live async burst
MUTATE_GOLDENS_live := live
MUTATE_TESTS_live = $(LIVE_PROGRAMS)
MUTATE_ARGS_async := $(ASYNC_PLUSARGS)
MUTATE_GOLDENS_async := live
MUTATE_TESTS_async = $(MUTATE_ASYNC_SEEDS:%=async_%)
MUTATE_ARGS_burst := $(ASYNC_BURST_PLUSARGS)
MUTATE_GOLDENS_burst := live
MUTATE_TESTS_burst = $(MUTATE_ASYNC_SEEDS:%=async_%)
# Cortex-M0 seen through its visibility port: the corpus and its own system-level programs (no VTOR, registers
# UNKNOWN at reset, no lockup ending: see vis), the interrupt programs and random pulses in live mode (IRQ4-31's
# handler in the table at 0)
CHK_PARAMS_m0 := $(M0_PARAMS)
CHK_MODEL_m0 := $(M0_CONFIG)
CHK_SYS_m0 := --no-vtor --reset-unknown
CHK_DIR_m0 := $(M0_DIR)
CHK_RUNS_m0 := m0
MUTATE_GOLDENS_m0 := cfg
MUTATE_TESTS_m0 = $(M0_PROGRAMS) $(call mutate-sys,m0)
CHK_PARAMS_m0-live := $(M0_PARAMS) -GSysTickCycles=1
CHK_RUNS_m0-live := m0-live m0-async
MUTATE_GOLDENS_m0-live := live
MUTATE_TESTS_m0-live = $(LIVE_PROGRAMS)
MUTATE_ARGS_m0-async := $(ASYNC_PLUSARGS)
MUTATE_GOLDENS_m0-async := live
MUTATE_TESTS_m0-async = $(MUTATE_ASYNC_SEEDS:%=async_m0_%)
# the smallest system: 6 IRQs, no MTB, tail-chaining without late arrival
CHK_PARAMS_min := $(MIN_PARAMS)
CHK_MODEL_min := $(MIN_CONFIG)
CHK_SYS_min := --no-mtb --irqs 6
CHK_DIR_min := $(MIN_DIR)
CHK_RUNS_min := min
MUTATE_GOLDENS_min := cfg
MUTATE_TESTS_min = $(PROGRAMS) $(call mutate-sys,min)
# the default core seen only through its visibility port and bus, on the default's system-level programs (lockup
# endings included: the adapter reports the instruction the core locked up on, rtl_tb/monitors/armv6m_vis_adapter.sv)
CHK_PARAMS_vis := -GVisPort=1
CHK_SYS_vis :=
CHK_RUNS_vis := vis
MUTATE_GOLDENS_vis := file
MUTATE_TESTS_vis = $(PROGRAMS) $(call mutate-sys,vis)
CHK_PARAMS_vis-live := -GVisPort=1 $(LIVE_PARAMS)
CHK_RUNS_vis-live := vis-live vis-async
MUTATE_GOLDENS_vis-live := live
MUTATE_TESTS_vis-live = $(LIVE_PROGRAMS)
MUTATE_ARGS_vis-async := $(ASYNC_PLUSARGS)
MUTATE_GOLDENS_vis-async := live
MUTATE_TESTS_vis-async = $(MUTATE_ASYNC_SEEDS:%=async_%)
# tests/integration/test_config.sh's other choices, and test_foreign.sh's integration (no write ports, LR reset 0)
CHK_PARAMS_cfg := $(SIM_CFG_PARAMS)
CHK_MODEL_cfg := $(SIM_CFG_CONFIG)
CHK_SYS_cfg := --no-mtb --irqs 8
CHK_RUNS_cfg := cfg
MUTATE_GOLDENS_cfg := cfg
MUTATE_TESTS_cfg = $(PROGRAMS) $(call mutate-sys,cfg)
CHK_PARAMS_foreign := -GForeignIntegration=1 -GLrReset=0
CHK_MODEL_foreign := lr_reset=0
CHK_SYS_foreign :=
CHK_RUNS_foreign := foreign
MUTATE_GOLDENS_foreign := cfg
MUTATE_TESTS_foreign = $(PROGRAMS) $(call mutate-sys,foreign)

chk-sim = $(BUILD)/sim/chk$(if $(filter default,$(1)),,-$(1))/Vtb_top
chk-dir = $(or $(CHK_DIR_$(1)),$(BUILD)/cfg/$(1))
$(foreach c,$(CHK_CONFIGS),$(eval $(call verilate,$(call chk-sim,$(c)),--assert --chk $(CHK_PARAMS_$(c)),sim/tb_main.cpp,$$(CHK_LIBS),sim/waves.h dpi/tarmac_chk_pkg.sv $$(LIBTARMACCHK))))

# A configuration's own system-level programs, and the goldens of one with its own model configuration (the
# corpus's and those programs').
define chk-sys-programs
$(RANDOM_DIR)/sys_$(1)_%.S: $(RANDOM_DIR)/gen_sys
	$$< $(CHK_SYS_$(1)) $$* 300 > $$@.tmp && mv $$@.tmp $$@
.PRECIOUS: $(RANDOM_DIR)/sys_$(1)_%.S
endef
define chk-config-goldens
$(call config-goldens,$(call chk-dir,$(1)),$(CHK_MODEL_$(1)))
$(call config-goldens,$(call chk-dir,$(1)),$(CHK_MODEL_$(1)),$(RANDOM_DIR))
endef
$(foreach c,$(CHK_CONFIGS),$(if $(CHK_SYS_$(c)),$(eval $(call chk-sys-programs,$(c)))))
$(foreach c,$(CHK_CONFIGS),$(if $(CHK_MODEL_$(c)),$(eval $(call chk-config-goldens,$(c)))))

# The campaign's configurations (sim/mutate.sh --config): RUN|-G params|plusargs|goldens|reference|tests, one per
# run of every configuration, in CHK_CONFIGS's order. make's \' in the parameters is a ' in the specification.
mutate-goldens = $(if $(filter cfg,$(1)),dir:$(call chk-dir,$(2)),$(1))
mutate-config = $(subst \',',$(1)|$(strip $(CHK_PARAMS_$(2)))|$(strip $(MUTATE_ARGS_$(1)))|$(call mutate-goldens,$(MUTATE_GOLDENS_$(1)),$(2))|$(call chk-sim,$(2))|$(strip $(MUTATE_TESTS_$(1))))
MUTATE_CONFIGS ?= $(foreach c,$(CHK_CONFIGS),$(CHK_RUNS_$(c)))
$(foreach c,$(CHK_CONFIGS),$(foreach r,$(CHK_RUNS_$(c)),$(eval MUTATE_CONFIG_$(r) = $$(call mutate-config,$(r),$(c)))))
# What a run reads: each test's ELF (the corpus's or a generated one) and its golden by the run's kind; a
# configuration's reference simulator. mutate-files RUN,CONFIG,TESTS.
mutate-elf = $(if $(filter $(PROGRAMS) $(TC_PROGRAMS) $(LIVE_PROGRAMS) $(OPTION_ONLY_PROGRAMS),$(1)),$(BUILD)/programs/$(1).elf,$(RANDOM_DIR)/$(1).elf)
mutate-golden = $(if $(filter file tc,$(2)),$(if $(filter $(PROGRAMS) $(TC_PROGRAMS),$(1)),golden,$(RANDOM_DIR))/$(1)$(if $(filter tc,$(2)),.tc).tarmac.gz,$(if $(filter cfg,$(2)),$(call chk-dir,$(3))/$(1).tarmac.gz))
mutate-files = $(call chk-sim,$(2)) $(foreach t,$(3),$(call mutate-elf,$(t)) $(call mutate-golden,$(t),$(MUTATE_GOLDENS_$(1)),$(2)))
# every run's tests, or its first $(1)
mutate-uses = $(foreach c,$(CHK_CONFIGS),$(foreach r,$(CHK_RUNS_$(c)),$(call mutate-files,$(r),$(c),$(if $(1),$(wordlist 1,$(1),$(MUTATE_TESTS_$(r))),$(MUTATE_TESTS_$(r))))))
mutate: $(call mutate-uses)
# one line per configuration of the campaign (tests/mutate/test_mutate_configs.sh compares them with the builds)
.PHONY: mutate-configs
mutate-configs:
	@$(foreach c,$(MUTATE_CONFIGS),printf '%s\n' "$(MUTATE_CONFIG_$(c))";)

# In make test: the campaign's list against the checker builds make knows, a configuration added by its variables
# alone, the unmutated reference on every test of every configuration and a visibility-port mutant that only the
# builds through that port can see (tests/mutate/test_mutate_configs.sh)
TEST_SCRIPTS += tests/mutate/test_mutate_configs.sh
TEST_PREREQS += $(call mutate-uses)

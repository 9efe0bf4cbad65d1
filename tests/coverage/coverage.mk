# Architecture coverage (tests/coverage/README.md): branch coverage (gcc --coverage, gcov) of the model's
# execution, exception, SCS, MTB and memory-map code while the regression's programs run on the model, alone
# (armv6m-iss, file mode's goldens) and inside the checker (live mode), merged with the checker's functional
# coverage into one report of what no test reaches: architecture.txt in make regress's output root (REGRESS_ROOT).
# Every branch no test reaches is in tests/coverage/unreached.txt with its reason; one that is not fails the report.
# The coverage build is the same sources, -O0 --coverage, under $(BUILD)/cov (its own objects and .gcda files).
COV_BUILD := $(BUILD)/cov
COV_ISS := $(COV_BUILD)/bin/armv6m-iss
COV_CHKLIB := $(COV_BUILD)/lib/libtarmacchk.so
.PHONY: cov-tools arch-coverage
cov-tools: | deps
	@$(MAKE) --no-print-directory BUILD=$(COV_BUILD) OPT="-O0 -g --coverage" LDFLAGS="--coverage $(SAN_FLAGS)" $(COV_ISS) $(COV_CHKLIB)

# The programs of make regress (the corpus, TC_PROGRAMS with TC_ISS_OPTS, the random, system-level and async
# seeds, the live programs in live mode), then the report; after `make regress` for its functional coverage.
ARCH_COV_ASYNC_SEEDS ?= $(shell seq 1 $(ASYNC_SEEDS))
REGRESS_ROOT = $(or $(NIGHTLY_OUT),$(BUILD)/nightly/regress/latest)
arch-coverage: cov-tools $(PROGRAM_ELFS) $(TC_PROGRAM_ELFS) $(LIVE_PROGRAM_ELFS) $(SIM_CHK_LIVE) \
               $(call random-programs,$(if $(filter-out 0,$(SEEDS)),$(shell seq 1 $(SEEDS)))) \
               $(call sys-programs,$(shell seq 1 $(SYS_SEEDS))) $(call async-elfs,$(ARCH_COV_ASYNC_SEEDS))
	python3 tests/coverage/arch_coverage.py --build $(BUILD) --iss $(COV_ISS) --chklib $(COV_CHKLIB) \
	  --live-sim $(SIM_CHK_LIVE) --tc-opts "$(TC_ISS_OPTS)" --live-plusargs "$(ASYNC_PLUSARGS)" \
	  --functional $(REGRESS_ROOT)/coverage.txt --holes tests/coverage/unreached.txt \
	  --out $(REGRESS_ROOT)/architecture.txt \
	  --programs "$(PROGRAMS:%=$(BUILD)/programs/%.elf)" --tc-programs "$(TC_PROGRAMS:%=$(BUILD)/programs/%.elf)" \
	  --random "$(if $(filter-out 0,$(SEEDS)),$(foreach s,$(shell seq 1 $(SEEDS)),$(RANDOM_DIR)/seed_$(s).elf))" \
	  --sys "$(foreach s,$(shell seq 1 $(SYS_SEEDS)),$(RANDOM_DIR)/sys_$(s).elf)" \
	  --live "$(LIVE_PROGRAMS:%=$(BUILD)/programs/%.elf)" \
	  --async "$(foreach s,$(ARCH_COV_ASYNC_SEEDS),$(RANDOM_DIR)/async_$(s).elf)"
# In make test: the report's rules on one program (tests/coverage/test_arch_coverage.sh)
TEST_SCRIPTS += tests/coverage/test_arch_coverage.sh
TEST_PREREQS += cov-tools $(BUILD)/programs/hello.elf

# Architecture coverage (tests/coverage/README.md): branch coverage (gcc --coverage, gcov) of the model's
# execution, exception, SCS, MTB and memory-map code while the regression's programs run on the model, alone
# (armv6m-iss, file mode's goldens) and inside the checker (live mode), merged with the checker's functional
# coverage into one report of what no test reaches: architecture.txt in make regress's output root (REGRESS_ROOT).
# Every branch no test reaches is in tests/coverage/unreached.txt with its reason; one that is not fails the report.
# The coverage build is the same sources, -O0 --coverage, under $(BUILD)/cov (its own objects and .gcda files).
COV_BUILD := $(BUILD)/cov
COV_ISS := $(COV_BUILD)/bin/armv6m-iss
COV_CHKLIB := $(COV_BUILD)/lib/libtarmacchk.so
# Field, memory-map and interrupt-line bins (tests/coverage/arch_bins.c): generated from the encoding table and the
# model's memory map, counted over the goldens the report makes again; in architecture.txt, each bin not reached
# with its reason from tests/coverage/bins_unreached.txt.
ARCH_BINS := $(BIN)/arch-bins
$(ARCH_BINS): tests/coverage/arch_bins.c $(LIBARMV6M) $(LIBTARMAC)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Imodel $(CFLAGS) -o $@ $< $(LIBARMV6M) $(LIBTARMAC) -lz -pthread
ALL_TARGETS += $(ARCH_BINS)
.PHONY: cov-tools arch-coverage
cov-tools: | deps
	@$(MAKE) --no-print-directory BUILD=$(COV_BUILD) OPT="-O0 -g --coverage" LDFLAGS="--coverage $(SAN_FLAGS)" $(COV_ISS) $(COV_CHKLIB)

# Every test of make regress (its commands, as make regress-list prints them) drives the model again on the
# coverage build, in the configuration it ran: then the report. After `make regress`: it built what the tests read,
# and its functional coverage is merged in.
REGRESS_ROOT = $(or $(NIGHTLY_OUT),$(BUILD)/nightly/regress/latest)
# The ARMv7-M corpus and the test seeds of its random streams drive the ARMv7-M branches (tests/programs/v7m/v7m.mk).
V7M_COVERAGE = $(foreach i,$(V7M_ORACLE) $(call v7m-random,$(V7M_TEST_SEEDS)),$(BUILD)/$(word 1,$(subst @, ,$(i))).elf@$(word 3,$(subst @, ,$(i))))
arch-coverage: cov-tools $(NIGHTLY_TOOLS) $(V7M_ELFS) $(call v7m-random-elfs,$(V7M_TEST_SEEDS)) $(ARCH_BINS)
	@mkdir -p $(REGRESS_ROOT)
	$(REGRESS_LIST) > $(REGRESS_ROOT)/tests.txt.tmp
	@mv $(REGRESS_ROOT)/tests.txt.tmp $(REGRESS_ROOT)/tests.txt
	python3 tests/coverage/arch_coverage.py --build $(BUILD) --iss $(COV_ISS) --chklib $(COV_CHKLIB) \
	  --tests $(REGRESS_ROOT)/tests.txt --functional $(REGRESS_ROOT)/coverage.txt \
	  --programs "$(V7M_COVERAGE)" --holes tests/coverage/unreached.txt --out $(REGRESS_ROOT)/architecture.txt \
	  --bins $(ARCH_BINS) --bins-reasons tests/coverage/bins_unreached.txt
# In make test: the report's rules on one program (tests/coverage/test_arch_coverage.sh)
TEST_SCRIPTS += tests/coverage/test_arch_coverage.sh
TEST_PREREQS += cov-tools $(BUILD)/programs/hello.elf $(BUILD)/programs/late_arrival.elf $(ARCH_BINS)
# In make test: arch-bins's rules on a hand-written trace and the corpus's goldens (tests/coverage/test_arch_bins.sh)
TEST_SCRIPTS += tests/coverage/test_arch_bins.sh
TEST_PREREQS += $(ARCH_BINS)

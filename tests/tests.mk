# GoogleTest suites: every directory tests/unit/<suite>/ becomes build/tests/test_<suite>.
# A fragment may set TEST_LIBS_<suite> (archives to link, default libtarmac) and
# TEST_DEPS_<suite> (extra prerequisites, e.g. built firmware).
TEST_SUITES := $(notdir $(patsubst %/,%,$(wildcard tests/unit/*/)))

define test_suite
TEST_SRCS_$(1) := $$(wildcard tests/unit/$(1)/*.cpp)
TEST_LIBS_$(1) ?= $$(LIBTARMAC)
$$(BUILD)/tests/test_$(1): $$(TEST_SRCS_$(1):%.cpp=$$(OBJ)/%.o) $$(TEST_LIBS_$(1)) $$(TEST_DEPS_$(1))
	@mkdir -p $$(dir $$@)
	$$(CXX) $$(LDFLAGS) -o $$@ $$(TEST_SRCS_$(1):%.cpp=$$(OBJ)/%.o) $$(TEST_LIBS_$(1)) $$(GTEST_LIBS) -lz -pthread $$(TEST_LDLIBS_$(1))
TEST_BINS += $$(BUILD)/tests/test_$(1)
endef
$(foreach s,$(TEST_SUITES),$(eval $(call test_suite,$(s))))

# Tests get the source tree's location and the build directory, so they find data and tools.
$(OBJ)/tests/%.o: CPPFLAGS += -DTM_SOURCE_DIR='"$(CURDIR)"' -DTM_BUILD_DIR='"$(CURDIR)/$(BUILD)"'

# The repository as a user gets it: nothing points outside the clone; make deps and the Makefile's two passes.
TEST_SCRIPTS += tests/repo/test_self_contained.sh tests/repo/test_make_deps.sh
# One numbering: the core's package (rtl_tb/core/m0_pkg.sv) against regs.h, tarmac_chk_pkg.sv and the model.
TEST_SCRIPTS += tests/repo/test_shared_constants.sh
# dpi/'s layout: the library in dpi/lib/, the checker in dpi/checker/, each header implemented by files named after it.
TEST_SCRIPTS += tests/repo/test_layout.sh
# Sizes a newcomer can read: no C function over 100 lines, no SystemVerilog block over 120 (CONTRIBUTING.md).
TEST_SCRIPTS += tests/repo/test_sizes.sh
# The runner itself: run_one.sh reads each summary line right, test_summary.sh adds them up and fails on any failure.
TEST_SCRIPTS += tests/repo/test_run_one.sh

# The system shell for integrators (rtl_tb/armv6m_shell.sv, rtl_tb/README.md "The system shell"): a Cortex-M0-style
# testbench made from it (tests/rtl/shell/cm0_tb.sv: the reference core as a Cortex-M0 netlist, seen only through
# its AHB-Lite port and visibility port), built as build/sim/shell-cm0 and run in live mode by tests/rtl/test_shell.sh.
SHELL_TB_SRCS := $(filter-out rtl_tb/tb_top.sv,$(RTL_SRCS)) rtl_tb/core/m0_cortexm0.sv tests/rtl/shell/cm0_tb.sv
SIM_SHELL_CM0 := $(BUILD)/sim/shell-cm0/Vtb_top
$(eval $(call verilate,$(SIM_SHELL_CM0),--assert --chk --top cm0_tb $(SHELL_TB_SRCS:%=--src %),sim/tb_main.cpp,$$(CHK_LIBS),$(SHELL_TB_SRCS) dpi/tarmac_chk_pkg.sv $$(LIBTARMACCHK)))
TEST_SCRIPTS += tests/rtl/test_shell.sh
TEST_PREREQS += $(SIM_SHELL_CM0) $(PROGRAM_ELFS) $(LIVE_PROGRAM_ELFS) $(call async-elfs,$(M0_ASYNC_SEEDS:%=m0_%))
# The reference core's Cortex-M0 visibility port in a covering set of its timings (rtl_tb/core/m0_vis.sv,
# +vis_timing), through the Cortex-M0 integration in file and live mode, and a planted bug found there.
TEST_SCRIPTS += tests/rtl/test_vis_timing.sh
TEST_PREREQS += $(SIM_CHK_M0) $(SIM_CHK_M0_LIVE) $(M0_PROGRAMS:%=$(M0_DIR)/%.tarmac.gz) $(LIVE_PROGRAM_ELFS) \
                $(call async-elfs,$(M0_ASYNC_SEEDS:%=m0_%))

# Every test is a target of its own, $(BUILD)/test-results/<test>.result, written by tests/run_one.sh (with the
# test's log beside it and its time), so that make runs them in parallel (-j) once everything they use is built:
# the GoogleTest binaries, TEST_PREREQS (simulators, firmware, goldens) are prerequisites of every test and are
# built once, before the first test starts. Scripts come first: they are the long ones. `make check` runs the
# GoogleTest binaries and CHECK_SCRIPTS, the edit-compile-test loop's quick part, building only what they use.
TEST_ENV = BUILD=$(BUILD) SAN_FLAGS="$(SAN_FLAGS)" PROGRAMS="$(PROGRAMS)" TC_PROGRAMS="$(TC_PROGRAMS)" \
  TC_ISS_OPTS="$(TC_ISS_OPTS)" QEMU_PROGRAMS="$(QEMU_PROGRAMS)" ORACLE_PROGRAMS="$(ORACLE_PROGRAMS)" \
  LIVE_PROGRAMS="$(LIVE_PROGRAMS)" ASYNC_TEST_SEEDS="$(ASYNC_TEST_SEEDS)" ASYNC_PLUSARGS="$(ASYNC_PLUSARGS)" \
  SYS_TEST_SEEDS="$(SYS_TEST_SEEDS)" M0_ASYNC_SEEDS="$(M0_ASYNC_SEEDS)" M0_PARAMS="$(subst \',',$(M0_PARAMS))" \
  REPLAY_CONFIG="$(REPLAY_CONFIG)" M0_DIR="$(M0_DIR)" VIS_LOCKUP_M0_SEEDS="$(VIS_LOCKUP_M0_SEEDS)" \
  VIS_LOCKUP_M0_LIVE_SEEDS="$(VIS_LOCKUP_M0_LIVE_SEEDS)" \
  VIS_LOCKUP_SEEDS="$(VIS_LOCKUP_SEEDS)"
CHECK_SCRIPTS += tests/repo/test_self_contained.sh tests/repo/test_shared_constants.sh tests/repo/test_layout.sh \
  tests/repo/test_run_one.sh tests/repo/test_sizes.sh
TEST_RESULT_DIR := $(BUILD)/test-results
test_result = $(TEST_RESULT_DIR)/$(subst /,.,$(patsubst $(BUILD)/%,%,$(1))).result
TEST_RESULTS := $(foreach t,$(TEST_SCRIPTS) $(TEST_BINS),$(call test_result,$(t)))
CHECK_RESULTS := $(foreach t,$(TEST_BINS) $(CHECK_SCRIPTS),$(call test_result,$(t)))
# TEST_USES_<test> (a fragment sets it): what that test alone runs, an order-only prerequisite of its result, so
# that make builds it once, in parallel with the rest, also when the result is asked for alone. Under make test
# every test waits for all of them too: no simulator is compiled while a test runs (test_mutate.sh counts the
# compiler cache's misses).
TEST_USES := $(foreach t,$(TEST_SCRIPTS),$(TEST_USES_$(t)))
define test_rule
$(call test_result,$(1)): $(1) FORCE | $(TEST_USES_$(1)) $(if $(filter test,$(MAKECMDGOALS)),$(TEST_BINS) $(TEST_PREREQS) $(TEST_USES))
	@$$(TEST_ENV) bash tests/run_one.sh $(1) $$@
endef
$(foreach t,$(sort $(TEST_SCRIPTS) $(TEST_BINS)),$(eval $(call test_rule,$(t))))
.PHONY: FORCE
FORCE:


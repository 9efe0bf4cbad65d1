# One entry point. Every output goes under build/ (build/san/ with SAN=1).
# Each part of the project brings its rules in a fragment included below.
SHELL := /bin/bash
.DEFAULT_GOAL := all

# Two cores on the reference machine: build in parallel unless told otherwise (the second pass inherits it).
ifeq ($(MAKELEVEL)$(filter -j%,$(MAKEFLAGS)),0)
  MAKEFLAGS += -j2
endif

SAN ?= 0
ifeq ($(SAN),1)
  BUILD ?= build/san
  SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
  OPT := -O1 -g
else
  BUILD ?= build
  SAN_FLAGS :=
  OPT := -O2 -g
endif

# Debian packages, by need. `make deps` is the only place that installs anything (as root, the missing ones).
# SIM_PKGS build and run the lockstep regression (`make sim`, `make`, `make golden`, `make install`): a C
# toolchain, zlib, Verilator, SystemC (HARNESS=systemc), the Arm GNU toolchain and newlib for the firmware.
# TEST_PKGS come only with the goals that test (`make test`, `check`, `regress`, `nightly`, `mutate`, `bench`,
# `fuzz`): GoogleTest; QEMU, the independent oracle; slurm-wlm and munge, the nightly's Slurm launcher tested on a
# one-node cluster of its own, and gridengine-* its Grid Engine launcher on a one-node cell of its own;
# python3-junitparser reads its JUnit back; chromium loads its index.html; pkgconf reads the installed tarmac.pc;
# ccache compiles the mutation campaign's many nearly equal simulators once.
# `make deps` alone installs both; `make deps-list` prints the project's own (tests/repo/clean_machine.sh removes them).
BASE_PKGS := gcc g++ make python3
SIM_PKGS := zlib1g-dev verilator libsystemc-dev gcc-arm-none-eabi libnewlib-arm-none-eabi
TEST_PKGS := libgtest-dev qemu-system-arm ccache pkgconf slurm-wlm munge python3-junitparser chromium \
             gridengine-master gridengine-exec gridengine-client
PROJECT_PKGS := $(SIM_PKGS) $(TEST_PKGS)
TEST_GOALS := test check regress nightly mutate bench fuzz deps
GOALS_FOR_DEPS := $(or $(MAKECMDGOALS),$(.DEFAULT_GOAL))
DEPS_PKGS := $(BASE_PKGS) $(SIM_PKGS) $(if $(filter $(TEST_GOALS),$(GOALS_FOR_DEPS)),$(TEST_PKGS))
deps_installed = $(shell dpkg-query -W -f='$${db:Status-Abbrev} $${Package}\n' $(1) 2>/dev/null | awk '$$1 == "ii" { print $$2 }')
deps_missing = $(filter-out $(call deps_installed,$(1)),$(1))

# Grid Engine's packages, installed with no one to answer: no system cell configured (debconf), and the system
# daemons not started (/etc/default/gridengine, kept by ucf), as a new cell without a master host would fail to
# start and fail the install; the tests start a cell of their own (tests/nightly/sge_cluster.py).
GRIDENGINE_PRESEED = case " $$missing " in *" gridengine-"*) \
	  echo "gridengine-common shared/gridengineconfig boolean false" | debconf-set-selections && \
	  { [ -e /etc/default/gridengine ] || \
	    printf 'SGE_START_MASTERD=no\nSGE_START_EXECD=no\n' > /etc/default/gridengine; } ;; \
	esac;

.PHONY: deps deps-list clean
deps-list:
	@echo $(PROJECT_PKGS)
deps:
	@missing="$(call deps_missing,$(DEPS_PKGS))"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" -ne 0 ]; then echo "deps: missing Debian packages: $$missing; run 'make deps' as root (e.g. sudo make deps)" >&2; exit 2; fi; \
	  echo "deps: installing $$missing" >&2; \
	  export DEBIAN_FRONTEND=noninteractive UCF_FORCE_CONFFOLD=1; \
	  $(GRIDENGINE_PRESEED) \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing < /dev/null > /dev/null; \
	fi

clean:
	rm -rf build

# Two passes. The make a user starts installs what is missing (deps) and only then runs the goals in a second
# make, so that no compile starts while packages are still being installed, whatever -j says. Without root and
# with packages missing it stops at once with one line that names them.
TOP_GOALS := $(or $(MAKECMDGOALS),$(.DEFAULT_GOAL))
ifeq ($(MAKELEVEL),0)
ifneq ($(filter-out clean deps-list,$(TOP_GOALS)),)
  DEPS_MISSING := $(call deps_missing,$(DEPS_PKGS))
  ifneq ($(DEPS_MISSING),)
    ifneq ($(shell id -u),0)
      $(error deps: missing Debian packages: $(DEPS_MISSING); run 'make deps' as root (e.g. sudo make deps))
    endif
  endif
endif
ifneq ($(filter-out deps deps-list clean,$(TOP_GOALS)),)
$(firstword $(TOP_GOALS)): deps
	@$(MAKE) --no-print-directory $(TOP_GOALS)
$(filter-out $(firstword $(TOP_GOALS)),$(TOP_GOALS)): $(firstword $(TOP_GOALS))
	@:
SECOND_PASS := 0
endif
endif

ifneq ($(SECOND_PASS),0)
CC  ?= gcc
CXX ?= g++
CPPFLAGS := -Idpi/include -D_GNU_SOURCE
# -fno-semantic-interposition: calls inside the shared libraries may be inlined (nobody interposes them)
CFLAGS   := -std=c11 -Wall -Wextra -Werror -fPIC -fno-semantic-interposition $(OPT) $(SAN_FLAGS)
CXXFLAGS := -std=c++17 -Wall -Wextra -Werror $(OPT) $(SAN_FLAGS)
LDFLAGS  := $(SAN_FLAGS)
GTEST_LIBS := -lgtest -lgtest_main -pthread

BIN := $(BUILD)/bin
LIB := $(BUILD)/lib
OBJ := $(BUILD)/obj

# Filled by the fragments.
TEST_BINS :=      # GoogleTest binaries run by `make test`
TEST_SCRIPTS :=   # scripts run by `make test`, each ending with "N passed, N failed"
TEST_PREREQS :=   # what the scripts need built
ALL_TARGETS :=    # what `make all` builds
BENCHES :=        # phony targets run by `make bench`
BENCH_PREREQS :=  # what they run (each fragment's BENCH_<name>_USES), built before the first starts

include dpi/dpi.mk
include dpi/checker.mk
include model/model.mk
include tests/programs/programs.mk
include sim/sim.mk
include golden/golden.mk
include tests/coverage/coverage.mk
include tests/tests.mk

.PHONY: all test check bench sim fuzz install

# `make install PREFIX=<dir> [DESTDIR=<staging>]`: a versioned tool area <PREFIX>/tarmac/<VERSION>/ a farm's
# testbenches use instead of a checkout: bin/ (the CLI tools), lib/ (libtarmac, the DPI library libtarmacchk.so
# for -sv_lib, the model), include/ (tarmac/*.h, the model's armv6m.h), share/tarmac/sv/ (the SV packages),
# share/tarmac/rtl_tb/ (the testbench pieces: monitors, trace interface, semihosting), share/doc/tarmac/, and
# lib/pkgconfig/tarmac.pc (Cflags, Libs; variables dpi_lib, svdir, tbdir).
PREFIX ?= /usr/local
TOOL_AREA = $(PREFIX)/tarmac/$(TM_VERSION)
INSTALL_TOOLS := $(TM_TOOL_BINS) $(ISS)
INSTALL_DOCS := README.md sim/README.md dpi/README.md dpi/CHECKING_YOUR_CORE.md dpi/DIALECTS.md model/ARCHITECTURE.md rtl_tb/README.md
install: $(INSTALL_TOOLS) $(LIBTARMAC) $(LIBTARMAC_SO) $(LIBTARMACCHK) $(LIBARMV6M)
	@d='$(DESTDIR)$(TOOL_AREA)'; set -e; \
	install -d "$$d/bin" "$$d/lib/pkgconfig" "$$d/include/tarmac" "$$d/share/tarmac/sv" \
	  "$$d/share/tarmac/rtl_tb/monitors" "$$d/share/doc/tarmac"; \
	install -m 755 $(INSTALL_TOOLS) "$$d/bin/"; \
	install -m 644 $(LIBTARMAC) $(LIBARMV6M) "$$d/lib/"; install -m 755 $(LIBTARMAC_SO) $(LIBTARMACCHK) "$$d/lib/"; \
	install -m 644 dpi/include/tarmac/*.h "$$d/include/tarmac/"; install -m 644 model/armv6m.h model/config.h "$$d/include/"; \
	install -m 644 dpi/tarmac_chk_pkg.sv dpi/armv6m_tb_pkg.sv "$$d/share/tarmac/sv/"; \
	install -m 644 rtl_tb/monitors/*.sv "$$d/share/tarmac/rtl_tb/monitors/"; \
	install -m 644 rtl_tb/armv6m_semihost.sv "$$d/share/tarmac/rtl_tb/"; \
	for f in $(INSTALL_DOCS); do install -m 644 "$$f" "$$d/share/doc/tarmac/$$(tr / _ <<<"$$f")"; done; \
	printf '%s\n' 'prefix=$(TOOL_AREA)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' \
	  'svdir=$${prefix}/share/tarmac/sv' 'tbdir=$${prefix}/share/tarmac/rtl_tb' 'dpi_lib=$${libdir}/libtarmacchk.so' '' \
	  'Name: tarmac' 'Description: Tarmac trace library and lockstep checker for ARMv6-M RTL' 'Version: $(TM_VERSION)' \
	  'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -ltarmac' 'Libs.private: -lz -pthread' > "$$d/lib/pkgconfig/tarmac.pc"; \
	echo "install: $(TOOL_AREA) (version $(TM_VERSION))"

# `make sim`: build everything it needs and run the demo regression on the reference core (sim/sim.mk).
sim: sim-run
all: $(ALL_TARGETS)

# `make test` ends with "N passed, N failed" and exits non-zero on any failure; `make check` is its quick part
# (tests/tests.mk: every test a target of its own, run in parallel, each with its time).
test: $(TEST_RESULTS)
	@bash tests/test_summary.sh $(TEST_RESULTS)
check: $(CHECK_RESULTS)
	@bash tests/test_summary.sh $(CHECK_RESULTS)

# `make bench`: everything the benchmarks run is built first (in parallel), then the benchmarks run one at a time:
# each measures against a reference taken in the same run, which another benchmark on the other core would skew.
bench: $(BENCHES)
$(BENCHES): | $(BENCH_PREREQS)
# each benchmark after the one before it in BENCHES (order-only: it does not make the next one out of date)
bench_chain = $(if $(word 2,$(1)),$(eval $(word 2,$(1)): | $(word 1,$(1)))$(call bench_chain,$(wordlist 2,$(words $(1)),$(1))))
$(call bench_chain,$(BENCHES))

# Object rules shared by every fragment.
$(OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(OBJ)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -MMD -MP -c $< -o $@

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)
endif

# One entry point. Every output goes under build/ (build/san/ with SAN=1).
# Each part of the project brings its rules in a fragment included below.
SHELL := /bin/bash
.DEFAULT_GOAL := all

# Two cores on the reference machine: build in parallel unless told otherwise.
ifeq ($(filter -j%,$(MAKEFLAGS)),)
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

include dpi/dpi.mk
include dpi/checker.mk
include model/model.mk
include tests/programs/programs.mk
include sim/sim.mk
include golden/golden.mk
include tests/tests.mk

.PHONY: all deps test bench clean sim fuzz

# `make sim`: build everything it needs and run the demo regression on the reference core (sim/sim.mk).
sim: deps sim-run
all: $(ALL_TARGETS)

# Debian packages the targets need. Installs what is missing when run as root; quiet when all present.
DEPS_PKGS := verilator libsystemc-dev libgtest-dev zlib1g-dev gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm \
             python3
deps:
	@missing=""; for p in $(DEPS_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" -ne 0 ]; then echo "deps: missing Debian packages:$$missing (run 'make deps' as root)" >&2; exit 1; fi; \
	  echo "deps: installing$$missing" >&2; \
	  export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

# `make test` ends with "N passed, N failed" and exits non-zero on any failure.
test: deps $(TEST_BINS) $(TEST_PREREQS)
	@BUILD=$(BUILD) SAN_FLAGS="$(SAN_FLAGS)" PROGRAMS="$(PROGRAMS)" QEMU_PROGRAMS="$(QEMU_PROGRAMS)" ORACLE_PROGRAMS="$(ORACLE_PROGRAMS)" \
	  bash tests/run_tests.sh $(TEST_BINS) -- $(TEST_SCRIPTS)

bench: deps $(BENCHES)

clean:
	rm -rf build

# Object rules shared by every fragment.
$(OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(OBJ)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -MMD -MP -c $< -o $@

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)

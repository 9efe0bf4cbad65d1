# libtarmac: the trace library dpi/lib/ (reader, parser, writer, comparison, ELF reader, MTB codec, Thumb table)
# and the checker dpi/checker/ (C11, zlib only); public headers in dpi/include/tarmac/. It carries the model
# (every model/ source but the CLI's main): the checker's live mode runs it in-process (golden=live:), its reports
# disassemble with it (option elf=) and it reads a golden's recorded configuration with its option table.
# libarmv6m.a holds the same objects for the model's own users; linking both is harmless (identical objects).
TM_SRCS := $(wildcard dpi/lib/*.c dpi/checker/*.c) $(filter-out model/main.c,$(wildcard model/*.c))
TM_OBJS := $(TM_SRCS:%.c=$(OBJ)/%.o)
LIBTARMAC := $(LIB)/libtarmac.a
LIBTARMAC_SO := $(LIB)/libtarmac.so

# The release (VERSION, one line) compiled into tm_version() (tarmac/version.h).
TM_VERSION := $(strip $(file < VERSION))
TM_VERSION_DEF := -DTM_VERSION_TEXT='"$(TM_VERSION)"'
$(OBJ)/dpi/lib/version.o: CPPFLAGS += $(TM_VERSION_DEF)
$(OBJ)/dpi/lib/version.o: VERSION

$(OBJ)/dpi/checker/tc_mismatch.o $(OBJ)/dpi/checker/tc_report.o $(OBJ)/dpi/checker/tc_config.o $(OBJ)/dpi/checker/tc_live.o $(OBJ)/dpi/checker/tc_compare_bus.o: CPPFLAGS += -Imodel
# The checker's golden thread hands its steps over with the library's internal ring (dpi/lib/ring.h).
$(OBJ)/dpi/checker/%.o: CPPFLAGS += -Idpi/lib

$(LIBTARMAC): $(TM_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@; ar rcs $@ $^

$(LIBTARMAC_SO): $(TM_OBJS)
	@mkdir -p $(dir $@)
	$(CC) -shared $(LDFLAGS) -o $@ $^ -lz -pthread

# Command-line tools: dpi/tools/<name>.c -> build/bin/<name with - for _>.
TM_TOOLS := $(patsubst dpi/tools/%.c,%,$(wildcard dpi/tools/*.c))
TM_TOOL_BINS := $(foreach t,$(TM_TOOLS),$(BIN)/$(subst _,-,$(t)))
define tm_tool
$$(BIN)/$$(subst _,-,$(1)): $$(OBJ)/dpi/tools/$(1).o $$(LIBTARMAC)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(LDFLAGS) -o $$@ $$^ -lz -pthread
ALL_TARGETS += $$(BIN)/$$(subst _,-,$(1))
endef
$(foreach t,$(TM_TOOLS),$(eval $(call tm_tool,$(t))))

ALL_TARGETS += $(LIBTARMAC) $(LIBTARMAC_SO)

# The ELF reader's tests (tests/unit/elf) read the firmware and call the testbench loader's DPI functions.
TEST_LIBS_elf = $(OBJ)/dpi/armv6m_tb_dpi.o $(LIBTARMAC)
TEST_DEPS_elf = $(PROGRAM_ELFS)

# The ring's tests (tests/unit/ring) call the library's internal hand-over (dpi/lib/ring.h).
$(OBJ)/tests/unit/ring/%.o: CPPFLAGS += -Idpi/lib

# The tarmac-diff tests run the built binary.
TEST_DEPS_diff := $(BIN)/tarmac-diff

# The input guards' tests (tests/unit/io) run every reader as built: the model, mtb-decode, tarmac-cov and the
# testbench's ELF loader in a plain simulator.
TEST_DEPS_io = $(ISS) $(BIN)/mtb-decode $(BIN)/tarmac-cov $(BUILD)/sim/plain/Vtb_top

# Fuzzing (clang + libFuzzer, ASan + UBSan, a finding aborts): `make fuzz` runs every target of FUZZ_TARGETS
# (tests/fuzz/<name>.c and FUZZ_SRCS_<name>, built with the library's sources) for FUZZ_SECONDS and merges new
# coverage into its committed corpus (FUZZ_CORPUS_<name>, by default tests/fuzz/corpus_<name>/), which `make test`
# replays through the same target built with gcc. A fragment adds a target by setting its variables and
# `$(eval $(call fuzz_target,<name>))` (dpi/checker.mk does for the checker's).
FUZZ_SECONDS ?= 60
FUZZ_CORPUS_fuzz_trace := tests/fuzz/corpus
FUZZ_PKGS := clang libclang-rt-14-dev
TEST_LIBS_fuzz_replay := $(OBJ)/tests/fuzz/fuzz_trace.o $(LIBTARMAC)

.PHONY: fuzz-deps fuzz
fuzz-deps:
	@$(MAKE) --no-print-directory deps DEPS_PKGS="$(FUZZ_PKGS)"

# $(1): the target's name; FUZZ_MAX_LEN_<name> and FUZZ_TIMEOUT_<name> (seconds per input) when not 2048 and 10.
define fuzz_target
FUZZ_TARGETS += $(1)
FUZZ_CORPUS_$(1) ?= tests/fuzz/corpus_$(1)
FUZZ_LIMITS_$(1) = -max_len=$$(or $$(FUZZ_MAX_LEN_$(1)),2048)
$$(BUILD)/fuzz/$(1): tests/fuzz/$(1).c $$(FUZZ_SRCS_$(1)) $$(TM_SRCS) VERSION | fuzz-deps
	@mkdir -p $$(dir $$@)
	clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $$(CPPFLAGS) $$(TM_VERSION_DEF) -Imodel -Idpi/lib \
	  $$(filter %.c,$$^) -o $$@ -lz -pthread
.PHONY: fuzz-$(1)
fuzz-$(1): $$(BUILD)/fuzz/$(1)
	@mkdir -p $$(BUILD)/fuzz/work-$(1) $$(FUZZ_CORPUS_$(1))
	$$< -max_total_time=$$(FUZZ_SECONDS) $$(FUZZ_LIMITS_$(1)) -timeout=$$(or $$(FUZZ_TIMEOUT_$(1)),10) \
	  $$(BUILD)/fuzz/work-$(1) $$(FUZZ_CORPUS_$(1))
	$$< -merge=1 $$(FUZZ_LIMITS_$(1)) $$(FUZZ_CORPUS_$(1)) $$(BUILD)/fuzz/work-$(1)
	@echo "fuzz: $(1): corpus now $$$$(ls $$(FUZZ_CORPUS_$(1)) | wc -l) inputs in $$(FUZZ_CORPUS_$(1))"
fuzz: fuzz-$(1)
endef
$(eval $(call fuzz_target,fuzz_trace))

# Benchmark of the trace library against zcat (tests/bench/bench_trace.c).
BENCH_LINES ?= 6000000
$(BUILD)/bench/bench_trace: $(OBJ)/tests/bench/bench_trace.o $(LIBTARMAC)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -lz -pthread

.PHONY: bench-trace
BENCH_TRACE_USES := $(BUILD)/bench/bench_trace $(BIN)/tarmac-diff
BENCH_PREREQS += $(BENCH_TRACE_USES)
bench-trace: $(BENCH_TRACE_USES)
	$(BUILD)/bench/bench_trace $(BIN)/tarmac-diff $(BUILD)/bench $(BENCH_LINES)
BENCHES += bench-trace

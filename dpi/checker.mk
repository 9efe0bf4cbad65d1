# libtarmacchk.so: the DPI shims + libtarmac, exporting only the DPI symbols: tarmac_chk_* (the checker,
# dpi/tarmac_chk_pkg.sv) and armv6m_tb_* (the reusable testbench pieces, dpi/armv6m_tb_pkg.sv; the replay of
# recorded ports, dpi/armv6m_replay_pkg.sv). Each shim is also
# compiled against the header Verilator generates from its SV package, so the two cannot drift.
SVDPI_INC := /usr/share/verilator/include/vltstd
LIBTARMACCHK := $(LIB)/libtarmacchk.so
DPI_SHIMS := $(OBJ)/dpi/tarmac_dpi.o $(OBJ)/dpi/armv6m_tb_dpi.o $(OBJ)/dpi/armv6m_replay_dpi.o

$(DPI_SHIMS): CPPFLAGS += -I$(SVDPI_INC)

# shim dpi/<shim>.c, package dpi/<pkg>.sv
define dpi_hdrcheck
$$(BUILD)/dpi_hdr/$(2)/V$(2)__Dpi.h: dpi/$(2).sv | deps
	@mkdir -p $$(dir $$@)
	verilator --dpi-hdr-only -Mdir $$(dir $$@) $$<
$$(OBJ)/dpi/$(1)_hdrcheck.o: dpi/$(1).c $$(BUILD)/dpi_hdr/$(2)/V$(2)__Dpi.h
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CPPFLAGS) -I$$(SVDPI_INC) $$(CFLAGS) -include $$(BUILD)/dpi_hdr/$(2)/V$(2)__Dpi.h -c $$< -o $$@
DPI_HDRCHECKS += $$(OBJ)/dpi/$(1)_hdrcheck.o
endef
DPI_HDRCHECKS :=
$(eval $(call dpi_hdrcheck,tarmac_dpi,tarmac_chk_pkg))
$(eval $(call dpi_hdrcheck,armv6m_tb_dpi,armv6m_tb_pkg))
$(eval $(call dpi_hdrcheck,armv6m_replay_dpi,armv6m_replay_pkg))

$(LIBTARMACCHK): $(DPI_SHIMS) $(TM_OBJS) dpi/tarmac_dpi.map $(DPI_HDRCHECKS)
	@mkdir -p $(dir $@)
	$(CC) -shared $(LDFLAGS) -Wl,--version-script=dpi/tarmac_dpi.map -o $@ $(DPI_SHIMS) $(TM_OBJS) -lz -pthread

ALL_TARGETS += $(LIBTARMACCHK)

# A Verilator simulation of the SV package driving the checker through the .so (tests/unit/dpi).
DPI_TB := $(BUILD)/dpi_tb/Vtb_checker
$(DPI_TB): dpi/tarmac_chk_pkg.sv tests/unit/dpi/tb_checker.sv $(LIBTARMACCHK) | deps
	@mkdir -p $(dir $@)
	verilator --binary -Wall -Wno-DECLFILENAME -j 2 -Mdir $(dir $@) --top-module tb_checker \
	  $(if $(SAN_FLAGS),-CFLAGS "$(SAN_FLAGS)" -LDFLAGS "$(SAN_FLAGS)") \
	  -LDFLAGS "-Wl,-rpath,$(abspath $(LIB)) $(abspath $(LIBTARMACCHK))" \
	  dpi/tarmac_chk_pkg.sv tests/unit/dpi/tb_checker.sv >$(dir $@)/build.log 2>&1 || { cat $(dir $@)/build.log; exit 1; }

TEST_DEPS_dpi := $(LIBTARMACCHK) $(DPI_TB)
TEST_LIBS_dpi := $(LIBTARMAC)

# Checker benchmark: a long synthetic golden replayed through the C API, against zcat of the same file; then
# live mode beside file mode on the calls of the model's benchmark workload (~0.6 M instructions).
$(BUILD)/bench/bench_checker: $(OBJ)/tests/bench/bench_checker.o $(LIBTARMAC)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -lz -pthread
$(OBJ)/tests/bench/bench_checker.o: CPPFLAGS += -Imodel
.PHONY: bench-checker
BENCH_CHECKER_USES := $(BUILD)/bench/bench_checker $(BUILD)/bench/bench_loop_10.elf
BENCH_PREREQS += $(BENCH_CHECKER_USES)
bench-checker: $(BENCH_CHECKER_USES)
	$(BUILD)/bench/bench_checker $(BUILD)/bench $(BENCH_STEPS) $(BUILD)/bench/bench_loop_10.elf
BENCH_STEPS ?= 10000000
BENCHES += bench-checker

# The checker suite also replays the model's goldens: it links the model and needs the firmware; the calls of a
# perfect RTL come from the C helper it shares with the checker's fuzz target (tests/fuzz/golden_calls.c).
TEST_LIBS_checker = $(OBJ)/tests/fuzz/golden_calls.o $(LIBARMV6M) $(LIBTARMAC)
TEST_DEPS_checker = $(PROGRAM_ELFS) $(TC_PROGRAM_ELFS) $(ISS) $(BIN)/mtb-decode
$(OBJ)/tests/unit/checker/%.o: CPPFLAGS += -Imodel

# Firmware of the live-mode tests (tests/unit/checker/fw): built as the programs are (tests/programs/programs.mk,
# included after this file: the recipe's variables are read when it runs).
LIVE_FW_ELFS := $(BUILD)/checker_fw/live_irq.elf
$(BUILD)/checker_fw/%.elf: tests/unit/checker/fw/%.c $(wildcard tests/programs/lib/*) | deps
	@mkdir -p $(dir $@)
	$(ARM_CC) $(ARM_CFLAGS) -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
TEST_DEPS_checker += $(LIVE_FW_ELFS)
# Stores that fault at their first write, for the abandoned-write test (test_abandoned_write.cpp).
TEST_DEPS_checker += $(BUILD)/checker_fw/abandoned_stm.elf

# The checker's fuzz target (tests/fuzz/fuzz_checker.c): a golden replayed through the C API as the calls a perfect
# RTL makes for it (tests/fuzz/golden_calls.c), then the calls and the golden mutated. `make fuzz` runs it after the
# parser's target (dpi/dpi.mk); `make test` replays its corpus (tests/unit/fuzz_checker).
FUZZ_SRCS_fuzz_checker := tests/fuzz/golden_calls.c
FUZZ_CORPUS_fuzz_checker := tests/fuzz/checker_corpus
FUZZ_MAX_LEN_fuzz_checker := 4096
FUZZ_TIMEOUT_fuzz_checker := 20
$(eval $(call fuzz_target,fuzz_checker))

TEST_LIBS_fuzz_checker := $(OBJ)/tests/fuzz/fuzz_checker.o $(OBJ)/tests/fuzz/golden_calls.o $(LIBTARMAC)

# The ARMv6-M model: libarmv6m.a (everything but the CLI, the disassembler and the option table, which libtarmac
# carries for the checker's reports and configuration check) and build/bin/armv6m-iss. The library's sources are
# every model/*.c but those three: cpu.c (the executor), exceptions.c, scs.c (the System Control Space's
# registers), mem.c, mtb.c, live.c, cosim.c, cosim_window.c and cosim_explain.c (co-simulation, model/cosim.h), trace.c,
# semihost.c, elf.c.
M6_SRCS := $(filter-out model/main.c model/disasm.c model/config.c,$(wildcard model/*.c))
M6_OBJS := $(M6_SRCS:%.c=$(OBJ)/%.o)
LIBARMV6M := $(LIB)/libarmv6m.a
ISS := $(BIN)/armv6m-iss

$(OBJ)/model/%.o: CPPFLAGS += -Imodel

$(LIBARMV6M): $(M6_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@; ar rcs $@ $^

$(ISS): $(OBJ)/model/main.o $(LIBARMV6M) $(LIBTARMAC)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -lz -pthread

ALL_TARGETS += $(LIBARMV6M) $(ISS)

# Benchmark: the workload tests/bench/fw/bench_loop.c built for ~60 M instructions (untraced) and ~3 M (traced), for
# ARMv6-M and for ARMv7-M.
BENCH_FW_FLAGS = $(ARM_CFLAGS) -Itests/programs/lib
$(BUILD)/bench/bench_loop_%.elf: tests/bench/fw/bench_loop.c $(PROG_LIB) | deps
	@mkdir -p $(dir $@)
	$(ARM_CC) $(BENCH_FW_FLAGS) -DROUNDS=$* -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
# The same workload for the Cortex-M3 (ARMv7-M: Thumb-2 code), run with BENCH_V7M_CONFIG.
$(BUILD)/bench/bench_loop_v7m_%.elf: tests/bench/fw/bench_loop.c $(PROG_LIB) | deps
	@mkdir -p $(dir $@)
	$(ARM_CC) $(filter-out -mcpu=%,$(BENCH_FW_FLAGS)) -mcpu=cortex-m3 -DROUNDS=$* -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
BENCH_V7M_CONFIG := preset=cortex-m3
.PHONY: bench-model
BENCH_MODEL_USES := $(ISS) $(BUILD)/bench/bench_loop_1000.elf $(BUILD)/bench/bench_loop_50.elf \
                    $(BUILD)/bench/bench_loop_v7m_1000.elf $(BUILD)/bench/bench_loop_v7m_50.elf
BENCH_PREREQS += $(BENCH_MODEL_USES)
bench-model: $(BENCH_MODEL_USES)
	bash tests/bench/bench_model.sh $(ISS) $(BUILD)/bench/bench_loop_1000.elf $(BUILD)/bench/bench_loop_50.elf $(BUILD)/bench \
	  $(BUILD)/bench/bench_loop_v7m_1000.elf $(BUILD)/bench/bench_loop_v7m_50.elf $(BENCH_V7M_CONFIG)
BENCHES += bench-model

# Model unit tests (tests/unit/model) link the model library.
TEST_LIBS_model = $(LIBARMV6M) $(LIBTARMAC)
# The C API contract of every exported call (tests/unit/api): the library, the model and the checker.
TEST_LIBS_api = $(LIBARMV6M) $(LIBTARMAC)
$(OBJ)/tests/unit/api/%.o: CPPFLAGS += -Imodel
TEST_DEPS_model = $(PROGRAM_ELFS) $(ISS) $(BIN)/tarmac-diff
$(OBJ)/tests/unit/model/%.o: CPPFLAGS += -Imodel

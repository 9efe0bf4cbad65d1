# libtarmac: reader, parser, writer, checker, MTB codec (C11, zlib only).
TM_SRCS := $(wildcard dpi/src/*.c)
TM_OBJS := $(TM_SRCS:%.c=$(OBJ)/%.o)
LIBTARMAC := $(LIB)/libtarmac.a
LIBTARMAC_SO := $(LIB)/libtarmac.so

$(LIBTARMAC): $(TM_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@; ar rcs $@ $^

$(LIBTARMAC_SO): $(TM_OBJS)
	@mkdir -p $(dir $@)
	$(CC) -shared $(LDFLAGS) -o $@ $^ -lz -pthread

# Command-line tools: dpi/tools/<name>.c -> build/bin/<name with - for _>.
TM_TOOLS := $(patsubst dpi/tools/%.c,%,$(wildcard dpi/tools/*.c))
define tm_tool
$$(BIN)/$$(subst _,-,$(1)): $$(OBJ)/dpi/tools/$(1).o $$(LIBTARMAC)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(LDFLAGS) -o $$@ $$^ -lz -pthread
ALL_TARGETS += $$(BIN)/$$(subst _,-,$(1))
endef
$(foreach t,$(TM_TOOLS),$(eval $(call tm_tool,$(t))))

ALL_TARGETS += $(LIBTARMAC) $(LIBTARMAC_SO)

# The tarmac-diff tests run the built binary.
TEST_DEPS_diff := $(BIN)/tarmac-diff

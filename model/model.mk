# The ARMv6-M model: libarmv6m.a (everything but the CLI) and build/bin/armv6m-iss.
M6_SRCS := $(filter-out model/main.c,$(wildcard model/*.c))
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

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

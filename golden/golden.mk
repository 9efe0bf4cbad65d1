# `make golden`: golden/<program>.tarmac.gz for every firmware program, written by the model; reproducible
# byte for byte (a deterministic model, a gzip header without time or name).
GOLDEN_DIR ?= golden
GOLDENS := $(PROGRAMS:%=$(GOLDEN_DIR)/%.tarmac.gz)

$(GOLDEN_DIR)/%.tarmac.gz: $(BUILD)/programs/%.elf $(ISS)
	@mkdir -p $(dir $@)
	@$(ISS) --quiet --tarmac $@.tmp.gz $< > /dev/null || { echo "golden: $* did not exit 0" >&2; rm -f $@.tmp.gz; exit 1; }
	@mv $@.tmp.gz $@

# golden/<program>.tc.tarmac.gz: the TC_PROGRAMS with the implementation options TC_ISS_OPTS on (programs.mk)
TC_GOLDENS := $(TC_PROGRAMS:%=$(GOLDEN_DIR)/%.tc.tarmac.gz)
$(GOLDEN_DIR)/%.tc.tarmac.gz: $(BUILD)/programs/%.elf $(ISS)
	@mkdir -p $(dir $@)
	@$(ISS) --quiet $(TC_ISS_OPTS) --tarmac $@.tmp.gz $< > /dev/null || { echo "golden: $* ($(TC_ISS_OPTS)) did not exit 0" >&2; rm -f $@.tmp.gz; exit 1; }
	@mv $@.tmp.gz $@

.PHONY: golden
golden: deps $(GOLDENS) $(TC_GOLDENS)

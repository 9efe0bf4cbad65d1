# `make golden`: golden/<program>.tarmac.gz for every firmware program, written by the model.
# Reproducible byte for byte (deterministic model, gzip header without a timestamp).
GOLDEN_DIR := golden
GOLDENS := $(PROGRAMS:%=$(GOLDEN_DIR)/%.tarmac.gz)

$(GOLDEN_DIR)/%.tarmac.gz: $(BUILD)/programs/%.elf $(ISS)
	$(ISS) --quiet --tarmac $@.tmp.gz $< >/dev/null; rc=$$?; \
	  want=$$(sed -n 's/^exit[[:space:]]*//p' tests/programs/$*.expect 2>/dev/null); \
	  if [ "$$rc" != "$${want:-0}" ]; then echo "golden: $* exited $$rc, expected $${want:-0}" >&2; rm -f $@.tmp.gz; exit 1; fi
	mv $@.tmp.gz $@

.PHONY: golden
golden: deps $(GOLDENS)

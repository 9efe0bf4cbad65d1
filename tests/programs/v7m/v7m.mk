# The ARMv7-M corpus: the programs of tests/programs/v7m/ (Cortex-M3; V7EM_PROGRAMS for the Cortex-M4's DSP
# extension) and the ARMv6-M programs that compute without touching what differs between the architectures,
# rebuilt for the Cortex-M3 (m3_<name>). Each runs on the model with arch=v7-m (v7e-m) and the MPS2 memory map and
# is compared with QEMU's mps2-an385 (mps2-an386) at every instruction (tests/oracle/run_oracle.sh).
V7M_DIR := $(BUILD)/v7m
V7EM_PROGRAMS := v7_dsp
V7M_PROGRAMS := $(filter-out $(V7EM_PROGRAMS),$(sort $(basename $(notdir $(wildcard tests/programs/v7m/*.c)))))
V7M_FROM_V6 := alu_add branches crc32 divide hello linked_list loadstore logic_mul_ext matmul recursion rev_ext \
               sha256 shifts sort strings ldm_stm psp svc
V7M_CFLAGS = $(filter-out -mcpu=%,$(ARM_CFLAGS))
V7M_ISS_CONFIG := arch=v7-m,mem_map=mps2
V7EM_ISS_CONFIG := arch=v7e-m,mem_map=mps2
V7M_ELFS := $(V7M_PROGRAMS:%=$(V7M_DIR)/%.elf) $(V7EM_PROGRAMS:%=$(V7M_DIR)/%.elf) $(V7M_FROM_V6:%=$(V7M_DIR)/m3_%.elf)
V7M_LIB_DEPS := $(PROG_LIB) tests/programs/lib/semihost.h tests/programs/lib/ops.h tests/programs/lib/sysregs.h \
                tests/programs/lib/link.ld

$(V7M_DIR)/m3_%.elf: tests/programs/%.c $(V7M_LIB_DEPS) | deps
	@mkdir -p $(dir $@)
	$(ARM_CC) $(V7M_CFLAGS) -mcpu=cortex-m3 -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
$(V7M_DIR)/%.elf: tests/programs/v7m/%.c $(V7M_LIB_DEPS) | deps
	@mkdir -p $(dir $@)
	$(ARM_CC) $(V7M_CFLAGS) $(if $(filter $*,$(V7EM_PROGRAMS)),-mcpu=cortex-m4 -mfloat-abi=soft,-mcpu=cortex-m3) \
	  -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)

# Constrained-random ARMv7-M streams (gen_random --v7m, tests/random/gen_v7m.c), reproducible by seed: make test
# compares V7M_TEST_SEEDS with QEMU, make oracle-v7m-random seeds 1..V7M_SEEDS; the same for ARMv7E-M streams
# (--v7em) and make oracle-v7em-random.
V7M_RANDOM_DIR := $(BUILD)/random
V7M_TEST_SEEDS := 1 2 3
V7M_SEEDS ?= 200
$(V7M_RANDOM_DIR)/v7m_%.S: $(V7M_RANDOM_DIR)/gen_random
	$< --v7m $* 400 > $@.tmp && mv $@.tmp $@
$(V7M_RANDOM_DIR)/v7m_%.elf: $(V7M_RANDOM_DIR)/v7m_%.S $(V7M_LIB_DEPS) | deps
	$(ARM_CC) $(V7M_CFLAGS) -mcpu=cortex-m3 -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
.PRECIOUS: $(V7M_RANDOM_DIR)/v7m_%.S $(V7M_RANDOM_DIR)/v7m_%.elf
v7m-random = $(foreach s,$(1),random/v7m_$(s)@mps2-an385@$(V7M_ISS_CONFIG))
v7m-random-elfs = $(foreach s,$(1),$(V7M_RANDOM_DIR)/v7m_$(s).elf)
# ARMv7E-M streams (gen_random --v7em: the DSP extension among the steps) on the Cortex-M4, mps2-an386
$(V7M_RANDOM_DIR)/v7em_%.S: $(V7M_RANDOM_DIR)/gen_random
	$< --v7em $* 400 > $@.tmp && mv $@.tmp $@
$(V7M_RANDOM_DIR)/v7em_%.elf: $(V7M_RANDOM_DIR)/v7em_%.S $(V7M_LIB_DEPS) | deps
	$(ARM_CC) $(V7M_CFLAGS) -mcpu=cortex-m4 -mfloat-abi=soft -o $@ $< $(PROG_LIB) $(ARM_LDFLAGS)
.PRECIOUS: $(V7M_RANDOM_DIR)/v7em_%.S $(V7M_RANDOM_DIR)/v7em_%.elf
v7em-random = $(foreach s,$(1),random/v7em_$(s)@mps2-an386@$(V7EM_ISS_CONFIG))
v7em-random-elfs = $(foreach s,$(1),$(V7M_RANDOM_DIR)/v7em_$(s).elf)

# the oracle's items: <elf under BUILD>@<QEMU machine>@<model configuration>
V7M_ORACLE := $(V7M_PROGRAMS:%=v7m/%@mps2-an385@$(V7M_ISS_CONFIG)) \
              $(V7EM_PROGRAMS:%=v7m/%@mps2-an386@$(V7EM_ISS_CONFIG)) \
              $(V7M_FROM_V6:%=v7m/m3_%@mps2-an385@$(V7M_ISS_CONFIG))
ORACLE_PROGRAMS += $(V7M_ORACLE) $(call v7m-random,$(V7M_TEST_SEEDS)) $(call v7em-random,$(V7M_TEST_SEEDS))
ALL_TARGETS += $(V7M_ELFS)
TEST_PREREQS += $(V7M_ELFS) $(call v7m-random-elfs,$(V7M_TEST_SEEDS)) $(call v7em-random-elfs,$(V7M_TEST_SEEDS))
.PHONY: v7m-programs oracle-v7m oracle-v7m-random oracle-v7em-random
v7m-programs: $(V7M_ELFS)
# the ARMv7-M corpus alone, and the random seeds, against QEMU (their figures: instructions compared)
oracle-v7m: $(V7M_ELFS) $(QEMU_COMPARE) $(ISS)
	BUILD=$(BUILD) ORACLE_PROGRAMS="$(V7M_ORACLE)" bash tests/oracle/run_oracle.sh
oracle-v7m-random: $(call v7m-random-elfs,$(shell seq 1 $(V7M_SEEDS))) $(QEMU_COMPARE) $(ISS)
	BUILD=$(BUILD) ORACLE_PROGRAMS="$(call v7m-random,$(shell seq 1 $(V7M_SEEDS)))" bash tests/oracle/run_oracle.sh
oracle-v7em-random: $(call v7em-random-elfs,$(shell seq 1 $(V7M_SEEDS))) $(QEMU_COMPARE) $(ISS)
	BUILD=$(BUILD) ORACLE_PROGRAMS="$(call v7em-random,$(shell seq 1 $(V7M_SEEDS)))" bash tests/oracle/run_oracle.sh

# Every ARMv7-M and ARMv7E-M encoding's example (tests/programs/v7m/encodings.list, the unit test
# test_v7m_encodings checks the same list on the model) as two programs: the ARMv7-M examples on the Cortex-M3
# (mps2-an385), the DSP extension's on the Cortex-M4 (mps2-an386), QEMU single-stepped beside the model.
V7M_ENC_DEPS := tests/programs/v7m/encodings.list tests/programs/v7m/encodings_gen.sh \
                tests/programs/v7m/encodings_setup.S dpi/include/tarmac/thumb_encodings.h
$(V7M_DIR)/encodings_v7m.S: $(V7M_ENC_DEPS)
	@mkdir -p $(dir $@)
	bash tests/programs/v7m/encodings_gen.sh 7M < tests/programs/v7m/encodings.list > $@.tmp && mv $@.tmp $@
$(V7M_DIR)/encodings_v7em.S: $(V7M_ENC_DEPS)
	@mkdir -p $(dir $@)
	bash tests/programs/v7m/encodings_gen.sh 7EM < tests/programs/v7m/encodings.list > $@.tmp && mv $@.tmp $@
$(V7M_DIR)/encodings_v7m.elf: $(V7M_DIR)/encodings_v7m.S $(V7M_ENC_DEPS) $(V7M_LIB_DEPS) | deps
	$(ARM_CC) $(V7M_CFLAGS) -mcpu=cortex-m3 -o $@ $< tests/programs/v7m/encodings_setup.S $(PROG_LIB) $(ARM_LDFLAGS)
$(V7M_DIR)/encodings_v7em.elf: $(V7M_DIR)/encodings_v7em.S $(V7M_ENC_DEPS) $(V7M_LIB_DEPS) | deps
	$(ARM_CC) $(V7M_CFLAGS) -mcpu=cortex-m4 -mfloat-abi=soft -DV7E_DSP -o $@ $< tests/programs/v7m/encodings_setup.S \
	  $(PROG_LIB) $(ARM_LDFLAGS)
V7M_ELFS += $(V7M_DIR)/encodings_v7m.elf $(V7M_DIR)/encodings_v7em.elf
V7M_ORACLE += v7m/encodings_v7m@mps2-an385@$(V7M_ISS_CONFIG) v7m/encodings_v7em@mps2-an386@$(V7EM_ISS_CONFIG)
ORACLE_PROGRAMS += v7m/encodings_v7m@mps2-an385@$(V7M_ISS_CONFIG) v7m/encodings_v7em@mps2-an386@$(V7EM_ISS_CONFIG)
# Every ARMv7-M golden of those items read back by tarmac-diff --check
TEST_SCRIPTS += tests/oracle/test_v7m_goldens.sh
TEST_USES_tests/oracle/test_v7m_goldens.sh := $(V7M_ELFS) $(call v7m-random-elfs,$(V7M_TEST_SEEDS)) \
  $(call v7em-random-elfs,$(V7M_TEST_SEEDS)) $(ISS) $(BIN)/tarmac-diff

/* Functional coverage of what the lockstep checker compared (option coverage=<file>, dpi/README.md "Coverage").
 *
 * Counters in named bins, counted from what the comparison took: the golden steps (encodings, flag and operand
 * corners, memory records, exceptions, system registers), the data beats it matched and the MTB packets it
 * compared. Counting is a few array increments per step, on the comparison's thread; nothing is counted when
 * the option is not given.
 *
 * The file written at tc_finish: '#' header lines ("# tarmac-cov 1", "# tests 1", "# failed 0|1",
 * "# golden <path>"), then one line per bin, "<bin>\t<hits>", every bin of the model listed, so that a bin never
 * hit is there with 0: a hole. build/bin/tarmac-cov (dpi/tools/tarmac_cov.c) merges such files and reports them.
 * A bin name is "<group>.<item>...": encoding, flags, shift, operand, reglist, branch, mem, exception, sysreg,
 * mtb, bus. */
#ifndef TARMAC_TC_COVERAGE_H
#define TARMAC_TC_COVERAGE_H

#include "tc_internal.h"

tc_cov *tc_cov_new(void);
void tc_cov_free(tc_cov *v);

/* A golden step the comparison takes (index: its step number), before its register writes reach c->gold, so
 * that c->gold holds the registers before it. */
void tc_cov_step(tc_checker *c, const tc_step *s, uint64_t index);
/* A data beat matched with a golden access (size in bytes), and an ERROR response. */
void tc_cov_beat(tc_cov *v, int write, unsigned size, uint32_t addr);
void tc_cov_error_beat(tc_cov *v);
/* An MTB packet compared with the expected one p. */
void tc_cov_packet(tc_cov *v, const tc_packet *p);

/* Write the file (format above) whole (tarmac/outfile.h; inputs: the paths it may not be); failed: the checker's
 * verdict. Returns 0, or err's status with err naming the file and the reason. */
int tc_cov_write(const tc_cov *v, const char *path, const char *const *inputs, const char *golden, int failed,
                 tm_error *err);

#endif

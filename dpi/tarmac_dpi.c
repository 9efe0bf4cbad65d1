/* DPI-C shim over the lockstep checker: only svdpi.h types, chandle handles, int status, so that the same
 * shared object loads in Verilator, Questa, VCS and Xcelium (-sv_lib). The prototypes match the header
 * Verilator generates from dpi/tarmac_chk_pkg.sv (a test compiles this file against it). */
#include <stdint.h>
#include <stdio.h>

#include "svdpi.h"
#include "tarmac/checker.h"

/* tarmac_chk_open returns null on failure, so its error text cannot hang off a handle: it is kept per
 * thread here, with the option keys, the shim's only state. */
static _Thread_local char open_error[600];

void *tarmac_chk_open(const char *golden, const char *options)
{
    tm_error err;
    tc_checker *c = tc_open(golden && *golden ? golden : NULL, options, &err);
    if (!c) tm_error_format(&err, open_error, sizeof open_error);
    return c;
}

const char *tarmac_chk_error(void *h)
{
    if (!h) return open_error;
    return tc_report((tc_checker *)h);
}

/* The calls pass straight through: the C API answers a null or closed handle, a call after the halt or after
 * finish, and bad arguments (checker.h), so that the SV package and C callers get the same results. */
int tarmac_chk_set_time(void *h, unsigned long long t) { return tc_set_time((tc_checker *)h, t); }

int tarmac_chk_reg_write(void *h, int regid, unsigned value) { return tc_reg_write((tc_checker *)h, regid, value); }

int tarmac_chk_ahb_beat(void *h, unsigned addr, int write, int hsize, int hprot, unsigned data, int resp)
{
    return tc_ahb_beat((tc_checker *)h, addr, write, hsize, hprot, data, resp);
}

int tarmac_chk_mtb_packet(void *h, unsigned word0, unsigned word1) { return tc_mtb_packet((tc_checker *)h, word0, word1); }

int tarmac_chk_mtb_packet_at(void *h, unsigned offset, unsigned word0, unsigned word1)
{
    return tc_mtb_packet_at((tc_checker *)h, offset, word0, word1);
}

int tarmac_chk_retire(void *h, unsigned pc, unsigned opcode, int is32, int cond_passed)
{
    return tc_retire((tc_checker *)h, pc, opcode, is32, cond_passed);
}

int tarmac_chk_exception(void *h, int number, unsigned return_addr)
{
    return tc_exception((tc_checker *)h, number, return_addr);
}

int tarmac_chk_irq_lines(void *h, unsigned irq, int nmi) { return tc_irq_lines((tc_checker *)h, irq, nmi); }

int tarmac_chk_systick_ticks(void *h, unsigned n) { return tc_systick_ticks((tc_checker *)h, n); }

int tarmac_chk_mem_write(void *h, unsigned addr, int size, unsigned data)
{
    return tc_mem_write((tc_checker *)h, addr, size, data);
}

/* regs: TM_REG_COUNT words, word i = register id i (the SV package packs them so) */
int tarmac_chk_snapshot(void *h, const svBitVecVal *regs, unsigned valid)
{
    uint32_t v[TM_REG_COUNT];
    for (int i = 0; regs && i < TM_REG_COUNT; i++) v[i] = regs[i];
    return tc_snapshot((tc_checker *)h, regs ? v : NULL, valid);
}

/* The option keys, comma-separated, for the SV package's plusargs (+tarmac_<key>=<value>). */
const char *tarmac_chk_option_keys(void)
{
    static _Thread_local char keys[512];
    tc_option_keys(keys, sizeof keys);
    return keys;
}

int tarmac_chk_halted(void *h) { return tc_halted((tc_checker *)h); }

int tarmac_chk_finish(void *h) { return tc_finish((tc_checker *)h); }

/* a null handle: the open error, which the package printed when open failed */
const char *tarmac_chk_report(void *h) { return h ? tc_report((tc_checker *)h) : open_error; }

const char *tarmac_chk_report_unread(void *h) { return tc_report_unread((tc_checker *)h); }

void tarmac_chk_close(void *h) { tc_close((tc_checker *)h); }

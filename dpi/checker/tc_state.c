/* The architectural state of an ARMv6-M core and the stream that compares each piece, in each register mode: the
 * one list dpi/README.md's table shows (a test keeps them equal) and the one a verdict's "not compared" list is
 * made from (tc_state_not_compared). A row whose text starts with "not compared" is state the checker does not
 * see directly in that mode. */
#include <stdio.h>
#include <string.h>

#include "tc_internal.h"

#define NC "not compared"

static const tc_state_info rows[] = {
    { "r0-r12, LR", "register stream: each write, by value", "register stream: every step's snapshot" },
    { "SP: MSP and PSP, and which one is in use", "register stream: each write, by bank (r13_main/r13_process)",
      "register stream: every step's snapshot, both banks" },
    { "PC", "instruction stream: each retired instruction's address, so every branch and exception target",
      "instruction stream" },
    { "APSR (N, Z, C, V)", "register stream: xPSR writes", "register stream: every step's xPSR" },
    { "IPSR at exception entry and return", "register stream: xPSR writes; instruction stream: the exception number",
      "register stream: every step's xPSR; instruction stream" },
    { "EPSR.T",
      "register stream: xPSR writes; a clear T bit (an even reset vector, an interworking branch to an even address, "
      "a return to a frame with T clear) faults before the next instruction: instruction stream (the HardFault), bus "
      "stream (the frame's xPSR word holds T clear)",
      "register stream: every step's xPSR; the same" },
    { "PRIMASK (CPS, MSR)", "register stream: each write", "register stream: every step's snapshot" },
    { "CONTROL.SPSEL: MSR, cleared at exception entry, set by a return to Thread mode on PSP",
      "register stream: each change, the implicit ones included (the core reports them as writes)",
      "register stream: every step's snapshot" },
    { "exception entry: number, return address, the stacked frame",
      "instruction stream (exception calls); bus stream (the frame's writes)", "the same" },
    { "exception return: EXC_RETURN, the unstacked frame",
      "register stream (restored registers); bus stream (the frame's reads); MTB stream (its packets)", "the same" },
    { "memory, and the registers of the SCS, MTB and devices as the core reads and writes them",
      "bus stream: every data beat, address, size, direction and data", "bus stream" },
    { "MTB packets and where they go in the MTB SRAM",
      "MTB stream: each packet's words; its SRAM offset with mtb_packet_at", "MTB stream" },
    { "pending and active exceptions, priorities, VTOR, SysTick's count and COUNTFLAG, SCR",
      NC ": seen through the exceptions the core takes (instruction stream) and its reads of the SCS (bus stream)",
      NC ": seen the same way" },
    { "MTB POSITION, MASTER, FLOW", NC ": seen through the packets (MTB stream) and reads (bus stream)",
      NC ": seen the same way" },
    { "opcode fetches and vector reads", NC ": not data beats (HPROT[0] = 0); the opcode and the handler address "
      "are compared (instruction stream)", NC ": the same" },
    { "registers the golden has not written yet (UNKNOWN at reset)", NC ": until the golden writes them",
      NC ": until the golden writes them" },
    { "sleep (WFI, WFE), the event register, debug halt requests (HALTREQ)", NC ": no architectural record",
      NC ": no architectural record" },
};
#define N_ROWS (sizeof rows / sizeof rows[0])

const tc_state_info *tc_state_at(size_t i) { return i < N_ROWS ? &rows[i] : NULL; }

int tc_state_uncompared(const tc_state_info *row, int snapshot)
{
    return strncmp(snapshot ? row->snapshot : row->writes, NC, strlen(NC)) == 0;
}

size_t tc_state_not_compared(const tc_checker *c, char *buf, size_t size)
{
    size_t n = 0;
    if (size) buf[0] = '\0';
    if (!tc_handle_open(c)) return 0; /* a NULL or closed handle has no register mode (checker.h) */
    for (size_t i = 0; i < N_ROWS; i++) {
        if (!tc_state_uncompared(&rows[i], c->o.snapshot)) continue;
        int k = snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, "%s%s", n ? "; " : "", rows[i].state);
        n += (size_t)k;
    }
    return n;
}

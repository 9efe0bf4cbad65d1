/* Test support in C, for the checker's fuzz target and the C++ tests (tests/unit/checker/replay.h): the calls a
 * perfect RTL makes for a golden trace. Each golden step's register writes and data accesses come before the call
 * that closes the step (retire or exception); memory data is placed on its byte lanes as the AHB carries it. */
#ifndef TARMAC_GOLDEN_CALLS_H
#define TARMAC_GOLDEN_CALLS_H

#include <stddef.h>
#include <stdint.h>

#include "tarmac/checker.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The checker's calls; the derivation makes the first four, a fuzzer any. */
typedef enum gc_kind { GC_REG, GC_BEAT, GC_RETIRE, GC_EXC, GC_PACKET, GC_IRQ, GC_TICKS, GC_MEMW, GC_TIME,
                       GC_SNAPSHOT, GC_KIND_COUNT } gc_kind;

typedef struct gc_call {
    uint8_t kind;         /* gc_kind */
    uint32_t a, b, c, d, e, f; /* REG: id, value  BEAT: addr, write, hsize, prot, data, resp  RETIRE: pc, opcode,
                                * is32, cond  EXC: number, return address  PACKET: w0, w1 [, c = 1: d = offset]
                                * IRQ: lines, nmi  TICKS: n  MEMW: addr, size, data  TIME: low, high word
                                * SNAPSHOT: a = valid mask (the values: the caller's) */
} gc_call;

typedef struct gc_calls {
    gc_call *v;
    size_t n, cap;
} gc_calls;

/* Appends one call (grows v). Returns 0, or -1 when out of memory. */
int gc_push(gc_calls *calls, gc_call c);
void gc_free(gc_calls *calls);

/* The perfect RTL's calls for the golden at path appended to out. Returns TM_OK, or the reader's error status with
 * err filled (the calls of the steps before the error are in out). */
int gc_perfect_calls(const char *path, gc_calls *out, tm_error *err);

#ifdef __cplusplus
}
#endif
#endif

/* Internal: the hand-over of a single-producer single-consumer ring between two threads. The ring's storage is
 * the caller's (slot = position modulo its capacity); this holds only the two positions and the sleeping.
 *
 * Positions count items from 0 and never wrap (64 bits). The producer owns head: items [0, head) are published.
 * The consumer owns tail: items [0, tail) are handed back and their slots are the producer's again. Items
 * [tail, head) are the consumer's to read. The producer may write the slot of position p once
 * p < tail + capacity (the capacity as the caller counts it: the checker also counts pools beside the slots).
 *
 * Neither side takes a lock unless it must wait: publishing and handing back are one store each (and a wake-up
 * only when the other side sleeps past a point it chose). A side that must wait chooses how far the other has
 * to go before it is woken (its wake point): a consumer that sleeps until a quarter of the ring is ready, a
 * producer that sleeps until half of it is free, costs one wake-up per quarter or half ring, not one per item.
 *
 * Contract (what keeps the two from waiting on each other forever):
 *  - the producer, before it waits, has published every item it finished (its wait wakes a sleeping consumer:
 *    nothing more is published until it returns, so the consumer re-checks what it needs);
 *  - the consumer, before it waits, has handed back every item it is done with, and waits only for items the
 *    producer can make with the slots handed back (need <= tail + capacity, as the caller counts room);
 *  - the producer's wake point is at most the tail the consumer reaches before it waits again.
 * Every call on one side comes from that side's one thread. With both sides on one thread (the checker's live
 * mode) the calls are plain stores and loads, and the caller never needs to wait. */
#ifndef TARMAC_RING_H
#define TARMAC_RING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tm_ring tm_ring;

/* A ring with both positions 0, neither side done or stopped; NULL when out of memory or threads' resources. */
tm_ring *tm_ring_new(void);
/* After both sides are done with it (the producer's thread joined). NULL is ignored. */
void tm_ring_free(tm_ring *r);

/* --- producer --- */

/* Publish items [0, head) (head never decreases). What the producer wrote into their slots, and any other
 * data it wrote before this call, is visible to the consumer once it reads this head. Wakes the consumer
 * when it sleeps and head reached its wake point. */
void tm_ring_publish(tm_ring *r, uint64_t head);
/* The last head is final (the input ended or failed): wakes a sleeping consumer for good. Data written
 * before this call (an error message, say) is visible to a consumer that sees done. */
void tm_ring_finish(tm_ring *r);
/* The consumer's tail as it is now; slots of items before it may be written again. */
uint64_t tm_ring_tail(tm_ring *r);
/* 1 once the consumer asked the producer to end (tm_ring_stop). */
int tm_ring_stopped(tm_ring *r);
/* Sleep until tail >= wake and room(arg) is true (room may be NULL: tail alone decides), or until stopped.
 * room is called with the ring's mutex held, after each hand-back that reaches wake, to check what the caller
 * counts besides positions (other pools the consumer frees with the same hand-back). Returns 0, or -1 when
 * stopped. */
int tm_ring_wait_room(tm_ring *r, uint64_t wake, int (*room)(void *arg), void *arg);

/* --- consumer --- */

/* Hand items [0, tail) back (tail never decreases). Wakes the producer when it sleeps and tail reached its
 * wake point. */
void tm_ring_release(tm_ring *r, uint64_t tail);
/* The producer's head as it is now, and (done read first, so that a head read after it is final) whether it
 * ended. done may be NULL. */
uint64_t tm_ring_head(tm_ring *r, int *done);
/* Sleep until head >= need or the producer ended; the producer wakes this thread once head reaches wake
 * (>= need: a later point batches the wake-ups), when it ends, or when it must wait itself. Stores the head
 * seen in *head. Returns done (1 when the producer ended: *head is final). */
int tm_ring_wait_items(tm_ring *r, uint64_t need, uint64_t wake, uint64_t *head);
/* Ask the producer to end: wakes it when it sleeps in tm_ring_wait_room. The caller then joins its thread. */
void tm_ring_stop(tm_ring *r);

#ifdef __cplusplus
}
#endif
#endif

/* The ring's hand-over (ring.h). Each side stores its position, then looks whether the other sleeps; a side
 * going to sleep says so, then looks at the position again, both with sequentially consistent accesses: one of
 * the two always sees the other's store, so no wake-up is lost. The sleeper holds the mutex from saying so to
 * pthread_cond_wait, and the waker broadcasts under it. */
#include "ring.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct tm_ring {
    /* the producer's (a cache line of its own: the consumer reads it only when it runs out) */
    _Alignas(64) atomic_uint_fast64_t head;
    atomic_int done;                        /* head is final: the producer ended */
    /* the consumer's */
    _Alignas(64) atomic_uint_fast64_t tail;
    atomic_int stop;                        /* the consumer asks the producer to end */
    /* sleeping */
    _Alignas(64) pthread_mutex_t mu;
    pthread_cond_t cv;
    atomic_int producer_waits, consumer_waits;
    atomic_uint_fast64_t wake_tail;         /* a sleeping producer is woken once tail reaches it */
    atomic_uint_fast64_t wake_head;         /* a sleeping consumer is woken once head reaches it */
};

tm_ring *tm_ring_new(void)
{
    tm_ring *r = aligned_alloc(64, sizeof *r);
    if (!r) return NULL;
    atomic_init(&r->head, 0);
    atomic_init(&r->done, 0);
    atomic_init(&r->tail, 0);
    atomic_init(&r->stop, 0);
    atomic_init(&r->producer_waits, 0);
    atomic_init(&r->consumer_waits, 0);
    atomic_init(&r->wake_tail, 0);
    atomic_init(&r->wake_head, 0);
    if (pthread_mutex_init(&r->mu, NULL) != 0) {
        free(r);
        return NULL;
    }
    if (pthread_cond_init(&r->cv, NULL) != 0) {
        pthread_mutex_destroy(&r->mu);
        free(r);
        return NULL;
    }
    return r;
}

void tm_ring_free(tm_ring *r)
{
    if (!r) return;
    pthread_mutex_destroy(&r->mu);
    pthread_cond_destroy(&r->cv);
    free(r);
}

static void wake(tm_ring *r)
{
    pthread_mutex_lock(&r->mu);
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}

void tm_ring_publish(tm_ring *r, uint64_t head)
{
    atomic_store_explicit(&r->head, head, memory_order_seq_cst);
    if (atomic_load_explicit(&r->consumer_waits, memory_order_seq_cst) &&
        head >= atomic_load_explicit(&r->wake_head, memory_order_relaxed))
        wake(r);
}

void tm_ring_finish(tm_ring *r)
{
    atomic_store_explicit(&r->done, 1, memory_order_seq_cst);
    wake(r);
}

uint64_t tm_ring_tail(tm_ring *r) { return atomic_load_explicit(&r->tail, memory_order_seq_cst); }

int tm_ring_stopped(tm_ring *r) { return atomic_load_explicit(&r->stop, memory_order_relaxed); }

int tm_ring_wait_room(tm_ring *r, uint64_t wake_at, int (*room)(void *arg), void *arg)
{
    pthread_mutex_lock(&r->mu);
    atomic_store_explicit(&r->wake_tail, wake_at, memory_order_relaxed);
    atomic_store_explicit(&r->producer_waits, 1, memory_order_seq_cst);
    /* a consumer asleep until its wake point is woken now: nothing more is published until this returns */
    if (atomic_load_explicit(&r->consumer_waits, memory_order_seq_cst)) pthread_cond_broadcast(&r->cv);
    for (;;) {
        if (atomic_load_explicit(&r->stop, memory_order_relaxed)) break;
        if (atomic_load_explicit(&r->tail, memory_order_seq_cst) >= wake_at && (!room || room(arg))) break;
        pthread_cond_wait(&r->cv, &r->mu);
    }
    atomic_store_explicit(&r->producer_waits, 0, memory_order_relaxed);
    int stop = atomic_load_explicit(&r->stop, memory_order_relaxed);
    pthread_mutex_unlock(&r->mu);
    return stop ? -1 : 0;
}

void tm_ring_release(tm_ring *r, uint64_t tail)
{
    atomic_store_explicit(&r->tail, tail, memory_order_seq_cst);
    if (atomic_load_explicit(&r->producer_waits, memory_order_seq_cst) &&
        tail >= atomic_load_explicit(&r->wake_tail, memory_order_relaxed))
        wake(r);
}

uint64_t tm_ring_head(tm_ring *r, int *done)
{
    int d = atomic_load_explicit(&r->done, memory_order_seq_cst);
    if (done) *done = d;
    return atomic_load_explicit(&r->head, memory_order_seq_cst);
}

int tm_ring_wait_items(tm_ring *r, uint64_t need, uint64_t wake_at, uint64_t *head)
{
    int done;
    *head = tm_ring_head(r, &done);
    if (*head >= need || done) return done;
    pthread_mutex_lock(&r->mu);
    atomic_store_explicit(&r->wake_head, wake_at, memory_order_relaxed);
    atomic_store_explicit(&r->consumer_waits, 1, memory_order_seq_cst);
    for (;;) {
        *head = tm_ring_head(r, &done);
        if (*head >= need || done) break;
        pthread_cond_wait(&r->cv, &r->mu);
    }
    atomic_store_explicit(&r->consumer_waits, 0, memory_order_relaxed);
    pthread_mutex_unlock(&r->mu);
    return done;
}

void tm_ring_stop(tm_ring *r)
{
    atomic_store_explicit(&r->stop, 1, memory_order_relaxed);
    wake(r);
}

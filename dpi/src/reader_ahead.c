/* Parse-ahead for tm_reader: a thread splits and parses the trace (which the inner reader inflates on a thread of
 * its own) into batches of records, so that a caller with its own work per record (the lockstep checker inside a
 * simulation) only copies records. Small batches stay in cache between the two cores. A batch
 * owns the text its records point into; the caller releases a batch when it asks for the first record after it.
 * Memory is bounded: BATCHES batches of at most BATCH_RECORDS records and BATCH_TEXT + line_max bytes. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "reader_internal.h"

#define BATCHES 8
#define BATCH_RECORDS 1024u
#define BATCH_TEXT (64u << 10)

typedef struct entry {
    tm_record rec;
    uint64_t line, offset;
} entry;

typedef struct batch {
    entry *e;
    unsigned n;
    char *text;
    size_t text_len;
    int status;          /* after the records: TM_OK, TM_EOF (the last batch) or an error (more may follow) */
    tm_error err;
    uint64_t skipped, raw_total;
} batch;

struct tm_ahead {
    tm_reader *inner;
    size_t text_cap;     /* BATCH_TEXT + line_max + 1: the line that crosses BATCH_TEXT always fits */
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    batch b[BATCHES];
    unsigned head, tail; /* batches [tail, head) are filled; the caller reads b[tail] */
    int stop;
    int producer_waits, caller_waits; /* who sleeps on cv: a wake-up only when someone does */
    unsigned pos;        /* next record of b[tail] */
    int holding;         /* the caller is reading b[tail] */
};

/* Fill b from the inner reader: whole lines copied into the batch's text, parsed there. */
static void fill(tm_ahead *a, batch *b)
{
    b->n = 0;
    b->text_len = 0;
    b->status = TM_OK;
    while (b->n < BATCH_RECORDS && b->text_len < BATCH_TEXT) {
        const char *line;
        size_t len;
        int rc = tm_reader_next_line(a->inner, &line, &len, &b->err);
        if (rc == TM_OK) {
            char *copy = b->text + b->text_len;
            memcpy(copy, line, len);
            copy[len] = '\0';
            entry *e = &b->e[b->n];
            rc = tm_reader_parse(a->inner, copy, len, &e->rec, &b->err);
            if (rc == TM_OK && e->rec.kind == TM_REC_NONE) continue;
            if (rc == TM_OK) {
                e->line = tm_reader_line(a->inner);
                e->offset = tm_reader_offset(a->inner);
                b->n++;
                b->text_len += len + 1;
                continue;
            }
        }
        b->status = rc;
        break;
    }
    b->skipped = tm_reader_skipped(a->inner);
    b->raw_total = tm_reader_compressed_offset(a->inner);
}

static void *ahead_main(void *arg)
{
    tm_ahead *a = arg;
    for (;;) {
        /* A full ring: sleep until half of it is free, so that the caller (the simulation's thread) wakes this
         * thread once per BATCHES / 2 batches, not once per batch. */
        pthread_mutex_lock(&a->mu);
        if (a->head - a->tail == BATCHES) {
            a->producer_waits = 1;
            while (a->head - a->tail > BATCHES / 2 && !a->stop) pthread_cond_wait(&a->cv, &a->mu);
            a->producer_waits = 0;
        }
        int stop = a->stop;
        batch *b = &a->b[a->head % BATCHES];
        pthread_mutex_unlock(&a->mu);
        if (stop) break;
        fill(a, b);
        pthread_mutex_lock(&a->mu);
        a->head++;
        if (a->caller_waits) pthread_cond_broadcast(&a->cv);
        pthread_mutex_unlock(&a->mu);
        if (b->status == TM_EOF) break; /* after an error, read on as the caller of a plain reader could */
    }
    return NULL;
}

static void free_batches(tm_ahead *a)
{
    for (int i = 0; i < BATCHES; i++) {
        free(a->b[i].e);
        free(a->b[i].text);
    }
}

tm_ahead *tm_ahead_start(tm_reader *inner)
{
    tm_ahead *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->inner = inner;
    a->text_cap = BATCH_TEXT + tm_reader_line_max(inner) + 1;
    for (int i = 0; i < BATCHES; i++) {
        a->b[i].e = malloc(BATCH_RECORDS * sizeof *a->b[i].e);
        a->b[i].text = malloc(a->text_cap);
        if (!a->b[i].e || !a->b[i].text) {
            free_batches(a);
            free(a);
            return NULL;
        }
    }
    pthread_mutex_init(&a->mu, NULL);
    pthread_cond_init(&a->cv, NULL);
    if (pthread_create(&a->thread, NULL, ahead_main, a) != 0) {
        pthread_mutex_destroy(&a->mu);
        pthread_cond_destroy(&a->cv);
        free_batches(a);
        free(a);
        return NULL;
    }
    return a;
}

void tm_ahead_stop(tm_ahead *a)
{
    if (!a) return;
    pthread_mutex_lock(&a->mu);
    a->stop = 1;
    pthread_cond_broadcast(&a->cv);
    pthread_mutex_unlock(&a->mu);
    pthread_join(a->thread, NULL);
    pthread_mutex_destroy(&a->mu);
    pthread_cond_destroy(&a->cv);
    tm_reader_close(a->inner);
    free_batches(a);
    free(a);
}

int tm_ahead_next(tm_ahead *a, tm_record *rec, tm_ahead_pos *pos, tm_error *err)
{
    for (;;) {
        if (!a->holding) {
            pthread_mutex_lock(&a->mu);
            a->caller_waits = 1;
            while (a->head == a->tail) pthread_cond_wait(&a->cv, &a->mu);
            a->caller_waits = 0;
            pthread_mutex_unlock(&a->mu);
            a->holding = 1;
            a->pos = 0;
        }
        batch *b = &a->b[a->tail % BATCHES];
        pos->skipped = b->skipped;
        pos->raw_total = b->raw_total;
        if (a->pos < b->n) {
            const entry *e = &b->e[a->pos++];
            *rec = e->rec;
            pos->line = e->line;
            pos->offset = e->offset;
            return TM_OK;
        }
        if (b->status == TM_EOF) return TM_EOF; /* the last batch: kept, so the end repeats */
        if (b->status != TM_OK && a->pos == b->n) { /* the error that ended the batch, once */
            a->pos++;
            if (err) *err = b->err;
            return b->status;
        }
        pthread_mutex_lock(&a->mu);
        a->tail++;
        if (a->producer_waits && a->head - a->tail <= BATCHES / 2) pthread_cond_broadcast(&a->cv);
        pthread_mutex_unlock(&a->mu);
        a->holding = 0;
    }
}

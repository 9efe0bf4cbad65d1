/* The writer's output stream (writer.h, tm_out_*): buffered trace output, plain or gzip. With threading, lines
 * are formatted into one buffer while the other is deflated and written on a second thread (double buffering: a
 * ring of two buffers, ring.h). The gzip header carries no timestamp or name, so the same lines always give the
 * same bytes; it carries the producer's comment when one is given (tm_out_options.comment). The file is an
 * outfile.h output: written whole at tm_out_close, or not at all. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "ring.h"
#include "tarmac/outfile.h"
#include "tarmac/writer.h"

#define OUT_BUF (1u << 20)
#define ZBUF (256u << 10)
#define LINE_ROOM 8192 /* flush when less than this is left before formatting a record */

struct tm_out {
    tm_outfile *file;
    const char *path; /* the file's, for messages */
    int gzip;
    z_stream z;
    int z_ready;
    gz_header head;   /* used only with a comment; deflate reads it until the header is written */
    char *comment;
    unsigned char *zbuf;
    char *buf[2];
    size_t len;       /* bytes in buf[cur] */
    int cur;
    /* compressor thread: the caller produces full buffers into hand, the thread consumes them */
    int threaded;
    pthread_t thread;
    tm_ring *hand;
    uint64_t handed;  /* buffers handed to the thread; buf[cur] is buffer number handed */
    size_t full_len[2]; /* bytes of each buffer handed over */
    atomic_int status; /* first error of the writing side: werr.status, stored after werr is filled */
    tm_error werr;
};

/* The writing side's error (it may be the compressor thread's). Returns its status. */
static int written_error(const tm_out *o, tm_error *err)
{
    if (err) *err = o->werr;
    return o->status;
}

static int write_all(tm_out *o, const void *data, size_t len)
{
    tm_error e;
    if (tm_outfile_write(o->file, data, len, &e) == TM_OK) return TM_OK;
    o->werr = e;
    atomic_store(&o->status, e.status);
    return e.status;
}

/* Compress (or copy) data to the file; finish ends the gzip stream. Runs on the writing thread. */
static int emit(tm_out *o, const char *data, size_t len, int finish)
{
    if (o->status != TM_OK) return o->status;
    if (!o->gzip) return len ? write_all(o, data, len) : TM_OK;
    z_stream *z = &o->z;
    z->next_in = (unsigned char *)data;
    z->avail_in = (uInt)len;
    int flush = finish ? Z_FINISH : Z_NO_FLUSH;
    for (;;) {
        z->next_out = o->zbuf;
        z->avail_out = ZBUF;
        int zr = deflate(z, flush);
        if (zr == Z_STREAM_ERROR) {
            atomic_store(&o->status, tm_error_set(&o->werr, TM_ERR_GZIP, o->path, 0, "deflate failed"));
            return TM_ERR_GZIP;
        }
        size_t have = ZBUF - z->avail_out;
        if (have && write_all(o, o->zbuf, have) != TM_OK) return o->status;
        if (finish ? zr == Z_STREAM_END : (z->avail_in == 0 && z->avail_out != 0)) break;
    }
    return TM_OK;
}

static void *compressor_main(void *arg)
{
    tm_out *o = arg;
    for (uint64_t tail = 0;;) {
        uint64_t head;
        tm_ring_wait_items(o->hand, tail + 1, tail + 1, &head);
        if (head == tail) break; /* closed, everything written */
        emit(o, o->buf[tail % 2], o->full_len[tail % 2], 0);
        tm_ring_release(o->hand, ++tail);
    }
    return NULL;
}

tm_out *tm_out_open(const char *path, const tm_out_options *opts, tm_error *err)
{
    tm_out *o = calloc(1, sizeof *o);
    if (!o) {
        tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
        return NULL;
    }
    o->file = tm_outfile_open(path, opts ? opts->inputs : NULL, err);
    if (!o->file) {
        free(o);
        return NULL;
    }
    o->path = tm_outfile_path(o->file);
    size_t n = strlen(path);
    int gz = opts ? opts->gzip : -1;
    o->gzip = gz < 0 ? (n > 3 && strcmp(path + n - 3, ".gz") == 0) : gz;
    o->buf[0] = malloc(OUT_BUF);
    o->buf[1] = malloc(OUT_BUF);
    o->zbuf = malloc(ZBUF);
    if (!o->buf[0] || !o->buf[1] || !o->zbuf) {
        tm_error_set(err, TM_ERR_IO, o->path, 0, "out of memory");
        goto fail;
    }
    if (o->gzip) {
        int level = opts && opts->level ? opts->level : 1;
        if (deflateInit2(&o->z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
            tm_error_set(err, TM_ERR_GZIP, o->path, 0, "cannot initialise zlib");
            goto fail;
        }
        o->z_ready = 1;
        if (opts && opts->comment) {
            /* the same header bytes zlib writes by default (no time, no name, OS Unix), plus FCOMMENT */
            o->comment = strdup(opts->comment);
            o->head.os = 3;
            o->head.comment = (Bytef *)o->comment;
            if (!o->comment || deflateSetHeader(&o->z, &o->head) != Z_OK) {
                tm_error_set(err, TM_ERR_GZIP, o->path, 0, "cannot set the gzip header's comment");
                goto fail;
            }
        }
    }
    if (opts && opts->threaded) {
        o->hand = tm_ring_new();
        o->threaded = o->hand && pthread_create(&o->thread, NULL, compressor_main, o) == 0;
        if (!o->threaded) tm_ring_free(o->hand); /* compress on the caller's thread instead */
    }
    return o;
fail:
    if (o->z_ready) deflateEnd(&o->z);
    free(o->comment);
    tm_outfile_discard(o->file);
    free(o->buf[0]);
    free(o->buf[1]);
    free(o->zbuf);
    free(o);
    return NULL;
}

/* Hand the current buffer to the compressor (or compress it here) and start a fresh one: the other buffer,
 * once the compressor is done with it. */
static int flush_buf(tm_out *o, tm_error *err)
{
    if (!o->threaded) {
        emit(o, o->buf[o->cur], o->len, 0);
        o->len = 0;
    } else if (o->len) {
        o->full_len[o->cur] = o->len;
        tm_ring_publish(o->hand, ++o->handed);
        o->cur = !o->cur;
        o->len = 0;
        if (o->handed - tm_ring_tail(o->hand) == 2) tm_ring_wait_room(o->hand, o->handed - 1, NULL, NULL);
    }
    if (atomic_load(&o->status) != TM_OK) return written_error(o, err);
    return TM_OK;
}

int tm_out_write(tm_out *o, const char *data, size_t len, tm_error *err)
{
    if (!o || (len && !data)) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_out_write: a NULL argument");
    while (len) {
        size_t room = OUT_BUF - o->len;
        size_t n = len < room ? len : room;
        memcpy(o->buf[o->cur] + o->len, data, n);
        o->len += n;
        data += n;
        len -= n;
        if (o->len == OUT_BUF) {
            int rc = flush_buf(o, err);
            if (rc) return rc;
        }
    }
    return TM_OK;
}

int tm_out_record(tm_out *o, const tm_record *rec, tm_dialect d, tm_error *err)
{
    if (!o || !rec) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_out_record: a NULL argument");
    if (OUT_BUF - o->len < LINE_ROOM) {
        int rc = flush_buf(o, err);
        if (rc) return rc;
    }
    char *p = o->buf[o->cur] + o->len;
    int n = tm_format(rec, d, p, OUT_BUF - o->len - 1);
    if (n < 0) return tm_error_set(err, TM_ERR_ARG, o->path, 0, "record too long to format");
    p[n] = '\n';
    o->len += (size_t)n + 1;
    return TM_OK;
}

int tm_out_close(tm_out *o, tm_error *err)
{
    if (!o) return TM_OK;
    int rc = TM_OK;
    if (o->threaded) {
        flush_buf(o, NULL);
        tm_ring_finish(o->hand);
        pthread_join(o->thread, NULL);
        tm_ring_free(o->hand);
    }
    emit(o, o->buf[o->cur], o->len, 1);
    if (o->z_ready) deflateEnd(&o->z);
    free(o->comment);
    if (o->status != TM_OK) { /* the file is not complete: path keeps what it held */
        rc = written_error(o, err);
        tm_outfile_discard(o->file);
    } else {
        rc = tm_outfile_commit(o->file, err);
    }
    free(o->buf[0]);
    free(o->buf[1]);
    free(o->zbuf);
    free(o);
    return rc;
}

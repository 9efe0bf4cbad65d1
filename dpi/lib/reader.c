/* Streaming line reader over plain or gzip input (detected by the magic bytes), from a file or stdin. The gzip
 * header is read at open, on the caller's thread, so that its comment is known before the first line.
 * gzip input is inflated on a second thread into a small ring of blocks (ring.h) so that inflation and
 * parsing overlap; the caller's side copies each block into its line buffer. Memory use is bounded by the block
 * size and the line limit, whatever the input length. */
#include "tarmac/reader.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "ring.h"
#include "tarmac/input.h"
#include "tarmac/parse.h"

#define BLOCK (1u << 20)  /* inflated bytes per block */
#define RAW_BLOCK (256u << 10)
#define RING 4

typedef struct source {
    int fd;
    int gzip;
    int eof;           /* no more input bytes */
    int stream_end;    /* the last gzip member ended cleanly */
    z_stream z;
    int z_ready;
    gz_header head;    /* the first member's header; zlib forgets it at the next member (inflateReset) */
    char head_comment[TM_GZIP_COMMENT_MAX];
    int has_comment;
    unsigned char *raw;
    uint64_t raw_total; /* bytes read from the file */
    tm_error err;       /* the producing side's error (err.status TM_OK: none); the caller adds file:line */
} source;

typedef struct block {
    char *data;
    size_t len;
} block;

struct tm_reader {
    char *path;           /* as given ("<stdin>" for "-"), whatever its length */
    source src;
    uint64_t file_size;
    int regular;          /* a regular file: it can be read a second time (tm_reader_check_member) */
    /* line buffer: valid data in buf[start, end) */
    char *buf;
    size_t cap, start, end;
    uint64_t base_offset; /* uncompressed offset of buf[0] */
    uint32_t line_max;
    int lenient;
    int input_done;
    uint64_t line_no, line_offset, skipped;
    tm_parse_state pstate; /* what a line needs from the lines before it (ES continuation lines) */
    const char *cur;      /* the line last parsed, while records glued onto it are pending (pstate.more) */
    size_t cur_len;
    /* threaded inflation: the inflating thread produces blocks into ring, the caller consumes them */
    int threaded;
    pthread_t thread;
    tm_ring *hand;
    block ring[RING];
    uint64_t tail;        /* the caller's next block */
    atomic_uint_fast64_t shared_raw_total; /* src.raw_total, for tm_reader_compressed_offset on the caller's side */
};

/* The producing side's error, at this file and line. Returns its status. */
static int source_error(const tm_reader *r, uint64_t line, tm_error *err)
{
    return tm_error_set(err, r->src.err.status, r->path, line, "%s", r->src.err.msg);
}

/* One read(2) from the input: retries EINTR, counts the bytes, notes the end of file; -1 with s->err set
 * on an error. */
static ssize_t read_raw(source *s, void *buf, size_t n)
{
    for (;;) {
        ssize_t got = read(s->fd, buf, n);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            tm_error_set(&s->err, TM_ERR_IO, NULL, 0, "read error: %s", strerror(errno));
            return -1;
        }
        if (got == 0) s->eof = 1;
        s->raw_total += (uint64_t)got;
        return got;
    }
}

/* Fill dst with up to cap bytes of decoded input. Returns bytes produced; 0 with s->eof at the end;
 * sets s->err on error. Runs on the producer thread for gzip, on the caller's otherwise. */
static size_t produce(source *s, char *dst, size_t cap)
{
    if (!s->gzip) {
        size_t got = 0;
        while (got < cap && !s->eof) {
            ssize_t n = read_raw(s, dst + got, cap - got);
            if (n < 0) return got;
            got += (size_t)n;
        }
        return got;
    }
    z_stream *z = &s->z;
    z->next_out = (unsigned char *)dst;
    z->avail_out = (uInt)cap;
    while (z->avail_out > 0) {
        if (z->avail_in == 0 && !s->eof) {
            ssize_t n = read_raw(s, s->raw, RAW_BLOCK);
            if (n < 0) break;
            z->next_in = s->raw;
            z->avail_in = (uInt)n;
        }
        if (z->avail_in == 0 && s->eof) {
            if (!s->stream_end) {
                tm_error_set(&s->err, TM_ERR_GZIP, NULL, 0, "truncated gzip stream (unexpected end of file)");
            }
            break;
        }
        if (s->stream_end) {
            /* Another member follows (concatenated gzip), or trailing garbage. */
            if (z->avail_in < 2 && !s->eof) {
                /* need both magic bytes: pull more */
                unsigned char keep = z->avail_in ? z->next_in[0] : 0;
                int had = z->avail_in;
                ssize_t n = read_raw(s, s->raw + had, RAW_BLOCK - 1);
                if (n < 0) break;
                if (had) s->raw[0] = keep;
                z->next_in = s->raw;
                z->avail_in = (uInt)(had + n);
                continue;
            }
            if (z->avail_in >= 2 && z->next_in[0] == 0x1f && z->next_in[1] == 0x8b) {
                inflateReset(z);
                s->stream_end = 0;
            } else {
                tm_error_set(&s->err, TM_ERR_GZIP, NULL, 0, "trailing garbage after the gzip stream");
                break;
            }
        }
        int zr = inflate(z, Z_NO_FLUSH);
        if (zr == Z_STREAM_END) {
            s->stream_end = 1;
        } else if (zr == Z_BUF_ERROR) {
            continue; /* needs more input */
        } else if (zr != Z_OK) {
            tm_error_set(&s->err, TM_ERR_GZIP, NULL, 0, "corrupt gzip stream: %s", z->msg ? z->msg : "inflate error");
            break;
        }
    }
    size_t got = cap - z->avail_out;
    if (got == 0 && s->err.status == TM_OK && s->eof && s->stream_end && z->avail_in == 0) return 0;
    return got;
}

static void *producer_main(void *arg)
{
    tm_reader *r = arg;
    for (uint64_t head = 0;;) {
        /* a full ring: sleep until half of it is free (one wake-up per RING / 2 blocks) */
        if (head - tm_ring_tail(r->hand) == RING && tm_ring_wait_room(r->hand, head - RING / 2, NULL, NULL))
            break;
        if (tm_ring_stopped(r->hand)) break;
        block *b = &r->ring[head % RING];
        b->len = produce(&r->src, b->data, BLOCK);
        atomic_store_explicit(&r->shared_raw_total, r->src.raw_total, memory_order_relaxed);
        if (b->len) tm_ring_publish(r->hand, ++head);
        if (r->src.err.status != TM_OK || (b->len == 0 && r->src.eof)) {
            tm_ring_finish(r->hand); /* src.err is the caller's to read once it sees done */
            break;
        }
    }
    return NULL;
}

/* Inflate as far as the end of the gzip header (Z_BLOCK stops before the first deflate block: no output), and
 * keep its comment. A header cut short by the end of the file is left to produce() to report. Returns -1 with
 * s->err set on a read error or a corrupt header. */
static int read_gzip_header(source *s, char *scratch)
{
    z_stream *z = &s->z;
    s->head.comment = (Bytef *)s->head_comment;
    s->head.comm_max = TM_GZIP_COMMENT_MAX;
    if (inflateGetHeader(z, &s->head) != Z_OK) {
        tm_error_set(&s->err, TM_ERR_GZIP, NULL, 0, "cannot read the gzip header");
        return -1;
    }
    while (!s->head.done) {
        if (z->avail_in == 0) {
            if (s->eof) return 0;
            ssize_t n = read_raw(s, s->raw, RAW_BLOCK);
            if (n < 0) return -1;
            z->next_in = s->raw;
            z->avail_in = (uInt)n;
            continue;
        }
        z->next_out = (unsigned char *)scratch;
        z->avail_out = 1;
        int zr = inflate(z, Z_BLOCK);
        if (zr != Z_OK && zr != Z_BUF_ERROR) {
            tm_error_set(&s->err, TM_ERR_GZIP, NULL, 0, "corrupt gzip header: %s", z->msg ? z->msg : "inflate error");
            return -1;
        }
    }
    if (s->head.comment) { /* zlib cuts a long comment without its NUL */
        s->head_comment[TM_GZIP_COMMENT_MAX - 1] = '\0';
        s->has_comment = 1;
    }
    return 0;
}

tm_reader *tm_reader_open(const char *path, const tm_reader_options *opts, tm_error *err)
{
    if (!path) return (tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_reader_open: no path"), NULL);
    tm_reader *r = calloc(1, sizeof *r);
    if (!r) {
        tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
        return NULL;
    }
    r->path = strdup(strcmp(path, "-") ? path : "<stdin>");
    if (!r->path) {
        tm_error_set(err, TM_ERR_IO, NULL, 0, "out of memory");
        free(r);
        return NULL;
    }
    r->line_max = opts && opts->line_max ? opts->line_max : TM_LINE_MAX_DEFAULT;
    if (r->line_max < 16) r->line_max = 16;
    r->lenient = opts ? opts->lenient : 0;
    r->pstate.profile = opts ? (uint8_t)opts->profile : 0;
    r->src.fd = strcmp(path, "-") ? tm_input_open(path, opts ? opts->fifo_wait_ms : 0, "a trace file", err) : 0;
    if (r->src.fd < 0) {
        free(r->path);
        free(r);
        return NULL;
    }
    struct stat st;
    if (fstat(r->src.fd, &st) == 0 && S_ISREG(st.st_mode)) {
        r->file_size = (uint64_t)st.st_size;
        r->regular = 1;
    }
    r->src.raw = malloc(RAW_BLOCK);
    r->cap = (size_t)r->line_max + BLOCK + 1;
    r->buf = malloc(r->cap);
    if (!r->src.raw || !r->buf) {
        tm_error_set(err, TM_ERR_IO, r->path, 0, "out of memory");
        tm_reader_close(r);
        return NULL;
    }
    /* Sniff the first bytes: gzip magic or plain text. */
    size_t have = 0;
    while (have < 2) {
        ssize_t n = read(r->src.fd, r->src.raw + have, RAW_BLOCK - have);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            tm_error_set(err, TM_ERR_IO, r->path, 0, "read error: %s", strerror(errno));
            tm_reader_close(r);
            return NULL;
        }
        if (n == 0) {
            r->src.eof = 1;
            break;
        }
        have += (size_t)n;
    }
    r->src.raw_total = have;
    if (have >= 2 && r->src.raw[0] == 0x1f && r->src.raw[1] == 0x8b) {
        r->src.gzip = 1;
        if (inflateInit2(&r->src.z, 15 + 16) != Z_OK) {
            tm_error_set(err, TM_ERR_GZIP, r->path, 0, "cannot initialise zlib");
            tm_reader_close(r);
            return NULL;
        }
        r->src.z_ready = 1;
        r->src.z.next_in = r->src.raw;
        r->src.z.avail_in = (uInt)have;
        if (read_gzip_header(&r->src, r->buf) != 0) {
            source_error(r, 0, err);
            tm_reader_close(r);
            return NULL;
        }
    } else {
        memcpy(r->buf, r->src.raw, have);
        r->end = have;
    }
    r->threaded = r->src.gzip && !(opts && opts->single_thread);
    if (r->threaded) {
        for (int i = 0; i < RING; i++) {
            r->ring[i].data = malloc(BLOCK);
            if (!r->ring[i].data) {
                tm_error_set(err, TM_ERR_IO, r->path, 0, "out of memory");
                r->threaded = 0;
                for (int k = 0; k < i; k++) free(r->ring[k].data);
                tm_reader_close(r);
                return NULL;
            }
        }
        r->hand = tm_ring_new();
        if (!r->hand || pthread_create(&r->thread, NULL, producer_main, r) != 0) {
            /* inflate on the caller's thread instead */
            tm_ring_free(r->hand);
            for (int i = 0; i < RING; i++) free(r->ring[i].data);
            r->threaded = 0;
        }
    }
    return r;
}

void tm_reader_close(tm_reader *r)
{
    if (!r) return;
    if (r->threaded) {
        tm_ring_stop(r->hand);
        pthread_join(r->thread, NULL);
        tm_ring_free(r->hand);
        for (int i = 0; i < RING; i++) free(r->ring[i].data);
    }
    if (r->src.z_ready) inflateEnd(&r->src.z);
    if (r->src.fd > 0) close(r->src.fd);
    free(r->src.raw);
    free(r->buf);
    free(r->path);
    free(r);
}

/* Append more decoded bytes after buf[end]; compacts first. Returns TM_OK, TM_EOF (nothing more) or an error. */
static int refill(tm_reader *r, tm_error *err)
{
    if (r->input_done) return TM_EOF;
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->base_offset += r->start;
        r->end -= r->start;
        r->start = 0;
    }
    size_t room = r->cap - 1 - r->end;
    if (!r->threaded) {
        size_t n = produce(&r->src, r->buf + r->end, room);
        r->end += n;
        if (r->src.err.status != TM_OK) return source_error(r, r->line_no + 1, err);
        if (n == 0 && r->src.eof) r->input_done = 1;
        return n ? TM_OK : TM_EOF;
    }
    uint64_t head;
    tm_ring_wait_items(r->hand, r->tail + 1, r->tail + 1, &head);
    if (head == r->tail) { /* the producer ended */
        r->input_done = 1;
        if (r->src.err.status != TM_OK) return source_error(r, r->line_no + 1, err);
        return TM_EOF;
    }
    const block *b = &r->ring[r->tail % RING];
    /* room >= BLOCK always holds: the unconsumed rest is a partial line shorter than line_max. */
    memcpy(r->buf + r->end, b->data, b->len);
    r->end += b->len;
    tm_ring_release(r->hand, ++r->tail);
    return TM_OK;
}

int tm_reader_next_line(tm_reader *r, const char **line, size_t *len, tm_error *err)
{
    if (!r || !line || !len) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_reader_next_line: a NULL argument");
    size_t scan_from = r->start;
    for (;;) {
        char *nl = memchr(r->buf + scan_from, '\n', r->end - scan_from);
        size_t linelen;
        if (nl) {
            linelen = (size_t)(nl - (r->buf + r->start));
        } else {
            if (r->end - r->start > r->line_max) {
                return tm_error_set(err, TM_ERR_LINE, r->path, r->line_no + 1,
                                    "line longer than the limit of %u bytes", r->line_max);
            }
            size_t pending = r->end - r->start;
            int rc = refill(r, err);
            if (rc == TM_OK) {
                scan_from = r->start + pending; /* refill compacts: the partial line now starts at 0 */
                continue;
            }
            if (rc != TM_EOF) return rc;
            if (r->start == r->end) return TM_EOF;
            linelen = r->end - r->start; /* last line without a newline */
        }
        if (linelen > r->line_max) {
            return tm_error_set(err, TM_ERR_LINE, r->path, r->line_no + 1, "line longer than the limit of %u bytes",
                                r->line_max);
        }
        char *p = r->buf + r->start;
        r->line_no++;
        r->line_offset = r->base_offset + r->start;
        r->start += linelen + (nl ? 1 : 0);
        size_t n = linelen;
        if (n && p[n - 1] == '\r') n--;
        char *nul = memchr(p, '\0', n);
        if (nul) {
            tm_error_set(err, TM_ERR_LINE, r->path, r->line_no, "binary data (NUL byte): not a text trace");
            err->column = (uint32_t)(nul - p + 1);
            return TM_ERR_LINE;
        }
        p[n] = '\0';
        *line = p;
        *len = n;
        return TM_OK;
    }
}

int tm_reader_next(tm_reader *r, tm_record *rec, tm_error *err)
{
    if (!r || !rec) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_reader_next: a NULL argument");
    for (;;) {
        int rc;
        if (r->pstate.more) { /* a further record glued onto the line before */
            rc = tm_parse_more_in(&r->pstate, r->cur, r->cur_len, rec, err);
        } else {
            rc = tm_reader_next_line(r, &r->cur, &r->cur_len, err);
            if (rc != TM_OK) return rc;
            rc = tm_parse_line_in(&r->pstate, r->cur, r->cur_len, rec, err);
        }
        if (rc != TM_OK) {
            r->pstate.more = 0;
            if (r->lenient) {
                r->skipped++;
                continue;
            }
            err->line = r->line_no;
            err->offset = r->line_offset;
            tm_error_file(err, r->path);
            return rc;
        }
        if (rec->kind != TM_REC_NONE) return TM_OK;
    }
}

uint64_t tm_reader_line(const tm_reader *r)
{
    if (!r) return 0;
    return r->line_no;
}
uint64_t tm_reader_offset(const tm_reader *r)
{
    if (!r) return 0;
    return r->line_offset;
}
const char *tm_reader_line_text(const tm_reader *r, size_t *len)
{
    if (!r || !r->cur) {
        if (len) *len = 0;
        return "";
    }
    if (len) *len = r->cur_len;
    return r->cur;
}
uint64_t tm_reader_skipped(const tm_reader *r)
{
    if (!r) return 0;
    return r->skipped;
}
const char *tm_reader_path(const tm_reader *r)
{
    if (!r) return "";
    return r->path;
}
int tm_reader_is_gzip(const tm_reader *r)
{
    if (!r) return 0;
    return r->src.gzip;
}
const char *tm_reader_gzip_comment(const tm_reader *r)
{
    if (!r) return NULL;
    return r->src.has_comment ? r->src.head_comment : NULL;
}
uint64_t tm_reader_file_size(const tm_reader *r)
{
    if (!r) return 0;
    return r->file_size;
}

uint64_t tm_reader_compressed_offset(const tm_reader *r)
{
    if (!r) return 0;
    if (!r->threaded) return r->src.raw_total;
    return atomic_load_explicit(&r->shared_raw_total, memory_order_relaxed);
}

/* The members of s (inflating, at the file's start) up to the one that ends at or past the newline of line `line`:
 * zlib returns Z_STREAM_END for a member only once its CRC-32 and length match. *lines: the newlines inflated. */
static int check_members(source *s, unsigned char *out, const char *path, uint64_t line, uint64_t *lines,
                         tm_error *err)
{
    for (;;) {
        if (s->z.avail_in == 0 && !s->eof) {
            ssize_t n = read_raw(s, s->raw, RAW_BLOCK);
            if (n < 0) return tm_error_set(err, s->err.status, path, 0, "%s", s->err.msg);
            s->z.next_in = s->raw;
            s->z.avail_in = (uInt)n;
        }
        if (s->z.avail_in == 0 && s->eof) { /* after an intact member: the line is the last, without a newline */
            if (s->stream_end) return TM_OK;
            return tm_error_set(err, TM_ERR_GZIP, path, 0, "truncated gzip stream (unexpected end of file)");
        }
        if (s->stream_end) { /* another member follows; anything else is the reader's to report */
            if (s->z.next_in[0] != 0x1f) return TM_OK;
            inflateReset(&s->z);
            s->stream_end = 0;
        }
        s->z.next_out = out;
        s->z.avail_out = RAW_BLOCK;
        int zr = inflate(&s->z, Z_NO_FLUSH);
        for (const unsigned char *p = out, *end = s->z.next_out; (p = memchr(p, '\n', (size_t)(end - p))); p++)
            ++*lines;
        if (zr == Z_STREAM_END) {
            s->stream_end = 1;
            if (*lines >= line) return TM_OK; /* the member that holds the line's newline ended intact */
        } else if (zr != Z_OK && zr != Z_BUF_ERROR) {
            return tm_error_set(err, TM_ERR_GZIP, path, 0, "corrupt gzip stream: %s",
                                s->z.msg ? s->z.msg : "inflate error");
        }
    }
}

int tm_reader_check_member(const tm_reader *r, uint64_t line, uint64_t *through, tm_error *err)
{
    if (!r) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_reader_check_member: a NULL argument");
    if (through) *through = 0;
    if (!r->src.gzip || !r->regular) return TM_OK;
    source s = { 0 };
    s.fd = open(r->path, O_RDONLY | O_CLOEXEC);
    if (s.fd < 0) return tm_error_set(err, TM_ERR_IO, r->path, 0, "cannot open a second time: %s", strerror(errno));
    s.raw = malloc(RAW_BLOCK);
    unsigned char *out = malloc(RAW_BLOCK);
    uint64_t lines = 0;
    int rc;
    if (!s.raw || !out || inflateInit2(&s.z, 15 + 16) != Z_OK) {
        rc = tm_error_set(err, TM_ERR_IO, r->path, 0, "out of memory");
    } else {
        rc = check_members(&s, out, r->path, line, &lines, err);
        inflateEnd(&s.z);
    }
    if (rc == TM_OK && through) *through = lines;
    close(s.fd);
    free(s.raw);
    free(out);
    return rc;
}

/* Output files written whole or not at all (outfile.h): a temporary file beside the output, renamed over it when
 * complete; outputs that are inputs refused; every error named. */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tarmac/outfile.h"

struct tm_outfile {
    char *path;     /* as given, for messages */
    char *target;   /* what the rename replaces: path, or the file a symlink points to */
    char *tmp;      /* the temporary file; NULL when written in place (stdout, a FIFO, a device) */
    int fd;
    int to_stdout;  /* "-": fd 1, never closed */
    FILE *stream;   /* tm_outfile_stream's, over fd */
    tm_error werr;  /* the first write error (werr.status TM_OK: none) */
};

static int is_stdout(const char *path) { return path[0] == '-' && !path[1]; }

/* The directory part of path ("." when none) and its last component, both allocated. */
static int split(const char *path, char **dir, char **base)
{
    const char *slash = strrchr(path, '/');
    *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    *base = strdup(slash ? slash + 1 : path);
    if (*dir && *base) return 0;
    free(*dir);
    free(*base);
    return -1;
}

/* path with its directory resolved (symlinks, "..") and its last component as it is: a name for a file that may
 * not exist yet. NULL when out of memory; path itself when the directory does not resolve. */
static char *canonical(const char *path)
{
    char *dir, *base;
    if (split(path, &dir, &base)) return NULL;
    char *real = realpath(dir, NULL), *out = NULL;
    if (real) {
        size_t n = strlen(real) + strlen(base) + 2;
        out = malloc(n);
        if (out) snprintf(out, n, "%s/%s", real, base);
    } else {
        out = strdup(path);
    }
    free(real);
    free(dir);
    free(base);
    return out;
}

int tm_same_file(const char *a, const char *b)
{
    if (!a || !b || is_stdout(a) || is_stdout(b)) return 0;
    struct stat sa, sb;
    int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (ea && eb) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    if (ea || eb) return 0;
    char *ca = canonical(a), *cb = canonical(b);
    int same = ca && cb && !strcmp(ca, cb);
    free(ca);
    free(cb);
    return same;
}

/* The file an output at path replaces: a symlink's target (the link stays a link), else path. Allocated. */
static char *target_of(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(path, NULL);
        if (real) return real;
    }
    return strdup(path);
}

static int out_of_memory(const char *path, tm_error *err)
{
    return tm_error_set(err, TM_ERR_IO, path, 0, "out of memory");
}

int tm_outfile_check(const char *path, const char *const *inputs, tm_error *err)
{
    if (!path || !path[0]) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "an output path is empty");
    if (is_stdout(path)) return TM_OK;
    for (size_t i = 0; inputs && inputs[i]; i++)
        if (tm_same_file(path, inputs[i]))
            return tm_error_set(err, TM_ERR_ARG, path, 0,
                                "is the same file as the input '%s': an output never overwrites an input", inputs[i]);
    char *target = target_of(path);
    if (!target) return out_of_memory(path, err);
    struct stat st;
    int rc = TM_OK;
    if (stat(target, &st) == 0) {
        if (S_ISDIR(st.st_mode)) rc = tm_error_set(err, TM_ERR_IO, path, 0, "cannot write: is a directory");
        else if (!S_ISREG(st.st_mode) && access(target, W_OK) != 0)
            rc = tm_error_set(err, TM_ERR_IO, path, 0, "cannot write: %s", strerror(errno));
        if (rc != TM_OK || !S_ISREG(st.st_mode)) {
            free(target);
            return rc;
        }
    } else if (errno != ENOENT && errno != ENOTDIR) { /* those two: the directory says why, below */
        rc = tm_error_set(err, TM_ERR_IO, path, 0, "cannot write: %s", strerror(errno));
        free(target);
        return rc;
    }
    /* a new file, or a regular one replaced: the temporary file goes in its directory */
    char *dir, *base;
    if (split(target, &dir, &base)) {
        free(target);
        return out_of_memory(path, err);
    }
    if (stat(dir, &st) != 0)
        rc = tm_error_set(err, TM_ERR_IO, path, 0, "cannot create: directory '%s': %s", dir, strerror(errno));
    else if (!S_ISDIR(st.st_mode))
        rc = tm_error_set(err, TM_ERR_IO, path, 0, "cannot create: '%s' is not a directory", dir);
    else if (access(dir, W_OK | X_OK) != 0)
        rc = tm_error_set(err, TM_ERR_IO, path, 0, "cannot create files in directory '%s': %s", dir, strerror(errno));
    free(dir);
    free(base);
    free(target);
    return rc;
}

/* Create a temporary file of its own beside target: "<dir>/.<name>.<pid>.<n>.tmp", O_EXCL (a concurrent writer,
 * in this process or another, gets another name). Its name in *tmp; the descriptor, or -1 with errno. */
static int create_temp(const char *target, char **tmp)
{
    static atomic_uint counter;
    char *dir, *base;
    if (split(target, &dir, &base)) return -1;
    size_t n = strlen(dir) + strlen(base) + 64;
    *tmp = malloc(n);
    int fd = -1;
    for (int tries = 0; *tmp && tries < 100; tries++) {
        /* the name cut to 200 bytes keeps the temporary name within NAME_MAX */
        snprintf(*tmp, n, "%s/.%.200s.%ld.%u.tmp", dir, base, (long)getpid(), atomic_fetch_add(&counter, 1));
        fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) break;
    }
    int e = errno;
    free(dir);
    free(base);
    if (fd < 0) {
        free(*tmp);
        *tmp = NULL;
    }
    errno = e;
    return fd;
}

static void free_outfile(tm_outfile *f)
{
    free(f->path);
    free(f->target);
    free(f->tmp);
    free(f);
}

tm_outfile *tm_outfile_open(const char *path, const char *const *inputs, tm_error *err)
{
    if (tm_outfile_check(path, inputs, err) != TM_OK) return NULL;
    tm_outfile *f = calloc(1, sizeof *f);
    if (!f || !(f->path = strdup(path)) || !(f->target = target_of(path))) {
        if (f) free_outfile(f);
        out_of_memory(path, err);
        return NULL;
    }
    if (is_stdout(path)) {
        f->fd = STDOUT_FILENO;
        f->to_stdout = 1;
        return f;
    }
    struct stat st;
    int exists = stat(f->target, &st) == 0;
    if (exists && S_ISFIFO(st.st_mode)) {
        /* a FIFO with no reader would block the open forever: ENXIO instead, then blocking writes as usual */
        f->fd = open(f->target, O_WRONLY | O_CLOEXEC | O_NONBLOCK);
        if (f->fd < 0 && errno == ENXIO) {
            tm_error_set(err, TM_ERR_IO, path, 0, "cannot write: a FIFO with no reader");
            free_outfile(f);
            return NULL;
        }
        if (f->fd >= 0) fcntl(f->fd, F_SETFL, fcntl(f->fd, F_GETFL) & ~O_NONBLOCK);
    } else if (exists && !S_ISREG(st.st_mode)) {
        f->fd = open(f->target, O_WRONLY | O_CLOEXEC);
    } else {
        f->fd = create_temp(f->target, &f->tmp);
        if (f->fd >= 0 && exists) (void)!fchmod(f->fd, st.st_mode & 07777); /* the replaced file's permissions */
    }
    if (f->fd < 0) {
        tm_error_set(err, TM_ERR_IO, path, 0, "cannot create: %s", strerror(errno));
        free_outfile(f);
        return NULL;
    }
    return f;
}

int tm_outfile_fd(const tm_outfile *f)
{
    if (!f) return -1;
    return f->fd;
}
const char *tm_outfile_path(const tm_outfile *f)
{
    if (!f) return "";
    return f->path;
}
const char *tm_outfile_writing(const tm_outfile *f)
{
    if (!f) return "";
    return f->tmp ? f->tmp : f->target;
}

/* Keep the first error; fill err with it. Returns its status. */
static int write_error(tm_outfile *f, int e, tm_error *err)
{
    if (f->werr.status == TM_OK) tm_error_set(&f->werr, TM_ERR_IO, f->path, 0, "write error: %s", strerror(e));
    if (err) *err = f->werr;
    return f->werr.status;
}

int tm_outfile_write(tm_outfile *f, const void *data, size_t len, tm_error *err)
{
    if (!f || (len && !data)) return tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_outfile_write: a NULL argument");
    if (f->werr.status != TM_OK) return write_error(f, 0, err);
    const char *p = data;
    while (len) {
        ssize_t n = write(f->fd, p, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return write_error(f, n < 0 ? errno : ENOSPC, err);
        p += n;
        len -= (size_t)n;
    }
    return TM_OK;
}

/* The stream's writes go through tm_outfile_write, so that the first error keeps its reason (stdio keeps only
 * that there was one). */
static ssize_t stream_write(void *cookie, const char *buf, size_t size)
{
    return tm_outfile_write(cookie, buf, size, NULL) == TM_OK ? (ssize_t)size : 0;
}

FILE *tm_outfile_stream(tm_outfile *f, tm_error *err)
{
    if (!f) return (tm_error_set(err, TM_ERR_ARG, NULL, 0, "tm_outfile_stream: a NULL argument"), NULL);
    if (f->stream) return f->stream;
    if (f->to_stdout) return f->stream = stdout;
    f->stream = fopencookie(f, "w", (cookie_io_functions_t){ .write = stream_write });
    if (!f->stream) write_error(f, errno, err);
    return f->stream;
}

/* Close what f holds; the first error (a write's, the flush's, the close's) into f->werr. */
static void close_outfile(tm_outfile *f)
{
    if (f->stream) {
        if (fflush(f->stream) != 0 || ferror(f->stream)) write_error(f, errno ? errno : EIO, NULL);
        if (f->stream != stdout) fclose(f->stream); /* the cookie's: closes nothing */
    }
    if (!f->to_stdout && close(f->fd) != 0) write_error(f, errno, NULL);
    f->stream = NULL;
    f->fd = -1;
}

int tm_outfile_commit(tm_outfile *f, tm_error *err)
{
    if (!f) return TM_OK;
    close_outfile(f);
    int rc = f->werr.status;
    if (rc != TM_OK && err) *err = f->werr;
    if (rc == TM_OK && f->tmp && rename(f->tmp, f->target) != 0)
        rc = tm_error_set(err, TM_ERR_IO, f->path, 0, "cannot rename '%s' over it: %s", f->tmp, strerror(errno));
    if (rc != TM_OK && f->tmp) unlink(f->tmp);
    free_outfile(f);
    return rc;
}

void tm_outfile_discard(tm_outfile *f)
{
    if (!f) return;
    close_outfile(f);
    if (f->tmp) unlink(f->tmp);
    free_outfile(f);
}

int tm_outfile_put(const char *path, const char *const *inputs, const void *data, size_t len, tm_error *err)
{
    tm_error local;
    if (!err) err = &local;
    tm_outfile *f = tm_outfile_open(path, inputs, err);
    if (!f) return err->status;
    tm_outfile_write(f, data, len, NULL);
    return tm_outfile_commit(f, err);
}

/* The release of libtarmac, its tools and the checker: the repository's VERSION file, compiled in. Every tool
 * prints it for --version, the checker's summary line ends with it, and `make install` puts the tool area under
 * <prefix>/tarmac/<version>/ (pkg-config: tarmac.pc). */
#ifndef TARMAC_VERSION_H
#define TARMAC_VERSION_H

#ifdef __cplusplus
extern "C" {
#endif

/* "<major>.<minor>.<patch>", a static string. */
const char *tm_version(void);

#ifdef __cplusplus
}
#endif
#endif

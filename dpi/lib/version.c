/* The release, from the repository's VERSION file (dpi/dpi.mk passes it as TM_VERSION_TEXT). */
#include "tarmac/version.h"

const char *tm_version(void)
{
    return TM_VERSION_TEXT;
}

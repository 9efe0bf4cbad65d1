/* File mode's counterpart of co-simulation's ILLEGAL ENTRY notes (model/cosim.h, m6_cosim_why_no_entry): the
 * model, run alone as a file-mode golden is made, says why it took no asynchronous exception at a golden step with
 * the reason live mode gives (m6_entry_illegal). */
#include <stdio.h>
#include <string.h>

#include "armv6m.h"
#include "config.h"
#include "cosim.h"

int m6_cosim_why_no_entry(const char *elf, const char *record, uint64_t step, char *buf, size_t size)
{
    if (!buf || !size) return -1;
    buf[0] = '\0';
    if (!elf || !record) return -1;
    m6_config cfg;
    m6_config_defaults(&cfg);
    m6_config_parse(&cfg, record, NULL); /* the configuration's items come before the program's identity */
    m6 *m = m6_create(&cfg);
    if (!m) return -1;
    int found = -1;
    if (m6_load_elf(m, elf, NULL) == TM_OK) {
        m6_set_console(m, NULL);
        if (m6_reset(m, NULL) == TM_OK) {
            while (m6_steps(m) < step && !m6_stopped(m)) m6_step(m);
            if (m6_steps(m) == step) found = 0;
        }
    }
    size_t len = 0;
    uint64_t pending = found ? 0 : m6_pending(m);
    for (unsigned n = 1; n < M6_EXC_COUNT; n++) {
        char name[24], why[240];
        if (!((pending >> n) & 1) || !m6_entry_illegal(m, n, why, sizeof why)) continue;
        m6_exception_name((int)n, name, sizeof name);
        if (len < size)
            len += (size_t)snprintf(buf + len, size - len, "%s%s pending: %s", found ? "; " : "", name, why);
        found++;
    }
    m6_destroy(m);
    return found;
}

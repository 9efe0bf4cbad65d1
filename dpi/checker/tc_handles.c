/* The handles open in this process, so that a call with a handle tc_close freed (a double close, a call after
 * close) is refused without touching the freed memory: a call's handle must be registered, which is a comparison
 * of pointer values, never a read through the handle. Lock-free: the slots are atomic pointers, scanned up to the
 * highest slot ever used; a handle's calls come from one thread at a time (checker.h), so its own slot does not
 * change under them. A handle freed and another opened at the same address cannot be told apart: that stale
 * handle reaches the new checker (checker.h says so). */
#include <stdatomic.h>

#include "tc_internal.h"

_Atomic(tc_checker *) tc_handle_slots[TC_MAX_HANDLES];
atomic_uint tc_handles_used;

int tc_handle_add(tc_checker *c)
{
    for (unsigned i = 0; i < TC_MAX_HANDLES; i++) {
        tc_checker *none = NULL;
        if (!atomic_compare_exchange_strong(&tc_handle_slots[i], &none, c)) continue;
        unsigned u = atomic_load(&tc_handles_used);
        while (u < i + 1 && !atomic_compare_exchange_weak(&tc_handles_used, &u, i + 1)) {
        }
        return 0;
    }
    return -1;
}

int tc_handle_remove(const tc_checker *c)
{
    if (!c) return -1;
    unsigned n = atomic_load_explicit(&tc_handles_used, memory_order_acquire);
    for (unsigned i = 0; i < n; i++) {
        tc_checker *want = (tc_checker *)c;
        if (atomic_compare_exchange_strong(&tc_handle_slots[i], &want, NULL)) return 0;
    }
    return -1;
}

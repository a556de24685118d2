// Signal handling for the temporary output files, without a thread.
//
// It was a libdispatch signal source per signal, which started libdispatch's manager
// thread (and at exit a worker thread) in every run: a one-line document needs no
// thread for it. A plain handler does the same work, and only async-signal-safe work:
// `unlink` each registered path, then `_exit(128 + signal)` (mdpdf writes its output
// with write(2), never through stdio buffers an exit would flush). The paths are kept
// in a fixed table the handler can read on whichever thread the signal arrives: a slot
// is marked in use only once its path is complete, and a freed slot is taken again
// only after every other one (paths are never freed memory the handler might read).
// A process-wide table because a signal handler can reach nothing else.

#include "signal_cleanup.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

/// More files than a run writes at once (one per parallel job). Untouched slots cost no
/// memory (the table is in .bss).
#define SLOTS 256

static char paths[SLOTS][PATH_MAX];
/// 0: free, 1: being filled, 2: a path to remove on a signal.
static atomic_int states[SLOTS];
static atomic_uint next_slot;
static atomic_int installed;

static void on_signal(int sig) {
    for (int i = 0; i < SLOTS; i++) {
        if (atomic_load(&states[i]) == 2) unlink(paths[i]);
    }
    _exit(128 + sig);
}

void mdpdf_cleanup_install(void) {
    if (atomic_exchange(&installed, 1)) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    // The other two wait while one is handled: the handler ends the process.
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    // A parent may start mdpdf with these signals blocked (a program spawning it from a
    // libdispatch worker thread passes on that thread's mask): unblocked here, on the
    // main thread, and so on every thread started after it, they reach the handler. (The
    // signal sources read them from a signalfd, which sees blocked signals too.)
    pthread_sigmask(SIG_UNBLOCK, &action.sa_mask, NULL);
}

int mdpdf_cleanup_track(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_MAX) return -1;
    for (int tries = 0; tries < SLOTS; tries++) {
        int i = (int)(atomic_fetch_add(&next_slot, 1) % SLOTS);
        int expected = 0;
        if (!atomic_compare_exchange_strong(&states[i], &expected, 1)) continue;
        memcpy(paths[i], path, length + 1);
        atomic_store(&states[i], 2);
        return i;
    }
    return -1;
}

void mdpdf_cleanup_untrack(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    atomic_store(&states[slot], 0);
}

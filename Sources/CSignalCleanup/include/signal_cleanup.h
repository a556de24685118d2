#ifndef MDPDF_SIGNAL_CLEANUP_H
#define MDPDF_SIGNAL_CLEANUP_H

/// Removes the files being written when SIGINT, SIGTERM or SIGHUP arrives, then ends the
/// process with status 128 + the signal number. See signal_cleanup.c.

/// Installs the handler for the three signals (idempotent).
void mdpdf_cleanup_install(void);

/// Registers `path` (copied) for removal; the slot to pass to `mdpdf_cleanup_untrack`, or
/// -1 when every slot is taken (the file is then not removed on a signal).
int mdpdf_cleanup_track(const char *path);

/// Forgets the file of `slot` (a slot of -1 is ignored).
void mdpdf_cleanup_untrack(int slot);

#endif

#ifndef CASSETTE_SPAWN_H
#define CASSETTE_SPAWN_H

#include <sys/types.h>

// Starting a child process without Foundation's Process, whose Linux implementation reads past
// glibc's readdir buffer while it lists /proc/self/fd on every launch (swift-corelibs-foundation
// PR #5472) and crashes the process that runs it now and then.

/// Starts `path` (no PATH search) with `argv` (NULL-terminated, `argv[0]` included) and `envp`
/// (NULL-terminated; NULL for this process's environment), in `directory` (NULL for this process's),
/// in a process group of its own, no signal blocked or ignored, with `input`, `output` and `error`
/// as its descriptors 0, 1 and 2 (pass 0, 1 or 2 itself to share this process's) and every other
/// descriptor closed.
///
/// Returns 0 and sets `*pid`, or returns an errno value: the launch failed (a missing or
/// non-executable program, a missing directory) and no process was started. ENOTSUP on Apple
/// platforms other than macOS, where no process can be started.
int cassette_spawn(
    const char *_Nonnull path, char *_Nullable const *_Nonnull argv, char *_Nullable const *_Nullable envp,
    const char *_Nullable directory, int input, int output, int error, pid_t *_Nonnull pid);

/// Decodes a status from waitpid: returns the exit code and sets `*signalled` to 0, or returns the
/// number of the signal that ended the process and sets `*signalled` to 1.
int cassette_wait_status(int status, int *_Nonnull signalled);

#endif

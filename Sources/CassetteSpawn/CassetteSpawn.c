// posix_spawn_file_actions_addclosefrom_np and posix_spawn_file_actions_addchdir_np are GNU
// extensions in glibc's <spawn.h>.
#define _GNU_SOURCE 1

#include "CassetteSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <TargetConditionals.h>
#include <crt_externs.h>
#define CASSETTE_ENVIRON (*_NSGetEnviron())
#else
extern char **environ;
#define CASSETTE_ENVIRON environ
#endif

// The three ways of closing every other descriptor in the child: Apple's spawn flag, glibc's
// closefrom action (2.34 and later), or fork and close them before exec (other libcs, older glibc).
#if defined(__APPLE__)
#if TARGET_OS_OSX && !TARGET_OS_MACCATALYST
#define CASSETTE_SPAWN_APPLE 1
#endif
#elif !defined(CASSETTE_SPAWN_FORK) && defined(__GLIBC__) && defined(__GLIBC_PREREQ)
#if __GLIBC_PREREQ(2, 34)
#define CASSETTE_SPAWN_GLIBC 1
#endif
#endif
#if !defined(__APPLE__) && !defined(CASSETTE_SPAWN_GLIBC)
#define CASSETTE_SPAWN_FORKING 1
#include <pthread.h>
#include <sys/syscall.h>
#endif

#if defined(CASSETTE_SPAWN_APPLE) || defined(CASSETTE_SPAWN_GLIBC)
// The signals the child starts with their default action: all but SIGKILL and SIGSTOP, whose action
// cannot be changed.
static void defaulted_signals(sigset_t *set) {
    sigfillset(set);
    sigdelset(set, SIGKILL);
    sigdelset(set, SIGSTOP);
}

static int spawn(
    const char *path, char *const argv[], char *const envp[], const char *directory, const int fds[3], pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int result = posix_spawn_file_actions_init(&actions);
    if (result != 0) return result;
    result = posix_spawnattr_init(&attributes);
    if (result != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return result;
    }
    // No signal blocked or ignored: the mask is the launching thread's (libdispatch and Swift
    // concurrency threads block nearly every signal) and would leave the child deaf to SIGTERM.
    short flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    sigset_t none, defaulted;
    sigemptyset(&none);
    defaulted_signals(&defaulted);
#if defined(CASSETTE_SPAWN_APPLE)
    // Only the descriptors the actions name are inherited: 0, 1 and 2.
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#endif
    result = posix_spawnattr_setflags(&attributes, flags);
    if (result == 0) result = posix_spawnattr_setpgroup(&attributes, 0);
    if (result == 0) result = posix_spawnattr_setsigmask(&attributes, &none);
    if (result == 0) result = posix_spawnattr_setsigdefault(&attributes, &defaulted);
    for (int target = 0; target < 3 && result == 0; target++) {
        if (fds[target] != target) {
            result = posix_spawn_file_actions_adddup2(&actions, fds[target], target);
        } else {
#if defined(CASSETTE_SPAWN_APPLE)
            result = posix_spawn_file_actions_addinherit_np(&actions, target);
#endif
        }
    }
    if (result == 0 && directory) result = posix_spawn_file_actions_addchdir_np(&actions, directory);
#if defined(CASSETTE_SPAWN_GLIBC)
    if (result == 0) result = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    if (result == 0) result = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return result;
}
#elif defined(CASSETTE_SPAWN_FORKING)
// Closes every descriptor from `first` to `last` (inclusive); only async-signal-safe calls.
static void close_range_in_child(int first, int last) {
    if (first > last) return;
#if defined(SYS_close_range)
    if (syscall(SYS_close_range, (unsigned)first, (unsigned)last, 0u) == 0) return;
#endif
    for (int fd = first; fd <= last; fd++) close(fd);
}

static int spawn(
    const char *path, char *const argv[], char *const envp[], const char *directory, const int fds[3], pid_t *pid) {
    // The child writes its errno here when it cannot exec; exec closes it, so a read of nothing means
    // the program started.
    int report[2];
    if (pipe(report) != 0) return errno;
    if (fcntl(report[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(report[1], F_SETFD, FD_CLOEXEC) != 0) {
        int failure = errno;
        close(report[0]);
        close(report[1]);
        return failure;
    }
    long limit = sysconf(_SC_OPEN_MAX);
    int last = (limit > 0 && limit < 0x7fffffff) ? (int)limit - 1 : 0x7ffffffe;
    // No handler of this process runs in the child: signals stay blocked from the fork until their
    // actions are default again, and then none is blocked (as with the spawn flags above).
    sigset_t all, previous, none;
    sigfillset(&all);
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t child = fork();
    if (child < 0) {
        int failure = errno;
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
        close(report[0]);
        close(report[1]);
        return failure;
    }
    if (child == 0) {
        int failure = 0;
        for (int number = 1; number < NSIG; number++) {
            if (number != SIGKILL && number != SIGSTOP) signal(number, SIG_DFL);
        }
        sigprocmask(SIG_SETMASK, &none, NULL);
        setpgid(0, 0);
        for (int target = 0; target < 3 && failure == 0; target++) {
            if (fds[target] != target && dup2(fds[target], target) < 0) failure = errno;
        }
        if (failure == 0 && directory && chdir(directory) != 0) failure = errno;
        if (failure == 0) {
            close_range_in_child(3, report[1] - 1);
            close_range_in_child(report[1] + 1, last);
            execve(path, argv, envp);
            failure = errno;
        }
        while (write(report[1], &failure, sizeof failure) < 0 && errno == EINTR) {}
        _exit(127);
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    int failure = 0;
    ssize_t got;
    do {
        got = read(report[0], &failure, sizeof failure);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof failure) {
        // It never ran the program: reap it here, so the caller has no process to wait for.
        while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
        return failure;
    }
    *pid = child;
    return 0;
}
#endif

int cassette_spawn(
    const char *path, char *const argv[], char *const envp[], const char *directory, int input, int output,
    int error, pid_t *pid) {
#if defined(__APPLE__) && !defined(CASSETTE_SPAWN_APPLE)
    (void)path, (void)argv, (void)envp, (void)directory, (void)input, (void)output, (void)error, (void)pid;
    return ENOTSUP;
#else
    // A source below 3 that is not its own target (the caller's standard error as the child's
    // standard output, say) would be overwritten by an earlier dup2 in the child: copy it above 2
    // for the launch.
    int fds[3] = {input, output, error};
    int copies[3] = {-1, -1, -1};
    int result = 0;
    for (int target = 0; target < 3 && result == 0; target++) {
        if (fds[target] >= 0 && fds[target] < 3 && fds[target] != target) {
            copies[target] = fcntl(fds[target], F_DUPFD_CLOEXEC, 3);
            if (copies[target] < 0) result = errno;
            else fds[target] = copies[target];
        }
    }
    if (result == 0) result = spawn(path, argv, envp ? envp : CASSETTE_ENVIRON, directory, fds, pid);
    for (int target = 0; target < 3; target++) {
        if (copies[target] >= 0) close(copies[target]);
    }
    return result;
#endif
}

int cassette_wait_status(int status, int *signalled) {
    if (WIFSIGNALED(status)) {
        *signalled = 1;
        return WTERMSIG(status);
    }
    *signalled = 0;
    return WEXITSTATUS(status);
}

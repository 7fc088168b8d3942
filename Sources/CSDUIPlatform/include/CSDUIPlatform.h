#ifndef SDUI_CSDUIPLATFORM_H
#define SDUI_CSDUIPLATFORM_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#if defined(__APPLE__)
#include <TargetConditionals.h>
#endif

/// Processes can be started here (Linux, macOS); iOS has none.
#if defined(__linux__) || (defined(__APPLE__) && TARGET_OS_OSX)
#define SDUI_HAS_PROCESSES 1
#endif

/// The harness's own C never adds to the coverage counters. A fuzz build passes
/// `-fsanitize=fuzzer` to every C target of the graph (SwiftPM has no per-target sanitizer), so
/// without this the fork server, the crash sites' bookkeeping and the hang watch would be
/// instrumented like the decoder: libFuzzer would see new features in the harness's own work and
/// keep inputs for them, and every input would pay their comparison callbacks. Each C file of the
/// harness opens with SDUI_BEGIN_NOT_COVERED after its includes and ends with SDUI_END_NOT_COVERED;
/// the attribute then reaches every function in between, including ones added later.
#if defined(__clang__)
#define SDUI_BEGIN_NOT_COVERED _Pragma("clang attribute push (__attribute__((no_sanitize(\"coverage\"))), apply_to = function)")
#define SDUI_END_NOT_COVERED _Pragma("clang attribute pop")
#else
#define SDUI_BEGIN_NOT_COVERED
#define SDUI_END_NOT_COVERED
#endif

// Every OS detail SDUIHarness needs, in one POSIX file with a Linux and a Darwin branch (as
// Fuzzilli's libreprl). The Swift above it (module SDUIPlatform) never asks which OS it runs on.

/// Sends `sig` to the main thread of process `pid`. On Linux a process-directed signal may be
/// taken by any thread that does not block it (libFuzzer's RSS thread, say), and a stack printed
/// from there does not show where the input spins: tgkill aims at the main thread (whose id is the
/// pid). Darwin has no way to aim at another process's thread; kill() is the best there is.
int sdui_signal_main_thread(int pid, int sig);

/// Sends `sig` to process `pid` and to its process group.
void sdui_kill_tree(int pid, int sig);

/// Sends `sig` to process `pid` alone; 0 on success.
int sdui_kill(int pid, int sig);

/// Unblocks every signal on the calling thread. A process started by Foundation's Process inherits
/// a mask with nearly every signal blocked; libFuzzer's `-timeout` alarm then never fires.
void sdui_unblock_all_signals(void);

/// Blocks nothing on the calling thread and stores the previous mask in `saved` (restore it with
/// sdui_restore_signal_mask). A child inherits the mask of the thread that spawns it.
void sdui_unblock_all_signals_saving(void *saved);
void sdui_restore_signal_mask(const void *saved);
/// Bytes needed for a saved mask (sigset_t differs in size between the systems).
size_t sdui_signal_mask_size(void);

/// Ignores SIGPIPE for the process: a child that exits while we write to it is an error, not death.
void sdui_ignore_sigpipe(void);

/// Says `text` on standard error if the process dies of a crash signal (SIGILL, SIGTRAP, SIGSEGV,
/// SIGBUS, SIGFPE, SIGABRT) before sdui_crash_banner_clear: a kept crash input replayed inside a
/// test process cannot be caught, only named, and this is how its last words name it. The first
/// call installs the handlers (chaining to whatever was installed before, the Swift runtime's
/// backtracer included); `text` is copied (at most 4 KiB). Written with write(2), async-signal-safe.
void sdui_crash_banner_set(const char *text);
void sdui_crash_banner_clear(void);

/// CPU time the calling thread has used, in nanoseconds (POSIX CLOCK_THREAD_CPUTIME_ID, on Linux
/// and Darwin); -1 when unknown. What a decode costs, whatever else the machine runs.
int64_t sdui_thread_cpu_nanoseconds(void);

/// Peak resident memory of this process since it started (since its exec), in bytes: Linux's
/// VmHWM, Darwin's resident_size_max; -1 when unknown.
int64_t sdui_peak_resident_bytes(void);

/// Resident memory of process `pid` now, in bytes; -1 when it cannot be read.
int64_t sdui_resident_bytes(int pid);

/// Fills `pids` with up to `capacity` ids of running processes; returns how many, or -1.
int sdui_list_processes(int *pids, int capacity);

/// The absolute path of the executable process `pid` runs (pid 0: this process), into `buffer`;
/// returns its length, or -1.
int sdui_process_executable(int pid, char *buffer, size_t capacity);

/// read(2) and write(2), retried on EINTR: bytes moved, 0 at end of file, -1 on error.
ssize_t sdui_read(int fd, void *buffer, size_t count);
ssize_t sdui_write(int fd, const void *buffer, size_t count);
int sdui_dup(int fd);
int sdui_dup2(int fd, int target);
/// Appends `count` bytes to the file at `path` (created if missing) with one write(2) to a
/// descriptor opened O_APPEND: concurrent writers' records stay whole (a line of a few KB on a
/// local file system). 0, or -1 when the file cannot be opened or the write fell short.
int sdui_append_to_file(const char *path, const void *bytes, size_t count);

/// A symbol of the running program by name, or NULL (dlsym with RTLD_DEFAULT): how the harness
/// finds libFuzzer's LLVMFuzzerMutate without an undefined weak symbol, which Apple's linker rejects.
void *sdui_lookup_symbol(const char *name);

/// libFuzzer's LLVMFuzzerMutate when this program is a libFuzzer build, else NULL. Darwin: dlsym
/// (an undefined weak symbol, the usual way, is an error for Apple's linker). Linux: a weak
/// reference (ELF allows it; libFuzzer's symbols are not in an executable's dynamic table, so
/// dlsym cannot see them there), then dlsym for a libFuzzer in a shared library.
void *sdui_libfuzzer_mutate(void);

/// Runs libFuzzer's driver (LLVMFuzzerRunDriver) on this program's LLVMFuzzerTestOneInput, when a
/// libFuzzer archive without `main` was linked in (`sdui fuzz --libfuzzer ARCHIVE`); returns its
/// exit status, or -1 (nothing run) in a program without libFuzzer. Found as LLVMFuzzerMutate is.
int sdui_run_libfuzzer_driver(int *argc, char ***argv);

/// Whether an address-space limit (RLIMIT_AS, `ulimit -v`) is enforced here: Linux yes; Darwin
/// accepts the call but does not enforce it, so limits there come from libFuzzer's own flags.
int sdui_address_space_limit_enforced(void);

#if SDUI_HAS_PROCESSES
/// Runs `path` (argv and envp NULL-terminated) with standard input, output and error from and to the
/// named files, and waits for it: `status` is its exit status, or 128 + the signal that ended it;
/// `max_rss_bytes` its own peak resident memory (wait4's rusage, whose unit differs by system).
/// Returns 0, or the errno of a spawn that failed.
int sdui_spawn_and_wait(const char *path, char *const argv[], char *const envp[], const char *stdin_path,
                        const char *stdout_path, const char *stderr_path, int *status, int64_t *max_rss_bytes);
#endif

#endif

// One POSIX file for Linux and Darwin; see include/CSDUIPlatform.h for what each call is for.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CSDUIPlatform.h"
SDUI_BEGIN_NOT_COVERED  // every function of this file (CSDUIPlatform.h says why)
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <limits.h>
#include <unistd.h>
#include <time.h>
#include <fcntl.h>
#include <sys/wait.h>
#if SDUI_HAS_PROCESSES
#include <spawn.h>
#endif

#if defined(__linux__)
#include <dirent.h>
#include <sys/syscall.h>
#elif defined(__APPLE__)
#include <mach/mach.h>
#include <mach-o/dyld.h>
#if TARGET_OS_OSX
// libproc (other processes' memory and paths) is macOS's; iOS has no other processes to look at.
#include <libproc.h>
#include <sys/proc_info.h>
#endif
#endif

int sdui_signal_main_thread(int pid, int sig) {
#if defined(__linux__)
    if (syscall(SYS_tgkill, pid, pid, sig) == 0) return 0;
#endif
    return kill(pid, sig);
}

void sdui_kill_tree(int pid, int sig) {
    if (pid <= 0) return;
    kill(-pid, sig);
    kill(pid, sig);
}

int sdui_kill(int pid, int sig) { return pid > 0 ? kill(pid, sig) : -1; }

void sdui_unblock_all_signals(void) {
    sigset_t none;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, NULL);
}

size_t sdui_signal_mask_size(void) { return sizeof(sigset_t); }

void sdui_unblock_all_signals_saving(void *saved) {
    sigset_t none;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, (sigset_t *)saved);
}

void sdui_restore_signal_mask(const void *saved) { pthread_sigmask(SIG_SETMASK, (const sigset_t *)saved, NULL); }

void sdui_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

#define SDUI_BANNER_SIGNALS 6
static const int sdui_banner_signals[SDUI_BANNER_SIGNALS] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
static struct sigaction sdui_banner_previous[SDUI_BANNER_SIGNALS];
static char sdui_banner_text[4096];
static volatile sig_atomic_t sdui_banner_length = 0;
static int sdui_banner_installed = 0;

static void sdui_banner_handler(int sig, siginfo_t *info, void *context) {
    if (sdui_banner_length > 0) {
        size_t left = (size_t)sdui_banner_length;
        const char *p = sdui_banner_text;
        while (left > 0) {
            ssize_t n = write(STDERR_FILENO, p, left);
            if (n <= 0) break;
            p += n; left -= (size_t)n;
        }
        sdui_banner_length = 0;
    }
    for (int i = 0; i < SDUI_BANNER_SIGNALS; i++) {
        if (sdui_banner_signals[i] != sig) continue;
        struct sigaction *previous = &sdui_banner_previous[i];
        if ((previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction) { previous->sa_sigaction(sig, info, context); return; }
        if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) { previous->sa_handler(sig); return; }
    }
    // Nothing before us: die of the signal, as without the banner.
    signal(sig, SIG_DFL);
    raise(sig);
}

void sdui_crash_banner_set(const char *text) {
    size_t length = strlen(text);
    if (length > sizeof sdui_banner_text) length = sizeof sdui_banner_text;
    sdui_banner_length = 0;
    memcpy(sdui_banner_text, text, length);
    sdui_banner_length = (sig_atomic_t)length;
    if (sdui_banner_installed) return;
    sdui_banner_installed = 1;
    for (int i = 0; i < SDUI_BANNER_SIGNALS; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = sdui_banner_handler;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        sigaction(sdui_banner_signals[i], &action, &sdui_banner_previous[i]);
    }
}

void sdui_crash_banner_clear(void) { sdui_banner_length = 0; }

int64_t sdui_thread_cpu_nanoseconds(void) {
    struct timespec t;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) return -1;
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

int64_t sdui_peak_resident_bytes(void) {
    // Not getrusage: on Linux its ru_maxrss survives exec, so a child would report the size of
    // the (large) process that spawned it. The address space's own high-water mark does not.
#if defined(__linux__)
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long long kib = -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmHWM:", 6) == 0) { kib = strtoll(line + 6, NULL, 10); break; }
    }
    fclose(f);
    return kib < 0 ? -1 : (int64_t)kib * 1024;
#elif defined(__APPLE__)
    mach_task_basic_info_data_t info;
    mach_msg_type_number_t count = MACH_TASK_BASIC_INFO_COUNT;
    if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, (task_info_t)&info, &count) != KERN_SUCCESS) return -1;
    return (int64_t)info.resident_size_max;
#else
    return -1;
#endif
}

int64_t sdui_resident_bytes(int pid) {
#if defined(__linux__)
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/statm", pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long long size = 0, resident = 0;
    int n = fscanf(f, "%lld %lld", &size, &resident);
    fclose(f);
    if (n != 2) return -1;
    return (int64_t)resident * (int64_t)sysconf(_SC_PAGESIZE);
#elif defined(__APPLE__) && TARGET_OS_OSX
    struct proc_taskinfo info;
    int n = proc_pidinfo(pid, PROC_PIDTASKINFO, 0, &info, sizeof info);
    if (n != (int)sizeof info) return -1;
    return (int64_t)info.pti_resident_size;
#else
    (void)pid;
    return -1;
#endif
}

int sdui_list_processes(int *pids, int capacity) {
    if (capacity <= 0) return 0;
#if defined(__linux__)
    DIR *dir = opendir("/proc");
    if (!dir) return -1;
    int count = 0;
    struct dirent *entry;
    while (count < capacity && (entry = readdir(dir)) != NULL) {
        char *end = NULL;
        long pid = strtol(entry->d_name, &end, 10);
        if (end && *end == '\0' && pid > 0) pids[count++] = (int)pid;
    }
    closedir(dir);
    return count;
#elif defined(__APPLE__) && TARGET_OS_OSX
    int n = proc_listallpids(pids, capacity * (int)sizeof(int));
    return n < 0 ? -1 : n;
#else
    (void)pids;
    return -1;
#endif
}

int sdui_process_executable(int pid, char *buffer, size_t capacity) {
    if (capacity == 0) return -1;
#if defined(__linux__)
    char path[64];
    if (pid == 0) snprintf(path, sizeof path, "/proc/self/exe");
    else snprintf(path, sizeof path, "/proc/%d/exe", pid);
    ssize_t n = readlink(path, buffer, capacity - 1);
    if (n < 0) return -1;
    buffer[n] = '\0';
    return (int)n;
#elif defined(__APPLE__)
    if (pid == 0) {
        uint32_t size = (uint32_t)capacity;
        if (_NSGetExecutablePath(buffer, &size) != 0) return -1;
        char resolved[PATH_MAX];
        if (realpath(buffer, resolved) && strlen(resolved) < capacity) strcpy(buffer, resolved);
        return (int)strlen(buffer);
    }
#if TARGET_OS_OSX
    int n = proc_pidpath(pid, buffer, (uint32_t)capacity);
    return n <= 0 ? -1 : n;
#else
    return -1;
#endif
#else
    (void)pid; (void)buffer;
    return -1;
#endif
}

ssize_t sdui_read(int fd, void *buffer, size_t count) {
    for (;;) {
        ssize_t n = read(fd, buffer, count);
        if (n < 0 && errno == EINTR) continue;
        return n;
    }
}

ssize_t sdui_write(int fd, const void *buffer, size_t count) {
    for (;;) {
        ssize_t n = write(fd, buffer, count);
        if (n < 0 && errno == EINTR) continue;
        return n;
    }
}

int sdui_append_to_file(const char *path, const void *bytes, size_t count) {
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    ssize_t n = sdui_write(fd, bytes, count);
    close(fd);
    return n == (ssize_t)count ? 0 : -1;
}

int sdui_dup(int fd) { return dup(fd); }
int sdui_dup2(int fd, int target) { return dup2(fd, target); }

void *sdui_lookup_symbol(const char *name) { return dlsym(RTLD_DEFAULT, name); }

#if defined(__linux__)
extern size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));
#endif

typedef int (*sdui_test_one_input)(const uint8_t *data, size_t size);
typedef int (*sdui_run_driver)(int *argc, char ***argv, sdui_test_one_input callback);
#if defined(__linux__)
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, sdui_test_one_input callback) __attribute__((weak));
extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) __attribute__((weak));
#endif

int sdui_run_libfuzzer_driver(int *argc, char ***argv) {
    sdui_run_driver driver = NULL;
    sdui_test_one_input test = NULL;
#if defined(__linux__)
    driver = LLVMFuzzerRunDriver;
    test = LLVMFuzzerTestOneInput;
#endif
    if (!driver) driver = (sdui_run_driver)dlsym(RTLD_DEFAULT, "LLVMFuzzerRunDriver");
    if (!test) test = (sdui_test_one_input)dlsym(RTLD_DEFAULT, "LLVMFuzzerTestOneInput");
    if (!driver || !test) return -1;
    return driver(argc, argv, test);
}

void *sdui_libfuzzer_mutate(void) {
#if defined(__linux__)
    if (LLVMFuzzerMutate) return (void *)&LLVMFuzzerMutate;
#endif
    return dlsym(RTLD_DEFAULT, "LLVMFuzzerMutate");
}

int sdui_address_space_limit_enforced(void) {
#if defined(__linux__)
    return 1;
#else
    return 0;
#endif
}

#if SDUI_HAS_PROCESSES
int sdui_spawn_and_wait(const char *path, char *const argv[], char *const envp[], const char *stdin_path,
                        const char *stdout_path, const char *stderr_path, int *status, int64_t *max_rss_bytes) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, stdin_path, O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, stderr_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    // The child starts with no signal blocked and default handlers, whatever this thread has.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid = 0;
    int spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (spawned != 0) return spawned;
    int raw = 0;
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    while (wait4(pid, &raw, 0, &usage) < 0) {
        if (errno != EINTR) return errno;
    }
    *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
#if defined(__APPLE__)
    *max_rss_bytes = (int64_t)usage.ru_maxrss;
#else
    *max_rss_bytes = (int64_t)usage.ru_maxrss * 1024;
#endif
    return 0;
}
#endif

SDUI_END_NOT_COVERED

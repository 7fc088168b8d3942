// Known hang sites: an input that reaches a hang the campaign has already met is ended early and
// skipped like a crash at a known site, instead of running to libFuzzer's timeout and ending its
// job. See include/CSDUIFuzzEngine.h (sdui_hang_watch_*) for the contract.
//
// How. A watchdog thread wakes every few milliseconds; once the armed run (sdui_crash_sites_run)
// has taken `check_after`, it signals the running thread (SIGVTALRM: neither libFuzzer, nor the
// sanitizers, nor Swift's runtime use it), whose handler takes a sample of the stack.
// - A hang's site is the call chain that leads into the loop: the frames every sample of the hang
//   shares, counted from the outermost (main) inwards, up to where the samples part (inside the
//   looping function: its instruction, or the call it is making). Its key is the innermost
//   SDUI_HANG_FRAMES of those frames, each an (image, offset) pair, so the same in every process.
// - An input whose sample holds a known key (anywhere: the hang reached at another depth) is left
//   at once, but only where it is safe to: when every frame under the key is the program's own
//   code. A sample inside the runtime or the system (an allocation, a retain) may be holding a lock
//   that jumping out would never release; the next tick tries again.
// - An input still running at `keep_after` (libFuzzer's -timeout) is a new hang: its key goes to
//   the shared file (a line `h<n><n keys>`; older readers skip it), its input is kept as
//   `timeout-<key>` (confirmed by a replay in a fresh process at triage, as a crash is) and it is
//   left at the next safe point; libFuzzer's own alarm stays the backstop.
// The handler uses only async-signal-safe calls plus backtrace, which crash_sites.c warms up.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CSDUIFuzzEngine.h"
#include "engine_internal.h"
SDUI_BEGIN_NOT_COVERED  // every function of this file (CSDUIPlatform.h says why)
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SDUI_HANG_FRAMES 4
#define SDUI_MAX_HANGS 512
#define SDUI_CHAIN_MAX 512
#define SDUI_HANG_SIGNAL SIGVTALRM
#define SDUI_TICK_NS 10000000ULL

typedef struct { uint64_t frames[SDUI_HANG_FRAMES]; int count; } sdui_hang;

static sdui_hang sdui_hangs[SDUI_MAX_HANGS];
static volatile int sdui_hang_count = 0;
static volatile uint64_t sdui_hangs_skipped = 0;
static uint64_t sdui_check_after_ns = 0, sdui_keep_after_ns = 0;
static int sdui_watching = 0;
static pthread_t sdui_watched;
// When the armed run began (0: none running); written by the run's thread, read by the watchdog.
static volatile uint64_t sdui_run_started = 0;

// One run's samples, touched only by the handler on the run's thread: the frames every sample so
// far shares, outermost first, and whether each is the program's own code.
static uint64_t sdui_common[SDUI_CHAIN_MAX];
static int sdui_common_program[SDUI_CHAIN_MAX];
static int sdui_common_count = -1;
static int sdui_samples = 0;
static int sdui_kept = 0;
// The watched thread's outermost frame (its start): a sample that does not reach it was cut short
// by the unwinder (code without unwind information, a prologue) and cannot be aligned with others.
static uint64_t sdui_outermost = 0;

static uint64_t sdui_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

static int sdui_hang_hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static int sdui_same_hang(const sdui_hang *a, const sdui_hang *b) {
    if (a->count != b->count) return 0;
    for (int i = 0; i < a->count; i++) if (a->frames[i] != b->frames[i]) return 0;
    return 1;
}

static int sdui_hang_known(const sdui_hang *hang) {
    int n = sdui_hang_count;
    for (int i = 0; i < n; i++) if (sdui_same_hang(&sdui_hangs[i], hang)) return 1;
    return 0;
}

static void sdui_add_hang(const sdui_hang *hang) {
    if (sdui_hang_count < SDUI_MAX_HANGS && !sdui_hang_known(hang)) {
        sdui_hangs[sdui_hang_count] = *hang;
        sdui_hang_count = sdui_hang_count + 1;
    }
}

// A line `h<n>` followed by n keys of 16 hex digits.
static void sdui_parse_hang(const char *line, int length) {
    if (length < 2 || line[0] != 'h') return;
    int count = line[1] - '0';
    if (count < 1 || count > SDUI_HANG_FRAMES || length != 2 + 16 * count) return;
    sdui_hang hang;
    memset(&hang, 0, sizeof hang);
    hang.count = count;
    for (int f = 0; f < count; f++) {
        uint64_t key = 0;
        for (int j = 0; j < 16; j++) {
            int d = sdui_hang_hex(line[2 + 16 * f + j]);
            if (d < 0) return;
            key = (key << 4) | (uint64_t)d;
        }
        hang.frames[f] = key;
    }
    sdui_add_hang(&hang);
}

// Reads the hang lines of the shared file (other processes of the campaign append to it).
static void sdui_load_hangs(void) {
    const char *path = sdui_internal_sites_path();
    if (!path[0]) return;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return;
    char buffer[4096];
    char line[2 + 16 * SDUI_HANG_FRAMES + 1];
    int length = 0;
    ssize_t got;
    while ((got = read(fd, buffer, sizeof buffer)) > 0) {
        for (ssize_t i = 0; i < got; i++) {
            if (buffer[i] == '\n') {
                if (length <= (int)sizeof line - 1) sdui_parse_hang(line, length);
                length = 0;
            } else if (length < (int)sizeof line - 1) {
                line[length++] = buffer[i];
            } else {
                length = (int)sizeof line;  // too long: not a hang
            }
        }
    }
    close(fd);
}

static void sdui_remember_hang(const sdui_hang *hang) {
    sdui_add_hang(hang);
    const char *path = sdui_internal_sites_path();
    if (!path[0]) return;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0) return;
    static const char digits[] = "0123456789abcdef";
    char line[2 + 16 * SDUI_HANG_FRAMES + 1];
    int n = 0;
    line[n++] = 'h';
    line[n++] = (char)('0' + hang->count);
    for (int f = 0; f < hang->count; f++)
        for (int j = 0; j < 16; j++) line[n++] = digits[(hang->frames[f] >> (60 - 4 * j)) & 0xF];
    line[n++] = '\n';
    (void)!write(fd, line, (size_t)n);  // one write under O_APPEND: lines of two processes never mix
    close(fd);
}

// The interrupted stack, innermost first: the interrupted instruction, then each caller's return
// address, as keys. `program[i]`: whether frame i is the program's own code. -1 when the stack is
// deeper than the buffer (its outermost frames unknown, so it cannot be aligned with another).
static int sdui_sample(void *context, uint64_t *chain, int *program) {
    void *frames[SDUI_CHAIN_MAX];
    int count = backtrace(frames, SDUI_CHAIN_MAX);
    if (count >= SDUI_CHAIN_MAX) return -1;
    uintptr_t pc = sdui_internal_fault_pc(context);
    // As for a crash site: glibc's unwinder goes through the signal trampoline to the interrupted
    // instruction itself, Darwin's resumes at its caller; this handler and the trampoline come first.
    int start = 2;
    for (int i = 0; i < count; i++) {
        if (pc && (uintptr_t)frames[i] == pc) { start = i + 1; break; }
    }
    int n = 0;
    if (pc) chain[n] = sdui_internal_address_key(pc, &program[n]), n++;
    for (int i = start; i < count && n < SDUI_CHAIN_MAX; i++, n++)
        chain[n] = sdui_internal_address_key((uintptr_t)frames[i], &program[n]);
    return n;
}

// Where a known hang's key sits in the sample (its innermost frame's index), when every frame under
// it is the program's own code; -1 otherwise. `*seen`: whether the key is there at all.
static int sdui_safe_match(const uint64_t *chain, const int *program, int n, const sdui_hang *hang, int *seen) {
    for (int at = 0; at + hang->count <= n; at++) {
        int same = 1;
        for (int f = 0; f < hang->count && same; f++) same = chain[at + f] == hang->frames[f];
        if (!same) continue;
        *seen = 1;
        for (int i = 0; i < at; i++) if (!program[i]) return -1;
        return at;
    }
    return -1;
}

// Folds a sample into the frames every sample of this run shares (outermost first). The
// interrupted instruction itself is left out: a tight loop's samples may all land on one, and a
// key holding it would match only inputs interrupted there.
static void sdui_fold(const uint64_t *chain, const int *program, int n) {
    if (sdui_common_count < 0) {
        for (int i = 0; i < n - 1; i++) {
            sdui_common[i] = chain[n - 1 - i];
            sdui_common_program[i] = program[n - 1 - i];
        }
        sdui_common_count = n - 1;
        return;
    }
    int shared = 0;
    while (shared < sdui_common_count && shared < n - 1 && sdui_common[shared] == chain[n - 1 - shared]) shared++;
    sdui_common_count = shared;
}

// The hang this run's samples make: the innermost shared frames, from the innermost that is the
// program's own code (a call into the runtime every sample was making is not the hang's site).
// Zero frames when they share none.
static sdui_hang sdui_run_hang(void) {
    sdui_hang hang;
    memset(&hang, 0, sizeof hang);
    int available = sdui_common_count < 0 ? 0 : sdui_common_count;
    while (available > 0 && !sdui_common_program[available - 1]) available--;
    hang.count = available < SDUI_HANG_FRAMES ? available : SDUI_HANG_FRAMES;
    for (int f = 0; f < hang.count; f++) hang.frames[f] = sdui_common[available - 1 - f];
    return hang;
}

static uint64_t sdui_hang_name(const sdui_hang *hang) {
    uint64_t key = sdui_internal_fnv(0xcbf29ce484222325ULL, hang->frames, sizeof(uint64_t) * (size_t)hang->count);
    return key ? key : 1;
}

static void sdui_hang_handler(int sig, siginfo_t *info, void *context) {
    (void)sig; (void)info;
    int saved = errno;
    uint64_t started = sdui_run_started;
    if (!sdui_internal_armed() || !started || sdui_now() - started < sdui_check_after_ns) { errno = saved; return; }
    uint64_t chain[SDUI_CHAIN_MAX];
    int program[SDUI_CHAIN_MAX];
    int n = sdui_sample(context, chain, program);
    if (n <= 0) { errno = saved; return; }
    if (sdui_samples == 0) sdui_load_hangs();  // once per slow input: other jobs may have met hangs
    int known = sdui_hang_count, seen = 0;
    for (int i = 0; i < known; i++) {
        if (sdui_safe_match(chain, program, n, &sdui_hangs[i], &seen) >= 0) {
            if (!sdui_kept) sdui_hangs_skipped = sdui_hangs_skipped + 1;
            sdui_internal_leave(sdui_kept ? 4 : 3);
        }
    }
    sdui_samples++;
    // At a known hang, but not where it is safe to leave: the next tick's sample may be.
    if (seen) { errno = saved; return; }
    if (!sdui_kept && chain[n - 1] == sdui_outermost) sdui_fold(chain, program, n);
    if (!sdui_kept && sdui_samples >= 3 && sdui_now() - started >= sdui_keep_after_ns) {
        // Past the timeout: a hang. Its site is remembered for every job and its input kept; the
        // run is left at the first safe sample (this one or a later tick's).
        sdui_hang hang = sdui_run_hang();
        if (hang.count > 0 && sdui_internal_keep_input("timeout", sdui_hang_name(&hang))) {
            sdui_remember_hang(&hang);
            sdui_kept = 1;
            int seen = 0;
            if (sdui_safe_match(chain, program, n, &hang, &seen) >= 0) sdui_internal_leave(4);
        }
    }
    errno = saved;
}

// Adds the hang signal to the mask of every handler already installed for the signals that
// libFuzzer, the sanitizers and crash_sites.c handle (called once they are in place: the harness
// starts the watch on its first input).
static void sdui_hang_signal_waits_for_other_handlers(void) {
    static const int others[] = {SIGALRM, SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP, SIGINT, SIGTERM, SIGXFSZ, SIGUSR1, SIGUSR2};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        struct sigaction current;
        if (sigaction(others[i], NULL, &current) != 0) continue;
        int installed = (current.sa_flags & SA_SIGINFO) ? current.sa_sigaction != NULL
                                                         : (current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN);
        if (!installed || sigismember(&current.sa_mask, SDUI_HANG_SIGNAL) == 1) continue;
        sigaddset(&current.sa_mask, SDUI_HANG_SIGNAL);
        (void)sigaction(others[i], &current, NULL);
    }
}

static void *sdui_watchdog(void *unused) {
    (void)unused;
    struct timespec tick = {0, (long)SDUI_TICK_NS};
    for (;;) {
        nanosleep(&tick, NULL);
        uint64_t started = sdui_run_started;
        if (started && sdui_now() - started >= sdui_check_after_ns) pthread_kill(sdui_watched, SDUI_HANG_SIGNAL);
    }
    return NULL;
}

int sdui_hang_watch_start(uint64_t check_after_ns, uint64_t keep_after_ns) {
    if (sdui_watching) return 0;
    if (check_after_ns == 0 || keep_after_ns < check_after_ns) return -1;
    sdui_check_after_ns = check_after_ns;
    sdui_keep_after_ns = keep_after_ns;
    sdui_watched = pthread_self();
    void *frames[SDUI_CHAIN_MAX];
    int count = backtrace(frames, SDUI_CHAIN_MAX);
    if (count <= 0 || count >= SDUI_CHAIN_MAX) return -1;
    int is_program = 0;
    sdui_outermost = sdui_internal_address_key((uintptr_t)frames[count - 1], &is_program);
    sdui_load_hangs();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = sdui_hang_handler;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    // Never nested with another handler on this thread: the sample's backtrace and the stack
    // printing of libFuzzer's timeout (SIGALRM) or a crash report both take the unwinder's locks,
    // and one interrupting the other mid-unwind deadlocks the job for good (seen in CI: a fork-mode
    // job of a deep-document decoder stopped after writing its timeout input, and the campaign got
    // no status line until its own deadline). So libFuzzer's alarm waits while a sample is taken,
    // and the tick waits while any other handler runs (their masks gain this signal). A run left
    // by siglongjmp gets its mask back (sigsetjmp saved it).
    sigaddset(&action.sa_mask, SIGALRM);
    if (sigaction(SDUI_HANG_SIGNAL, &action, NULL) != 0) return -1;
    sdui_hang_signal_waits_for_other_handlers();
    // The watchdog never takes the signal itself; the fuzzing thread must (a process started by
    // Foundation's Process inherits a mask that blocks nearly everything).
    sigset_t only, previous;
    sigemptyset(&only);
    sigaddset(&only, SDUI_HANG_SIGNAL);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    pthread_sigmask(SIG_BLOCK, &only, &previous);
    pthread_t thread;
    int failed = pthread_create(&thread, NULL, sdui_watchdog, NULL);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (failed) return -1;
    pthread_detach(thread);
    sdui_watching = 1;
    return 0;
}

void sdui_hang_watch_after_fork(void) {
    if (!sdui_watching) return;
    sdui_watching = 0;
    sdui_run_started = 0;
    (void)sdui_hang_watch_start(sdui_check_after_ns, sdui_keep_after_ns);
}

void sdui_hang_watch_begin(void) {
    if (!sdui_watching || !pthread_equal(pthread_self(), sdui_watched)) return;
    sdui_common_count = -1;
    sdui_samples = 0;
    sdui_kept = 0;
    __atomic_store_n(&sdui_run_started, sdui_now(), __ATOMIC_RELEASE);
}

void sdui_hang_watch_end(void) {
    if (!sdui_watching || !pthread_equal(pthread_self(), sdui_watched)) return;
    __atomic_store_n(&sdui_run_started, 0, __ATOMIC_RELEASE);
}

uint64_t sdui_hang_watch_skipped(void) { return sdui_hangs_skipped; }

int sdui_hang_watch_known(void) { return sdui_hang_count; }

SDUI_END_NOT_COVERED

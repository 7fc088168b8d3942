// The fork server: inputs run in a child process forked from the fuzzing process once it is set up,
// so what a crash-dense decoder leaks on every skipped crash (a run left by siglongjmp never
// releases what its frames held) is thrown away with the child instead of ending the whole job.
// See include/CSDUIFuzzEngine.h (sdui_fork_server_*) for the contract.
//
// How. AFL++'s forkserver forks once per input; here one child runs inputs one after the other,
// as the job itself would, until its resident memory has grown past a limit (then it says so in
// its reply and exits; the next input forks a fresh child from the clean parent). Per input:
// - the parent sends the input's size and bytes over a socket pair;
// - the child clears the coverage counters, runs the body, copies the counters into a shared
//   mapping and replies with the body's verdict;
// - the parent folds those counters into its own, where libFuzzer reads them after the input as
//   if the input had run in its process (its comparison tracing is not carried over).
// A child that dies of a memory error (a stack overflow, a wild pointer: the sanitizer's report,
// which ends any process) is no reason to end the job: the sanitizer's report callback leaves the
// error's site in the shared mapping, and the parent skips the input like a crash at a known site,
// or keeps it as `crash-<site>` for triage when the site is new. A child that dies otherwise or
// stays silent past the deadline is killed and reported (-1): the caller runs the input in its
// own process, where the sanitizer or libFuzzer reports it with the right input.
// A child never outlives its parent: a thread of the child watches for the parent to go.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CSDUIFuzzEngine.h"
#include "engine_internal.h"
SDUI_BEGIN_NOT_COVERED  // every function of this file (CSDUIPlatform.h says why)
#include "CSDUIPlatform.h"
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// Not covered: the server's own work runs beside every input and must not look like the input's.

typedef struct { int32_t verdict; int32_t exiting; } sdui_reply;

// What the child leaves for the parent beside its replies, in a shared mapping: the site of the
// memory error it is dying of (set by the sanitizer's report callback, crash_sites.c), then the
// coverage counters of its last input.
typedef struct { volatile uint64_t memory_key; volatile int32_t has_memory_key; int32_t unused; } sdui_shared_header;

static pid_t sdui_child = 0;
static int sdui_channel = -1;
static sdui_shared_header *sdui_shared = NULL;
static uint8_t *sdui_shared_counters = NULL;
static uint64_t sdui_children_started = 0;
static uint64_t sdui_children_lost = 0;
static uint64_t sdui_memory_errors_skipped = 0;
static uint64_t sdui_child_limit = 0;
static pid_t sdui_parent = 0;
static int sdui_is_child = 0;

static int sdui_write_all(int fd, const void *bytes, size_t count) {
    const uint8_t *at = bytes;
    while (count > 0) {
#if defined(MSG_NOSIGNAL)
        ssize_t n = send(fd, at, count, MSG_NOSIGNAL);
#else
        ssize_t n = send(fd, at, count, 0);  // Darwin: SO_NOSIGPIPE is set on the socket instead
#endif
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        at += n;
        count -= (size_t)n;
    }
    return 0;
}

static int sdui_read_all(int fd, void *bytes, size_t count) {
    uint8_t *at = bytes;
    while (count > 0) {
        ssize_t n = read(fd, at, count);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        at += n;
        count -= (size_t)n;
    }
    return 0;
}

// The child's watch on its parent: a child must not outlive the job (libFuzzer's timeout ends the
// parent while the child may still be inside the hang). getppid changes once the parent is gone,
// on every system.
static void *sdui_parent_watch(void *unused) {
    (void)unused;
    struct timespec tick = {0, 100000000L};
    for (;;) {
        nanosleep(&tick, NULL);
        if (getppid() != sdui_parent) _exit(0);
    }
    return NULL;
}

static void sdui_serve(int fd, int (*body)(const uint8_t *, size_t, void *), void *context) {
    int64_t start = sdui_resident_bytes((int)getpid());
    uint8_t *counters = NULL;
    size_t count = sdui_internal_counters(&counters);
    uint8_t *input = NULL;
    size_t capacity = 0;
    uint64_t runs = 0;
    for (;;) {
        uint64_t size = 0;
        if (sdui_read_all(fd, &size, sizeof size) != 0) _exit(0);
        if (size > capacity) {
            uint8_t *grown = realloc(input, (size_t)size);
            if (!grown) _exit(0);
            input = grown;
            capacity = (size_t)size;
        }
        if (size && sdui_read_all(fd, input, (size_t)size) != 0) _exit(0);
        if (count) memset(counters, 0, count);
        sdui_reply reply = {body(input, (size_t)size, context), 0};
        if (sdui_shared_counters) memcpy(sdui_shared_counters, counters, count);
        // Reading the resident size costs a file read: every eighth input, and after every run
        // that was left (a verdict whose low byte is nonzero: a skipped crash or hang, what leaks).
        if ((reply.verdict & 0xff) != 0 || ++runs % 8 == 0) {
            int64_t now = sdui_resident_bytes((int)getpid());
            reply.exiting = start >= 0 && now >= 0 && (uint64_t)(now - start) > sdui_child_limit;
        }
        if (sdui_write_all(fd, &reply, sizeof reply) != 0 || reply.exiting) _exit(0);
    }
}

static int sdui_spawn(int (*body)(const uint8_t *, size_t, void *), void *context) {
    size_t count = sdui_internal_counters(NULL);
    if (!sdui_shared) {
        void *shared = mmap(NULL, sizeof(sdui_shared_header) + count, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANON, -1, 0);
        if (shared == MAP_FAILED) return -1;
        sdui_shared = shared;
        sdui_shared_counters = count ? (uint8_t *)shared + sizeof(sdui_shared_header) : NULL;
    }
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) return -1;
#if defined(SO_NOSIGPIPE)
    int on = 1;
    setsockopt(pair[0], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
    setsockopt(pair[1], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    sdui_parent = getpid();
    pid_t pid = fork();
    if (pid < 0) { close(pair[0]); close(pair[1]); return -1; }
    if (pid == 0) {
        close(pair[0]);
        sdui_is_child = 1;
        sdui_internal_forked_child();
        pthread_t watch;
        if (pthread_create(&watch, NULL, sdui_parent_watch, NULL) == 0) pthread_detach(watch);
        sdui_serve(pair[1], body, context);
    }
    close(pair[1]);
    sdui_child = pid;
    sdui_channel = pair[0];
    sdui_children_started++;
    return 0;
}

static void sdui_reap(int kill_it) {
    if (sdui_child <= 0) return;
    if (kill_it) kill(sdui_child, SIGKILL);
    int status = 0;
    while (waitpid(sdui_child, &status, 0) < 0 && errno == EINTR) {}
    close(sdui_channel);
    sdui_channel = -1;
    sdui_child = 0;
}

static uint64_t sdui_millis(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000ULL + (uint64_t)t.tv_nsec / 1000000ULL;
}

// Waits for the reply until the deadline (0: none); poll is restarted after a signal (libFuzzer's
// alarm ticks through a long input). 0: a reply; -1: the child went (its end of the channel
// closed); -2: the deadline passed.
static int sdui_await(sdui_reply *reply, uint64_t deadline_ms) {
    uint64_t until = deadline_ms ? sdui_millis() + deadline_ms : 0;
    for (;;) {
        struct pollfd wait = {sdui_channel, POLLIN, 0};
        int timeout = -1;
        if (until) {
            uint64_t now = sdui_millis();
            if (now >= until) return -2;
            timeout = (int)(until - now);
        }
        int ready = poll(&wait, 1, timeout);
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) return -2;
        if (ready < 0) return -1;
        return sdui_read_all(sdui_channel, reply, sizeof *reply);
    }
}

void sdui_internal_child_memory_error(uint64_t key) {
    if (!sdui_shared) return;
    sdui_shared->memory_key = key;
    sdui_shared->has_memory_key = 1;
}

// A child that died of a memory error whose site it left: skipped like a crash at a known site
// (verdict 1), or the site remembered and the input kept as `crash-<site>` (verdict 2), as a
// new crash site is. -1: no site (it died otherwise), or the input could not be kept.
static int sdui_memory_error_verdict(const uint8_t *input, size_t size) {
    if (!sdui_shared || !sdui_shared->has_memory_key) return -1;
    uint64_t key = sdui_shared->memory_key;
    if (sdui_internal_memory_site_known(key)) return 1;
    if (!sdui_internal_keep_bytes("crash", key, input, size)) return -1;
    sdui_internal_remember_memory_site(key);
    return 2;
}

// The child's counters, folded into the parent's: a counter keeps the larger of the two (the
// parent's own are its bookkeeping's, if any of it is instrumented).
static void sdui_fold_counters(void) {
    uint8_t *counters = NULL;
    size_t count = sdui_internal_counters(&counters);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t word;
        memcpy(&word, sdui_shared_counters + i, 8);
        if (word == 0) continue;
        for (size_t j = i; j < i + 8; j++) if (sdui_shared_counters[j] > counters[j]) counters[j] = sdui_shared_counters[j];
    }
    for (; i < count; i++) if (sdui_shared_counters[i] > counters[i]) counters[i] = sdui_shared_counters[i];
}

int sdui_fork_server_run(const uint8_t *input, size_t size, int (*body)(const uint8_t *, size_t, void *),
                         void *context, uint64_t child_growth_limit, uint64_t deadline_ms, int32_t *verdict) {
    sdui_child_limit = child_growth_limit;
    if (sdui_child <= 0 && sdui_spawn(body, context) != 0) return -1;
    uint64_t length = size;
    sdui_reply reply;
    sdui_shared->has_memory_key = 0;
    int sent = sdui_write_all(sdui_channel, &length, sizeof length) == 0 && (size == 0 || sdui_write_all(sdui_channel, input, size) == 0);
    int waited = sent ? sdui_await(&reply, deadline_ms) : -1;
    if (waited != 0) {
        sdui_reap(1);
        sdui_children_lost++;
        int memory = waited == -1 ? sdui_memory_error_verdict(input, size) : -1;
        if (memory < 0) return -1;
        sdui_memory_errors_skipped++;
        *verdict = memory;
        return 0;
    }
    if (sdui_shared_counters) sdui_fold_counters();
    if (reply.exiting) sdui_reap(0);
    *verdict = reply.verdict;
    return 0;
}

void sdui_fork_server_stop(void) { sdui_reap(1); }

// The sanitizer allocator's count of bytes the program holds (not what it freed and the allocator
// keeps in quarantine or caches, which a resident size counts): looked up by name, absent in a
// build without a sanitizer.
int64_t sdui_fork_server_heap_bytes(void) {
    typedef size_t (*sdui_allocated_fn)(void);
    static sdui_allocated_fn allocated = NULL;
    static int looked_up = 0;
    if (!looked_up) {
        looked_up = 1;
        allocated = (sdui_allocated_fn)dlsym(RTLD_DEFAULT, "__sanitizer_get_current_allocated_bytes");
    }
    return allocated ? (int64_t)allocated() : -1;
}

uint64_t sdui_fork_server_children(void) { return sdui_children_started; }

uint64_t sdui_fork_server_lost(void) { return sdui_children_lost; }

uint64_t sdui_fork_server_memory_errors(void) { return sdui_memory_errors_skipped; }

int sdui_fork_server_is_child(void) { return sdui_is_child; }

SDUI_END_NOT_COVERED

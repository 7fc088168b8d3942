// Known crash sites: a campaign's fuzzing processes skip a crash they have already reported instead
// of dying on it. See include/CSDUIFuzzEngine.h (sdui_crash_sites_*) for the contract; this file holds
// the signal-handler side, which may only use async-signal-safe calls (open, read, write, close,
// siglongjmp) plus backtrace, which is warmed up at install time.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CSDUIFuzzEngine.h"
#include "engine_internal.h"
SDUI_BEGIN_NOT_COVERED  // every function of this file (CSDUIPlatform.h says why)
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <sys/ucontext.h>
#include <mach-o/dyld.h>
#include <mach-o/loader.h>
#else
#include <link.h>
#include <ucontext.h>
#endif

#define SDUI_MAX_SITES 8192
#define SDUI_SITE_FRAMES 16

// The signals a Swift trap, a runtime fatal error (a failed cast, say) or a precondition arrives
// as: SIGILL (x86-64 ud2), SIGTRAP (arm64 brk), SIGABRT (abort). Memory errors (SIGSEGV, SIGBUS)
// are the sanitizer's and never skipped: a stack overflow or a wild pointer is not a site.
static const int sdui_signals[] = {SIGILL, SIGTRAP, SIGABRT};
#define SDUI_SIGNAL_COUNT 3

static struct sigaction sdui_previous[SDUI_SIGNAL_COUNT];
static int sdui_installed = 0;
// Set in a fork server's child (fork_server.c).
static volatile int sdui_forked_child = 0;
#define SDUI_CHILD_CRASH_EXIT 77
static char sdui_sites_path[1024];
static uint64_t sdui_sites[SDUI_MAX_SITES];
static volatile int sdui_site_count = 0;
static volatile uint64_t sdui_recoveries = 0;

// The armed region: only the thread that runs the decoder, only while it runs it.
static __thread volatile int sdui_armed = 0;
static __thread sigjmp_buf sdui_jump;

// Swift's dynamic exclusivity checking keeps the accesses in progress in a per-thread list of
// records that live in the frames making them. Jumping out of those frames would leave records
// behind that the next access reads as a conflict ("Simultaneous accesses…"). The runtime's entry
// points for tasks (exported C functions of libswiftCore) save the list's head on entry and cut
// what was added since on exit: the handler exits before jumping, while the records are still
// on the stack. Looked up by name: missing (a runtime linked statically), records may be left.
typedef void (*sdui_context_fn)(char *state);
static sdui_context_fn sdui_enter_context = NULL, sdui_exit_context = NULL;
static __thread uintptr_t sdui_access_state[4];

// The input being run, and where to keep one that crashes at a new site.
static __thread const uint8_t *sdui_input = NULL;
static __thread size_t sdui_input_size = 0;
static char sdui_artifact_prefix[1024];

static uint64_t sdui_fnv(uint64_t hash, const void *bytes, size_t count) {
    const unsigned char *p = (const unsigned char *)bytes;
    for (size_t i = 0; i < count; i++) hash = (hash ^ p[i]) * 0x100000001b3ULL;
    return hash;
}

// The faulting instruction. Needed because a frame-pointer unwinder (Darwin's backtrace) starts at
// the caller of the interrupted function: without it two sites in one function would look alike.
static uintptr_t sdui_fault_pc(void *context) {
    if (!context) return 0;
    ucontext_t *uc = (ucontext_t *)context;
#if defined(__linux__) && defined(__x86_64__)
    return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__linux__) && defined(__aarch64__)
    return (uintptr_t)uc->uc_mcontext.pc;
#elif defined(__APPLE__) && defined(__x86_64__)
    return (uintptr_t)uc->uc_mcontext->__ss.__rip;
#elif defined(__APPLE__) && defined(__arm64__)
    return (uintptr_t)__darwin_arm_thread_state64_get_pc(uc->uc_mcontext->__ss);
#else
    (void)uc;
    return 0;
#endif
}

// Images of the toolchain and the system: a crash site is where the program's own code is.
static const char *const sdui_system_images[] = {
    "libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "libc.", "libc-", "libc++", "libstdc++",
    "libm.", "libpthread", "ld-linux", "ld64", "libgcc", "libclang_rt", "libicu", "lib_Foundation",
    "libsystem_", "libdyld", "dyld", "libobjc", "Foundation", "CoreFoundation", "FoundationEssentials",
    "FoundationInternationalization", "libxpc", "linux-vdso", NULL,
};

static int sdui_is_system_image(const char *leaf) {
    for (int i = 0; sdui_system_images[i]; i++) {
        size_t n = strlen(sdui_system_images[i]);
        if (strncmp(leaf, sdui_system_images[i], n) == 0) return 1;
    }
    return 0;
}

// The loaded images, listed once at install (dladdr would search symbol tables on every frame,
// milliseconds per crash): their code's address range, load base, name hash and whether they are
// the program's own code (the executable, or a library of the app) rather than the toolchain's or
// the system's.
typedef struct { uintptr_t start, end, base; uint64_t name; int is_program; } sdui_image;
#define SDUI_MAX_IMAGES 1024
static sdui_image sdui_images[SDUI_MAX_IMAGES];
static int sdui_image_count = 0;

static void sdui_add_image(const char *path, uintptr_t base, uintptr_t start, uintptr_t end) {
    if (sdui_image_count >= SDUI_MAX_IMAGES || end <= start) return;
    const char *name = path ? path : "";
    const char *slash = strrchr(name, '/');
    const char *leaf = slash ? slash + 1 : name;
    sdui_image *image = &sdui_images[sdui_image_count++];
    image->start = start;
    image->end = end;
    image->base = base;
    image->name = sdui_fnv(0xcbf29ce484222325ULL, leaf, strlen(leaf));
    // The main executable has an empty name in glibc's list: it is the program.
    image->is_program = leaf[0] ? !sdui_is_system_image(leaf) : 1;
}

#if defined(__linux__)
static int sdui_image_callback(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size; (void)data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_X)) continue;
        uintptr_t start = (uintptr_t)info->dlpi_addr + (uintptr_t)segment->p_vaddr;
        sdui_add_image(info->dlpi_name, (uintptr_t)info->dlpi_addr, start, start + (uintptr_t)segment->p_memsz);
    }
    return 0;
}
#endif

static void sdui_list_images(void) {
    sdui_image_count = 0;
#if defined(__linux__)
    dl_iterate_phdr(sdui_image_callback, NULL);
#elif defined(__APPLE__)
    uint32_t count = _dyld_image_count();
    for (uint32_t i = 0; i < count; i++) {
        const struct mach_header_64 *header = (const struct mach_header_64 *)_dyld_get_image_header(i);
        if (!header) continue;
        uintptr_t slide = (uintptr_t)_dyld_get_image_vmaddr_slide(i);
        const struct load_command *command = (const struct load_command *)(header + 1);
        for (uint32_t c = 0; c < header->ncmds; c++) {
            if (command->cmd == LC_SEGMENT_64) {
                const struct segment_command_64 *segment = (const struct segment_command_64 *)command;
                if (strncmp(segment->segname, "__TEXT", 16) == 0) {
                    uintptr_t start = (uintptr_t)segment->vmaddr + slide;
                    sdui_add_image(_dyld_get_image_name(i), (uintptr_t)header, start, start + (uintptr_t)segment->vmsize);
                }
            }
            command = (const struct load_command *)((const char *)command + command->cmdsize);
        }
    }
#endif
}

// One code address as (image, offset in the image): the same in every process of a campaign,
// whatever address the image was loaded at.
static uint64_t sdui_mix_address(uint64_t hash, uintptr_t address, int *is_program) {
    *is_program = 0;
    for (int i = 0; i < sdui_image_count; i++) {
        const sdui_image *image = &sdui_images[i];
        if (address >= image->start && address < image->end) {
            *is_program = image->is_program;
            uint64_t offset = (uint64_t)(address - image->base);
            hash = sdui_fnv(hash, &image->name, sizeof image->name);
            return sdui_fnv(hash, &offset, sizeof offset);
        }
    }
    uint64_t raw = (uint64_t)address;  // an image loaded since: unique to this process, never merged
    return sdui_fnv(hash, &raw, sizeof raw);
}

// A site: the signal, the faulting instruction and the frames under it up to the first in the
// program's own code — the instruction that trapped in a decoder, or the call in the decoder that
// led to a failure in the runtime (a failed cast, `try!`). Callers further out are left out, so one
// site reached through different paths (a component nested at different depths) is one key.
static uint64_t sdui_crash_site_key(int sig, void *context) {
    uint64_t hash = 0xcbf29ce484222325ULL;
    int s = sig, is_program = 0;
    hash = sdui_fnv(hash, &s, sizeof s);
    uintptr_t pc = sdui_fault_pc(context);
    hash = sdui_mix_address(hash, pc, &is_program);
    if (is_program) return hash ? hash : 1;
    void *frames[64];
    int count = backtrace(frames, 64);
    // Frames of this handler and the signal trampoline come first. The unwinder of glibc goes
    // through the trampoline to the faulting instruction itself; Darwin's resumes at its caller.
    int start = 2;
    for (int i = 0; i < count; i++) {
        if (pc && (uintptr_t)frames[i] == pc) { start = i + 1; break; }
    }
    for (int i = start, used = 0; i < count && used < SDUI_SITE_FRAMES; i++, used++) {
        hash = sdui_mix_address(hash, (uintptr_t)frames[i], &is_program);
        if (is_program) break;
    }
    return hash ? hash : 1;
}

static int sdui_is_known(uint64_t key) {
    int n = sdui_site_count;
    for (int i = 0; i < n; i++) if (sdui_sites[i] == key) return 1;
    return 0;
}

static int sdui_hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

// Reads the shared file (other processes of the campaign append to it): one 16-digit key a line.
// A memory error's site (a sanitizer report: a stack overflow, a wild pointer) is a line `m<key>`
// (readers of crash sites alone pass it over): a fork server's child that dies of one is skipped
// like a crash at a known site.

static void sdui_load_sites(void) {
    if (!sdui_sites_path[0]) return;
    int fd = open(sdui_sites_path, O_RDONLY);
    if (fd < 0) return;
    char buffer[4096];
    char line[18];
    int length = 0;
    ssize_t got;
    while ((got = read(fd, buffer, sizeof buffer)) > 0) {
        for (ssize_t i = 0; i < got; i++) {
            char c = buffer[i];
            if (c == '\n') {
                int memory = length == 17 && line[0] == 'm';
                if (length == 16 || memory) {
                    uint64_t key = 0;
                    int ok = 1;
                    for (int j = memory; j < memory + 16; j++) { int d = sdui_hex(line[j]); if (d < 0) { ok = 0; break; } key = (key << 4) | (uint64_t)d; }
                    if (ok && !sdui_is_known(key) && sdui_site_count < SDUI_MAX_SITES) sdui_sites[sdui_site_count++] = key;
                }
                length = 0;
            } else if (length < 17) {
                line[length++] = c;
            } else {
                length = 18;  // too long: not a key
            }
        }
    }
    close(fd);
}

static void sdui_remember_key(uint64_t key, int memory) {
    if (sdui_site_count < SDUI_MAX_SITES) sdui_sites[sdui_site_count++] = key;
    if (!sdui_sites_path[0]) return;
    int fd = open(sdui_sites_path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0) return;
    static const char digits[] = "0123456789abcdef";
    char line[18] = {'m'};
    for (int j = 0; j < 16; j++) line[memory + j] = digits[(key >> (60 - 4 * j)) & 0xF];
    line[memory + 16] = '\n';
    (void)!write(fd, line, (size_t)(memory + 17));  // one write under O_APPEND: lines of two processes never mix
    close(fd);
}

static void sdui_remember_site(uint64_t key) { sdui_remember_key(key, 0); }

static int sdui_signal_index(int sig) {
    for (int i = 0; i < SDUI_SIGNAL_COUNT; i++) if (sdui_signals[i] == sig) return i;
    return -1;
}

// Hands the signal to whoever had it before (libFuzzer: it writes the crash input and exits). A
// signal libFuzzer does not watch (SIGTRAP, a Swift trap on arm64) goes to its SIGILL or SIGABRT
// handler, so the input is kept all the same; with nobody to hand it to, the default action.
static void sdui_chain(int sig, siginfo_t *info, void *context) {
    int index = sdui_signal_index(sig);
    for (int attempt = 0; attempt < 3; attempt++) {
        int i = attempt == 0 ? index : (attempt == 1 ? 0 : 2);
        if (i < 0) continue;
        struct sigaction *previous = &sdui_previous[i];
        if (previous->sa_flags & SA_SIGINFO) {
            if (previous->sa_sigaction) { previous->sa_sigaction(sig, info, context); return; }
        } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
            previous->sa_handler(sig);
            return;
        }
    }
    // Nobody: restore the default and let the instruction (or abort) raise it again.
    signal(sig, SIG_DFL);
    if (sig == SIGABRT) raise(sig);
}

static void sdui_say(const char *text) { (void)!write(2, text, strlen(text)); }

// Keeps the input as `<prefix>crash-<key>`: the same name for the same site, so two processes that
// meet a new site at once keep one file.
static int sdui_keep_bytes_as(const char *kind, uint64_t key, const uint8_t *input, size_t size);
static int sdui_keep_input_as(const char *kind, uint64_t key) { return sdui_keep_bytes_as(kind, key, sdui_input, sdui_input_size); }

static int sdui_keep_bytes_as(const char *kind, uint64_t key, const uint8_t *input, size_t size) {
    if (!sdui_artifact_prefix[0] || !input) return 0;
    static const char digits[] = "0123456789abcdef";
    char path[1100];
    size_t n = strlen(sdui_artifact_prefix), k = strlen(kind);
    if (n + k + 18 > sizeof path) return 0;
    memcpy(path, sdui_artifact_prefix, n);
    memcpy(path + n, kind, k);
    n += k;
    path[n++] = '-';
    for (int j = 0; j < 16; j++) path[n++] = digits[(key >> (60 - 4 * j)) & 0xF];
    path[n] = 0;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return 0;
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(fd, input + done, size - done);
        if (w <= 0) break;
        done += (size_t)w;
    }
    close(fd);
    sdui_say("SDUIHarness: ");
    sdui_say(strcmp(kind, "crash") == 0 ? "crash" : "hang");
    sdui_say(" at a new site, input kept as ");
    sdui_say(path);
    sdui_say(" (confirmed by a replay in a fresh process at triage); fuzzing goes on\n");
    return done == size;
}

static int sdui_keep_input(uint64_t key) { return sdui_keep_input_as("crash", key); }

// The Swift runtime keeps every fatal error's message, each appended to the last, for the crash
// report of a process about to die (Linux: the static `kFatalErrorMessage` of libswiftCore, never
// freed; Darwin: the crash reporter's annotation). A process that survives thousands of fatal
// errors pays for that: each message copies all the earlier ones (time and memory quadratic in the
// skipped crashes: 5,000 skipped failed casts took a gigabyte here). After a skip it is emptied.
// The variable is not exported; on Linux its address is read from the library's symbol table
// on disk. Darwin's annotation is not reachable: there the cost stays, bounded by the job restarts.
static char **sdui_fatal_message = NULL;

#if defined(__linux__)
#include <elf.h>
#include <sys/mman.h>
#include <sys/stat.h>

typedef struct { char path[1024]; uintptr_t base; int found; } sdui_runtime_image;

static int sdui_find_runtime(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    sdui_runtime_image *image = (sdui_runtime_image *)data;
    const char *name = info->dlpi_name ? info->dlpi_name : "";
    const char *slash = strrchr(name, '/');
    if (strncmp(slash ? slash + 1 : name, "libswiftCore.so", 15) != 0) return 0;
    size_t n = strlen(name);
    if (n >= sizeof image->path) return 0;
    memcpy(image->path, name, n + 1);
    image->base = (uintptr_t)info->dlpi_addr;
    image->found = 1;
    return 1;
}

// Looks `symbol` up in the ELF file's full symbol table (.symtab), which holds local symbols too.
static uintptr_t sdui_local_symbol(const char *path, const char *symbol) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    struct stat st;
    uintptr_t value = 0;
    if (fstat(fd, &st) == 0 && (size_t)st.st_size > sizeof(Elf64_Ehdr)) {
        const unsigned char *file = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (file != MAP_FAILED) {
            const Elf64_Ehdr *header = (const Elf64_Ehdr *)file;
            size_t size = (size_t)st.st_size;
            if (memcmp(header->e_ident, ELFMAG, SELFMAG) == 0 && header->e_ident[EI_CLASS] == ELFCLASS64
                && header->e_shoff + (size_t)header->e_shnum * sizeof(Elf64_Shdr) <= size) {
                const Elf64_Shdr *sections = (const Elf64_Shdr *)(file + header->e_shoff);
                for (int i = 0; i < header->e_shnum && !value; i++) {
                    if (sections[i].sh_type != SHT_SYMTAB || sections[i].sh_link >= header->e_shnum) continue;
                    const Elf64_Shdr *strings = &sections[sections[i].sh_link];
                    if (sections[i].sh_offset + sections[i].sh_size > size || strings->sh_offset + strings->sh_size > size) continue;
                    const Elf64_Sym *symbols = (const Elf64_Sym *)(file + sections[i].sh_offset);
                    size_t count = sections[i].sh_size / sizeof(Elf64_Sym);
                    const char *names = (const char *)(file + strings->sh_offset);
                    for (size_t k = 0; k < count; k++) {
                        if (symbols[k].st_name < strings->sh_size && strcmp(names + symbols[k].st_name, symbol) == 0) {
                            value = (uintptr_t)symbols[k].st_value;
                            break;
                        }
                    }
                }
            }
            munmap((void *)file, size);
        }
    }
    close(fd);
    return value;
}
#endif

static void sdui_find_fatal_message(void) {
#if defined(__linux__)
    sdui_runtime_image image;
    memset(&image, 0, sizeof image);
    dl_iterate_phdr(sdui_find_runtime, &image);
    if (!image.found) return;  // a statically linked runtime: left alone
    uintptr_t offset = sdui_local_symbol(image.path, "_ZL18kFatalErrorMessage");
    if (offset) sdui_fatal_message = (char **)(image.base + offset);
#endif
}

// Outside the signal handler (free is not async-signal-safe).
static void sdui_forget_fatal_message(void) {
    if (!sdui_fatal_message) return;
    char *message = __atomic_exchange_n(sdui_fatal_message, NULL, __ATOMIC_ACQ_REL);
    free(message);
}

int sdui_crash_sites_runtime_message_reset(void) { return sdui_fatal_message != NULL; }

// Leaves the armed run: what the body's frames hold is abandoned, the Swift runtime's records of
// accesses in progress are cut back first (they live in those frames).
static void sdui_leave(int code) __attribute__((noreturn));
static void sdui_leave(int code) {
    sdui_armed = 0;
    if (sdui_exit_context) sdui_exit_context((char *)sdui_access_state);
    siglongjmp(sdui_jump, code);
}

static void sdui_watch_sanitizer_reports(void);

static void sdui_crash_sites_handler(int sig, siginfo_t *info, void *context) {
    if (sdui_armed) {
        uint64_t key = sdui_crash_site_key(sig, context);
        if (!sdui_is_known(key)) sdui_load_sites();
        int known = sdui_is_known(key);
        if (!known) {
            // A new site: remembered for every process of the campaign, its input kept.
            sdui_remember_site(key);
        }
        if (known || sdui_keep_input(key)) {
            if (known) sdui_recoveries = sdui_recoveries + 1;
            sdui_leave(known ? 1 : 2);
        }
        sdui_armed = 0;
    }
    // A fork server's child leaves it to its parent, which runs the input again in its own process.
    if (sdui_forked_child) _exit(SDUI_CHILD_CRASH_EXIT);
    // Not ours to skip, or the input could not be kept: reported as usual.
    sdui_chain(sig, info, context);
}

int sdui_crash_sites_install(const char *known_sites_path, const char *artifact_prefix) {
    if (sdui_installed) return 0;
    size_t length = known_sites_path ? strlen(known_sites_path) : 0;
    if (length >= sizeof sdui_sites_path) return -1;
    if (length) memcpy(sdui_sites_path, known_sites_path, length + 1);
    size_t prefix = artifact_prefix ? strlen(artifact_prefix) : 0;
    if (prefix >= sizeof sdui_artifact_prefix) return -1;
    if (prefix) memcpy(sdui_artifact_prefix, artifact_prefix, prefix + 1);
    // The first backtrace loads the unwinder (a dlopen on glibc): never inside a signal handler.
    void *warm[4];
    (void)backtrace(warm, 4);
    sdui_list_images();
    sdui_find_fatal_message();
    sdui_load_sites();
    sdui_enter_context = (sdui_context_fn)dlsym(RTLD_DEFAULT, "swift_task_enterThreadLocalContext");
    sdui_exit_context = (sdui_context_fn)dlsym(RTLD_DEFAULT, "swift_task_exitThreadLocalContext");
    if (!sdui_enter_context || !sdui_exit_context) sdui_enter_context = sdui_exit_context = NULL;
    for (int i = 0; i < SDUI_SIGNAL_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = sdui_crash_sites_handler;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        if (sigaction(sdui_signals[i], &action, &sdui_previous[i]) != 0) return -1;
    }
    sdui_watch_sanitizer_reports();
    sdui_installed = 1;
    return 0;
}

int sdui_crash_sites_run(const uint8_t *input, size_t size, void (*body)(void *), void *context) {
    sdui_input = input;
    sdui_input_size = size;
    int jumped = sigsetjmp(sdui_jump, 1);
    if (jumped != 0) {
        // Back from a crash or a hang: the body's frames are gone (what they held is leaked; the
        // caller bounds how many crashes one process skips).
        sdui_hang_watch_end();
        sdui_input = NULL;
        sdui_forget_fatal_message();
        return jumped;
    }
    memset(sdui_access_state, 0, sizeof sdui_access_state);
    int guarded = sdui_installed && sdui_enter_context;
    if (guarded) sdui_enter_context((char *)sdui_access_state);
    if (sdui_installed) sdui_hang_watch_begin();
    sdui_armed = sdui_installed;
    body(context);
    sdui_armed = 0;
    sdui_hang_watch_end();
    if (guarded) sdui_exit_context((char *)sdui_access_state);
    sdui_input = NULL;
    return 0;
}

uint64_t sdui_crash_sites_recoveries(void) { return sdui_recoveries; }

int sdui_crash_sites_count(void) { return sdui_site_count; }


// What hang_watch.c needs of this file (engine_internal.h).
int sdui_internal_armed(void) { return sdui_armed; }

// A sanitizer report's site: its first stack's innermost frames as the report prints them, each
// line without its number and address (`#0 0x7f… (FuzzX+0x253e93)` or `#0 0x7f… in f() x.swift:3`),
// so the same in every process of a campaign whatever the load address. 0 when it has no stack.
#define SDUI_REPORT_FRAMES 4
static uint64_t sdui_report_key(const char *report) {
    uint64_t hash = 1469598103934665603ULL;
    int frames = 0;
    for (const char *line = report; line && *line && frames < SDUI_REPORT_FRAMES;) {
        const char *end = strchr(line, '\n');
        const char *at = line;
        while (*at == ' ') at++;
        if (*at == '#' && at[1] >= '0' && at[1] <= '9') {
            while (*at && *at != ' ' && *at != '\n') at++;   // "#12"
            while (*at == ' ') at++;
            if (at[0] == '0' && at[1] == 'x') {                // the address
                while (*at && *at != ' ' && *at != '\n') at++;
                size_t length = end ? (size_t)(end - at) : strlen(at);
                hash = sdui_fnv(hash, at, length);
                frames++;
            }
        } else if (frames > 0) {
            break;  // the first stack ended
        }
        line = end ? end + 1 : NULL;
    }
    return frames ? (hash ? hash : 1) : 0;
}

// The sanitizer calls this with its whole report before the process dies. In a fork server's
// child the site goes to the parent (which skips or keeps the input); in a job, a memory error
// inside an armed run is remembered in the shared file, so a child that dies of it later is skipped.
static void sdui_sanitizer_report(const char *report) {
    uint64_t key = sdui_report_key(report);
    if (!key) return;
    if (sdui_forked_child) {
        sdui_internal_child_memory_error(key);
    } else if (sdui_armed && !sdui_is_known(key)) {
        sdui_remember_key(key, 1);
    }
}

static void sdui_watch_sanitizer_reports(void) {
    typedef void (*sdui_set_report_callback)(void (*)(const char *));
    sdui_set_report_callback set = (sdui_set_report_callback)dlsym(RTLD_DEFAULT, "__asan_set_error_report_callback");
    if (set) set(sdui_sanitizer_report);
}

int sdui_internal_memory_site_known(uint64_t key) {
    if (!sdui_is_known(key)) sdui_load_sites();
    return sdui_is_known(key);
}

void sdui_internal_remember_memory_site(uint64_t key) { sdui_remember_key(key, 1); }

int sdui_internal_keep_bytes(const char *kind, uint64_t key, const uint8_t *bytes, size_t size) {
    return sdui_keep_bytes_as(kind, key, bytes, size);
}

// In the child, libFuzzer's state is a copy of the job's at the fork: its death callback (run on a
// sanitizer report) would write the input the job was running then, not the child's.
void sdui_internal_forked_child(void) {
    sdui_forked_child = 1;
    typedef void (*sdui_set_death_callback)(void (*)(void));
    sdui_set_death_callback set = (sdui_set_death_callback)dlsym(RTLD_DEFAULT, "__sanitizer_set_death_callback");
    if (set) set(NULL);
    sdui_hang_watch_after_fork();
}
void sdui_internal_leave(int code) { sdui_leave(code); }
uint64_t sdui_internal_address_key(uintptr_t address, int *is_program) {
    return sdui_mix_address(0xcbf29ce484222325ULL, address, is_program);
}
uintptr_t sdui_internal_fault_pc(void *context) { return sdui_fault_pc(context); }
const char *sdui_internal_sites_path(void) { return sdui_sites_path; }
int sdui_internal_keep_input(const char *kind, uint64_t key) { return sdui_keep_input_as(kind, key); }
uint64_t sdui_internal_fnv(uint64_t hash, const void *bytes, size_t count) { return sdui_fnv(hash, bytes, count); }
void sdui_internal_say(const char *text) { sdui_say(text); }

SDUI_END_NOT_COVERED

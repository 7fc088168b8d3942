// Which edges an input took for the first time: the harness credits the mutation moves that made
// the input with new coverage (MutationMove statistics). libFuzzer clears the inline 8-bit counters
// before each input and reads them after it; at the end of LLVMFuzzerTestOneInput they hold the
// input's own run.
//
// Where the counters are is looked up at run time, in the program's own section table: declaring
// the linker's __start___sancov_cntrs/__stop___sancov_cntrs here, weak (a build without coverage
// has none), made both gold and lld hand SanitizerCoverage's module constructor an empty range, and
// libFuzzer then ran blind (no "inline 8-bit counters" line, ft: 1).
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CSDUIFuzzEngine.h"
#include "engine_internal.h"
SDUI_BEGIN_NOT_COVERED  // every function of this file (CSDUIPlatform.h says why)
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The scan reads the counters; it must not add to them (SDUI_BEGIN_NOT_COVERED above).

#if defined(__APPLE__)
#include <mach-o/loader.h>
// As <mach-o/getsect.h> and <mach-o/ldsyms.h> declare them (libSystem, the static linker); declared
// here so the Darwin branch also compiles against headers that lack those two (CI's, Zig's).
extern const struct mach_header_64 _mh_execute_header;
extern uint8_t *getsectiondata(const struct mach_header_64 *mhp, const char *segname, const char *sectname, unsigned long *size);

static int sdui_find_counters(uint8_t **begin, size_t *count) {
    unsigned long size = 0;
    uint8_t *data = getsectiondata(&_mh_execute_header, "__DATA", "__sancov_cntrs", &size);
    if (!data || size == 0) return -1;
    *begin = data;
    *count = (size_t)size;
    return 0;
}
#elif defined(__linux__)
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <unistd.h>

// The main program's load address (the first object dl_iterate_phdr reports).
static int sdui_first_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    *(uintptr_t *)data = (uintptr_t)info->dlpi_addr;
    return 1;
}

static int sdui_read_at(int fd, void *buffer, size_t count, off_t offset) {
    return pread(fd, buffer, count, offset) == (ssize_t)count ? 0 : -1;
}

static int sdui_find_counters(uint8_t **begin, size_t *count) {
    int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    int found = -1;
    Elf64_Ehdr header;
    if (sdui_read_at(fd, &header, sizeof header, 0) == 0 && memcmp(header.e_ident, ELFMAG, SELFMAG) == 0
        && header.e_ident[EI_CLASS] == ELFCLASS64 && header.e_shentsize == sizeof(Elf64_Shdr) && header.e_shstrndx < header.e_shnum) {
        Elf64_Shdr names;
        if (sdui_read_at(fd, &names, sizeof names, (off_t)(header.e_shoff + (uint64_t)header.e_shstrndx * sizeof(Elf64_Shdr))) == 0) {
            for (unsigned i = 0; i < header.e_shnum && found != 0; i++) {
                Elf64_Shdr section;
                char name[32] = {0};
                if (sdui_read_at(fd, &section, sizeof section, (off_t)(header.e_shoff + (uint64_t)i * sizeof(Elf64_Shdr))) != 0) break;
                if (section.sh_name >= names.sh_size) continue;
                if (pread(fd, name, sizeof name - 1, (off_t)(names.sh_offset + section.sh_name)) <= 0) continue;
                if (strcmp(name, "__sancov_cntrs") != 0 || section.sh_size == 0) continue;
                uintptr_t base = 0;
                dl_iterate_phdr(sdui_first_object, &base);
                *begin = (uint8_t *)(base + section.sh_addr);
                *count = (size_t)section.sh_size;
                found = 0;
            }
        }
    }
    close(fd);
    return found;
}
#else
static int sdui_find_counters(uint8_t **begin, size_t *count) { (void)begin; (void)count; return -1; }
#endif

static int sdui_looked_up = 0;
static uint8_t *sdui_counters = NULL;
static size_t sdui_counter_total = 0;
// One byte per counter: 1 once the counter was seen nonzero.
static uint8_t *sdui_seen = NULL;

size_t sdui_coverage_counter_count(void) {
    if (!sdui_looked_up) {
        sdui_looked_up = 1;
        if (sdui_find_counters(&sdui_counters, &sdui_counter_total) != 0) { sdui_counters = NULL; sdui_counter_total = 0; }
    }
    return sdui_counter_total;
}

size_t sdui_internal_counters(uint8_t **begin) {
    size_t count = sdui_coverage_counter_count();
    if (begin) *begin = sdui_counters;
    return count;
}

size_t sdui_coverage_new_counters(void) {
    size_t count = sdui_coverage_counter_count();
    if (count == 0) return 0;
    if (!sdui_seen && !(sdui_seen = calloc(count, 1))) return 0;
    const uint8_t *counters = sdui_counters;
    size_t fresh = 0, i = 0;
    // Eight counters at a time: most words of a run are all zero.
    for (; i + 8 <= count; i += 8) {
        uint64_t word;
        memcpy(&word, counters + i, 8);
        if (word == 0) continue;
        for (size_t j = i; j < i + 8; j++) {
            if (counters[j] && !sdui_seen[j]) { sdui_seen[j] = 1; fresh++; }
        }
    }
    for (; i < count; i++) {
        if (counters[i] && !sdui_seen[i]) { sdui_seen[i] = 1; fresh++; }
    }
    return fresh;
}

SDUI_END_NOT_COVERED

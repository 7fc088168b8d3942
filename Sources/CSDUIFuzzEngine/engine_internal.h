#ifndef SDUI_ENGINE_INTERNAL_H
#define SDUI_ENGINE_INTERNAL_H
// The fuzz engine's C files among themselves; not part of the module's API.

#include <stddef.h>
#include <stdint.h>

#include "CSDUIPlatform.h"  // SDUI_BEGIN_NOT_COVERED: none of the engine's code is coverage

// What crash_sites.c shares with hang_watch.c: the armed run, the jump out of it, the images a
// code address is keyed by, the shared file and the kept input.

/// Whether this thread is inside sdui_crash_sites_run's body.
int sdui_internal_armed(void);
/// Leaves the armed run from a signal handler on its thread: sdui_crash_sites_run returns `code`.
void sdui_internal_leave(int code) __attribute__((noreturn));
/// One code address as a key that is the same in every process of a campaign (image, offset);
/// `is_program`: whether it is in the program's own code rather than the toolchain's or system's.
uint64_t sdui_internal_address_key(uintptr_t address, int *is_program);
/// The interrupted instruction of a signal's context (0 where unknown).
uintptr_t sdui_internal_fault_pc(void *context);
/// The shared file of known sites ("" when none).
const char *sdui_internal_sites_path(void);
/// Keeps the running input as `<artifact prefix><kind>-<key>`; 1 when written.
int sdui_internal_keep_input(const char *kind, uint64_t key);
/// FNV-1a over `count` bytes, from `hash`.
uint64_t sdui_internal_fnv(uint64_t hash, const void *bytes, size_t count);
/// Writes `text` to standard error (async-signal-safe).
void sdui_internal_say(const char *text);

/// coverage.c: where the coverage counters are (`*begin` may be NULL) and how many there are (0: none).
size_t sdui_internal_counters(uint8_t **begin);
/// fork_server.c, in a child just forked: the crash sites hand a crash that is not theirs to skip to
/// the parent (the child exits; libFuzzer's handlers would report the input the job ran when it
/// forked), and the hang watch gets its thread back (threads do not survive a fork).
void sdui_internal_forked_child(void);
void sdui_hang_watch_after_fork(void);
/// fork_server.c, in the child: the input in hand ends in a memory error at site `key` (the
/// sanitizer's report, just before the child dies); the parent reads it.
void sdui_internal_child_memory_error(uint64_t key);

/// crash_sites.c: memory-error sites (`m<key>` lines of the shared file): whether `key` is one the
/// campaign met (the file read again when not), and adding one.
int sdui_internal_memory_site_known(uint64_t key);
void sdui_internal_remember_memory_site(uint64_t key);
/// Keeps `bytes` as `<artifact prefix><kind>-<key>`; 1 when written.
int sdui_internal_keep_bytes(const char *kind, uint64_t key, const uint8_t *bytes, size_t size);

/// hang_watch.c: the armed run begins and ends (called by sdui_crash_sites_run on its thread).
void sdui_hang_watch_begin(void);
void sdui_hang_watch_end(void);

#endif

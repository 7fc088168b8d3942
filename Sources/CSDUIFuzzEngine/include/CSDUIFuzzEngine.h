#ifndef CSDUIFUZZENGINE_H
#define CSDUIFUZZENGINE_H

// The fuzz engine's own C: what the harness needs to see of the program's coverage. Only a fuzz
// build has coverage counters (SanitizerCoverage's inline 8-bit counters, one per edge of the
// instrumented code, in the `__sancov_cntrs` section); elsewhere these functions find none.

#include <stddef.h>
#include <stdint.h>

/// How many coverage counters the program has (0 in a build without coverage).
size_t sdui_coverage_counter_count(void);

/// Counters that are nonzero now and never were at an earlier call: the edges the last input's run
/// took for the first time in this process. libFuzzer clears the counters just before each run and
/// reads them after it, so between runs (in the custom mutator, on the fuzzing thread) they still
/// hold the last run's: call it there, outside any input's run. Not instrumented itself.
size_t sdui_coverage_new_counters(void);

// Known crash sites (crash_sites.c): fuzz-engine policy, kept out of the platform layer. A decoder that crashes on every second input would make a
// fuzzer restart after every crash. Instead, a campaign's processes share a file of the crash sites
// already met. Inside sdui_crash_sites_run, a crash at a known site is skipped (the run returns 1);
// a crash at a new site is added to the file, its input kept as `<artifact prefix>crash-<site>`,
// and skipped too (returns 2): the process goes on, and the campaign confirms each kept input by
// replaying it in a fresh process. With no prefix, a new site is handed to the previous handler
// (libFuzzer's: it keeps the input and exits). A site is the signal, the faulting instruction and
// the frames under it down to the first in the program's own code, each as (image, offset), so the
// key is the same in every process of the campaign. Traps (SIGILL, SIGTRAP) and aborts (SIGABRT)
// only; memory errors stay the sanitizer's.

/// Installs the handlers, on top of whatever handles those signals now (install after libFuzzer has
/// installed its own). `known_sites_path`: the shared file (created when missing); `artifact_prefix`:
/// where inputs of new sites go (NULL: leave them to the previous handler). 0 on success.
int sdui_crash_sites_install(const char *known_sites_path, const char *artifact_prefix);
/// Runs body(context) on `input` with skipping armed on this thread: 0 when it returned, 1 when it
/// crashed at a known site, 2 when it crashed at a new site whose input was kept.
int sdui_crash_sites_run(const uint8_t *input, size_t size, void (*body)(void *), void *context);
/// Whether the Swift runtime's accumulated fatal-error message is emptied after each skipped crash
/// (Linux, with libswiftCore's symbol table at hand); otherwise each skip costs a little more.
int sdui_crash_sites_runtime_message_reset(void);
/// How many crashes this process has skipped.
uint64_t sdui_crash_sites_recoveries(void);
/// How many sites this process knows.
int sdui_crash_sites_count(void);
// Installing also watches the sanitizer's reports: a memory error inside an armed run (a stack
// overflow, a wild pointer) adds its site (the report's innermost frames) to the shared file as a
// line `m<key>` as it ends the process, so a fork server's child that dies of it later is skipped.

// Known hang sites (hang_watch.c): once an armed run (sdui_crash_sites_run) has taken
// `check_after_ns`, a watchdog samples its stack every few milliseconds. A run inside a hang the
// campaign has met (the same call chain into the loop, in the shared file of sdui_crash_sites_install)
// is left as a skipped crash is: sdui_crash_sites_run returns 3. A run past `keep_after_ns`
// (libFuzzer's -timeout) is a new hang: its chain goes to the file, its input is kept as
// `<artifact prefix>timeout-<key>`, and the run is left (returns 4). The run is only ever left where
// every frame under the hang's chain is the program's own code (never inside the runtime or the
// system, which may hold a lock); elsewhere the next sample tries again, and libFuzzer's alarm
// stays the backstop. Install the crash sites first; the calling thread is the one watched.

/// Starts the watchdog for runs on the calling thread. 0 on success.
int sdui_hang_watch_start(uint64_t check_after_ns, uint64_t keep_after_ns);
/// How many runs this process left at a known hang.
uint64_t sdui_hang_watch_skipped(void);
/// How many hang sites this process knows.
int sdui_hang_watch_known(void);

// The fork server (fork_server.c): runs inputs in a child forked from this process, so what a
// decoder leaks on each skipped crash goes with the child. One child runs input after input (the
// body, with the crash sites and hang watch as in the job) until its resident memory has grown by
// more than `child_growth_limit` bytes since it was forked; it then exits, and the next input forks
// a fresh one from this process, set up and clean. The child's coverage counters are folded into
// this process's after each input (libFuzzer reads them as the input's); comparison tracing
// (-use_value_profile, libFuzzer's CMP table) is not carried over.

/// Runs body(input, size, context) in the child and stores what it returned in `*verdict`: 0. A
/// verdict whose low byte is nonzero says the run was left (a skipped crash or hang): the child then
/// checks its memory at once, otherwise every eighth input. The child keeps `body` and `context`
/// for its whole life.
/// A child that died of a memory error (a sanitizer report) gives verdict 1 (a site the campaign
/// met: skipped) or 2 (a new site, remembered in the crash-site file as `m<key>`, its input kept as
/// `<artifact prefix>crash-<key>`). -1 when the child died otherwise, stayed silent past
/// `deadline_ms` (0: no deadline) or could not be started: it was killed and reaped; the caller
/// runs the input in its own process.
int sdui_fork_server_run(const uint8_t *input, size_t size, int (*body)(const uint8_t *, size_t, void *),
                         void *context, uint64_t child_growth_limit, uint64_t deadline_ms, int32_t *verdict);
/// Kills and reaps the child, if one runs.
void sdui_fork_server_stop(void);
/// How many children this process forked, and how many of them died during an input.
uint64_t sdui_fork_server_children(void);
uint64_t sdui_fork_server_lost(void);
/// How many inputs whose child died of a memory error were skipped or kept (verdict 1 or 2).
uint64_t sdui_fork_server_memory_errors(void);
/// Whether this process is a fork server's child.
int sdui_fork_server_is_child(void);
/// Bytes the program holds on the sanitizer allocator's count (what it freed and the allocator keeps
/// in quarantine is not counted, unlike in a resident size); -1 in a build without a sanitizer.
int64_t sdui_fork_server_heap_bytes(void);

#endif

#ifndef SDUI_CPROCESSSIGNALS_H
#define SDUI_CPROCESSSIGNALS_H

/// Sends `sig` to the main thread of process `pid` (Linux tgkill). A process-directed signal may be
/// taken by any thread that does not block it — libFuzzer's RSS thread, say — and a stack printed
/// from there does not show where the input spins. Returns -1 where it is not supported.
int sdui_signal_main_thread(int pid, int sig);

#endif

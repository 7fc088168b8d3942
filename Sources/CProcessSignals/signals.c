#define _GNU_SOURCE
#include "CProcessSignals.h"
#include <signal.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

int sdui_signal_main_thread(int pid, int sig) {
#ifdef __linux__
    return (int)syscall(SYS_tgkill, pid, pid, sig);
#else
    return kill(pid, sig);
#endif
}

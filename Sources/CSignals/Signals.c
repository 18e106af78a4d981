#define _GNU_SOURCE 1
#include "CSignals.h"
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t pending_signal = 0;
static void (*restore_terminal)(void) = 0;
static struct sigaction previous[65];
static const int fatal_signals[] = {SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP};

static void on_termination(int signal_number) {
    pending_signal = signal_number;
}

static void on_fatal(int signal_number) {
    if (restore_terminal) restore_terminal();
    sigaction(signal_number, &previous[signal_number], 0);
    raise(signal_number);
}

void flagscope_install_signal_handlers(void (*restore)(void)) {
    restore_terminal = restore;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = on_termination;
    sigaction(SIGINT, &action, 0);
    sigaction(SIGTERM, &action, 0);
    sigaction(SIGHUP, &action, 0);

    struct sigaction fatal;
    memset(&fatal, 0, sizeof fatal);
    sigemptyset(&fatal.sa_mask);
    fatal.sa_handler = on_fatal;
    fatal.sa_flags = SA_NODEFER;
    for (unsigned i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
        sigaction(fatal_signals[i], &fatal, &previous[fatal_signals[i]]);
    }
}

int flagscope_pending_signal(void) {
    return pending_signal;
}

void flagscope_crash_for_test(void) {
    // A real invalid write, as a bug would make: a raised signal could be "handled" and resumed.
    volatile int *nowhere = (volatile int *)0;
    *nowhere = 1;
}

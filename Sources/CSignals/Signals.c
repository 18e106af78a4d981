#define _GNU_SOURCE 1
#include "CSignals.h"
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t pending_signal = 0;
static volatile sig_atomic_t suspend_requested = 0;
static volatile sig_atomic_t continued = 0;
static void (*restore_terminal)(void) = 0;
static struct sigaction previous[65];
static const int fatal_signals[] = {SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP};

static void on_termination(int signal_number) {
    pending_signal = signal_number;
}

static void on_suspend_request(int signal_number) {
    (void)signal_number;
    suspend_requested = 1;
}

static void on_continue(int signal_number) {
    (void)signal_number;
    continued = 1;
}

static void install_suspend_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = on_suspend_request;
    sigaction(SIGTSTP, &action, 0);
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

    // Installed before newterm, so ncurses leaves SIGTSTP to us: its own handler would stop the
    // process from inside the signal, halfway through whatever the run loop was drawing.
    install_suspend_handler();
    struct sigaction resume;
    memset(&resume, 0, sizeof resume);
    sigemptyset(&resume.sa_mask);
    resume.sa_handler = on_continue;
    sigaction(SIGCONT, &resume, 0);

    // A blocked mask is inherited through exec: a launcher that blocked these (a test runner's
    // thread, a supervisor) would leave the handlers above unreachable.
    sigset_t handled;
    sigemptyset(&handled);
    sigaddset(&handled, SIGINT);
    sigaddset(&handled, SIGTERM);
    sigaddset(&handled, SIGHUP);
    sigaddset(&handled, SIGTSTP);
    sigaddset(&handled, SIGCONT);
    sigprocmask(SIG_UNBLOCK, &handled, 0);

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

int flagscope_take_suspend_request(void) {
    int requested = suspend_requested;
    suspend_requested = 0;
    return requested;
}

int flagscope_take_continued(void) {
    int was = continued;
    continued = 0;
    return was;
}

void flagscope_stop_process(void) {
    // Stop as the terminal's own Ctrl-Z would: the default action, for the whole process group
    // (a wrapper such as `swift run` stops too, so the shell sees the job stopped). An orphaned
    // group ignores it, and this returns at once.
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    sigemptyset(&default_action.sa_mask);
    default_action.sa_handler = SIG_DFL;
    sigaction(SIGTSTP, &default_action, 0);
    sigset_t tstp, previous_mask;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &tstp, &previous_mask);
    kill(0, SIGTSTP);
    // Here after SIGCONT (fg or bg).
    sigprocmask(SIG_SETMASK, &previous_mask, 0);
    install_suspend_handler();
    suspend_requested = 0;
}

void flagscope_crash_for_test(void) {
    // A real invalid write, as a bug would make: a raised signal could be "handled" and resumed.
    volatile int *nowhere = (volatile int *)0;
    *nowhere = 1;
}

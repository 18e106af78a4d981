#ifndef FLAGSCOPE_CSIGNALS_H
#define FLAGSCOPE_CSIGNALS_H

/// Installs handlers: SIGINT, SIGTERM and SIGHUP only record the signal (the run loop polls
/// it); fatal signals run `restore` (endwin) and then hand the signal to the handler that was
/// there before (Swift's backtracer), so the backtrace prints on a sane terminal.
void flagscope_install_signal_handlers(void (*restore)(void));

/// The last termination signal received, 0 when none.
int flagscope_pending_signal(void);

/// Sends SIGSEGV to this process: a test-only crash trigger.
void flagscope_crash_for_test(void);

#endif

#ifndef FLAGSCOPE_CSIGNALS_H
#define FLAGSCOPE_CSIGNALS_H

/// Installs handlers: SIGINT, SIGTERM and SIGHUP only record the signal (the run loop polls
/// it), as do SIGTSTP and SIGCONT; fatal signals run `restore` (endwin) and then hand the
/// signal to the handler that was there before (Swift's backtracer), so the backtrace prints
/// on a sane terminal.
void flagscope_install_signal_handlers(void (*restore)(void));

/// The last termination signal received, 0 when none.
int flagscope_pending_signal(void);

/// Whether SIGTSTP arrived (from `kill -TSTP`; in raw mode Ctrl-Z is a key) since the last
/// call: the run loop suspends cleanly between frames instead of stopping inside the handler.
int flagscope_take_suspend_request(void);

/// Whether SIGCONT arrived since the last call (after an outside SIGSTOP the screen needs redrawing).
int flagscope_take_continued(void);

/// Stops the process group with SIGTSTP's default action and returns once continued. Leave
/// curses (endwin) first, so the shell gets a sane terminal.
void flagscope_stop_process(void);

/// Sends SIGSEGV to this process: a test-only crash trigger.
void flagscope_crash_for_test(void);

#endif

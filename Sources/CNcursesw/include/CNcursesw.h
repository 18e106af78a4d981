#ifndef FLAGSCOPE_CNCURSESW_SHIM_H
#define FLAGSCOPE_CNCURSESW_SHIM_H

// The wide-character API must be switched on before curses.h, or get_wch, mvaddwstr and
// cchar_t silently vanish. This header is the only place that says so: the package reads no
// pkg-config file (SwiftPM would warn about its -D flags, and macOS has no ncursesw.pc).
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <termios.h>
#include <term.h>
// Linux distributions keep the wide-character ncurses under ncursesw/; macOS's SDK ships one
// curses.h with the wide-character API (linked as libncurses, see Package.swift).
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

// Macros and globals Swift cannot import or reads as "not concurrency-safe".
static const attr_t FS_A_NORMAL = A_NORMAL;
static const attr_t FS_A_BOLD = A_BOLD;
static const attr_t FS_A_REVERSE = A_REVERSE;
static const attr_t FS_A_UNDERLINE = A_UNDERLINE;
static const attr_t FS_A_DIM = A_DIM;

static inline WINDOW *fs_stdscr(void) { return stdscr; }
static inline int fs_lines(void) { return LINES; }
static inline int fs_cols(void) { return COLS; }
static inline int fs_colors(void) { return COLORS; }
// BUTTON5_* exist only with NCURSES_MOUSE_VERSION 2 (the ncurses 6 ABI, or --enable-ext-mouse).
// macOS's libncurses is built with the 5.4 ABI and mouse version 1, which has no fifth button: the
// wheel down is then not asked of ncurses (an SGR report it leaves unparsed still reaches
// Terminal.readControlSequence).
static inline mmask_t fs_mouse_mask(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED | BUTTON1_CLICKED;
#else
    return BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON1_CLICKED;
#endif
}
static inline int fs_is_button1(mmask_t state) { return (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0; }
static inline int fs_is_wheel_up(mmask_t state) { return (state & BUTTON4_PRESSED) != 0; }
static inline int fs_is_wheel_down(mmask_t state) {
#ifdef BUTTON5_PRESSED
    return (state & BUTTON5_PRESSED) != 0;
#else
    return 0;
#endif
}
static inline FILE *fs_stdout(void) { return stdout; }
static inline void fs_free_terminfo(void) { if (cur_term) del_curterm(cur_term); }
// setupterm and tigetstr take an NCURSES_CONST char *: const in Linux's ncurses 6, nothing in
// macOS's libncurses (the 5.4 ABI leaves NCURSES_CONST empty), where Swift would ask for a mutable
// pointer a string cannot give. Neither call writes to the name.
static inline int fs_setupterm(const char *term, int descriptor, int *status) {
    return setupterm((NCURSES_CONST char *)term, descriptor, status);
}
static inline char *fs_tigetstr(const char *capability) { return tigetstr((NCURSES_CONST char *)capability); }
static inline int fs_locale_is_utf8(void) { const char *codeset = nl_langinfo(CODESET); return codeset && strcmp(codeset, "UTF-8") == 0; }
static inline FILE *fs_stdin(void) { return stdin; }

/// How long ncurses waits after an Esc for the rest of a sequence, in milliseconds. set_escdelay
/// is an ncurses extension (NCURSES_EXT_FUNCS, 5.7 and later; both Linux's ncursesw and macOS's
/// libncurses have it); without it the ESCDELAY variable, older and documented, says the same.
static inline int fs_set_escdelay(int milliseconds) {
#ifdef NCURSES_EXT_FUNCS
    return set_escdelay(milliseconds);
#else
    ESCDELAY = milliseconds;
    return OK;
#endif
}

/// Puts one styled grapheme (up to 8 wide chars: base + combining marks) at y, x.
static inline int fs_put_cell(int y, int x, const wchar_t *text, attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

#endif

#define _XOPEN_SOURCE 700
#define _GNU_SOURCE 1
#include "CDisplayWidth.h"
#include <locale.h>
#include <wchar.h>
#ifdef __APPLE__
// Darwin's <locale.h> declares newlocale, uselocale and LC_CTYPE_MASK only in recent SDKs (Libc
// 1725 and later, through _locale_posix2008.h); <xlocale.h> declares them in every SDK since
// Mac OS X 10.6 (Libc 594) at least.
#include <xlocale.h>
#endif

// The UTF-8 locales to try, in order: the names of HostPlatform.utf8LocaleNames (FlagCore). Linux has
// C.UTF-8; macOS has en_US.UTF-8 and UTF-8, and C.UTF-8 only in recent releases.
static const char *const utf8_locale_names[] = {"C.UTF-8", "en_US.UTF-8", "UTF-8"};

// wcwidth answers by the calling thread's LC_CTYPE. Ask under a fixed UTF-8 locale so
// layout is the same before and after setlocale, and in tests run with LANG unset.
int flagscope_scalar_width(uint32_t scalar) {
    static __thread locale_t utf8 = (locale_t)0;
    if (utf8 == (locale_t)0) {
        for (unsigned i = 0; i < sizeof utf8_locale_names / sizeof utf8_locale_names[0]; i++) {
            utf8 = newlocale(LC_CTYPE_MASK, utf8_locale_names[i], (locale_t)0);
            if (utf8 != (locale_t)0) break;
        }
        if (utf8 == (locale_t)0) {
            return (scalar >= 0x20 && scalar < 0x7f) ? 1 : (scalar < 0x20 || scalar == 0x7f ? -1 : 1);
        }
    }
    locale_t previous = uselocale(utf8);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}

#define _XOPEN_SOURCE 700
#define _GNU_SOURCE 1
#include "CDisplayWidth.h"
#include <locale.h>
#include <wchar.h>

// wcwidth answers by the calling thread's LC_CTYPE. Ask under a fixed UTF-8 locale so
// layout is the same before and after setlocale, and in tests run with LANG unset.
int flagscope_scalar_width(uint32_t scalar) {
    static __thread locale_t utf8 = (locale_t)0;
    if (utf8 == (locale_t)0) {
        utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
        if (utf8 == (locale_t)0) {
            return (scalar >= 0x20 && scalar < 0x7f) ? 1 : (scalar < 0x20 || scalar == 0x7f ? -1 : 1);
        }
    }
    locale_t previous = uselocale(utf8);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}

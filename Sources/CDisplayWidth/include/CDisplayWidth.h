#ifndef FLAGSCOPE_CDISPLAYWIDTH_H
#define FLAGSCOPE_CDISPLAYWIDTH_H
#include <stdint.h>

/// Columns a Unicode scalar takes in a UTF-8 terminal (wcwidth under a UTF-8 locale, C.UTF-8
/// where there is one, whatever the process locale is): -1 for non-printable, 0 for combining marks.
int flagscope_scalar_width(uint32_t scalar);

#endif

// A C target needs a source file; everything it offers is inline in include/CNcursesw.h.
#include "CNcursesw.h"

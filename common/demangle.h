/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * demangle.h — C++ symbol names as their source spells them.
 *
 * The symbolizer names functions and data by their ELF symbols; a C++
 * program's are mangled (`_ZL4flag`, `_ZN2ns7counterE`, `_ZL6setterPv`).
 * These become `flag`, `ns::counter` and `setter`: a function loses its
 * parameter list, as the source names it in a call.  Uses libstdc++'s
 * demangler (the Itanium C++ ABI's __cxa_demangle).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The source-level name of the symbol @sym, newly allocated, or NULL when
 * @sym is not a mangled C++ name (a C symbol: keep it as it is). */
char *augur_demangle (const char *sym);

G_END_DECLS

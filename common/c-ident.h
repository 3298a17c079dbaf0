/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * c-ident.h — the characters of a C identifier, for the places that read
 * names out of C source lines or out of prose that quotes them: where a
 * name starts, and whether a match is a whole name or part of a longer
 * one ("lock" in "unlock (", "T0" in "T0x").
 */
#ifndef AUGUR_C_IDENT_H
#define AUGUR_C_IDENT_H

#include <glib.h>

G_BEGIN_DECLS

/* Can @c start an identifier (a letter or '_')? */
static inline gboolean
augur_c_ident_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

/* Can @c stand inside an identifier (a letter, a digit or '_')? */
static inline gboolean
augur_c_ident_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

G_END_DECLS

#endif /* AUGUR_C_IDENT_H */

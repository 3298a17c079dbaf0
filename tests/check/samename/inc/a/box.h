/* SPDX-License-Identifier: GPL-3.0-or-later
 * box.h (a): one of two headers of this name (test-same-name.sh). */
static inline void
box_put (int *p)
{
  *p += 1;   /* [data-race] */
}

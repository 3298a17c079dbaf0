/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * static-error.c — the AUGUR_STATIC_ERROR domain.
 */
#include "config.h"

#include "static/static-error.h"

G_DEFINE_QUARK (augur-static-error-quark, augur_static_error)

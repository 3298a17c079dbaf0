/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-error.c — the AUGUR_EXPLORE_ERROR domain.
 */
#include "config.h"

#include "explorer/explore-error.h"

G_DEFINE_QUARK (augur-explore-error-quark, augur_explore_error)

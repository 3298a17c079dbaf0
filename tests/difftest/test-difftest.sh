#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The differential tester's fixed seed set (tests/difftest/README.md): every
# generated program's outcomes and traces agree between the naive explorer
# and optimal, dpor and unbounded preempt; the seeds listed in
# known-disagreements must still disagree.  One TAP line per seed.
exec "$top_builddir/tests/difftest/difftest" --vm "$top_builddir/tests/difftest/vm" \
  --known "$top_srcdir/tests/difftest/known-disagreements" --seeds "${DIFFTEST_SEEDS:-1-300}" --tap

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make check's corpus tier: augur check on nineteen corpus programs, one of
# each kind of bug and some of their fixed versions (memcpy_o2 and its fix
# built with -O2; cherokee_092, whose predictions are confirmed across
# libc calls that free memory inside libc), at a 5 s budget, each
# compared with its expected findings and each error replayed
# (check-concurrency.sh).  The whole corpus is `make check-slow`'s.
. "$top_srcdir/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-corpus-check.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

AUGUR_CORPUS_PROGRAMS="counterseq counterseq_ok bounded_buffer cond_if cond_if_ok exit_early \
main_returns lock_order_gate philosophers use_after_free tsd_dtor sleep_ok atomic_spin \
destroy_in_use pool_double_unlock poll_usleep_ok memcpy_o2 memcpy_o2_ok cherokee_092"
export AUGUR_CORPUS_PROGRAMS

corpus ()
{
  sh "$top_srcdir/tests/programs/check-concurrency.sh" "$tmp/reports" 5 >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  n=$(grep -c ' complete$\| incomplete$' "$tmp/reports/summary.txt")
  [ "$st" -eq 0 ] && [ "$n" -eq 19 ]
}
ok "19 corpus programs: every expected finding, no false alarm, every error replayed" corpus
tap_done

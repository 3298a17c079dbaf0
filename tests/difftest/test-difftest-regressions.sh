#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The differential tester's fixed disagreements (tests/difftest/regressions):
# each program must agree between the naive explorer and optimal, dpor and
# unbounded preempt.  One TAP line per program.
set -u
. "$top_srcdir/tests/tap.sh"
dt="$top_builddir/tests/difftest/difftest"
vm="$top_builddir/tests/difftest/vm"
list="$top_srcdir/tests/difftest/regressions"

# agree PROGRAM: difftest finds no disagreement
agree ()
{
  out=$("$dt" --vm "$vm" --program "$1" 2>&1)
  echo "$out"
  [ "$(echo "$out" | tail -n 1)" = "program: agree" ]
}

while IFS= read -r line; do
  case "$line" in
    ''|'#'*) continue ;;
  esac
  prog=${line%%	#*}
  why=${line#*	# }
  ok "$prog ($why)" agree "$prog"
done < "$list"
tap_done

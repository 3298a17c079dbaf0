#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# mpirun -np K augur explore --mpi: rank 0 runs the serial search, ranks
# 1..K-1 run its executions (explorer/explore-mpi.h), so with -np 2 and
# -np 3 (oversubscribed) a program's exit status, summary (executions,
# sleep-set blocked, infeasible, diverged, guarantee, findings), findings
# and results file (timing and its own path aside) must be those of
# --jobs 1, in optimal and dpor modes.  A job lost or answered twice, or
# a page sent back wrong, changes the counts or the findings.  The other
# ranks must have run executions, or the comparison proves nothing.  And
# a rank whose server cannot start makes the run fail with its error
# (not hang).
#
# Skipped when augur was built without MPI (configure --with-mpi).  As
# root, mpirun refuses to run unless OMPI_ALLOW_RUN_AS_ROOT and
# OMPI_ALLOW_RUN_AS_ROOT_CONFIRM are set: they are, here.  One node, so
# shared memory only (btl self,vader): it starts faster than with TCP.
. "$top_srcdir/tests/tap.sh"

if [ -z "$AUGUR_MPIRUN" ]; then
  echo "1..0 # SKIP augur was built without MPI (install openmpi-bin libopenmpi-dev, configure --with-mpi)"
  exit 0
fi
# the servers need one address layout (personality)
if ! setarch -R true 2>/dev/null; then
  echo "1..0 # SKIP programs cannot be started without address randomisation here"
  exit 0
fi

OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
OMPI_MCA_btl=self,vader
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_btl

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-mpi.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

# keep TAG: the summary without its time in $tmp/sum.TAG, the findings
# lines in $tmp/find.TAG, the results file without its timing fields and
# path in $tmp/json.TAG, the servers' note in $tmp/note.TAG
keep ()
{
  t=$1
  sed -n '1s/ in [0-9.]* s / in S s /p' "$tmp/out" >"$tmp/sum.$t"
  sed -n '2,$p' "$tmp/out" >"$tmp/find.$t"
  grep -v '"started"\|"duration_ms"' "$tmp/out.json" | sed "s|$tmp/out.json|RESULTS|" >"$tmp/json.$t" 2>/dev/null
  grep 'execution servers' "$tmp/err" >"$tmp/note.$t"
}

# same MODE PROG ARGS...: mpirun -np 2 and 3 give what --jobs 1 gives
same ()
{
  m=$1
  shift
  "$AUGUR" explore --no-progress --fail-on=note --mode "$m" --jobs 1 -o "$tmp/out.json" \
    -- "$@" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/status.1"
  keep 1
  cat "$tmp/sum.1"
  grep -q ' executions, ' "$tmp/sum.1" || return 1
  for np in 2 3; do
    rm -f "$tmp/out.json"
    timeout 120 "$AUGUR_MPIRUN" -np $np --oversubscribe "$AUGUR" explore --mpi --no-progress \
      --fail-on=note --mode "$m" -o "$tmp/out.json" -- "$@" >"$tmp/out" 2>"$tmp/err"
    echo $? >"$tmp/status.np$np"
    keep np$np
    cat "$tmp/note.np$np"
    for f in status sum find json; do
      if ! cmp -s "$tmp/$f.1" "$tmp/$f.np$np"; then
        echo "mpirun -np $np: $f differs from --jobs 1:"
        diff "$tmp/$f.1" "$tmp/$f.np$np" | head -20
        head -20 "$tmp/err"
        return 1
      fi
    done
    # every rank a server: np of them, and in a search of a few hundred
    # runs (complete and sleep-set blocked) the other ranks ran some (in a
    # small one the search may take every guess before a rank starts it)
    grep -q "^augur explore: $np execution servers" "$tmp/note.np$np" || {
      echo "mpirun -np $np: not $np servers"; cat "$tmp/err"; return 1; }
    n=$(sed 's/^\([0-9]*\) executions, \([0-9]*\) sleep-set.*/\1 \2/' "$tmp/sum.1" | awk '{ print $1 + $2 }')
    ahead=$(sed -n 's/.*: \([0-9]*\) of the executions were run ahead.*/\1/p' "$tmp/note.np$np")
    if [ "$n" -ge 300 ] && [ "${ahead:-0}" -eq 0 ]; then
      echo "mpirun -np $np: the other ranks ran nothing"
      return 1
    fi
  done
}

# a rank that cannot start its server: an error naming the program, an
# exit status that is not 0 or 1, and no hang
no_program ()
{
  timeout 60 "$AUGUR_MPIRUN" -np 2 --oversubscribe "$AUGUR" explore --mpi --no-progress \
    -o "$tmp/none.json" -- "$tmp/no-such-program" >"$tmp/out" 2>"$tmp/err"
  s=$?
  cat "$tmp/err"
  [ $s -ne 0 ] && [ $s -ne 1 ] && [ $s -ne 124 ] && grep -q 'no-such-program' "$tmp/err"
}

# sizes of a few hundred runs each (dpor's sleep-set blocked ones count)
ok "optimal: lastzero(8) the same with mpirun -np 2, 3" same optimal "$B/corpus-lastzero" 8
ok "optimal: indexer(14) the same with mpirun -np 2, 3" same optimal "$B/corpus-indexer" 14
ok "dpor: lastzero(6) the same with mpirun -np 2, 3" same dpor "$B/corpus-lastzero" 6
ok "dpor: indexer(13) the same with mpirun -np 2, 3" same dpor "$B/corpus-indexer" 13
for m in optimal dpor; do
  ok "$m: race the same with mpirun -np 2, 3" same $m "$B/race"
  ok "$m: deadlock the same with mpirun -np 2, 3" same $m "$B/deadlock"
done
ok "a rank that cannot start the program: an error, not a hang" no_program

tap_done

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# pthread_tryjoin_np and pthread_timedjoin_np under the explorer
# (runtime/rt-sched-join.c): a try before the thread's end fails (EBUSY,
# ETIMEDOUT after the clock passed the deadline) and leaves the thread
# joinable, a try after it joins; DPOR runs the try both before and after
# the end, in both modes, with the same counts.  A loop that retries until
# the join succeeds is complete with no finding.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-tryjoin.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

complete='(complete: every interleaving up to equivalence)'

# fails MODE DPOR: the assertion that the try joined fails, in 2
# executions (the try before and after the worker's end), its schedule
# names the failed try's step a read of "the end of thread 1", and replays
fails ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 --mode "$2" -o "$tmp/f.json" \
    -- "$prog_dir/tryjoin" "$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(results_findings "$tmp/f.json")" = "assertion tryjoin.c:52" ] \
    && grep -qF "2 executions, 0 sleep-set blocked, 0 infeasible, 0 diverged" "$tmp/out" \
    && grep -qF "$complete; 1 finding" "$tmp/out" \
    && json_path "$tmp/f.json" '$.findings[0].schedule[*].object' | grep -qx "the end of thread 1" \
    || return 1
  "$AUGUR" replay "$tmp/f.json#1" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: assertion tryjoin.c:52" "$tmp/replay"
}
# clean MODE DPOR N: complete in N executions, no finding, no bound hit
clean ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 --timeout 60 --mode "$2" -o "$tmp/c.json" \
    -- "$prog_dir/tryjoin" "$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/c.json" '$.findings[*].kind')" ] \
    && [ -z "$(json_path "$tmp/c.json" '$.bounds_hit[*]')" ] \
    && grep -qF "$3 executions, 0 sleep-set blocked, 0 infeasible, 0 diverged" "$tmp/out" \
    && grep -qF "$complete; 0 findings" "$tmp/out"
}
for d in optimal dpor; do
  ok "tryjoin t ($d): a tryjoin before the worker's end returns EBUSY, found and replayed" fails t $d
  ok "tryjoin d ($d): a timedjoin before the worker's end times out, found and replayed" fails d $d
  ok "tryjoin T ($d): tryjoin retried with sched_yield until it joins: complete, clean" clean T $d 3
  ok "tryjoin D ($d): timedjoin retried until it joins: complete, clean" clean D $d 3
  ok "tryjoin n ($d): a timedjoin with no deadline waits as a join" clean n $d 1
done

# the failed tryjoin's and the timed-out join's failures say so
"$AUGUR" explore --no-progress -- "$prog_dir/tryjoin" t >"$tmp/out" 2>&1
ok "tryjoin t: the failure names the tryjoin that returned EBUSY" \
  grep -qF "main fails the assertion 'r == 0'. The tryjoin of thread 1 at tryjoin.c:49 in main() (main) returned EBUSY: thread 1 had not ended yet." "$tmp/out"

"$AUGUR" explore --no-progress -- "$prog_dir/tryjoin" d >"$tmp/out" 2>&1
ok "tryjoin d: the failure names the timed join, its 1 s timeout, and the thread that ended too late" \
  grep -qF "The timed join of thread 1 at tryjoin.c:31 in timed() (main) returned ETIMEDOUT: its 1 s timeout ran out before thread 1 ended." "$tmp/out"
tap_done

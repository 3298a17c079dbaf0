#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Waiting loops under --sync-only, where plain accesses are no steps and
# Await judges a loop by the accesses it sees anyway
# (rt_sched_await_invisible_access): an empty spin on a plain flag, and a
# thread pool's shutdown poll that re-posts a flag to the value it had.
# No false hang, no run cut at the step bound, a true hang found.
. "$top_srcdir/tests/tap.sh"

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-sync-only.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

# an empty loop on a plain flag (a thread pool's `while (alive != n) {}`):
# under --sync-only its reads are no steps, and it yields now and then so
# that the worker runs and Await judges the loop: no hang; the race on
# the flag is found without --sync-only, and a flag nobody sets is a hang
spin_plain ()
{
  "$AUGUR" explore --no-progress --sync-only --timeout 60 -o "$tmp/sp.json" -- "$B/spin_plain_ok" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && [ -z "$(json_path "$tmp/sp.json" '$.findings[*].kind')" ] \
    && grep -q "^1 executions, .* 0 diverged in .*every order of the synchronisation was run" "$tmp/out" \
    || return 1
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/sp2.json" -- "$B/spin_plain_ok" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^data-race spin_plain_ok.c:\\(18 spin_plain_ok.c:28\\|28 spin_plain_ok.c:18\\): " "$tmp/out" \
    && [ "$(json_path "$tmp/sp2.json" '$.analysis.complete')" = true ] || return 1
  "$AUGUR" explore --no-progress --sync-only --timeout 60 -o "$tmp/sp3.json" -- "$B/spin_plain_hang" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^hang spin_plain_hang.c:21: .* waits in a loop at spin_plain_hang.c:21 for alive to change" "$tmp/out" \
    && ! grep -q "watchdog" "$tmp/out"
}
ok "spin_plain: an empty loop on a plain flag under --sync-only: no false hang, a true one found" spin_plain

# poll_repost_ok: main's loop writes v = 1 each time round; the write
# puts back what the last iteration left, so the loop waits for the
# count.  In preempt mode (no fairness) and optimal mode the search ends
# with no run cut; poll_repost_hang's loop waits for ever: a hang
repost ()
{
  for mode in "preempt --bound 1" optimal; do
    # shellcheck disable=SC2086
    "$AUGUR" explore --no-progress --sync-only --mode $mode --timeout 60 -o "$tmp/r.json" \
      -- "$B/poll_repost_ok" >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    [ "$st" -eq 6 ] && [ -z "$(json_path "$tmp/r.json" '$.findings[*].kind')" ] \
      && [ -z "$(json_path "$tmp/r.json" '$.bounds_hit[*]' | grep -v preemptions)" ] \
      && grep -q "^[0-9]* executions, .* 0 diverged in .*(incomplete: every order of the synchronisation" "$tmp/out" \
      && ! grep -q "step bound" "$tmp/out" || return 1
    "$AUGUR" explore --no-progress --sync-only --mode $mode --timeout 60 -o "$tmp/h.json" \
      -- "$B/poll_repost_hang" >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    [ "$st" -eq 1 ] && grep -q "^hang poll_repost_ok.c:42: .* waits in a loop at poll_repost_ok.c:42 for alive to change" "$tmp/out" \
      && ! grep -q "step bound" "$tmp/out" || return 1
  done
}
ok "a shutdown poll that re-posts a flag under --sync-only: no run cut, its hang found" repost

tap_done

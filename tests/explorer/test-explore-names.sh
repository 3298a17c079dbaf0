#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur explore's names of racing objects and of lock acquisitions: the
# stable names predict gives too (heap fields, flexible array slots, stack
# slots), the locks each side of a race holds, two globals at one pair of
# lines, and the callers of acquisitions made through a wrapper (moved out
# of test-explore.sh, which had grown past 1,200 lines).
. "$top_srcdir/tests/tap.sh"

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-explore-names.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"


# named_race PROG PATTERN...: explore finds one data race per PATTERN in
# PROG, and names each one's object with a stable name matching its
# PATTERN (grep -x): the same in two explorations, and the name that augur
# record + augur predict give that object
named_race ()
{
  prog=$1
  shift
  for run in 1 2; do
    "$AUGUR" explore --no-progress -o "$tmp/$prog.json" -- "$B/$prog" >"$tmp/out$run" 2>&1
    stable_names "$tmp/$prog.json" >"$tmp/names$run"
  done
  cat "$tmp/out1" "$tmp/names1" "$tmp/names2"
  cmp -s "$tmp/names1" "$tmp/names2" || return 1
  [ "$(wc -l <"$tmp/names1")" -eq $# ] || return 1
  "$AUGUR" record -o "$tmp/$prog.trace" -- "$B/$prog" || return 1
  "$AUGUR" predict --no-atomicity -o "$tmp/$prog.predict.json" "$tmp/$prog.trace" >/dev/null \
    || return 1
  results_predictions "$tmp/$prog.predict.json" >"$tmp/predicted"
  cat "$tmp/predicted"
  for pattern; do
    name=$(grep -x "$pattern" "$tmp/names1") || return 1
    grep -q "^data-race [^ ]* $name T" "$tmp/predicted" || return 1
  done
}
ok "a race on a malloc'd struct's field names it as predict does" named_race race_heap 'T0\.alloc1+4'
source_name ()
{
  "$AUGUR" explore --no-progress -o "$tmp/rhn.json" -- "$B/race_heap" >"$tmp/out" 2>&1
  cat "$tmp/out"
  [ "$(results_findings "$tmp/rhn.json")" = "data-race race_heap.c:15 race_heap.c:15" ] \
    && json_path "$tmp/rhn.json" '$.findings[0].explanation' \
       | grep -q "^Threads 1 and 2 access q->pushed without" \
    && [ "$(json_path "$tmp/rhn.json" '$.findings[0].object')" = "q->pushed" ] \
    && [ "$(json_path "$tmp/rhn.json" '$.findings[0].object_id')" = "T0.alloc1+4" ] \
    && "$AUGUR" replay "$tmp/rhn.json" >"$tmp/out" 2>&1; st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^reproduced: data-race .*: Threads 1 and 2 access q->pushed without" "$tmp/out"
}
ok "... and the report and replay name it q->pushed from the debug info, the stable name kept" source_name
flex_name ()
{
  "$AUGUR" explore --no-progress -o "$tmp/flex.json" -- "$B/race_flex" >"$tmp/out" 2>&1
  cat "$tmp/out"
  [ "$(results_findings "$tmp/flex.json")" = "data-race race_flex.c:18 race_flex.c:18" ] \
    && [ "$(json_path "$tmp/flex.json" '$.findings[0].object')" = "q->slots[1]" ]
}
ok "a race past a struct's end, in its flexible array member, names the slot" flex_name
# race_locks: each access of an explored race lists the locks its thread
# holds there (two different locks guard one field)
race_locks ()
{
  "$AUGUR" explore --no-progress -o "$tmp/rtl.json" -- "$B/race_two_locks" >"$tmp/out" 2>&1
  cat "$tmp/out"
  flat=$(tr -d ' \n' <"$tmp/rtl.json")
  echo "$flat" | grep -q '"line":34,"function":"main","locks_held":\["p->idle"\]' \
    && echo "$flat" | grep -q '"line":20,"function":"worker","locks_held":\["p->work"\]'
}
ok "an explored race lists the locks each side holds" race_locks
# race_one_line: two globals race at one pair of lines: two findings, the
# struct's first member named in the prose too
one_line ()
{
  "$AUGUR" explore --no-progress -o "$tmp/rol.json" -- "$B/race_one_line" >"$tmp/out" 2>&1
  cat "$tmp/out"
  [ "$(json_path "$tmp/rol.json" '$.findings[*].object' | sort | tr '\n' ' ')" = "misses stats.hits " ] \
    && grep -q "^data-race race_one_line.c:14 race_one_line.c:14: .* access stats.hits without" "$tmp/out"
}
ok "two globals racing at one pair of lines are two races" one_line
# wrapper_callers RESULTS: an inversion taken through a lock wrapper
# (every acquisition at its one line) shows each acquisition's callers, in
# its accesses and in its explanation
wrapper_callers ()
{
  flat=$(tr -d ' \n' <"$1")
  for site in '27,"function":"get_space"' '28,"function":"get_space"' \
              '37,"function":"drop_space"' '38,"function":"drop_space"'; do
    echo "$flat" | grep -q "\"callers\":\[{\"file\":\"[^\"]*lock_order_wrapper.c\",\"line\":$site}" \
      || return 1
  done
  json_path "$1" '$.findings[*].explanation' \
    | grep -qF "while thread 2 takes \`use\` (lock_order_wrapper.c:37 through possess at lock_order_wrapper.c:15) and then \`have\` (lock_order_wrapper.c:38 through possess at lock_order_wrapper.c:15)"
}
explored_callers ()
{
  "$AUGUR" explore --no-progress -o "$tmp/low.json" -- "$B/lock_order_wrapper" >"$tmp/out" 2>&1
  cat "$tmp/out"
  wrapper_callers "$tmp/low.json"
}
ok "a lock-order inversion through a wrapper shows the callers of each acquisition" \
   explored_callers
recorded_callers ()
{
  "$AUGUR" record -o "$tmp/low.trace" -- "$B/lock_order_wrapper" || return 1
  "$AUGUR" predict -o "$tmp/lowp.json" "$tmp/low.trace" || return 1
  wrapper_callers "$tmp/lowp.json"
}
ok "... and so does the one a recorded run shows (CALLERS records)" recorded_callers
ok "races on main's and a thread's stack name the slots as predict does" \
  named_race race_stack 'T0\.stack-0x[0-9a-f]*' 'T1\.stack-0x[0-9a-f]*'

tap_done

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# abort() called by the program itself, not through assert(), is a finding
# of kind "abort" that says so; when the aborting thread's last call on
# the threads API before it was a misuse (a second join that failed), the
# abort is that misuse's consequence: one finding, the misuse its part.
# Both replay; the report and SARIF read the kind.  A crash in a call
# through a NULL pointer is at the call, not at the thread's last step; a
# crash inside libc says so, and where its thread last was in the program;
# a store through NULL (or a bad pointer) is at the store, in the program.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-abort.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

abort_caused ()
{
  finding abort_after_misuse "abort abort_after_misuse.c:21" || return 1
  r="$tmp/abort_after_misuse.json"
  [ "$(results_findings "$r")" = "abort abort_after_misuse.c:21" ] \
    && [ "$(json_path "$r" '$.findings[0].severity') $(json_path "$r" '$.findings[0].parts[0].kind'):$(json_path "$r" '$.findings[0].parts[0].subkind')" = "error misuse:double-join" ] \
    && json_path "$r" '$.findings[0].explanation' \
       | grep -qF "The program calls abort() at abort_after_misuse.c:21 because of a misuse of the threads API (double-join) at abort_after_misuse.c:20. main joins a thread at abort_after_misuse.c:20"
}
ok "abort_after_misuse: the abort after a failed second join is one finding, the double join its part" abort_caused

abort_plain ()
{
  finding abort_plain "abort abort_plain.c:24" || return 1
  r="$tmp/abort_plain.json"
  n=$(results_findings "$r" | grep -n "^abort abort_plain.c:24" | cut -d: -f1)
  ! results_findings "$r" | grep -q "^assertion" \
    && json_path "$r" "\$.findings[$((n - 1))].explanation" \
       | grep -qF "main calls abort(): the program ends itself, not through a failed assert()." \
    && [ -z "$(json_path "$r" "\$.findings[$((n - 1))].parts[*].kind")" ] \
    && [ "$(json_path "$r" "\$.findings[$((n - 1))].accesses[*].op")" = abort ]
}
ok "abort_plain: abort() with no misuse before it is a finding of kind abort, not assertion, its access an abort, not an assert-fail" abort_plain

# replay names a finding as explore does, by its kind alone when it has no
# access: "abort: ...", never "abort : ..." (abort_plain's results with
# the abort's accesses taken away; and as a confirmed prediction, which
# replays by its own path)
no_access_heading ()
{
  python3 - "$tmp/abort_plain.json" "$tmp/noacc.json" "$tmp/pred.json" <<'PY' || return 1
import json, sys
r = json.load(open(sys.argv[1]))
n = [f["kind"] for f in r["findings"]].index("abort")
r["findings"][n]["accesses"] = []
json.dump(r, open(sys.argv[2], "w"))
r["findings"][n]["prediction"] = {"pattern": "p", "answer": "a", "class": "harmful"}
json.dump(r, open(sys.argv[3], "w"))
PY
  n=$(json_path "$tmp/noacc.json" '$.findings[*].kind' | grep -n '^abort$' | cut -d: -f1)
  "$AUGUR" replay "$tmp/noacc.json#$n" >"$tmp/na.out" 2>&1
  "$AUGUR" replay "$tmp/pred.json#$n" >"$tmp/pr.out" 2>&1
  cat "$tmp/na.out" "$tmp/pr.out"
  [ "$(cat "$tmp/na.out")" = "not reproduced: abort" ] \
    && grep -q "^\(not \)\{0,1\}reproduced: abort: after the same" "$tmp/pr.out"
}
if command -v python3 >/dev/null 2>&1; then
  ok "replay: a finding with no access is headed by its kind, as explore heads it" no_access_heading
else
  skip "replay: a finding with no access is headed by its kind, as explore heads it" "no python3"
fi

abort_report ()
{
  "$AUGUR" report -o "$tmp/html" "$tmp/abort_after_misuse.json" >/dev/null \
    && grep -q "Abort" "$tmp/html/index.html" \
    && "$AUGUR" report --format sarif -o "$tmp/r.sarif" "$tmp/abort_after_misuse.json" >/dev/null \
    && [ "$(json_path "$tmp/r.sarif" '$.runs[0].results[0].ruleId')" = "abort" ]
}
ok "abort: augur report reads the kind (HTML title, SARIF rule)" abort_report

null_call ()
{
  finding null_call "crash null_call.c:25" || return 1
  [ "$(json_path "$tmp/null_call.json" '$.findings[0].accesses[0].line')" = 25 ]
}
ok "a call through NULL: the crash is at the call, and replayed" null_call

# a crash inside libc: outside the program's code, and where its thread
# last was in it
crash_libc ()
{
  finding crash_libc "crash crash_libc.c:28" || return 1
  grep -q "^crash crash_libc.c:28: Thread 1 crashes with Segmentation fault outside the program's code (in a library, or a call through a bad pointer); it was last at crash_libc.c:28 in measure()\.$" "$tmp/out"
}
ok "a crash in libc says so and where the thread last was in the program" crash_libc

# a store through NULL in the program's own code: at the store, which
# says so, not "outside the program's code" at the unlock before it
null_store ()
{
  finding null_store "crash null_store.c:21" || return 1
  grep -q "^crash null_store.c:21: Thread 1 crashes with Segmentation fault at null_store.c:21 in pusher(): a store through a null pointer\.$" "$tmp/out"
}
ok "a store through NULL is at the store, in the program, and says so" null_store

# through a bad pointer past the null page: the runtime's read of what
# the store overwrites faults first, and the crash is the store's all the same
wild_store ()
{
  finding wild_store "crash wild_store.c:21" || return 1
  grep -q "^crash wild_store.c:21: Thread 1 crashes with Segmentation fault at wild_store.c:21 in pusher()\.$" "$tmp/out"
}
ok "a store through a bad pointer is at the store, though the runtime's hook faulted" wild_store

tap_done

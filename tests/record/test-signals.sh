#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-signals.sh — signals are augur's (doc/design.md, "Input is
# untrusted; signals are augur's"; common/interrupt.h), with real signals
# and real runs of `augur check` and `augur record`:
#   10  SIGINT or SIGTERM in each stage of a check: augur stops soon with
#       128 + the signal, leaves results.json valid, no temporary file
#       (augur-static-*, results.json.XXXXXX) and no process it started
#       (Frama-C, the program and its fork server); after the predict
#       stage this used to be a segfault in a handler libz3 left behind;
#       augur record hands the signal to the program and keeps its trace;
#   11  a second check into a folder in use is refused, naming the first;
#       a check into a used folder removes what the last one left there,
#       and nothing else;
#   12  the recorded run reads the user's standard input; with --stdin
#       FILE every run reads FILE from its start.
set -u
. "$top_srcdir/tests/tap.sh"
bin="$top_builddir/tests/record"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-signals.XXXXXX")
# augur's own temporary files (Frama-C's folder) go here, to be counted
TMPDIR="$work/tmp"
export TMPDIR
mkdir "$TMPDIR"
trap 'rm -rf "$work" "$tap_log"' EXIT
cd "$work" || exit 1
cp "$bin/busy" "$bin/reader" "$bin/deadlock" .

# leftovers: processes running one of our copies, or holding our TMPDIR in
# their command line (Frama-C), killed by pid; prints them
leftovers ()
{
  found=0
  for d in /proc/[0-9]*; do
    exe=$(readlink "$d/exe" 2>/dev/null) || continue
    case $exe in
      "$work"/*) ;;
      *) tr '\0' ' ' <"$d/cmdline" 2>/dev/null | grep -q "$TMPDIR" || continue ;;
    esac
    echo "left running: ${d#/proc/} $exe"
    kill -KILL "${d#/proc/}" 2>/dev/null
    found=1
  done
  return $found
}

# stop_check SIG WHEN OUT: augur check on ./busy, SIG once its stderr
# says WHEN; $status and $seconds (from the signal to the end) are set
stop_check ()
{
  sig=$1
  when=$2
  out=$3
  rm -rf "$out" "$out.err"
  : >"$out.err"
  "$AUGUR" check --budget 120 -o "$out" -- ./busy >"$out.out" 2>>"$out.err" &
  pid=$!
  n=0
  until grep -q "$when" "$out.err"; do
    sleep 0.05
    n=$((n + 1))
    [ "$n" -lt 2400 ] || { echo "never saw '$when'"; kill -KILL "$pid"; return 1; }
  done
  kill "-$sig" "$pid"
  t0=$(date +%s)
  wait "$pid"
  status=$?
  seconds=$(( $(date +%s) - t0 ))
  cat "$out.err"
}

# stopped WANT OUT: status WANT within 10 s, results.json valid and
# marked interrupted, no temporary file, no process left
stopped ()
{
  want=$1
  out=$2
  echo "exit status $status after $seconds s"
  [ "$status" -eq "$want" ] && [ "$seconds" -le 10 ] || return 1
  python3 -c "import json, sys; r = json.load (open (sys.argv[1])); sys.exit ('interrupted' not in r['bounds_hit'])" \
    "$out/results.json" || { echo "results.json is not valid, or not marked interrupted"; return 1; }
  tmp=$(ls -A "$TMPDIR" "$out" | grep -c 'augur-static-\|\.json\.')
  [ "$tmp" -eq 0 ] || { ls -la "$TMPDIR" "$out"; return 1; }
  leftovers
}

interrupted ()
{
  stop_check "$1" "$2" "$3" && stopped "$4" "$3"
}
ok "check: SIGTERM while recording: exit 143, clean" interrupted TERM "augur check: recorded" rec 143
ok "check: SIGINT while Frama-C runs: exit 130, its folder removed, it is gone" \
  interrupted INT "augur check: recorded one run" static 130
ok "check: SIGINT while predicting (libz3's queries): exit 130, clean" \
  interrupted INT "static analysis" predict 130
for k in 1 2 3; do
  ok "check: SIGINT after the predict stage ($k): exit 130, no segfault, clean" \
    interrupted INT "augur check: predicted" after$k 130
done
ok "check: SIGTERM while exploring: exit 143, the fork server is gone" \
  interrupted TERM "augur check: confirmed" explore 143

# augur record: the signal is the program's too; its trace is kept
record_term ()
{
  "$AUGUR" record -o hung.trace -- ./deadlock 2>rec.err &
  pid=$!
  n=0
  until [ -s hung.trace ]; do sleep 0.05; n=$((n + 1)); [ "$n" -lt 400 ] || return 1; done
  sleep 0.5
  kill -TERM "$pid"
  wait "$pid"
  st=$?
  cat rec.err
  [ "$st" -eq 0 ] || return 1
  "$AUGUR" trace show hung.trace | tail -n 1 | grep -q "end how=signal signal=SIGTERM" && leftovers
}
ok "record: SIGTERM reaches the program, the trace ends with it, exit 0" record_term

# --- item 11: one check per folder
busy_folder ()
{
  rm -rf shared
  : >first.err
  "$AUGUR" check --budget 120 -o shared -- ./busy >first.out 2>>first.err &
  first=$!
  n=0
  until grep -q "recorded one run" first.err; do sleep 0.05; n=$((n + 1)); [ "$n" -lt 2400 ] || return 1; done
  "$AUGUR" check --budget 10 -o shared -- ./busy >second.out 2>second.err
  st=$?
  kill -INT "$first"
  wait "$first"
  cat second.err
  [ "$st" -eq 2 ] && grep -q "shared is in use by another augur check (pid $first)" second.err \
    && python3 -c "import json; json.load (open ('shared/results.json'))" && leftovers
}
ok "check: a second check into a folder in use is refused (2), naming the first" busy_folder

used_folder ()
{
  rm -rf used
  mkdir used
  for f in finding-7.html finding-7.dot finding-7.svg finding-12.html static-facts.json explore.json \
           predictions.json notes.txt finding-x.html; do
    echo old >"used/$f"
  done
  printf '42\n' >in.txt
  # a correct program, and a budget too small for Frama-C: none of the
  # old files is written again
  "$AUGUR" check --budget 3 --stdin in.txt -o used -- ./reader >used.out 2>used.err
  st=$?
  cat used.err
  [ "$st" -eq 0 ] || return 1
  for f in finding-7.html finding-7.dot finding-7.svg finding-12.html static-facts.json; do
    [ ! -e "used/$f" ] || { echo "used/$f was left"; return 1; }
  done
  [ -e used/notes.txt ] && [ -e used/finding-x.html ] && [ -s used/results.json ]
}
ok "check: a used folder loses the last check's pages and facts, keeps other files" used_folder

# --- item 12: standard input
record_stdin ()
{
  printf '42\n' | "$AUGUR" record -q -o reader.trace -- ./reader >reader.out || return 1
  cat reader.out
  grep -q "read '42'" reader.out \
    && "$AUGUR" trace show reader.trace | tail -n 1 | grep -q "end how=exit status=0"
}
ok "record: the program reads what is piped into augur" record_stdin

check_stdin ()
{
  printf '42\n' >in.txt
  "$AUGUR" check --budget 30 --stdin in.txt -o stdin-ok -- ./reader </dev/null >ok.out 2>ok.err
  st=$?
  cat ok.out ok.err
  # every explored run read 42: rewound for each
  [ "$st" -eq 0 ] && [ "$(json_path stdin-ok/results.json '$.executions')" -gt 0 ] \
    && [ -z "$(json_path stdin-ok/results.json '$.findings[*].kind')" ]
}
ok "check --stdin FILE: every run reads FILE from its start (no false assertion)" check_stdin

check_null ()
{
  # without --stdin the explored runs read /dev/null: documented, and seen
  printf '42\n' | "$AUGUR" check --budget 30 -o stdin-null -- ./reader >null.out 2>null.err
  st=$?
  cat null.out
  [ "$st" -eq 1 ] && json_path stdin-null/results.json '$.findings..kind' | grep -qx assertion
}
ok "check without --stdin: the recorded run reads augur's input, explored runs /dev/null" check_null
ok "check --help says where the runs' standard input comes from" \
  sh -c "'$AUGUR' check --help | grep -q 'explores read /dev/null, or the --stdin FILE'"
ok "record --help says the program reads augur's standard input" \
  sh -c "'$AUGUR' record --help | grep -q 'it reads what you type or pipe into'"

tap_done

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-record-cli.sh — augur record and augur trace show on bad input and
# hard endings: a clear one-line error and the documented exit status,
# never a crash; a hung program ended by the watchdog and a program killed
# by SIGKILL keep their traces, with the ending recorded.
set -u
. "$top_srcdir/tests/tap.sh"
bin="$top_builddir/tests/record"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-record-cli.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT
cd "$work" || exit 1

# status WANT CMD...: CMD exits with WANT; its stderr is in $work/err
status ()
{
  want=$1
  shift
  "$@" >"$work/out" 2>"$work/err"
  got=$?
  [ "$got" -eq "$want" ] || { echo "exit status $got, expected $want"; cat "$work/err"; return 1; }
}

# one_line_error PATTERN: stderr is one line, matching PATTERN
one_line_error ()
{
  [ "$(wc -l <"$work/err")" -eq 1 ] || { echo "stderr is not one line:"; cat "$work/err"; return 1; }
  grep -q -- "$1" "$work/err" || { echo "stderr does not say '$1':"; cat "$work/err"; return 1; }
}

# --- augur record: bad programs
cat >plain.c <<'EOF'
int main (void) { return 0; }
EOF
${CC:-cc} -o plain plain.c
ok "record: a program not built with augur-cc is refused (3)" status 3 "$AUGUR" record -- ./plain
ok "record: ... and told to rebuild with augur-cc" one_line_error "not built with augur-cc"
ok "record: a missing program (3)" status 3 "$AUGUR" record -- ./no-such-program
ok "record: ... named in one line" one_line_error "no-such-program: no such program"
printf '#!/bin/sh\nexit 0\n' >script.sh
chmod +x script.sh
ok "record: a script (3)" status 3 "$AUGUR" record -- ./script.sh
ok "record: ... is told to give the binary" one_line_error "not an ELF executable"
ok "record: no program is a usage error (2)" status 2 "$AUGUR" record
ok "record: a bad option is a usage error (2)" status 2 "$AUGUR" record --timeout=-3 -- ./plain
ok "record: an unwritable trace path (3)" status 3 "$AUGUR" record -o /nonexistent/dir/t.trace -- "$bin/threads"
ok "record: ... named before the program runs" one_line_error "cannot write the trace /nonexistent/dir/t.trace"

# --- endings the runtime cannot write itself
# every thread waits for another in a call with no timeout: ended after
# a second of that, not at the --timeout
hung ()
{
  "$AUGUR" record --timeout 60 -o hang.trace -- "$bin/deadlock" 2>"$work/err" || return 1
  grep -q "ended: blocked (every thread waited in a lock" "$work/err" || { cat "$work/err"; return 1; }
  "$AUGUR" trace show hang.trace >hang.txt || return 1
  # both threads got their first lock and asked for the second
  grep -q "T0 mutex_lock_request b" hang.txt && grep -q "T1 mutex_lock_request a" hang.txt \
    && tail -n 1 hang.txt | grep -q "end how=blocked blocked_ms=[0-9]" || { cat hang.txt; return 1; }
}
ok "record: a deadlocked program is ended by the watchdog once every thread waits, trace kept" hung
# a thread asleep (the waker) is not waiting for another: the run goes on
slow_wake ()
{
  "$AUGUR" record --timeout 60 -o wake.trace -- "$bin/slow-wake" 2>"$work/err" || return 1
  grep -q "ended: exit status 0" "$work/err" || { cat "$work/err"; return 1; }
}
ok "record: a waiter woken after a long sleep of its waker is not ended early" slow_wake
# a semaphore can be posted by a signal handler: only the timeout ends it
sem_hang ()
{
  "$AUGUR" record --timeout 3 -o sem.trace -- "$bin/slow-wake" sem 2>"$work/err" || return 1
  grep -q "ended: timeout (killed by augur's watchdog after 3 s)" "$work/err" \
    || { cat "$work/err"; return 1; }
  "$AUGUR" trace show sem.trace | tail -n 1 | grep -q "end how=timeout seconds=3"
}
ok "record: a hang in a semaphore wait is ended by the watchdog's timeout, trace kept" sem_hang

killed ()
{
  "$AUGUR" record -o kill.trace -- "$bin/selfkill" 2>"$work/err" || return 1
  "$AUGUR" trace show kill.trace >kill.txt || return 1
  grep -q "T0 write before" kill.txt && tail -n 1 kill.txt | grep -q "end how=signal signal=SIGKILL" \
    || { cat kill.txt; return 1; }
}
ok "record: SIGKILL keeps the events and records the ending" killed

killed_live ()
{
  "$AUGUR" record -o live.trace -- "$bin/killstaged" 2>"$work/err" || return 1
  "$AUGUR" trace show live.trace >live.txt || return 1
  for t in T1 T2 T3; do
    locks=$(grep -c "^$t mutex_lock m " live.txt)
    unlocks=$(grep -c "^$t mutex_unlock m " live.txt)
    echo "$t: $locks locks, $unlocks unlocks"
    [ "$locks" -eq 2000 ] && [ "$unlocks" -eq 2000 ] || return 1
  done
  # the staging chunks were put into the trace, and their file is gone
  [ ! -e live.trace.stage ] && tail -n 1 live.txt | grep -q "end how=signal signal=SIGKILL"
}
ok "record: SIGKILL with threads alive loses none of their staged events" killed_live

crashed ()
{
  "$AUGUR" record -o crash.trace -- "$bin/crash" 2>"$work/err" || return 1
  grep -q "ended: signal (SIGSEGV)" "$work/err" || { cat "$work/err"; return 1; }
}
ok "record: a crash is recorded, exit 0, summary names the signal" crashed

default_name ()
{
  rm -f threads.trace
  "$AUGUR" record -q -- "$bin/threads" 2>"$work/err" || return 1
  [ -s threads.trace ] && [ ! -s "$work/err" ]
}
ok "record: default trace name PROGRAM.trace, -q prints nothing" default_name

# Four threads, 15,000 events each, in many chunks of the trace written at
# once: read back in seq order, the mutex's locks and unlocks alternate (an
# unlock by the thread of the lock before it) and the counter's reads see
# 0, 1, 2, ... in turn (main reads the total afterwards).
merged ()
{
  "$AUGUR" record -q -o chunks.trace -- "$bin/chunks" >/dev/null || return 1
  "$AUGUR" trace show chunks.trace >chunks.txt || return 1
  awk '
    BEGIN { reads = 0; locks = 0 }
    $2 == "mutex_lock" && $3 == "lock" {
      if (holder != "") { print NR ": " $1 " locks while " holder " holds the lock"; bad = 1; exit }
      holder = $1; locks++ }
    $2 == "mutex_unlock" && $3 == "lock" {
      if (holder != $1) { print NR ": " $1 " unlocks a lock held by \"" holder "\""; bad = 1; exit }
      holder = "" }
    $1 != "T0" && $2 == "read" && $3 == "counter" {
      v = $5; sub (/^value=/, "", v)
      if (v != reads) { print NR ": read " v ", expected " reads; bad = 1; exit }
      reads++ }
    END {
      if (!bad && (locks != 12000 || reads != 12000)) { print locks " locks, " reads " reads"; bad = 1 }
      exit bad }' chunks.txt
}
ok "record: many chunks per thread, merged back in one consistent order" merged

# A signal handler recording while the thread it interrupted was: every
# write of the handler is in the trace once, and the handler's records are
# packed into a chunk of their own rather than one chunk each.
handler ()
{
  "$AUGUR" record -q -o sig.trace -- "$bin/sigrecord" >sig.out || return 1
  ticks=$(cat sig.out)
  "$AUGUR" trace show sig.trace >sig.txt || return 1
  writes=$(grep -c ' write ticks ' sig.txt)
  events=$(wc -l <sig.txt)
  chunks=$(( ($(wc -c <sig.trace) - 4096) / 16384 ))
  echo "handler ran $ticks times, $writes writes of ticks; $events events in $chunks chunks"
  [ "$ticks" -gt 0 ] && [ "$writes" -eq "$ticks" ] && [ "$chunks" -le $((events / 400 + 8)) ]
}
ok "record: a signal handler's records while the thread records" handler

# --- augur trace show on damaged traces
"$AUGUR" record -q -o good.trace -- "$bin/mutex"
summary ()
{
  "$AUGUR" trace show --summary good.trace >summary.txt || return 1
  n=$("$AUGUR" trace show good.trace | wc -l)
  # the same line augur record prints, with the events trace show lists
  [ "$(wc -l <summary.txt)" -eq 1 ] \
    && grep -Eq "^[0-9]+ threads, $n events, ended: exit status 0$" summary.txt \
    || { cat summary.txt; echo "trace show listed $n events"; return 1; }
}
ok "show --summary: one line, threads, events and the ending" summary
size=$(wc -c <good.trace)
head -c $((size - 100)) good.trace >truncated.trace
ok "show: a truncated trace (3)" status 3 "$AUGUR" trace show truncated.trace
ok "show: ... says truncated" one_line_error "truncated"
# flip one byte a few records into the first chunk (4096 + 176).  Records
# are 7-48 bytes (packed, trace format 3) or 32 (the others), and their
# sizes depend on the addresses of the run, so the record hit is not at a
# fixed offset: the error must name the start of the record holding the
# byte, 48 bytes before it at most
cp good.trace corrupt.trace
flipped=$((4096 + 176))
printf '\377' | dd of=corrupt.trace bs=1 seek=$flipped conv=notrunc 2>/dev/null
ok "show: a corrupt record (3)" status 3 "$AUGUR" trace show corrupt.trace
offset_named ()
{
  one_line_error "record at byte offset " || return 1
  at=$(sed -n 's/.*record at byte offset \([0-9]*\).*/\1/p' "$work/err")
  [ -n "$at" ] && [ "$at" -le "$flipped" ] && [ "$at" -gt $((flipped - 48)) ] \
    || { echo "offset $at is not that of the record holding byte $flipped"; return 1; }
}
ok "show: ... names the byte offset of the record hit" offset_named
ok "show: a file that is not a trace (3)" status 3 "$AUGUR" trace show plain.c
ok "show: ... says so" one_line_error "not an augur trace"
ok "show: a missing trace (3)" status 3 "$AUGUR" trace show missing.trace
ok "show: no argument is a usage error (2)" status 2 "$AUGUR" trace show

json ()
{
  "$AUGUR" trace show --json good.trace >good.jsonl || return 1
  "$AUGUR" trace show good.trace >good.txt || return 1
  # one header line, then one line per event, each a JSON object
  [ $(($(wc -l <good.txt) + 1)) -eq "$(wc -l <good.jsonl)" ] || return 1
  head -n 1 good.jsonl | grep -q '"format":"augur-trace"' || return 1
  grep -c '"kind":"mutex_lock"' good.jsonl | grep -q -v '^0$' || return 1
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' good.jsonl || return 1
  fi
}
ok "show --json: JSON Lines, one object per event" json

tap_done

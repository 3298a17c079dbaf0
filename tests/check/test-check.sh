#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur check end to end: a buggy program (a lost update that breaks an
# assertion) gives exit 1 and one finding, the assertion, whose cause chain
# names the lost update and whose parts are the violation and the race
# (each once although two stages find them), a results file, predictions
# and an HTML report with one page per finding whose replay command
# replays; a bug-free variant gives exit 0; severities decide the exit
# status (--fail-on); the documented exit codes for bad input; the budget
# is kept; a program that hangs is still checked within the budget; and a
# recorded run that failed when no explored run does is not "clean".
. "$top_srcdir/tests/tap.sh"

P="$top_srcdir/tests/programs"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-check.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

build ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/$1" "$P/$1/prog.c"
}
ok "counterseq builds with augur-cc" build counterseq
ok "counterseq_ok builds with augur-cc" build counterseq_ok

buggy ()
{
  "$AUGUR" check --budget 60 -o "$tmp/r" -- "$tmp/counterseq" >"$tmp/out" 2>"$tmp/err"
  st=$?
  cat "$tmp/out" "$tmp/err"
  [ "$st" -eq 1 ] || return 1
  # one finding: the assertion, with the race as one of its parts
  r=$tmp/r/results.json
  [ "$(json_path "$r" '$.findings[*].kind')" = assertion ] || return 1
  [ "$(json_path "$r" '$.findings[0].severity')" = error ] || return 1
  json_path "$r" '$.findings[0].explanation' \
    | grep -q "^Assertion \`counter == 2 \* INCREMENTS\` at prog.c:31 fails because of .* of \`counter\` at prog.c:19\.$" \
    || return 1
  json_path "$r" '$.findings[0].parts[*].kind' | grep -qx data-race || return 1
  json_path "$r" '$.findings[0].parts[*].object' | grep -qx counter || return 1
  grep -q "^augur check: 1 error, .*report: $tmp/r/index.html" "$tmp/out"
}
ok "a lost update: exit 1, one finding: the assertion, because of the violation at its line" buggy

files ()
{
  for f in results.json predictions.json run.trace index.html finding-1.html finding-1.svg; do
    [ -s "$tmp/r/$f" ] || { echo "missing $f"; return 1; }
  done
  [ "$(json_path "$tmp/r/results.json" '$.command')" = check ]
}
ok "results, predictions, trace and HTML report written" files

static_stage ()
{
  if ! command -v "${AUGUR_FRAMA_C:-frama-c}" >/dev/null 2>&1; then
    grep -q "static analysis gave no facts\|static analysis skipped" "$tmp/err"
    return
  fi
  grep -q "^augur check: static analysis of 1 source file: [0-9]* access sites" "$tmp/err" \
    && [ -s "$tmp/r/static-facts.json" ] \
    && grep -q "^==== augur: frama-c on 1 file with Frama-C's libc: ok" "$tmp/r/static-frama-c.log"
}
ok "the static analysis runs on the sources named in the debug info, its log in the report" static_stage

confirmed ()
{
  # the lost update is predicted from a run where it did not happen, and
  # re-execution shows the assertion failing after it
  r=$tmp/r/results.json
  json_path "$r" '$.predictions[*].class' | grep -qx harmful || return 1
  [ "$(json_path "$r" '$.findings[0].parts[0].kind')" = atomicity-violation ] \
    && [ "$(json_path "$r" '$.findings[0].parts[0].object')" = counter ] \
    && json_path "$r" '$.findings[0].parts[0].explanation' | grep -q "^Confirmed: .*then assertion" \
    && json_path "$r" '$.findings..class' | grep -qx harmful
}
ok "predictions are confirmed harmful by re-execution and reported as parts of the bug" confirmed

once ()
{
  # the race is found by prediction and by exploration: reported once
  n=$(json_path "$tmp/r/results.json" '$.findings..kind' | grep -cx data-race)
  [ "$n" -eq 1 ]
}
ok "each bug reported once" once

replay_cmd ()
{
  # the command the report prints replays the bug
  cmd=$(sed -n 's/.*<pre class="cmd" id="replay"><code>\(augur replay [^<]*\)<.*/\1/p' "$tmp/r/finding-1.html")
  echo "printed: $cmd"
  [ "$cmd" = "augur replay $tmp/r/results.json#1" ] || return 1
  [ "$(json_path "$tmp/r/results.json" '$.findings[0].replay')" = "augur replay $tmp/r/results.json#1" ] \
    || return 1
  "$AUGUR" ${cmd#augur } >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: assertion prog.c:31" "$tmp/replay"
}
ok "the finding page prints its augur replay command, and it reproduces the bug" replay_cmd

pruned_replay ()
{
  # cond_if's hang is found in a run whose accesses the static facts
  # pruned: its schedule has fewer steps than the program makes without
  # them, and replay must run it with the facts check wrote beside it
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/cond_if" "$P/cond_if/prog.c" || return 1
  "$AUGUR" check --budget 30 -q -o "$tmp/ci" -- "$tmp/cond_if" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  "$AUGUR" replay "$tmp/ci/results.json#1" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: assertion prog.c:21" "$tmp/replay"
}
ok "a schedule explored with the static facts replays with them" pruned_replay

names_elsewhere ()
{
  # compiled as "names/held.c" in $tmp/proj, checked from another directory
  mkdir -p "$tmp/proj/names" "$tmp/else" && cp "$top_srcdir/tests/check/names/held.c" "$tmp/proj/names/" \
    && (cd "$tmp/proj" && "$AUGUR_CC_BIN" -O0 -g -o held names/held.c) || return 1
  (cd "$tmp/else" && "$AUGUR" check --budget 20 -q -o "$tmp/nm" -- "$tmp/proj/held") >"$tmp/out" 2>&1
  cat "$tmp/out"
  [ "$(json_path "$tmp/nm/results.json" '$.findings[0].subkind')" = destroy-held-mutex ] \
    && [ "$(json_path "$tmp/nm/results.json" '$.findings[0].object')" = "b->lock" ] \
    && json_path "$tmp/nm/results.json" '$.findings[0].explanation' \
       | grep -q "^main destroys \`b->lock\` at held.c:37"
}
ok "names from the debug info wherever augur runs, in the explanation too" names_elsewhere

names_flexible ()
{
  # the allocation's evidence (the trace) of a struct with a flexible
  # array member: the elements past the struct are its members
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/flexible" "$top_srcdir/tests/check/names/flexible.c" || return 1
  "$AUGUR" check --budget 20 -o "$tmp/fl" -- "$tmp/flexible" >"$tmp/out" 2>&1
  cat "$tmp/out"
  [ "$(json_path "$tmp/fl/results.json" '$.findings[0].kind')" = data-race ] \
    && [ "$(json_path "$tmp/fl/results.json" '$.findings[0].object')" = "g->ws[1].x" ] \
    && ! grep -q "?:0" "$tmp/out"
}
ok "names a flexible array member's element, and no ?:0 access" names_flexible

no_schedule ()
{
  # a lock-order inversion that cannot deadlock is a warning without a
  # schedule: replay says so (bad input, 3), not "not reproduced" (4)
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/lod" "$P/lock_order_dataflow/prog.c" || return 1
  "$AUGUR" check --budget 20 -q -o "$tmp/lod-r" -- "$tmp/lod" >"$tmp/out" 2>&1
  cat "$tmp/out"
  [ "$(json_path "$tmp/lod-r/results.json" '$.findings[0].kind')" = lock-order-inversion ] \
    && [ "$(json_path "$tmp/lod-r/results.json" '$.findings[0].severity')" = warning ] || return 1
  "$AUGUR" replay "$tmp/lod-r/results.json#1" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 3 ] && grep -q "has no schedule: it was seen, not made to happen" "$tmp/replay"
}
ok "replay of a finding without a schedule says there is nothing to replay (3)" no_schedule

clean ()
{
  "$AUGUR" check --budget 60 -q -o "$tmp/c" -- "$tmp/counterseq_ok" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/c/results.json" '$.findings[*].kind')" ] \
    && [ -s "$tmp/c/index.html" ]
}
ok "the fixed program: exit 0, no finding, a report" clean

# the recorded run's output goes to DIR/run-output.txt, not into augur's
program_output ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/aget_stats_ok" "$P/aget_stats_ok/prog.c" || return 1
  "$AUGUR" check --budget 60 -o "$tmp/po" -- "$tmp/aget_stats_ok" >"$tmp/out" 2>"$tmp/err"
  st=$?
  cat "$tmp/out" "$tmp/err"
  [ "$st" -eq 0 ] && grep -q "bytes written" "$tmp/po/run-output.txt" \
    && ! grep -q "bytes written" "$tmp/out" "$tmp/err" \
    && grep -q "^augur check: recorded one run: .*(its output: $tmp/po/run-output.txt)" "$tmp/err"
}
ok "the recorded run's output is kept in run-output.txt, apart from augur's" program_output

severities ()
{
  # leaked_mutex only leaks its mutex (a note): no bug by default, a
  # failure when notes fail too
  build leaked_mutex || return 1
  "$AUGUR" check --budget 30 -q -o "$tmp/lm" -- "$tmp/leaked_mutex" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ "$(json_path "$tmp/lm/results.json" '$.findings[*].subkind')" = not-destroyed ] \
    && [ "$(json_path "$tmp/lm/results.json" '$.findings[*].severity')" = note ] || return 1
  "$AUGUR" check --budget 30 -q --fail-on=warning -o "$tmp/lm" -- "$tmp/leaked_mutex" >/dev/null 2>&1
  [ $? -eq 0 ] || return 1
  "$AUGUR" check --budget 30 -q --fail-on=note -o "$tmp/lm" -- "$tmp/leaked_mutex" >/dev/null 2>&1
  [ $? -eq 1 ] || return 1
  "$AUGUR" check --fail-on=fatal -- "$tmp/leaked_mutex" >/dev/null 2>&1
  [ $? -eq 2 ]
}
ok "severities: a note alone exits 0, --fail-on=note makes it 1, a bad severity is a usage error" severities

usage ()
{
  "$AUGUR" check >/dev/null 2>&1
  [ $? -eq 2 ] || return 1
  "$AUGUR" check --budget 0 -- "$tmp/counterseq" >/dev/null 2>&1
  [ $? -eq 2 ]
}
ok "usage errors exit 2" usage

not_augur ()
{
  cc -O0 -pthread -o "$tmp/plain" "$P/counterseq/prog.c" || return 1
  "$AUGUR" check -o "$tmp/p" -- "$tmp/plain" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 3 ] && grep -q "augur-cc" "$tmp/out"
}
ok "a program not built with augur-cc exits 3 and says so" not_augur

missing ()
{
  "$AUGUR" check -o "$tmp/m" -- "$tmp/no-such-program" >"$tmp/out" 2>&1
  [ $? -eq 3 ]
}
ok "a missing program exits 3" missing

budget ()
{
  # six threads taking one lock three times each: no bug, and far more
  # interleavings (18!/(3!)^6, about 1.4e11 lock orders) than 3 s explore
  cat >"$tmp/locks.c" <<'PROG'
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int total;
static void *
work (void *arg)
{
  for (int i = 0; i < 3; i++)
    {
      pthread_mutex_lock (&m);
      total++;
      pthread_mutex_unlock (&m);
    }
  return arg;
}
int
main (void)
{
  pthread_t t[6];
  for (int i = 0; i < 6; i++)
    pthread_create (&t[i], NULL, work, NULL);
  for (int i = 0; i < 6; i++)
    pthread_join (t[i], NULL);
  return total == 18 ? 0 : 1;
}
PROG
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/locks" "$tmp/locks.c" || return 1
  start=$(date +%s)
  "$AUGUR" check --budget 3 -q -o "$tmp/b" -- "$tmp/locks" >"$tmp/out" 2>&1
  st=$?
  secs=$(($(date +%s) - start))
  cat "$tmp/out"
  echo "took ${secs}s"
  # no error found, but not everything explored: exit 6, never 0
  [ "$st" -eq 6 ] && [ "$secs" -le 15 ] && json_path "$tmp/b/results.json" '$.bounds_hit[*]' | grep -qx 'budget\|time' \
    && grep -q "^augur check: incomplete: time budget spent" "$tmp/out"
}
ok "the budget bounds the check, is reported as a bound hit, and exits 6 (incomplete)" budget

static_only ()
{
  command -v "${AUGUR_FRAMA_C:-frama-c}" >/dev/null 2>&1 || { echo "no frama-c"; return 0; }
  cat >"$tmp/rare.c" <<'PROG'
#include <pthread.h>
#include <semaphore.h>
static int hits, misses, data;
static sem_t ready;
static void *
work (void *arg)
{
  if (arg != NULL)
    misses++;                 /* line 9: only with an argument, never run below */
  else
    __atomic_fetch_add (&hits, 1, __ATOMIC_SEQ_CST);
  return NULL;
}
static void *
produce (void *arg)
{
  data = arg != NULL;         /* line 17: handed over through the semaphore */
  sem_post (&ready);
  return NULL;
}
static void *
consume (void *arg)
{
  (void) arg;
  sem_wait (&ready);
  return (void *) (long) data;  /* line 26 */
}
int
main (int argc, char **argv)
{
  pthread_t a, b, p, c;
  void *arg = argc > 1 ? argv[1] : NULL;
  sem_init (&ready, 0, 0);
  pthread_create (&a, NULL, work, arg);
  pthread_create (&b, NULL, work, arg);
  pthread_create (&p, NULL, produce, arg);
  pthread_create (&c, NULL, consume, arg);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
PROG
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/rare" "$tmp/rare.c" || return 1
  "$AUGUR" check --budget 60 -o "$tmp/s" -- "$tmp/rare" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  # the facts pair data's accesses (the semaphore is not modelled), but
  # every run met them, in order: exercised, so not a hint
  tr -d ' \n' <"$tmp/s/static-facts.json" | grep -q '"line":17},"b":{"file":"[^"]*rare.c","line":26}' \
    || return 1
  [ "$st" -eq 0 ] && grep -q "not exercised by the test driver" "$tmp/out" \
    && json_path "$tmp/s/results.json" '$.static_candidates[*].line_a' | grep -qx 9 \
    && ! { json_path "$tmp/s/results.json" '$.static_candidates[*].line_a'
           json_path "$tmp/s/results.json" '$.static_candidates[*].line_b'; } | grep -qx '17\|26'
}
ok "a candidate pair no run exercised is a coverage hint; one exercised in order is not" static_only

# a pair at lines every run goes through, whose access is made inside a
# library augur-cc did not build (zlib's crc32 reads the buffer memcpy
# writes): not a coverage hint, and no "complete"
unseen_lib ()
{
  cat >"$tmp/unseen.c" <<'PROG'
#include <pthread.h>
#include <string.h>
#include <zlib.h>
static unsigned char buf[64];
static const unsigned char src[64] = "0123456789";
static unsigned long sum;
static void *writer (void *a) { (void) a; memcpy (buf, src, sizeof buf); return NULL; }
static void *reader (void *a) { (void) a; sum = crc32 (0L, buf, sizeof buf); return NULL; }
int
main (void)
{
  pthread_t w, r;
  pthread_create (&w, NULL, writer, NULL);
  pthread_create (&r, NULL, reader, NULL);
  pthread_join (w, NULL);
  pthread_join (r, NULL);
  return sum == 0;
}
PROG
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/unseen" "$tmp/unseen.c" -lz || return 1
  "$AUGUR" check --budget 30 -o "$tmp/u" -- "$tmp/unseen" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] \
    && grep -q "1 pair flagged by the static analysis at lines the runs went through, with no access of it seen (\`buf\` at unseen.c:7 and unseen.c:8)" "$tmp/out" \
    && ! grep -q "not exercised by the test driver" "$tmp/out" \
    && json_path "$tmp/u/results.json" '$.bounds_hit[*]' | grep -qx unseen-accesses \
    && [ "$(json_path "$tmp/u/results.json" '$.analysis.complete')" = false ]
}
ok "a pair whose access is made inside a library augur cannot see: incomplete (6), not a hint" unseen_lib

hang ()
{
  cat >"$tmp/hang.c" <<'PROG'
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int
main (void)
{
  pthread_mutex_lock (&m);
  pthread_mutex_lock (&m);   /* a normal mutex: blocks for ever */
  return 0;
}
PROG
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/hang" "$tmp/hang.c" || return 1
  start=$(date +%s)
  "$AUGUR" check --budget 30 --timeout 2 -o "$tmp/h" -- "$tmp/hang" >"$tmp/out" 2>&1
  st=$?
  secs=$(($(date +%s) - start))
  cat "$tmp/out"
  echo "took ${secs}s"
  [ "$st" -eq 1 ] && [ "$secs" -le 30 ] \
    && results_findings "$tmp/h/results.json" | grep -q "^misuse:recursive-lock " \
    && json_path "$tmp/h/results.json" '$.bounds_hit[*]' | grep -qx recorded-run-hung
}
ok "a program that hangs: the recording is cut by the watchdog, the bug still found" hang

hang_budget ()
{
  # no --timeout: the recorded run's watchdog is a quarter of the budget
  # (2 s), not the 30 s default that would spend all of it
  start=$(date +%s)
  "$AUGUR" check --budget 8 -o "$tmp/hb" -- "$tmp/hang" >"$tmp/out" 2>&1
  st=$?
  secs=$(($(date +%s) - start))
  cat "$tmp/out"
  echo "took ${secs}s"
  [ "$st" -eq 1 ] && [ "$secs" -le 12 ] \
    && results_findings "$tmp/hb/results.json" | grep -q "^misuse:recursive-lock "
}
ok "a hanging run without --timeout: recorded for a quarter of the budget, the bug found" hang_budget

realised ()
{
  # an inversion that deadlocks: one finding, the deadlock (an error, with
  # its replay command) whose part is the inversion
  cat >"$tmp/abba.c" <<'PROG'
#include <pthread.h>
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static void *
ab (void *arg)
{
  pthread_mutex_lock (&a);
  pthread_mutex_lock (&b);
  pthread_mutex_unlock (&b);
  pthread_mutex_unlock (&a);
  return arg;
}
static void *
ba (void *arg)
{
  pthread_mutex_lock (&b);
  pthread_mutex_lock (&a);
  pthread_mutex_unlock (&a);
  pthread_mutex_unlock (&b);
  return arg;
}
int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, ab, NULL);
  pthread_create (&t2, NULL, ba, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
PROG
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/abba" "$tmp/abba.c" || return 1
  "$AUGUR" check --budget 30 -o "$tmp/ab" -- "$tmp/abba" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  r=$tmp/ab/results.json
  [ "$(json_path "$r" '$.findings[*].kind')" = deadlock ] \
    && json_path "$r" '$.findings[0].explanation' \
       | grep -q "^The program deadlocks at abba.c:7 and abba.c:16 because of a lock-order inversion: \`a\` and \`b\` taken in opposite orders" \
    && [ "$(json_path "$r" '$.findings[0].parts[0].kind')" = lock-order-inversion ] \
    && [ "$(json_path "$r" '$.findings[*].severity')" = error ] || return 1
  "$AUGUR" replay "$tmp/ab/results.json#1" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: deadlock" "$tmp/replay"
}
ok "a lock-order inversion that deadlocks: one error, the deadlock with the inversion as its part, replayed" realised

diagnosed ()
{
  # stack: the recorded run's poppers find the stack empty, so nothing is
  # predicted about their check-then-pop; the explorer's failure is
  # diagnosed, without the static pruning that hides the locked reads
  build stack || return 1
  "$AUGUR" check --budget 60 --source-dir "$P/stack" -o "$tmp/s" -- "$tmp/stack" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  # the finding one of whose parts is the violation on top (its accesses
  # at lines 38, 41 and 42), by its index
  r=$tmp/s/results.json
  n=0 i=0
  for kind in $(json_path "$r" '$.findings[*].kind'); do
    j=0
    for part in $(json_path "$r" "\$.findings[$i].parts[*].kind"); do
      if [ "$part" = atomicity-violation ] \
         && [ "$(json_path "$r" "\$.findings[$i].parts[$j].object")" = top ] \
         && [ "$(json_path "$r" "\$.findings[$i].parts[$j].accesses[*].line" | sort -n -u | tr '\n' ' ')" = "38 41 42 " ]; then
        n=$((i + 1))
      fi
      j=$((j + 1))
    done
    i=$((i + 1))
  done
  [ "$n" -gt 0 ] || return 1
  "$AUGUR" replay "$tmp/s/results.json#$n" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: " "$tmp/replay"
}
ok "an atomicity violation the recorded run did not take: diagnosed from the explored failure, replayed" diagnosed

# the recorded run fails (an ABA through glibc's reuse of a freed block)
# and no explored run does: incomplete (6), never "complete, no bug"
recorded_failure ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/aba" "$top_srcdir/tests/check/reuse/realloc_aba.c" || return 1
  "$AUGUR" check --budget 60 -o "$tmp/aba-out" -- "$tmp/aba" >"$tmp/out" 2>"$tmp/err"
  st=$?
  cat "$tmp/out" "$tmp/err"
  r=$tmp/aba-out/results.json
  [ "$st" -eq 6 ] || return 1
  ! json_path "$r" '$.findings[*].severity' | grep -qx error || return 1
  [ "$(json_path "$r" '$.analysis.complete')" = false ] || return 1
  json_path "$r" '$.analysis.summary' \
    | grep -q "^incomplete: the recorded run ended in an abort (SIGABRT) and no explored run failed, though the exploration was complete" \
    || return 1
  json_path "$r" '$.bounds_hit[*]' | grep -qx recorded-run-failed || return 1
  json_path "$r" '$.analysis.summary' | grep -q -- "--malloc-reuse explores with freed blocks" \
    || return 1
  grep -q "^augur check: the recorded run ended in an abort (SIGABRT); the explorer looks for the failure" "$tmp/err" \
    && ! grep -q "no bug was found" "$tmp/out"
}

# the recorded run dies of a misuse (SIGFPE: a barrier never initialised)
# that the explored runs report and go on past: the error, and a summary
# that points at it, not at malloc's addresses
misuse_crash ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/bu" "$top_srcdir/tests/explorer/barrier_uninit.c" || return 1
  "$AUGUR" check --budget 30 --no-repair -o "$tmp/bu-out" -- "$tmp/bu" >"$tmp/out" 2>"$tmp/err"
  st=$?
  cat "$tmp/out" "$tmp/err"
  r=$tmp/bu-out/results.json
  [ "$st" -eq 1 ] && [ "$(json_path "$r" '$.findings[0].subkind')" = uninitialised-barrier ] \
    && json_path "$r" '$.analysis.summary' | grep -q "the errors found may be its cause" \
    && ! json_path "$r" '$.analysis.summary' | grep -q "malloc"
}
ok "a recorded run that dies of a misuse: the error, and the summary points at it" misuse_crash

# --malloc-reuse: the execution server's malloc hands the freed block back
# at once, as glibc does, and the ABA is found, replayed from the results
# file (which says how malloc ran) whatever the environment says; without
# it the same program is clean (the freed block keeps its place)
malloc_reuse ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/aba" "$top_srcdir/tests/check/reuse/realloc_aba.c" || return 1
  env -u AUGUR_MALLOC_REUSE "$AUGUR" explore --no-progress -o "$tmp/plain.json" -- "$tmp/aba" \
    >"$tmp/out" 2>&1 || { cat "$tmp/out"; return 1; }
  [ "$(json_path "$tmp/plain.json" '$.malloc_reuse')" = "" ] || return 1
  "$AUGUR" explore --malloc-reuse --no-progress -o "$tmp/reuse.json" -- "$tmp/aba" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  [ "$(json_path "$tmp/reuse.json" '$.malloc_reuse')" = true ] || return 1
  json_path "$tmp/reuse.json" '$.findings[*].kind' | grep -qx assertion || return 1
  env -u AUGUR_MALLOC_REUSE "$AUGUR" replay "$tmp/reuse.json#1" >"$tmp/out" 2>&1
  cat "$tmp/out"
  grep -q "^reproduced: assertion realloc_aba.c:63" "$tmp/out" || return 1
  "$AUGUR" check --malloc-reuse --no-repair --budget 60 -o "$tmp/reuse-out" -- "$tmp/aba" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  [ "$(json_path "$tmp/reuse-out/results.json" '$.malloc_reuse')" = true ] || return 1
  json_path "$tmp/reuse-out/results.json" '$.findings[*].kind' | grep -qx assertion
}
ok "--malloc-reuse: freed blocks handed back at once find an ABA, and its replay" malloc_reuse
# glibc's per-thread cache hands a freed block back at once; without it
# the program passes natively and there is nothing to test
"$AUGUR_CC_BIN" -O0 -g -o "$tmp/aba-native" "$top_srcdir/tests/check/reuse/realloc_aba.c" 2>/dev/null
if "$tmp/aba-native" >/dev/null 2>&1; then
  skip "a failure of the recorded run no explored run shows: incomplete, not clean" \
    "malloc did not hand the freed block back"
else
  ok "a failure of the recorded run no explored run shows: incomplete, not clean" recorded_failure
fi

# facts made incomplete by code the static analysis never reached: the
# summary line says which code, not only "incomplete"
static_why ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/unreached" "$top_srcdir/tests/check/static/unreached_deref.c" \
    || return 1
  "$AUGUR" check --budget 40 -o "$tmp/unreached-out" -- "$tmp/unreached" >"$tmp/out" 2>&1
  cat "$tmp/out"
  grep -q "static analysis of 1 source file: .*; incomplete: code of worker that Eva never reached accesses memory through pointers: nothing is pruned (unreached_deref.c:15)" "$tmp/out"
}
ok "incomplete static facts: the summary says which code was never reached" static_why

# a benign race on a flag next to a lost update: the program fails in
# either order of the flag's accesses, so the race is reported on its own
# and the failure blamed on the lost update alone
# check_corpus NAME: tests/programs/NAME built and checked (no repair);
# its exit status in $st, its output in $tmp/out, its results file in $r
check_corpus ()
{
  build "$1" || return 1
  "$AUGUR" check --budget 60 --no-repair -o "$tmp/$1-r" -- "$tmp/$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  r=$tmp/$1-r/results.json
}

not_blamed ()
{
  check_corpus flag_lost_update || return 1
  [ "$st" -eq 1 ] || return 1
  n=$(results_findings "$r" | grep -n "^assertion prog.c:41" | cut -d: -f1)
  [ -n "$n" ] || return 1
  i=$((n - 1))
  [ "$(json_path "$r" "\$.findings[$i].parts[*].kind")" = atomicity-violation ] \
    && ! json_path "$r" "\$.findings[$i].explanation" | grep -q started \
    && results_findings "$r" | grep -q "^data-race prog.c:23 prog.c:23 *$" \
    && json_path "$r" '$.findings[*].explanation' | grep -q "the failure is not blamed on it"
}
ok "a benign race next to a lost update: the failure is not blamed on it" not_blamed

# a failure that only a spurious wake-up leads to (`if` around the wait):
# the assertion and its race both say so, and the replay command is there
spurious_chain ()
{
  check_corpus if_wait_data || return 1
  [ "$st" -eq 1 ] || return 1
  [ "$(json_path "$r" '$.findings[0].kind')" = assertion ] \
    && [ "$(json_path "$r" '$.findings[0].parts[0].kind')" = data-race ] \
    && json_path "$r" '$.findings[0].explanation' | grep -q "wakes up at prog.c:25 without a signal" \
    && json_path "$r" '$.findings[0].parts[0].explanation' \
       | grep -q "wakes up at prog.c:25 without a signal (a spurious wake-up, which POSIX allows): the race may need it" \
    && [ -n "$(json_path "$r" '$.findings[0].replay')" ]
}
ok "a failure only a spurious wake-up leads to: the finding and its race say so" spurious_chain

# two mailboxes filled and emptied by the same functions: each line pair
# races on both (two races each, kept apart by their globals, in the
# explorer; a box's two races are one bug, fill() and take() holding
# different locks, the two boxes' apart); the reply's lost wake-up deadlocks main in
# either order of the request's race, whose other order sends the server
# past its wait (the flipped schedule's threads go elsewhere): the
# deadlock is not blamed on that race.  The reply's item race needs no
# spurious wake-up, and its witness has none.
two_boxes ()
{
  check_corpus two_mailboxes || return 1
  [ "$st" -eq 1 ] || return 1
  for o in request.count request.item reply.count reply.item; do
    [ "$( (json_path "$r" '$.findings[*].object'; json_path "$r" '$.findings[*].parts[*].object') \
          | grep -cx "$o")" -eq 1 ] || return 1
  done
  [ "$(json_path "$r" '$.findings[*].kind' | grep -cx data-race)" -eq 2 ] || return 1
  k=0
  for kind in $(json_path "$r" '$.findings[*].kind'); do
    case $kind in
      deadlock) ! json_path "$r" "\$.findings[$k].parts[*].kind" | grep -q . || return 1 ;;
      data-race) json_path "$r" "\$.findings[$k].explanation" \
                   | grep -q "Each of them is between fill(), which holds \`[a-z]*.put_lock\`, and take(), which holds \`[a-z]*.take_lock\` instead: they share no lock." \
                   || return 1 ;;
    esac
    k=$((k + 1))
  done
  grep "data-race on request.count" "$tmp/out" | grep -q "the failure is not blamed on it" \
    && ! grep "data-race on .*reply.count" "$tmp/out" | grep -q "not blamed" \
    && ! grep -q "spurious" "$tmp/out" \
    && grep -q "confirmed 0 predictions harmful, 1 benign" "$tmp/out"
}
ok "a race on one mailbox, a lost wake-up on the other: two races per line pair, none blamed" two_boxes

# a race predicted after a long single-threaded start: its schedule is
# only the window around it and cannot be re-executed; with plain accesses
# no scheduling points (--sync-only) no run shows it either.  It stays a
# warning with no replay command, not lost in predictions.json; a search
# that shows it makes it an error (the same lines, one finding).  Which
# thread the window starts in depends on how much of its share of the
# budget the predictor had (a loaded machine: T1, not main).
# one finding, a data race between lines 20 and 32 (in either order)
one_race_20_32 ()
{
  f=$(results_findings "$1")
  [ "$(echo "$f" | wc -l)" -eq 1 ] && echo "$f" | grep -q "^data-race " \
    && echo "$f" | grep -q "long_prefix.c:20" && echo "$f" | grep -q "long_prefix.c:32"
}

untried_race ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/long_prefix" "$top_srcdir/tests/check/untried/long_prefix.c" || return 1
  "$AUGUR" check --budget 30 --sync-only --mode optimal -o "$tmp/lp" -- "$tmp/long_prefix" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  r=$tmp/lp/results.json
  [ "$st" -eq 6 ] && one_race_20_32 "$r" \
    && [ "$(json_path "$r" '$.findings[0].severity')" = warning ] \
    && [ -z "$(json_path "$r" '$.findings[0].replay')" ] \
    && json_path "$r" '$.findings[0].explanation' \
       | grep -q "It could not be re-executed: the recorded run is longer than a schedule may be" \
    || return 1
  "$AUGUR" check --budget 30 --mode optimal -o "$tmp/lp2" -- "$tmp/long_prefix" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  r=$tmp/lp2/results.json
  [ "$st" -eq 1 ] && one_race_20_32 "$r" \
    && [ "$(json_path "$r" '$.findings[0].severity')" = error ]
}
ok "a race whose predicted schedule cannot be re-executed is a warning, an error once a run shows it" untried_race

# three races after the long start: none of their windowed schedules can
# be re-executed; why is said once with their count, numbers and kinds,
# not in one long line each, and each race stays a warning that says so
untried_windows ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/long_prefix_many" \
    "$top_srcdir/tests/check/untried/long_prefix_many.c" || return 1
  "$AUGUR" check --budget 30 --sync-only --mode optimal -o "$tmp/lpm" -- "$tmp/long_prefix_many" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && [ "$(grep -c "not tried.*schedule" "$tmp/out")" -eq 1 ] \
    && grep -q "^augur check: 3 predictions not tried, 1 (data-race on variable a), 2 (data-race on variable b), 3 (data-race on variable c): the recorded run ([0-9]* events) is longer than a schedule may be" "$tmp/out" \
    && grep -q "confirmed 0 predictions harmful, 0 benign, 0 not realisable, 3 not tried" "$tmp/out" \
    && grep -q "^augur check: 3 predictions could not be checked (3 not tried" "$tmp/out" \
    && json_path "$tmp/lpm/results.json" '$.findings[0].explanation' \
       | grep -q "It could not be re-executed: the recorded run is longer than a schedule may be"
}
ok "predictions whose schedule is only their window: not tried, said once with their count" untried_windows

# a race on a hold flag re-executed in its harmless order: "nothing
# failed" is said of that order only, and the hang that the other order
# makes (a thread waits for the flag to change) is named in it
race_names_hang ()
{
  "$AUGUR_CC_BIN" -O0 -g -pthread -o "$tmp/hold_resume" "$top_srcdir/tests/check/linked/hold_resume.c" \
    || return 1
  "$AUGUR" check --budget 20 -o "$tmp/hr" -- "$tmp/hold_resume" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^[0-9]* error hang (T1): .*waits in a loop at hold_resume.c:19 for on_hold" "$tmp/out" \
    && ! grep -q "nothing failed in the executions explored after it" "$tmp/out" \
    && grep -q "nothing failed in the executions explored after that order; but a hang was found in which thread 1 waits at hold_resume.c:19 for on_hold to change: the race in the other order may be its cause" "$tmp/out"
}
ok "a race re-executed harmlessly names the hang its other order may cause" race_names_hang

# two workers may crash at one line in one execution: the crash named
# (by the finding and by the diagnosis blamed for it) is the first of
# them, the one a replay of its schedule shows, not a later one
crash_thread_replayed ()
{
  "$AUGUR_CC_BIN" -O0 -g -pthread -o "$tmp/mini_pool" "$top_srcdir/tests/check/linked/mini_pool.c" \
    || return 1
  "$AUGUR" check --budget 30 -o "$tmp/mp" -- "$tmp/mini_pool" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  i=$(json_path "$tmp/mp/results.json" '$.findings[*].kind' | grep -nx crash | cut -d: -f1)
  [ -n "$i" ] || return 1
  said=$(json_path "$tmp/mp/results.json" "\$.findings[$((i - 1))].explanation" \
         | grep -o "Thread [0-9]* crashes with Segmentation fault at mini_pool.c:37")
  "$AUGUR" replay "$tmp/mp/results.json#$i" >"$tmp/rp" 2>&1
  cat "$tmp/rp"
  [ -n "$said" ] && grep -q "^reproduced: crash mini_pool.c:37: $said" "$tmp/rp"
}
ok "a crash two threads reach in one execution names the thread its replay shows" crash_thread_replayed

# --sync-only: no explored run shows a race between plain accesses; one
# the predictor predicted and re-execution saw happen is still an error
# (C-Thread-Pool's spin on num_threads_alive was confirmed, then dropped)
benign_sync_only ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/spin_plain_ok" "$top_srcdir/tests/explorer/spin_plain_ok.c" || return 1
  "$AUGUR" check --budget 30 --sync-only -o "$tmp/so" -- "$tmp/spin_plain_ok" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  r=$tmp/so/results.json
  [ "$st" -eq 1 ] && [ "$(json_path "$r" '$.findings[*].kind')" = data-race ] \
    && [ "$(json_path "$r" '$.findings[0].object')" = alive ] \
    && [ "$(json_path "$r" '$.findings[0].severity')" = error ] \
    && json_path "$r" '$.findings[0].explanation' \
      | grep -q "^main's read of alive (spin_plain_ok.c:28) and T1's write (spin_plain_ok.c:18) can run back to back, unordered\. Re-executed, the race happened and nothing failed" \
    || return 1
  # every error it reports as re-executed replays: its schedule is the
  # execution's in which the race happened, not the prediction's
  n=0
  for sev in $(json_path "$r" '$.findings[*].severity'); do
    n=$((n + 1))
    [ "$sev" = error ] || continue
    "$AUGUR" replay "$r#$n" >"$tmp/replay" 2>&1
    rst=$?
    cat "$tmp/replay"
    [ "$rst" -eq 1 ] && grep -q "^reproduced: data-race spin_plain_ok.c:28 spin_plain_ok.c:18: after the same [0-9]* steps (the violation at steps [0-9]* and [0-9]*), nothing went wrong" "$tmp/replay" \
      || return 1
  done
  [ "$n" -ge 1 ] || return 1
  # and augur confirm keeps it as confirmed, not "not realisable"
  "$AUGUR" confirm "$r" -o "$tmp/so/confirmed.json" >"$tmp/confirm" 2>&1
  cat "$tmp/confirm"
  grep -q "^0 predictions" "$tmp/confirm" \
    && [ "$(json_path "$tmp/so/confirmed.json" '$.findings[0].prediction.class')" = benign ]
}
ok "--sync-only: a predicted race re-execution saw happen is an error, not dropped, and replays" benign_sync_only

# the recorded run exits 0 and an explored execution 1: the exit status
# depends on the interleaving, an error (it was a warning "as the first
# execution did" and check said complete, exit 0); a program every run of
# which exits 1 keeps the warning
exit_varies ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/exit_varies" "$top_srcdir/tests/explorer/exit_varies.c" || return 1
  "$AUGUR" check --budget 20 -o "$tmp/ev" -- "$tmp/exit_varies" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/ev/results.json" '$.findings[0].severity')" = error ] \
    && grep -q "exit status 1 (the recorded run: 0): in this interleaving" "$tmp/out" || return 1
  "$AUGUR" check --budget 20 -o "$tmp/ea" -- "$tmp/exit_varies" always >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ "$(json_path "$tmp/ea/results.json" '$.findings[0].severity')" = warning ] \
    && grep -q "exit status 1, as the recorded run and every execution that ended normally did" "$tmp/out"
}
ok "an exit status the recorded run did not end with is an error; one every run ends with a warning" exit_varies

# a search stopped because the program does not follow its schedules made
# executions and found the bug: the summary counts them and says it stopped
# (it said "0 executions" or "the exploration did not run" beside the
# findings of those executions: libevent's tests whose threads make fds)
nondet_stop ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/nondet_bug" "$top_srcdir/tests/explorer/nondet_bug.c" || return 1
  "$AUGUR" check --budget 20 --no-repair -o "$tmp/nd" -- "$tmp/nondet_bug" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^augur check: incomplete: the search stopped after [1-9][0-9]* executions\{0,1\}: the program does not follow the schedules it is given" "$tmp/out" \
    && ! grep -q "did not run" "$tmp/out" \
    && [ "$(json_path "$tmp/nd/results.json" '$.executions')" -ge 1 ]
}
ok "a search stopped by the program's nondeterminism: its executions count, and the summary says it stopped" nondet_stop
# ... and without a bug, the exit status is the program's (4: it behaved
# nondeterministically), as augur explore's, not augur's own failure (5)
nondet_clean ()
{
  "$AUGUR_CC_BIN" -O0 -g -pthread -o "$tmp/nondet_ok" "$top_srcdir/tests/explorer/nondet_ok.c" || return 1
  "$AUGUR" check --budget 20 --no-repair -o "$tmp/ndc" -- "$tmp/nondet_ok" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 4 ] && grep -q "does not follow the schedules it is given" "$tmp/out"
}
ok "a search stopped by the program's nondeterminism, no bug: exit 4" nondet_clean

tap_done

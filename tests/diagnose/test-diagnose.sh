#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur diagnose end to end: the Figure 3 program of ConcBugAssist (two
# classes of failing schedules, the kill-sets of Figure 5, a verified
# one-lock repair whose patch applies with patch -p1 and explores clean),
# an order violation (testc: one ordering, a verified handshake), a
# deliberately wrong repair reported rejected with the schedule that still
# fails, a diagnosis that cannot run leaving the bug a bug, and a
# deadlock's note.
. "$top_srcdir/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-diagnose.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
cd "$tmp" || exit 1
cp "$top_srcdir/tests/diagnose/fig3.c" .
for p in testc counterseq lazy01 mysql_169 mysql_12848; do
  mkdir $p && cp "$top_srcdir/tests/programs/$p/prog.c" $p/
done

build ()
{
  "$AUGUR_CC_BIN" -O0 -g -o fig3 fig3.c && "$AUGUR" explore --no-progress -o r.json -- ./fig3 >/dev/null 2>&1
  [ -f r.json ] && (cd testc && "$AUGUR_CC_BIN" -O0 -g -o prog prog.c \
    && "$AUGUR" explore --no-progress -o r.json -- ./prog >/dev/null 2>&1; [ -f r.json ])
}
ok "build and explore the Figure 3 program and testc" build

# the json member lines of the diagnosis, e.g. '"verdict" : "verified"'
count () { grep -c "\"$1\" : $2" "$3"; }

fig3 ()
{
  "$AUGUR" diagnose --max-repairs 4 --sarif fig3.sarif r.json -- ./fig3 >out.txt 2>err.txt
  st=$?
  cat out.txt err.txt
  [ "$st" -eq 1 ] || return 1
  # two classes, each of two orderings: x written by one thread before the
  # other, y the other way round
  grep -q "2 classes of failing schedules" out.txt || return 1
  [ "$(grep -c 'class [12]: 2 of' out.txt)" -eq 2 ] || return 1
  grep -q "T1's write of \`x\` (fig3.c:16) before T2's write of \`x\` (fig3.c:24)" out.txt || return 1
  grep -q "T2's write of \`y\` (fig3.c:25) before T1's write of \`y\` (fig3.c:17)" out.txt || return 1
  grep -q "T2's write of \`x\` (fig3.c:24) before T1's write of \`x\` (fig3.c:16)" out.txt || return 1
  grep -q "T1's write of \`y\` (fig3.c:17) before T2's write of \`y\` (fig3.c:25)" out.txt || return 1
  # Figure 5's kill-sets: four edges each, with e6 →s e10 and e11 →s e5
  # (f1's y before f2's x; f2's y before f1's x) that negate no core edge
  [ "$(grep -c '→s' out.txt)" -eq 8 ] || return 1
  grep -q "T1's write of \`y\` (fig3.c:17) →s T2's write of \`x\` (fig3.c:24)" out.txt || return 1
  grep -q "T2's write of \`y\` (fig3.c:25) →s T1's write of \`x\` (fig3.c:16)" out.txt || return 1
  # Figure 6: four binate covers
  grep -q "binate covers: 4" out.txt || return 1
  # the one-lock repair first, verified
  grep -q "repair 1 (lock, recommended): a new mutex makes fig3.c:16-17 (f1) and fig3.c:24-25 (f2) mutually exclusive" out.txt || return 1
  grep -A1 "^  repair 1 " out.txt | grep -q "verified — 0 failing executions of [0-9]* (all traces), no deadlock" || return 1
  [ -f diagnosis.json ] && [ "$(count verdict '"verified"' diagnosis.json)" -ge 1 ] || return 1
  [ "$(grep -c '"core" :' diagnosis.json)" -eq 2 ] || return 1
  # SARIF: one fix per verified repair, its artifactChanges inserting the lines
  [ "$(grep -c '"artifactChanges"' fig3.sarif)" -eq "$(grep -c '^    verified ' out.txt)" ] \
    && grep -q '"text" : "  pthread_mutex_lock (&augur_repair_lock);\\n"' fig3.sarif \
    && grep -q '"startColumn" : 1' fig3.sarif
}
ok "Figure 3: two cores, the Figure 5 kill-sets, four covers, a verified one-lock repair" fig3

# --progress: a line on stderr as each stage starts (a diagnosis can run
# for minutes); none without it when stderr is no terminal (fig3's err.txt)
progress ()
{
  ! grep -q "^augur diagnose: finding" err.txt || return 1
  "$AUGUR" diagnose --progress --max-repairs 2 -o p.json r.json -- ./fig3 >/dev/null 2>perr.txt
  cat perr.txt
  grep -q "^augur diagnose: finding [0-9]*: assertion at fig3.c:[0-9]*$" perr.txt \
    && grep -q "^augur diagnose: finding [0-9]*: exploring the program for its failing schedules (up to 60 s)$" perr.txt \
    && grep -q "^augur diagnose: finding [0-9]*: root cause of failing execution 1 of [0-9]* (class 1," perr.txt \
    && grep -q "^augur diagnose: finding [0-9]*: verifying repair 2 of 2 (exploring the patched program, up to 60 s)$" perr.txt \
    && grep -q "^augur diagnose: finding [0-9]*: done in [0-9.]* s$" perr.txt
}
ok "--progress: each stage of the diagnosis says when it starts" progress

formula ()
{
  # the paper's own formulation, on the failing execution alone: the same
  # two cores
  "$AUGUR" diagnose --trace-formula --no-verify -o formula.json r.json -- ./fig3 >formula.txt 2>&1
  cat formula.txt
  grep -q "2 classes of failing schedules" formula.txt \
    && [ "$(grep -c 'class [12]: 2 of' formula.txt)" -eq 2 ] \
    && grep -q "T1's write of \`x\` (fig3.c:16) before T2's write of \`x\` (fig3.c:24)" formula.txt \
    && grep -q "T2's write of \`y\` (fig3.c:25) before T1's write of \`y\` (fig3.c:17)" formula.txt \
    && [ "$(grep -c '"level" : 1' formula.json)" -eq 2 ]
}
ok "Figure 3 by the trace formula (hard: order, sync, reads-from): the same two cores" formula

# the lock patch as written to the JSON applies with patch -p1 and the
# patched program explores clean
applies ()
{
  rm -rf p && mkdir p && cp fig3.c p/ || return 1
  sed -n '/^  repair 1 /,/^  repair 2 /p' out.txt | sed -n 's/^    | //p' >p/lock.patch
  grep -q '^+++ b/fig3.c' p/lock.patch || return 1
  (cd p && patch -p1 <lock.patch && grep -q augur_repair_lock fig3.c \
    && "$AUGUR_CC_BIN" -O0 -g -o fig3 fig3.c \
    && "$AUGUR" explore --no-progress -o r.json -- ./fig3)
}
ok "the lock patch applies with patch -p1 and the patched program explores clean" applies

testc ()
{
  (cd testc && "$AUGUR" diagnose --max-repairs 2 r.json -- ./prog >out.txt 2>&1
   st=$?
   cat out.txt
   [ "$st" -eq 1 ] || exit 1
   grep -q "1 class of failing schedules" out.txt || exit 1
   grep -q "class 1: 1 of" out.txt || exit 1
   grep -q "T1's read of \`limit\` (prog.c:18) before main's write of \`limit\` (prog.c:28)" out.txt || exit 1
   grep -A1 "repair 1 (order, recommended)" out.txt | grep -q "verified — 0 failing" || exit 1
   # mutual exclusion cannot order the two: the lock repair is tried and rejected
   grep -A1 "repair 2 (lock)" out.txt | grep -q "rejected — still fails in 1 execution of")
}
ok "order violation (testc): one ordering, the handshake verified, the lock rejected" testc

# a lock around the only statement of a for without braces (counterseq),
# handshakes moved out of the critical sections their events are in (lazy01)
corpus_repair ()
{
  (cd "$1" && "$AUGUR_CC_BIN" -O0 -g -o prog prog.c \
    && "$AUGUR" explore --no-progress -o r.json -- ./prog >/dev/null 2>&1
   "$AUGUR" diagnose --max-repairs 2 r.json -- ./prog >out.txt 2>&1
   st=$?
   cat out.txt
   [ "$st" -eq 1 ] && grep -A1 "^  repair 1 ($2, recommended)" out.txt | grep -q "verified — 0 failing" \
     && grep -q "$3" out.txt)
}
ok "counterseq: the lock around a for's unbraced body verified" \
  corpus_repair counterseq lock '^    | +    { pthread_mutex_lock (&augur_repair_lock);'
ok "lazy01: a handshake outside the critical sections verified" \
  corpus_repair lazy01 order '^    | +  augur_repair_wait (0);'
# the cores are in client and in apply, which client calls: one region in
# client from the table lock to the log unlock
ok "mysql-169: one region across a call, widened to the program's critical sections, verified" \
  corpus_repair mysql_169 lock 'a new mutex makes prog.c:31-36 (client) atomic'

# a function on one line has no statement to put a repair around
oneline ()
{
  cp "$top_srcdir/tests/diagnose/oneline.c" . && "$AUGUR_CC_BIN" -O0 -g -o oneline oneline.c \
    && "$AUGUR" explore --no-progress -o ol.json -- ./oneline >/dev/null 2>&1
  "$AUGUR" diagnose -o ol.diag.json ol.json -- ./oneline >out.txt 2>&1
  cat out.txt
  grep -q "no lock repair: line 8 holds all of bump, on one line" out.txt \
    && ! grep -q "^    | +pthread_mutex_lock" out.txt
}
ok "a function on one line: no repair at file scope, and why" oneline
# two sources: the program is rebuilt from both, the patched one in place
# of its original, and the repair verified; a patched file that includes
# no pthread header gets the include
split ()
{
  mkdir -p split && cp "$top_srcdir/tests/diagnose/split/main.c" "$top_srcdir/tests/diagnose/split/count.c" split/ \
    && (cd split && "$AUGUR_CC_BIN" -O0 -g -o prog main.c count.c \
        && "$AUGUR" explore --no-progress -o r.json -- ./prog >/dev/null 2>&1; [ -f r.json ]) \
    || return 1
  (cd split && "$AUGUR" diagnose -o d.json r.json -- ./prog) >out.txt 2>&1
  cat out.txt
  grep -q "^  repair 1 (lock, recommended): a new mutex makes count.c:6-6 (count) atomic" out.txt \
    && grep -A1 "^  repair 1 " out.txt | grep -q "^    verified — 0 failing executions" \
    && ! grep -q "not verified" out.txt \
    && grep -q '^    | +#include <pthread.h>' out.txt
}
ok "two sources: the repair verified on the program rebuilt from both, with pthread.h" split
# pthread.h included after other code, in a platform's #if (cgaebel/pipe
# does): the repair's declarations, which come after the first includes,
# include it themselves, and the lock repair builds and is verified
late_pthread ()
{
  mkdir -p late && sed -e '/^#include <pthread.h>/d' \
    -e 's/^int y = 0;/int y = 0;\n#if defined(_WIN32)\n#include <windows.h>\n#else\n#include <pthread.h>\n#endif/' \
    fig3.c >late/fig3.c || return 1
  (cd late && "$AUGUR_CC_BIN" -O0 -g -o fig3 fig3.c \
     && "$AUGUR" explore --no-progress -o r.json -- ./fig3 >/dev/null 2>&1; [ -f r.json ]) || return 1
  (cd late && "$AUGUR" diagnose --max-repairs 1 -o d.json r.json -- ./fig3) >out.txt 2>&1
  cat out.txt
  grep -q '^    | +#include <pthread.h> /\* augur diagnose: repair \*/' out.txt \
    && grep -A1 "^  repair 1 (lock" out.txt | grep -q "verified — 0 failing executions"
}
ok "pthread.h included late, in an #if: the repair includes it, and builds" late_pthread

# a handoff whose one-lock region would hold the new mutex across
# pthread_cond_wait (it deadlocks): not proposed, and the output says why;
# no lock region of any repair proposed encloses a wait
handoff ()
{
  mkdir -p handoff && cp "$top_srcdir/tests/diagnose/handoff.c" handoff/ \
    && (cd handoff && "$AUGUR_CC_BIN" -O0 -g -o prog handoff.c \
        && "$AUGUR" explore --no-progress -o r.json -- ./prog >/dev/null 2>&1; [ -f r.json ]) \
    || return 1
  (cd handoff && "$AUGUR" diagnose -o d.json r.json -- ./prog) >out.txt 2>&1
  cat out.txt
  grep -q "^  no lock repair: its region would hold the new mutex across a blocking wait: handoff.c:36-43 (main) contains pthread_cond_wait at handoff.c:40, where main waited in a failing execution" out.txt \
    && ! grep -q "^  repair [0-9]* (lock" out.txt \
    && grep -A1 "^  repair 1 (order, recommended)" out.txt | grep -q "verified — 0 failing" \
    && grep -q '"no_lock_repair" : "its region would hold' handoff/d.json || return 1
  # every lock region in the patches: nothing between the new lock and its unlock waits
  sed -n 's/^    | +//p' out.txt | awk '
    /augur_repair_cond/ { next }
    /pthread_mutex_lock \(&augur_repair_lock\)/ { inside = 1 }
    inside && /pthread_cond_(timed)?wait|pthread_join|sem_wait|pthread_barrier_wait/ { bad = 1 }
    /pthread_mutex_unlock \(&augur_repair_lock\)/ { inside = 0 }
    END { exit bad }' || return 1
  # a sample of the failing executions (--max-failing) says it is one
  (cd handoff && "$AUGUR" diagnose --no-verify --max-failing 1 -o d1.json r.json -- ./prog) >out1.txt 2>&1
  cat out1.txt
  grep -q "root cause: 1 class of failing schedules (a sample: 1 failing here among the first 1 failing executions kept (--max-failing) of the 2 failing in 6 executions explored; all traces)" out1.txt \
    && grep -q '"failing_explored" : 2' handoff/d1.json && grep -q '"failing_kept" : 1' handoff/d1.json
}
ok "a lock region across pthread_cond_wait is not proposed, and why; a sample says so" handoff

wrong ()
{
  "$AUGUR" diagnose --max-repairs 1 --verify-patch "$top_srcdir/tests/diagnose/fig3-wrong.patch" \
    -o wrong.json r.json -- ./fig3 >wrong.txt 2>&1
  st=$?
  cat wrong.txt
  [ "$st" -eq 1 ] || return 1
  grep -A1 "(given): the patch given" wrong.txt \
    | grep -q "rejected — still fails in [0-9]* executions\? of [0-9]*: at fig3.c:[0-9]* of the patched source, schedule T0" || return 1
  [ "$(count verdict '"rejected"' wrong.json)" -eq 1 ] && grep -q '"still_fails" : "T0' wrong.json
}
pending ()
{
  # the query fails because main's second half of resize had not come yet:
  # that step, never run in the failing execution, is in the core
  (cd mysql_12848 && "$AUGUR_CC_BIN" -O0 -g -o prog prog.c \
    && "$AUGUR" explore --no-progress -o r.json -- ./prog >/dev/null 2>&1
   "$AUGUR" diagnose --no-verify r.json -- ./prog >out.txt 2>&1
   cat out.txt
   grep -q "class 1: 2 of" out.txt \
     && grep -q "main's 2nd write of \`cache.size\` (prog.c:58) before T1's read of \`cache.size\` (prog.c:43)" out.txt \
     && grep -q "T1's read of \`cache.size\` (prog.c:43) before main's 2nd lock of \`cache.lock\` (prog.c:62) (its next step, not run when the failure came)" out.txt)
}
ok "mysql-12848: a thread's next step, not run at the failure, is in the core" pending

sarif_no_rejected ()
{
  # a rejected repair is never offered as a fix
  "$AUGUR" diagnose --max-repairs 1 --no-verify --verify-patch "$top_srcdir/tests/diagnose/fig3-wrong.patch" \
    --sarif wrong.sarif -o wrong2.json r.json -- ./fig3 >/dev/null 2>&1
  grep -q '"results"' wrong.sarif && ! grep -q '"artifactChanges"' wrong.sarif
}
ok "SARIF offers no fix for a rejected or unverified repair" sarif_no_rejected
ok "a wrong repair (only f1 locked) is rejected with the schedule that still fails" wrong

keeps_bug ()
{
  # the program cannot be explored (not built with augur-cc): the
  # assertion stays a bug, with a note
  cp "$(command -v true)" ./not-instrumented
  "$AUGUR" diagnose -o none.json r.json -- ./not-instrumented >none.txt 2>&1
  st=$?
  cat none.txt
  [ "$st" -eq 1 ] && grep -q "note: .*could not be explored" none.txt \
    && grep -q '"diagnosed" : false' none.json
}
ok "a diagnosis that cannot run leaves the confirmed bug a bug (exit 1, a note)" keeps_bug

deadlock_note ()
{
  # a deadlock is not diagnosed by ordering: the note says what the
  # finding says each thread waits for (no cycle it does not show)
  "$AUGUR_CC_BIN" -O0 -g -o rwdl "$top_srcdir/tests/explorer/rwlock_exit_holding.c" \
    && "$AUGUR" explore --no-progress -o rwdl.json -- ./rwdl >/dev/null 2>&1
  "$AUGUR" diagnose --no-verify rwdl.json -- ./rwdl >rwdl.txt 2>&1
  cat rwdl.txt
  grep -q "note: a deadlock, which ordering diagnosis does not cover (assertions, aborts and crashes only); the finding says who waits for what: Every live thread is blocked: main waits for \`env_lock\` at rwlock_exit_holding.c:39 to lock it for writing, held for reading by main itself" rwdl.txt \
    && ! grep -q "cycle" rwdl.txt
}
ok "a deadlock's diagnosis note says who waits for what" deadlock_note
tap_done

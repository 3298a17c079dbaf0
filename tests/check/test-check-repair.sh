#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur check's repair step (check/check-repair.h): the Figure 3 program of
# ConcBugAssist (tests/diagnose/fig3.c) is checked and, in the time left,
# diagnosed: DIR/diagnosis.json holds its two classes and a verified
# one-lock repair, the console says so, the report's finding page shows
# them; --no-repair writes no diagnosis; and neither the finding nor the
# exit status changes with the diagnosis, nor when it is cut by the budget;
# a program of two source files is diagnosed and its repairs verified on
# the program rebuilt from both (a repair that would touch both is not
# proposed, and the diagnosis says why);
# a deadlock, which the diagnosis does not cover, starts none.
. "$top_srcdir/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-check-repair.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
cd "$tmp" || exit 1
cp "$top_srcdir/tests/diagnose/fig3.c" . || exit 1

ok "fig3 builds with augur-cc" "$AUGUR_CC_BIN" -O0 -g -o fig3 fig3.c

# the findings of a results file without what differs from run to run
findings () { json_path "$1" '$.findings[*].kind'; json_path "$1" '$.findings[*].explanation'; }

repair ()
{
  t0=$(date +%s)
  "$AUGUR" check --budget 60 -o r -- ./fig3 >out 2>err
  st=$?
  wall=$(( $(date +%s) - t0 + 1 ))
  cat out err
  [ "$st" -eq 1 ] || return 1
  [ -s r/diagnosis.json ] || return 1
  # the time the progress lines give the diagnosis is the time it took,
  # which the whole command's wall time bounds (not the budget it had)
  took=$(sed -n 's/^augur check: diagnosis of 1 failure took \([0-9.]*\) s$/\1/p' err)
  [ -n "$took" ] || return 1
  awk -v t="$took" -v w="$wall" 'BEGIN { exit !(t <= w) }' || return 1
  grep -q '^augur check: diagnosing 1 failure, with [0-9.]* s of the budget left$' err || return 1
  # one failure diagnosed: two classes, a repair verified, the lock first
  d=r/diagnosis.json
  [ "$(json_path $d '$.findings[*].diagnosed')" = true ] || return 1
  [ "$(json_path $d '$.findings[0].classes[*].executions' | wc -l)" -eq 2 ] || return 1
  # each failing execution in one class: the finding's own schedule, which
  # the search ran too, is not counted twice
  [ "$(json_path $d '$.findings[0].classes[*].executions' | awk '{ n += $1 } END { print n }')" \
    = "$(json_path $d '$.findings[0].failing_executions')" ] || return 1
  json_path $d '$.findings[0].repairs[*].verdict' | grep -qx verified || return 1
  json_path $d '$.findings[0].repairs[0].summary' \
    | grep -q '^a new mutex makes fig3.c:16-17 (f1) and fig3.c:24-25 (f2) mutually exclusive' || return 1
  json_path $d '$.findings[0].classes[*].core[*].text' \
    | grep -qx "T1's write of \`x\` (fig3.c:16) before T2's write of \`x\` (fig3.c:24)"
  # the finding page shows the diagnosis: the root cause in words, the
  # kill-set, the verified patch as a diff, and the cores as red edges in
  # the diagram
  grep -q 'id="diagnosis"' r/finding-1.html || return 1
  grep -q "<li>T1&apos;s write of \`x\` (fig3.c:16) before T2&apos;s write of \`x\` (fig3.c:24)</li>" \
    r/finding-1.html || return 1
  grep -q '<ol class="kill-set">' r/finding-1.html || return 1
  grep -q '<span class="diff-add">+static pthread_mutex_t augur_repair_lock' r/finding-1.html || return 1
  [ "$(grep -c 'label="root cause [12]"' r/finding-1.dot)" -eq 4 ]
}
ok "a confirmed failure is diagnosed in the time left: two classes, a verified repair" repair

no_repair ()
{
  "$AUGUR" check --budget 60 --no-repair -o n -- ./fig3 >out2 2>err2
  st=$?
  cat out2 err2
  [ "$st" -eq 1 ] || return 1
  [ ! -e n/diagnosis.json ] || return 1
  grep -q "^augur check: diagnosis skipped (--no-repair)" out2 || return 1
  ! grep -q 'id="diagnosis"' n/finding-1.html || return 1
  # --repair is the default; with --no-repair it is a usage error
  "$AUGUR" check --repair --no-repair -- ./fig3 >/dev/null 2>&1
  [ $? -eq 2 ] || return 1
  # the diagnosis changed no finding
  findings r/results.json >a.txt && findings n/results.json >b.txt && cmp a.txt b.txt
}
ok "--no-repair: no diagnosis, the same finding and exit status" no_repair

cut ()
{
  # a budget that leaves the diagnosis no time: a note, the bug still a bug
  "$AUGUR" check --budget 3 -o c -- ./fig3 >out3 2>err3
  st=$?
  cat out3 err3
  [ "$st" -eq 1 ] || return 1
  grep -q "^augur check: diagnosis" out3 || return 1
  if ! grep -q "^augur check: diagnosis: 1 failure diagnosed" out3; then
    [ -n "$(json_path c/diagnosis.json '$.note')" ] || return 1
  fi
  [ "$(json_path c/results.json '$.findings[0].kind')" = assertion ]
}
ok "a small budget: the diagnosis is cut or skipped with a note, the bug stays a bug" cut

two_files ()
{
  # the same program in two source files, each thread's code in one: a
  # repair would touch both, so none is proposed, and the diagnosis says
  # why (not that the repairs go unverified)
  mkdir two
  {
    echo '#include <stddef.h>'
    echo 'int x = 0;'
    echo 'int y = 0;'
    echo 'void *f1 (void *unused) { x = 0; y = 0; return NULL; }'
  } >two/f1.c
  {
    echo '#include <assert.h>'
    echo '#include <pthread.h>'
    echo 'extern int x, y;'
    echo 'void *f1 (void *);'
    echo 'static void *f2 (void *unused) { x = 1; y = 1; return NULL; }'
    echo 'int main (void) { pthread_t t1, t2; pthread_create (&t1, NULL, f1, NULL);'
    echo '  pthread_create (&t2, NULL, f2, NULL); pthread_join (t1, NULL); pthread_join (t2, NULL);'
    echo '  assert (x == y); return 0; }'
  } >two/main.c
  "$AUGUR_CC_BIN" -O0 -g -o two/prog two/main.c two/f1.c || return 1
  "$AUGUR" check --budget 60 -o t -- ./two/prog >out4 2>err4
  st=$?
  cat out4 err4
  [ "$st" -eq 1 ] || return 1
  grep -q "^augur check: diagnosis: 1 failure diagnosed, 2 classes of failing schedules, 0 repairs proposed, 0 verified: t/diagnosis.json" out4 || return 1
  ! grep -q "not verified" out4 || return 1
  json_path t/diagnosis.json '$.findings[0].no_lock_repair' \
    | grep -q '^the repair would touch two files' || return 1
  grep -q 'No lock repair: the repair would touch two files' t/finding-2.html
}
ok "a two-file program whose repair would touch both: none proposed, and why" two_files

# the race of a two-file program all in one file: its repairs are
# proposed and verified, the program rebuilt from both files
two_files_why ()
{
  mkdir -p two2
  {
    echo '#include <assert.h>'
    echo '#include <pthread.h>'
    echo 'int twice (int v);'
    echo 'static int x, y;'
    echo 'static void *f1 (void *unused)'
    echo '{'
    echo '  x = 0;'
    echo '  y = 0;'
    echo '  return NULL;'
    echo '}'
    echo 'static void *f2 (void *unused)'
    echo '{'
    echo '  x = 1;'
    echo '  y = twice (1) / 2;'
    echo '  return NULL;'
    echo '}'
    echo 'int main (void) { pthread_t t1, t2; pthread_create (&t1, NULL, f1, NULL);'
    echo '  pthread_create (&t2, NULL, f2, NULL); pthread_join (t1, NULL); pthread_join (t2, NULL);'
    echo '  assert (x == y); return 0; }'
  } >two2/main.c
  echo 'int twice (int v) { return 2 * v; }' >two2/twice.c
  "$AUGUR_CC_BIN" -O0 -g -o two2/prog two2/main.c two2/twice.c || return 1
  "$AUGUR" check --budget 60 -o t2 -- ./two2/prog >out7 2>err7
  st=$?
  cat out7 err7
  [ "$st" -eq 1 ] || return 1
  json_path t2/diagnosis.json '$..verification' | grep -q . || return 1
  ! json_path t2/diagnosis.json '$..verification' \
    | grep -v '^verified — 0 failing executions of [0-9]* (all traces), no deadlock$' | grep -q . \
    && grep -q "^augur check: diagnosis: 1 failure diagnosed, .* 2 verified: t2/diagnosis.json" out7
}
ok "a two-file program's repairs are verified on the program rebuilt from both files" two_files_why

# a program whose header is found through a relative include directory,
# given as two words: the patched copy, compiled elsewhere, still finds it
include_dir ()
{
  mkdir -p inc-prog/inc && cp fig3.c inc-prog/ || return 1
  echo '#define SECOND 1' >inc-prog/inc/values.h
  sed -i -e 's/^#include <assert.h>/#include <assert.h>\n#include "values.h"/' \
    -e 's/^  x = 1;/  x = SECOND;/' inc-prog/fig3.c
  (cd inc-prog && "$AUGUR_CC_BIN" -O0 -g -I inc -o fig3 fig3.c) || return 1
  (cd inc-prog && "$AUGUR" check --budget 60 -o r -- ./fig3) >out6 2>err6
  st=$?
  cat out6 err6
  [ "$st" -eq 1 ] && json_path inc-prog/r/diagnosis.json '$..verdict' | grep -qx verified \
    && ! grep -q "does not build" inc-prog/r/diagnosis.json
}
ok "a header in a relative -I directory: the repair is rebuilt and verified" include_dir

deadlock_only ()
{
  # a deadlock is a failure the ordering diagnosis does not cover: no
  # diagnosis is started, and none is reported as "0 failures diagnosed"
  {
    echo '#include <pthread.h>'
    echo 'static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;'
    echo 'static void *t1 (void *u) { pthread_mutex_lock (&a); pthread_mutex_lock (&b);'
    echo '  pthread_mutex_unlock (&b); pthread_mutex_unlock (&a); return u; }'
    echo 'int main (void) { pthread_t t; pthread_create (&t, NULL, t1, NULL);'
    echo '  pthread_mutex_lock (&b); pthread_mutex_lock (&a); pthread_mutex_unlock (&a);'
    echo '  pthread_mutex_unlock (&b); pthread_join (t, NULL); return 0; }'
  } >dl.c
  "$AUGUR_CC_BIN" -O0 -g -o dl dl.c || return 1
  "$AUGUR" check --budget 60 -o dl-out -- ./dl >out5 2>err5
  st=$?
  cat out5 err5
  [ "$st" -eq 1 ] || return 1
  json_path dl-out/results.json '$.findings[*].kind' | grep -qx deadlock || return 1
  ! grep -q "diagnos" out5 err5 && [ ! -e dl-out/diagnosis.json ]
}
ok "a deadlock only: no diagnosis is started or reported" deadlock_only

tap_done

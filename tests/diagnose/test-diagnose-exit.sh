#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur diagnose on exit-status failures: programs that check their own
# result and end themselves nonzero (no assert), which `augur explore`
# reports as assertion:exit-status.  Diagnosis must find the finding's own
# schedule failing (it ends with that status), give the root cause, and
# verify repairs by the same notion: a patched program that still ends
# nonzero is rejected.
. "$top_srcdir/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-diagnose-exit.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
cd "$tmp" || exit 1

# build NAME: NAME.c built and explored to NAME.json, whose findings include
# an exit-status failure
build ()
{
  cp "$top_srcdir/tests/diagnose/$1.c" . && "$AUGUR_CC_BIN" -O0 -g -o "$1" "$1.c" \
    && "$AUGUR" explore --no-progress --timeout 60 -o "$1.json" -- "./$1" >"$1.explore" 2>&1
  cat "$1.explore"
  grep -q "^assertion:exit-status $1.c:" "$1.explore"
}
ok "explore reports the lost update checked by main as an exit-status failure" build exit-count
ok "explore reports the order violation the worker detects as an exit-status failure" build exit-order

# the lost update: main returns 1 when count != 2
lost_update ()
{
  "$AUGUR" diagnose --no-progress --max-repairs 2 -o count.diag.json exit-count.json -- ./exit-count \
    >count.txt 2>&1
  st=$?
  cat count.txt
  [ "$st" -eq 1 ] || return 1
  grep -q "^finding [0-9]*: assertion at exit-count.c:25, exit status 1$" count.txt || return 1
  ! grep -q "own schedule did not fail there again" count.txt || return 1
  grep -q "root cause: 2 classes of failing schedules (2 failing of 4 executions explored, all traces)" \
    count.txt || return 1
  grep -q "T1's read of \`count\` (exit-count.c:12) before T2's write of \`count\` (exit-count.c:13)" \
    count.txt || return 1
  grep -q "T2's read of \`count\` (exit-count.c:12) before T1's write of \`count\` (exit-count.c:13)" \
    count.txt || return 1
  grep -q "^  repair 1 (lock, recommended): a new mutex makes exit-count.c:12-13 (worker) atomic" count.txt \
    && grep -A1 "^  repair 1 " count.txt | grep -q "verified — 0 failing executions of [0-9]* (all traces), no deadlock" \
    && grep -q '"exit_status" : 1' count.diag.json && grep -q '"diagnosed" : true' count.diag.json
}
ok "a lost update main checks (return 1): two classes, the lock verified" lost_update

# the order violation: the worker sees the pointer unset and calls exit (2)
order ()
{
  "$AUGUR" diagnose --no-progress --max-repairs 2 -o order.diag.json exit-order.json -- ./exit-order \
    >order.txt 2>&1
  st=$?
  cat order.txt
  [ "$st" -eq 1 ] || return 1
  grep -q "^finding [0-9]*: assertion at exit-order.c:16, exit status 2$" order.txt || return 1
  grep -q "root cause: 1 class of failing schedules" order.txt || return 1
  grep -q "T1's read of \`shared\` (exit-order.c:14) before main's write of \`shared\` (exit-order.c:26)" \
    order.txt || return 1
  grep -A1 "^  repair 1 (order, recommended)" order.txt | grep -q "verified — 0 failing" || return 1
  # mutual exclusion cannot order the two: rejected, the patched program
  # still ending with exit status 2
  grep -A1 "^  repair 2 (lock)" order.txt \
    | grep -q "rejected — still fails in 1 execution of [0-9]*: it ends with exit status 2, schedule T0"
}
ok "an order violation the program detects (exit (2)): the handshake verified, the lock rejected" order

# a repair that leaves the program ending nonzero in every schedule is no
# repair: main returning 3 instead of 1 still fails
still_nonzero ()
{
  mkdir -p p && sed 's/return 1;/return 3;/' exit-count.c >p/exit-count.c || return 1
  (cd p && diff -u ../exit-count.c exit-count.c | sed -e 's|^--- \.\./|--- a/|' -e 's|^+++ |+++ b/|' \
     >../nonzero.patch)
  grep -q '^+++ b/exit-count.c' nonzero.patch || return 1
  "$AUGUR" diagnose --no-progress --max-repairs 1 --verify-patch nonzero.patch -o nz.json \
    exit-count.json -- ./exit-count >nz.txt 2>&1
  cat nz.txt
  grep -A1 "(given): the patch given" nz.txt \
    | grep -q "rejected — still fails in 2 executions of 4: it ends with exit status 3, schedule T0"
}
ok "a patch after which the program still ends nonzero is rejected" still_nonzero

# augur check explores with static pruning, which places the end of main
# at another line (its last step it saw): the failure is still matched,
# by its status, and diagnosed in check's time left
check ()
{
  "$AUGUR" check -o ck -- ./exit-count >check.txt 2>&1
  cat check.txt
  grep -q "^augur check: diagnosis: 1 failure diagnosed, 2 classes of failing schedules, [0-9]* repairs proposed, [1-9][0-9]* verified: ck/diagnosis.json" check.txt \
    && grep -q '"exit_status" : 1' ck/diagnosis.json
}
ok "augur check diagnoses the exit-status failure it found, wherever it places it" check
tap_done

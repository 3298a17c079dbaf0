#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# augur explore / augur replay end to end: the optimal execution counts of
# the classic benchmarks, one program per finding kind (found, and replay
# reproduces it), the bug-free variants (no finding), and the exit status
# for a program not built with augur-cc.  The long count (lastzero(15):
# 147,456 executions, 20 seconds) is make check-slow's (EXPLORE_SLOW=1).
. "$top_srcdir/tests/tap.sh"

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-explore.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

# count NAME ARG EXECUTIONS
count ()
{
  "$AUGUR" explore --no-progress -o "$tmp/count.json" -- "$B/corpus-$1" "$2" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  # optimal mode: every trace once, no bound hit, and no run beside them
  # (none sleep-set blocked: POPL 2014, Theorem 7.7; dpor-optimal.c)
  [ "$(json_path "$tmp/count.json" '$.executions')" = "$3" ] \
    && [ -z "$(json_path "$tmp/count.json" '$.bounds_hit[*]')" ] \
    && grep -q "^$3 executions, 0 sleep-set blocked, 0 infeasible, " "$tmp/out" || return 1
  [ "$st" -le 1 ]
}

clean ()
{
  # shellcheck disable=SC2086
  "$AUGUR" explore --no-progress ${EXPLORE_OPTS:-} -o "$tmp/$1.json" -- "$prog_dir/$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/$1.json" '$.findings[*].kind')" ]
}

ok "indexer(13) explores 64 executions" count indexer 13 64
ok "indexer(14) explores 512 executions" count indexer 14 512
ok "fsbench(14) explores 2 executions" count fsbench 14 2
ok "fsbench(16) explores 8 executions" count fsbench 16 8
ok "fsbench(18) explores 32 executions" count fsbench 18 32
ok "lastzero(6) explores 144 executions" count lastzero 6 144
ok "indexer(15) explores 4096 executions" count indexer 15 4096
ok "lastzero(10) explores 3328 executions" count lastzero 10 3328
# make check-slow (EXPLORE_SLOW=1) runs only the long count
if [ -n "${EXPLORE_SLOW:-}" ]; then
  ok "lastzero(15) explores 147456 executions" count lastzero 15 147456
  tap_done
  exit
fi

prog_dir=$B
ok "assertion found and replayed" finding assert "assertion assert.c:25"
# ... and its text says where it faulted, not only the signal
crash_site ()
{
  finding crash "crash crash.c:23" || return 1
  grep -q "^crash crash.c:23: Thread 1 crashes with Segmentation fault at crash.c:23 in use(): a load through a null pointer\.$" "$tmp/out"
}
ok "crash found and replayed, the fault's place named" crash_site
# a finding that names another thread than the one whose failure its
# replay shows (two threads failing at one place): the replay says so
crash_other_thread ()
{
  awk '/"accesses" : \[/ { a = 1 } a && /"thread" : 1,/ { sub (/: 1,/, ": 2,"); a = 0 } { print }' \
    "$tmp/crash.json" >"$tmp/crash2.json"
  n=$(results_findings "$tmp/crash2.json" | grep -n "^crash crash.c:23" | head -1 | cut -d: -f1)
  "$AUGUR" replay "$tmp/crash2.json#$n" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: crash crash.c:23: Thread 1 crashes" "$tmp/replay" \
    && grep -q "^augur replay: the finding names thread 2; in this replay thread 1 failed there first$" "$tmp/replay"
}
ok "a replay whose failure is another thread's than the finding's says so" crash_other_thread
ok "lost update diagnosed as an atomicity violation and replayed" \
   finding assert "atomicity-violation assert.c:12 assert.c:13 assert.c:13"
ok "check-then-act across critical sections diagnosed and replayed" \
   finding check_then_act "atomicity-violation check_then_act.c:21 check_then_act.c:26 check_then_act.c:26"
# a pair written half by half and read between: the reader sees one half
half_seen ()
{
  finding half_seen "atomicity-violation half_seen.c:22 half_seen.c:35 half_seen.c:36 half_seen.c:25" \
    && grep -q "in between: thread 2 sees one of them and not the other (W-R-R-W)" "$tmp/out"
}
ok "a pair updated half by half: the reader is the one that sees one half" half_seen
# no_diagnosis PROG LOCATION: the failure is found, and no atomicity
# violation is blamed for it
no_diagnosis ()
{
  # shellcheck disable=SC2086
  "$AUGUR" explore --no-progress ${EXPLORE_OPTS:-} -o "$tmp/$1.json" -- "$prog_dir/$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  results_findings "$tmp/$1.json" >"$tmp/found"
  [ "$st" -eq 1 ] && grep -q "^assertion $2" "$tmp/found" && ! grep -q "^atomicity-violation" "$tmp/found"
}
ok "an order violation is not diagnosed as an atomicity violation" \
   no_diagnosis order_violation order_violation.c:35
# a failure that needs a spurious wake-up: the serialised runs of the
# diagnosis have none, so they cannot say an interleaving causes it; the
# failure and the race after it say which wake-up came without a signal,
# and the race's threads are named in order (main first, so "main and
# thread 1").  Its whole search takes 30 s; in 5 s it has both findings,
# and the diagnosis that blamed an atomicity violation ran in 5 s too
spurious_failure ()
{
  EXPLORE_OPTS="--timeout 5" no_diagnosis spurious_count spurious_count.c:69 || return 1
  json_path "$tmp/spurious_count.json" '$.findings[*].explanation' >"$tmp/expl"
  grep -qi "^main fails .* Thread 2 wakes up at spurious_count.c:41 without a signal" "$tmp/expl" \
    && grep -qi "^main and thread 1 access results\[1\] .* the race may need it" "$tmp/expl"
}
ok "a failure after a spurious wake-up is not blamed on an interleaving" spurious_failure
ok "lock-order deadlock found and replayed" finding deadlock "deadlock deadlock.c:11 deadlock.c:22"
ok "lost wake-up (signal before wait) found and replayed" finding lost_wakeup "deadlock lost_wakeup.c:13"
# a deadlock's explanation says why a condition waiter is never woken:
# the signal came before it waited, or it woke the other waiter
cond_why ()
{
  finding "$1" "deadlock $2" || return 1
  json_path "$tmp/$1.json" '$.findings[*].explanation' >"$tmp/expl"
  cat "$tmp/expl"
  grep -q "$3" "$tmp/expl"
}
ok "a lost wake-up's explanation names the signal that came before the wait" \
   cond_why lost_wakeup lost_wakeup.c:13 \
   "thread 1 waits on \`c\` at lost_wakeup.c:13 for a signal that never comes: the last one, at lost_wakeup.c:24 (main), came before it waited"
ok "a deadlock that needs a spurious wake-up says so" \
   cond_why spurious_deadlock spurious_deadlock.c:22 \
   "came before it waited\. Thread 1 wakes up at spurious_deadlock.c:22 without a signal (a spurious wake-up, which POSIX allows): the deadlock may need it\.$"
# ... and its schedule shows the wake-up as one
spurious_step ()
{
  json_path "$tmp/spurious_deadlock.json" '$.findings[0].schedule[*]' >"$tmp/sched"
  grep -q '"op":"spurious-wake","object":"go".*"line":22' "$tmp/sched" || { cat "$tmp/sched"; return 1; }
}
ok "spurious_deadlock: the schedule's spurious wake-up is a spurious-wake step" spurious_step
ok "one signal for two waiters: the deadlock names the signal that woke the other one" \
   cond_why signal_one_of_two signal_one_of_two.c:19 \
   "thread [12] waits on \`c\` at signal_one_of_two.c:19, but the signal at signal_one_of_two.c:32 (main) woke thread [12], which waited on it too, and no signal came after it: one pthread_cond_signal for two waiters"
# (its explanations, just read: no race to name there)
no_race_note ()
{
  ! grep -q "races" "$tmp/expl"
}
ok "signal_one_of_two: no race named in its deadlock" no_race_note
# ... but not when the thread it woke waits at the same place again (a
# broadcast would not help), and a race before the deadlock is named:
# the queue's insert outside its mutex lost the entry the waiter needed
# (either worker's part may come first: main's signal wakes either)
queue_lost ()
{
  cond_why queue_lost_wakeup "queue_lost_wakeup.c:35 queue_lost_wakeup.c:35" \
    "thread [12] waits on \`cond\` at queue_lost_wakeup.c:35, and no signal came after the one at queue_lost_wakeup.c:60 (main), which woke thread [12]: thread [12] waits at the same place again, so unless the two wait there for different things, a broadcast would not have helped, and the wake-up this thread needs never came[;.]" \
    || return 1
  ! grep -q "for two waiters" "$tmp/expl" \
    && grep -q "This execution also races on \`[a-z.]*\` at queue_lost_wakeup.c:[0-9]* and queue_lost_wakeup.c:[0-9]* before the deadlock: the lost wake-up may be its consequence\.$" "$tmp/expl"
}
ok "a wake-up lost to a race on a queue: no 'one signal for two waiters', the race named" queue_lost
# a lock-order deadlock is its locks': a race in its execution is no cause
deadlock_race ()
{
  finding deadlock_race "deadlock deadlock_race.c:28 deadlock_race.c:15" || return 1
  results_findings "$tmp/deadlock_race.json" | grep -q "^data-race deadlock_race.c:26 deadlock_race.c:13" \
    && ! json_path "$tmp/deadlock_race.json" '$.findings[*].explanation' | grep -q "also races"
}
ok "a lock-order deadlock after a race: the race is not offered as its cause" deadlock_race
ok "data race found and replayed" finding race "data-race race.c:10 race.c:10"
# both frees of a double free are shown as frees, not as the atomic write
# of the block the scheduler makes of a free
free_ops ()
{
  finding corpus-double_free "misuse:double-free prog.c:18" || return 1
  n=$(results_findings "$tmp/corpus-double_free.json" | grep -n "^misuse:double-free" | cut -d: -f1)
  json_path "$tmp/corpus-double_free.json" "\$.findings[$((n - 1))].accesses[*].op" >"$tmp/ops"
  cat "$tmp/ops"
  [ "$(wc -l <"$tmp/ops")" -eq 2 ] && [ "$(sort -u "$tmp/ops")" = free ]
}
ok "a double free found, its two accesses both frees, and replayed" free_ops
# a misuse names the operation that misuses and the earlier one that makes
# it a misuse (the first unlock, the holder's lock)
ok "double unlock found with the first unlock, and replayed" finding misuse_double_unlock "misuse:double-unlock misuse_double_unlock.c:10 misuse_double_unlock.c:11"
ok "recursive lock of a normal mutex found and replayed" finding misuse_recursive_lock "misuse:recursive-lock misuse_recursive_lock.c:10"
ok "double join found and replayed" finding misuse_double_join "misuse:double-join misuse_double_join.c:16"
# lock orders taken while only one thread is alive meet no other's
setup_order ()
{
  "$AUGUR" explore --no-progress --fail-on=note -o "$tmp/so.json" -- "$prog_dir/setup_lock_order_ok" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/so.json" '$.findings[*].kind')" ]
}
ok "setup_lock_order_ok: main's set-up order before any thread is no inversion" setup_order
# two threads join one: the joins are reordered, the second is the misuse
two_joiners ()
{
  "$AUGUR" explore --no-progress --mode "$1" -o "$tmp/tj.json" -- "$prog_dir/join_two_joiners" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/tj.json" | grep -q "^misuse:double-join join_two_joiners.c:"
}
ok "two joiners of one thread (optimal): the double join found" two_joiners optimal
ok "two joiners of one thread (dpor): the double join found" two_joiners dpor
ok "a read of an exited thread's local found, and replayed" finding dead_stack "misuse:dead-stack dead_stack.c:1[89] dead_stack.c:28"
ok "destroy of a held mutex found with the holder's lock, and replayed" finding misuse_destroy_held "misuse:destroy-held-mutex misuse_destroy_held.c:\(9\|10\) misuse_destroy_held.c:\(9\|10\)"
ok "unlock by a non-owner found with the owner's lock, and replayed" finding misuse_unlock_not_owner "misuse:unlock-not-owner misuse_unlock_not_owner.c:1[08] misuse_unlock_not_owner.c:1[08]"
# a long schedule is packed in the results file (kilobytes, not a JSON
# object a step) and still replays and renders
long_schedule ()
{
  finding long_schedule "misuse:double-unlock long_schedule.c:31 long_schedule.c:32" || return 1
  size=$(wc -c <"$tmp/long_schedule.json")
  echo "results file: $size bytes"
  tr -d ' \n' <"$tmp/long_schedule.json" | grep -q '"schedule_packed":{"steps":40[0-9][0-9],"encoding":"tsv+deflate+base64"' \
    && [ "$size" -lt 65536 ] \
    && "$AUGUR" report -o "$tmp/ls-report" "$tmp/long_schedule.json" \
    && grep -q 'long_schedule.c:32' "$tmp/ls-report/finding-1.html"
}
ok "a finding after a 4,000-step schedule: packed, replayed and rendered" long_schedule
misuse_text ()
{
  "$AUGUR" explore --no-progress -o "$tmp/mt.json" -- "$prog_dir/misuse_double_unlock" >/dev/null 2>&1
  [ "$(json_path "$tmp/mt.json" '$.findings[0].explanation')" = "Double unlock: main unlocks \`m\` at misuse_double_unlock.c:11 (step 2) while nobody holds it: main unlocked it already at misuse_double_unlock.c:10 (step 1) and has not locked it since." ] \
    && [ "$(json_path "$tmp/mt.json" '$.findings[0].bug_steps')" = "[1,2]" ]
}
ok "a double unlock names both unlocks, and both are the bug's steps" misuse_text
# misuse_own PROG TEXT STEPS: the explanation of PROG's misuse and its
# bug steps (a double unlock is the caller's own second unlock, whoever
# unlocked in between; an init of a live mutex is a re-initialisation)
misuse_own ()
{
  "$AUGUR" explore --no-progress -o "$tmp/mo.json" -- "$prog_dir/$1" >"$tmp/out" 2>&1
  cat "$tmp/out"
  json_path "$tmp/mo.json" '$.findings[*].explanation' | grep -qxF "$2" \
    && json_path "$tmp/mo.json" '$.findings[*].bug_steps' | grep -qxF "[$3]"
}
ok "a double unlock names the caller's own first unlock, not another thread's in between" \
   misuse_own misuse_double_unlock_join "Double unlock: main unlocks \`m\` at misuse_double_unlock_join.c:28 (step 11) while nobody holds it: main unlocked it already at misuse_double_unlock_join.c:24 (step 2) and has not locked it since." "2,11"
ok "an init of a live mutex says re-initialised while in use" \
   misuse_own misuse_reinit "main initialises \`b->mutex\` at misuse_reinit.c:31 (step 7) again: re-initialised while in use. It was initialised at misuse_reinit.c:27 (step 0), and used since, by thread 1 at misuse_reinit.c:19 (step 5): initialise it once, or destroy it first, when no thread can use it any more." "5,7"
ok "main returning with threads running found and replayed" finding misuse_main_returns "misuse:main-returns-with-threads misuse_main_returns.c:14"
# its one access is the creation step, not a second one made up at the
# thread's step 0
main_returns_access ()
{
  [ "$(json_path "$tmp/misuse_main_returns.json" '$.findings[0].accesses[*].op')" = create ]
}
ok "main returning: one access, the creation" main_returns_access
# many_allocs HOW PATTERN: race_heap_many 70000 HOW: the race is found and
# its object named as PATTERN says
many_allocs ()
{
  "$AUGUR" explore --no-progress -o "$tmp/many.json" -- "$B/race_heap_many" 70000 "$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && stable_names "$tmp/many.json" | grep -qx "$2"
}
ok "70,000 blocks freed at once leave the object log room: T0.alloc70001+4" \
  many_allocs free 'T0\.alloc70001+4'
ok "70,000 blocks kept overflow the object log: an address, no crash" \
  many_allocs keep '0x[0-9a-f]*'

# inversion_explored PROG SEVERITY: the explored runs of a corpus program
# that takes two locks in both orders without deadlocking report the
# inversion with that severity: exit 0 by default, 1 with --fail-on
inversion_explored ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/$1" "$top_srcdir/tests/programs/$1/prog.c" || return 1
  "$AUGUR" explore --no-progress -o "$tmp/$1.json" -- "$tmp/$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ "$(json_path "$tmp/$1.json" '$.findings[*].kind')" = "lock-order-inversion" ] \
    && json_path "$tmp/$1.json" '$.findings[0].explanation' \
       | grep -q ".* takes \`.*\` (prog.c:[0-9]*) and then \`.*\` (prog.c:[0-9]*).*It did not deadlock in the explored execution" \
    && [ "$(json_path "$tmp/$1.json" '$.findings[0].severity')" = "$2" ] || return 1
  "$AUGUR" explore --no-progress --fail-on="$2" -o "$tmp/$1.json" -- "$tmp/$1" >/dev/null 2>&1
  [ $? -eq 1 ]
}
ok "an inversion no explored run deadlocks on is a warning" inversion_explored lock_order_dataflow warning
ok "an inversion under a gate lock is a note" inversion_explored lock_order_gate note
# ... and says why: both hold the lock, for reading only (not "without
# synchronisation")
race_rdlock_text ()
{
  finding race_rdlock "data-race race_rdlock.c:12 race_rdlock.c:12" || return 1
  grep -q "^data-race race_rdlock.c:12 race_rdlock.c:12: Threads 1 and 2 access hits, and one of them writes. Both hold \`rw\`, but only for reading: a read lock does not exclude another reader, so it orders nothing between them.$" "$tmp/out" \
    && ! grep -q "without synchronisation" "$tmp/out"
}
ok "a write under a read lock races with the other reader, both holding it for reading" race_rdlock_text
ok "condition variable used uninitialised found and replayed" finding misuse_uninit_cond "misuse:uninitialised-cond misuse_uninit_cond.c:18"
for p in assert_ok deadlock_ok lost_wakeup_ok race_ok misuse_uninit_cond_ok once_ok ctor_mutex_ok dlsym_fail_ok; do
  ok "$p: no finding" clean "$p"
done
ok "dlsym_fail_ok on real threads (forked executions): no finding" \
  eval '(AUGUR_FIBERS=0; export AUGUR_FIBERS; clean dlsym_fail_ok && grep -q "forked processes" "$tmp/out")'

# ten times: the hang it guards against came one run in four
main_exit_clean ()
{
  for i in 1 2 3 4 5 6 7 8 9 10; do clean main_pthread_exit_ok || return 1; done
}
ok "main_pthread_exit_ok: no finding, no hang (10 runs)" main_exit_clean

prog_dir=$B
ok "database (Inspect's two-class example) deadlocks" finding corpus-database "deadlock prog.c:25 prog.c:39"
ok "philosophers stall" finding corpus-philosophers "deadlock prog.c:24"
ok "philosophers_ok: no finding" clean corpus-philosophers_ok
ok "bounded_buffer's assertion fails" finding corpus-bounded_buffer "assertion prog.c:47"
ok "bounded_buffer_ok: no finding" clean corpus-bounded_buffer_ok
# wake-ups no reversal can make happen are not asked for: bounded_buffer's
# runs end with consumers waiting for an item no producer will put (no
# signal after their wait: were 10 infeasible runs beside the traces), and
# in signal_one_of_two a wake-up moved where the other waiter took the one
# signal (were 10).  4,664 and 48 traces: a signal wakes any of the threads
# waiting, not the oldest only (rt-sched-condsig.c; 4,632 and 32 before)
wakes_feasible ()
{
  "$AUGUR" explore --no-progress -o "$tmp/bb.json" -- "$B/corpus-bounded_buffer" >"$tmp/out" 2>&1
  cat "$tmp/out"
  grep -q "^4664 executions, 0 sleep-set blocked, 0 infeasible, 0 diverged .*(complete" "$tmp/out" \
    || return 1
  "$AUGUR" explore --no-progress -o "$tmp/s12.json" -- "$B/signal_one_of_two" >"$tmp/out" 2>&1
  cat "$tmp/out"
  grep -q "^48 executions, 0 sleep-set blocked, 0 infeasible, 0 diverged .*(complete" "$tmp/out"
}
ok "condition wake-ups: the same traces, none infeasible" wakes_feasible
lastzero_races ()
{
  "$AUGUR" explore --no-progress -o "$tmp/lz.json" -- "$B/corpus-lastzero" 3 >/dev/null 2>&1
  results_findings "$tmp/lz.json" | grep -q '^data-race prog.c:26 prog.c:35'
}
ok "lastzero(3) races" lastzero_races

# a thread's stack as large as natively: no crash with real threads
ok "a thread with 3 MiB of stack, real threads: no finding" clean bigstack
# C11 condition waits are emulated like pthread's: no hang
ok "a correct C11 cnd_wait: no finding, no hang" clean c11_cond_ok
# abort() is shown at its call, in its caller: not at
# "?:0 in ?" inside libc, nor a line off
ok "own_path's abort() is shown at own_path.c:28, replayed" finding own_path "abort own_path.c:28"

# a bounded loop re-reading unchanged memory is no waiting loop: the
# thread's own state (a register counter at -O1) must repeat as well
ok "reread: the flag raised after a bounded re-read loop, before main looks" \
  finding reread "assertion reread.c:33"
ok "reread_ok: re-reads of unchanged memory that are no waiting loop: no hang" clean reread_ok

# shapes the differential tester (tests/difftest) found missed, in every
# mode: a trylock between another thread's lock and unlock, a wait that
# loses a semaphore post after a normal end, an if-guarded wait nobody
# signals (found only when a spurious wake-up came)
mode_finding ()
{
  mode=$1 prog=$2 want=$3
  "$AUGUR" explore --no-progress --mode "$mode" -o "$tmp/$prog-$mode.json" -- "$prog_dir/$prog" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/$prog-$mode.json" | grep -q "^$want"
}
for m in optimal dpor preempt; do
  ok "trylock_held ($m): the trylock that finds the lock held" mode_finding $m trylock_held \
    "assertion trylock_held.c:32"
  ok "sem_steal ($m): the worker takes the only post, main waits for ever" mode_finding $m sem_steal \
    "deadlock sem_steal.c:32"
  ok "cond_if_hang ($m): the waiter nobody signals" mode_finding $m cond_if_hang \
    "deadlock cond_if_hang.c:23"
  ok "rwlock_readers ($m): the writer between two readers" mode_finding $m rwlock_readers \
    "assertion rwlock_readers.c:42"
done
# a spurious wake-up right after the wait began, before the signalled
# thread ran: both DPOR modes, with the same count
spurious_early ()
{
  for m in optimal dpor; do
    "$AUGUR" explore --no-progress --mode $m -o "$tmp/se-$m.json" -- "$prog_dir/spurious_early" \
      >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    [ "$st" -eq 1 ] && results_findings "$tmp/se-$m.json" | grep -q "^abort spurious_early.c:45" \
      || return 1
  done
  [ "$(json_path "$tmp/se-optimal.json" '$.executions')" = "$(json_path "$tmp/se-dpor.json" '$.executions')" ]
}
ok "spurious_early: an early spurious wake-up, in both DPOR modes" spurious_early
# two wake-ups from two conditions that share a mutex race for it: both
# orders, in both DPOR modes, with and without spurious wake-ups
cond_two_wake ()
{
  for m in optimal dpor; do
    for sp in "" --no-spurious-wakeups; do
      # shellcheck disable=SC2086
      "$AUGUR" explore --no-progress --mode $m $sp -o "$tmp/ctw.json" -- "$prog_dir/cond_two_wake" \
        >"$tmp/out" 2>&1
      st=$?
      cat "$tmp/out"
      [ "$st" -eq 1 ] && results_findings "$tmp/ctw.json" | grep -q "^assertion cond_two_wake.c:52" \
        || return 1
    done
  done
}
ok "cond_two_wake: two conditions' wake-ups race for their mutex, in both DPOR modes" cond_two_wake
# requests that were still waiting for a lock when the run ended each race
# with the holder's acquisition, not with one another: both modes agree
lock_waiters ()
{
  for m in optimal dpor; do
    "$AUGUR" explore --no-progress --mode $m -o "$tmp/lw-$m.json" -- "$prog_dir/lock_waiters" \
      >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    [ "$st" -eq 1 ] && results_findings "$tmp/lw-$m.json" | grep -q "^assertion lock_waiters.c:25" \
      && [ "$(json_path "$tmp/lw-$m.json" '$.executions')" -eq 27 ] || return 1
  done
}
ok "lock_waiters: two threads left waiting for a lock: both tried first, in both DPOR modes" lock_waiters
# a second exit() on real threads is an END step of its own, not an
# unseen end of the process
exit_twice ()
{
  AUGUR_FIBERS="$1" "$AUGUR" explore --no-progress -o "$tmp/et.json" -- "$prog_dir/exit_twice" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  if [ "$1" = 0 ]; then grep -q "real threads" "$tmp/out" || return 1; fi
  [ "$st" -eq 1 ] && results_findings "$tmp/et.json" | grep -q "^assertion exit_twice.c:25" \
    && grep -q "complete: every interleaving" "$tmp/out"
}
ok "exit_twice: two threads call exit() on real threads: the third's failure is found" exit_twice 0
ok "exit_twice: two threads call exit() on fibers: the third's failure is found" exit_twice 1
# the diagnosis blames an interleaving only when no serialised
# continuation fails, all of them explored
blame_wait_loop ()
{
  "$AUGUR" explore --no-progress -o "$tmp/bwl.json" -- "$prog_dir/blame_wait_loop" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  results_findings "$tmp/bwl.json" >"$tmp/found"
  cat "$tmp/found"
  [ "$st" -eq 1 ] && grep -q "^atomicity-violation blame_wait_loop.c:\(34\|47\) " "$tmp/found" \
    && ! grep "^atomicity-violation" "$tmp/found" | grep -q "blame_wait_loop.c:31"
}
ok "blame_wait_loop: the lost update is blamed, not the wait loop's re-check" blame_wait_loop
# a loop woken by a write that is no step (--sync-only, static facts) is
# ordered after the writer's last step: the search ends
spin_pruned_ok ()
{
  "$AUGUR" explore --no-progress --sync-only -o "$tmp/spo.json" -- "$prog_dir/spin_pruned_ok" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  # the search ends; --sync-only never earns "complete" (races between
  # plain accesses are not tried both ways)
  [ "$st" -eq 6 ] && grep -q "(incomplete: every order of the synchronisation was run, but plain accesses were no scheduling points (--sync-only): the interleavings between them were not explored); 0 findings" "$tmp/out" \
    && [ "$(json_path "$tmp/spo.json" '$.executions')" -le 100 ]
}
ok "spin_pruned_ok: a poll woken by writes that are no steps: the search ends" spin_pruned_ok
spin_nothing_hang ()
{
  "$AUGUR" explore --no-progress --timeout 2 -o "$tmp/snh.json" -- "$prog_dir/spin_nothing_hang" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^hang spin_nothing_hang.c:.*main waits in a loop at spin_nothing_hang.c:[0-9]* that reads nothing another thread could change" "$tmp/out"
}
ok "spin_nothing_hang: a loop that reads nothing: the hang says so" spin_nothing_hang
spin_sync_hang ()
{
  "$AUGUR" explore --no-progress --sync-only -o "$tmp/ssh.json" -- "$prog_dir/spin_sync_hang" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^hang spin_sync_hang.c:15: .* waits in a loop at spin_sync_hang.c:15 for ready to change" "$tmp/out"
}
ok "spin_sync_hang: a hang whose reads are no steps names the loop's line" spin_sync_hang
# a poll that re-reads a pointer besides its condition names them all
hang_two_reads ()
{
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/h2.json" -- "$prog_dir/hang_two_reads" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^hang hang_two_reads.c:[0-9]*: .* waits in a loop at hang_two_reads.c:[0-9]* for .*pool.alive.* to change, and no other thread can change them\.$" "$tmp/out"
}
ok "hang_two_reads: the hang names every location the loop re-reads" hang_two_reads
# ... but not what only the looping thread writes (its own offset), and
# what another thread changed while it looped first; the place is the
# access's, in the text as in the results
hang_own_write ()
{
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/how.json" -- "$prog_dir/hang_own_write" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^hang hang_own_write.c:30: .* thread 1 waits in a loop at hang_own_write.c:30 for rb->head or rb to change, and no other thread can change them\.$" "$tmp/out" \
    && [ "$(json_path "$tmp/how.json" '$.findings[0].accesses[0].line')" = 30 ]
}
ok "hang_own_write: the hang names what another thread writes first, not the thread's own" hang_own_write
# a run the watchdog killed (an invisible spin) still gives the other
# threads' pending steps: the order that fails the assertion is explored
hang_then_assert ()
{
  for opts in "" "--mode dpor" "--jobs 2"; do
    # shellcheck disable=SC2086
    "$AUGUR" explore --no-progress --timeout 60 --exec-timeout 1 $opts -o "$tmp/hta.json" \
      -- "$prog_dir/hang_then_assert" >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    results_findings "$tmp/hta.json" >"$tmp/found"
    [ "$st" -eq 1 ] && grep -q "^assertion hang_then_assert.c:22" "$tmp/found" \
      && grep -q "^hang hang_then_assert.c:\(19\|20\)" "$tmp/found" \
      && [ "$(json_path "$tmp/hta.json" '$.executions')" = 2 ] || return 1
  done
}
ok "hang_then_assert: after a run killed by the watchdog, the other order is explored" hang_then_assert
# once a failure is seen a quarter of --timeout is kept for its diagnosis;
# what the diagnosis leaves goes back to the search (it stopped at 3/4)
budget_after_failure ()
{
  "$AUGUR" explore --no-progress --timeout 4 -o "$tmp/baf.json" \
    -- "$prog_dir/budget_after_failure" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  ms=$(json_path "$tmp/baf.json" '$.duration_ms')
  echo "searched for $ms ms"
  [ "$st" -eq 1 ] && results_findings "$tmp/baf.json" | grep -q "^assertion budget_after_failure.c" \
    && results_findings "$tmp/baf.json" | grep -q "^atomicity-violation budget_after_failure.c" \
    && [ "$ms" -ge 3400 ] && grep -q "ran out of time; .*--mode pct samples schedules" "$tmp/out"
}
ok "budget_after_failure: the time the diagnosis leaves goes back to the search; pct is suggested" budget_after_failure
# an unlock an error-checking mutex refuses (EPERM) releases nothing: the
# race on x is found, the worker keeps m (no race on y), the call fails
failed_unlock ()
{
  "$AUGUR" explore --no-progress -o "$tmp/fu.json" -- "$prog_dir/failed_unlock" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  results_findings "$tmp/fu.json" >"$tmp/found"
  [ "$st" -eq 1 ] && grep -q "complete: every interleaving" "$tmp/out" \
    && grep -q "^data-race failed_unlock.c:\(19 failed_unlock.c:36\|36 failed_unlock.c:19\)" "$tmp/found" \
    && [ "$(grep -c "^data-race" "$tmp/found")" -eq 1 ] \
    && grep -q "^misuse:unlock-not-owner" "$tmp/found" \
    && ! grep -q "^assertion" "$tmp/found"
}
ok "failed_unlock: a refused unlock is no release: the race is found, the lock kept" failed_unlock
ok "sem_trywait_ok: a failed sem_trywait is no data race with the post" clean sem_trywait_ok
# a global's name that is also a word of the prose: the words stay words
prose_names ()
{
  "$AUGUR" explore --no-progress -o "$tmp/pn.json" -- "$prog_dir/prose_names" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^misuse:recursive-lock prose_names.c:20: Thread 1 locks \`A.mutex\` at prose_names.c:20, a normal mutex it already holds" "$tmp/out" \
    && json_path "$tmp/pn.json" '$.findings[*].object' | grep -qx 'a\[0\]'
}
ok "prose_names: globals named a and A do not rename the words of the prose" prose_names
# a deadlock whose lock requests are in a wrapper names the wrapper's
# callers first, in its text and as its accesses (its headline)
deadlock_wrapper ()
{
  "$AUGUR" explore --no-progress -o "$tmp/dw.json" -- "$prog_dir/deadlock_wrapper" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  n=$(results_findings "$tmp/dw.json" | grep -n "^deadlock " | cut -d: -f1)
  [ "$st" -eq 1 ] && [ -n "$n" ] || return 1
  n=$((n - 1))
  json_path "$tmp/dw.json" "\$.findings[$n].accesses[*].line" | sort >"$tmp/lines"
  cat "$tmp/lines"
  [ "$(tr "\n" " " <"$tmp/lines")" = "25 35 " ] \
    && grep -q "^deadlock deadlock_wrapper.c:25 deadlock_wrapper.c:35: " "$tmp/out" \
    && grep -q "thread 1 waits for \`b\` at deadlock_wrapper.c:25 (through take at deadlock_wrapper.c:12), held by thread 2" "$tmp/out"
}
ok "deadlock_wrapper: a deadlock in a wrapper names the wrapper's callers" deadlock_wrapper
# a recursive lock whose two locks are in a lock wrapper called from two
# places names both callers first (libuv's uv_mutex_lock, survey D5)
recursive_lock_wrapper ()
{
  "$AUGUR" explore --no-progress -o "$tmp/rlw.json" -- "$prog_dir/recursive_lock_wrapper" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  grep -qF "Thread 1 locks \`m\` at recursive_lock_wrapper.c:40 (through my_lock at recursive_lock_wrapper.c:15), a normal mutex it already holds (it locked it at recursive_lock_wrapper.c:29 through my_lock at recursive_lock_wrapper.c:15, step " "$tmp/out" \
    && grep -q "^misuse:recursive-lock recursive_lock_wrapper.c:40: " "$tmp/out" \
    && [ "$(json_path "$tmp/rlw.json" '$.findings[0].accesses[*].function')" = take ]
}
ok "recursive_lock_wrapper: both locks of a recursive lock in a wrapper are named by their callers" recursive_lock_wrapper
# unlocks and semaphore waits keep their callers too: a double unlock in
# a wrapper names both unlocks' callers, a blocked wait its call chain
unlock_wrapper ()
{
  "$AUGUR" explore --no-progress -o "$tmp/uw.json" -- "$prog_dir/unlock_wrapper" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  grep -q "^misuse:double-unlock unlock_wrapper.c:33 unlock_wrapper.c:34: .*main unlocks \`m\` at unlock_wrapper.c:34 (through my_unlock at unlock_wrapper.c:13; step [0-9]*) while nobody holds it: main unlocked it already at unlock_wrapper.c:33 (through my_unlock at unlock_wrapper.c:13; step [0-9]*)" "$tmp/out" \
    || return 1
  n=$(results_findings "$tmp/uw.json" | grep -n "^deadlock " | cut -d: -f1)
  [ -n "$n" ] || return 1
  json_path "$tmp/uw.json" "\$.findings[$((n - 1))].accesses[*].line" | sort >"$tmp/lines"
  cat "$tmp/lines"
  [ "$(tr "\n" " " <"$tmp/lines")" = "22 35 " ]
}
ok "unlock_wrapper: wrapped unlocks and semaphore waits are named by their callers" unlock_wrapper
# a misuse in a wrapper is headed and told apart by its caller's line:
# two callers that double-unlock through one wrapper are two findings
double_unlock_callers ()
{
  "$AUGUR" explore --no-progress -o "$tmp/duc.json" -- "$prog_dir/double_unlock_callers" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  [ "$(results_findings "$tmp/duc.json" | grep "^misuse:double-unlock" | sort | tr '\n' ' ')" = \
    "misuse:double-unlock double_unlock_callers.c:26 double_unlock_callers.c:28 misuse:double-unlock double_unlock_callers.c:35 double_unlock_callers.c:37 " ] \
    && grep -q "^misuse:double-unlock double_unlock_callers.c:35 double_unlock_callers.c:37: Double unlock: main unlocks \`b\` at double_unlock_callers.c:37 (through my_unlock at double_unlock_callers.c:13; step [0-9]*)" "$tmp/out"
}
ok "double_unlock_callers: a misuse in a wrapper is named at, and told apart by, its caller" double_unlock_callers
# a local on main's stack is named from one recorded run's frames
stack_local_race ()
{
  "$AUGUR" explore --no-progress -o "$tmp/slr.json" -- "$prog_dir/stack_local_race" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^data-race .*access total without synchronisation" "$tmp/out" \
    && [ "$(json_path "$tmp/slr.json" '$.findings[0].object')" = total ]
}
ok "stack_local_race: explore names a local of main's stack" stack_local_race
# a search stopped by the program's nondeterminism still prints the bug it
# found, and the bug is the exit status
nondet_bug ()
{
  "$AUGUR" explore --no-progress -o "$tmp/nd.json" -- "$prog_dir/nondet_bug" >"$tmp/out" 2>"$tmp/err"
  st=$?
  cat "$tmp/out" "$tmp/err"
  [ "$st" -eq 1 ] && grep -q "^assertion nondet_bug.c:30" "$tmp/out" \
    && grep -q "does not follow the schedules it is given" "$tmp/err" \
    && grep -q "incomplete: .*off their schedule" "$tmp/out"
}
ok "nondet_bug: a search stopped by nondeterminism still reports its bug (exit 1)" nondet_bug
# a lock that failed on a destroyed mutex: the unlock after it is part of
# the use after destroy, not a double unlock
destroy_then_lock ()
{
  "$AUGUR" explore --no-progress -o "$tmp/dtl.json" -- "$prog_dir/destroy_then_lock" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  results_findings "$tmp/dtl.json" >"$tmp/found"
  [ "$st" -eq 1 ] && grep -q "^misuse:use-after-destroy" "$tmp/found" \
    && ! grep -q "^misuse:double-unlock" "$tmp/found"
}
ok "destroy_then_lock: the unlock after a failed lock is no double unlock" destroy_then_lock
# an atomicity violation between a memcpy and a field's write names the
# field, not the start of the copied range
memcpy_field ()
{
  "$AUGUR" explore --no-progress -o "$tmp/mf.json" -- "$prog_dir/memcpy_field" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^atomicity-violation .*: main reads rec\[0\]\.offset .*thread 1 writes rec\[0\]\.offset" "$tmp/out" \
    && ! grep -q "name\[0\]" "$tmp/out"
}
ok "memcpy_field: an atomicity violation with a memcpy names the field written" memcpy_field
# a witness that needs no spurious wake-up replaces one that does
lost_wakeup_flag ()
{
  finding lost_wakeup_flag "deadlock lost_wakeup_flag.c:17" || return 1
  json_path "$tmp/lost_wakeup_flag.json" '$.findings[*].explanation' >"$tmp/expl"
  cat "$tmp/expl"
  ! grep -q "may need it" "$tmp/expl" && ! json_path "$tmp/lost_wakeup_flag.json" \
    '$.findings[0].schedule[*]' | grep -q '"op":"wake"' \
    && [ "$(json_path "$tmp/lost_wakeup_flag.json" '$.findings[0].accesses[*].op')" = wait ]
}
ok "lost_wakeup_flag: a lost wake-up that needs no spurious wake-up says none; the access is the wait" \
   lost_wakeup_flag
# ... and the optimal search runs each of the four orders of the writer
# and the two readers once
rwlock_orders ()
{
  "$AUGUR" explore --no-progress -o "$tmp/rwo.json" -- "$prog_dir/rwlock_readers" >"$tmp/out" 2>&1
  cat "$tmp/out"
  [ "$(json_path "$tmp/rwo.json" '$.executions')" -eq 4 ]
}
ok "rwlock_readers: four executions in optimal mode" rwlock_orders

# glibc's own locks are invisible: a switch inside libc (localtime_r frees
# under its time-zone lock) let the other thread block on that lock, and
# every preempt or PCT execution was called a hang
libc_lock_clean ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 --mode "$1" --bound "$2" \
    -o "$tmp/libc_lock-$1.json" -- "$prog_dir/libc_lock_ok" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  # a PCT sample, or schedules the preemption bound left out, are not
  # clean: 6 (0 only when the bound left nothing out)
  { [ "$st" -eq 6 ] || { [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/libc_lock-$1.json" '$.bounds_hit[*]')" ]; }; } \
    && [ -z "$(json_path "$tmp/libc_lock-$1.json" '$.findings[*].kind')" ] \
    && [ "$(json_path "$tmp/libc_lock-$1.json" '$.executions')" -gt 1 ] \
    && ! grep -q 'watchdog' "$tmp/out"
}
ok "libc_lock_ok (preempt): a switch never waits for a lock inside libc" libc_lock_clean preempt 1
ok "libc_lock_ok (pct): a switch never waits for a lock inside libc" libc_lock_clean pct 20

spin_waits ()
{
  "$AUGUR" explore --no-progress --max-steps 2000 -o "$tmp/spin.json" -- "$B/spin" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/spin.json" '$.executions')" = 3 ] \
    && [ -z "$(json_path "$tmp/spin.json" '$.bounds_hit[*]')" ] \
    && [ "$(json_path "$tmp/spin.json" '$.mode')" = optimal ] \
    && results_findings "$tmp/spin.json" | grep -q "^data-race spin.c:23 spin.c:13"
}
ok "a loop that only re-reads a flag waits for its write: complete, no step bound" spin_waits
# ... also while it holds a lock (a pool waiting for its workers under
# its execution lock), and under --sync-only, where plain accesses are no
# steps but Await still sees them; a loop whose writer needs the held
# lock is a hang
spin_held ()
{
  "$AUGUR" explore --no-progress -o "$tmp/sh.json" -- "$B/spin_held" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ -z "$(json_path "$tmp/sh.json" '$.bounds_hit[*]')" ] \
    && [ "$(json_path "$tmp/sh.json" '$.executions')" -le 20 ] \
    && results_findings "$tmp/sh.json" | grep -q "^data-race spin_held.c:20 spin_held.c:32" || return 1
  "$AUGUR" explore --no-progress --sync-only -o "$tmp/sho.json" -- "$B/spin_held" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  # the race is no step there: the search ends, but is not complete
  [ "$st" -eq 6 ] && [ -z "$(json_path "$tmp/sho.json" '$.bounds_hit[*]')" ] \
    && [ "$(json_path "$tmp/sho.json" '$.analysis.complete')" = false ] \
    && [ "$(json_path "$tmp/sho.json" '$.executions')" -le 10 ]
}
ok "spin_held: a loop under a lock waits for its write: the race, complete (--sync-only: ends, incomplete)" spin_held
ok "spin_held_hang: a loop under the lock its writer needs: the hang" \
  mode_finding optimal spin_held_hang "hang spin_held_hang.c:28"

# futexes called through syscall(), as lock libraries do (runtime/rt-futex.c):
# a correct three-state futex mutex explores to the end (the waiter waits
# for the holder's write instead of blocking the server), a broken one
# shows its lost increment
ok "futex_lock_ok: a futex mutex through syscall(): complete, no finding" clean_complete futex_lock_ok
ok "futex_lock: a futex mutex with a split test-and-set: the lost increment" \
  finding futex_lock "assertion futex_lock.c:60"
# a timed FUTEX_WAIT either times out or is woken by a write of its word:
# a waiter that gives up on ETIMEDOUT is no hang, and the woken ending is
# explored too
ok "futex_timed_ok: a timed futex lock that gives up: complete, no finding" \
  clean_complete futex_timed_ok
ok "futex_timed: a timed futex wait woken before the data is written" \
  finding futex_timed "assertion futex_timed.c:35"
# a compare-exchange spin lock resets its `expected` local after each
# failed attempt (which wrote it with no step): the loop still waits for
# the holder's release (runtime/rt-sched-await.c), and a hang names the
# lock word, not the local
ok "cas_spin_ok: a compare-exchange spin lock: complete, no finding" clean_complete cas_spin_ok
cas_spin_hang ()
{
  "$AUGUR" explore --no-progress -o "$tmp/csh.json" -- "$prog_dir/cas_spin_hang" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q 'complete: every interleaving' "$tmp/out" \
    && grep -q 'waits in a loop at cas_spin_hang.c:14 for held_lock to change' "$tmp/out"
}
ok "cas_spin_hang: a spin lock never released: a hang on held_lock" cas_spin_hang
# a condition wait's wake-up comes after its mutex's last release, so a
# signal made under the mutex is before it: optimal DPOR must not reverse
# the two into a state where the mutex is held (an infeasible run)
no_infeasible ()
{
  "$AUGUR" explore --no-progress -- "$prog_dir/$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && grep -q '^3 executions, 0 sleep-set blocked, 0 infeasible, 0 diverged' "$tmp/out"
}
ok "lost_wakeup_ok: no infeasible run around a signal under the mutex" no_infeasible lost_wakeup_ok
ok "c11_cond_ok: the same with C11 cnd_wait" no_infeasible c11_cond_ok
# pthread_kill with a handler: the handler runs as its target's steps,
# tried between any two of them (both DPOR modes, fibers and real
# threads), and while the target is blocked
signal_between ()
{
  for mode in optimal dpor; do
    "$AUGUR" explore --no-progress --mode $mode -- "$prog_dir/signal_between" >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    [ "$st" -eq 6 ] || [ "$st" -eq 0 ] || [ "$st" -eq 1 ] || return 1
    grep -q '^assertion signal_between.c:41' "$tmp/out" || return 1
    grep -q 'complete: every interleaving' "$tmp/out" || return 1
  done
  AUGUR_FIBERS=0 "$AUGUR" explore --no-progress -- "$prog_dir/signal_between" >"$tmp/out" 2>&1
  cat "$tmp/out"
  grep -q '^assertion signal_between.c:41' "$tmp/out"
}
ok "signal_between: a signal between two writes of its target: the assertion" signal_between
ok "signal_hold_ok: a worker paused by a signal while blocked: complete, no finding" \
  clean_complete signal_hold_ok
# a signal its target blocks (pthread_sigmask) stays pending until
# unblocked, and its handler runs then; the steps the target makes in
# between could as well come before the kill
signal_mask_ok ()
{
  clean_complete signal_mask_ok || return 1
  "$AUGUR" explore --no-progress --mode dpor -o "$tmp/smd.json" -- "$prog_dir/signal_mask_ok" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ "$(json_path "$tmp/smd.json" '$.executions')" -eq 4 ] || return 1
  AUGUR_FIBERS=0 "$AUGUR" explore --no-progress -o "$tmp/smt.json" -- "$prog_dir/signal_mask_ok" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ "$(json_path "$tmp/smt.json" '$.executions')" -eq 4 ]
}
ok "signal_mask_ok: a signal blocked around an update: complete, no finding" signal_mask_ok
signal_mask ()
{
  "$AUGUR" explore --no-progress -o "$tmp/sm.json" -- "$prog_dir/signal_mask" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/sm.json" '$.executions')" -eq 4 ] \
    && results_findings "$tmp/sm.json" | grep -q "^assertion signal_mask.c:46" \
    && "$AUGUR" replay "$tmp/sm.json" 2>&1 | grep -q "^reproduced: assertion signal_mask.c:46"
}
ok "signal_mask: a signal unblocked before the update is done: the assertion, replayed" signal_mask
# the calls that wait for a signal are the scheduler's (a real one would
# block the execution): sigwait takes a signal its thread blocks, sent to
# the thread or to the process, after the kill that sent it; pause can
# miss the signal; sigsuspend cannot; sigtimedwait may time out first.
# Fibers and real threads.
signal_waits ()
{
  for f in 1 0; do
    AUGUR_FIBERS=$f clean_complete sigwait_ok || return 1
    [ "$(json_path "$tmp/sigwait_ok.json" '$.executions')" -eq 2 ] || return 1
    AUGUR_FIBERS=$f clean_complete sigsuspend_ok || return 1
    AUGUR_FIBERS=$f finding sigwait_race "data-race sigwait_race.c:28 sigwait_race.c:16" || return 1
    AUGUR_FIBERS=$f finding pause_lost "deadlock pause_lost.c:24" || return 1
    grep -q "thread 1 waits for a signal that never comes" "$tmp/out" || return 1
    AUGUR_FIBERS=$f finding sigtimedwait_poll "assertion sigtimedwait_poll.c:25" || return 1
    AUGUR_FIBERS=$f "$AUGUR" explore --no-progress -o "$tmp/stp.json" -- "$prog_dir/sigtimedwait_poll" poll \
      >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    [ "$st" -eq 0 ] && grep -q "(complete: every interleaving up to equivalence); 0 findings" "$tmp/out" \
      && grep -q " 0 infeasible" "$tmp/out" || return 1
  done
}
ok "signal waits: sigwait, sigsuspend, pause, sigtimedwait, by thread and process kills" signal_waits
# a program with a malloc of its own: the runtime never runs it for its
# own needs (pthread_getattr_np in one execution only: the others left
# their schedules; a thread's start block through __libc_malloc, which
# the allocator defines too: threads that do not exist), and strdup
# allocates with it as glibc's does
own_malloc ()
{
  "$AUGUR" explore --no-progress -o "$tmp/omt.json" -- "$prog_dir/own_malloc_tls" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q " 0 diverged" "$tmp/out" \
    && grep -q "complete: every interleaving" "$tmp/out" \
    && results_findings "$tmp/omt.json" | grep -q "^data-race own_malloc_tls.c" || return 1
  (cd "$tmp" && "$AUGUR" record -o oml.trace -- "$prog_dir/own_malloc_libc") >"$tmp/out" 2>&1
  cat "$tmp/out"
  grep -q ": 3 threads," "$tmp/out" \
    && ! "$AUGUR" trace show "$tmp/oml.trace" 2>&1 | grep "parent=none" | grep -v "^T0 " || return 1
  "$AUGUR" explore --no-progress -o "$tmp/oml.json" -- "$prog_dir/own_malloc_libc" >"$tmp/out" 2>&1
  cat "$tmp/out"
  results_findings "$tmp/oml.json" | grep -q "^data-race own_malloc_libc.c:75 own_malloc_libc.c:75" \
    || return 1
  [ "$("$prog_dir/own_malloc_strdup")" = "hello hello" ] || return 1
  clean_complete own_malloc_strdup
}
ok "own_malloc: a program's own malloc is its own: no divergence, no phantom thread, strdup" own_malloc
ok "many_joined_ok: 600 threads one after the other on fibers: complete, no finding" \
  clean_complete many_joined_ok
# a run that leaves its schedule (the program behaves differently each
# run) cuts the exploration short: the results file, the report and the
# SARIF log say so, not only the summary line; stderr says where the
# first run left its schedule
diverged_said ()
{
  rm -f "$tmp/dvcount"
  "$AUGUR" explore --no-progress -o "$tmp/dv.json" -- "$prog_dir/diverge" "$tmp/dvcount" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && [ "$(json_path "$tmp/dv.json" '$.bounds_hit[*]')" = diverged ] \
    && [ "$(json_path "$tmp/dv.json" '$.analysis.complete')" = false ] || return 1
  # where: the thread the schedule named, what it was to do, what it did
  # (the fclose of the count's file, a step on the descriptor table, is
  # where the second run's main first differs)
  grep -q "the first left its schedule at step [0-9]*, thread 0 was to do the read at diverge.c:35 (main) and was about to do the atomic_rmw at diverge.c:33 (main) instead" "$tmp/out" || return 1
  "$AUGUR" report -o "$tmp/dvrep" "$tmp/dv.json" >/dev/null 2>&1 || return 1
  ! grep -q "not cut short" "$tmp/dvrep/index.html" \
    && grep -q 'id="analysis">incomplete' "$tmp/dvrep/index.html" || return 1
  "$AUGUR" report -f sarif -o "$tmp/dv.sarif" "$tmp/dv.json" >/dev/null 2>&1 || return 1
  [ "$(json_path "$tmp/dv.sarif" '$.runs[0].invocations[0].toolExecutionNotifications[0].level')" = warning ]
}
ok "diverge: a run off its schedule: exit 6, and the results and reports say incomplete" diverged_said
# ThreadSanitizer's annotations (code calls them under __SANITIZE_THREAD__):
# they link, an ignored read is not recorded, the other race is reported
tsan_annotate ()
{
  "$AUGUR" explore --no-progress -o "$tmp/ta.json" -- "$prog_dir/tsan_annotate" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(results_findings "$tmp/ta.json")" = "data-race tsan_annotate.c:42 tsan_annotate.c:28" ]
}
ok "tsan_annotate: TSan's annotations link and ignore what they say" tsan_annotate
# a timed lock is taken or times out (time is virtual): backing off is no
# deadlock nor lock-order inversion, a timed relock of one's own normal
# mutex times out, and the timed-out ending is explored
timedlock_ok ()
{
  clean_complete timedlock_ok || return 1
  AUGUR_FIBERS=0 "$AUGUR" explore --no-progress -o "$tmp/tlt.json" -- "$prog_dir/timedlock_ok" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/tlt.json" '$.findings[*].kind')" ]
}
ok "timedlock_ok: timed locks that give up: complete, no finding" timedlock_ok
for m in optimal dpor; do
  ok "timedlock_timeout ($m): a timed lock that times out" mode_finding $m timedlock_timeout \
    "assertion timedlock_timeout.c:41"
done
# the time a program reads is the virtual clock, a function of the
# schedule: a loop that branches on the microseconds it reads (all four
# clock functions) takes the same path in every replay of a prefix, no run
# leaves its schedule, fibers or forked processes alike (with the kernel's
# clock, LD_PRELOADed over the runtime's, most runs diverged)
clock_branch ()
{
  clean_complete clock_branch_ok || return 1
  grep -q '^[0-9]* executions, 0 sleep-set blocked, 0 infeasible, 0 diverged' "$tmp/out" || return 1
  AUGUR_FIBERS=0 "$AUGUR" explore --no-progress -o "$tmp/cbf.json" -- "$prog_dir/clock_branch_ok" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/cbf.json" '$.bounds_hit[*]')" ] \
    && grep -q '^[0-9]* executions, 0 sleep-set blocked, 0 infeasible, 0 diverged in .*(complete: every interleaving up to equivalence)' "$tmp/out"
}
ok "clock_branch_ok: a path that depends on the clock: no run left its schedule, complete" clock_branch
# a 16-byte _Atomic (a tagged pointer): its scheduling point comes before
# the runtime's stripe lock, or every run hangs
ok "atomic16_ok: a 16-byte atomic updated by compare-exchange: complete, no finding" \
  clean_complete atomic16_ok
# C11 fences synchronise (7.17.4): fence to fence, fence to atomic and
# atomic to fence message passing is no data race; without the acquire
# fence, or with the flag stored by a thread that did not fence, it is
fence_race ()
{
  finding fence_race "data-race fence_race.c:19 fence_race.c:40" || return 1
  [ "$(results_findings "$tmp/fence_race.json" | grep -c '^data-race')" -eq 2 ] \
    && results_findings "$tmp/fence_race.json" | grep -q '^data-race fence_race.c:20 fence_race.c:44'
}
ok "fence_ok: message passing through C11 fences: complete, no finding" clean_complete fence_ok
ok "fence_race: the same without the acquire fence: both data races" fence_race
ok "fence_rmw_ok: a relaxed read-modify-write then an acquire fence: no data race" \
  clean_complete fence_rmw_ok
# C11 release sequences (7.17.3) go on through the releasing thread's
# later stores, relaxed ones too, and read-modify-writes of any thread:
# an acquire that reads them synchronises, no data race; a write after
# the release store, or a store of another thread in between, races
relseq_race ()
{
  finding relseq_race "data-race relseq_race.c:20 relseq_race.c:40" || return 1
  [ "$(results_findings "$tmp/relseq_race.json" | grep -c '^data-race')" -eq 2 ] \
    && results_findings "$tmp/relseq_race.json" | grep -q '^data-race relseq_race.c:22 relseq_race.c:42'
}
ok "relseq_ok: a relaxed store after a release by the same thread continues it: no data race" \
  clean_complete relseq_ok
ok "relseq_race: a write after the release, a store of another thread: both data races" relseq_race
# an atomic instruction in inline assembly makes no call into the runtime
# (explorer/unseen-atomics.h): augur names it and the search that ends is
# incomplete (exit 6, bounds_hit "unseen-atomics"), not complete
unseen_atomic ()
{
  "$AUGUR" explore --no-progress -o "$tmp/asm.json" -- "$prog_dir/asm_atomic" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && [ "$(json_path "$tmp/asm.json" '$.bounds_hit[*]')" = unseen-atomics ] \
    && grep -q 'asm_atomic.c:17: lock xadd' "$tmp/out" \
    && grep -q 'incomplete: 1 instruction augur cannot see (asm_atomic.c:17, lock xadd)' "$tmp/out"
}
ok "asm_atomic: a lock xadd in inline assembly is named, the search incomplete" unseen_atomic
ok "asm_fence_ok: the lock-add-zero-to-the-stack fence is no unseen instruction" \
  clean_complete asm_fence_ok
# the same with the instruction in a shared library built with augur-cc,
# which the execution server loads
unseen_atomic_dso ()
{
  "$AUGUR_CC_BIN" -O1 -g -fPIC -shared -o "$tmp/libasmat.so" \
    "$top_srcdir/tests/explorer/asm_atomic_lib.c" || return 1
  "$AUGUR_CC_BIN" -O1 -g -o "$tmp/asm_atomic_dso" "$top_srcdir/tests/explorer/asm_atomic_dso.c" \
    -L"$tmp" -lasmat -Wl,-rpath,"$tmp" || return 1
  "$AUGUR" explore --no-progress -o "$tmp/asmdso.json" -- "$tmp/asm_atomic_dso" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && [ "$(json_path "$tmp/asmdso.json" '$.bounds_hit[*]')" = unseen-atomics ] \
    && grep -q 'asm_atomic_lib.c:8: lock xadd in lib_fetch_add' "$tmp/out"
}
ok "asm_atomic_dso: the same in a shared library built with augur-cc" unseen_atomic_dso
# a parked waiting loop asked for by a reversal runs one more iteration:
# no execution diverges, the search completes, the skipped item is found
await_replay ()
{
  "$AUGUR" explore --no-progress -o "$tmp/await_replay.json" -- "$prog_dir/await_replay" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q '^[0-9]* executions, 0 sleep-set blocked, 0 infeasible, 0 diverged in .*(complete: every interleaving up to equivalence)' "$tmp/out" \
    && results_findings "$tmp/await_replay.json" | grep -q '^assertion await_replay.c:70'
}
ok "await_replay: a reversal asks a parked waiting loop for one more iteration: it runs" await_replay
# errno: one address for every fiber, each thread's own value
ok "errno_ok: two threads setting errno share nothing: complete, no finding" clean_complete errno_ok

step_bound ()
{
  "$AUGUR" explore --no-progress --max-steps 500 -o "$tmp/spinw.json" -- "$B/spin_write" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && json_path "$tmp/spinw.json" '$.bounds_hit[*]' | grep -qx steps \
    && grep -q "(incomplete: .*cut by the step bound" "$tmp/out" \
    && grep -q "in the first run cut there, thread 1 made 4[0-9][0-9] of its last 500 steps: 4[0-9][0-9] in spin() (at spin_write.c:18 first)" "$tmp/out"
}
ok "a spinning execution that writes is cut by the step bound: incomplete, said, and where it spun" step_bound
watchdog ()
{
  "$AUGUR" explore --no-progress --exec-timeout 1 -o "$tmp/sleeper.json" -- "$B/sleeper" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && results_findings "$tmp/sleeper.json" | grep -q "^hang sleeper.c" \
    && [ "$(json_path "$tmp/sleeper.json" '$.findings[*].severity')" = warning ] \
    && grep -q "killed by the watchdog were run again before being called a hang" "$tmp/out" \
    && grep -q "Thread 1 waits in a read at sleeper.c:16 on a descriptor augur does not model" "$tmp/out"
}
ok "a read of a pipe augur does not model: watchdog, run again, a hang that may be the world's (6)" \
  watchdog
# slow_once: its first run computes for seconds (as one starved on a
# loaded machine), later ones do not: killed once, run again, no hang
slow_once ()
{
  SLOW_ONCE_MARK="$tmp/slow_once.mark" \
    "$AUGUR" explore --no-progress --exec-timeout 1 -o "$tmp/slow_once.json" -- "$B/slow_once" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -e "$tmp/slow_once.mark" ] \
    && [ -z "$(json_path "$tmp/slow_once.json" '$.findings[*].kind')" ] \
    && grep -q "1 execution(s) killed by the watchdog were run again" "$tmp/out"
}
ok "a run the watchdog killed once and that ends when run again is no hang" slow_once

not_instrumented ()
{
  "$AUGUR" explore --no-progress -o "$tmp/plain.json" -- "$B/plain-cc" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 3 ] && grep -q "augur-cc" "$tmp/out"
}
ok "a program not built with augur-cc: exit 3, and says so" not_instrumented
# C++ compiled and linked in one step is instrumented; a program whose
# objects augur-cc did not compile is refused (it ran one schedule and
# said "complete")
cxx_one_step ()
{
  AUGUR_CC=g++ "$AUGUR_CC_BIN" -O1 -g -o "$tmp/cxx" "$top_srcdir/tests/explorer/cxx_lost_update.cpp" \
    || return 1
  "$AUGUR" explore --no-progress -o "$tmp/cxx.json" -- "$tmp/cxx" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/cxx.json" | grep -q "^assertion cxx_lost_update.cpp:25"
}
if command -v g++ >/dev/null 2>&1; then
  ok "a C++ source compiled and linked in one step by augur-cc is instrumented" cxx_one_step
else
  skip "a C++ source compiled and linked in one step by augur-cc is instrumented" "no g++"
fi
# optimal DPOR explores every trace whatever order the threads are
# created in (a sleeping thread that commutes with a reversal does not make
# it redundant when a later step would wake it)
chain_order ()
{
  "$AUGUR" explore --no-progress -o "$tmp/co.json" -- "$prog_dir/chain_order" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/co.json" '$.executions')" = 16 ] \
    && results_findings "$tmp/co.json" | grep -q "^assertion chain_order.c:54"
}
ok "chain_order: threads created out of order, every trace explored, the failure found" chain_order
# a failure reported through the exit status is a finding (an error when
# the first execution exited 0)
exit_status ()
{
  "$AUGUR" explore --no-progress -o "$tmp/es.json" -- "$prog_dir/exit_status" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/es.json" | grep -q "^assertion:exit-status exit_status.c:30" \
    && [ "$(json_path "$tmp/es.json" '$.findings[0].severity')" = error ] \
    && grep -q "exit status 1 (the first execution: 0)" "$tmp/out" || return 1
  # its replay's one run is the failing schedule: no "as the first execution did"
  "$AUGUR" replay "$tmp/es.json#1" >"$tmp/rout" 2>&1
  st=$?
  cat "$tmp/rout"
  [ "$st" -eq 1 ] && grep -q "^reproduced: .*exit status 1: in this interleaving the program reports a failure" "$tmp/rout"
}
ok "exit_status: a test that fails through its exit status is found, and replayed as such" exit_status
# an exit status only some interleavings end with is an error, even when
# the first execution ends with it; one every execution ends with stays a
# warning (the program may fail whatever the interleaving)
exit_varies ()
{
  "$AUGUR" explore --no-progress -o "$tmp/ev.json" -- "$prog_dir/exit_varies" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/ev.json" '$.executions')" = 2 ] \
    && results_findings "$tmp/ev.json" | grep -q "^assertion:exit-status exit_varies.c:" \
    && [ "$(json_path "$tmp/ev.json" '$.findings[0].severity')" = error ] \
    && grep -q "exit status 1 (another execution: 0): in this interleaving" "$tmp/out" || return 1
  "$AUGUR" replay "$tmp/ev.json#1" >"$tmp/rout" 2>&1
  st=$?
  cat "$tmp/rout"
  [ "$st" -eq 1 ] && grep -q "^reproduced: .*exit status 1: in this interleaving" "$tmp/rout" || return 1
  "$AUGUR" explore --no-progress -o "$tmp/ea.json" -- "$prog_dir/exit_varies" always >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ "$(json_path "$tmp/ea.json" '$.findings[0].severity')" = warning ] \
    && grep -q "exit status 1, as every execution that ended normally did" "$tmp/out"
}
ok "exit_varies: an exit status that depends on the interleaving is an error, not a warning" exit_varies
# C++ globals and functions are named as the source names them, not by
# their mangled symbols (_ZL5ready, _ZN5stats6totalsE+4, _ZN7Counter4workEPv)
cxx_names ()
{
  AUGUR_CC=g++ "$AUGUR_CC_BIN" -O1 -g -o "$tmp/cxxn" "$top_srcdir/tests/explorer/cxx_names.cpp" \
    || return 1
  "$AUGUR" explore --no-progress -o "$tmp/cxxn.json" -- "$tmp/cxxn" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  objects=$(json_path "$tmp/cxxn.json" '$.findings[*].object' | sort | tr '\n' ' ')
  functions=$(json_path "$tmp/cxxn.json" '$.findings[*].accesses[*].function' | sort -u | tr '\n' ' ')
  echo "objects: $objects; functions: $functions"
  [ "$st" -eq 1 ] \
    && [ "$objects" = "Counter::hits ready seen stats::totals.finished " ] \
    && [ "$functions" = "Counter::work main " ] \
    && ! grep -q '_Z' "$tmp/cxxn.json" "$tmp/out"
}
if command -v g++ >/dev/null 2>&1; then
  ok "C++ variables and functions are named as in the source, not mangled" cxx_names
else
  skip "C++ variables and functions are named as in the source, not mangled" "no g++"
fi
# C++ (libstdc++'s thread-local variables, the program's thread_local):
# fibers with thread pointers of their own, the counts of real threads; a
# thread_local object with a destructor: forked, and the note says why
cxx_tls ()
{
  AUGUR_CC=g++ "$AUGUR_CC_BIN" -O1 -g -o "$tmp/cxxt" "$top_srcdir/tests/explorer/cxx_tls_ok.cpp" \
    && AUGUR_CC=g++ "$AUGUR_CC_BIN" -O1 -g -o "$tmp/cxxd" "$top_srcdir/tests/explorer/cxx_tls_dtor.cpp" \
    || return 1
  "$AUGUR" explore --no-progress -o "$tmp/cxxt.json" -- "$tmp/cxxt" >"$tmp/out" 2>&1
  st=$?
  AUGUR_FIBERS=0 "$AUGUR" explore --no-progress -o "$tmp/cxxt0.json" -- "$tmp/cxxt" >"$tmp/out0" 2>&1
  st0=$?
  "$AUGUR" explore --no-progress -o "$tmp/cxxd.json" -- "$tmp/cxxd" >"$tmp/outd" 2>&1
  std=$?
  cat "$tmp/out" "$tmp/out0" "$tmp/outd"
  [ "$st" -eq 0 ] && [ "$st0" -eq 0 ] && [ "$std" -eq 0 ] \
    && ! grep -q "forked processes" "$tmp/out" \
    && grep -q "(complete: every interleaving up to equivalence); 0 findings" "$tmp/out" \
    && [ "$(json_path "$tmp/cxxt.json" '$.executions')" = "$(json_path "$tmp/cxxt0.json" '$.executions')" ] \
    && grep -q "forked processes with real threads, the slower way: the program has thread_local objects with destructors" "$tmp/outd"
}
if command -v g++ >/dev/null 2>&1; then
  ok "C++ threads run as fibers with thread-local storage of their own" cxx_tls
else
  skip "C++ threads run as fibers with thread-local storage of their own" "no g++"
fi
linked_only ()
{
  cc -O1 -g -c -o "$tmp/plain.o" "$top_srcdir/tests/explorer/assert.c" 2>/dev/null \
    || gcc -O1 -g -c -o "$tmp/plain.o" "$top_srcdir/tests/explorer/assert.c" || return 1
  "$AUGUR_CC_BIN" -o "$tmp/linked_only" "$tmp/plain.o" -lpthread || return 1
  "$AUGUR" explore --no-progress -o "$tmp/lo.json" -- "$tmp/linked_only" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 3 ] && grep -q "none of its code was compiled by it" "$tmp/out"
}
ok "a program only linked by augur-cc: exit 3, and says so" linked_only
# replay --gdb: the program runs under gdb and stops (SIGTRAP) just
# before the schedule's last step, the assertion's
under_gdb ()
{
  "$AUGUR" explore --no-progress -o "$tmp/gdb.json" -- "$prog_dir/assert" >/dev/null 2>&1
  [ $? -eq 1 ] || return 1
  timeout 120 "$AUGUR" replay --gdb "$tmp/gdb.json" </dev/null >"$tmp/out" 2>&1
  cat "$tmp/out"
  grep -q "it stops before step [0-9]* of the schedule" "$tmp/out" \
    && grep -q "received signal SIGTRAP" "$tmp/out" \
    && ! grep -q "Assertion .* failed" "$tmp/out"
}
if command -v gdb >/dev/null 2>&1; then
  ok "replay --gdb stops before the bug's step" under_gdb
else
  skip "replay --gdb stops before the bug's step" "no gdb"
fi

usage ()
{
  "$AUGUR" explore --mode nonsense -- /bin/true >/dev/null 2>&1
  [ $? -eq 2 ]
}
ok "bad --mode: exit 2" usage

tap_done

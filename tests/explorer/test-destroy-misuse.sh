#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A second destroy of an object destroyed already and not initialised
# since is a misuse for every kind of object (mutex, rwlock, condition
# variable, barrier, spinlock, semaphore), named with both destroys and
# replayed; init, destroy, init, destroy is not, nor is a static
# initialiser in a stack slot that held a destroyed object.  Such an
# object is a new one for a use too (no use after destroy), in a reused
# stack slot or a reused heap block; a use with no initialisation since
# the destroy stays one, whatever the bytes the destroy left.  What
# follows a use after destroy in its execution is not reported apart.
# Objects reset and freed under their waiters are explored off no schedule.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-destroy.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

# double_destroy's finding about OBJ (of kind KIND), whose two destroys
# are at lines FIRST (the worker's) and SECOND (main's): found, replayed,
# an error explained with both
double_destroy () # OBJ KIND FIRST SECOND
{
  finding double_destroy "misuse:double-destroy double_destroy.c:$3 double_destroy.c:$4" || return 1
  i=$(($(results_findings "$tmp/double_destroy.json" | grep -n "^misuse:double-destroy double_destroy.c:$3 " | cut -d: -f1) - 1))
  f="\$.findings[$i]"
  [ "$(json_path "$tmp/double_destroy.json" "$f.severity") $(json_path "$tmp/double_destroy.json" "$f.object_kind") $(json_path "$tmp/double_destroy.json" "$f.object")" = "error $2 $1" ] \
    && json_path "$tmp/double_destroy.json" "$f.explanation" \
       | grep -q "^Double destroy: main destroys \`$1\` at double_destroy.c:$4 (step [0-9]*), which was destroyed already, by thread 1 at double_destroy.c:$3 (step [0-9]*), and not initialised since"
}
ok "double_destroy: a mutex destroyed twice" double_destroy m mutex 22 42
ok "double_destroy: a read-write lock destroyed twice" double_destroy rw rwlock 23 43
ok "double_destroy: a condition variable destroyed twice" double_destroy c condition 24 44
ok "double_destroy: a barrier destroyed twice" double_destroy b barrier 25 45
ok "double_destroy: a spinlock destroyed twice" double_destroy s spinlock 26 46
ok "double_destroy: a semaphore destroyed twice" double_destroy sem semaphore 27 47
ok "double_destroy: six findings, one per object" eval '[ "$(results_findings "$tmp/double_destroy.json" | wc -l)" -eq 6 ]'
# a spinlock initialised again after its destroy was an init-in-use
ok "double_destroy_reinit_ok: two lives of every object, static locals reused: no finding" clean_complete double_destroy_reinit_ok

# the second call's statically initialised locals, in the first call's
# stack slots, are new objects: they were reported as used after destroy
# and destroyed twice
ok "destroy_reuse_ok: local mutex, cond, rwlock of a function called twice: no finding" clean_complete destroy_reuse_ok

# the uses after destroy in the second call, and only those: the read-write
# lock's bytes equal PTHREAD_RWLOCK_INITIALIZER's (glibc's destroy writes
# none), still a use after destroy as nothing wrote them since
reuse_bad ()
{
  finding destroy_reuse_bad "misuse:use-after-destroy destroy_reuse_bad.c:27 destroy_reuse_bad.c:33" || return 1
  [ "$(results_findings "$tmp/destroy_reuse_bad.json" | sort)" = "misuse:use-after-destroy destroy_reuse_bad.c:25 destroy_reuse_bad.c:30
misuse:use-after-destroy destroy_reuse_bad.c:26 destroy_reuse_bad.c:32
misuse:use-after-destroy destroy_reuse_bad.c:27 destroy_reuse_bad.c:33" ]
}
ok "destroy_reuse_bad: a use after destroy in the reused slots is still one; the new objects are not" reuse_bad

# a block handed out again (--malloc-reuse) holds new objects, set up by
# copying their initialisers: no use after destroy, no double destroy, no
# uninitialised use (tests/explorer/test-uninit-misuse.sh)
reuse_heap ()
{
  "$AUGUR" explore --no-progress --malloc-reuse -o "$tmp/heap.json" -- "$prog_dir/destroy_reuse_heap" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && grep -q '(complete: every interleaving up to equivalence)' "$tmp/out" \
    && [ -z "$(results_findings "$tmp/heap.json")" ]
}
ok "destroy_reuse_heap: objects in a reused heap block are new objects" reuse_heap

# a local lock set up by its initialiser, used and never destroyed, ends
# with its function's frame: the init of the next function's lock in that
# stack slot is of a new object (it was an init-in-use); inits of locals
# still alive, or of a mutex left locked when its frame ended, stay ones
ok "local_scope_reinit_ok: a local lock's slot initialised by the next function: no finding" \
   clean_complete local_scope_reinit_ok
scope_bad ()
{
  finding local_scope_reinit_bad "misuse:init-in-use local_scope_reinit_bad.c:26" || return 1
  [ "$(results_findings "$tmp/local_scope_reinit_bad.json" | sort)" = "misuse:init-in-use local_scope_reinit_bad.c:15
misuse:init-in-use local_scope_reinit_bad.c:26
misuse:init-in-use local_scope_reinit_bad.c:44" ]
}
ok "local_scope_reinit_bad: inits of live locals and of a held one are still reported" scope_bad

# a mutex destroyed while workers still lock it, count under it and wait
# on a condition with it: the use after destroy is the finding (and the
# destroy of the held mutex, a bug of its own); the failed calls after it
# (an unlock after a refused wait, an unlock of a lock that failed, a wait
# refused) and the races on what it no longer protects are its
# consequences.  They were reported as a "double unlock ... unlocked it
# already at" a wait, a "wait ... which it does not hold: thread 1 locks
# it", and a data race on `count`.  The race on `unguarded`, before any
# lock, is one of its own.  A failed unlock shows as an unlock, never as
# an atomic load of the mutex.
cascade ()
{
  finding destroy_cascade "misuse:use-after-destroy destroy_cascade.c:40 destroy_cascade.c:" || return 1
  results_findings "$tmp/destroy_cascade.json" >"$tmp/found"
  grep -q "^misuse:destroy-held-mutex " "$tmp/found" \
    && ! grep -q "^misuse:\(double-unlock\|unlock-not-owner\|wait-without-mutex\)" "$tmp/found" \
    && [ "$(grep "^data-race" "$tmp/found")" = "data-race destroy_cascade.c:19 destroy_cascade.c:19" ] \
    && json_path "$tmp/destroy_cascade.json" '$.findings[*].explanation' \
       | grep -q "^Thread [12] .* \`m\` at destroy_cascade.c:[0-9]* (step [0-9]*) after it was destroyed, by main at destroy_cascade.c:40 (step [0-9]*): .* the misuses of it after this one, and the data races between threads whose calls on it failed before the race, follow from this bug and are not reported apart" \
    && json_path "$tmp/destroy_cascade.json" '$.findings[*].parts[*].schedule[*]' >"$tmp/steps" \
    && grep -q '"op":"unlock","object":"m"' "$tmp/steps" \
    && ! grep -q '"op":"atomic-load","object":"m"' "$tmp/steps"
}
ok "destroy_cascade: a use after destroy, not the misuses and races that follow from it" cascade


# a mutex destroyed, freed with its struct, and locked by another thread
# after the destroying one exited: the use after destroy and the uses of
# freed memory, the same on fibers and on real threads (forked
# executions), where glibc's free and the thread's exit wrote their list
# links over the mutex, or (`again`) glibc handed its block to the
# destroying thread's next malloc: the lock was also reported as one of
# an uninitialised mutex (pigz), or (`again`) as nothing but that
free_exit () # FIBERS [ARG...]
{
  fibers=$1
  shift
  AUGUR_FIBERS=$fibers "$AUGUR" explore --no-progress -o "$tmp/dfe.json" -- "$prog_dir/destroy_free_exit" "$@" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && { [ "$fibers" = 1 ] || grep -q "forked processes with real threads" "$tmp/out"; } \
    && [ "$(results_findings "$tmp/dfe.json" | sort)" = "misuse:destroy-held-mutex destroy_free_exit.c:41 destroy_free_exit.c:31
misuse:use-after-destroy destroy_free_exit.c:31 destroy_free_exit.c:41
misuse:use-after-free destroy_free_exit.c:32 destroy_free_exit.c:41
misuse:use-after-free destroy_free_exit.c:32 destroy_free_exit.c:42" ]
}
ok "destroy_free_exit: a destroyed, freed mutex locked after its thread's exit: use after destroy and free" \
  free_exit 1
ok "destroy_free_exit, real threads: the same, no uninitialised mutex" free_exit 0
ok "destroy_free_exit again, real threads: the block handed out again is still freed memory" \
  free_exit 0 again
# --malloc-reuse on real threads: glibc has the block back at once, and
# its links over the mutex are no new object
reuse_free_exit ()
{
  AUGUR_FIBERS=0 "$AUGUR" explore --no-progress --malloc-reuse -o "$tmp/dfr.json" \
    -- "$prog_dir/destroy_free_exit" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/dfr.json" >"$tmp/found" \
    && grep -q "^misuse:use-after-destroy destroy_free_exit.c:31 destroy_free_exit.c:41" "$tmp/found" \
    && ! grep -q "^misuse:uninitialised-mutex" "$tmp/found"
}
ok "destroy_free_exit, real threads, --malloc-reuse: no uninitialised mutex" reuse_free_exit

# a lock that waits for a held lock, which its holder then destroys (or
# frees): the destroy is the last step dependent with the waiting lock,
# but moving the lock right before it asks for a held lock (an
# infeasible run); the lock goes before the holder's acquisition.  Was:
# 1 execution, "complete", the worker never ran.  held PROG MODE FINDING
# EXECUTIONS [ARG]: explore in MODE finds FINDING (a line prefix) in
# exactly EXECUTIONS runs (the program's traces), none infeasible
held ()
{
  "$AUGUR" explore --no-progress --mode "$2" -o "$tmp/held.json" -- "$prog_dir/$1" ${5:-} \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/held.json" | grep -q "^$3" \
    && [ "$(json_path "$tmp/held.json" '$.executions')" = "$4" ] \
    && grep -q "^$4 executions, [0-9]* sleep-set blocked, 0 infeasible, .*(complete: every interleaving" \
      "$tmp/out"
}
for mode in optimal dpor; do
  ok "held_destroy_lost, $mode: the worker's lock before main's, destroyed held: the assertion, 2 traces" \
    held held_destroy_lost $mode "assertion held_destroy_lost.c:30" 2
  ok "held_destroy_uaf, $mode: the same, freed: the worker's write after the free, 3 traces" \
    held held_destroy_uaf $mode "misuse:use-after-free held_destroy_uaf.c:35 held_destroy_uaf.c:21" 3
  ok "held_destroy_rw, $mode: a read lock waits for a write-held rwlock destroyed held: 2 traces" \
    held held_destroy_rw $mode "assertion held_destroy_rw.c:36" 2
  ok "held_destroy_rw read, $mode: a write lock waits for a read-held one: 2 traces" \
    held held_destroy_rw $mode "assertion held_destroy_rw.c:36" 2 read
  # a trylock can go right before the destroy (it fails there): it still
  # races with it
  ok "held_destroy_try, $mode: the trylock before main's lock, before and after the destroy: 3 traces" \
    held held_destroy_try $mode "misuse:use-after-destroy held_destroy_try.c:31 held_destroy_try.c:15" 3
done
preempt_held ()
{
  "$AUGUR" explore --no-progress --mode preempt -o "$tmp/held.json" -- "$prog_dir/$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/held.json" | grep -q "^$2"
}
ok "held_destroy_lost, preempt: the assertion" preempt_held held_destroy_lost "assertion held_destroy_lost.c:30"
ok "held_destroy_uaf, preempt: the use after free" preempt_held held_destroy_uaf "misuse:use-after-free"
# a wake-up still waiting at the end for the mutex main holds: its race
# with main's destroy of the condition (after main's lock) would be an
# infeasible run (was: 3 executions, 2 infeasible)
ok "held_wake: a wake-up waiting for a held mutex is not moved where it is held: 3 traces, none infeasible" \
  held held_wake optimal "misuse:destroy-waited-cond held_wake.c:19 held_wake.c:33" 3

# bsem_reset() while the workers wait: destroyed, initialised again and
# freed under them; a deterministic program, whose every run follows its
# schedule (no run "off its schedule" blamed on time or input): the
# unlock after the free publishes it to the next wake-up, and a holder's
# wait races with another thread's unlock of its lock
reinit_waited ()
{
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/reinit_waited.json" -- "$prog_dir/reinit_waited" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] \
    && grep -q '^[0-9]* executions, 0 sleep-set blocked, 0 infeasible, 0 diverged in .*(complete: every interleaving up to equivalence); [0-9]* findings' "$tmp/out"
}
ok "reinit_waited: a mutex and condition reset and freed under their waiters: no run leaves its schedule, complete" reinit_waited

tap_done

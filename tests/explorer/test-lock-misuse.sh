#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Misuses that used to hide behind a "deadlock": a thread joining itself
# (glibc returns EDEADLK and the thread goes on: a misuse, not a thread
# that never ends), and a lock of a mutex that was destroyed while held
# and freed (a use after free, though the lock then blocks for ever); and
# a recursive lock's explanation naming the mutex and the first lock.
# And deadlocks whose text hid the cause: a waiter woken by a broadcast,
# stuck re-taking its mutex, is not waiting "for a signal that never
# comes"; a wait whose signaller exited names it and its exit; a mutex's
# holder is named with where it took the lock, and that it exited holding
# it if it did; a rwlock's deadlock names the lock and its holders in
# their mode.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-lock-misuse.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

self_join ()
{
  finding misuse_self_join "misuse:self-join misuse_self_join.c:18" || return 1
  # the only finding: main's join after it succeeds (no double join, no
  # deadlock), and the assertion that the self-join said EDEADLK holds
  [ "$(results_findings "$tmp/misuse_self_join.json")" = "misuse:self-join misuse_self_join.c:18" ] \
    && json_path "$tmp/misuse_self_join.json" '$.findings[0].explanation' \
       | grep -q "^Thread 1 joins a thread at misuse_self_join.c:18 (step [0-9]*), and that thread is itself: .*EDEADLK"
}
ok "a thread joining itself: a self-join misuse, replayed; it goes on and is joined" self_join

freed_held ()
{
  finding freed_held_mutex "misuse:use-after-free freed_held_mutex.c:25 freed_held_mutex.c:26" || return 1
  f=$(results_findings "$tmp/freed_held_mutex.json" | grep -n "^misuse:use-after-free" | cut -d: -f1)
  json_path "$tmp/freed_held_mutex.json" "\$.findings[$((f - 1))].explanation" \
    | grep -q "^Main locks p->lock at freed_held_mutex.c:26 after main freed it at freed_held_mutex.c:25 (step [0-9]*): .* Here the lock blocks for ever"
}
ok "a lock of a mutex destroyed while held and freed: a use after free, replayed" freed_held

# a block freed while a thread waits to lock the mutex in it: a use after
# free at the free, with the waiter's call and the free, even when the
# block holds a new mutex by the time the waiter locks (--malloc-reuse)
wait_freed ()
{
  "$AUGUR" explore --no-progress --malloc-reuse -o "$tmp/lwf.json" -- "$prog_dir/lock_wait_freed" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  grep -q "^misuse:use-after-free lock_wait_freed.c:33 lock_wait_freed.c:19: Thread 1 waits for \`o->m\` at lock_wait_freed.c:19 while main frees the block that holds it at lock_wait_freed.c:33 (step [0-9]*): " "$tmp/out" \
    || return 1
  n=$(results_findings "$tmp/lwf.json" | grep -n "^misuse:use-after-free" | cut -d: -f1)
  "$AUGUR" replay "$tmp/lwf.json#$n" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: misuse:use-after-free" "$tmp/replay"
}
ok "a block freed while a thread waits to lock its mutex: a use after free at the free" wait_freed

recursive ()
{
  finding freed_held_mutex "misuse:recursive-lock freed_held_mutex.c:26" || return 1
  f=$(results_findings "$tmp/freed_held_mutex.json" | grep -n "^misuse:recursive-lock" | cut -d: -f1)
  json_path "$tmp/freed_held_mutex.json" "\$.findings[$((f - 1))].explanation" \
    | grep -q "^Main locks \`p->lock\` at freed_held_mutex.c:26, a normal mutex it already holds (it locked it at freed_held_mutex.c:23, step [0-9]*), and blocks for ever"
}
ok "a recursive lock names the mutex and where its holder locked it" recursive

woken ()
{
  finding woken_held "deadlock woken_held.c:20" || return 1
  grep -q "thread 1 was woken on \`c\` at woken_held.c:20 by the broadcast at woken_held.c:31 (thread 2) and waits to take \`m\` back, held by main" "$tmp/out" \
    && ! grep -q "never comes" "$tmp/out"
}
ok "a waiter woken by a broadcast, stuck taking its mutex back: said so, the holder named" woken

exited_holder ()
{
  finding exit_holding "deadlock exit_holding.c:30" || return 1
  grep -q "main waits for \`m\` at exit_holding.c:30, held by thread 1 since exit_holding.c:17 (step [0-9]*), which exited holding it\.$" "$tmp/out"
}
ok "a mutex held by a thread that exited: the deadlock says where it took it and that it exited holding it" exited_holder

# the holder's lock taken through a thin wrapper is named at its caller
exited_holder_wrapper ()
{
  finding exit_holding_wrapper "deadlock exit_holding_wrapper.c:55" || return 1
  grep -q "main waits for \`q\` at exit_holding_wrapper.c:55 (through take at exit_holding_wrapper.c:19), held by thread 1 since exit_holding_wrapper.c:33 (through take at exit_holding_wrapper.c:19; step [0-9]*), which exited holding it\.$" "$tmp/out"
}
ok "a mutex taken through a wrapper by a thread that exited: the holder's site is the wrapper's caller" exited_holder_wrapper

# a condition wait whose signallers exited says so: the only thread that
# signalled it, or, when none did, the only other thread that took its
# mutex (the one that would have signalled)
signaller_exited ()
{
  finding cond_signaller_exited "deadlock cond_signaller_exited.c:32" || return 1
  grep -q "main waits on \`more\` at cond_signaller_exited.c:32 for a signal that never comes: the last one, at cond_signaller_exited.c:20 (thread 1), came before it waited, and thread 1, the only thread that signalled \`more\` in this execution, exited before main waited (step [0-9]*; its last step was at cond_signaller_exited.c:21)\.$" "$tmp/out"
}
ok "a wait whose only signaller exited: the deadlock names it and its exit" signaller_exited

worker_stopped ()
{
  finding cond_worker_stopped "deadlock cond_worker_stopped.c:46" || return 1
  grep -q "main waits on \`done_cv\` at cond_worker_stopped.c:46 for a signal that never comes: nothing signals it in this execution, and thread 1, the only other thread that took \`m\`, exited (step [0-9]*; its last step was at cond_worker_stopped.c:31)\.$" "$tmp/out"
}
ok "a wait nothing signals, whose mutex's other user exited: the deadlock says it exited" worker_stopped

# rwlock deadlocks are told as a mutex's: the lock, the mode asked for,
# its holders in their mode since where; the blocked calls are requests
rwlock_writer_waits ()
{
  finding rwlock_deadlock "deadlock rwlock_deadlock.c:20 rwlock_deadlock.c:30" || return 1
  grep -q "thread 1 waits for \`m\` at rwlock_deadlock.c:20, held by thread 2 since rwlock_deadlock.c:29 (step [0-9]*); thread 2 waits for \`a\` at rwlock_deadlock.c:30 to lock it for writing, held for reading by thread 1 since rwlock_deadlock.c:19 (step [0-9]*)\." "$tmp/out" \
    && ! grep -q "waits for a lock" "$tmp/out" \
    && [ "$(json_path "$tmp/rwlock_deadlock.json" '$.findings[0].accesses[*].op' | sort -u)" = lock-request ]
}
ok "a writer waits for a rwlock a reader holds: named, with the reader and since where" rwlock_writer_waits

rwlock_reader_waits ()
{
  finding rwlock_deadlock "deadlock rwlock_deadlock.c:40 rwlock_deadlock.c:50" || return 1
  grep -q "thread 4 waits for \`b\` at rwlock_deadlock.c:50 to lock it for reading, held for writing by thread 3 since rwlock_deadlock.c:39 (step [0-9]*)\." "$tmp/out"
}
ok "a reader waits for a rwlock a writer holds: named, with the writer and since where" rwlock_reader_waits

rwlock_exited_readers ()
{
  finding rwlock_exit_holding "deadlock rwlock_exit_holding.c:39" || return 1
  grep -q "main waits for \`env_lock\` at rwlock_exit_holding.c:39 to lock it for writing, held for reading by main itself since rwlock_exit_holding.c:36 (through put at rwlock_exit_holding.c:18; step [0-9]*), and by thread 1 since rwlock_exit_holding.c:24 (through put at rwlock_exit_holding.c:18; step [0-9]*), which exited holding it, and by thread 2 since rwlock_exit_holding.c:24 (through put at rwlock_exit_holding.c:18; step [0-9]*), which exited holding it\.$" "$tmp/out"
}
ok "a rwlock read-held by main and by threads that exited: every reader named" rwlock_exited_readers

tap_done

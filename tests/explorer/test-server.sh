#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The execution server (runtime/rt-sched.c, rt-fiber.c, rt-snapshot.c):
# executions run one after another in one process, the program's threads
# as fibers.  Every execution must start from the state a fresh process
# has, each thread must keep what is its own, a program that needs real
# threads must fall back to forked executions (and say so), and in every
# case the counts and findings must be those of forked executions with
# real threads (AUGUR_FIBERS=0).
. "$top_srcdir/tests/tap.sh"

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-server.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

# same PROG ARGS...: the two ways give the same exit status, summary line
# (but the time) and findings; the fibers' notes are left in $tmp/fib.err,
# their results in $tmp/fib.json
same ()
{
  "$AUGUR" explore --no-progress -o "$tmp/fib.json" -- "$B/$@" >"$tmp/fib" 2>"$tmp/fib.err"
  st1=$?
  AUGUR_FIBERS=0 "$AUGUR" explore --no-progress -o "$tmp/thr.json" -- "$B/$@" >"$tmp/thr" 2>"$tmp/thr.err"
  st2=$?
  cat "$tmp/fib" "$tmp/fib.err" "$tmp/thr"
  [ "$st1" -eq "$st2" ] || return 1
  for f in fib thr; do
    # raw addresses (of memory no name covers) differ from process to process
    sed 's/ in [0-9.]* s / in T s /; s/0x[0-9a-f]*/0xADDR/g' "$tmp/$f" >"$tmp/$f.cmp"
  done
  cmp -s "$tmp/fib.cmp" "$tmp/thr.cmp"
}

# ... and why, when $1 is given
forked_note ()
{
  grep -q "ran as forked processes with real threads, the slower way: .*$1" "$tmp/fib.err"
}

# executions: how many the fibers explored
executions () { json_path "$tmp/fib.json" '$.executions'; }

# complete: every interleaving up to equivalence (optimal mode, no bound hit)
complete ()
{
  [ "$(json_path "$tmp/fib.json" '$.mode')" = optimal ] \
    && [ -z "$(json_path "$tmp/fib.json" '$.bounds_hit[*]')" ]
}

# found PATTERN: a finding of the fibers starts with PATTERN (kind and
# locations, as results_findings lists them)
found () { results_findings "$tmp/fib.json" | grep -q "^$1"; }

# findings N: the fibers found N findings
findings () { [ "$(json_path "$tmp/fib.json" '$.findings[*].kind' | wc -l)" -eq "$1" ]; }

# make check-slow (SERVER_SLOW=1): only the comparisons too long for make
# check: bounded_buffer_ok's 48,546 executions twice, forked the slow way
if [ -n "${SERVER_SLOW:-}" ]; then
  ok "corpus-bounded_buffer_ok: as with real threads" eval "same corpus-bounded_buffer_ok && ! forked_note"
  tap_done
  exit
fi

fresh ()
{
  same server_state -x || return 1
  # one finding, the race: no assertion about the starting state failed,
  # in enough executions for a leak of descriptors to show (fd < 32)
  complete && [ "$(executions)" -ge 100 ] || return 1
  findings 1 && found "data-race server_state.c:47 server_state.c:47$" || return 1
  ! forked_note
}
ok "every execution starts afresh; threads keep self, TSD and its destructor" fresh

ok "thread names: fibers keep each thread's name as the kernel does for real threads (inherited, set, read, refused)" \
  eval 'same server_thread_name && ! forked_note && findings 0 && complete'
ok "asking the kernel about a thread (scheduling, affinity, attributes): forked, as natively" \
  eval 'same server_thread_kernel && forked_note "asks the kernel about one of its threads" && findings 0 && complete'
ok "thread-local variables of the program: fibers, each thread its own copy at its own address" \
  eval 'same server_tls && ! forked_note && findings 1 && found "data-race server_tls.c:28"'
ok "stdout closed, directory and umask changed: the next execution finds them as they were" \
  eval 'same server_process && ! forked_note && findings 1 && found "data-race server_process.c:23"'
ok "every descriptor closed but the program's own: the server's copies survive, stdout comes back" \
  eval 'same fd_closefrom && ! forked_note && findings 1 && found "data-race fd_closefrom.c:21"'
ok "dup2 onto the numbers the server keeps its copies at: forked, as natively" \
  eval 'same fd_dup_high && forked_note "duplicates a descriptor onto a number the execution server uses" && findings 1 && found "data-race fd_dup_high.c:20"'
ok "a cleanup handler: that execution again, forked, and the later ones" \
  eval 'same server_cleanup && forked_note "cleanup handlers" && found "data-race server_cleanup.c:25"'
ok "fork in an execution: that execution again, forked, and the later ones" \
  eval 'same server_fork && forked_note forks && found "data-race server_fork.c:18"'
ok "a mapping of the program's own: that execution again, forked, and the later ones" \
  eval 'same server_mmap && forked_note "maps or unmaps" && found "data-race server_mmap.c:17"'
ok "thread attributes: a stack size only, and a stack of the program's own" \
  eval 'same server_attr && ! forked_note && found "data-race server_attr.c:20" \
        && ! found crash'
ok "an atexit() handler registered in main: run by the execution server, its assertion found" \
  eval 'same server_atexit && ! forked_note && found "assertion server_atexit.c:17"'
ok "exit handlers in the server: reverse order, on_exit's status, none left for the next execution" \
  eval 'same server_atexit_order && ! forked_note && complete && findings 1 \
        && found "assertion server_atexit_order.c:51"'
ok "exit() in a thread: the handlers run on it in the server, the lost update found" \
  eval 'same server_atexit_thread && ! forked_note && found "assertion server_atexit_thread.c:17"'
ok "exit handlers and main's pthread_exit: that execution again, forked, and its assertion found" \
  eval 'same server_atexit_pexit && forked_note "exit handlers" && found "assertion server_atexit_pexit.c:17"'
ok "a destructor function: run by the execution server as steps, its assertion found" \
  eval 'same server_dtor && ! forked_note && found "assertion server_dtor.c:15"'
ok "a destructor that wakes and joins a thread after main returned: run as steps before the END, in libc's order, once; no hang, no main-returns misuse" \
  eval 'same server_dtor_join && ! forked_note && complete && findings 0 \
        && [ "$(executions)" -eq 3 ]'
ok "a destructor that stops a thread without joining it: main's return still a misuse" \
  eval 'same server_dtor_nojoin && ! forked_note \
        && found "misuse:main-returns-with-threads server_dtor_nojoin.c:29"'
ok "a destructor function and main's pthread_exit: that execution again, forked, and its assertion found" \
  eval 'same server_dtor_pexit && forked_note destructors && found "assertion "'
ok "exit() in a thread ends the execution normally" \
  eval 'same server_exit && [ "$(executions)" -eq 4 ] && findings 1 && ! forked_note'

# Pages written in some executions only (rt-snapshot.c): with the writes
# tracked by the kernel where it can (then the heap page handed back must
# have been found untracked and compared), and with every page compared.
dirty ()
{
  rm -f "$tmp/stats"
  AUGUR_SERVER_STATS="$tmp/stats" same server_dirty || return 1
  # no execution lost to a blocked sleep set, an infeasible or a diverged
  # prefix: counts only the summary line gives
  grep -q "^[0-9]* executions, 0 sleep-set blocked, 0 infeasible, 0 diverged in " "$tmp/fib" \
    || return 1
  [ "$(executions)" -ge 20 ] && findings 1 && found "data-race server_dirty.c:" || return 1
  ! forked_note || return 1
  tracked=$(sed -n 's/.* tracked \([0-9]*\)$/\1/p' "$tmp/stats" | head -1)
  [ -n "$tracked" ] || return 1
  if [ "$tracked" -gt 0 ]; then
    grep -q " retracked [1-9]" "$tmp/stats" || return 1
  else
    echo "# this kernel does not track writes (userfaultfd write-protect): all compared"
  fi
}
ok "pages written in some executions only: put back, the writes tracked" dirty
ok "pages written in some executions only: put back, every page compared" \
  eval 'AUGUR_SNAPSHOT=compare dirty'

# What the server puts back after each execution leaves out the tables
# the runtime needs nothing of from one execution to the next: the
# threads' slots (rt-sched.c) and their shadow rings and frame
# generations (rt-tsan.c, 768 KiB: with them the copy weighed 2.4 MiB).
snapshot_size ()
{
  rm -f "$tmp/stats"
  AUGUR_SERVER_STATS="$tmp/stats" "$AUGUR" explore --no-progress -o "$tmp/sz.json" \
    -- "$B/corpus-lastzero" 6 >"$tmp/sz" 2>&1
  bytes=$(sed -n 's/.* bytes \([0-9]*\) .*/\1/p' "$tmp/stats" | head -1)
  echo "# the snapshot: $bytes bytes"
  [ -n "$bytes" ] && [ "$bytes" -lt 2097152 ]
}
ok "the snapshot leaves out the scheduler's thread slots, shadow rings and frame generations" \
  snapshot_size

for case in "corpus-lastzero 6" "corpus-indexer 13" "corpus-database" "corpus-philosophers" \
            "corpus-bounded_buffer" assert crash deadlock lost_wakeup \
            race_stack race_heap misuse_uninit_cond misuse_unlock_not_owner \
            main_pthread_exit_ok once_ok race_rdlock; do
  ok "$case: as with real threads" eval "same $case && ! forked_note"
done

# Forked executions are reproducible: a real thread's exit (glibc's arena
# handed on at the end of it) is over before the next step, so the next
# thread's malloc returns the same block in every run of a schedule.  Five
# runs: each complete, none off its schedule, the same counts.
forked_repeat ()
{
  first=
  for i in 1 2 3 4 5; do
    "$AUGUR" explore --no-progress -o "$tmp/rep.json" -- "$B/forked_exit_reuse" >"$tmp/rep" 2>&1
    cat "$tmp/rep"
    grep -q "ran as forked processes with real threads" "$tmp/rep" \
      && [ "$(json_path "$tmp/rep.json" '$.analysis.complete')" = true ] || return 1
    line=$(sed -n 's/^\([0-9]* executions, .* 0 diverged\) in .*/\1/p' "$tmp/rep")
    [ -n "$line" ] && [ "$line" = "${first:-$line}" ] || return 1
    [ "$(json_path "$tmp/rep.json" '$.executions')" = "${line%% *}" ] || return 1
    first=$line
  done
}
ok "forked executions: threads that free and exit, five runs alike, none diverged" forked_repeat

tap_done

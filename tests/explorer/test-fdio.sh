#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Pipes, socket pairs and eventfds between threads (runtime/rt-fdio.c):
# a read of an empty pipe under augur's scheduler, or a poll, select or
# epoll_wait for it, waits for another thread's write instead of blocking the
# execution (it was reported as a hang, exit 1, on a correct program),
# and the write orders what the writer stored before it with what the
# reader loads after its read (no data race).
# A store made after the wake-up still races, and fails the assertion; a
# read nobody ever answers is a hang naming the read's line; a pool fed
# through a pipe until its end of file is complete with no finding; a
# wait on two pipes follows its schedule whichever pipe wakes it.
# glibc's eventfd_read and eventfd_write, and epoll_pwait2, are channel
# calls too (libevent's).  A close and another thread's open, whose
# order decides which number the open gets, are ordered both ways.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-fdio.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

# clean_run PROG HOW: PROG run as `PROG HOW` is complete, no finding,
# exit 0
clean_run ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/$1$2.json" -- "$prog_dir/$1" "$2" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/$1$2.json" '$.findings[*].kind')" ] \
    && [ -z "$(json_path "$tmp/$1$2.json" '$.bounds_hit[*]')" ] \
    && grep -q '(complete: every interleaving up to equivalence)' "$tmp/out"
}
# handoff HOW: pipe_handoff_ok with a pipe (p), a socket pair (s) or a
# non-blocking read retried on EAGAIN (n), ...
handoff ()
{
  clean_run pipe_handoff_ok "$1"
}
ok "pipe_handoff_ok: a blocking read of a pipe waits for the write, no race" handoff p
ok "pipe_handoff_ok s: the same through a socket pair" handoff s
ok "pipe_handoff_ok n: a non-blocking read retried on EAGAIN" handoff n
ok "pipe_handoff_ok o: a poll without timeout waits for the write" handoff o
ok "pipe_handoff_ok t: a poll with a timeout, retried until ready" handoff t
ok "pipe_handoff_ok l: a select without timeout waits for the write" handoff l
ok "pipe_handoff_ok E: an epoll_wait without timeout waits for the write" handoff E
ok "pipe_handoff_ok e: an eventfd's read waits for its write" handoff e
# libevent's loop: glibc's eventfd_write and eventfd_read call the kernel
# inside libc, and its epoll backend waits in epoll_pwait2; both were unseen
# (a false hang, exit 1, on every threaded libevent program)
ok "pipe_handoff_ok f: glibc's eventfd_read waits for its eventfd_write" handoff f
ok "pipe_handoff_ok P: an epoll_pwait2 without timeout waits for the write" handoff P
ok "pipe_handoff_ok T: an edge-triggered epoll_wait keeps the edge its first look took" handoff T
ok "pipe_pool_ok: workers fed through a pipe until its end of file" clean_complete pipe_pool_ok
# a pipe used as a lock (a token byte read to enter, written back to
# leave): complete with no finding (the orders of its sections and the
# executions it costs: test-modes, /modes/pipe-lock/orders)
ok "pipe_lock_ok 3: a pipe's token byte as the lock of three threads" clean_run pipe_lock_ok 3
# descriptor numbers (runtime/rt-fdtable.c): a close and another
# thread's open are ordered both ways, so the failure that needs the open
# after the close (c) and the one that needs it before (o) are both found
# and replayed, in both modes; joined first (k), no finding
fd_order ()
{
  "$AUGUR" explore --no-progress --mode "$1" --exec-timeout 5 -o "$tmp/fd$1$2.json" \
    -- "$prog_dir/fd_reuse" "$2" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "(complete: every interleaving up to equivalence)" "$tmp/out" \
    && [ "$(json_path "$tmp/fd$1$2.json" '$.findings[*].kind')" = assertion ] \
    && "$AUGUR" replay "$tmp/fd$1$2.json#1" >"$tmp/replay" 2>&1
  st2=$?
  cat "$tmp/replay"
  [ "$st2" -eq 1 ] && grep -q "fd_reuse.c:$3" "$tmp/replay"
}
ok "fd_reuse c: an open after another thread's close gets its number (optimal)" fd_order optimal c 63
ok "fd_reuse o: an open before another thread's close does not (optimal)" fd_order optimal o 61
ok "fd_reuse o: the same (dpor)" fd_order dpor o 61
ok "fd_reuse s: a socket after a close (dpor)" fd_order dpor s 63
ok "fd_reuse d: a dup after a close (optimal)" fd_order optimal d 63
ok "fd_reuse k: the closer joined before the open: no finding" clean_run fd_reuse k
# io_uring: libuv added its descriptors to its epoll set through a ring,
# where augur could not see them (its loop woken through an eventfd was a
# hang); io_uring_setup now fails with ENOSYS, recording and exploring
ok "io_uring_refused: exploring, io_uring_setup fails with ENOSYS" clean_complete io_uring_refused
uring_recorded ()
{
  "$AUGUR" record -o "$tmp/iou.trace" -- "$prog_dir/io_uring_refused" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && grep -q 'ended: exit status 0' "$tmp/out"
}
ok "io_uring_refused: recording, io_uring_setup fails with ENOSYS" uring_recorded
ok "pipe_late: a store after the wake-up races with the reader" finding pipe_late "data-race pipe_late.c:18 pipe_late.c:29"
ok "pipe_late: and the reader's assertion fails" finding pipe_late "assertion pipe_late.c:29"
nowrite ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/nw.json" -- "$prog_dir/pipe_nowrite" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/nw.json" '$.findings[*].kind')" = hang ] \
    && [ "$(json_path "$tmp/nw.json" '$.findings[*].severity')" = error ] \
    && grep -q '^1 executions, ' "$tmp/out" \
    && json_path "$tmp/nw.json" '$.findings[*].explanation' \
         | grep -q 'thread 1 waits at pipe_nowrite.c:13 on pipe #1 (for data to read, or for room to write), and no other thread can write or read it'
}
ok "pipe_nowrite: a read no thread answers is a hang at its line naming the pipe, found at once" nowrite
# bigwrite HOW: pipe_bigwrite writes 100 KiB, more than a pipe holds; the
# kernel's blocking write waited for a reader that could not run (a false
# hang after the watchdog): now it goes in parts as the reader reads
bigwrite ()
{
  clean_run pipe_bigwrite "$1"
}
ok "pipe_bigwrite w: a write larger than the pipe goes in parts as the reader reads" bigwrite w
ok "pipe_bigwrite v: the same with writev" bigwrite v
ok "pipe_bigwrite s: the same with send on a socket pair" bigwrite s
fullpipe ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/bwx.json" -- "$prog_dir/pipe_bigwrite" x \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/bwx.json" '$.findings[*].kind')" = hang ] \
    && [ "$(json_path "$tmp/bwx.json" '$.findings[*].severity')" = error ] \
    && json_path "$tmp/bwx.json" '$.findings[*].explanation' \
         | grep -q 'main waits at pipe_bigwrite.c:63 on pipe #1 (for data to read, or for room to write)'
}
ok "pipe_bigwrite x: a write to a pipe nobody reads any more is a hang at its line" fullpipe
# the schedule names the pipe's steps after the pipe
named ()
{
  json_path "$tmp/pipe_late.json" '$.findings[*].schedule[*].object' | grep -qx 'pipe #1'
}
ok "pipe_late: the schedule's steps on the pipe name it 'pipe #1' (a number of augur's, not a descriptor)" named
# an epoll set that also holds a descriptor augur does not model (a timer,
# libuv's io_uring ring): the eventfd's write wakes the wait, complete
# with the timer taken as never ready; without the write, a hang only the
# timer could end is a warning, not an error (it was an error hang, exit 1,
# on every libuv program's loop)
world ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/w$#.json" -- "$prog_dir/epoll_world_ok" "$@" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  grep -q "(complete: every interleaving up to equivalence, with the descriptors augur does not model never ready (epoll_wait at epoll_world_ok.c:45 also watches one))" "$tmp/out" \
    || return 1
  if [ $# -eq 0 ]; then
    [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/w0.json" '$.findings[*].kind')" ]
  else
    [ "$st" -eq 0 ] && [ "$(json_path "$tmp/w1.json" '$.findings[*].severity')" = warning ] \
      && json_path "$tmp/w1.json" '$.findings[*].explanation' \
           | grep -q "main waits in epoll_wait at epoll_world_ok.c:45 also on a descriptor augur does not model"
  fi
}
ok "epoll_world_ok: a wait that also watches a timer is woken by the write: complete, said" world
ok "epoll_world_ok silent: the hang only the timer could end is a warning" world silent
# a wait on two pipes woken through one: the wait's step depends on both,
# so no run leaves its schedule (when it depended only on the first pipe
# it watched, the explorer moved the other one's write after the wait: 1
# of 2 runs diverged, incomplete; libuv's loop lost subtrees so)
two ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/two$1.json" -- "$prog_dir/wait_two_pipes_ok" "$1" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/two$1.json" '$.findings[*].kind')" ] \
    && [ -z "$(json_path "$tmp/two$1.json" '$.bounds_hit[*]')" ] \
    && grep -q '^[0-9]* executions, 0 sleep-set blocked, 0 infeasible, 0 diverged in .*(complete: every interleaving up to equivalence); 0 findings$' "$tmp/out"
}
ok "wait_two_pipes_ok p: a poll on two pipes, woken through the second: no run left its schedule, complete" two p
ok "wait_two_pipes_ok e: an epoll_wait, woken through the pipe added last: the same" two e
ok "wait_two_pipes_ok s: a select, woken through the second: the same" two s
# an event loop that polls its eventfd with a timeout until its timer is
# due, while its workers block on a condition variable: a wait that timed
# out moves the virtual clock on to its deadline, so the timer fires and
# the search is complete (with the clock standing still every execution
# was cut by the step bound, as libuv's threadpool_cancel_work's were)
timer ()
{
  "$AUGUR" explore --no-progress --timeout 30 --exec-timeout 5 -o "$tmp/tl$1.json" \
    -- "$prog_dir/timer_loop" "$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/tl$1.json" '$.findings[*].kind')" ] \
    && [ -z "$(json_path "$tmp/tl$1.json" '$.bounds_hit[*]')" ] \
    && grep -q '^[0-9]* executions, 0 sleep-set blocked, 0 infeasible, 0 diverged in .*(complete: every interleaving up to equivalence); 0 findings$' "$tmp/out"
}
ok "timer_loop p: a poll with a timeout until the timer is due: the clock moves on, complete" timer p
ok "timer_loop e: the same with epoll_wait" timer e
ok "timer_loop s: the same with select" timer s
ok "timer_loop k: the same with a poll the kernel makes (a timerfd never armed)" timer k
ok "timer_loop u: the same with usleep until the timer is due: a sleep moves the clock on" timer u
# late MODE FINDING: the bug past the timeout is found, and its schedule
# replays through the timeouts
late ()
{
  "$AUGUR" explore --no-progress --timeout 30 --exec-timeout 5 -o "$tmp/tll.json" \
    -- "$prog_dir/timer_loop" "$1" >"$tmp/out" 2>&1
  st=$?
  shift
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q ' 0 diverged in .*(complete: every interleaving up to equivalence)' "$tmp/out" \
    || return 1
  n=$(results_findings "$tmp/tll.json" | grep -n "^$1" | head -1 | cut -d: -f1)
  [ -n "$n" ] || return 1
  "$AUGUR" replay "$tmp/tll.json#$n" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: $1" "$tmp/replay"
}
# (l: the timer publishes a flag after it woke the workers)
ok "timer_loop l: the race after the timeout is found and replays" \
  late l "data-race timer_loop.c:151 timer_loop.c:63"
ok "timer_loop l: and the worker's assertion fails, and replays" late l "assertion timer_loop.c:63"
# the timeout writes the clock: another thread's read of it after the
# timeout is explored too (one that sees the timer due fails)
ok "timer_loop c: a read of the clock after another thread's timeout is explored and replays" \
  late c "assertion timer_loop.c:75"
dpor_clock ()
{
  "$AUGUR" explore --no-progress --mode dpor --timeout 30 --exec-timeout 5 -o "$tmp/tlcd.json" \
    -- "$prog_dir/timer_loop" c >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(results_findings "$tmp/tlcd.json")" = "assertion timer_loop.c:75" ] \
    && grep -q '(complete: every interleaving up to equivalence)' "$tmp/out"
}
ok "timer_loop c --mode dpor: the same" dpor_clock
# recorded and checked: the recorded run's read follows the write in the
# trace, so the predictor sees the order too
checked ()
{
  "$AUGUR" check --budget 20 -o "$tmp/ck" -- "$prog_dir/pipe_handoff_ok" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/ck/results.json" '$.findings[*].kind')" ]
}
ok "augur check pipe_handoff_ok: no finding" checked
tap_done

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The execution server's start and end (explorer/executor.c): a program
# that cannot be run at all, one whose server does not start (a
# constructor that exits, aborts, or closes the channel and lives on), and
# a server killed in the middle of an exploration.  Each must end augur
# with its exit status and a message that says what happened, and never
# leave augur waiting.
. "$top_srcdir/tests/tap.sh"

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-executor.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

# refused STATUS TEXT HOW PROG: augur explore PROG, with SERVER_START=HOW
# (server_start.c; "-": unset), exits STATUS within a minute and says TEXT
# on the one line of its error output
refused ()
{
  want=$1 text=$2 how=$3 prog=$4
  if [ "$how" = - ]; then
    timeout 60 "$AUGUR" explore --no-progress -o "$tmp/r.json" -- "$prog" >"$tmp/out" 2>"$tmp/err"
  else
    SERVER_START=$how timeout 60 "$AUGUR" explore --no-progress -o "$tmp/r.json" -- "$prog" \
      >"$tmp/out" 2>"$tmp/err"
  fi
  st=$?
  cat "$tmp/out" "$tmp/err"
  [ "$st" -eq "$want" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF "$text" "$tmp/err"
}

ok "a program that does not exist: exit 3, 'cannot run' and why" \
  refused 3 "cannot run $tmp/no-such: No such file or directory" - "$tmp/no-such"
cp "$B/server_start" "$tmp/not-executable"
chmod a-x "$tmp/not-executable"
ok "a program that is not executable: exit 3, 'cannot run' and why" \
  refused 3 "cannot run $tmp/not-executable: Permission denied" - "$tmp/not-executable"
ok "a constructor that exits: exit 3, with its status" \
  refused 3 "it exited with status 7 before main ran" exit "$B/server_start"
ok "a constructor that aborts: exit 3, with its signal" \
  refused 3 "it was killed by Aborted before main ran" abort "$B/server_start"
ok "a constructor that closes the channel and lives on: exit 3, said, not waited for" \
  refused 3 "it closed the channel to augur before main ran" close "$B/server_start"
runs ()
{
  "$AUGUR" explore --no-progress -o "$tmp/r.json" -- "$B/server_start"
}
ok "the same program runs when its constructor lets it" runs

# killed: the server's process group is killed while augur explores (the
# server is augur's only child): exit 5, said, and nothing left running
killed ()
{
  "$AUGUR" explore --no-progress -o "$tmp/k.json" -- "$B/corpus-lastzero" 15 \
    >"$tmp/out" 2>"$tmp/err" &
  augur_pid=$!
  server=
  n=0
  while [ -z "$server" ]; do
    sleep 0.1
    server=$(ps -o pid= --ppid "$augur_pid" | tr -d ' ')
    n=$((n + 1))
    [ "$n" -lt 300 ] || { kill "$augur_pid"; return 1; }
  done
  sleep 0.5
  kill -9 "-$server"
  timeout 60 sh -c "while kill -0 $augur_pid 2>/dev/null; do sleep 0.1; done" || return 1
  wait "$augur_pid"
  st=$?
  cat "$tmp/out" "$tmp/err"
  [ "$st" -eq 5 ] && grep -Eq "fork server (is gone|stopped answering)" "$tmp/err" \
    && ! kill -0 "$server" 2>/dev/null
}
ok "a server killed while exploring: exit 5, 'fork server is gone'" killed

# augur killed (SIGKILL: no last save) while it explores a program whose
# first execution finds 12 races with long schedules: within 30 s the
# results file holds all 12 (saves are spaced out when they are slow;
# what waits is saved after the execution, explore-findings.c)
killed_augur ()
{
  "$AUGUR" explore --no-progress -o "$tmp/rl.json" -- "$B/races_long" >"$tmp/out" 2>&1 &
  augur_pid=$!
  n=0
  while [ "$(json_path "$tmp/rl.json" '$.findings[*].kind' 2>/dev/null | grep -c data-race)" -lt 12 ]; do
    sleep 0.2
    n=$((n + 1))
    [ "$n" -lt 150 ] || break
  done
  kill -9 "$augur_pid"
  wait "$augur_pid" 2>/dev/null
  pkill -9 -f "$B/races_long" 2>/dev/null
  found=$(json_path "$tmp/rl.json" '$.findings[*].kind' | grep -c data-race)
  echo "$found races in the results file"
  [ "$found" -eq 12 ]
}
ok "augur killed while exploring: the results file holds every race found" killed_augur

# placed JOBS: while augur explores lastzero(15) with --jobs JOBS, each
# fork server is pinned to one CPU, no two to the same one, and augur's
# thread that drives a server (the search for the first, augur-server-K for
# the K-th) is pinned to that server's CPU (explorer/executor.h: a
# hand-over on one CPU costs a fraction of one between two)
cpus_of ()   # /proc/PID[/task/TID]: its Cpus_allowed_list
{
  sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "$1/status"
}
placed ()
{
  jobs=$1
  "$AUGUR" explore --no-progress --jobs "$jobs" -o "$tmp/p.json" -- "$B/corpus-lastzero" 15 \
    >"$tmp/out" 2>"$tmp/err" &
  augur_pid=$!
  n=0
  servers=
  while [ "$(echo "$servers" | wc -w)" -lt "$jobs" ]; do
    sleep 0.2
    servers=$(ps -o pid= --ppid "$augur_pid" | sort -n | tr '\n' ' ')
    n=$((n + 1))
    [ "$n" -lt 150 ] || { kill "$augur_pid"; wait; return 1; }
  done
  sleep 1
  good=yes
  seen=
  k=0
  for s in $servers; do
    cpu=$(cpus_of "/proc/$s")
    if [ "$k" -eq 0 ]; then
      driver=$(cpus_of "/proc/$augur_pid/task/$augur_pid")
    else
      tid=$(grep -lx "augur-server-$k" /proc/"$augur_pid"/task/*/comm | head -n1 | cut -d/ -f5)
      driver=$(cpus_of "/proc/$augur_pid/task/$tid")
    fi
    echo "server $k (pid $s): CPU $cpu, its driver: $driver"
    case $cpu in *[-,]*|'') good=no ;; esac
    [ "$driver" = "$cpu" ] || good=no
    case " $seen " in *" $cpu "*) good=no ;; esac
    seen="$seen $cpu"
    k=$((k + 1))
  done
  kill "$augur_pid"
  wait "$augur_pid"
  [ "$good" = yes ]
}
if [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ]; then
  ok "--jobs 1: the server and the search share one CPU" placed 1
  ok "--jobs 2: each server on a CPU of its own, with its thread" placed 2
else
  skip "--jobs 1: the server and the search share one CPU" "one CPU online"
  skip "--jobs 2: each server on a CPU of its own, with its thread" "one CPU online"
fi

# the watchdog of an explored run waits for a step, not for the run's end:
# a run of about a second that takes a step every 25 ms is not a hang at
# --exec-timeout 0.3, alone or on two servers; a run that stops taking
# steps is (spin_local_hang.c: main spins on its copy of a flag)
slow_steps ()
{
  timeout 60 "$AUGUR" explore --no-progress --timeout 30 --exec-timeout 0.3 $1 \
    -o "$tmp/slow.json" -- "$B/slow_steps_ok" >"$tmp/out" 2>"$tmp/err"
  st=$?
  cat "$tmp/out" "$tmp/err"
  [ "$st" -eq 0 ] && grep -q "(complete: every interleaving" "$tmp/out" \
    && ! grep -q "watchdog" "$tmp/out" "$tmp/err"
}
ok "a slow run that takes steps is not killed by --exec-timeout 0.3" slow_steps
ok "... nor with --jobs 2" slow_steps --jobs=2
stalled ()
{
  timeout 60 "$AUGUR" explore --no-progress --timeout 30 --exec-timeout 0.3 \
    -o "$tmp/spin.json" -- "$B/spin_local_hang" >"$tmp/out" 2>"$tmp/err"
  st=$?
  cat "$tmp/out" "$tmp/err"
  [ "$st" -eq 1 ] && grep -q "^hang " "$tmp/out"
}
ok "a run that stops taking steps is a hang at --exec-timeout 0.3" stalled

# --estimate's probes are watched the same way: the slow runs are not
# killed, the stalled ones are, and the estimate says so
probes ()
{
  timeout 60 "$AUGUR" explore --no-progress --timeout 30 --exec-timeout 0.3 --estimate \
    --estimate-probes 2 -- "$B/$1" >"$tmp/out" 2>"$tmp/err"
  st=$?
  cat "$tmp/out" "$tmp/err"
  [ "$st" -eq 0 ] || return 1
  if [ "$2" = killed ]; then
    grep -q "^estimate: [0-9]* of them took no step for --exec-timeout and were killed" "$tmp/out"
  else
    ! grep -q "killed" "$tmp/out"
  fi
}
ok "--estimate: a slow probe that takes steps is not killed" probes slow_steps_ok slow
ok "--estimate: a probe that stops taking steps is killed, and said so" probes spin_local_hang killed

tap_done

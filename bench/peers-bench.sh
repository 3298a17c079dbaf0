#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# peers-bench.sh — augur explore next to the peer stateless model checkers
# GenMC and Nidhugg, on the classic DPOR benchmarks, the same C sources
# for all three (tests/programs/{indexer,lastzero,fsbench}/prog.c; the
# peers get them through bench/peer-point.c, which fixes the size at
# compile time).  For each point, the tools run one after another
# (interleaved, REPEAT rounds: augur, GenMC, Nidhugg, augur, ...), each
# under HELPER (bench/explore-bench): executions (complete, plus blocked
# ones if any: each is one run of the program), wall time, µs per
# execution and peak resident memory (augur: its own process and its
# largest execution server apart; the peers are one process each).  A
# tool still running after TIMEOUT seconds is stopped and shows
# "timeout".  Then a table: the median wall time over the rounds, and
# whether the three counts agree.
#
# The peers are not part of augur and are not built by it: they are found
# through GENMC=/path/to/genmc and NIDHUGG=/path/to/nidhuggc (or the
# nidhugg binary), else as genmc and nidhuggc on PATH; a missing one is
# skipped with a line saying so.  doc/peers.md says how to build them.
# The peers run on prebuilt LLVM IR (compiled here before the clock
# starts, as augur's programs are built by make): GenMC as
# `genmc --sc --disable-estimation --disable-race-detection` (lastzero
# races by design; GenMC would stop at the first race) and Nidhugg as
# `nidhugg --sc --optimal` on the IR its `-transform` pass wrote, as
# nidhuggc does.  PEERS_CLANG (default: clang-14, else clang; the LLVM the
# peers were built with) compiles for both.
#
# Usage: peers-bench.sh AUGUR HELPER SRCDIR CORPUSDIR TIMEOUT REPEAT POINT...
#   POINT: indexer:15, lastzero:18, filesystem:18 (fsbench is filesystem)
set -u
augur=$1
helper=$2
srcdir=$3
corpusdir=$4
timeout=$5
repeat=$6
shift 6
[ $# -gt 0 ] || set -- indexer:15 indexer:16 indexer:17 lastzero:10 lastzero:12 lastzero:15 \
  lastzero:18 filesystem:18
dir=$(mktemp -d "${TMPDIR:-/tmp}/augur-peers.XXXXXX")
trap 'rm -rf "$dir"' EXIT

clang=${PEERS_CLANG:-}
if [ -z "$clang" ]; then
  clang=$(command -v clang-14 || command -v clang || true)
fi

# the peers: GENMC / NIDHUGG, else PATH
genmc=$(command -v "${GENMC:-genmc}" || true)
if [ -n "${NIDHUGG:-}" ]; then
  nidhugg=$(command -v "$NIDHUGG" || true)
else
  nidhugg=$(command -v nidhuggc || command -v nidhugg || true)
fi
tools=augur
if [ -n "$genmc" ] && [ -x "$genmc" ] && [ -n "$clang" ]; then
  # its own headers (pthread.h, assert.h, ...): GENMC_INCLUDE, else next
  # to the binary in its build tree, else where `make install` puts them
  gdir=$(dirname "$genmc")
  for inc in "${GENMC_INCLUDE:-}" "$gdir/include" "$gdir/../include/genmc/genmc/include" \
      "$gdir/../include/genmc/include" "$gdir/../include/genmc"; do
    if [ -n "$inc" ] && [ -f "$inc/genmc.h" ]; then
      genmc_inc=$inc
      break
    fi
  done
  if [ -n "${genmc_inc:-}" ]; then
    tools="$tools genmc"
    echo "GenMC: $genmc ($("$genmc" --version 2>&1 | grep -m1 'GenMC v' | sed 's/^ *//'))"
  else
    echo "GenMC: $genmc found, but not its include directory (set GENMC_INCLUDE): skipped"
  fi
else
  echo "GenMC: not found (set GENMC=/path/to/genmc or put genmc on PATH; doc/peers.md): skipped"
fi
if [ -n "$nidhugg" ] && [ -x "$nidhugg" ] && [ -n "$clang" ]; then
  # nidhuggc is a script around the nidhugg binary next to it
  given=$nidhugg
  case $(basename "$nidhugg") in
    nidhuggc*) nidhugg=$(dirname "$nidhugg")/nidhugg ;;
  esac
  if [ -x "$nidhugg" ]; then
    tools="$tools nidhugg"
    echo "Nidhugg: $nidhugg ($("$nidhugg" -version 2>&1 | head -1))"
  else
    echo "Nidhugg: no nidhugg binary next to $given: skipped"
  fi
else
  echo "Nidhugg: not found (set NIDHUGG=/path/to/nidhuggc or put nidhuggc on PATH; doc/peers.md): skipped"
fi
echo "$repeat round(s) per point, the tools interleaved; at most $timeout s per run"

# prepare TOOL NAME N: the peer's input for the point, before timing
prepare ()
{
  src="$srcdir/tests/programs/$2/prog.c"
  case $1 in
    genmc)
      "$clang" -fno-discard-value-names -Xclang -disable-O0-optnone -g -I"$genmc_inc" \
        -D__CONFIG_GENMC_INODE_DATA_SIZE=64 \
        -S -emit-llvm -DBENCH_PROG="\"$src\"" -DBENCH_N="$3" \
        -o "$dir/genmc-$2-$3.ll" "$srcdir/bench/peer-point.c" 2>"$dir/prep.err" ;;
    nidhugg)
      "$clang" -S -emit-llvm -g -DBENCH_PROG="\"$src\"" -DBENCH_N="$3" \
        -o "$dir/nidhugg-$2-$3.raw.ll" "$srcdir/bench/peer-point.c" 2>"$dir/prep.err" &&
        "$nidhugg" -transform "$dir/nidhugg-$2-$3.ll" "$dir/nidhugg-$2-$3.raw.ll" \
          >"$dir/prep.out" 2>>"$dir/prep.err" ;;
  esac
}

# measure TOOL NAME N: one run; sets execs (complete), blocked, wall, own,
# children, status (ok, timeout, failed)
measure ()
{
  mtool=$1
  case $1 in
    augur)
      set -- "$augur" explore --no-progress -o "$dir/r.json" -- "$corpusdir/corpus-$2" "$3" ;;
    genmc)
      set -- "$genmc" --sc --disable-estimation --disable-race-detection \
        --input-from-bitcode-file "$dir/genmc-$2-$3.ll" ;;
    nidhugg)
      set -- "$nidhugg" --sc --optimal "$dir/nidhugg-$2-$3.ll" ;;
  esac
  "$helper" -t "$timeout" "$@" >"$dir/out" 2>&1
  rc=$?
  usage=$(grep '^wall ' "$dir/out" | tail -1)
  wall=$(echo "$usage" | sed 's/^wall \([0-9.]*\) s.*/\1/')
  own=$(echo "$usage" | sed -n 's/.* own \([0-9.]*\) MiB.*/\1/p')
  children=$(echo "$usage" | sed -n 's/.* children \([0-9.]*\) MiB.*/\1/p')
  [ -n "$own" ] || own=$(echo "$usage" | sed -n 's/.*peak memory \([0-9.]*\) MiB.*/\1/p')
  execs=
  blocked=0
  case $mtool in
    augur)
      s=$(grep -m1 ' executions, ' "$dir/out")
      execs=$(echo "$s" | sed -n 's/^\([0-9]*\) executions, .*/\1/p')
      blocked=$(echo "$s" | sed -n 's/.* \([0-9]*\) sleep-set blocked.*/\1/p') ;;
    genmc)
      execs=$(sed -n 's/^Number of complete executions explored: \([0-9]*\).*/\1/p' "$dir/out")
      blocked=$(sed -n 's/^Number of blocked executions seen: \([0-9]*\).*/\1/p' "$dir/out") ;;
    nidhugg)
      execs=$(sed -n 's/^Trace count: \([0-9]*\).*/\1/p' "$dir/out")
      blocked=$(awk '/^(Sleepset|Await|Assume)-blocked trace count: / { b += $NF } END { print b + 0 }' \
        "$dir/out") ;;
  esac
  [ -n "$blocked" ] || blocked=0
  if grep -q '^timeout after' "$dir/out"; then
    status=timeout
  elif [ -z "$execs" ]; then
    status=failed
  else
    status=ok
  fi
}

# per-execution µs of WALL over EXECS + BLOCKED runs
per_exec ()
{
  echo "$1 $2 $3" | awk '{ n = $2 + $3; if (n > 0) printf "%.0f", $1 * 1e6 / n; else print "-" }'
}

table=$dir/table
: >"$table"
for point in "$@"; do
  name=${point%%:*}
  n=${point##*:}
  prog=$name
  [ "$name" = filesystem ] && prog=fsbench
  label="$name($n)"
  ready=augur
  for tool in $tools; do
    [ "$tool" = augur ] && continue
    if prepare "$tool" "$prog" "$n"; then
      ready="$ready $tool"
    else
      printf '%-16s %-8s could not compile the point: %s\n' "$label" "$tool" "$(head -1 "$dir/prep.err")"
      echo "$label $tool - - - - - - failed" >>"$table"
    fi
  done
  r=1
  while [ "$r" -le "$repeat" ]; do
    for tool in $ready; do
      measure "$tool" "$prog" "$n"
      case $status in
        ok)
          us=$(per_exec "$wall" "$execs" "$blocked")
          extra=
          [ "$blocked" -gt 0 ] && extra=" (+$blocked blocked)"
          mem="peak $own MiB"
          [ -n "$children" ] && mem="peak $own MiB (servers $children MiB)"
          printf '%-16s %-8s %s executions%s, %s s, %s us per execution, %s\n' \
            "$label" "$tool" "$execs" "$extra" "$wall" "$us" "$mem" ;;
        timeout)
          us=-
          printf '%-16s %-8s timeout (%s s), peak %s MiB\n' "$label" "$tool" "$timeout" "$own" ;;
        *)
          us=-
          printf '%-16s %-8s failed (exit %s): %s\n' "$label" "$tool" "$rc" \
            "$(grep -v '^wall ' "$dir/out" | grep -i -m1 'error\|unsupported\|fail\|abort' || tail -2 "$dir/out" | head -1)" ;;
      esac
      echo "$label $tool ${execs:--} $blocked ${wall:--} $us ${own:--} ${children:--} $status" >>"$table"
    done
    r=$((r + 1))
  done
done

# the table: per point and tool the median wall time over the rounds
echo
echo "| point | tool | executions | wall (median) | µs per execution | peak RSS | vs augur |"
echo "|---|---|---|---|---|---|---|"
awk '
  { key = $1 " " $2; if (!(key in seen)) { seen[key] = 1; order[++k] = key }
    if ($9 == "ok") { w[key, ++nw[key]] = $5; ex[key] = $3; bl[key] = $4
                      if ($7 > mem[key]) mem[key] = $7; if ($8 != "-" && $8 > srv[key]) srv[key] = $8 }
    else st[key] = $9 }
  function median(key,   i, j, t, m, a) {
    m = nw[key]; for (i = 1; i <= m; i++) a[i] = w[key, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
  END {
    for (i = 1; i <= k; i++) {
      split(order[i], p, " "); pt = p[1]; tool = p[2]
      if (nw[order[i]] == 0) { printf "| %s | %s | %s | | | | |\n", pt, tool, st[order[i]]; continue }
      med = median(order[i]); runs = ex[order[i]] + bl[order[i]]
      if (tool == "augur") { aug[pt] = med; augn[pt] = ex[order[i]] }
      e = ex[order[i]]; if (bl[order[i]] > 0) e = e " (+" bl[order[i]] " blocked)"
      m = mem[order[i]] " MiB"; if (srv[order[i]] > 0) m = m " (servers " srv[order[i]] ")"
      ratio = ""
      if (tool != "augur" && (pt in aug) && med > 0) {
        ratio = sprintf("augur %.2fx", aug[pt] / med)
        if (ex[order[i]] != augn[pt]) ratio = ratio ", COUNT DIFFERS"
      }
      printf "| %s | %s | %s | %.2f s | %.0f | %s | %s |\n", pt, tool, e, med, med * 1e6 / runs, m, ratio
    }
  }' "$table"

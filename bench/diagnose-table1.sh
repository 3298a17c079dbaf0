#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bench-diagnose: augur diagnose on the corpus programs of ConcBugAssist's
# Table 1 (tests/programs/), next to the paper's figures (its Table 2:
# iterations = failing classes, average core size).  Per program: the
# failing classes found, the average core size (orderings that must all
# hold) out of the average |φsch| (the failing schedule's inter-thread
# orderings), the repairs proposed and verified, and the seconds augur
# diagnose took (exploration, cores, covers, verification).
#
# usage: diagnose-table1.sh AUGUR AUGUR_CC OUTDIR [SECONDS]
#   SECONDS bounds each exploration (the first one and each verification).
augur=$1
cc=$2
out=$3
secs=${4:-20}
top=${top_srcdir:-$(dirname "$0")/..}
mkdir -p "$out"
out=$(cd "$out" && pwd)
# name in the corpus, name in the paper, paper's iterations, paper's core size
table1="boop boop 1 2.0
testc testc 1 2.0
fibbench fibbench 2 7.5
fibbenchlonger fibbenchlonger 2 9.0
reorder reorder 15 4.0
account account 3 1.3
readwrite readwrite 28 8.2
barrier barrier 9 1.6
lazy01 lazy01 2 2.0
vectprime02 VectPrime02 2 3.0
lineeq2t01 lineEq2t01 2 4.0
linux_tg3 linux-tg3 1 2.0
linux_iio linux-iio 5 4.4
mysql_169 mysql-169 2 2.0
mysql_12848 mysql-12848 4 4.0
mysql_3596 mysql-3596 1 1.0
mysql_644 mysql-644 1 2.0
apache_21287 apache-21287 2 1.5
apache_25520 apache-25520 16 4.0
freebsd_aa freebsd-aa 49 3.0
cherokee_092 cherokee-0.9.2 11 3.1
llvm_8441 llvm-8441 21 3.3
gcc_25330 gcc-25330 2 1.0
gcc_3584 gcc-3584 4 3.0
gcc_21334 gcc-21334 1 2.0
gcc_40518 gcc-40518 2 2.0
transmission_142 transmission-1.42 2 1.5
glib_512624 glib-512624 17 1.3
jetty_1187 jetty-1187 2 1.0
mozilla_61369 mozilla-61369 1 1.0
hashtable hashtable 44 1.4
list_seq list-seq 18 1.2
counterseq counterseq 2 3.0
queueseq queueseq 2 1.0"
printf '%-16s %7s %7s %7s %11s %10s %8s %8s %7s  %s\n' program classes by-line paper core/sched paper-core proposed verified seconds note
echo "$table1" | while read -r name paper iters pcore; do
  dir="$top/tests/programs/$name"
  w="$out/$name"
  rm -rf "$w" && mkdir -p "$w" && cp "$dir/prog.c" "$w/" || continue
  args=
  [ -f "$dir/args" ] && args=$(cat "$dir/args")
  if ! (cd "$w" && "$cc" -O0 -g -o prog prog.c >build.log 2>&1); then
    printf '%-16s build failed\n' "$name"
    continue
  fi
  # shellcheck disable=SC2086
  (cd "$w" && "$augur" explore --no-progress -t "$secs" -o r.json -- ./prog $args >explore.log 2>&1)
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  (cd "$w" && "$augur" diagnose --cc "$cc" -t "$secs" --verify-timeout "$secs" --max-repairs 3 r.json -- ./prog $args \
     >diagnose.txt 2>diagnose.err)
  end=$(date +%s.%N)
  t=$(echo "$start $end" | awk '{ printf "%.1f", $2 - $1 }')
  d="$w/diagnose.txt"
  classes=$(grep -c '^    class [0-9]*:' "$d")
  byline=$(sed -n 's/^  by source line: \([0-9]*\) distinct core.*/\1/p' "$d" | head -n 1)
  core=$(sed -n "s/^    class [0-9]*: \([0-9]*\) of the schedule's \([0-9]*\) .*/\1 \2/p" "$d" \
         | awk '{ c += $1; s += $2; n++ } END { if (n) printf "%.1f/%.0f", c / n, s / n; else printf "-" }')
  proposed=$(grep -c '^  repair [0-9]* (' "$d")
  verified=$(grep -c '^    verified ' "$d")
  note=
  grep -q 'exploration incomplete' "$d" && note="exploration incomplete"
  grep -q '^finding' "$d" || note="no failure finding in ${secs} s of exploration"
  printf '%-16s %7s %7s %7s %11s %10s %8s %8s %7s  %s\n' "$name" "$classes" "${byline:--}" "$iters" "$core" "$pcore" \
    "$proposed" "$verified" "$t" "$note"
done

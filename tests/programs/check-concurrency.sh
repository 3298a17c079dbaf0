#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-concurrency.sh — `make check-concurrency`: augur check on every
# corpus program, each compared with its `expected` file.
#
#   check-concurrency.sh OUTDIR [BUDGET_SECONDS]
#
# AUGUR_CORPUS_PROGRAMS="a b ..." checks only those programs (make
# check's quick corpus tier, test-corpus-check.sh); AUGUR_CHECK_FLAGS are
# more options for each augur check (e.g. --no-repair).
#
# Writes OUTDIR/NAME/ (the program's report: index.html, results.json,
# match.txt) and OUTDIR/index.html (a summary page), and prints a summary
# table: per program the expected findings, found, missed, false alarms,
# extra findings, augur's findings by severity (errors / warnings / notes:
# one bug is one finding, its race and violation are parts of it), augur
# check's exit status (1 only for errors, 6 no error but incomplete), the
# time, how many of its errors `augur replay` reproduced (each one must:
# a finding is proved by its schedule) and whether the analysis was
# complete; then per bug kind found/missed/false alarms, the errors not
# reproduced and why each incomplete analysis was.  A note is never a
# false alarm (see corpus-match.c).  Fails (exit 1) on any missed expected
# finding, any false alarm on a clean program or any error replay did not
# reproduce; exit 2 when augur itself failed on a program.
set -u
out=${1:?usage: check-concurrency.sh OUTDIR [BUDGET]}
budget=${2:-20}
corpus="$top_srcdir/tests/programs"
match="$top_builddir/tests/programs/corpus-match"
mkdir -p "$out"
table="$out/summary.txt"
kinds="$out/kinds.txt"
incomplete="$out/incomplete.txt"
unreplayed="$out/unreplayed.txt"
: >"$kinds"
: >"$incomplete"
: >"$unreplayed"
printf '%-22s %-8s %5s %6s %6s %5s %-8s %5s %6s %-6s %s\n' PROGRAM EXPECTED FOUND MISSED FALSE EXTRA E/W/N EXIT TIME REPLAY ANALYSIS >"$table"
worst=0
for dir in "$corpus"/*/; do
  dir=${dir%/}
  name=$(basename "$dir")
  [ -f "$dir/expected" ] || continue
  case " ${AUGUR_CORPUS_PROGRAMS:-$name} " in
    *" $name "*) ;;
    *) continue ;;
  esac
  rm -rf "$out/$name"
  mkdir -p "$out/$name"
  cflags=-O0
  [ -f "$dir/cflags" ] && cflags=$(cat "$dir/cflags")
  # shellcheck disable=SC2086
  if ! "$AUGUR_CC_BIN" $cflags -g -o "$out/$name/prog" "$dir/prog.c" 2>"$out/$name/build.log"; then
    printf '%-22s build failed: see %s\n' "$name" "$out/$name/build.log" >>"$table"
    worst=2
    continue
  fi
  args=
  [ -f "$dir/args" ] && args=$(cat "$dir/args")
  start=$(date +%s)
  # shellcheck disable=SC2086
  "$AUGUR" check --budget "$budget" ${AUGUR_CHECK_FLAGS:-} --source-dir "$dir" -o "$out/$name" -- "$out/$name/prog" $args \
    >"$out/$name/check.log" 2>&1
  status=$?
  secs=$(($(date +%s) - start))
  if { [ "$status" -gt 1 ] && [ "$status" -ne 6 ]; } || [ ! -f "$out/$name/results.json" ]; then
    printf '%-22s augur check failed (exit %s): see %s\n' "$name" "$status" "$out/$name/check.log" >>"$table"
    worst=2
    continue
  fi
  "$match" "$dir/expected" "$out/$name/results.json" >"$out/$name/match.txt"
  summary=$(tail -n 1 "$out/$name/match.txt")
  f=$(echo "$summary" | sed 's/.*found=\([0-9]*\).*/\1/')
  m=$(echo "$summary" | sed 's/.*missed=\([0-9]*\).*/\1/')
  fa=$(echo "$summary" | sed 's/.*false_alarms=\([0-9]*\).*/\1/')
  x=$(echo "$summary" | sed 's/.*extra=\([0-9]*\).*/\1/')
  nerr=$(echo "$summary" | sed 's/.*errors=\([0-9]*\).*/\1/')
  nwarn=$(echo "$summary" | sed 's/.*warnings=\([0-9]*\).*/\1/')
  nnote=$(grep -c '"severity" : "note"' "$out/$name/results.json")
  nnote=$((nnote + $(grep -c '"line_a"' "$out/$name/results.json")))
  if grep -qx clean "$dir/expected"; then exp=clean; else exp=$(grep -cv '^\(#\|$\)' "$dir/expected"); fi
  # complete only when augur check says so (results.json "analysis")
  why=$(sed -n 's/^    "summary" : "\(.*\)",\{0,1\}$/\1/p' "$out/$name/results.json" | head -n 1)
  case $why in
    complete*) analysis=complete ;;
    *) analysis=incomplete; printf '  %-20s %s\n' "$name" "${why:-not said}" >>"$incomplete" ;;
  esac
  # every error is proved by its schedule: augur replay must show it again
  nrep=0 nerrs=0
  for i in $(sed -n 's/^\([0-9][0-9]*\) error .*/\1/p' "$out/$name/check.log"); do
    nerrs=$((nerrs + 1))
    "$AUGUR" replay "$out/$name/results.json#$i" >"$out/$name/replay-$i.log" 2>&1
    if [ $? -eq 1 ] && grep -q '^reproduced: ' "$out/$name/replay-$i.log"; then
      nrep=$((nrep + 1))
    else
      printf '  %-20s finding %s: see %s\n' "$name" "$i" "$out/$name/replay-$i.log" >>"$unreplayed"
      [ "$worst" -eq 2 ] || worst=1
    fi
  done
  printf '%-22s %-8s %5s %6s %6s %5s %-8s %5s %5ss %-6s %s\n' "$name" "$exp" "$f" "$m" "$fa" "$x" \
    "$nerr/$nwarn/$nnote" "$status" "$secs" "$nrep/$nerrs" "$analysis" >>"$table"
  # per kind: found / missed / false alarm lines
  sed -n 's/^found  *\(error \|warning \|note \)\{0,1\}\([^ ]*\).*/\2 found/p; s/^MISSED \(error \|warning \|note \)\{0,1\}\([^ ]*\).*/\2 missed/p; s/^FALSE ALARM [a-z]* \([^ ]*\).*/\1 false-alarm/p' \
    "$out/$name/match.txt" >>"$kinds"
  if [ "$m" != 0 ] || [ "$fa" != 0 ]; then
    [ "$worst" -eq 2 ] || worst=1
  fi
done

{
  echo
  echo "By kind (found / missed / false alarms):"
  for k in $(cut -d' ' -f1 "$kinds" | sort -u); do
    printf '  %-34s %4s %4s %4s\n' "$k" \
      "$(grep -c "^$k found$" "$kinds")" "$(grep -c "^$k missed$" "$kinds")" \
      "$(grep -c "^$k false-alarm$" "$kinds")"
  done
  if [ -s "$unreplayed" ]; then
    echo
    echo "Errors augur replay did not reproduce (each must be):"
    cat "$unreplayed"
  fi
  if [ -s "$incomplete" ]; then
    echo
    echo "Incomplete analyses (no error found there is not a proof of none):"
    cat "$incomplete"
  fi
} >>"$table"

# the summary page: the table, each program linked to its report
{
  echo '<!DOCTYPE html><html><head><meta charset="utf-8"><title>augur: corpus</title>'
  echo '<style>body{font-family:sans-serif;margin:2em}pre{font-size:14px}</style></head><body>'
  echo '<h1>augur check on the corpus</h1><pre>'
  sed -e 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g' "$table" \
    | sed -E 's#^([a-z0-9_]+) #<a href="\1/index.html">\1</a> #'
  echo '</pre></body></html>'
} >"$out/index.html"

cat "$table"
echo
echo "reports: $out/index.html"
exit $worst

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-hostile-input.sh — untrusted input, from the command line (doc/
# design.md, "Input is untrusted; signals are augur's"): files made to hurt the readers (a recorded trace damaged by
# tests/record/trace-edit, JSON nested 100,000 deep, finding numbers past
# 2^32, FIFOs and devices, a results file naming a file outside the
# program's sources) get the documented exit status and a message naming
# the problem, within seconds, and never a crash, a hang or a leak of a
# file the program was not built from.
set -u
. "$top_srcdir/tests/tap.sh"
bin="$top_builddir/tests/record"
edit="$bin/trace-edit"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-hostile.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT
cd "$work" || exit 1

# refused WANT MESSAGE CMD...: CMD ends within 20 s with status WANT, and
# its stderr says MESSAGE
refused ()
{
  want=$1
  msg=$2
  shift 2
  timeout 20 "$@" >"$work/out" 2>"$work/err"
  got=$?
  [ "$got" -eq "$want" ] || { echo "exit status $got, expected $want"; cat "$work/err"; return 1; }
  grep -q -- "$msg" "$work/err" || { echo "stderr does not say '$msg':"; cat "$work/err"; return 1; }
}

"$AUGUR" record -q -o t.trace -- "$bin/threads" >/dev/null || exit 1
chunks=$(( ($(stat -c %s t.trace) - 4096) / 16384 ))

# --- item 1: thread ids out of range
for tid in 0xffffffff 0xfffffffe 0x7fffffff; do
  "$edit" t.trace owner.trace owner 1 "$tid"
  ok "trace show: a chunk of thread $tid is refused (3)" \
    refused 3 "corrupt trace: thread id $(printf %u "$tid") out of range" "$AUGUR" trace show owner.trace
  ok "trace show --summary: ... too" refused 3 "out of range" "$AUGUR" trace show --summary owner.trace
done

# --- item 2: two records with one seq
"$edit" t.trace dup.trace dupseq
ok "trace show: a duplicated seq is named (3)" \
  refused 3 "is also that of the record at byte offset" "$AUGUR" trace show dup.trace

# --- a crash while a thread stored its last record: the runtime wrote the
# staging chunks out with that record half done (nothing after it); the
# trace reads, one event short, and says an event was cut.  A record
# damaged with others after it is refused.
events=$("$AUGUR" trace show t.trace | wc -l)
cut_last ()
{
  for n in 1 5 12; do
    "$edit" t.trace cutlast.trace cutlast 0 "$n"
    "$AUGUR" trace show cutlast.trace >"$work/out" 2>"$work/err" \
      || { echo "cut after $n bytes:"; cat "$work/err"; return 1; }
    got=$(wc -l <"$work/out")
    [ "$got" -eq $((events - 1)) ] && grep -q "never written" "$work/err" \
      || { echo "cut after $n bytes: $got events of $events"; cat "$work/err"; return 1; }
  done
}
ok "trace show: main's last record in its first chunk cut short reads, one event fewer" cut_last
"$edit" t.trace badcheck.trace badcheck 0
ok "trace show: a damaged packed record with others after it is refused (3)" \
  refused 3 "corrupt packed record at byte offset" "$AUGUR" trace show badcheck.trace

# --- item 3: cut traces, n_records 0 and 2^64-1, a stray stage file
cut_everywhere ()
{
  k=0
  while [ "$k" -lt "$chunks" ]; do
    "$edit" t.trace cut.trace cut "$k"
    refused 3 "truncated" "$AUGUR" trace show --summary cut.trace || { echo "cut after $k chunks"; return 1; }
    k=$((k + 1))
  done
}
ok "trace show: the trace cut at each of its $chunks chunk boundaries (3)" cut_everywhere
"$edit" t.trace n0.trace nrecords 0
ok "trace show: complete with n_records 0 (3)" refused 3 "n_records is 0" "$AUGUR" trace show n0.trace
"$edit" t.trace nmax.trace nrecords 0xffffffffffffffff
ok "trace show: complete with n_records 2^64-1 (3)" \
  refused 3 "the header counts 18446744073709551615 events" "$AUGUR" trace show nmax.trace

stray_stage ()
{
  cp t.trace s.trace
  "$edit" t.trace s.trace.stage stage 65536
  before=$(stat -c %s s.trace)
  "$AUGUR" trace show --summary s.trace || return 1
  after=$(stat -c %s s.trace)
  echo "trace: $before bytes before, $after after"
  [ "$before" -eq "$after" ] && [ -e s.trace.stage ]
}
ok "trace show: a stray stage file next to the trace is left alone, the trace too" stray_stage

# --- item 4: JSON nested 100,000 deep
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; for (i = 0; i < 100000; i++) printf "]"; print "" }' >deep.json
ok "report: JSON nested 100,000 deep (3)" refused 3 "nested deeper than 64" "$AUGUR" report -f json deep.json
ok "replay: ... (3)" refused 3 "nested deeper than 64" "$AUGUR" replay deep.json
ok "confirm: ... (3)" refused 3 "nested deeper than 64" "$AUGUR" confirm deep.json
ok "predict --static-facts: ... (3)" \
  refused 3 "nested deeper than 64" "$AUGUR" predict --static-facts deep.json -o p.json t.trace

# --- item 5: finding numbers
cp "$top_srcdir/tests/reports/data/race.json" race.json
ok "replay RESULTS#4294967296 is a usage error (2)" \
  refused 2 "must be a number from 1 to 4294967295" "$AUGUR" replay 'race.json#4294967296'
ok "replay RESULTS#4294967297 is not finding 1 (2)" \
  refused 2 "must be a number from 1 to 4294967295" "$AUGUR" replay 'race.json#4294967297'
ok "replay RESULTS#2 of a file with one finding (3)" refused 3 "no finding 2" "$AUGUR" replay 'race.json#2'

# --- item 6: FIFOs and devices, and sources outside the program's
mkfifo fifo
ok "trace show: a FIFO is refused at once (3)" refused 3 "is a FIFO, not a regular file" "$AUGUR" trace show fifo
ok "trace show: /dev/zero (3)" refused 3 "is a character device" "$AUGUR" trace show /dev/zero
ok "report: a FIFO (3)" refused 3 "is a FIFO, not a regular file" "$AUGUR" report -f json fifo
ok "report: /dev/zero (3)" refused 3 "is a character device" "$AUGUR" report -f json /dev/zero
ok "predict --static-facts: a FIFO (3)" \
  refused 3 "is a FIFO, not a regular file" "$AUGUR" predict --static-facts fifo -o p.json t.trace

mkdir -p secret src
i=1
while [ "$i" -le 40 ]; do echo "SECRET-LINE-$i"; i=$((i + 1)); done >secret/secret.c
ln -s ../secret/secret.c src/link.c
cp race.json src/race.json
# report_quotes RESULTS OUTDIR: the report is written, and says whether it
# quotes the secret
report_html ()
{
  rm -rf "$2"
  timeout 20 "$AUGUR" report -o "$2" "$1" >/dev/null 2>"$work/err" || { cat "$work/err"; return 1; }
}
not_quoted ()
{
  report_html "$1" "$2" || return 1
  ! grep -q SECRET-LINE "$2"/finding-*.html || { echo "the report quotes the secret file"; return 1; }
  grep -q "Source not available" "$2/finding-1.html"
}
sed "s#\"file\": \"race.c\"#\"file\": \"$work/secret/secret.c\"#" race.json >abs.json
ok "report: an absolute path outside the sources is not quoted (program absent)" not_quoted abs.json abs
sed "s#\"file\": \"race.c\"#\"file\": \"link.c\"#" race.json >src/link.json
ok "report: a link out of the source directory is not quoted" not_quoted src/link.json link
sed -e "s#\"file\": \"race.c\"#\"file\": \"../secret/secret.c\"#" \
    -e 's#"source_dir"[^,]*,##' race.json >src/up.json
ok "report: ../ out of the source directory is not quoted" not_quoted src/up.json up
sed -e "s#\"file\": \"race.c\"#\"file\": \"secret.c\"#" \
    -e "s#\"mode\"#\"source_dir\": \"$work/secret\", \"mode\"#" race.json >src/dir.json
ok "report: the results' own source_dir is not trusted without the program" not_quoted src/dir.json dir
# the program is there, with debug info: only the files it names are quoted
threads_src=$(cd "$top_srcdir/tests/record" && pwd)/threads.c
sed -e "s#\"file\": \"race.c\"#\"file\": \"$work/secret/secret.c\"#" \
    -e "s#\"program\": \"[^\"]*\"#\"program\": \"$bin/threads\"#" race.json >prog.json
ok "report: a file the program's debug info does not name is not quoted" not_quoted prog.json prog
named ()
{
  sed -e "s#\"file\": \"race.c\"#\"file\": \"$threads_src\"#" \
      -e "s#\"program\": \"[^\"]*\"#\"program\": \"$bin/threads\"#" race.json >own.json
  report_html own.json own || return 1
  grep -q "sem_t started, go" own/finding-1.html || { grep -o "Source not available[^<]*" own/finding-1.html; return 1; }
}
ok "report: a file the program's debug info names is quoted" named
sed "s#\"file\": \"race.c\"#\"file\": \"$work/fifo\"#" race.json >fifo.json
ok "report: a FIFO named as a source does not block the report" not_quoted fifo.json fiforep

# --- cosmetic: a number glued to a short option ("-j1" was "-j" and the
# next argument, the trace)
ok "predict -j1 TRACE takes 1 as the number of jobs" "$AUGUR" predict -j1 -o j.json t.trace
ok "predict -j2 -o FILE TRACE" sh -c "'$AUGUR' predict -j2 -o j2.json t.trace && test -s j2.json"
glued_program_args ()
{
  # after --, the program's own arguments are left alone
  "$AUGUR" record -q -o glued.trace -- "$bin/threads" -j1 >/dev/null || return 1
  "$AUGUR" trace show glued.trace >/dev/null
}
ok "record -- PROGRAM -j1: the program's -j1 is not split" glued_program_args

tap_done

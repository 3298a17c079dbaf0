# SPDX-License-Identifier: GPL-3.0-or-later
# tap.sh — sourced by the shell tests: TAP output helpers.
# ok NAME CMD...   runs CMD, prints "ok N - NAME" or "not ok N - NAME" with
#                  the command's output as TAP diagnostics (and, with
#                  TAP_TIMES set, the time it took).
tap_n=0
tap_failed=0
tap_log=$(mktemp "${TMPDIR:-/tmp}/augur-tap.XXXXXX")
trap 'rm -f "$tap_log"' EXIT

ok ()
{
  tap_name=$1
  shift
  tap_n=$((tap_n + 1))
  [ -z "${TAP_TIMES:-}" ] || tap_start=$(date +%s%N)
  if "$@" >"$tap_log" 2>&1; then
    echo "ok $tap_n - $tap_name"
  else
    echo "not ok $tap_n - $tap_name"
    sed 's/^/# /' "$tap_log"
    tap_failed=$((tap_failed + 1))
  fi
  # TAP_TIMES=1 make check: how long each test took, to see what makes
  # a tier slow
  [ -z "${TAP_TIMES:-}" ] \
    || echo "# time $(( ($(date +%s%N) - tap_start) / 1000000 )) ms: $tap_name"
}

skip ()
{
  tap_n=$((tap_n + 1))
  echo "ok $tap_n - $1 # SKIP $2"
}

tap_done ()
{
  echo "1..$tap_n"
  [ "$tap_failed" -eq 0 ]
}

# json_path FILE EXPRESSION: the values EXPRESSION (JSONPath) selects in
# the JSON file FILE, one a line (tests/json-path.c).
json_path ()
{
  "$top_builddir/tests/json-path" "$@"
}

# results_findings FILE: the findings of a results file in its order, one
# a line: the kind (and subkind) and the file:line of each access, file
# names without their directory ("deadlock prog.c:25 prog.c:39",
# "misuse:double-unlock m.c:10 m.c:11"); the access's own, not its
# callers' (the first "file" and "line" before any array).
results_findings ()
{
  rf_i=0
  for rf_kind in $(json_path "$1" '$.findings[*].kind'); do
    rf_sub=$(json_path "$1" "\$.findings[$rf_i].subkind")
    [ -z "$rf_sub" ] || rf_kind=$rf_kind:$rf_sub
    rf_locs=$(json_path "$1" "\$.findings[$rf_i].accesses[*]" \
              | sed -n 's/^[^[]*"file":"\([^"]*\)",[^[]*"line":\([0-9]*\).*/\1:\2/p' \
              | sed 's|.*/||' | tr '\n' ' ')
    echo "$rf_kind ${rf_locs% }"
    rf_i=$((rf_i + 1))
  done
}

# results_predictions FILE: the predictions of a results file (augur
# predict's, or augur confirm's confirmed ones) in its order, one a line,
# as augur predict prints them: "kind pattern object T1 T2: T1 read f.c:3,
# T2 write f.c:4" ("-" for no pattern or object, "?:0" for no source line,
# " (unknown)" when Z3 gave no answer).  A confirmed finding's line starts
# with its class ("harmful ..."), and its accesses are the violation's
# followed by the harm's (common/results.h).
results_predictions ()
{
  rp_i=0
  for rp_kind in $(json_path "$1" '$.findings[*].kind'); do
    rp_f="\$.findings[$rp_i]"
    rp_sub=$(json_path "$1" "$rp_f.subkind")
    rp_pat=$(json_path "$1" "$rp_f.prediction.pattern")
    rp_ans=$(json_path "$1" "$rp_f.prediction.answer")
    rp_cls=$(json_path "$1" "$rp_f.prediction.class")
    rp_obj=$(json_path "$1" "$rp_f.object")
    printf '%s' "${rp_cls:+$rp_cls }$rp_kind${rp_sub:+:$rp_sub} ${rp_pat:--} ${rp_obj:--}"
    for rp_t in $(json_path "$1" "$rp_f.threads[*]"); do printf ' T%s' "$rp_t"; done
    printf ':'
    json_path "$1" "$rp_f.accesses[*]" \
      | sed 's/^{"thread":\([0-9]*\),"event":[0-9]*,"op":"\([^"]*\)"\(,"file":"\([^"]*\)","line":\([0-9]*\)\)\{0,1\}.*/ T\1 \2 \4:\5/
             s/ :$/ ?:0/; s|[^ ]*/\([^/ ]*:[0-9]*\)$|\1|' \
      | paste -s -d, - | tr -d '\n'
    [ -z "$rp_ans" ] || [ "$rp_ans" = sat ] || printf ' (%s)' "$rp_ans"
    echo
    rp_i=$((rp_i + 1))
  done
}

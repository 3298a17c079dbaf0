# SPDX-License-Identifier: GPL-3.0-or-later
# Shell functions of the explorer's end-to-end tests (test-explore.sh,
# test-barrier-misuse.sh), sourced after tap.sh with $AUGUR, $tmp and
# $prog_dir set.

# finding PROG EXPECTED-LINE-PREFIX: explore finds it (exit 1), replay
# of that finding reproduces it (exit 1)
finding ()
{
  prog=$1
  shift
  # --fail-on=note: the exit status says a finding of any severity was found
  "$AUGUR" explore --no-progress --fail-on=note -o "$tmp/$prog.json" -- "$prog_dir/$prog" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  # the first finding of the results file that matches, by its index
  n=$(results_findings "$tmp/$prog.json" | grep -n "^$1" | head -1 | cut -d: -f1)
  [ -n "$n" ] || return 1
  "$AUGUR" replay "$tmp/$prog.json#$n" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "^reproduced: $1" "$tmp/replay"
}

# clean_complete PROG: explore ends complete, no finding, no bound hit
clean_complete ()
{
  "$AUGUR" explore --no-progress --exec-timeout 5 -o "$tmp/$1.json" -- "$prog_dir/$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ -z "$(json_path "$tmp/$1.json" '$.findings[*].kind')" ] \
    && [ -z "$(json_path "$tmp/$1.json" '$.bounds_hit[*]')" ] \
    && grep -q '(complete: every interleaving up to equivalence)' "$tmp/out"
}

# stable_names RESULTS: the stable name of each data race's object, one a
# line, sorted: its object_id when debug info gave it a source-level name
# (common/dwarf-names.h), else its object
stable_names ()
{
  tr -d '\n' <"$1" | sed 's/"kind" : /\n&/g' | grep '^"kind" : "data-race"' \
    | sed -n 's/.*"object" : "\([^"]*\)", *"object_id" : "\([^"]*\)".*/\2/p; t; s/.*"object" : "\([^"]*\)".*/\1/p' \
    | sort
}

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Function-static variables are named as the source names them
# (common/dwarf-statics.h), not by their symbols: gcc's "init_flag.1",
# clang's "profile.init_flag" are `init_flag`; when two functions each
# have a static of one name, the function says which: "hits (in
# count_open)".  The symbol stays the stable name (object_id).
. "$top_srcdir/tests/tap.sh"

S="$top_srcdir/tests/check/staticnames"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-static-names.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

# objects NAME CC: builds S/NAME.c with augur-cc, checks it, and prints
# its data races' objects, one a line, sorted
objects ()
{
  out="$tmp/$1-$2"
  AUGUR_CC="$2" "$AUGUR_CC_BIN" -O0 -g -o "$out.prog" "$S/$1.c" || return 1
  "$AUGUR" check --budget 20 -o "$out" -- "$out.prog" >"$out.log" 2>&1
  st=$?
  cat "$out.log" >&2
  [ $st -eq 1 ] || return 1
  json_path "$out/results.json" '$.findings[*].kind' >"$out.kinds"
  json_path "$out/results.json" '$.findings[*].object' | paste "$out.kinds" - \
    | awk -F '\t' '$1 == "data-race" { print $2 }' | sort
}

# named NAME CC WANT...: its races are on WANT..., and no symbol with a
# dot stands in its output
named ()
{
  name=$1 cc=$2
  shift 2
  got=$(objects "$name" "$cc") || return 1
  want=$(printf '%s\n' "$@" | sort)
  echo "objects: $got (want $want)"
  [ "$got" = "$want" ] && ! grep -Eq "(init_flag|debug_log|hits|slots)\.[0-9]|\.(init_flag|debug_log|hits|slots)" \
    "$tmp/$name-$cc.log"
}

# the stable name stays the symbol
kept_symbol ()
{
  ids=$(json_path "$tmp/lazy_init-gcc/results.json" '$.findings[*].object_id' | sort | tr '\n' ' ')
  echo "object_id: $ids"
  case $ids in "debug_log."[0-9]*" init_flag."[0-9]*" ") ;; *) return 1 ;; esac
}

ok "gcc: a function's statics are init_flag and debug_log" named lazy_init gcc debug_log init_flag
ok "... their symbols stay their stable names" kept_symbol
ok "gcc: two functions' statics of one name are told apart by the function" \
  named two_functions gcc "hits (in count_open)" "slots[1]"
if command -v clang >/dev/null 2>&1; then
  ok "clang: a function's statics are init_flag and debug_log" named lazy_init clang debug_log init_flag
  ok "clang: two functions' statics of one name are told apart by the function" \
    named two_functions clang "hits (in count_open)" "slots[1]"
else
  skip "clang: a function's statics are init_flag and debug_log" "clang not installed"
  skip "clang: two functions' statics of one name are told apart by the function" "clang not installed"
fi

tap_done

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Stack slots get the names of the locals they are (common/dwarf-frames.h):
# a race on a local main shares with its threads is reported on
# `jobs[0].count` at -O0 and -O2 (and with clang when it is installed),
# from the FRAME records the runtime writes at each thread creation.  A
# slot two functions used over the run keeps its stable stack name: a
# name is never guessed.  An alloca'd block, which no local covers, is
# named by the frame that holds it (common/dwarf-alloca.h): main keeps
# the pointer to it in a local whose loads are not recorded (its address
# never escapes), so "alloca in main (cfa-0x...)".  main's arguments are
# T0.args in the explorer's schedules too, where main runs on a fiber and
# argv stays on the real stack.
. "$top_srcdir/tests/tap.sh"

S="$top_srcdir/tests/check/stacknames"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-stack-names.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

# object NAME CC FLAGS...: builds S/NAME.c with augur-cc, checks it, and
# prints the data race's object
object ()
{
  name=$1 cc=$2
  shift 2
  out="$tmp/$name-$cc$*"
  AUGUR_CC="$cc" "$AUGUR_CC_BIN" "$@" -g -o "$out.prog" "$S/$name.c" || return 1
  "$AUGUR" check --budget 20 -o "$out" -- "$out.prog" >"$out.log" 2>&1
  [ $? -eq 1 ] || { cat "$out.log"; return 1; }
  json_path "$out/results.json" '$.findings[*].kind' >"$out.kinds"
  json_path "$out/results.json" '$.findings[*].object' | paste "$out.kinds" - \
    | awk -F '\t' '$1 == "data-race" { print $2; exit }'
}

named ()
{
  want=$1
  shift
  got=$(object "$@") || return 1
  echo "object: $got (want $want)"
  [ "$got" = "$want" ]
}

stack_named ()
{
  got=$(object "$@") || return 1
  echo "object: $got (want a stack name)"
  case $got in T0.stack-0x*) return 0 ;; *) return 1 ;; esac
}

ok "gcc -O0: main's local array of structs" named "jobs[0].count" args gcc -O0
ok "gcc -O2: main's local array of structs" named "jobs[0].count" args gcc -O2
if command -v clang >/dev/null 2>&1; then
  ok "clang -O1: main's local array of structs" named "jobs[0].count" args clang -O1
else
  skip "clang -O1: main's local array of structs" "clang not installed"
fi
ok "a slot two functions used keeps its stack name" stack_named reuse gcc -O0
alloca_named ()
{
  got=$(object "$@") || return 1
  echo "object: $got (want alloca in main (cfa-0x...))"
  case $got in "alloca in main (cfa-0x"*")") return 0 ;; *) return 1 ;; esac
}

ok "an alloca'd block is named by the frame that holds it" alloca_named alloca gcc -O0

# argv_named: augur explore's failing schedule reads argv[1] as T0.args
argv_named ()
{
  "$AUGUR_CC_BIN" -O0 -g -o "$tmp/argv" "$S/argv.c" || return 1
  "$AUGUR" explore --no-progress -o "$tmp/argv.json" -- "$tmp/argv" 1 >"$tmp/argv.out" 2>&1
  [ $? -eq 1 ] || { cat "$tmp/argv.out"; return 1; }
  json_path "$tmp/argv.json" '$.findings[0].schedule[*].object' >"$tmp/argv.objects"
  cat "$tmp/argv.objects"
  grep -qx 'T0.args' "$tmp/argv.objects" && ! grep -q '^0x' "$tmp/argv.objects"
}
ok "augur explore: main's argv is T0.args, not an address" argv_named
tap_done

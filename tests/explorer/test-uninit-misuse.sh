#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A mutex or condition variable in the heap used with no init call is a
# misuse, unless the program copied a static initialiser into it (a
# struct copy, a compound literal, a memcpy, a memset of the struct to
# zero: runtime/rt-sched-uninit.c).  A block store that covers other
# fields but not the lock, or a copy into a block since freed and handed
# out again, sets up nothing.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-uninit.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

ok "copy_init_ok: locks and condition variables copied from initialisers: no finding" \
   clean_complete copy_init_ok

# both runs' locks that were never set up, a's and c's, and not b's
bad_found () # RESULTS
{
  [ "$(results_findings "$1" | sort)" = "misuse:uninitialised-mutex copy_init_bad.c:22
misuse:uninitialised-mutex copy_init_bad.c:33" ] \
    && [ "$(json_path "$1" '$.findings[*].object' | sort | tr '\n' ' ')" = "a->lock c->lock " ]
}

copy_bad ()
{
  "$AUGUR" explore --no-progress --malloc-reuse -o "$tmp/bad.json" -- "$prog_dir/copy_init_bad" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q '(complete: every interleaving up to equivalence)' "$tmp/out" \
    && bad_found "$tmp/bad.json"
}
ok "copy_init_bad: a lock the block store missed, a copy in a freed block reused: uninitialised" copy_bad

# fresh blocks (no --malloc-reuse): the same two, each block on its own
fresh_bad ()
{
  "$AUGUR" explore --no-progress -o "$tmp/fresh.json" -- "$prog_dir/copy_init_bad" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && bad_found "$tmp/fresh.json"
}
ok "copy_init_bad: without reuse, the same two" fresh_bad

tap_done

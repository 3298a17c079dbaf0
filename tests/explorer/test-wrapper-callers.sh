#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A finding whose key call is in a thin wrapper (explorer/wrapper-site.h)
# names the wrapper's caller, and keeps the wrapper as "(through ...)":
# a use after free whose free is in an allocator's wrapper (zstd's
# ZSTD_customFree: "freed it at allocations.h:51" told nothing); a
# deadlock whose lock requests are in a lock wrapper, in its headline as
# in its text; a destroy and a free in one destroy wrapper, each named at
# the wrapper's caller.  At -O0 (the wrappers are calls) and at -O2 (they
# are inlined into their callers).
. "$top_srcdir/tests/tap.sh"

src="$top_srcdir/tests/explorer/wrappers"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-wrapper-callers.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

# run NAME FLAGS: builds wrappers/NAME.c with augur-cc FLAGS and explores
# it (exit 1: findings) into $tmp/NAME$FLAGS.out
run ()
{
  out="$tmp/$1$2"
  "$AUGUR_CC_BIN" "$2" -g -pthread -o "$out.prog" "$src/$1.c" || return 1
  "$AUGUR" explore --no-progress --timeout 60 -o "$out.json" -- "$out.prog" >"$out.out" 2>&1
  st=$?
  cat "$out.out"
  [ "$st" -eq 1 ]
}

# the free of the pool (free_wrapper.c:23 through my_free at :10), not
# the wrapper's line every free shares, in the headline and the text
free_wrapper ()
{
  run free_wrapper "$1" || return 1
  grep -q "^misuse:use-after-free free_wrapper.c:23 free_wrapper.c:15: " "$out.out" \
    && grep -qF "Thread 1 writes p->busy at free_wrapper.c:15 after main freed it at free_wrapper.c:23 (through my_free at free_wrapper.c:10; step " "$out.out"
}
ok "-O0: a use after free names the free's caller, through the allocator's wrapper" free_wrapper -O0
ok "-O2: a use after free names the free's caller, through the inlined wrapper" free_wrapper -O2

# the lock requests at their callers (lock_wrapper.c:17 and :28)
lock_wrapper ()
{
  run lock_wrapper "$1" || return 1
  grep -q "^deadlock lock_wrapper.c:17 lock_wrapper.c:28: " "$out.out" \
    && grep -qF "thread 1 waits for \`b\` at lock_wrapper.c:17 (through my_lock at lock_wrapper.c:9)" "$out.out"
}
ok "-O0: a deadlock's headline names the lock wrapper's callers" lock_wrapper -O0
ok "-O2: a deadlock's headline names the inlined lock wrapper's callers" lock_wrapper -O2

# augur check: the deadlock the confirmation and the explorer both find,
# named at the callers, is one, caused by the inversion the recorded run
# shows (whose acquisitions are at the wrapper's line, called from there)
check_lock_wrapper ()
{
  out="$tmp/check$1"
  "$AUGUR_CC_BIN" "$1" -g -pthread -o "$out.prog" "$src/lock_wrapper.c" || return 1
  "$AUGUR" check --budget 20 -o "$out" -- "$out.prog" >"$out.out" 2>&1
  st=$?
  cat "$out.out"
  [ "$st" -eq 1 ] \
    && [ "$(json_path "$out/results.json" '$.findings[*].kind' | tr '\n' ' ')" = "deadlock " ] \
    && [ "$(json_path "$out/results.json" '$.findings[0].accesses[*].line' | sort | tr '\n' ' ')" = "17 28 " ] \
    && [ "$(json_path "$out/results.json" '$.findings[0].parts[*].kind')" = lock-order-inversion ]
}
ok "-O0: check: one deadlock at the lock wrapper's callers, the inversion its cause" check_lock_wrapper -O0
ok "-O2: check: one deadlock at the inlined lock wrapper's callers, the inversion its cause" check_lock_wrapper -O2

# a wait on a mutex in a block freed through my_free: the misuse the
# runtime reports and the use after free its lock makes are keyed alike
# (the free at main's line 32), so they are one finding, the wait's
wait_free_wrapper ()
{
  run wait_free_wrapper "$1" || return 1
  [ "$(results_findings "$out.json" | grep -c "^misuse:use-after-free")" -eq 1 ] \
    && grep -qF "Thread 1 waits for \`o->m\` at wait_free_wrapper.c:16 while main frees the block that holds it at wait_free_wrapper.c:32 (through my_free at wait_free_wrapper.c:10; step " "$out.out"
}
ok "-O0: a wait on a mutex freed through a wrapper is one use after free, at the free's caller" wait_free_wrapper -O0
ok "-O2: a wait on a mutex freed through a wrapper is one use after free, at the free's caller" wait_free_wrapper -O2

# the destroy (:14) and the free (:15) of my_mutex_destroy, both at
# main's call (:36): the free does not make the destroy's wrapper a
# function of two calls
destroy_wrapper ()
{
  run destroy_wrapper "$1" || return 1
  grep -q "^misuse:destroy-held-mutex destroy_wrapper.c:23 destroy_wrapper.c:36: " "$out.out" \
    && grep -qF "main destroys" "$out.out" \
    && grep -qF " at destroy_wrapper.c:36 (through my_mutex_destroy at destroy_wrapper.c:14; step " "$out.out" \
    && grep -q "^misuse:use-after-free destroy_wrapper.c:36 destroy_wrapper.c:23: .* after main freed it at destroy_wrapper.c:36 (through my_mutex_destroy at destroy_wrapper.c:15; step " "$out.out"
}
ok "-O0: a destroy wrapper's destroy and free are both named at its caller" destroy_wrapper -O0
ok "-O2: a destroy wrapper's destroy and free are both named at its caller" destroy_wrapper -O2

tap_done

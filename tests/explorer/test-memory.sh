#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Memory lifetimes under the explorer (explorer/memcheck.c, runtime/
# rt-malloc.c): no execution sees another's heap; a destroy of a waited-on
# condition variable, a use of the last block after its free, a use
# after free by the thread that freed it (also on real threads, where
# malloc would hand the block out again), each named with its free and
# its use; a free names the struct it frees, and an atomicity violation
# with a free in between says so.  (Moved out of test-explore.sh, which
# had grown past 1,200 lines.)
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-memory.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

ok "heap_fresh: no execution sees what an earlier one left on the heap" clean_complete heap_fresh
cond_destroy_waited ()
{
  "$AUGUR" explore --no-progress -o "$tmp/cdw.json" -- "$prog_dir/cond_destroy_waited" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && results_findings "$tmp/cdw.json" \
    | grep -q "^misuse:destroy-waited-cond cond_destroy_waited.c:18 cond_destroy_waited.c:37" \
    && json_path "$tmp/cdw.json" '$.findings[*].explanation' \
       | grep -q "while thread 1 waits on it: it began waiting at cond_destroy_waited.c:18"
}
ok "cond_destroy_waited: a destroy of a condition variable a thread waits on, named so" \
  cond_destroy_waited
ok "tsd_free_ok: free as a TSD destructor is the program's free: complete, no finding" \
  clean_complete tsd_free_ok
uaf_last_block ()
{
  "$AUGUR" explore --no-progress -o "$tmp/ulb.json" -- "$prog_dir/uaf_last_block" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(results_findings "$tmp/ulb.json")" = \
    "misuse:use-after-free uaf_last_block.c:20 uaf_last_block.c:31" ] \
    && [ "$(json_path "$tmp/ulb.json" '$.findings[0].schedule[-1:].object')" = "o->x" ]
}
ok "uaf_last_block: a use of the last block after its free is a use after free, named" uaf_last_block
# uses of freed memory by the thread that freed it, after the others are
# joined, with a malloc of the block's size between the free and the use:
# on real threads (forked executions) glibc handed the block to that
# malloc, and both ended complete with no finding
same_thread () # FIBERS MODE EXPECTED
{
  AUGUR_FIBERS=$1 "$AUGUR" explore --no-progress -o "$tmp/ust.json" -- "$prog_dir/uaf_same_thread" "$2" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && { [ "$1" = 1 ] || grep -q "forked processes with real threads" "$tmp/out"; } \
    && [ "$(results_findings "$tmp/ust.json" | sort)" = "$3" ]
}
ust_tasks="misuse:use-after-free uaf_same_thread.c:53 uaf_same_thread.c:68"
ust_mutex="misuse:use-after-destroy uaf_same_thread.c:101 uaf_same_thread.c:105
misuse:use-after-free uaf_same_thread.c:102 uaf_same_thread.c:105"
ok "uaf_same_thread: a pool's task array written after its destroy freed it" same_thread 1 tasks "$ust_tasks"
ok "uaf_same_thread, real threads: the same, though malloc had the block again" \
  same_thread 0 tasks "$ust_tasks"
ok "uaf_same_thread: a mutex locked by the thread that destroyed and freed it" same_thread 1 mutex "$ust_mutex"
ok "uaf_same_thread, real threads: the same" same_thread 0 mutex "$ust_mutex"
ust_text ()
{
  same_thread 0 tasks "$ust_tasks" >/dev/null \
    && json_path "$tmp/ust.json" '$.findings[0].explanation' \
       | grep -q "^Main writes p->tasks\[0\].arg at uaf_same_thread.c:68 after main freed it at uaf_same_thread.c:53 (step [0-9]*): freed memory may be handed out again"
}
ok "uaf_same_thread: named with the free and the use, as across threads" ust_text
free_named ()
{
  finding free_named "misuse:use-after-free free_named.c:30 free_named.c:19" || return 1
  json_path "$tmp/free_named.json" '$.findings[0].schedule[*]' >"$tmp/steps"
  cat "$tmp/steps"
  grep -q '"op":"free","object":"\*shared"' "$tmp/steps" \
    && grep -q '"op":"write","object":"shared->time"' "$tmp/steps"
}
ok "free_named: a free names the struct it frees, not its first field" free_named
av_free ()
{
  "$AUGUR" explore --no-progress -o "$tmp/avf.json" -- "$prog_dir/av_free" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && grep -q "^atomicity-violation .*and frees f->a (av_free.c:34) in between" "$tmp/out"
}
ok "av_free: an atomicity violation names a free a free" av_free

tap_done

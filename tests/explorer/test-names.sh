#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The names of objects in augur explore's and augur replay's findings: a
# heap block that its accesses leave unnamed (memcpy's) is named from
# its allocation, as augur check names it from its recorded run; a block
# freed twice by the pointer to it; a block freed while used, by the
# pointer member that points to it; a block whose number is another
# block in another run; a spawned thread's locals; what a function
# alloca'd.
. "$top_srcdir/tests/tap.sh"

B="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-names.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT

heap_from_alloc ()
{
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/r.json" -- "$B/heap_alloc_name" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/r.json" '$.findings[0].object')" = 'buf[4]' ] \
    && [ "$(json_path "$tmp/r.json" '$.findings[0].object_id')" = T0.alloc1+4 ] \
    && grep -q "^data-race heap_alloc_name.c:.*access buf\[4\] without" "$tmp/out" || return 1
  "$AUGUR" replay "$tmp/r.json#1" >"$tmp/replay" 2>&1
  st=$?
  cat "$tmp/replay"
  [ "$st" -eq 1 ] && grep -q "buf\[4\]" "$tmp/replay" && ! grep -q "T0.alloc1" "$tmp/replay"
}
ok "a heap block memcpy writes is named from its allocation in explore and replay" heap_from_alloc

# a double free is about the block, not the element at its start that its
# address also names: *cache, not cache[0]
block_freed ()
{
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/df.json" -- "$B/corpus-double_free" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  i=$(($(results_findings "$tmp/df.json" | grep -n "^misuse:double-free " | cut -d: -f1) - 1))
  [ "$st" -eq 1 ] && [ "$i" -ge 0 ] \
    && [ "$(json_path "$tmp/df.json" "\$.findings[$i].object")" = '*cache' ] \
    && [ "$(json_path "$tmp/df.json" "\$.findings[$i].object_id")" = T0.alloc1 ]
}
ok "a block freed twice is named as the block (*cache), its stable name kept" block_freed

# a use after free of the array a struct's pointer member points to: the
# block is *p->items (freed first), not the struct *p around the member,
# in the finding and in its free step
member_block ()
{
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/mb.json" -- "$B/uaf_member_block" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  json_path "$tmp/mb.json" '$.findings[0].schedule[*]' >"$tmp/steps"
  cat "$tmp/steps"
  [ "$st" -eq 1 ] && [ "$(results_findings "$tmp/mb.json")" = \
    "misuse:use-after-free uaf_member_block.c:36 uaf_member_block.c:25" ] \
    && [ "$(json_path "$tmp/mb.json" '$.findings[0].object')" = '*p->items' ] \
    && case $(json_path "$tmp/mb.json" '$.findings[0].object_id') in T0.alloc2*) ;; *) false ;; esac \
    && grep -q '"op":"free","object":"\*p->items"' "$tmp/steps" \
    && grep -q '"op":"read","object":"p->items\[1\].value"' "$tmp/steps"
}
ok "a use after free names the block a pointer member points to (*p->items, not *p)" member_block

# which thread allocates the category depends on the interleaving: the
# race's T2.alloc1 is the category in the execution that shows it, and
# thread 2's own td in the recorded run (and in explore's and replay's
# frames run), where thread 1 creates it.  Named from its own execution
# in check, explore and replay: cat->name[0], in the finding and its steps
other_run ()
{
  for cmd in "check --budget 30" "explore --no-progress --timeout 60"; do
    args=${cmd#* } cmd=${cmd%% *}
    "$AUGUR" $cmd $args -o "$tmp/or-$cmd" -- "$B/alloc_other_run" >"$tmp/out" 2>&1
    st=$?
    cat "$tmp/out"
    r="$tmp/or-$cmd"
    [ -d "$r" ] && r="$r/results.json"
    i=$(($(results_findings "$r" | grep -n "^data-race " | cut -d: -f1) - 1))
    json_path "$r" "\$.findings[$i].schedule[*]" >"$tmp/steps"
    [ "$st" -eq 1 ] && [ "$i" -ge 0 ] \
      && [ "$(json_path "$r" "\$.findings[$i].object")" = 'cat->name[0]' ] \
      && [ "$(json_path "$r" "\$.findings[$i].object_id")" = T2.alloc1 ] \
      && grep -q '"op":"write","object":"cat->name\[0\]","file":"[^"]*alloc_other_run.c","line":42' "$tmp/steps" \
      && grep -q '"op":"read","object":"cat->name\[0\]","file":"[^"]*alloc_other_run.c","line":45' "$tmp/steps" \
      && ! grep -q 'td->init_version' "$tmp/out" || return 1
    "$AUGUR" replay "$r#$((i + 1))" >"$tmp/replay" 2>&1
    st=$?
    cat "$tmp/replay"
    [ "$st" -eq 1 ] && grep -q "^reproduced: .*access cat->name\[0\] without" "$tmp/replay" || return 1
  done
}
ok "a block is named from the execution of its finding, not a run where its number is another block" other_run

# alloca'd memory: an element of the array named by the pointer the
# workers load to reach it (jobs.slots[1].done); the alloca'd flag, which
# no loaded local points to, by the frame that holds it; no stack offset
# left but the stable names
alloca_named ()
{
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/al.json" -- "$B/alloca_race" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(results_findings "$tmp/al.json")" = \
    "data-race alloca_race.c:31 alloca_race.c:31
data-race alloca_race.c:32 alloca_race.c:32" ] \
    && [ "$(json_path "$tmp/al.json" '$.findings[0].object')" = 'jobs.slots[1].done' ] \
    && case $(json_path "$tmp/al.json" '$.findings[1].object') in "alloca in run (cfa-0x"*")") ;; *) false ;; esac \
    && grep -q "^data-race alloca_race.c:31 .*access jobs.slots\[1\].done without" "$tmp/out" \
    && ! grep -v '"object_id"' "$tmp/al.json" | grep -q "stack-0x"
}
ok "alloca'd memory is named by the pointer loaded to reach it, else by its frame" alloca_named

# a spawned thread's local: named from the stack walks at its own lock
# calls (it creates no thread), one of them inside an inlined function
thread_local ()
{
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/tl.json" -- "$B/thread_local_name" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/tl.json" '$.findings[0].object')" = slot ] \
    && grep -q "^data-race thread_local_name.c:.*access slot without" "$tmp/out" \
    && case $(json_path "$tmp/tl.json" '$.findings[0].object_id') in T1.stack-0x*) ;; *) false ;; esac \
    && ! grep -v '"object_id"' "$tmp/tl.json" | grep -q "stack-0x"
}
ok "a spawned thread's local is named, in the finding and in every step" thread_local

# an 8-byte load over two fields races with a write of the second: the
# race is named after the field written, where the two accesses meet
widened ()
{
  "$AUGUR" explore --no-progress --timeout 60 -o "$tmp/wl.json" -- "$B/widened_load" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/wl.json" '$.findings[0].object')" = 's->stop' ] \
    && grep -q "^data-race widened_load.c:.*access s->stop without" "$tmp/out"
}
ok "a load widened over two fields races on the field written, not the first one" widened

tap_done

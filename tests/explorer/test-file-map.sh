#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Memory that system calls change: a pwrite or writev to a file the
# program maps shared writes the mapped bytes (runtime/rt-filemap.c), so
# the race between it and the readers of the mapping is explored; a new
# mapping where a freed block lay is memory handed out again, not a use
# of the freed block; and a block the allocator hands out again holds a
# new object, whose accesses do not race with the old one's.  augur check
# says, as explore does, that such a program's runs were forked.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-file-map.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

written ()
{
  finding file_map_write "assertion file_map_write.c:30" || return 1
  r="$tmp/file_map_write.json"
  [ "$(json_path "$r" '$.analysis.complete')" = true ] \
    && results_findings "$r" | grep -q "^data-race file_map_write.c:28 file_map_write.c:19"
}
ok "file_map_write: a pwrite between two reads of the mapped file: the assertion, replayed" written

checked ()
{
  "$AUGUR" check --budget 60 --no-repair -o "$tmp/check" -- "$prog_dir/file_map_write" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] \
    && results_findings "$tmp/check/results.json" | grep -q "^assertion file_map_write.c:30" \
    && grep -q "^augur check: explored .*; the executions ran as forked processes with real threads (the program maps or unmaps memory itself)" "$tmp/out"
}
ok "augur check finds it too, and says its runs were forked with real threads" checked

quiet ()
{
  "$AUGUR" explore --no-progress --fail-on=note -o "$tmp/ok.json" -- "$prog_dir/file_map_ok" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ "$(json_path "$tmp/ok.json" '$.analysis.complete')" = true ] \
    && [ -z "$(json_path "$tmp/ok.json" '$.findings[*].kind')" ] \
    && [ "$(json_path "$tmp/ok.json" '$.executions')" -ge 2 ]
}
ok "file_map_ok: the writev and the reads under one mutex, a mapping where a freed block lay: no finding" quiet

reused ()
{
  "$AUGUR" explore --no-progress --malloc-reuse --fail-on=note -o "$tmp/reuse.json" -- "$prog_dir/heap_reuse_ok" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && [ "$(json_path "$tmp/reuse.json" '$.analysis.complete')" = true ] \
    && [ -z "$(json_path "$tmp/reuse.json" '$.findings[*].kind')" ] \
    && [ "$(json_path "$tmp/reuse.json" '$.executions')" -ge 2 ]
}
ok "heap_reuse_ok: a block freed by one thread and handed to another: no data race" reused

tap_done

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The names of objects in augur explore's and augur replay's findings: a
# heap block that its accesses leave unnamed (memcpy's) is named from
# its allocation, as augur check names it from its recorded run.
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

tap_done

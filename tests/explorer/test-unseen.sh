#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Memory accesses augur cannot see (inline assembly): a spin on an unseen
# xchg starves the thread it waits for under augur's scheduler, and a
# loop waiting for a flag an unseen store writes never sees it change;
# either hang is a warning that says it may be augur's, as is a race on
# data such a store publishes, and the exit status says incomplete, not
# bug.  A race on volatile accesses says that
# volatile is not atomic.  A local of another thread's function that has
# returned, whose memory later calls write unseen: an error, and the
# search incomplete.  Plain movs in inline assembly are
# listed and named.  String functions the compiler would expand inline
# (strcpy of a literal) stay calls augur sees.  And what the
# interleavings do not show: a search
# that met the shape of store buffering (relaxed atomics, no fence) is
# complete under sequential consistency only, and says so; with the
# fences, or an inline-assembly fence between, it says nothing.  The same
# for message passing with a relaxed flag (explore, check and
# results.json say it); with release and acquire, seq_cst, or the fences,
# nothing.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-unseen.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

# a spin on an xchg augur cannot see starves the thread it waits for
# under augur's scheduler: the watchdog's hang is a warning that says it
# may be augur's, and the exit status says incomplete, not bug
unseen_spin ()
{
  "$AUGUR" explore --no-progress --exec-timeout 2 -o "$tmp/asmspin.json" -- "$prog_dir/asm_spin" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && [ "$(json_path "$tmp/asmspin.json" '$.findings[*].severity')" = warning ] \
    && [ "$(json_path "$tmp/asmspin.json" '$.findings[*].kind')" = hang ] \
    && json_path "$tmp/asmspin.json" '$.findings[*].explanation' \
         | grep -q 'instructions augur cannot see (asm_spin.c:16, xchg)'
}
ok "asm_spin: a spin on an unseen xchg: the watchdog's hang is a warning" unseen_spin
# plain movs in inline assembly: listed by augur-cc (gcc's assembler
# listing), named, and the search incomplete
unseen_plain ()
{
  "$AUGUR" explore --no-progress -o "$tmp/asmplain.json" -- "$prog_dir/asm_plain" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && [ "$(json_path "$tmp/asmplain.json" '$.bounds_hit[*]')" = unseen-atomics ] \
    && grep -q 'asm_plain.c:17: movl .*flag(%rip) (inline assembly)' "$tmp/out" \
    && grep -q 'asm_plain.c:26: movl flag(%rip), .* (inline assembly)' "$tmp/out" \
    && grep -q 'incomplete: 2 instructions augur cannot see (asm_plain.c:17' "$tmp/out"
}
ok "asm_plain: plain movs in inline assembly are named, the search incomplete" unseen_plain
unseen_store ()
{
  "$AUGUR" explore --no-progress --exec-timeout 2 -o "$tmp/asmstore.json" -- "$prog_dir/asm_store_wait" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && ! json_path "$tmp/asmstore.json" '$.findings[*].severity' | grep -qx error \
    && json_path "$tmp/asmstore.json" '$.findings[*].kind' | grep -qx hang \
    && json_path "$tmp/asmstore.json" '$.findings[*].explanation' \
         | grep -q "instructions augur cannot see (asm_store_wait.c:18, movl .*): if one of them writes what the loop reads"
}
ok "asm_store_wait: a loop waiting for an unseen store: the hang is a warning" unseen_store
# a race on data an unseen store publishes: a warning that says so
unseen_publish ()
{
  "$AUGUR" explore --no-progress --exec-timeout 2 -o "$tmp/asmpub.json" -- "$prog_dir/asm_publish" \
    >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 6 ] && ! json_path "$tmp/asmpub.json" '$.findings[*].severity' | grep -qx error \
    && json_path "$tmp/asmpub.json" '$.findings[*].kind' | grep -qx data-race \
    && json_path "$tmp/asmpub.json" '$.findings[*].explanation' \
         | grep -q "access data without synchronisation, and one of them writes\. The program has instructions augur cannot see (asm_publish.c:18, movl .*): if one of them orders these two accesses"
}
ok "asm_publish: a race on data an unseen store publishes is a warning that says why" unseen_publish

store_buffering ()
{
  "$AUGUR" explore --no-progress -o "$tmp/sb.json" -- "$prog_dir/store_buffering" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] \
    && grep -q "(complete: every interleaving up to equivalence, under sequential consistency only (with atomics weaker than seq_cst the store at store_buffering.c:28 may be passed by the load at store_buffering.c:30: store buffering, not run))" "$tmp/out"
}
ok "store_buffering: complete under sequential consistency only, and said" store_buffering
sb_fenced ()
{
  "$AUGUR_CC_BIN" -O0 -g -DSB_FENCE -o "$tmp/sbf" "$top_srcdir/tests/explorer/store_buffering.c" || return 1
  "$AUGUR" explore --no-progress -o "$tmp/sbf.json" -- "$tmp/sbf" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && grep -q "(complete: every interleaving up to equivalence)" "$tmp/out"
}
ok "store_buffering with seq_cst fences: complete, no caveat" sb_fenced
ok "asm_fence_ok: an inline-assembly fence between: complete, no caveat" clean_complete asm_fence_ok
mp_sentence="under sequential consistency only (with atomics weaker than seq_cst the loads at message_passing.c:40 and message_passing.c:45 may see the stores at message_passing.c:28 and message_passing.c:32 out of order: message passing, not run)"
message_passing ()
{
  "$AUGUR" explore --no-progress -o "$tmp/mp.json" -- "$prog_dir/message_passing" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] && grep -qF "(complete: every interleaving up to equivalence, $mp_sentence)" "$tmp/out" \
    && { "$AUGUR" check --budget 60 -o "$tmp/mpc" -- "$prog_dir/message_passing" >"$tmp/check" 2>&1;
         cst=$?; cat "$tmp/check"; [ "$cst" -eq 0 ]; } \
    && grep -qF "augur check: complete: every interleaving up to equivalence, $mp_sentence (optimal DPOR)" \
         "$tmp/check" \
    && [ "$(json_path "$tmp/mpc/results.json" '$.analysis.strategies[*].guarantee')" \
         = "complete: every interleaving up to equivalence, $mp_sentence" ]
}
ok "message_passing: relaxed flag: complete under sequential consistency only, and said" \
  message_passing
# mp_variant NAME CFLAGS CAVEAT(yes|no)
mp_variant ()
{
  "$AUGUR_CC_BIN" -O0 -g $2 -o "$tmp/$1" "$top_srcdir/tests/explorer/message_passing.c" || return 1
  "$AUGUR" explore --no-progress -o "$tmp/$1.json" -- "$tmp/$1" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 0 ] || return 1
  if [ "$3" = yes ]; then
    grep -qF "$mp_sentence" "$tmp/out"
  else
    grep -q "(complete: every interleaving up to equivalence); 0 findings" "$tmp/out"
  fi
}
ok "message_passing with release and acquire: complete, no caveat" \
  mp_variant mpra "-DMP_STORE=__ATOMIC_RELEASE -DMP_LOAD=__ATOMIC_ACQUIRE" no
ok "message_passing with seq_cst: complete, no caveat" \
  mp_variant mpsc "-DMP_STORE=__ATOMIC_SEQ_CST -DMP_LOAD=__ATOMIC_SEQ_CST" no
ok "message_passing with release and acquire fences: complete, no caveat" \
  mp_variant mpf "-DMP_FENCES" no
ok "message_passing with a release store and a relaxed load: the caveat" \
  mp_variant mpr "-DMP_STORE=__ATOMIC_RELEASE" yes
# --help says that exploration is sequentially consistent, and which
# weak shapes are named
help_sc ()
{
  "$AUGUR" explore --help >"$tmp/help" 2>&1 && "$AUGUR" check --help >>"$tmp/help" 2>&1 \
    && [ "$(grep -c 'store buffering' "$tmp/help")" -eq 2 ] \
    && [ "$(grep -c 'message passing' "$tmp/help")" -eq 2 ] \
    && grep -q '^Every execution is an interleaving: sequential consistency' "$tmp/help" \
    && grep -q 'is sequentially consistent' "$tmp/help"
}
ok "explore --help and check --help: sequential consistency, the weak shapes named" help_sc

# a handshake through a volatile flag: the race on the flag says that
# volatile is not atomic, and the one on the data it was meant to order
# names the volatile write that orders nothing
volatile_race ()
{
  "$AUGUR" explore --no-progress -o "$tmp/vol.json" -- "$prog_dir/volatile_flag" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] || return 1
  grep -q "^data-race .*access flag without synchronisation, and one of them writes. Both accesses are volatile: volatile makes an access neither atomic nor ordered" "$tmp/out" \
    && grep -q "^data-race .*access data without synchronisation, and one of them writes. Between them thread 1's volatile write at volatile_flag.c:18, which main then saw, orders nothing" "$tmp/out"
}
ok "volatile_flag: races on and through volatile accesses say volatile is not atomic" volatile_race

# a worker reads a local of a function that has returned: a misuse of
# memory, and since the calls that reuse the frame write it unseen, the
# search is incomplete whatever the mode
dead_frame ()
{
  "$AUGUR" explore --no-progress $1 -o "$tmp/df.json" -- "$prog_dir/dead_frame" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] && [ "$(json_path "$tmp/df.json" '$.bounds_hit[*]')" = dead-frame ] \
    && json_path "$tmp/df.json" '$.findings[*].subkind' | grep -qx dead-frame \
    && grep -q "^misuse:dead-frame dead_frame.c:25: Thread 1 reads memory at dead_frame.c:25 that is another thread's stack" "$tmp/out" \
    && grep -q "(incomplete: a local of a function that had returned was used (dead_frame.c:25)" "$tmp/out"
}
ok "dead_frame: a local of a returned function: an error, the search incomplete" dead_frame
ok "... and with --mode dpor" dead_frame "--mode dpor"

# strcpy of a literal and strcmp with one, which the compiler expands into
# plain stores and loads after the instrumentation: augur-cc keeps the
# calls, so the race on the name is seen
string_literal ()
{
  "$AUGUR" explore --no-progress -o "$tmp/sl.json" -- "$prog_dir/string_literal_race" >"$tmp/out" 2>&1
  st=$?
  cat "$tmp/out"
  [ "$st" -eq 1 ] \
    && grep -q "^data-race string_literal_race.c:23 string_literal_race.c:31: Threads 1 and 2 access rec.name\[0\]" "$tmp/out"
}
ok "string_literal_race: strcpy of a literal racing with strcmp is seen" string_literal

tap_done

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A second destroy of an object destroyed already and not initialised
# since is a misuse for every kind of object (mutex, rwlock, condition
# variable, barrier, spinlock, semaphore), named with both destroys and
# replayed; init, destroy, init, destroy is not, nor is a static
# initialiser in a stack slot that held a destroyed object.
. "$top_srcdir/tests/tap.sh"

prog_dir="$top_builddir/tests/explorer"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-destroy.XXXXXX")
trap 'rm -rf "$tmp" "$tap_log"' EXIT
. "$top_srcdir/tests/explorer/explore-helpers.sh"

# double_destroy's finding about OBJ (of kind KIND), whose two destroys
# are at lines FIRST (the worker's) and SECOND (main's): found, replayed,
# an error explained with both
double_destroy () # OBJ KIND FIRST SECOND
{
  finding double_destroy "misuse:double-destroy double_destroy.c:$3 double_destroy.c:$4" || return 1
  i=$(($(results_findings "$tmp/double_destroy.json" | grep -n "^misuse:double-destroy double_destroy.c:$3 " | cut -d: -f1) - 1))
  f="\$.findings[$i]"
  [ "$(json_path "$tmp/double_destroy.json" "$f.severity") $(json_path "$tmp/double_destroy.json" "$f.object_kind") $(json_path "$tmp/double_destroy.json" "$f.object")" = "error $2 $1" ] \
    && json_path "$tmp/double_destroy.json" "$f.explanation" \
       | grep -q "^Double destroy: main destroys \`$1\` at double_destroy.c:$4 (step [0-9]*), which was destroyed already, by thread 1 at double_destroy.c:$3 (step [0-9]*), and not initialised since"
}
ok "double_destroy: a mutex destroyed twice" double_destroy m mutex 22 42
ok "double_destroy: a read-write lock destroyed twice" double_destroy rw rwlock 23 43
ok "double_destroy: a condition variable destroyed twice" double_destroy c condition 24 44
ok "double_destroy: a barrier destroyed twice" double_destroy b barrier 25 45
ok "double_destroy: a spinlock destroyed twice" double_destroy s spinlock 26 46
ok "double_destroy: a semaphore destroyed twice" double_destroy sem semaphore 27 47
ok "double_destroy: six findings, one per object" eval '[ "$(results_findings "$tmp/double_destroy.json" | wc -l)" -eq 6 ]'
# a spinlock initialised again after its destroy was an init-in-use
ok "double_destroy_reinit_ok: two lives of every object, static locals reused: no finding" clean_complete double_destroy_reinit_ok

tap_done

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-static-cache.sh — the cache of static results (static/static-cache.h):
# a second `augur static` (and `augur check`) of unchanged sources takes
# the facts of the first without running Frama-C's analysis and says so,
# with the same facts; a changed source or header runs it again; a file
# Frama-C cannot parse and a run out of time are cached too (a longer
# timeout runs it again); AUGUR_CACHE_DIR set empty caches nothing.
# frama-c is wrapped to count its analyses (runs with -eva).
set -u
. "$top_srcdir/tests/tap.sh"
src="$top_srcdir/tests/static"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-static-cache.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT
# augur static keeps its temporary directory, for the log its error names,
# when frama-c fails: inside $work, it goes with it
TMPDIR=$work; export TMPDIR

frama_c=$(command -v "${AUGUR_FRAMA_C:-frama-c}" 2>/dev/null)
if [ -z "$frama_c" ] || [ ! -f "${AUGUR_STATIC_PLUGIN:-}" ]; then
  skip "the static cache" "frama-c or augur's plug-in missing"
  tap_done
  exit $?
fi

# frama-c, counting the runs that analyse in $work/runs
cat >"$work/frama-c" <<EOF
#!/bin/sh
case " \$* " in *" -eva "*) echo run >>"$work/runs" ;; esac
exec "$frama_c" "\$@"
EOF
# frama-c that never ends an analysis (but prints its preprocessing)
cat >"$work/slow-frama-c" <<EOF
#!/bin/sh
case " \$* " in *" -eva "*) echo run >>"$work/runs"; exec sleep 30 ;; esac
exec "$frama_c" "\$@"
EOF
chmod +x "$work/frama-c" "$work/slow-frama-c"
AUGUR_FRAMA_C="$work/frama-c"
AUGUR_CACHE_DIR="$work/cache"
export AUGUR_FRAMA_C AUGUR_CACHE_DIR

runs () { if [ -f "$work/runs" ]; then wc -l <"$work/runs" | tr -d ' '; else echo 0; fi; }
mkdir -p "$work/p"
cat >"$work/p/counter.h" <<'EOF'
static int counter;
EOF
cat >"$work/p/prog.c" <<'EOF'
#include <pthread.h>
#include "counter.h"
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *worker (void *arg) { pthread_mutex_lock (&lock); counter++; pthread_mutex_unlock (&lock); return arg; }
int main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, worker, 0);
  pthread_create (&b, 0, worker, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return counter;
}
EOF
facts () { (cd "$work/p" && "$AUGUR" static --print-facts -o "$work/f.json" prog.c >"$work/$1" 2>&1); }
summary () { (cd "$work/p" && "$AUGUR" static -o "$work/f.json" prog.c >"$work/$1" 2>&1); }

first ()
{
  facts first.out || return 1
  cat "$work/first.out"
  test "$(runs)" -eq 1 && grep -q '^protected counter' "$work/first.out" \
    && ls "$work/cache/static/"*.entry >/dev/null
}
ok "a first run analyses and fills the cache" first
again ()
{
  facts again.out && summary again.sum || return 1
  cat "$work/again.sum"
  test "$(runs)" -eq 1 && cmp "$work/first.out" "$work/again.out" \
    && grep -q "^frama-c time .*at an earlier run: these are its facts, cached in $work/cache/static/" \
         "$work/again.sum"
}
ok "the same sources again: the cached facts, the same, said so, no analysis" again

# a changed source: the lock is gone, the counter a candidate
edited ()
{
  sed -i 's/pthread_mutex_lock (&lock); counter++; pthread_mutex_unlock (&lock);/counter++;/' \
    "$work/p/prog.c" && facts edited.out || return 1
  cat "$work/edited.out"
  test "$(runs)" -eq 2 && grep -q '^candidate counter ' "$work/edited.out" \
    && ! grep -q '^protected' "$work/edited.out"
}
ok "an edited source misses: analysed again, the new facts" edited
header ()
{
  printf 'static int counter;\nstatic int other;\n' >"$work/p/counter.h" && facts header.out || return 1
  test "$(runs)" -eq 3 && cmp "$work/edited.out" "$work/header.out"
}
ok "an edited header misses too" header
ok "and the edited program hits the next time" sh -c "cd '$work/p' && '$AUGUR' static -o '$work/f.json' prog.c >'$work/h.sum' && test \$(wc -l <'$work/runs') -eq 3 && grep -q 'cached in' '$work/h.sum'"

# a file Frama-C cannot parse: the same error, said to be cached
printf 'int f (void) { return 1 +; }\n' >"$work/p/bad.c"
bad () { (cd "$work/p" && "$AUGUR" static -o "$work/bad.json" bad.c 2>"$work/$1"); }
bad_cached ()
{
  bad bad1.err; st1=$?
  n=$(runs)
  bad bad2.err; st2=$?
  cat "$work/bad1.err" "$work/bad2.err"
  test "$st1" -eq 5 && test "$st2" -eq 5 && test "$(runs)" -eq "$n" \
    && grep -q 'frama-c failed on every source: bad.c' "$work/bad2.err" \
    && grep -q '(cached: frama-c gave this on these same sources' "$work/bad2.err"
}
ok "a file frama-c cannot parse: the same failure again from the cache, no analysis" bad_cached

# out of time: cached for that timeout, a longer one runs it again
slow () { (cd "$work/p" && AUGUR_FRAMA_C="$work/slow-frama-c" "$AUGUR" static --timeout "$1" -o "$work/slow.json" prog.c 2>"$work/slow.err"); }
timeouts ()
{
  slow 2; st1=$?
  n=$(runs)
  slow 2; st2=$?
  cat "$work/slow.err"
  test "$st1" -eq 5 && test "$st2" -eq 5 && test "$(runs)" -eq "$n" \
    && grep -q 'did not finish within 2 s.*(cached' "$work/slow.err" || return 1
  slow 3
  test "$(runs)" -eq $((n + 1))
}
ok "a timeout is cached for that time; a longer timeout runs frama-c again" timeouts

# no cache
off ()
{
  n=$(runs)
  (cd "$work/p" && AUGUR_CACHE_DIR= "$AUGUR" static -o "$work/f.json" prog.c >/dev/null &&
     AUGUR_CACHE_DIR= "$AUGUR" static -o "$work/f.json" prog.c >"$work/off.sum") || return 1
  test "$(runs)" -eq $((n + 2)) && ! grep -q 'cached' "$work/off.sum"
}
ok "AUGUR_CACHE_DIR set empty: nothing cached" off

# augur check says that it used the cached facts
check_cached ()
{
  "$AUGUR_CC_BIN" -g -O0 -pthread -o "$work/p/prog" "$work/p/prog.c" || return 1
  (cd "$work/p" && "$AUGUR" check --no-repair --budget 30 -o "$work/c1" -- ./prog >"$work/c1.out" 2>&1)
  n=$(runs)
  (cd "$work/p" && "$AUGUR" check --no-repair --budget 30 -o "$work/c2" -- ./prog >"$work/c2.out" 2>&1)
  cat "$work/c1.out" "$work/c2.out"
  test "$(runs)" -eq "$n" \
    && grep -q 'static analysis: Frama-C not run, its facts are cached in' "$work/c2.out" \
    && grep -q 'cached facts of an earlier run' "$work/c2.out" \
    && ! grep -q 'cached' "$work/c1.out" \
    && [ "$(grep -c . "$work/c1/static-facts.json")" -gt 0 ] \
    && cmp "$work/c1/static-facts.json" "$work/c2/static-facts.json"
}
ok "augur check on the same program takes the cached facts and says so" check_cached

tap_done

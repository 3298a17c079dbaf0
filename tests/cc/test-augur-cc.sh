#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-augur-cc.sh — augur-cc builds instrumented programs in every way a
# build system calls a compiler (one step, -c then link, several sources,
# -shared, static archives, a Makefile project, an autotools project
# configured with CC=augur-cc), with gcc and clang, and the programs both run
# normally and record under `augur record`.
set -u
. "$top_srcdir/tests/tap.sh"
src="$top_srcdir/tests/cc"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-cc-test.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT
cd "$work" || exit 1
CCW=$AUGUR_CC_BIN

needs_rt () { readelf -d "$1" | grep -q 'NEEDED.*libaugur-rt\.so'; }
no_tsan () { ! readelf -d "$1" | grep -q 'NEEDED.*libtsan'; }
prints_9 () { test "$("$@")" = 9; }
instrumented () { nm -u "$1" | grep -q '__tsan_func_entry' && nm -u "$1" | grep -q '__tsan_init'; }
records () {
  # records PROG FILE.c: augur record writes a trace whose symbolised events
  # include mutex operations located in FILE.c
  "$AUGUR" record -o "$work/r.trace" -- "$1" >/dev/null || return 1
  "$AUGUR" trace show "$work/r.trace" >"$work/r.txt" || return 1
  grep -q "mutex_lock.*$2:" "$work/r.txt" || { cat "$work/r.txt"; return 1; }
}

# one step, several sources
ok "one-step compile+link of two sources" "$CCW" -O1 -I"$src" -o app1 "$src/main.c" "$src/counter.c"
ok "one-step: links libaugur-rt" needs_rt app1
ok "one-step: never links libtsan" no_tsan app1
ok "one-step: runs normally without augur" prints_9 ./app1
ok "one-step: records with augur record" records ./app1 counter.c

# -c then link
ok "-c produces instrumented objects" sh -c "'$CCW' -O2 -I'$src' -c '$src/counter.c' -o counter.o && '$CCW' -O2 -I'$src' -c '$src/main.c' -o main.o"
ok "-c: object calls the __tsan hooks" instrumented counter.o
ok "link of objects" "$CCW" -o app2 main.o counter.o
ok "link of objects: runs" prints_9 ./app2
ok "link of objects: links libaugur-rt" needs_rt app2

# the compile records (.augur.cflags) the static analysis reads back
has_record () {
  # has_record FILE SOURCE FLAG: FILE carries a record of SOURCE with FLAG
  readelf -p .augur.cflags "$1" >rec.txt 2>&1 || { cat rec.txt; return 1; }
  grep -q "augur-cc-flags-1" rec.txt && grep -q " $2\$" rec.txt && grep -q -- " $3\$" rec.txt \
    || { cat rec.txt; return 1; }
}
ok "-c: the object records its source and flags" has_record counter.o "$src/counter.c" "-I$src"
ok "-c of two sources without -o: each object records its own" \
  sh -c "'$CCW' -DTWO=2 -I'$src' -c '$src/main.c' '$src/counter.c' && readelf -p .augur.cflags main.o | grep -q ' $src/main.c\$' && readelf -p .augur.cflags counter.o | grep -q ' $src/counter.c\$' && ! readelf -p .augur.cflags counter.o | grep -q 'main.c'"
ok "link of objects: the program carries both records" \
  sh -c "readelf -p .augur.cflags app2 | grep -c 'augur-cc-flags-1' | grep -qx 2"
ok "one-step compile+link: the program carries both records" has_record app1 "$src/main.c" "-I$src"

# -shared
ok "-shared library" "$CCW" -O1 -fPIC -shared -I"$src" -o libcounter.so "$src/counter.c"
ok "-shared: the library needs libaugur-rt" needs_rt libcounter.so
ok "program against the shared library" "$CCW" -O1 -I"$src" -o app3 "$src/main.c" -L. -lcounter -Wl,-rpath,"$work"
ok "shared: runs" prints_9 ./app3
ok "shared: records events inside the library" records ./app3 counter.c

# static archive through a Makefile project
mkdir mk && cp "$src/proj-make/Makefile" "$src/main.c" "$src/counter.c" "$src/counter.h" mk/
ok "Makefile project with CC=augur-cc and a static archive" make -s -C mk CC="$CCW"
ok "Makefile project: runs" prints_9 mk/app
ok "Makefile project: records" records mk/app counter.c

# autotools project
mkdir at && cp "$src/proj-autotools/configure.ac" "$src/proj-autotools/Makefile.am" "$src/main.c" "$src/counter.c" "$src/counter.h" at/
ok "autotools project: autoreconf" sh -c "cd at && autoreconf -fi"
ok "autotools project: ./configure CC=augur-cc" sh -c "cd at && ./configure -q CC='$CCW'"
ok "autotools project: make" make -s -C at
ok "autotools project: runs" prints_9 at/app
ok "autotools project: records" records at/app counter.c

# clang underneath
if [ -n "${CLANG:-}" ] && [ "$CLANG" != no ]; then
  ok "AUGUR_CC=clang one-step" env AUGUR_CC="$CLANG" "$CCW" -O1 -I"$src" -o app4 "$src/main.c" "$src/counter.c"
  ok "clang: runs" prints_9 ./app4
  ok "clang: records" records ./app4 counter.c
else
  skip "AUGUR_CC=clang" "clang not installed"
fi

# -pthread on a one-step compile+link reaches the compile: gcc then defines
# _REENTRANT, which autoconf's AX_PTHREAD requires before it believes
# threads work (without it, libevent configures itself without threads)
printf '#include <pthread.h>\n#ifndef _REENTRANT\n#error _REENTRANT undefined\n#endif\nint main(void) { return 0; }\n' >reentrant.c
ok "one-step -pthread defines _REENTRANT when compiling" "$CCW" -pthread -o reentrant reentrant.c

# refusals
refuses_static () {
  "$CCW" -static -o x "$src/main.c" 2>err.txt
  test $? -eq 2 && grep -q -- '-static is not supported' err.txt
}
ok "-static is refused with a clear message" refuses_static
tap_done

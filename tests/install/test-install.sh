#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-install.sh — an installed augur works on its own: `make install
# DESTDIR=STAGE` from this build, then, with none of the variables that
# point the tests at the build tree (AUGUR_RTDIR, AUGUR_STATIC_PLUGIN,
# AUGUR_STATIC_HARNESS), the installed augur-cc builds a program against
# the installed runtime (an installed augur-cc used to contain a literal
# "@pkglibdir@") and the installed augur checks it, its static stage with
# the installed plug-in and harness.  Both look for their files under the
# staging root they run from, as for a relocated install.
set -u
. "$top_srcdir/tests/tap.sh"
stage=$(mktemp -d "${TMPDIR:-/tmp}/augur-install.XXXXXX")
trap 'rm -rf "$stage" "$tap_log"' EXIT
unset AUGUR_RTDIR AUGUR_STATIC_PLUGIN AUGUR_STATIC_HARNESS

bindir=$(sed -n "s/^bindir='\(.*\)'\$/\1/p" "$top_builddir/augur-cc")
pkglibdir=$(sed -n "s/^pkglibdir='\(.*\)'\$/\1/p" "$top_builddir/augur-cc")

install_it ()
{
  # a make of its own, not the jobserver of the make running the tests
  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$top_builddir" install DESTDIR="$stage"
}
ok "make install DESTDIR=..." install_it

expanded ()
{
  cc="$stage$bindir/augur-cc"
  [ -x "$cc" ] || return 1
  ! grep -n '@[A-Za-z_]*@' "$cc" && grep -q "^pkglibdir='/" "$cc"
}
ok "the installed augur-cc names the installation folders, no @placeholder@ left" expanded

cd "$stage" || exit 1
PATH="$stage$bindir:$PATH"
export PATH

builds ()
{
  # counterseq has a lost update that a recorded run can hit (about one
  # run in a hundred), so the run is of its bug-free twin
  augur-cc -O1 -o prog "$top_srcdir/tests/programs/counterseq/prog.c" || return 1
  augur-cc -O1 -o prog_ok "$top_srcdir/tests/programs/counterseq_ok/prog.c" || return 1
  readelf -d prog | grep "R.*PATH.*\[$stage$pkglibdir\]" && ./prog_ok
}
ok "the installed augur-cc builds against the installed runtime, and the program runs" builds

if command -v "${AUGUR_FRAMA_C:-frama-c}" >/dev/null 2>&1; then
  ok "the installed augur static finds its plug-in and harness" augur static --program prog -o facts.json
  checks ()
  {
    # the static stage gets a third of the budget: with 20 s, Frama-C ran
    # out of its 6.6 s on a loaded machine; the check ends with its search
    augur check --budget 60 -o r -- ./prog >out.txt 2>&1
    st=$?
    cat out.txt
    [ "$st" -eq 1 ] && grep -q "^augur check: static analysis of 1 source file: .*flags recorded by augur-cc)$" out.txt
  }
  ok "the installed augur check finds the bug, its static stage running" checks
else
  skip "installed augur static" "frama-c not installed"
  skip "installed augur check" "frama-c not installed"
fi
tap_done

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# test-static.sh — `augur static` on one small program per case: the facts
# (threads, shared locations, candidate and lock-protected pairs, unknown
# sites, warnings; sorted text from --print-facts) must equal CASE.expected.
# Then the command's exit statuses: 2 usage, 3 bad input, 5 when frama-c is
# missing or fails (with the sound fallback facts written all the same).
set -u
. "$top_srcdir/tests/tap.sh"
cases="thread_local locked_counter racy_counter heap_handoff escaped_stack
       fnptr_entry atomic_flag external_call unresolved_entry leaked_lock
       locked_loop nested_threads join_then_create c11_noreturn byte_order
       glibc_habits offsetof_index"
src="$top_srcdir/tests/static"
work=$(mktemp -d "${TMPDIR:-/tmp}/augur-static.XXXXXX")
trap 'rm -rf "$work" "$tap_log"' EXIT
# augur static keeps its temporary directory, for the log its error names,
# when frama-c fails: inside $work, it goes with it
TMPDIR=$work; export TMPDIR

status_is () { want=$1; shift; "$@" >/dev/null 2>&1; test $? -eq "$want"; }
same () { cmp "$1" "$2" || { diff -u "$1" "$2" | head -40; return 1; }; }

frama_c=${AUGUR_FRAMA_C:-frama-c}
have_frama_c=yes
if ! command -v "$frama_c" >/dev/null 2>&1; then
  have_frama_c="frama-c not found (apt-get install frama-c-base)"
elif [ ! -f "${AUGUR_STATIC_PLUGIN:-}" ]; then
  have_frama_c="augur's Frama-C plug-in was not built (not Frama-C 25?)"
fi

facts_are ()
{
  (cd "$src" && "$AUGUR" static --print-facts -o "$work/$1.json" "$1.c" >"$work/$1.out") &&
    same "$src/$1.expected" "$work/$1.out"
}

# The facts of each case.  Run from the sources' folder so that file names
# in the facts are as short as in the expected files.
for c in $cases; do
  if [ "$have_frama_c" = yes ]; then
    ok "facts of $c" facts_are "$c"
  else
    skip "facts of $c" "$have_frama_c"
  fi
done

# two files that use GCC's builtins on different types, and __int128
builtins ()
{
  (cd "$src" && "$AUGUR" static --print-facts -o "$work/builtins.json" builtins_a.c builtins_b.c \
     >"$work/builtins.out") && same "$src/builtins.expected" "$work/builtins.out"
}
if [ "$have_frama_c" = yes ]; then
  ok "facts of builtins (two files, __atomic and __sync on several types, a pointer, __int128)" builtins
else
  skip "facts of builtins" "$have_frama_c"
fi

# two files that use C11's <stdatomic.h> on different atomic types
# (atomic_init on atomic_int and atomic_uint did not link in Frama-C): the
# facts are complete, no file is left out, the atomics are no candidate
c11_atomics ()
{
  (cd "$src" && "$AUGUR" static --print-facts -o "$work/c11_atomics.json" c11_atomics_a.c \
     c11_atomics_b.c >"$work/c11_atomics.out") &&
    same "$src/c11_atomics.expected" "$work/c11_atomics.out" &&
    ! grep -q 'not-analysed' "$work/c11_atomics.out" &&
    ! grep -q '"sound_fallback" : true' "$work/c11_atomics.json"
}
if [ "$have_frama_c" = yes ]; then
  ok "facts of c11_atomics (two files, the C11 atomic functions on several types)" c11_atomics
else
  skip "facts of c11_atomics" "$have_frama_c"
fi

# glibc's declarations Frama-C's libc lacks or declares elsewhere (libuv):
# pthread_atfork called with <pthread.h> alone, beside a file with
# <unistd.h>; <sys/epoll.h> with glibc's __attr_access; a CPU set.  The
# facts are complete and made with Frama-C's libc (no system-headers
# warning), the racy counter a candidate
glibc_decls ()
{
  (cd "$src" && "$AUGUR" static --print-facts -o "$work/glibc_decls.json" glibc_decls_a.c \
     glibc_decls_b.c >"$work/glibc_decls.out") &&
    same "$src/glibc_decls.expected" "$work/glibc_decls.out" &&
    grep -q '^state complete' "$work/glibc_decls.out" &&
    ! grep -q 'system-headers\|not-analysed' "$work/glibc_decls.out"
}
if [ "$have_frama_c" = yes ]; then
  ok "facts of glibc_decls (pthread_atfork, __attr_access, cpu_set_t with Frama-C's libc)" glibc_decls
else
  skip "facts of glibc_decls" "$have_frama_c"
fi

# glibc's Linux declarations Frama-C's libc lacks or declares otherwise
# (libuv's core.c, fs.c, udp.c, linux.c): parsed with Frama-C's libc, the
# facts complete, the counter a candidate
linux_decls ()
{
  (cd "$src" && "$AUGUR" static --print-facts -o "$work/linux_decls.json" linux_decls.c \
     >"$work/linux_decls.out") &&
    same "$src/linux_decls.expected" "$work/linux_decls.out" &&
    grep -q '^state complete' "$work/linux_decls.out" &&
    grep -q '^candidate counter ' "$work/linux_decls.out" &&
    ! grep -q 'system-headers\|not-analysed' "$work/linux_decls.out"
}
if [ "$have_frama_c" = yes ]; then
  ok "facts of linux_decls (rusage, statfs, st_atim, mmsghdr, syscall, pthread_sigmask, <sys/prctl.h> with Frama-C's libc)" linux_decls
else
  skip "facts of linux_decls" "$have_frama_c"
fi

# a file that includes <immintrin.h>, which Frama-C cannot parse, beside
# one with a race: the file is left out and named, the facts prune
# nothing, the race is a candidate all the same
simd ()
{
  (cd "$src" && "$AUGUR" static --print-facts -o "$work/simd.json" simd_main.c simd_checksum.c \
     >"$work/simd.out") && same "$src/simd.expected" "$work/simd.out"
}
simd_summary ()
{
  (cd "$src" && "$AUGUR" static -o "$work/simd.json" simd_main.c simd_checksum.c >"$work/simd.sum") &&
    grep -q '^not analysed  *simd_checksum.c' "$work/simd.sum" &&
    grep -q '^pruning  *none' "$work/simd.sum" &&
    grep -q '"complete" : false' "$work/simd.json"
}
# frama-c stops on a file it names relative to a working directory that
# is a string prefix of the file's, not a parent ("pro" for "project"):
# the file is still found, and tried with the system's headers
prefix_cwd ()
{
  mkdir -p "$work/pro" "$work/project" &&
    cp "$src/simd_main.c" "$src/thread_id.c" "$work/project/" || return 1
  (cd "$work/pro" && "$AUGUR" static -o "$work/pc.json" "$work/project/simd_main.c" \
     "$work/project/thread_id.c" >"$work/pc.sum" 2>&1)
  st=$?
  cat "$work/pc.sum"
  [ "$st" -eq 0 ] && grep -q "^headers  *the system's" "$work/pc.sum"
}
if [ "$have_frama_c" = yes ]; then
  ok "a file frama-c names from a prefix of the working directory is still found" prefix_cwd
  ok "facts of simd (a file with <immintrin.h> left out, the race in the other kept)" simd
  ok "the summary names the file left out and prunes nothing" simd_summary
else
  skip "prefix working directory" "$have_frama_c"
  skip "facts of simd" "$have_frama_c"
  skip "summary of simd" "$have_frama_c"
fi

if [ "$have_frama_c" = yes ]; then
  ok "the summary names every count" sh -c "cd '$src' && '$AUGUR' static -o '$work/s.json' racy_counter.c >'$work/s.out' && grep -q '^threads  *2' '$work/s.out' && grep -q '^shared locations  *1' '$work/s.out' && grep -q '^candidate pairs  *1 ' '$work/s.out' && grep -q '^frama-c time' '$work/s.out'"
  ok "the summary says a thread created in a loop stands for several" sh -c "cd '$src' && '$AUGUR' static -o '$work/ll.json' locked_loop.c >'$work/ll.out' && grep -q '^threads  *1 (besides main; 1 of them may stand for several threads, created in a loop or more than once)$' '$work/ll.out'"
  ok "the facts file is written and is JSON of format augur-static-facts 1" sh -c "grep -q '\"format\" : \"augur-static-facts\"' '$work/racy_counter.json' && grep -q '\"version\" : 1' '$work/racy_counter.json'"
  printf '#include "no-such-header.h"\nint main (void) { return 0; }\n' >"$work/bad.c"
  ok "frama-c failing is a tool failure (5)" status_is 5 "$AUGUR" static -o "$work/bad.json" "$work/bad.c"
  ok "its error is one line naming frama-c and --cflags" sh -c "'$AUGUR' static -o '$work/bad.json' '$work/bad.c' 2>&1 >/dev/null | head -1 | grep 'frama-c failed' | grep -q -- '--cflags'"
  # eight files that fail (libuv: one line of ~2,000 characters): the
  # first is named with its line, the others counted, and frama-c's log
  # of every attempt is kept where the line says
  short_error ()
  {
    for i in 1 2 3 4 5 6 7 8; do
      printf '#include "no-such-header-%s.h"\nint f%s (void) { return 0; }\n' $i $i >"$work/many$i.c"
    done
    "$AUGUR" static -o "$work/many.json" "$work"/many[1-8].c 2>"$work/many.err"
    st=$?
    cat "$work/many.err"
    line=$(head -1 "$work/many.err")
    log=$(sed -n "s/.*; frama-c's log: //p" "$work/many.err" | head -1)
    test "$st" -eq 5 && test "${#line}" -lt 400 &&
      echo "$line" | grep -q "every source: many1.c (.*many1.c:1.*no-such-header-1.h.*) and 7 more files" &&
      test -f "$log" && test "$(grep -c '^==== augur: frama-c on' "$log")" -eq 8 &&
      grep -q 'no-such-header-8.h' "$log"
    st=$?
    [ -n "$log" ] && rm -rf "$(dirname "$log")"
    return $st
  }
  ok "eight files frama-c cannot parse: one short line, the first named, the log kept and named" short_error
  # a file Frama-C's atomics model rejects (an atomic struct): the error
  # says so, and does not send the user after missing headers
  atomics_named ()
  {
    (cd "$src" && "$AUGUR" static -o "$work/as.json" atomic_struct.c 2>"$work/as.err")
    st=$?
    cat "$work/as.err"
    test "$st" -eq 5 && grep -q "atomic_struct.c (Frama-C's C11 atomics model (its <stdatomic.h>) rejected it: .*castTo" "$work/as.err" \
      && grep -q 'a limit of Frama-C, not a missing header' "$work/as.err" && ! grep -q -- '--cflags' "$work/as.err"
  }
  ok "a file Frama-C's atomics model rejects is said so, without the --cflags hint" atomics_named
  atomics_left_out ()
  {
    (cd "$src" && "$AUGUR" static --print-facts -o "$work/as2.json" racy_counter.c atomic_struct.c \
       >"$work/as2.out") || return 1
    cat "$work/as2.out"
    grep -q "^warning not-analysed atomic_struct.c:0 not analysed: Frama-C's C11 atomics model" "$work/as2.out" \
      && ! grep -q -- '--cflags' "$work/as2.out" && grep -q '^candidate counter ' "$work/as2.out"
  }
  ok "beside another file, it is left out for that reason, without the --cflags hint" atomics_left_out
  ok "--cflags reaches the preprocessor" sh -c "mkdir -p '$work/inc' && : >'$work/inc/no-such-header.h' && '$AUGUR' static --cflags '-I$work/inc' -o '$work/bad.json' '$work/bad.c' >/dev/null"
  printf '[{"directory": "%s", "file": "racy_counter.c", "arguments": ["cc", "-c", "racy_counter.c"]}]\n' "$src" >"$work/cc.json"
  ok "-p compile_commands.json alone gives the sources" sh -c "cd '$src' && '$AUGUR' static -p '$work/cc.json' --print-facts -o '$work/cc-facts.json' | cmp - racy_counter.expected"
else
  for t in summary file failure message cflags compile-db; do
    skip "$t" "$have_frama_c"
  done
fi

# Without frama-c: exit 5, one line saying what to install, and the sound
# fallback written (everything shared, every pair a candidate).
ok "frama-c missing is a tool failure (5)" sh -c "AUGUR_FRAMA_C=/nonexistent/frama-c '$AUGUR' static -o '$work/fb.json' '$src/racy_counter.c' 2>'$work/fb.err'; test \$? -eq 5"
ok "frama-c missing says what to install" grep -q 'frama-c not found.*frama-c-base' "$work/fb.err"
ok "frama-c missing still writes the sound fallback" grep -q '"sound_fallback" : true' "$work/fb.json"

# A frama-c that hangs is killed after --timeout; one that writes nothing
# is a failure too.  Both leave the fallback behind.
printf '#!/bin/sh\nexec sleep 30\n' >"$work/slow-frama-c"
printf '#!/bin/sh\nexit 0\n' >"$work/mute-frama-c"
chmod +x "$work/slow-frama-c" "$work/mute-frama-c"
: >"$work/fake.cmxs"
fake ()
{
  f=$1
  shift
  AUGUR_FRAMA_C="$work/$f" AUGUR_STATIC_PLUGIN="$work/fake.cmxs" \
    "$AUGUR" static "$@" -o "$work/$f.json" "$src/racy_counter.c" 2>"$work/$f.err"
}
timed_out () { fake slow-frama-c --timeout 1; test $? -eq 5 && grep -q 'did not finish within' "$work/slow-frama-c.err"; }
ok "a frama-c that runs too long is killed: tool failure (5)" timed_out
ok "after a timeout the sound fallback is written" grep -q '"sound_fallback" : true' "$work/slow-frama-c.json"
wrote_nothing () { fake mute-frama-c; test $? -eq 5 && grep -q 'wrote no usable facts' "$work/mute-frama-c.err"; }
ok "a frama-c run that writes no facts is a tool failure (5)" wrote_nothing

# Eva saying that it cannot bound a recursion: the run can only fail, so
# it is stopped there, not waited for (this one would sleep past the
# --timeout, which would then be the error)
printf '#!/bin/sh\nprintf "[eva] f.c:9: User Error: \\n  Recursive call to walk without a specification.\\n"\nexec sleep 60\n' \
  >"$work/recursive-frama-c"
chmod +x "$work/recursive-frama-c"
recursion_stops ()
{
  fake recursive-frama-c --timeout 30
  test $? -eq 5 && grep -q 'Eva cannot bound the recursion of walk()' "$work/recursive-frama-c.err" \
    && grep -q '"sound_fallback" : true' "$work/recursive-frama-c.json"
}
ok "Eva's unbounded recursion stops frama-c at once: tool failure (5), the function named" recursion_stops

# Frama-C's atomics model failing the whole run (its atomic_init before
# augur-frama-c.h declared the marker, zlog): the error names the model,
# not missing headers
printf '#!/bin/sh\nprintf "[kernel] Parsing b.c (with preprocessing)\\n[kernel] User Error: Incompatible declaration for __fc_atomic_init_marker:\\n  Types atomic_int and atomic_uint are not isomorphic.\\n[kernel] Frama-C aborted: invalid user input.\\n"\nexit 1\n' \
  >"$work/atomics-frama-c"
chmod +x "$work/atomics-frama-c"
atomics_run_named ()
{
  fake atomics-frama-c
  test $? -eq 5 && grep -q "failed on the sources: Frama-C's C11 atomics model (its <stdatomic.h>) rejected them (.*__fc_atomic_init_marker" \
    "$work/atomics-frama-c.err" && ! grep -q -- '--cflags' "$work/atomics-frama-c.err"
}
ok "Frama-C's atomics model failing the run is named, without the --cflags hint" atomics_run_named

# frama-c crashing on a file (Frama-C 25 on libuv's linux.c: a stack
# overflow, the file named as "Current source" only): the file is named
# with the crash, and left out like a file frama-c cannot parse
printf '#!/bin/sh\nprintf "[kernel] Parsing %%s (with preprocessing)\\n[kernel] Current source was: %%s:7\\n  The full backtrace is:\\n  Called from Cil.constFold\\n  \\n  Unexpected error (Stack overflow).\\n  Please report as crash\\n" "%s" "%s"\nexit 125\n' \
  "$src/racy_counter.c" "$src/racy_counter.c" >"$work/crash-frama-c"
chmod +x "$work/crash-frama-c"
crash_named ()
{
  fake crash-frama-c
  st=$?
  cat "$work/crash-frama-c.err"
  test "$st" -eq 5 && grep -q "failed on every source: racy_counter.c (Frama-C crashed: Unexpected error (Stack overflow).)" \
    "$work/crash-frama-c.err"
}
ok "frama-c crashing on a file names the file and the crash (tool failure, 5)" crash_named

ok "no SOURCES is a usage error (2)" status_is 2 "$AUGUR" static
ok "unknown option is a usage error (2)" status_is 2 "$AUGUR" static --frobnicate x.c
ok "a bad --timeout is a usage error (2)" status_is 2 "$AUGUR" static --timeout 0 "$src/racy_counter.c"
ok "a missing source is bad input (3)" status_is 3 "$AUGUR" static -o "$work/m.json" "$work/none.c"
echo 'not json' >"$work/bad-cc.json"
ok "an unparsable compile_commands.json is bad input (3)" status_is 3 "$AUGUR" static -p "$work/bad-cc.json" -o "$work/m.json"
echo '[{"file": "x.c"}]' >"$work/bad-cc2.json"
ok "a compile_commands.json entry without directory is bad input (3)" status_is 3 "$AUGUR" static -p "$work/bad-cc2.json" -o "$work/m.json"

tap_done

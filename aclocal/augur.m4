# augur.m4 — serial 3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# AUGUR_CHECK_CONCURRENCY
# -----------------------
# Gives an Automake project a `check-concurrency` target that runs
# `augur check` on each program listed in AUGUR_CONCURRENCY_DRIVERS and
# fails when augur confirms a bug.  Use it as
#
#   configure.ac:  AUGUR_CHECK_CONCURRENCY
#   Makefile.am:   AUGUR_CONCURRENCY_DRIVERS = tests/drive-queue tests/drive-map
#                  @AUGUR_CHECK_CONCURRENCY_RULES@
#
# then `./configure CC=augur-cc && make check-concurrency`.  A driver that
# takes arguments is written in double quotes, as one word of a shell
# command line, arguments quoted inside it as in the shell:
#
#   AUGUR_CONCURRENCY_DRIVERS = tests/drive-queue \
#                               "tests/stress --threads 4 --name 'two words'"
#
# (the same program may appear several times with other arguments).  The
# drivers are built first (list them in check_PROGRAMS as well, if you
# like); each gets a report directory under augur-reports/ (AUGUR_REPORTS)
# named after its command line, and a summary table is printed and kept in
# augur-reports/summary.txt: per driver, its result (clean, BUG, incomplete:
# no bug found but the analysis did not finish, or failed) and, on the line
# below, how far the analysis got ("complete: every interleaving up to
# equivalence", "incomplete: time budget spent, ...").  A driver is clean
# only when its analysis was complete.  Variables, settable on the make
# command line:
#   AUGUR_CHECK_FLAGS        passed to every `augur check` (default:
#                            --budget 120), e.g. to bound CI time:
#                            make check-concurrency AUGUR_CHECK_FLAGS='--budget 30'
#   AUGUR_STATIC_CFLAGS      preprocessor flags added for the static
#                            analysis of every source (augur check
#                            --cflags); by default each source is analysed
#                            with its own flags, which augur-cc recorded in
#                            the driver when it compiled it
#   AUGUR_COMPILE_COMMANDS   a compile_commands.json to take each source's
#                            flags from instead (augur check -p)
#   AUGUR_CHECK_FAIL         yes (default): the recipe fails when a bug is
#                            confirmed; no: it succeeds all the same (the
#                            reports and summary.txt say what was found)
#
# The recipe's exit status: 0 no bug confirmed (some analyses may be
# incomplete: summary.txt says which), 1 bug(s) confirmed in at least one
# driver, 2 when augur could not run (not found, CC is not augur-cc, a
# driver missing or not analysable).  make itself exits 2 for
# any failed recipe; augur-reports/summary.txt says which driver did what.
AC_DEFUN([AUGUR_CHECK_CONCURRENCY],
[
AC_ARG_VAR([AUGUR], [the augur program (default: found in PATH)])
AC_PATH_PROG([AUGUR], [augur], [no])
AS_IF([test "x$AUGUR" = xno],
      [AC_MSG_WARN([augur not found: make check-concurrency will not work until it is installed])])
AS_CASE([$CC],
        [*augur-cc*], [],
        [AC_MSG_NOTICE([CC is not augur-cc: make check-concurrency will ask you to configure with CC=augur-cc])])
AUGUR_CHECK_CONCURRENCY_RULES='
AUGUR_CHECK_FLAGS ?= --budget 120
AUGUR_REPORTS ?= augur-reports
AUGUR_STATIC_CFLAGS ?=
AUGUR_COMPILE_COMMANDS ?=
AUGUR_CHECK_FAIL ?= yes

check-concurrency:
	@if test "x$(AUGUR)" = xno || test -z "$(AUGUR)"; then \
	  echo "check-concurrency: augur not found; install it and run configure again" >&2; exit 2; fi
	@case "$(CC)" in *augur-cc*) ;; *) \
	  echo "check-concurrency: the drivers must be built with augur-cc: ./configure CC=augur-cc" >&2; \
	  exit 2;; esac
	@set -- $(AUGUR_CONCURRENCY_DRIVERS); \
	progs=; \
	for d in "$$[]@"; do \
	  p=`echo "$$d" | sed "s/^ *//; s/ .*//"`; progs="$$progs $$p"; \
	done; \
	test -n "$$progs" || { \
	  echo "check-concurrency: AUGUR_CONCURRENCY_DRIVERS is empty in Makefile.am" >&2; exit 2; }; \
	$(MAKE) $$progs >/dev/null || exit 2; \
	$(MKDIR_P) $(AUGUR_REPORTS); \
	cflags="$(AUGUR_STATIC_CFLAGS)"; ccdb="$(AUGUR_COMPILE_COMMANDS)"; \
	static_opts=; \
	test -z "$$cflags" || static_opts="--cflags \"\$$cflags\""; \
	test -z "$$ccdb" || static_opts="$$static_opts -p \"\$$ccdb\""; \
	worst=0; \
	printf "%-32s %-10s %s\n" DRIVER RESULT REPORT > $(AUGUR_REPORTS)/summary.txt; \
	for d in "$$[]@"; do \
	  n=`echo "$$d" | sed "s/^ *//; s/ *$$//; s/@<:@^A-Za-z0-9._-@:>@@<:@^A-Za-z0-9._-@:>@*/-/g"`; \
	  out="$(AUGUR_REPORTS)/$$n"; \
	  echo "== augur check $$d"; \
	  eval "\"$(AUGUR)\" check $(AUGUR_CHECK_FLAGS) $$static_opts -o \"\$$out\" -- ./$$d"; s=$$?; \
	  case $$s in \
	    0) r=clean ;; \
	    1) r=BUG; test $$worst -eq 2 || worst=1 ;; \
	    6) r=incomplete ;; \
	    *) r="failed($$s)"; worst=2 ;; \
	  esac; \
	  why=`sed -n "s/^    \"summary\" : \"\(.*\)\",\{0,1\}$$/\1/p" "$$out/results.json" 2>/dev/null | head -n 1`; \
	  printf "%-32s %-10s %s\n" "$$d" "$$r" "$$out/index.html" >> $(AUGUR_REPORTS)/summary.txt; \
	  test -z "$$why" || printf "%-32s %s\n" "" "$$why" >> $(AUGUR_REPORTS)/summary.txt; \
	done; \
	echo; cat $(AUGUR_REPORTS)/summary.txt; \
	test "x$(AUGUR_CHECK_FAIL)" != xno || exit 0; \
	exit $$worst

clean-local: augur-clean-reports
augur-clean-reports:
	-rm -rf $(AUGUR_REPORTS)

.PHONY: check-concurrency augur-clean-reports
'
AC_SUBST([AUGUR_CHECK_CONCURRENCY_RULES])
m4_ifdef([AM_SUBST_NOTMAKE], [AM_SUBST_NOTMAKE([AUGUR_CHECK_CONCURRENCY_RULES])])
])

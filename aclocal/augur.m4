# augur.m4 — serial 1
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
# then `./configure CC=augur-cc && make check-concurrency`.  The drivers
# are built first (list them in check_PROGRAMS as well, if you like); each
# gets a report directory under augur-reports/ (AUGUR_REPORTS), and a
# summary table is printed.  AUGUR_CHECK_FLAGS (default: --budget 120)
# is passed to every `augur check`; set it on the make command line to
# bound CI time, e.g. make check-concurrency AUGUR_CHECK_FLAGS='--budget 30'.
#
# The recipe's exit status: 0 no bug confirmed, 1 bug(s) confirmed in at
# least one driver, 2 when augur could not run (not found, CC is not
# augur-cc, a driver missing or not analysable).  make itself exits 2 for
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

check-concurrency: $(AUGUR_CONCURRENCY_DRIVERS)
	@if test "x$(AUGUR)" = xno || test -z "$(AUGUR)"; then \
	  echo "check-concurrency: augur not found; install it and run configure again" >&2; exit 2; fi
	@case "$(CC)" in *augur-cc*) ;; *) \
	  echo "check-concurrency: the drivers must be built with augur-cc: ./configure CC=augur-cc" >&2; \
	  exit 2;; esac
	@test -n "$(AUGUR_CONCURRENCY_DRIVERS)" || { \
	  echo "check-concurrency: AUGUR_CONCURRENCY_DRIVERS is empty in Makefile.am" >&2; exit 2; }
	@$(MKDIR_P) $(AUGUR_REPORTS); \
	worst=0; \
	printf "%-32s %-10s %s\n" DRIVER RESULT REPORT > $(AUGUR_REPORTS)/summary.txt; \
	for d in $(AUGUR_CONCURRENCY_DRIVERS); do \
	  n=`echo $$d | sed "s|/|-|g"`; \
	  echo "== augur check $$d"; \
	  $(AUGUR) check $(AUGUR_CHECK_FLAGS) -o $(AUGUR_REPORTS)/$$n -- ./$$d; s=$$?; \
	  case $$s in \
	    0) r=clean ;; \
	    1) r=BUG; test $$worst -eq 2 || worst=1 ;; \
	    *) r="failed($$s)"; worst=2 ;; \
	  esac; \
	  printf "%-32s %-10s %s\n" "$$d" "$$r" "$(AUGUR_REPORTS)/$$n/index.html" >> $(AUGUR_REPORTS)/summary.txt; \
	done; \
	echo; cat $(AUGUR_REPORTS)/summary.txt; exit $$worst

clean-local: augur-clean-reports
augur-clean-reports:
	-rm -rf $(AUGUR_REPORTS)

.PHONY: check-concurrency augur-clean-reports
'
AC_SUBST([AUGUR_CHECK_CONCURRENCY_RULES])
m4_ifdef([AM_SUBST_NOTMAKE], [AM_SUBST_NOTMAKE([AUGUR_CHECK_CONCURRENCY_RULES])])
])

# SPDX-License-Identifier: GPL-3.0-or-later
# tap.sh — sourced by the shell tests: TAP output helpers.
# ok NAME CMD...   runs CMD, prints "ok N - NAME" or "not ok N - NAME" with
#                  the command's output as TAP diagnostics.
tap_n=0
tap_failed=0
tap_log=$(mktemp "${TMPDIR:-/tmp}/augur-tap.XXXXXX")
trap 'rm -f "$tap_log"' EXIT

ok ()
{
  tap_name=$1
  shift
  tap_n=$((tap_n + 1))
  if "$@" >"$tap_log" 2>&1; then
    echo "ok $tap_n - $tap_name"
  else
    echo "not ok $tap_n - $tap_name"
    sed 's/^/# /' "$tap_log"
    tap_failed=$((tap_failed + 1))
  fi
}

skip ()
{
  tap_n=$((tap_n + 1))
  echo "ok $tap_n - $1 # SKIP $2"
}

tap_done ()
{
  echo "1..$tap_n"
  [ "$tap_failed" -eq 0 ]
}

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one test under the TAP driver: GTest programs are run with --tap,
# shell tests (*.sh) with sh.  Both print TAP.
case $1 in
  *.sh) exec sh "$@" ;;
  *) exec "$@" --tap ;;
esac

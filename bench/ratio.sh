#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fork_test, exec_test and jmp_test against their references: what the
# earlier passes of doc/tests.md ran, now bench/side-by-side.sh.
# Usage: bench/ratio.sh [TESTS] [ROUNDS] [DURATION]
exec sh "$(dirname "$0")/side-by-side.sh" "${1:-fork_test,exec_test,jmp_test}" \
	"${2:-10}" "${3:-0.5}"

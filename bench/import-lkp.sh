#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What aimdb import --dry-run of an lkp-tests matrix.json costs: a commit's
# matrix of N runs as lkp writes it (one aim9 result, aim9.time.* and 200
# keys of other programs, each an array of N values, and stats_source),
# default 20000 runs; then a crafted file of about 7.5 MB, every AIM9
# test's results over 7500 runs, a pathological shape for any look-up of
# line numbers; then the first gzip'd.  Both as lkp writes JSON
# (JSON.pretty_generate: a value a line).  Each import runs under a limit of
# LIMIT seconds (default 60), and a figure over it says so.
# Usage: bench/import-lkp.sh [RUNS].  Prints figures; asserts nothing.
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
LIMIT=${LIMIT:-60}
runs=${1:-20000}
d=$(mktemp -d "${TMPDIR:-/tmp}/aimbench.XXXXXX")
trap 'rm -rf "$d"' EXIT

matrix() {	# matrix RUNS KEYS AIM9 FILE: KEYS keys, the first AIM9 aim9 results
	awk -v n="$1" -v keys="$2" -v aim9="$3" -v tests="$tests" 'BEGIN {
		srand(1)
		split(tests, test, " ")
		printf "{\n"
		for (k = 0; k < keys; k++) {
			# Keys of other programs first, the results last.
			j = keys - 1 - k
			if (j < aim9)
				name = "aim9." test[j + 1] ".ops_per_sec"
			else if (j < aim9 + 7)
				name = "aim9.time.t" j
			else
				name = "proc-vmstat.key" j
			printf "  \"%s\": [\n", name
			for (i = 0; i < n; i++)
				printf "    %.2f%s\n", 900000 + rand() * 9000,
					i + 1 < n ? "," : ""
			printf "  ],\n"
		}
		printf "  \"stats_source\": [\n"
		for (i = 0; i < n; i++)
			printf "    \"/lkp/result/aim9/page_test-300s/box/rootfs/kconfig/gcc-12/v6.9/%d/stats.json\"%s\n",
				i, i + 1 < n ? "," : ""
		printf "  ]\n}\n"
	}' >"$4"
}

run() {	# run WHAT FILE
	size=$(wc -c <"$2")
	start=$(date +%s.%N)
	if timeout "$LIMIT" "$B/report/aimdb" --db "$d/x.db" import -n -t x \
		"$2" >/dev/null 2>"$d/err"; then
		status=ok
	else
		status="failed or over ${LIMIT} s: $(head -c 200 "$d/err")"
	fi
	end=$(date +%s.%N)
	awk -v w="$1" -v b="$size" -v s="$start" -v e="$end" -v st="$status" \
		'BEGIN { printf "%-34s %9.1f MB %7.2f s  %s\n", w, b / 1e6, e - s, st }'
}

tests=$("$B/harness/aimrun" --list 2>/dev/null | awk '$1 ~ /^[0-9]+$/ && $1 <= 60 { print $2 }' | tr '\n' ' ')
[ -n "$tests" ] || { echo "bench/import-lkp.sh: no test list from aimrun --list" >&2; exit 2; }
matrix "$runs" 208 1 "$d/matrix.json"
run "matrix.json, $runs runs" "$d/matrix.json"
matrix 7500 60 60 "$d/crafted.json"
run "crafted, 60 tests x 7500 runs" "$d/crafted.json"
gzip -1 -c "$d/matrix.json" >"$d/matrix.json.gz"
run "matrix.json.gz, $runs runs" "$d/matrix.json.gz"

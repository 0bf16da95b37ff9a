#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Wall time of the whole classic suite against the sum of its configured
# periods and warm-ups.  Usage: bench/suite-walltime.sh [DURATION] [RUNS]
# Prints figures; writes to a temporary database.
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
D=${1:-2}
R=${2:-1}
db=$(mktemp -d "${TMPDIR:-/tmp}/aimbench.XXXXXX")
trap 'rm -rf "$db"' EXIT
start=$(date +%s.%N)
"$B/harness/aimrun" --tag walltime --duration "$D" --runs "$R" --db "$db/a.db" --quiet
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v d="$D" -v r="$R" 'BEGIN {
	w = d / 10; if (w < 0.005) w = 0.005; if (w > 0.2) w = 0.2
	planned = 60 * r * (d + w); wall = e - s
	printf "suite wall time:          %8.1f s\n", wall
	printf "periods + warm-ups:       %8.1f s (60 tests x %d runs x (%.3f + %.3f) s)\n", planned, r, d, w
	printf "excess:                   %8.1f %%\n", 100 * (wall - planned) / planned
}'
sqlite3 "$db/a.db" "SELECT test, printf('%.2f', sum(elapsed_ns)/1e9) AS timed_s, count(*) AS samples FROM result JOIN sample ON sample.result_id = result.id GROUP BY result.id HAVING sum(elapsed_ns) > 1.5e9 * $D * 1.0 ORDER BY 2 DESC LIMIT 5" |
	sed 's/^/longest overshoot: /'

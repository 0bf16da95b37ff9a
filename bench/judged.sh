#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/judged.sh [SUITE] [RUNS] [DURATION]: an A/A pair of real runs on
# this machine (the same kernel twice, tags aa1 and aa2, default the cpu
# suite, 6 runs of 0.3 s), then aimcmp of the pair, checked row by row:
# every printed change inside its printed interval, no "=" beside a change
# beyond the margin.  Prints the verdicts and the rows that break either,
# which must be none (doc/statistics.md, "Reading a row").
set -u
B=${AIM_BUILDDIR:-.}
suite=${1:-cpu} runs=${2:-6} duration=${3:-0.3}
W=$(mktemp -d "${TMPDIR:-/tmp}/judged.XXXXXX") || exit 2
trap 'rm -rf "$W"' EXIT
for tag in aa1 aa2; do
	AIM_CHECK=quiet AIM_COUNTERS=none "$B/harness/aimrun" --db "$W/a.db" --dir "$W" -q \
		--suite "$suite" --runs "$runs" --duration "$duration" \
		--tag "$tag" || exit 2
done
"$B/report/aimcmp" --db "$W/a.db" -f lines aa1 aa2 >"$W/lines" || exit 2
grep '^# \(verdicts\|warning\)' "$W/lines"
# number name base new delta pct% judged cv C verdict [lo%,hi%] mdc M units
awk '$1 ~ /^[0-9]+$/ && $11 ~ /^\[/ {
	rows++
	pct = $6; sub(/%$/, "", pct)
	iv = $11; gsub(/[][%]/, "", iv); split(iv, e, ",")
	if (pct + 0 < e[1] + 0 || pct + 0 > e[2] + 0) {
		print "outside its interval: " $0; bad++
	}
	if ($10 == "equivalent" && (pct + 0 > 2 || pct + 0 < -2)) {
		print "= beyond the margin: " $0; bad++
	}
	judged[$7]++
}
END {
	printf "%d rows (%d peak, %d mean): %d break the rules\n", rows,
	       judged["peak"], judged["mean"], bad
	exit bad > 0
}' "$W/lines"

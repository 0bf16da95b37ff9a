#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Time aimplot on a synthetic database of many tags: by default 100
# kernel-version tags x the 60 classic tests x 6 runs x 10 samples (as
# aimrun's defaults store them), with a 5 % step in a few tests.
# Usage: bench/plot-bench.sh [TAGS] [RUNS] [SAMPLES]
# Prints figures; works in a temporary directory.
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
S=${AIM_SRCDIR:-$(dirname "$0")/..}
T=${1:-100}
R=${2:-6}
N=${3:-10}
w=$(mktemp -d "${TMPDIR:-/tmp}/aimplot-bench.XXXXXX")
trap 'rm -rf "$w"' EXIT

# One CSV export record per sample (the format aimdb export writes).
awk -F '\t' -v tags="$T" -v runs="$R" -v samples="$N" '
NR == 1 { next }
{ num[++n] = $1; name[n] = $2; factor[n] = $3; units[n] = $4 }
END {
	srand(1)
	print "tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops"
	for (t = 1; t <= tags; t++) {
		tag = sprintf("6.%d.0", int((t - 1) / 4))
		if ((t - 1) % 4 != 3)
			tag = tag "-rc" ((t - 1) % 4 + 1)
		for (k = 1; k <= n; k++) {
			level = (k % 7 == 0 && t > tags / 2) ? 0.95 : 1.0
			for (r = 1; r <= runs; r++) {
				rate = 1e6 * level * (1 + 0.01 * (rand() - 0.5))
				for (s = 1; s <= samples; s++) {
					calls = 1000
					ns = calls * factor[k] * 1e9 / rate * (1 + 0.004 * (rand() - 0.5))
					printf "%s,%d,%d,%s,%d,%d,ok,,%d,%.0f,%d,%s,\n", tag, t, num[k], name[k], r, s, calls, ns, factor[k], units[k]
				}
			}
		}
	}
}' "$S/t/data/aim9-tests.tsv" >"$w/series.csv"

start=$(date +%s.%N)
"$B/report/aimdb" --db "$w/a.db" import "$w/series.csv" >/dev/null
mid=$(date +%s.%N)
"$B/report/aimplot" --db "$w/a.db" --output "$w/x.png" --script "$w/x.gp"
end=$(date +%s.%N)
"$B/report/aimplot" --db "$w/a.db" --steps >"$w/steps.txt"
awk -v s="$start" -v m="$mid" -v e="$end" -v t="$T" -v r="$R" -v n="$N" \
    -v png="$(wc -c <"$w/x.png")" -v gp="$(wc -c <"$w/x.gp")" \
    -v marks="$(grep -c '^[0-9]' "$w/steps.txt")" 'BEGIN {
	printf "database:                 %d tags x 60 tests x %d runs x %d samples\n", t, r, n
	printf "aimdb import:             %8.2f s\n", m - s
	printf "aimplot --output x.png:   %8.2f s (PNG %d bytes, script %d bytes)\n", e - m, png, gp
	printf "significant steps marked: %8d (planted: 8 tests x 1 step)\n", marks
}'

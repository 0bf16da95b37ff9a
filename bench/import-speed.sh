#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What aimdb import costs as a CSV export grows: the wall time of
# importing generated files of N sample records (default 10k, 40k, 160k
# and 1M), one record per repetition of one test, into a fresh database.
# Usage: bench/import-speed.sh [N]...  Prints figures; asserts nothing.
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
d=$(mktemp -d "${TMPDIR:-/tmp}/aimbench.XXXXXX")
trap 'rm -rf "$d"' EXIT
[ $# -gt 0 ] || set -- 10000 40000 160000 1000000
gen() {	# gen N FILE: one run of N repetitions of add_long
	awk -v n="$1" 'BEGIN {
		print "tag,run_id,number,test,rep,seq,status,reason,calls," \
			"elapsed_ns,factor,units,printed_ops,env_key,env_value"
		for (i = 1; i <= n; i++)
			printf "v1,4,3,add_long,%d,1,ok,,20,400000000,60000," \
				"Thousand Long Integer Additions/second,,,\n", i
	}' >"$2"
}
for n in "$@"; do
	gen "$n" "$d/in.csv"
	rm -f "$d/x.db"*
	start=$(date +%s.%N)
	"$B/report/aimdb" --db "$d/x.db" import "$d/in.csv" >/dev/null
	end=$(date +%s.%N)
	awk -v n="$n" -v s="$start" -v e="$end" \
		'BEGIN { printf "records=%-8d %.2f s\n", n, e - s }'
done

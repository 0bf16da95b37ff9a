#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What opening the database costs aimrun, which opens it once per result:
# the wall time of 100 tiny results stored in a fresh database and in one
# of about 10 MiB (below the size up to which writers run quick_check),
# each the fastest of REPEAT (default 3) runs.
# Usage: bench/dbopen.sh [MIB] [RUNS].  Prints figures; asserts nothing.
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
MIB=${1:-10}
RUNS=${2:-20}
TESTS=add_long,add_int,add_short,add_float,add_double
d=$(mktemp -d "${TMPDIR:-/tmp}/aimbench.XXXXXX")
trap 'rm -rf "$d"' EXIT
mkdir "$d/scratch"
run() {	# run DB: the timed command
	"$B/harness/aimrun" --tag bench --tests "$TESTS" --duration 0.01 \
		--runs "$RUNS" --db "$1" --dir "$d/scratch" -q
}
# One real run, then filler environment rows of 1000 bytes each.
"$B/harness/aimrun" --tag fill --tests add_long --duration 0.01 --runs 1 \
	--db "$d/big.db" --dir "$d/scratch" -q
sqlite3 "$d/big.db" "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1
	FROM k WHERE i < $MIB * 1000) INSERT INTO run_env
	SELECT 1, 'fill' || i, printf('%.1000c', 'x') FROM k"
bytes=$(stat -c %s "$d/big.db")
# The fastest of REPEAT runs of each: the machine's noise
# only ever adds time.
REPEAT=${REPEAT:-3}
best() {	# best NAME: the seconds of the fastest run
	b=
	for _ in $(seq "$REPEAT"); do
		rm -f "$d/fresh.db"*
		cp "$d/big.keep" "$d/big.db"
		start=$(date +%s.%N)
		run "$d/$1.db"
		end=$(date +%s.%N)
		b=$(awk -v s="$start" -v e="$end" -v b="$b" 'BEGIN {
			t = e - s; print (b == "" || t < b + 0) ? t : b }')
	done
	echo "$b"
}
sqlite3 "$d/big.db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
cp "$d/big.db" "$d/big.keep"
n=$((5 * RUNS))
tf=$(best fresh)
tb=$(best big)
awk -v f="$tf" -v b="$tb" -v n="$n" -v bytes="$bytes" -v r="$REPEAT" 'BEGIN {
	printf "fastest of %d, %d results each:\n", r, n
	printf "  fresh database:      %6.2f s, %6.1f ms per result\n", f, 1000 * f / n
	printf "  %4.1f MiB database:   %6.2f s, %6.1f ms per result\n", bytes / 1048576, b, 1000 * b / n
	printf "  cost of the size:    %+6.1f ms per result\n", 1000 * (b - f) / n
}'

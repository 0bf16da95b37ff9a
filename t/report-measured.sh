#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The readers (aimcmp, aimdb, aimplot) take what a result measured from the
# database and, for imports, lib/core/catalog.c; never from the tests or the
# harness.  1. No symbol that tests-aim/ or harness/ defines is defined in
# them (the list is taken from those libraries, so it cannot drift).  2. A
# test this build does not know (renamed since, or from another version)
# compares, prints and gets change points with its stored units, factor
# and judged rate, and a known test stored as judged otherwise is judged
# as stored.
set -u
S=${AIM_SRCDIR:-.}
NAME=report-measured
. "$S/t/robust-lib.sh"
AIMPLOT="$B/report/aimplot"
DB="$W/aim.db"

defined() {	# defined FILE...: the global symbols defined there, sorted
	nm -g --defined-only "$@" 2>/dev/null |
		awk 'NF >= 3 && $2 ~ /^[A-Z]$/ { print $3 }' | sort -u
}
linked() {
	defined "$B/tests-aim/libaimtests.a" "$B/harness/libharness.a" \
		"$B/harness/child/libchild.a" >"$W/theirs"
	t "the tests and the harness define symbols to look for" \
		test "$(wc -l <"$W/theirs")" -ge 50
	t "... among them the registry and the timed loop" sh -c \
		'grep -qx aim_test_find "$1" && grep -qx timing_run "$1"' \
		sh "$W/theirs"
	for p in "$AIMCMP" "$AIMDB" "$AIMPLOT"; do
		b=$(basename "$p")
		defined "$p" >"$W/$b"
		t "$b: its symbols are read (catalog_find among them)" \
			grep -qx catalog_find "$W/$b"
		comm -12 "$W/theirs" "$W/$b" >"$W/$b.both"
		t "$b: defines nothing of tests-aim/ or harness/" \
			test ! -s "$W/$b.both"
		head -5 "$W/$b.both" | sed 's/^/#   defined: /'
	done
}

col() {	# col FILE TEST N: field N of TEST's CSV record
	awk -F, -v t="$2" -v c="$3" '$2 == t { print $c }' "$1"
}
stored() {
	for tag in k1 k2; do
		"$AIMRUN" -q --db "$DB" -t "$tag" -T add_long,fun_cal -d 0.01 \
			-r 2 >/dev/null 2>&1 || echo "Bail out! aimrun $tag failed"
	done
	"$AIMCMP" --db "$DB" -f csv k1 k2 >"$W/before.csv" 2>/dev/null
	sqlite3 "$DB" "UPDATE result SET test = 'fun_old',
		units = 'Old Calls/second' WHERE test = 'fun_cal';
		UPDATE result SET factor = 2 * factor, judged = 'mean'
		WHERE test = 'add_long'" ||
		echo "Bail out! cannot edit the database"
	t "aimcmp compares a test the catalog does not know" sh -c \
		'"$1" --db "$2" -f csv k1 k2 >"$3"' sh "$AIMCMP" "$DB" \
		"$W/after.csv"
	t "... with its stored units" \
		test "$(col "$W/after.csv" fun_old 3)" = "Old Calls/second"
	t "... judged as stored (peak), not as unknown names are (mean)" \
		test "$(col "$W/after.csv" fun_old 14)" = peak
	t "add_long stored as judged on the mean is compared on the mean" \
		test "$(col "$W/after.csv" add_long 14)" = mean
	t "... at its stored factor (twice the rate)" awk \
		-v a="$(col "$W/after.csv" add_long 8)" \
		-v b="$(col "$W/before.csv" add_long 8)" \
		'BEGIN { exit !(b > 0 && a / b > 1.999 && a / b < 2.001) }'
	"$AIMCMP" --db "$DB" --series -f csv k1 k2 >"$W/series.csv" 2>/dev/null
	t "a change point of the unknown test is judged as stored" \
		test "$(col "$W/series.csv" fun_old 6)" = peak
	"$AIMCMP" --db "$DB" --wide k1 k2 >"$W/table.txt" 2>/dev/null
	t "the table prints it with its units" \
		grep -q "fun_old.*Old Calls/second" "$W/table.txt"
	"$AIMCMP" --db "$DB" k1 k2 >"$W/short.txt" 2>/dev/null
	t "... short by default, as any units the catalog has not" \
		grep -q "fun_old.*Old Calls/s\$" "$W/short.txt"
}

! need nm build-essential || linked
! need sqlite3 sqlite3 || stored
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimdb import of CSV files of 200,000 records finishes, within a bound
# of 60 s that a linear import never nears (about 0.5 s to parse, a few
# seconds on a loaded machine) and a search per record exceeds; 300 s
# for a sanitized aimdb, which runs the same work some 5 times slower,
# on a loaded 2-core machine: a conflict in the last record is still
# found against the first, by the same message, before the database is
# touched, and a file of 50,000 repetitions is stored whole.
set -u
S=${AIM_SRCDIR:-.}
NAME=import-scale
. "$S/t/robust-lib.sh"
DB=${AIM_TEST_DB:-$W/a.db}
ROW='3,add_long,%d,%d,ok,,20,400000000,60000,Thousand Long Integer Additions/second,,,\n'
gen() {	# gen RUNS REPS: RUNS runs of REPS repetitions, one sample each
	awk -v runs="$1" -v reps="$2" -v row="$ROW" 'BEGIN {
		print "tag,run_id,number,test,rep,seq,status,reason,calls," \
			"elapsed_ns,factor,units,printed_ops,env_key,env_value"
		for (r = 1; r <= runs; r++)
			for (i = 1; i <= reps; i++)
				printf "v1,%d," row, r, i, 1
	}'
}
conflict='v1,1,3,add_long,1,2,fail,,20,400000000,60000,Thousand Long Integer Additions/second,,,'
bound=60
grep -q __asan_init "$AIMDB" 2>/dev/null && bound=300
imp() { timeout $bound "$AIMDB" --db "$DB" import "$@"; }

{ gen 1 200000; echo "$conflict"; } >"$W/reps.csv"
refused "200000 repetitions: the last record's conflict with the first" 1 \
	"reps.csv:200002: add_long rep 1: status, reason, number, units or factor differ from its first record" \
	imp "$W/reps.csv"
t "no database made by a refused import" test ! -e "$DB"

{ gen 200000 1; echo "$conflict"; } >"$W/runs.csv"
refused "200000 runs: the last record's conflict with the first" 1 \
	"runs.csv:200002: add_long rep 1: status, reason, number, units or factor differ from its first record" \
	imp "$W/runs.csv"

gen 1 50000 >"$W/ok.csv"
imp "$W/ok.csv" >"$W/out" 2>&1
t "50000 repetitions imported" grep -qF "(50000 results)" "$W/out"

# Mail's shapes cost their length too: 300,000 blank lines between two
# rows of a console table (each looks past the blanks for a row), one
# quoted-printable line of 200,000 soft breaks (refused past 1 MiB).
R=$(printf '%108s' '' | tr ' ' -)
{ printf '%s\n' "$R" \
	" Test        Test        Elapsed  Iteration    Iteration          Operation" \
	"Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)" \
	"$R" "     1 add_double           2.00        100   50.00000       900000.00 Thousand Double Precision Additions/second"
	awk 'BEGIN { for (i = 0; i < 300000; i++) print "" }'
	echo "     2 add_float            2.00        100   50.00000       600000.00 Thousand Single Precision Additions/second"
} >"$W/blanks.txt"
imp -n -t x "$W/blanks.txt" >"$W/out" 2>&1
t "300000 blank lines between two rows: one table" grep -qF "(2 results)" "$W/out"
{ printf 'Content-Transfer-Encoding: quoted-printable\n\n'
	awk 'BEGIN { for (i = 0; i < 200000; i++) printf "%075d=\n", 0 }'
} >"$W/long.eml"
refused "a quoted-printable line of 200000 soft breaks" 1 \
	"long.eml:3: a quoted-printable line longer than 1 MiB once decoded" \
	imp -n -t x "$W/long.eml"
echo "1..$n"
exit $((fails > 0))

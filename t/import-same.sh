#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A run is known by its content, not by the file it came in: one run's
# logfile.suite9 and the suite9.ss of the same numbers (each rate
# rounded to the whole operation) are one run, and so is a report sent
# again in other bytes (a mail's CRLF), under any tag; --again stores a
# copy, and a run one rate apart beyond what rounding explains is
# another run.  On an SQLite file, then on a PostgreSQL server schema
# when one can be had (skipped with the reason otherwise).
NAME=import-same
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
. "$S/t/pg-lib.sh"
. "$S/t/db-sql.sh"
L="$S/t/data/report/logfile.suite9"	# two runs: 2.6.19, 2.6.20-rc4
R="$S/t/data/report/bare.txt"		# one
# The spreadsheet AIM9 writes beside its logfile: each rate rounded.
awk 'NF >= 5 && $2 ~ /^[0-9]+$/ {
	u = $5; for (i = 6; i <= NF; i++) u = u " " $i
	sub("/second$", " per second", u)
	printf "%s\t%.0f\t%s\n", $1, $4, u; next }
/Suite IX$/ { print $0 " \"1.1\""; next }
{ print }' "$L" >"$W/suite9.ss"
# Its first run, one rate 2 operations per second apart: another run.
awk -F '\t' -v OFS='\t' 'NR > 1 && $0 == first { exit } NR == 1 { first = $0 }
$1 == "fork_test" { $2 += 2 } { print }' "$W/suite9.ss" >"$W/other.ss"
sed 's/$/\r/' "$R" >"$W/resent.txt"
runs() { db_val "$DB" "SELECT count(*) FROM run"; }

same() {	# same WHERE: every case against one engine, the store $DB
	at=$1
	"$AIMDB" --db "$DB" import --split "$L" >/dev/null 2>&1
	refused "$at: one run's suite9.ss after its logfile.suite9" 1 \
		"import: $W/suite9.ss: already stored as run 1 (tag 2.6.19); --again imports it anyway" \
		"$AIMDB" --db "$DB" import --split "$W/suite9.ss"
	refused "$at: ... under another tag too" 1 "already stored as run 1 (tag 2.6.19)" \
		"$AIMDB" --db "$DB" import -t a -t b "$W/suite9.ss"
	t "$at: ... and nothing stored" test "$(runs)" = 2
	t "$at: a run one rate apart is another run" \
		"$AIMDB" --db "$DB" import -t other "$W/other.ss"
	t "$at: --again stores the spreadsheet's runs" \
		"$AIMDB" --db "$DB" import --again --split "$W/suite9.ss"
	t "$at: ... as two more runs" test "$(runs)" = 5
	"$AIMDB" --db "$DB" import -t mail "$R" >/dev/null 2>&1
	refused "$at: a report sent again in other bytes" 1 \
		"import: $W/resent.txt: already stored as run 6 (tag mail)" \
		"$AIMDB" --db "$DB" import -t resent "$W/resent.txt"
	t "$at: ... stored once" test "$(runs)" = 6
}

DB="$W/same.db"
same sqlite
if pg_need >"$W/skip" && pg_schema same; then
	DB=$PG_DB
	same postgresql
else
	for i in $(seq 8); do
		skip "postgresql: $(sed 's/^1\.\.0 # SKIP //' "$W/skip")"
	done
fi
echo "1..$n"
exit $((fails > 0))

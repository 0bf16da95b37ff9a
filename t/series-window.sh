#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp --series and aimplot over a store of many tags take a window
# when no tag is named: the newest 50 by their first run, the newest N
# (--last N, 0 for all), or those first run since a day (--since); what
# they leave out is one line on stderr, the earliest and the latest of it
# named.  With --host the window is of that machine's tags.  The window
# is only for a store's tags: not with TAGs, nor without --series.  On a
# server too (make check-pg).
set -u
S=${AIM_SRCDIR:-.}
NAME=series-window
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
AIMPLOT="$B/report/aimplot"
DB=$(db_first w.db)
# 55 tags w1..w55, one imported run each, in that order.
for k in $(seq 1 55); do cat "$S/t/data/report/bare.txt"; done >"$W/many.txt"
"$AIMDB" --db "$DB" import $(for k in $(seq 1 55); do echo "-t w$k"; done) \
	"$W/many.txt" >/dev/null || echo "Bail out! import failed"
db_sql "$DB" "UPDATE run SET started_utc = '2026-01-01T00:00:00Z';
	UPDATE run SET started_utc = '2026-03-01T00:00:00Z' WHERE tag IN
	('w50', 'w51', 'w52', 'w53', 'w54', 'w55')"
series() {	# series ARGS...: the header's tags into $W/out, stderr $W/err
	"$AIMCMP" --db "$DB" --series "$@" >"$W/cmp" 2>"$W/err"
	sed -n '1s/^# [0-9]* tags in version order: //p' "$W/cmp" >"$W/out"
}
series
t "by default the newest 50 tags" test "$(wc -w <"$W/out")" -eq 50
t "... from w6 on" grep -q '^w6 w7 .* w55$' "$W/out"
t "... saying on stderr which are left out" grep -qx "aimcmp: series of \
the last 50 of 55 tags: 5 earlier left out, w1 (2026-01-01T00:00:00Z) to w5 \
(2026-01-01T00:00:00Z) (--last N, 0 for all, or --since DATE for others)" \
	"$W/err"
series --last 3
t "--last 3: the newest three" grep -qx 'w53 w54 w55' "$W/out"
t "... 52 left out" grep -q '^aimcmp: series of the last 3 of 55 tags: 52 earlier left out, w1 (' "$W/err"
series --last 0
t "--last 0: every tag" test "$(wc -w <"$W/out")" -eq 55
t "... nothing left out, nothing said" test ! -s "$W/err"
series --since 2026-03-01
t "--since: the tags first run that day or later" \
	grep -qx 'w50 w51 w52 w53 w54 w55' "$W/out"
t "... the others said" grep -qx "aimcmp: series of the 6 since 2026-03-01 \
of 55 tags: 49 earlier left out, w1 (2026-01-01T00:00:00Z) to w49 \
(2026-01-01T00:00:00Z) (--last N, 0 for all, or --since DATE for others)" \
	"$W/err"
series --since 2026-03-01 --last 2
t "--since and --last: the newest two of them" grep -qx 'w54 w55' "$W/out"
"$AIMPLOT" --db "$DB" --steps --last 3 >"$W/plot" 2>"$W/err"
t "aimplot --steps takes the same window" \
	grep -q '^# 3 tags in version order: w53 w54 w55$' "$W/plot"
t "... and says the same" grep -q '^aimplot: series of the last 3 of 55 tags' "$W/err"
"$AIMCMP" --db "$DB" --series --last 3 --tests add_long -f csv >"$W/csv" 2>/dev/null
t "--tests: its steps only" test "$(awk -F, 'NR > 1 { print $2 }' "$W/csv" |
	sort -u)" = add_long

# A second machine: its own tags and window.
db_sql "$DB" "UPDATE run SET host = 'lab2' WHERE tag IN ('w53', 'w55')"
series --host lab2 --last 1
t "--host: the window of that machine's tags" grep -qx 'w55' "$W/out"
t "... what is left out is of its tags" grep -q \
	'^aimcmp: series of the last 1 of 2 tags of host lab2: 1 earlier left out, w53 (' \
	"$W/err"
series --last 4
t "without --host, each machine its own series" \
	grep -q '^# 2 machines, each its own series' "$W/cmp"

refused "--last with TAGs is refused" 1 \
	"aimcmp: --last and --since pick among the tags of the database: not with TAGs" \
	"$AIMCMP" --db "$DB" --series --last 2 w1 w2
refused "aimplot: the same" 1 \
	"aimplot: --last and --since pick among the tags of the database: not with TAGs" \
	"$AIMPLOT" --db "$DB" --steps --since 2026-01-01 w1 w2
refused "--last without --series is refused" 1 \
	"aimcmp: --last and --since: only with --series" \
	"$AIMCMP" --db "$DB" --last 2 w1 w2
refused "--last must be a count" 1 \
	"aimcmp: --last: not a count of tags (0 for all): 'x'" \
	"$AIMCMP" --db "$DB" --series --last x
refused "--since must be a day or a time" 1 \
	"aimplot: --since: not a day YYYY-MM-DD or a time YYYY-MM-DDTHH:MM:SSZ (UTC): '2026-1-1'" \
	"$AIMPLOT" --db "$DB" --steps --since 2026-1-1
echo "1..$n"
exit $((fails > 0))

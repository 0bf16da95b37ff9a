#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp --counters end to end: two tags of fork_test and add_long by
# aimrun, their stored metrics per call under each test in every format,
# the line form still read back by aimdb import, and the options refused.
set -u
S=${AIM_SRCDIR:-.}
NAME=cmp-counters
. "$S/t/robust-lib.sh"
AIM_DB=${AIM_TEST_DB:-$W/a.db}
DB=$AIM_DB
export AIM_DB
for tag in a b; do
	"$AIMRUN" --tag "$tag" --tests fork_test,add_long --duration 0.01 \
		--runs 1 --dir "$W/scratch" >/dev/null 2>&1 ||
		echo "Bail out! aimrun failed"
done
"$AIMCMP" --counters a b >"$W/text" 2>/dev/null
t "text: vol_cs under fork_test" grep -qE '^ +vol_cs +[0-9.e+-]+ +[0-9.e+-]+ .*switches/call$' "$W/text"
t "text: invol_cs too" grep -q '^ *invol_cs ' "$W/text"
"$AIMCMP" a b >"$W/plain" 2>/dev/null
t "no counters without --counters" sh -c "! grep -q vol_cs '$W/plain'"
"$AIMCMP" --counters -f lines a b >"$W/lines" 2>/dev/null
t "lines: + 12 fork_test vol_cs" grep -q '^+ 12 fork_test vol_cs ' "$W/lines"
t "lines with counters import back" "$AIMDB" --db "$W/imp.db" import --split "$W/lines"
"$AIMCMP" --counters -f csv a b >"$W/csv" 2>/dev/null
t "csv: a metric column, a vol_cs record" sh -c "head -1 '$W/csv' | grep -q ',metric' && grep -q '^12,fork_test,switches/call,.*,vol_cs' '$W/csv'"
"$AIMCMP" --counters -f json a b >"$W/json" 2>/dev/null
t "json: counters" grep -q '"metric": "vol_cs"' "$W/json"
"$AIMCMP" --counters -f markdown a b >"$W/md" 2>/dev/null
t "markdown: a sub-row" grep -q '^| | vol_cs | ' "$W/md"
"$AIMCMP" --counters -f html a b >"$W/html" 2>/dev/null
t "html: a sub-row" grep -q 'class="counter"' "$W/html"
refused "--counters with --series" 1 "--counters" "$AIMCMP" --series --counters a b
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimdb import of aimkit's JSON export: the round trip keeps every
# environment fact, result, sample and metric, and hostile documents are
# refused with one line and nothing stored.
NAME=import-json
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
D="$S/t/data/report"
A=$(db_first a.db) C=$(db_new c.db)
"$AIMRUN" -q --db "$A" -t k1 -T add_long,fun_cal -d 0.01 -r 2 >/dev/null 2>&1 || exit 1
"$AIMDB" --db "$A" import -t bare "$D/bare.txt" >/dev/null || exit 1
"$AIMDB" --db "$A" import "$D/samples.csv" >/dev/null || exit 1
"$AIMDB" --db "$A" export -f json -o "$W/a.json" || exit 1
t "the export is imported (auto-detected, its tags from the file)" "$AIMDB" --db "$C" import "$W/a.json"
# Without the run_id column (new ids), the CSV holds every fact and sample.
"$AIMDB" --db "$A" export | cut -d, -f1,3- >"$W/a.csv"
"$AIMDB" --db "$C" export | cut -d, -f1,3- >"$W/c.csv"
t "environment, results, samples and metrics come back" cmp "$W/a.csv" "$W/c.csv"
t "metrics are in the copy" grep -q "vol_cs=" "$W/c.csv"
"$AIMCMP" --db "$A" k1 bare >"$W/a.cmp" 2>&1
"$AIMCMP" --db "$C" k1 bare >"$W/c.cmp" 2>&1
t "aimcmp of the copy equals aimcmp of the original" cmp "$W/a.cmp" "$W/c.cmp"
t "the gate came back (bare is environment unknown)" grep -qi "environment" "$W/c.cmp"
"$AIMCMP" --db "$A" v6.8 v6.9 >"$W/a2.cmp" 2>&1
"$AIMCMP" --db "$C" v6.8 v6.9 >"$W/c2.cmp" 2>&1
t "aimcmp of the CSV runs equal" cmp "$W/a2.cmp" "$W/c2.cmp"
t "--format json is accepted" "$AIMDB" --db "$(db_new f.db)" import -f json "$W/a.json"
DB="$C"
bad() {	# bad DESC PATTERN SED: the export edited by SED is refused
	sed "$3" "$W/a.json" >"$W/bad.json"
	refused "$1" 1 "$2" "$AIMDB" --db "$DB" import -f json "$W/bad.json"
}
bad "a count as a string" "calls" 's/"calls": \([0-9]*\)/"calls": "\1"/'
bad "a count out of range" "out of range" '0,/"calls": [0-9]*/s//"calls": 9000000000000000000/'
bad "a negative elapsed_ns" "elapsed_ns" '0,/"elapsed_ns": [0-9]*/s//"elapsed_ns": -1/'
bad "a control character in a fact" "hostname" 's/"hostname": "/"hostname": "a\\u0007/'
bad "an unknown metric" "metric" '0,/"vol_cs"/s//"no_such_metric"/'
bad "a bad status" "status" '0,/"status": "ok"/s//"status": "great"/'
bad "a float factor" "factor" '0,/"factor": [0-9]*/s//"factor": 1.5/'
bad "truncated JSON" "not JSON" '$d'
bad "a control character in a tag" "tag" '0,/"tag": "k1"/s//"tag": "k\\u0001"/'
bad "a judged word of its own" "judged" \
	'0,/"judged": "peak"/s//"judged": "fastest"/'
bad "a better direction as a number" "better" \
	'0,/"better": "higher"/s//"better": 1/'
# How a result is judged and which way is better come from the file when it
# says (whatever the catalog says of the test), else from the catalog.
basis() {	# basis DB TEST: the basis aimcmp compares TEST of k1 on
	"$AIMCMP" --db "$1" -f csv k1 k1 2>/dev/null |
		awk -F, -v t="$2" '$2 == t { print $14 }'
}
sed 's/"judged": "peak"/"judged": "mean"/; s/"better": "higher"/"better": "lower"/' \
	"$W/a.json" >"$W/said.json"
SAID=$(db_new said.db) SILENT=$(db_new silent.db)
t "a file's judged and better words are imported" \
	"$AIMDB" --db "$SAID" import "$W/said.json"
t "... add_long said mean: compared on the mean" \
	test "$(basis "$SAID" add_long)" = mean
sed '/"judged": /d; /"better": /d' "$W/a.json" >"$W/silent.json"
t "a file without them is imported" \
	"$AIMDB" --db "$SILENT" import "$W/silent.json"
t "... add_long then judged as the catalog says: peak" \
	test "$(basis "$SILENT" add_long)" = peak
if db_tool "$SAID"; then
	t "... and better stored as the file said: lower" test "$(db_val \
		"$SAID" "SELECT count(*) FROM result WHERE better = 'lower'")" \
		-eq "$(db_val "$SAID" "SELECT count(*) FROM result")"
	t "... or as the catalog says: higher" test "$(db_val "$SILENT" \
		"SELECT count(*) FROM result WHERE better <> 'higher'")" -eq 0
fi
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimdb export --format csv carries each run's uuid and each result's
# judged, better and copies as the JSON export does, in the four columns
# after the older sixteen (readers by position read on), before the run's
# own columns and the rest of the record (doc/schema.md); aimdb import of
# that file keeps them: the same uuids, so a run already stored is
# refused and --again stores a copy of its own, and the same judged,
# better and copies.  A uuid, word or count out of form is refused with
# file:line.
set -u
S=${AIM_SRCDIR:-.}
NAME=csv-identity
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
A=$(db_first a.db) DB=$(db_new b.db)
"$AIMRUN" -q --db "$A" -t k1 -T add_long,brk_test -d 0.01 -r 1 \
	>/dev/null 2>&1 || exit 1
"$AIMRUN" -q --db "$A" -t k2 -T add_long -d 0.01 -r 1 --copies 2 \
	>/dev/null 2>&1 || exit 1
"$AIMDB" --db "$A" export --format csv k1 k2 >"$W/a.csv" || exit 1
t "the header: the sixteen older columns, then uuid, judged, better, copies" \
	test "$(head -n 1 "$W/a.csv" | cut -d, -f1-20)" = \
	"tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops,env_key,env_value,metrics,uuid,judged,better,copies"
if ! db_tool "$A"; then
	echo "1..$n"
	exit 1
fi
# What a result is, by run uuid: fields 17 to 20 of each sample record
# (no quotes before them), and the same read from a database.
awk -F, 'NR > 1 && $6 != "" && $35 == "" { print $17, $4, $18, $19, $20 }' \
	"$W/a.csv" | sort -u >"$W/csv.res"
facts() {
	db_val "$1" "SELECT u.uuid, r.test, r.judged, r.better,
	r.copies FROM result AS r JOIN run AS u ON u.id = r.run_id" | tr '|' ' '
}
facts "$A" | sort -u >"$W/a.res"
t "each sample record: its run's uuid, its result's judged, better, copies" \
	cmp "$W/csv.res" "$W/a.res"
t "... mean and peak, and 2 copies, among them" sh -c "grep -q ' mean ' \
	'$W/a.res' && grep -q ' peak ' '$W/a.res' && grep -q ' 2\$' '$W/a.res'"
"$AIMDB" --db "$DB" import "$W/a.csv" >/dev/null 2>"$W/err"
t "aimdb import of it succeeds" [ $? -eq 0 ]
facts "$DB" | sort -u >"$W/b.res"
t "the import keeps every uuid, judged, better and copies" \
	cmp "$W/a.res" "$W/b.res"
DB="$A"
refused "imported where its runs are stored: refused by uuid" 1 \
	"is already stored; --again stores a copy under a new uuid" \
	"$AIMDB" --db "$A" import "$W/a.csv"
"$AIMDB" --db "$A" import --again "$W/a.csv" >/dev/null 2>&1
t "--again stores copies under uuids of their own" test \
	"$(db_val "$A" 'SELECT COUNT(DISTINCT uuid) FROM run')" -eq 4
DB=$(db_new c.db)
# bad WHAT LINE AWK-ACTION MESSAGE: line LINE of the export edited by
# AWK-ACTION on its fields is refused with "bad:LINE: MESSAGE".
bad() {
	awk -F, -v OFS=, -v l="$2" "NR == l { $3 } { print }" "$W/a.csv" \
		>"$W/bad"
	refused "$1" 1 "bad:$2: $4" "$AIMDB" --db "$DB" import "$W/bad"
}
# The first sample record; line 2 is its run's first record.
L=$(awk -F, 'NR > 1 && $6 != "" { print NR; exit }' "$W/a.csv")
bad "a uuid not in the form the store writes" 2 '$17 = "X" $17' \
	"uuid: not a UUID"
bad "a run's records with two uuids" "$L" \
	'$17 = "00000000-0000-4000-8000-000000000000"' "uuid: "
bad "judged neither mean nor peak" "$L" '$18 = "fast"' "judged: "
bad "better neither higher nor lower" "$L" '$19 = "up"' "better: "
bad "copies 0" "$L" '$20 = "0"' "copies: "
bad "judged, better or copies on an environment record" 3 '$20 = "1"' \
	"an environment record must have no copies"
bad "a run's own record not first" 2 '$4 = "add_long"' \
	"run 1: a result before the run's own record"
# A second sample of that result, as its first but for its copies.
awk -F, -v OFS=, -v l="$L" 'NR == l { print; $6 = 2; $20 = $20 + 1 } { print }' \
	"$W/a.csv" >"$W/bad"
refused "a result's samples differing in copies" 1 \
	"bad:$((L + 1)): add_long rep 1: judged, better or copies differ from its first record" \
	"$AIMDB" --db "$DB" import "$W/bad"
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Schema version 5: a database written at version 4 (t/data/schema-v4.sql,
# made by aimrun and aimdb import of that version) migrates forward with
# its data intact; every old result is one copy, readers give the same
# answers before and after, and the column refuses a count below 1.
set -u
S=${AIM_SRCDIR:-.}
NAME=schema-v5
. "$S/t/robust-lib.sh"
q() { sqlite3 "$1" "$2"; }
BARE="$S/t/data/report/bare.txt"

sqlite3 "$W/v4.db" <"$S/t/data/schema-v4.sql" ||
	echo "Bail out! cannot load the version 4 fixture"
everything() { q "$1" "SELECT * FROM run_env ORDER BY run_id, key;
	SELECT * FROM run ORDER BY id;
	SELECT id, run_id, number, test, rep, status, reason, factor, units,
	finished_utc, warmup_calls, warmup_ns, source_line, judged, better
	FROM result ORDER BY id; SELECT * FROM sample ORDER BY result_id, seq;
	SELECT * FROM sample_metric ORDER BY result_id, seq, metric, bound;
	SELECT * FROM run_import ORDER BY run_id"; }
everything "$W/v4.db" >"$W/before"
reads() {	# reads DB PREFIX: what the readers say about DB
	"$AIMDB" --db "$1" export >"$W/$2.csv" &&
	"$AIMDB" --db "$1" export -f json v4-run >"$W/$2.json" &&
	"$AIMCMP" --db "$1" --force v4-run v4-imp >"$W/$2.cmp" &&
	"$AIMCMP" --db "$1" --scaling v4-run >"$W/$2.sc"
}
cp "$W/v4.db" "$W/v4.orig"
t "readers take the version 4 file as it is" reads "$W/v4.db" old
t "... and leave it byte-identical" cmp -s "$W/v4.db" "$W/v4.orig"
t "... its JSON export says one copy per result" test "$(grep -c \
	'"copies": 1' "$W/old.json")" -eq "$(q "$W/v4.db" "SELECT count(*) FROM
	result AS r JOIN run AS u ON u.id = r.run_id WHERE u.tag = 'v4-run'")"
t "a version 4 database takes a new import" \
	"$AIMDB" --db "$W/v4.db" import --again --tag new "$BARE"
t "(removed again)" "$AIMDB" --db "$W/v4.db" rm new
t "it is now version 5 or later" test "$(q "$W/v4.db" "PRAGMA user_version")" -ge 5
t "runs, results, samples and metrics are intact" sh -c \
	"test \"\$1\" = \"\$2\"" sh "$(cat "$W/before")" \
	"$(everything "$W/v4.db")"
t "every old result is one copy" test "$(q "$W/v4.db" "SELECT count(*)
	FROM result WHERE copies <> 1")" -eq 0
t "aimdb check finds the migrated schema sound" "$AIMDB" --db "$W/v4.db" check
t "readers answer as before the migration" sh -c "
	reads() { \"$AIMDB\" --db '$W/v4.db' export >'$W/new.csv' &&
	\"$AIMDB\" --db '$W/v4.db' export -f json v4-run >'$W/new.json' &&
	\"$AIMCMP\" --db '$W/v4.db' --force v4-run v4-imp >'$W/new.cmp' &&
	\"$AIMCMP\" --db '$W/v4.db' --scaling v4-run >'$W/new.sc'; }
	reads && cmp -s '$W/old.csv' '$W/new.csv' &&
	cmp -s '$W/old.json' '$W/new.json' && cmp -s '$W/old.cmp' '$W/new.cmp' &&
	cmp -s '$W/old.sc' '$W/new.sc'"
t "copies refuses 0" sh -c "! sqlite3 '$W/v4.db' \"UPDATE result SET
	copies = 0\" 2>/dev/null"

# A result of 2 copies keeps its count through a JSON export and import.
DB="$W/fresh.db"
"$AIMRUN" --tag two --tests add_long --copies 2 --duration 0.01 --runs 1 \
	--db "$DB" --dir "$W/scratch" --counters none -q ||
	echo "Bail out! aimrun failed"
"$AIMDB" --db "$DB" export -f json two >"$W/two.json" ||
	echo "Bail out! export failed"
t "the JSON export says 2 copies" grep -q '"copies": 2' "$W/two.json"
t "an import of it keeps them" sh -c "\"$AIMDB\" --db '$W/back.db' import \
	--tag back '$W/two.json' >/dev/null 2>&1 &&
	test \"\$(sqlite3 '$W/back.db' 'SELECT copies FROM result')\" -eq 2"
sed 's/"copies": 2/"copies": 0/' "$W/two.json" >"$W/zero.json"
refused "an import with 0 copies is refused" 1 "copies" \
	"$AIMDB" --db "$W/zero.db" import --tag zero "$W/zero.json"
echo "1..$n"
exit $((fails > 0))

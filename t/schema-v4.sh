#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Schema version 4: a database written at version 3 (t/data/schema-v3.sql,
# made by aimrun and aimdb import of that version) migrates forward with
# its data intact; each result then says how its rate is judged and which
# direction is better, each run has its own UUID, and readers give the
# same answers before and after.  New runs get new UUIDs.
set -u
S=${AIM_SRCDIR:-.}
NAME=schema-v4
. "$S/t/robust-lib.sh"
q() { sqlite3 "$1" "$2"; }
BARE="$S/t/data/report/bare.txt"
UUID='^[0-9a-f]\{8\}-[0-9a-f]\{4\}-4[0-9a-f]\{3\}-[89ab][0-9a-f]\{3\}-[0-9a-f]\{12\}$'

sqlite3 "$W/v3.db" <"$S/t/data/schema-v3.sql" ||
	echo "Bail out! cannot load the version 3 fixture"
everything() { q "$1" "SELECT * FROM run_env ORDER BY run_id, key;
	SELECT id, tag, suite, options, started_utc, ended_utc, status, source,
	source_file, aim_version, host FROM run ORDER BY id;
	SELECT id, run_id, number, test, rep, status, reason, factor, units,
	finished_utc, warmup_calls, warmup_ns, source_line FROM result
	ORDER BY id; SELECT * FROM sample ORDER BY result_id, seq;
	SELECT * FROM sample_metric ORDER BY result_id, seq, metric, bound;
	SELECT * FROM run_import ORDER BY run_id"; }
everything "$W/v3.db" >"$W/before"
# The CSV export's uuid column: derived from the content before version
# 4, then random.
UUID_CSV='s/,[0-9a-f]\{8\}-[0-9a-f]\{4\}-[0-9a-f]\{4\}-[0-9a-f]\{4\}-[0-9a-f]\{12\},/,,/g'
reads() {	# reads DB PREFIX: what the readers say about DB
	"$AIMDB" --db "$1" export >"$W/$2.csv" &&
	"$AIMCMP" --db "$1" --force v3-run v3-imp >"$W/$2.cmp" &&
	"$AIMCMP" --db "$1" -f csv --force v3-imp v3-run >"$W/$2.cmp.csv"
}
cp "$W/v3.db" "$W/v3.orig"
t "readers take the version 3 file as it is" reads "$W/v3.db" old
t "... and leave it byte-identical" cmp -s "$W/v3.db" "$W/v3.orig"

t "a version 3 database takes a new import" \
	"$AIMDB" --db "$W/v3.db" import --again --tag new "$BARE"
t "(removed again)" "$AIMDB" --db "$W/v3.db" rm new
t "it is now version 5 or later" test "$(q "$W/v3.db" "PRAGMA user_version")" -ge 5
t "runs, results, samples and metrics are intact" sh -c \
	"test \"\$1\" = \"\$2\"" sh "$(cat "$W/before")" \
	"$(everything "$W/v3.db")"
t "add_long is judged on its peak" test "$(q "$W/v3.db" "SELECT DISTINCT
	judged FROM result WHERE test = 'add_long'")" = peak
t "fork_test and page_test on their mean" test "$(q "$W/v3.db" "SELECT
	group_concat(DISTINCT judged) FROM result WHERE test IN
	('fork_test', 'page_test')")" = mean
t "every old result is higher-is-better" test "$(q "$W/v3.db" "SELECT
	count(*) FROM result WHERE better <> 'higher'")" -eq 0
t "every run has a UUID" sh -c "test \"\$(q() { sqlite3 '$W/v3.db' \"\$1\"; };
	q 'SELECT uuid FROM run' | grep -c '$UUID')\" -eq 2"
t "... each its own" test "$(q "$W/v3.db" "SELECT count(DISTINCT uuid)
	FROM run")" -eq 2
t "aimdb check finds the migrated schema sound" "$AIMDB" --db "$W/v3.db" check
t "readers answer as before the migration" sh -c \
	"\"$AIMDB\" --db '$W/v3.db' export >'$W/new.csv' &&
	\"$AIMCMP\" --db '$W/v3.db' --force v3-run v3-imp >'$W/new.cmp' &&
	\"$AIMCMP\" --db '$W/v3.db' -f csv --force v3-imp v3-run \
		>'$W/new.cmp.csv' &&
	sed '$UUID_CSV' '$W/new.csv' >'$W/new.csv.cut' &&
	sed '$UUID_CSV' '$W/old.csv' | cmp -s '$W/new.csv.cut' - &&
	cmp -s '$W/old.cmp' '$W/new.cmp' &&
	cmp -s '$W/old.cmp.csv' '$W/new.cmp.csv'"

# New runs: a UUID each, and the judged rate of each test.
DB="$W/fresh.db"
"$AIMRUN" --tag m --tests add_long,fork_test --duration 0.02 --runs 1 \
	--db "$DB" --dir "$W/scratch" -q || echo "Bail out! aimrun failed"
"$AIMRUN" --tag m --tests add_long --duration 0.02 --runs 1 \
	--db "$DB" --dir "$W/scratch" -q || echo "Bail out! aimrun failed"
t "new runs have UUIDs of their own" test "$(q "$DB" "SELECT
	count(DISTINCT uuid) FROM run WHERE uuid IS NOT NULL")" -eq 2
t "aimrun stores add_long as judged on its peak" test "$(q "$DB" "SELECT
	group_concat(DISTINCT judged) FROM result WHERE test = 'add_long'")" = peak
t "... fork_test on its mean" test "$(q "$DB" "SELECT judged FROM result
	WHERE test = 'fork_test'")" = mean
t "the UUID column refuses a copy" sh -c "! sqlite3 '$DB' \"UPDATE run SET
	uuid = (SELECT min(uuid) FROM run)\" 2>/dev/null"
t "judged refuses other words" sh -c "! sqlite3 '$DB' \"UPDATE result SET
	judged = 'median'\" 2>/dev/null"
t "better refuses other words" sh -c "! sqlite3 '$DB' \"UPDATE result SET
	better = 'up'\" 2>/dev/null"
echo "1..$n"
exit $((fails > 0))

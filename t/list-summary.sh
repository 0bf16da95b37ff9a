#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimdb list answers from each run's summary, which the writer keeps in
# the transaction of each result: after runs are measured, imported,
# refused, merged, pushed, renamed and removed, and after a store of the
# version before summaries is read as it is and then migrated, every
# run's TESTS, OK and SAMPLES are what its rows hold.  And the listing's
# choices: newest first, --limit saying how many it left out, --since,
# --host (the run's, else its environment's) and a tag pattern, case
# and '_' as they are.  On a server too (make check-pg).
set -u
S=${AIM_SRCDIR:-.}
NAME=list-summary
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
D="$S/t/data/report"
DB=$(db_first s.db)
run() {	# run DB TAG TESTS: a small measured run
	"$AIMRUN" -q --db "$1" --tag "$2" --tests "$3" --duration 0.01 \
		--runs 2 --dir "$W/scratch" >/dev/null 2>&1 ||
		echo "Bail out! aimrun $2 failed"
}
listed() {	# run id, tests, ok and samples of every run aimdb list shows
	"$AIMDB" --db "$DB" list 2>/dev/null |
		awk 'NR > 1 { print $2 "|" $7 "|" $8 "|" $9 }' | sort
}
stored() {	# the same counted from the rows
	db_val "$DB" "SELECT u.id, (SELECT COUNT(DISTINCT r.test) FROM result
	AS r WHERE r.run_id = u.id), (SELECT COUNT(*) FROM result AS r WHERE
	r.run_id = u.id AND r.status = 'ok'), (SELECT COUNT(*) FROM result AS r
	JOIN sample AS s ON s.result_id = r.id WHERE r.run_id = u.id) FROM run
	AS u" | sort
}
same() {	# same WHEN RUNS: aimdb list shows RUNS runs, as the rows say
	t "$1: aimdb list counts what each run holds ($2 runs)" sh -c \
		'[ "$1" = "$2" ] && [ "$(echo "$1" | grep -c .)" -eq "$3" ]' \
		sh "$(listed)" "$(stored)" "$2"
}
run "$DB" m add_long,page_test
"$AIMDB" --db "$DB" import -t imp "$D/bare.txt" >/dev/null ||
	echo "Bail out! import failed"
same "measured and imported" 2
t "an import refused on its row 42 stores nothing" sh -c \
	"! '$AIMDB' --db '$DB' import -t x '$D/truncated.txt' 2>/dev/null"
same "after the refused import" 2
F=$(db_file other.db)
run "$F" merged add_long
"$AIMDB" --db "$DB" merge "$F" >/dev/null 2>&1 || echo "# merge failed"
same "merged" 3
P=$(db_file push.db)
run "$P" pushed fork_test
"$AIMDB" --db "$P" push --to "$DB" >/dev/null 2>&1 || echo "# push failed"
same "pushed" 4
"$AIMDB" --db "$DB" rename m m2 >/dev/null 2>&1 || echo "# rename failed"
same "renamed" 4
"$AIMDB" --db "$DB" rm imp >/dev/null 2>&1 || echo "# rm failed"
same "removed" 3
t "no summary is left of the removed run" test "$(db_val "$DB" \
	"SELECT count(*) FROM run_summary WHERE run_id NOT IN
	(SELECT id FROM run)")" -eq 0
# No key holds them since version 9: aimdb rm removes them itself.
t "nor a sample or metric of it (aimdb check: no orphans)" sh -c \
	'"$1" --db "$2" check | grep -qx "foreign keys: ok"' sh "$AIMDB" "$DB"

# Version 5, the one before summaries: what its step and the later ones
# (the kernel's monitors and log, the boot plans) made taken away again.
version() {
	if db_is_pg "$DB"; then
		db_val "$DB" "SELECT version FROM aimkit_schema"
	else
		db_val "$DB" "PRAGMA user_version"
	fi
}
v=$(version)
# The keys version 9 dropped, given back: on a server by ALTER TABLE, in
# a file by the two tables' text of a version 5 file (the rows' format
# is the same; SQLite's documented way of dropping or adding a key).
if db_is_pg "$DB"; then
	db_sql "$DB" "ALTER TABLE sample ADD FOREIGN KEY (result_id)
		REFERENCES result (id) ON DELETE CASCADE;
		ALTER TABLE sample_metric ADD FOREIGN KEY (result_id, seq)
		REFERENCES sample (result_id, seq) ON DELETE CASCADE"
else
	sqlite3 "$W/v5ref.db" <"$S/t/data/schema-v5.sql" ||
		echo "Bail out! cannot load the version 5 fixture"
	db_sql "$DB" "ATTACH '$W/v5ref.db' AS v5; PRAGMA writable_schema = ON;
		UPDATE main.sqlite_master SET sql = (SELECT sql FROM
		v5.sqlite_master AS o WHERE o.name = main.sqlite_master.name)
		WHERE name IN ('sample', 'sample_metric');"
fi
db_sql "$DB" "DROP TABLE run_summary; DROP INDEX run_started;
	DROP INDEX run_host; DROP TABLE IF EXISTS result_monitor;
	DROP TABLE IF EXISTS kernel_log; DROP TABLE IF EXISTS plan_event;
	DROP TABLE IF EXISTS plan_boot; DROP TABLE IF EXISTS plan_kernel;
	DROP TABLE IF EXISTS plan;"
if db_is_pg "$DB"; then
	db_sql "$DB" "UPDATE aimkit_schema SET version = 5"
else
	db_sql "$DB" "PRAGMA user_version = 5"
fi
same "a store of the version before, read as it is" 3
t "... and left at that version" test "$(version)" -eq 5
"$AIMDB" --db "$DB" rename m2 m >/dev/null 2>&1 || echo "# rename failed"
t "a writer migrates it" test "$(version)" -eq "$v"
same "migrated, the summaries filled" 3
t "... one for every run" test "$(db_val "$DB" \
	"SELECT count(*) FROM run_summary")" -eq 3

# The listing's choices, on runs started a day apart.
db_sql "$DB" "UPDATE run SET started_utc = '2026-01-01T00:00:00Z'
	WHERE tag = 'm'; UPDATE run SET started_utc = '2026-01-02T00:00:00Z'
	WHERE tag = 'merged'; UPDATE run SET started_utc =
	'2026-01-03T00:00:00Z', host = NULL WHERE tag = 'pushed';
	DELETE FROM run_env WHERE key = 'hostname'
	AND run_id = (SELECT id FROM run WHERE tag = 'pushed');
	INSERT INTO run_env (run_id, key, value) SELECT id, 'hostname', 'envbox'
	FROM run WHERE tag = 'pushed'"
tags() { awk 'NR > 1 { printf "%s ", $1 }' "$W/out"; }
"$AIMDB" --db "$DB" list >"$W/out" 2>"$W/err"
t "newest first" test "$(tags)" = "pushed merged m "
"$AIMDB" --db "$DB" list --limit 2 >"$W/out" 2>"$W/err"
t "--limit 2: the newest two" test "$(tags)" = "pushed merged "
t "... saying on stderr how many more there are" grep -qx \
	"aimdb: list: 1 older runs not shown (--limit 2)" "$W/err"
"$AIMDB" --db "$DB" list --since 2026-01-02 >"$W/out" 2>"$W/err"
t "--since a day" test "$(tags)" = "pushed merged "
"$AIMDB" --db "$DB" list --since 2026-01-02T00:00:01Z >"$W/out" 2>"$W/err"
t "--since a time" test "$(tags)" = "pushed "
"$AIMDB" --db "$DB" list --host envbox >"$W/out" 2>"$W/err"
t "--host: a run without one, by its environment's" test "$(tags)" = "pushed "
"$AIMDB" --db "$DB" list 'm*' >"$W/out" 2>"$W/err"
t "a pattern" test "$(tags)" = "merged m "
"$AIMDB" --db "$DB" list 'M*' >"$W/out" 2>"$W/err"
t "... of the case given: none, no error" test -z "$(tags)"
"$AIMDB" --db "$DB" rename merged 'a_b%' >/dev/null 2>&1
"$AIMDB" --db "$DB" list 'a_b%' >"$W/out" 2>"$W/err"
t "'_' and '%' are themselves" test "$(tags)" = "a_b% "
"$AIMDB" --db "$DB" list 'a?b*' >"$W/out" 2>"$W/err"
t "'?' is one character, '*' any text" test "$(tags)" = "a_b% "
"$AIMDB" --db "$DB" list 'a_b' >"$W/out" 2>"$W/err"
t "... and the pattern is the whole tag" test -z "$(tags)"
refused "--limit 0 is refused" 1 \
	"aimdb: list: --limit: not a count of runs from 1: '0'" \
	"$AIMDB" --db "$DB" list --limit 0
refused "a --since that is no day is refused" 1 \
	"aimdb: --since: not a day YYYY-MM-DD or a time YYYY-MM-DDTHH:MM:SSZ (UTC): '2026-02-30'" \
	"$AIMDB" --db "$DB" list --since 2026-02-30
refused "a host without runs is still an error" 1 \
	"aimdb: list: no runs of host nosuch in $DB" \
	"$AIMDB" --db "$DB" list --host nosuch
# A result deleted by hand (the keys still cascade from it to nothing
# since version 9) leaves its samples, which aimdb check counts.
S1=$(db_val "$DB" "SELECT count(*) FROM sample WHERE result_id =
	(SELECT min(id) FROM result)")
db_sql "$DB" "DELETE FROM result WHERE id = (SELECT min(id) FROM result)"
"$AIMDB" --db "$DB" check >"$W/out" 2>"$W/err"
t "a result deleted by hand: aimdb check counts its samples, exit 2" \
	sh -c 'test "$1" -eq 2 && test "$2" -gt 0 &&
	grep -qx "foreign keys: $2 rows refer to missing parents" "$3"' \
	sh "$?" "$S1" "$W/out"
echo "1..$n"
exit $((fails > 0))

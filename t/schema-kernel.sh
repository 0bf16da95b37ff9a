#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The kernel's monitors and log (schema version 8): a database written
# at version 5 (t/data/schema-v5.sql, made by aimrun and aimdb import of
# that version) is read as it is and left byte-identical, and migrates forward with its data intact: the
# tables of the kernel's monitors and log come empty, readers answer as
# before, aimcmp --monitors says the old runs hold none and the store
# refuses what no reading makes.
set -u
S=${AIM_SRCDIR:-.}
NAME=schema-kernel
. "$S/t/robust-lib.sh"
q() { sqlite3 "$1" "$2"; }
BARE="$S/t/data/report/bare.txt"

sqlite3 "$W/v5.db" <"$S/t/data/schema-v5.sql" ||
	echo "Bail out! cannot load the version 5 fixture"
everything() { q "$1" "SELECT * FROM run_env ORDER BY run_id, key;
	SELECT * FROM run ORDER BY id; SELECT * FROM result ORDER BY id;
	SELECT * FROM sample ORDER BY result_id, seq;
	SELECT * FROM sample_metric ORDER BY result_id, seq, metric, bound;
	SELECT * FROM run_import ORDER BY run_id"; }
everything "$W/v5.db" >"$W/before"
reads() {	# reads DB PREFIX: what the readers say about DB
	"$AIMDB" --db "$1" export >"$W/$2.csv" &&
	"$AIMDB" --db "$1" export -f json v5-run >"$W/$2.json" &&
	"$AIMCMP" --db "$1" --force v5-run v5-imp >"$W/$2.cmp" &&
	"$AIMCMP" --db "$1" -f html --force v5-run v5-imp >"$W/$2.html"
}
cp "$W/v5.db" "$W/v5.orig"
t "readers take the version 5 file as it is" reads "$W/v5.db" old
t "... and leave it byte-identical" cmp -s "$W/v5.db" "$W/v5.orig"
"$AIMCMP" --db "$W/v5.db" --monitors v5-run v5-run >"$W/mon.txt" 2>&1
t "aimcmp --monitors says its runs hold none" \
	grep -q 'warning: --monitors: v5-run holds no monitors' "$W/mon.txt"
t "... and leaves it byte-identical" cmp -s "$W/v5.db" "$W/v5.orig"
t "a version 5 database takes a new import" \
	"$AIMDB" --db "$W/v5.db" import --again --tag new "$BARE"
t "(removed again)" "$AIMDB" --db "$W/v5.db" rm new
"$AIMDB" --db "$W/fresh.db" import --tag f "$BARE" >/dev/null 2>&1 ||
	echo "Bail out! cannot make a database of this version"
t "it is now this build's version" test \
	"$(q "$W/v5.db" "PRAGMA user_version")" -eq \
	"$(q "$W/fresh.db" "PRAGMA user_version")"
t "runs, results, samples and metrics are intact" sh -c \
	"test \"\$1\" = \"\$2\"" sh "$(cat "$W/before")" \
	"$(everything "$W/v5.db")"
t "the monitors' and the log's tables are there, empty" test "$(q "$W/v5.db" \
	"SELECT (SELECT count(*) FROM result_monitor) +
	(SELECT count(*) FROM kernel_log)")" -eq 0
t "aimdb check finds the migrated schema sound" "$AIMDB" --db "$W/v5.db" check
t "readers answer as before the migration" sh -c "
	reads() { \"$AIMDB\" --db '$W/v5.db' export >'$W/new.csv' &&
	\"$AIMDB\" --db '$W/v5.db' export -f json v5-run >'$W/new.json' &&
	\"$AIMCMP\" --db '$W/v5.db' --force v5-run v5-imp >'$W/new.cmp' &&
	\"$AIMCMP\" --db '$W/v5.db' -f html --force v5-run v5-imp >'$W/new.html'; }
	reads && cmp -s '$W/old.csv' '$W/new.csv' &&
	cmp -s '$W/old.json' '$W/new.json' && cmp -s '$W/old.cmp' '$W/new.cmp' &&
	cmp -s '$W/old.html' '$W/new.html'"
R=$(q "$W/v5.db" "SELECT min(id) FROM result")
t "a monitor row of another result's id is refused" sh -c "! sqlite3 \
	'$W/v5.db' 'PRAGMA foreign_keys = ON; INSERT INTO result_monitor
	VALUES (999999, \"vmstat\", \"pgfault\", 1)' 2>/dev/null"
t "a log line of level 8 is refused" sh -c "! sqlite3 '$W/v5.db' \"INSERT
	INTO kernel_log VALUES ($R, 1, 8, 0, 1, 'x')\" 2>/dev/null"
t "a result removed takes its monitors and log lines" sh -c "sqlite3 \
	'$W/v5.db' \"PRAGMA foreign_keys = ON;
	INSERT INTO result_monitor VALUES ($R, 'vmstat', 'pgfault', 5);
	INSERT INTO kernel_log VALUES ($R, 1, 4, 0, 1, 'x');
	DELETE FROM result WHERE id = $R;\" &&
	test \"\$(sqlite3 '$W/v5.db' 'SELECT (SELECT count(*) FROM
	result_monitor) + (SELECT count(*) FROM kernel_log)')\" -eq 0"
echo "1..$n"
exit $((fails > 0))

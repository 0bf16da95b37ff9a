#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run summaries: a database written at version 5 (t/data/schema-v5.sql,
# made by aimrun and aimdb import of that version, with a run a killed
# aimrun left without results) is listed as it is by a reader, counting
# its samples, and migrated by a writer with its data intact and a
# summary for every run, which aimdb list then reads: the same listing,
# byte for byte, and the same counts as the rows.
set -u
S=${AIM_SRCDIR:-.}
NAME=schema-v6
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
counts() { q "$1" "SELECT u.id, (SELECT COUNT(DISTINCT r.test) FROM result
	AS r WHERE r.run_id = u.id), (SELECT COUNT(*) FROM result AS r WHERE
	r.run_id = u.id AND r.status = 'ok'), (SELECT COUNT(*) FROM result AS r
	JOIN sample AS s ON s.result_id = r.id WHERE r.run_id = u.id) FROM run
	AS u ORDER BY u.id"; }
everything "$W/v5.db" >"$W/before"
cp "$W/v5.db" "$W/v5.orig"
"$AIMDB" --db "$W/v5.db" list >"$W/list.old" 2>&1
t "a reader lists the version 5 file" test "$(grep -c . "$W/list.old")" -eq 4
t "... and leaves it byte-identical" cmp -s "$W/v5.db" "$W/v5.orig"
t "... counting each run's samples from its rows" test "$(awk 'NR > 1 {
	print $2 "|" $7 "|" $8 "|" $9 }' "$W/list.old" | sort)" = \
	"$(counts "$W/v5.db" | sort)"
t "a version 5 database takes a new import" \
	"$AIMDB" --db "$W/v5.db" import --again --tag new "$BARE"
t "(removed again)" "$AIMDB" --db "$W/v5.db" rm new
t "it is now version 6 or later" \
	test "$(q "$W/v5.db" "PRAGMA user_version")" -ge 6
t "runs, results, samples and metrics are intact" sh -c \
	"test \"\$1\" = \"\$2\"" sh "$(cat "$W/before")" \
	"$(everything "$W/v5.db")"
t "every run has its summary, as its rows count" test "$(q "$W/v5.db" \
	"SELECT run_id, n_tests, n_ok, n_samples FROM run_summary
	ORDER BY run_id")" = "$(counts "$W/v5.db")"
t "... the run without results zeros" test "$(q "$W/v5.db" \
	"SELECT n_tests || n_ok || n_samples FROM run_summary AS m
	JOIN run AS u ON u.id = m.run_id WHERE u.tag = 'v5-empty'")" = 000
"$AIMDB" --db "$W/v5.db" list >"$W/list.new" 2>&1
t "aimdb list reads the summaries: the same listing" \
	cmp -s "$W/list.old" "$W/list.new"
t "aimdb check finds the migrated schema sound" "$AIMDB" --db "$W/v5.db" check
echo "1..$n"
exit $((fails > 0))

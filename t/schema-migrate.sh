#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Schema version 3: a database written at version 2 (t/data/schema-v2.sql,
# made by aimrun and aimdb import of that version) migrates forward with
# its data intact, the context switches of its columns becoming
# sample_metric rows; readers give the same answers before and after; and
# every metric of every sample goes through the CSV export and back.
set -u
S=${AIM_SRCDIR:-.}
NAME=schema-migrate
. "$S/t/robust-lib.sh"
q() { sqlite3 "$1" "$2"; }
BARE="$S/t/data/report/bare.txt"

sqlite3 "$W/v2.db" <"$S/t/data/schema-v2.sql" ||
	echo "Bail out! cannot load the version 2 fixture"
# The columns of version 2; later versions add their own (t/schema-v4.sh).
core() { q "$1" "SELECT id, tag, suite, options, started_utc, ended_utc,
	status, source, source_file, aim_version, host FROM run ORDER BY id;
	SELECT * FROM run_env ORDER BY run_id, key; SELECT id, run_id, number,
	test, rep, status, reason, factor, units, finished_utc, warmup_calls,
	warmup_ns, source_line FROM result ORDER BY id;
	SELECT * FROM run_import ORDER BY run_id;
	SELECT result_id, seq, calls, elapsed_ns, printed_ops FROM sample
	ORDER BY result_id, seq"; }
core "$W/v2.db" >"$W/core.before"
q "$W/v2.db" "SELECT result_id, seq, 'invol_cs', invol_cs FROM sample
	WHERE invol_cs IS NOT NULL UNION ALL SELECT result_id, seq, 'vol_cs',
	vol_cs FROM sample WHERE vol_cs IS NOT NULL ORDER BY 1, 2, 3" \
	>"$W/metrics.before"
t "the fixture holds context switches" \
	test "$(grep -c '|vol_cs|' "$W/metrics.before")" -gt 0
# The CSV export's uuid column: derived before version 4, then random
# (and any uuid-shaped value with it).
UUID_CSV='s/,[0-9a-f]\{8\}-[0-9a-f]\{4\}-[0-9a-f]\{4\}-[0-9a-f]\{4\}-[0-9a-f]\{12\},/,,/g'
# Readers, before any writer touched the file.
cp "$W/v2.db" "$W/v2.orig"
reads() {	# reads DB PREFIX: what the readers say about DB
	"$AIMDB" --db "$1" export >"$W/$2.csv" &&
	"$AIMDB" --db "$1" export -f json v2-run >"$W/$2.json" &&
	"$AIMCMP" --db "$1" --force v2-run v2-imp >"$W/$2.cmp"
}
t "readers take the version 2 file as it is" reads "$W/v2.db" old
t "... and leave it byte-identical" cmp -s "$W/v2.db" "$W/v2.orig"
t "the CSV export of version 2 carries its context switches" \
	grep -q ',vol_cs=[0-9]* invol_cs=[0-9]*,' "$W/old.csv"

# A writer migrates it.
t "a version 2 database takes a new import" \
	"$AIMDB" --db "$W/v2.db" import --again --tag new "$BARE"
t "(removed again)" "$AIMDB" --db "$W/v2.db" rm new
t "it is now at least version 3" \
	test "$(q "$W/v2.db" "PRAGMA user_version")" -ge 3
t "the old columns are gone" test "$(q "$W/v2.db" \
	"SELECT count(*) FROM pragma_table_info('sample')
	WHERE name IN ('vol_cs', 'invol_cs')")" -eq 0
core "$W/v2.db" | grep -v '|import-console|bare.txt|' >"$W/core.after"
t "runs, results and samples are intact" sh -c \
	"grep -v '|import-console|bare.txt|' '$W/core.before' |
	cmp -s - '$W/core.after'"
q "$W/v2.db" "SELECT result_id, seq, metric, value FROM sample_metric
	ORDER BY 1, 2, 3" >"$W/metrics.after"
t "every context switch count moved to sample_metric" \
	cmp -s "$W/metrics.before" "$W/metrics.after"
t "aimdb check finds the migrated schema sound" "$AIMDB" --db "$W/v2.db" check
t "readers answer as before the migration" sh -c \
	"reads() { \"$AIMDB\" --db '$W/v2.db' export >'$W/new.csv' &&
	\"$AIMDB\" --db '$W/v2.db' export -f json v2-run >'$W/new.json' &&
	\"$AIMCMP\" --db '$W/v2.db' --force v2-run v2-imp >'$W/new.cmp'; }
	reads && sed '$UUID_CSV' '$W/new.csv' >'$W/new.csv.cut' &&
	sed '$UUID_CSV' '$W/old.csv' | cmp -s '$W/new.csv.cut' - &&
	grep -v '^ *\"uuid\": ' '$W/new.json' >'$W/new.cut' &&
	grep -v '^ *\"uuid\": ' '$W/old.json' | cmp -s '$W/new.cut' - &&
	cmp -s '$W/old.cmp' '$W/new.cmp'"
t "deleting a run deletes its metrics" sh -c \
	"\"$AIMDB\" --db '$W/v2.db' rm v2-run >/dev/null &&
	test \"\$(sqlite3 '$W/v2.db' 'SELECT count(*) FROM sample_metric')\" -eq 0"

# The CSV export and import carry every metric of every sample.
DB="$W/fresh.db"
"$AIMRUN" --tag m --tests add_long,fork_test --duration 0.02 --runs 2 \
	--db "$DB" --dir "$W/scratch" -q || echo "Bail out! aimrun failed"
t "aimrun stores both context-switch metrics of every sample" test \
	"$(q "$DB" "SELECT count(*) FROM sample_metric
	WHERE metric IN ('vol_cs', 'invol_cs')")" -eq \
	"$(q "$DB" "SELECT 2 * count(*) FROM sample")"
"$AIMDB" --db "$DB" export -o "$W/m.csv" m
t "import of the export" "$AIMDB" --db "$W/copy.db" import -t m "$W/m.csv"
per_sample() { q "$1" "SELECT r.test, r.rep, s.seq, s.calls, s.elapsed_ns,
	m.metric, m.bound, m.value FROM sample_metric m JOIN sample s
	ON s.result_id = m.result_id AND s.seq = m.seq JOIN result r
	ON r.id = s.result_id ORDER BY 1, 2, 3, 6"; }
t "every metric of every sample came back" sh -c \
	"test -s '$W/m.csv' && test \"\$1\" = \"\$2\" && test -n \"\$1\"" sh \
	"$(per_sample "$DB")" "$(per_sample "$W/copy.db")"
"$AIMDB" --db "$W/copy.db" export -o "$W/m2.csv" m
t "and exports the same again" sh -c \
	"cut -d, -f1,3- '$W/m.csv' | cmp -s - /dev/stdin" <<EOT
$(cut -d, -f1,3- "$W/m2.csv")
EOT
line=$(grep -m1 ',vol_cs=' "$W/m.csv")
bad() {	# bad NAME METRICS REASON: the sample record with METRICS refused
	{ head -n 2 "$W/m.csv"; printf '%s\n' "$line" |
		awk -F, -v OFS=, -v m="$2" '{ $16 = m; print }'; } \
		>"$W/$1.csv"
	DB="$W/bad.db"
	refused "metrics $1 refused" 1 "metrics: $3" \
		"$AIMDB" --db "$DB" import -t "b$1" "$W/$1.csv"
}
bad unknown 'no_such_metric=5' 'unknown metric name'
bad twice 'vol_cs=1 vol_cs=2' 'metric vol_cs given twice'
bad negative 'vol_cs=-1' 'metric vol_cs: not 1 to 18 decimal digits'
bad huge 'vol_cs=9999999999999999999' 'metric vol_cs: not 1 to 18'
bad spaces 'vol_cs=1  invol_cs=2' 'empty metric'
bad noeq 'vol_cs' 'a metric is not name=value'
echo "1..$n"
exit $((fails > 0))

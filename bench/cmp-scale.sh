#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The fleet scale benchmark: a store of TAGS (default 1000) tags x 60
# tests x 30 samples (each with its two context-switch metrics), one run
# a tag, the runs spread over HOSTS (default 50) machines a night apart
# in turn (run i on host h(i mod HOSTS), started i x 26 minutes after
# 2025-01-01: 20,000 tags make a year), made by one aimrun run copied
# with SQL where the store is: by sqlite3 in the file, by psql on the
# server.  Then the median wall time of REPEAT (default 5) runs of each
# reader, with its limit:
#   aimcmp A B (50 ms) and aimcmp --counters A B, two tags of host h7;
#   aimdb list (all), aimdb list --limit 50 (200 ms), aimdb list --host
#   h7 (200 ms); aimcmp --series --host h7 --since DATE over its last 100
#   tags (1 s), aimplot --steps the same.  (With HOSTS=1: host h0.)
# Usage: bench/cmp-scale.sh [sqlite|postgresql] [TAGS [DB]]
# With DB (sqlite: a file; postgresql: a connection string naming a
# schema) the store is made there and kept, for bench/fleet-load.sh to
# send to a server; a DB that holds one already is measured again as it
# is (TAGS and HOSTS must be those it was made with).  Without it,
# postgresql takes a schema of its own on $AIM_TEST_PG, else a private
# cluster (t/pg-lib.sh), removed at the end.  Prints figures and the
# machine's load; asserts nothing.
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
S=${AIM_SRCDIR:-$(dirname "$0")/..}
ENGINE=sqlite
case ${1:-} in
sqlite | postgresql) ENGINE=$1; shift ;;
esac
TAGS=${1:-1000}
REPEAT=${REPEAT:-5}
HOSTS=${HOSTS:-50}
. "$S/t/pg-lib.sh"
d=$(mktemp -d "${TMPDIR:-/tmp}/aimscale.XXXXXX")
mkdir "$d/scratch"
if [ "$ENGINE" = sqlite ]; then
	db=${2:-"$d/scale.db"}
elif [ -n "${2:-}" ]; then
	db=$2
else
	pg_need >"$d/why" && pg_schema scale ||
		{ echo "cmp-scale: no server: $(cat "$d/why")" >&2; rm -rf "$d"; exit 2; }
	db=$PG_DB
fi
trap 'pg_stop; rm -rf "$d"' EXIT
trap 'exit 2' HUP INT TERM
sql() {	# sql: the statements on stdin, in the store, its answers on stdout
	if [ "$ENGINE" = sqlite ]; then
		sqlite3 -bail "$db"
	else
		psql -X -q -A -t -v ON_ERROR_STOP=1 -d "$db" -f -
	fi
}
if [ "$ENGINE" = sqlite ]; then
	made=$([ -s "$db" ] && echo "SELECT count(*) FROM run;" | sql || echo 0)
elif [ "$(echo "SELECT CAST(to_regclass('run') IS NULL AS INTEGER);" | sql)" = 1 ]; then
	made=0
else
	made=$(echo "SELECT count(*) FROM run;" | sql)
fi
[ "$made" = 0 ] || [ "$made" = "$TAGS" ] ||
	{ echo "cmp-scale: $db holds $made runs, not $TAGS" >&2; exit 1; }
how="made before"
if [ "$made" = 0 ]; then
	"$B/harness/aimrun" --tag t1 --tests add_long --duration 0.01 --runs 1 \
		--db "$db" --dir "$d/scratch" -q

	# What the engines spell differently: a sequence 1..N as a table k(i),
	# the start of run i, a run's made-up identity, and what goes around
	# the copy: foreign keys off (in the file; on the server, for a
	# superuser, the triggers that check them a row at a time: 36 million
	# checks of the same 1.2 million results), and on the server the
	# identity columns moved past the copied ids.
	if [ "$ENGINE" = sqlite ]; then
		seq_k() { echo "WITH RECURSIVE k(i) AS (SELECT $1 UNION ALL SELECT i + 1 FROM k WHERE i < $2)"; }
		start_of="strftime('%Y-%m-%dT%H:%M:%SZ', '2025-01-01', '+' || (k.i * 26) || ' minutes')"
		new_uuid="lower(hex(randomblob(16)))"
		before="PRAGMA foreign_keys = OFF;"
		after=
	else
		seq_k() { echo "WITH k(i) AS (SELECT generate_series($1, $2))"; }
		start_of="to_char(TIMESTAMP '2025-01-01' + k.i * INTERVAL '26 minutes', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
		new_uuid="md5(random()::text || k.i)"
		before="SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user \\gset
	\\if :su
	SET session_replication_role = replica;
	\\endif"
		after="SELECT setval(pg_get_serial_sequence('run', 'id'), (SELECT max(id) FROM run));
	SELECT setval(pg_get_serial_sequence('result', 'id'), (SELECT max(id) FROM result));"
	fi
	# A store with run summaries holds each run's counts: here made up too.
	summary=
	if [ "$ENGINE" = sqlite ]; then
		have=$(echo "SELECT count(*) FROM sqlite_master WHERE name = 'run_summary';" | sql)
	else
		have=$(echo "SELECT CAST(to_regclass('run_summary') IS NOT NULL AS INTEGER);" | sql)
	fi
	[ "$have" = 0 ] || summary="DELETE FROM run_summary;
	INSERT INTO run_summary (run_id, n_tests, n_ok, n_samples)
		SELECT id, 60, 60, 1800 FROM run;"

	# Run 1 gets 60 results, runs 2..TAGS copies of them; then every
	# result 30 samples, a result's together, as a writer stores them,
	# result i's the same as result i mod 100's (of run 1), and every
	# sample its two metrics.
	a=$(date +%s)
	sql >/dev/null <<-SQL
	$before
	BEGIN;
	DELETE FROM sample_metric; DELETE FROM sample; DELETE FROM result;
	$(seq_k 1 60)
	INSERT INTO result (id, run_id, number, test, rep, status, factor, units,
			    finished_utc)
		SELECT i, 1, i, 'test' || i, 1, 'ok', 1, 'Operations/second',
		       '2026-01-01T00:00:00Z' FROM k;
	UPDATE run SET host = 'h$((1 % HOSTS))', started_utc = '2025-01-01T00:26:00Z';
	$(seq_k 2 "$TAGS")
	INSERT INTO run (id, tag, suite, options, started_utc, ended_utc, status,
			 source, source_file, aim_version, host, uuid)
		SELECT k.i, 't' || k.i, suite, options, $start_of, $start_of,
		       status, source, source_file, aim_version,
		       'h' || (k.i % $HOSTS), $new_uuid FROM run, k WHERE run.id = 1;
	INSERT INTO run_env SELECT r.id, e.key, e.value FROM run AS r, run_env AS e
		WHERE e.run_id = 1 AND r.id > 1;
	INSERT INTO result (id, run_id, number, test, rep, status, factor, units,
			    finished_utc, judged, better)
		SELECT u.id * 100 + r.id, u.id, r.number, r.test, 1, 'ok', 1, r.units,
		       r.finished_utc, r.judged, r.better
		FROM run AS u, result AS r WHERE u.id > 1 AND r.run_id = 1
		ORDER BY u.id, r.id;
	$(seq_k 1 30)
	INSERT INTO sample SELECT r.id, k.i, 1000 + k.i,
				  10000000 + (r.id % 100) * 7 + k.i, NULL
		FROM result AS r CROSS JOIN k;
	INSERT INTO sample_metric SELECT s.result_id, s.seq, m.metric, 0,
					 s.seq % m.mod
		FROM sample AS s CROSS JOIN (SELECT 'invol_cs' AS metric, 2 AS mod
					     UNION ALL SELECT 'vol_cs', 3) AS m;
	$summary
	COMMIT;
	$after
	ANALYZE;
	SQL
	how="made in $(($(date +%s) - a)) s"
fi
ms() {	# ms COMMAND...: the median wall time of REPEAT runs, in ms
	for _ in $(seq "$REPEAT"); do
		a=$(date +%s%N)
		"$@" >/dev/null 2>&1 || { echo "cmp-scale: $* failed" >&2; exit 2; }
		z=$(date +%s%N)
		echo $(((z - a) / 1000))
	done | sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1000 }'
}
# Host H's last 100 runs (of tags t$first, t$((first + HOSTS)), ...): two
# of them compared, the series since the first.
r=$((7 % HOSTS)) H=h$((7 % HOSTS))
first=$((TAGS - (TAGS - r) % HOSTS - 99 * HOSTS))
while [ "$first" -lt 1 ]; do first=$((first + HOSTS)); done
A=t$first Bt=t$((first + HOSTS))
since=$(echo "SELECT started_utc FROM run WHERE id = $first;" | sql)
if [ "$ENGINE" = sqlite ]; then
	size="$(stat -c %s "$db") bytes"
else
	size=$(echo "SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace WHERE n.nspname = current_schema();" | sql)
fi
echo "$ENGINE: $TAGS tags x 60 tests x 30 samples on $HOSTS hosts, $size, $how"
echo "load before: $(cut -d ' ' -f 1-3 /proc/loadavg)"
C="$B/report/aimcmp" L="$B/report/aimdb" P="$B/report/aimplot"
echo "aimcmp $A $Bt: $(ms "$C" --db "$db" "$A" "$Bt") ms (limit 50 ms)"
echo "aimcmp --counters $A $Bt: $(ms "$C" --db "$db" --counters "$A" "$Bt") ms"
echo "aimdb list: $(ms "$L" --db "$db" list) ms"
echo "aimdb list --limit 50: $(ms "$L" --db "$db" list --limit 50) ms (limit 200 ms)"
echo "aimdb list --host $H: $(ms "$L" --db "$db" list --host "$H") ms (limit 200 ms)"
n=$("$C" --db "$db" --series --host "$H" --since "$since" 2>/dev/null | awk 'NR == 1 { print $2 }')
echo "aimcmp --series --host $H --since $since ($n tags): $(ms "$C" --db "$db" --series --host "$H" --since "$since") ms (limit 1000 ms)"
echo "aimplot --steps --host $H --since $since: $(ms "$P" --db "$db" --steps --host "$H" --since "$since") ms"
echo "load after: $(cut -d ' ' -f 1-3 /proc/loadavg)"

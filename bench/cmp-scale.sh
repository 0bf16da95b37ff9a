#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The aimcmp scale benchmark: a database of TAGS (default 1000) tags x 60
# tests x 30 samples (each with its two context-switch metrics) on the
# current schema, made by one aimrun run copied with SQL, then the median
# wall time of REPEAT (default 5) runs of `aimcmp TAG1 TAG2` (target:
# under 50 ms) and of `aimdb list` (under 200 ms).
# Usage: bench/cmp-scale.sh [TAGS [DB]].  Prints figures; asserts nothing.
# With DB (a file that does not exist) the database is made there and
# kept, for bench/fleet-load.sh to send to a server.
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
TAGS=${1:-1000}
REPEAT=${REPEAT:-5}
d=$(mktemp -d "${TMPDIR:-/tmp}/aimbench.XXXXXX")
trap 'rm -rf "$d"' EXIT
mkdir "$d/scratch"
db=${2:-"$d/scale.db"}
[ ! -e "$db" ] || { echo "cmp-scale: $db: exists" >&2; exit 1; }
"$B/harness/aimrun" --tag t1 --tests add_long --duration 0.01 --runs 1 \
	--db "$db" --dir "$d/scratch" -q
# Run 1 gets 60 results of 30 samples; runs 2..TAGS copy it whole.
sqlite3 "$db" <<SQL
PRAGMA foreign_keys = OFF;
BEGIN;
DELETE FROM sample_metric; DELETE FROM sample; DELETE FROM result;
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 60)
INSERT INTO result (id, run_id, number, test, rep, status, factor, units,
		    finished_utc)
	SELECT i, 1, i, 'test' || i, 1, 'ok', 1, 'Operations/second',
	       '2026-01-01T00:00:00Z' FROM k;
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 30)
INSERT INTO sample SELECT r.id, k.i, 1000 + k.i, 10000000 + r.id * 7 + k.i,
			  NULL FROM result AS r, k;
INSERT INTO sample_metric SELECT result_id, seq, 'vol_cs', 0, seq % 3
	FROM sample;
INSERT INTO sample_metric SELECT result_id, seq, 'invol_cs', 0, seq % 2
	FROM sample;
WITH RECURSIVE k(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM k
			WHERE i < $TAGS)
INSERT INTO run (id, tag, suite, options, started_utc, ended_utc, status,
		 source, source_file, aim_version, host, uuid)
	SELECT k.i, 't' || k.i, suite, options, started_utc, ended_utc,
	       status, source, source_file, aim_version, host,
	       lower(hex(randomblob(16))) FROM run, k WHERE run.id = 1;
INSERT INTO run_env SELECT r.id, e.key, e.value FROM run AS r, run_env AS e
	WHERE e.run_id = 1 AND r.id > 1;
INSERT INTO result (id, run_id, number, test, rep, status, factor, units,
		    finished_utc, judged, better)
	SELECT u.id * 100 + r.id, u.id, r.number, r.test, 1, 'ok', 1, r.units,
	       r.finished_utc, r.judged, r.better
	FROM run AS u, result AS r WHERE u.id > 1 AND r.run_id = 1;
INSERT INTO sample SELECT r.id, s.seq, s.calls, s.elapsed_ns, NULL
	FROM result AS r JOIN sample AS s ON s.result_id = r.id % 100
	WHERE r.run_id > 1;
INSERT INTO sample_metric SELECT r.id, m.seq, m.metric, 0, m.value
	FROM result AS r JOIN sample_metric AS m ON m.result_id = r.id % 100
	WHERE r.run_id > 1;
COMMIT;
ANALYZE;
SQL
ms() {	# ms COMMAND...: the median wall time of REPEAT runs, in ms
	for _ in $(seq "$REPEAT"); do
		a=$(date +%s%N)
		"$@" >/dev/null || { echo "cmp-scale: $1 failed" >&2; exit 2; }
		z=$(date +%s%N)
		echo $(((z - a) / 1000))
	done | sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1000 }'
}
echo "database: $TAGS tags x 60 tests x 30 samples, $(stat -c %s "$db") bytes"
echo "aimcmp t1 t2: $(ms "$B/report/aimcmp" --db "$db" t1 t2) ms (limit 50 ms)"
echo "aimcmp --counters t1 t2: $(ms "$B/report/aimcmp" --db "$db" --counters t1 t2) ms"
echo "aimdb list: $(ms "$B/report/aimdb" --db "$db" list) ms (limit 200 ms)"

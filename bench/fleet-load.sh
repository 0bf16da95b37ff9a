#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Proof under load of one store written by a fleet, on SQLite and on a
# PostgreSQL server side by side in one run:
#  1. WRITERS (default 50) aimrun processes at once, each storing a real
#     small run (add_long, 0.01 s, one run), while READERS (default 2)
#     run aimcmp in a loop: every result stored exactly once (runs by
#     row and by uuid, results by row and by run, test and rep, every
#     ok result with its samples numbered 1..n), no writer or reader
#     failing;
#  2. on the server only (a private cluster), the same with the server
#     restarted in the middle (pg_ctl restart -m fast): each writer's run
#     is complete with all its results, or incomplete (exit 2) with only
#     whole results, or not stored at all; none half-written;
#  3. aimcmp and aimdb list on TAGS (default 1000) tags x 60 tests x 30
#     samples: bench/cmp-scale.sh makes the SQLite file, aimdb push sends
#     it to the server.
# Usage: bench/fleet-load.sh [WRITERS [TAGS]] (TAGS 0: no step 3).  The server: $AIM_TEST_PG
# (a schema of its own; no restart) or a private cluster (t/pg-cluster.sh;
# psql needed for the counts).  Prints figures; exit 1 when a check fails,
# 2 when the server cannot be had.  Not part of make check.
set -u
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
S=${AIM_SRCDIR:-$(dirname "$0")/..}
WRITERS=${1:-50}
TAGS=${2:-1000}
READERS=${READERS:-2}
REPEAT=${REPEAT:-5}
AIMRUN="$B/harness/aimrun" AIMCMP="$B/report/aimcmp" AIMDB="$B/report/aimdb"
# Short: the private cluster's socket lives in it.
d=$(mktemp -d /tmp/aimload.XXXXXX) || exit 2
PGD= SCHEMA= bad=0
cleanup() {
	[ -z "$SCHEMA" ] || "$B/t/pgschema" -d "$AIM_TEST_PG" "$SCHEMA" 2>/dev/null
	[ -z "$PGD" ] || sh "$S/t/pg-cluster.sh" stop "$PGD" 2>/dev/null
	rm -rf "$d"
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM
mkdir "$d/scratch" || exit 2
if [ -n "${AIM_TEST_PG:-}" ]; then
	SCHEMA=aims_load_$$
	PGDB=$("$B/t/pgschema" "$AIM_TEST_PG" "$SCHEMA") || exit 2
else
	# Its own directory: the server runs as nobody when we are root.
	PGD=$(mktemp -u /tmp/aimpg.XXXXXXXX) || exit 2
	PGDB=$(sh "$S/t/pg-cluster.sh" start "$PGD") || { PGD=; exit 2; }
fi
command -v psql >/dev/null || { echo "fleet-load: psql is needed" >&2; exit 2; }

# sql TARGET QUERY: one value, from either engine (the same SQL).
sql() {
	case $1 in
	*=*) psql -X -A -t -q -d "$1" -c "$2" ;;
	*) sqlite3 "$1" "$2" ;;
	esac
}
check() {	# check WHAT GOT WANT
	if [ "$2" = "$3" ]; then
		echo "  ok: $1 ($2)"
	else
		echo "  FAILED: $1: $2, expected $3"; bad=1
	fi
}
now_us() { echo $(($(date +%s%N) / 1000)); }
# latency FILE: "median M ms, max X ms over N calls" of the lines "us rc".
latency() {
	sort -n "$1" | awk '{ v[NR] = $1 } END { if (NR == 0) { print "no calls"; exit }
		printf "median %.1f ms, max %.1f ms over %d calls", v[int((NR + 1) / 2)] / 1000,
			v[NR] / 1000, NR }'
}

# readers TARGET LABEL: aimcmp in a loop until $d/stop, "us rc" a line.
readers() {
	for r in $(seq "$READERS"); do
		while [ ! -e "$d/stop" ]; do
			a=$(now_us)
			"$AIMCMP" --db "$1" --force s1 s2 >/dev/null 2>>"$d/$2.err"
			rc=$?
			echo "$(($(now_us) - a)) $rc"
		done >"$d/$2.r$r" &
	done
}
# writers TARGET LABEL TESTS DURATION: WRITERS aimrun at once, waited for.
writers() {
	pids=
	for i in $(seq "$WRITERS"); do
		"$AIMRUN" -q --db "$1" -t "w$i" -T "$3" -d "$4" -r 1 \
			--dir "$d/scratch" >"$d/$2.w$i" 2>&1 &
		pids="$pids $!"
	done
	rcs=
	for p in $pids; do
		wait "$p"; rcs="$rcs $?"
	done
	echo "$rcs" | tr ' ' '\n' | sed '/^$/d' | sort | uniq -c |
		awk '{ printf "%s%d x exit %d", (NR > 1 ? ", " : ""), $1, $2 }'
}
# The checks that hold after any load, crash or not.
stored_once() {	# stored_once TARGET
	check "runs of the writers, by row and by uuid" \
		"$(sql "$1" "SELECT COUNT(*) FROM run WHERE tag LIKE 'w%'")" \
		"$(sql "$1" "SELECT COUNT(DISTINCT uuid) FROM run WHERE tag LIKE 'w%'")"
	check "results stored twice (run, test, rep)" "$(sql "$1" \
		"SELECT COUNT(*) FROM (SELECT run_id, test, rep FROM result
		 GROUP BY run_id, test, rep HAVING COUNT(*) > 1) AS x")" 0
	# A result is stored with its samples in one transaction: a torn one
	# would lack them, all or the last ones.  (How many there should be
	# is not stored: aimrun cuts the period into at most so many.)
	check "ok results without samples or with a gap in their seq" \
		"$(sql "$1" "SELECT COUNT(*) FROM result AS r JOIN run AS u
		 ON u.id = r.run_id WHERE u.tag LIKE 'w%' AND r.status = 'ok' AND
		 NOT EXISTS (SELECT 1 FROM sample AS s WHERE s.result_id = r.id
			     GROUP BY s.result_id HAVING MIN(s.seq) = 1 AND
			     MAX(s.seq) = COUNT(*))")" 0
}
load() {	# load TARGET LABEL
	for t in s1 s2; do
		"$AIMRUN" -q --db "$1" -t $t -T add_long -d 0.01 -r 1 \
			--dir "$d/scratch" >/dev/null 2>&1 ||
			{ echo "fleet-load: $2: cannot store a run" >&2; exit 2; }
	done
	rm -f "$d/stop"
	readers "$1" "$2"
	a=$(now_us)
	exits=$(writers "$1" "$2" add_long 0.01)
	wall=$(($(now_us) - a))
	touch "$d/stop"
	wait
	cat "$d/$2".r[0-9]* >"$d/$2.lat"
	n=$(sql "$1" "SELECT COUNT(*) FROM result AS r JOIN run AS u
		ON u.id = r.run_id WHERE u.tag LIKE 'w%'")
	echo "$2: $WRITERS writers: $exits in $((wall / 1000)) ms"
	check "every writer exits 0" "$exits" "$WRITERS x exit 0"
	check "complete runs" "$(sql "$1" \
		"SELECT COUNT(*) FROM run WHERE tag LIKE 'w%' AND status = 'complete'")" \
		"$WRITERS"
	check "results, one per writer" "$n" "$WRITERS"
	stored_once "$1"
	check "aimcmp calls failing" "$(awk '$2 != 0' "$d/$2.lat" | wc -l)" 0
	eval "rate_$2=\$(awk -v n=$n -v w=$wall 'BEGIN { printf \"%.1f\", n / (w / 1e6) }')"
	eval "lat_$2=\"\$(latency "$d/$2.lat")\""
}

# 2: a restart while WRITERS runs of three tests are being stored.
as_server() {
	if [ "$(id -u)" -eq 0 ]; then
		setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups -- "$@"
	else
		"$@"
	fi
}
restart() {	# restart TARGET
	bindir=$(dirname "$(readlink -f "$(command -v pg_ctl)")")
	"$AIMDB" --db "$1" rm $(seq -f 'w%g' "$WRITERS") >/dev/null || exit 2
	rm -f "$d/stop"
	readers "$1" restart
	# Once the first result is in, while the others are being measured.
	( i=0
	  while [ "$(sql "$1" "SELECT COUNT(*) FROM result AS r JOIN run AS u
		ON u.id = r.run_id WHERE u.tag LIKE 'w%'")" = 0 ] &&
		[ $i -lt 300 ]; do
		sleep 0.05; i=$((i + 1))
	  done
	  as_server "$bindir/pg_ctl" -D "$PGD/data" -l "$PGD/server.log" \
		-w -s -t 30 -m fast restart >/dev/null 2>&1 ||
		echo "fleet-load: the server did not restart" >&2 ) &
	rpid=$!
	exits=$(writers "$1" restart add_long,add_short,add_int 0.1)
	wait "$rpid"
	touch "$d/stop"
	wait
	echo "restart: $WRITERS writers: $exits"
	check "writers failing otherwise than exit 2 (run incomplete)" \
		"$(echo "$exits" | tr ',' '\n' | grep -cvE 'exit (0|2)$')" 0
	check "complete runs missing a result" "$(sql "$1" \
		"SELECT COUNT(*) FROM run AS u WHERE u.tag LIKE 'w%' AND
		 u.status = 'complete' AND
		 (SELECT COUNT(*) FROM result AS r WHERE r.run_id = u.id) <> 3")" 0
	stored_once "$1"
	echo "  runs: $(sql "$1" "SELECT COUNT(*) FROM run WHERE tag LIKE 'w%'
		AND status = 'complete'") complete, $(sql "$1" "SELECT COUNT(*)
		FROM run WHERE tag LIKE 'w%' AND status = 'incomplete'") incomplete,
		of $WRITERS" | tr -s ' \t\n' ' '
	echo
	echo "  what the failing writers said: $(cat "$d"/restart.w* |
		grep -v -e ': check: ' -e ': counters: ' | sed 's/run [0-9]*/run N/' |
		sort | uniq -c | sort -rn | head -n 3 | tr -s ' \n' ' ')"
	cat "$d"/restart.r[0-9]* >"$d/restart.lat"
	echo "  aimcmp during the restart: $(awk '$2 != 0' "$d/restart.lat" |
		wc -l) of $(wc -l <"$d/restart.lat") calls failed, the last: exit $(tail -n 1 "$d/restart.lat" | cut -d' ' -f2)"
	check "aimcmp works again after the restart" \
		"$(tail -n 1 "$d/restart.lat" | cut -d' ' -f2)" 0
}

# 3: the large store, made for SQLite and pushed to the server.
ms() {	# ms COMMAND...: the median of REPEAT wall times, in ms
	for _ in $(seq "$REPEAT"); do
		a=$(now_us)
		"$@" >/dev/null || echo "fleet-load: $1 failed" >&2
		echo $(($(now_us) - a))
	done >"$d/ms"
	sort -n "$d/ms" | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1000 }'
}
scale() {
	echo "scale: bench/cmp-scale.sh $TAGS (SQLite):"
	REPEAT=$REPEAT sh "$S/bench/cmp-scale.sh" "$TAGS" "$d/scale.db" 2>/dev/null |
		sed 's/^/  /'
	# Its made-up rows as an export carries them: the tests' own names
	# and units, uuids in their form, a source line.
	"$AIMRUN" --list | awk -v q="'" 'NR > 1 && $1 >= 1 && $1 <= 60 {
		n = $1; t = $2; $1 = ""; $2 = ""; sub(/^ +/, "")
		printf "UPDATE result SET test = %s%s%s, units = %s%s%s WHERE number = %d;\n",
			q, t, q, q, $0, q, n }' >"$d/names.sql"
	sqlite3 "$d/scale.db" <"$d/names.sql" &&
	sqlite3 "$d/scale.db" "UPDATE result SET source_line = 0
		WHERE source_line IS NULL;
		UPDATE run SET uuid = substr(uuid, 1, 8) || '-' ||
		substr(uuid, 9, 4) || '-4' || substr(uuid, 14, 3) || '-8' ||
		substr(uuid, 18, 3) || '-' || substr(uuid, 21, 12)
		WHERE length(uuid) = 32" || exit 2
	a=$(now_us)
	"$AIMDB" --db "$d/scale.db" push --to "$SCALEDB" >"$d/push" 2>&1 ||
		{ bad=1; echo "  FAILED: push: $(tail -n 1 "$d/push")"; }
	p=$(($(now_us) - a))
	echo "  push to the server: $(tail -n 1 "$d/push") in $((p / 1000000)) s ($(awk -v n="$TAGS" -v p=$p 'BEGIN { printf "%.1f", n / (p / 1e6) }') runs/s)"
	sq_cmp=$(ms "$AIMCMP" --db "$d/scale.db" t1 t2)
	pg_cmp=$(ms "$AIMCMP" --db "$SCALEDB" t1 t2)
	sq_list=$(ms "$AIMDB" --db "$d/scale.db" list)
	pg_list=$(ms "$AIMDB" --db "$SCALEDB" list)
	"$AIMCMP" --db "$d/scale.db" t1 t2 >"$d/sq.cmp" 2>&1
	"$AIMCMP" --db "$SCALEDB" t1 t2 >"$d/pg.cmp" 2>&1
	check "aimcmp t1 t2 byte-identical on both engines" \
		"$(cmp -s "$d/sq.cmp" "$d/pg.cmp" && echo same || echo differ)" same
}

load "$d/fleet.db" sqlite
load "$PGDB" postgresql
if [ -n "$PGD" ]; then
	restart "$PGDB"
else
	echo "restart: skipped: the server of AIM_TEST_PG is not ours to restart"
fi
sq_cmp=- pg_cmp=- sq_list=- pg_list=-
if [ "$TAGS" -eq 0 ]; then
	echo "scale: skipped (TAGS 0)"
elif [ -n "$PGD" ]; then
	SCALEDB="$PGDB options=-csearch_path=scale"
	sql "$PGDB" "CREATE SCHEMA scale" >/dev/null
	scale
else
	SCALEDB=$("$B/t/pgschema" "$AIM_TEST_PG" "${SCHEMA}_s") || exit 2
	scale
	"$B/t/pgschema" -d "$AIM_TEST_PG" "${SCHEMA}_s" 2>/dev/null
fi
echo
echo "figure                                    SQLite      PostgreSQL"
printf "%-40s %8s %14s\n" "results/s, $WRITERS writers at once" "$rate_sqlite" "$rate_postgresql"
printf "%-40s %s\n%-40s %s\n" "aimcmp under load (SQLite)" "$lat_sqlite" \
	"aimcmp under load (PostgreSQL)" "$lat_postgresql"
printf "%-40s %8s %14s\n" "aimcmp t1 t2, $TAGS tags (ms)" "$sq_cmp" "$pg_cmp"
printf "%-40s %8s %14s\n" "aimdb list, $TAGS tags (ms)" "$sq_list" "$pg_list"
exit $bad

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Several processes on one database at once.  Four aimruns that create the
# same new file together, then four more on the existing file, all store
# every result.  aimcmp and aimdb export reading while aimrun writes see a
# consistent database: every report is whole, every export imports back.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-concurrency
. "$S/t/robust-lib.sh"
q() { sqlite3 "$W/a.db" "$1"; }
TESTS=add_long,add_int,creat-clo,fork_test,disk_rd,pipe_cpy
N_TESTS=6
RUNS=3

# round NAME: four aimruns at once, tags NAME-1..NAME-4.
round() {
	pids=
	for i in 1 2 3 4; do
		"$AIMRUN" --tag "$1-$i" --tests "$TESTS" --duration 0.02 \
			--runs "$RUNS" --filesize 64K --db "$W/a.db" \
			--dir "$W/scratch" -q 2>"$W/err-$1-$i" &
		pids="$pids $!"
	done
	bad=0
	for p in $pids; do
		wait "$p" || bad=$((bad + 1))
	done
	t "$1: four aimruns at once all exit 0" test "$bad" -eq 0
	t "$1: no error printed" sh -c "cat '$W'/err-$1-* | (! grep .)"
	t "$1: four complete runs" test "$(q "SELECT count(*) FROM run
		WHERE tag LIKE '$1-%' AND status = 'complete'")" -eq 4
	t "$1: every result of every run stored" test "$(q "SELECT count(*)
		FROM result r JOIN run u ON u.id = r.run_id
		WHERE u.tag LIKE '$1-%'")" -eq $((4 * N_TESTS * RUNS))
	t "$1: every ok result has its samples" test "$(q "SELECT count(*)
		FROM result r WHERE status = 'ok' AND NOT EXISTS
		(SELECT 1 FROM sample s WHERE s.result_id = r.id)")" -eq 0
	t "$1: integrity_check passes" test "$(q "PRAGMA integrity_check")" = ok
}

echo "1..19"
round new	# the file does not exist yet: all four create it
round old	# and now it does

# Readers while a writer stores results one by one.
"$AIMRUN" --tag live --tests "$TESTS" --duration 0.05 --runs 6 \
	--filesize 64K --db "$W/a.db" --dir "$W/scratch" -q 2>"$W/err-live" &
pid=$!
# Readers start once the run exists (aimrun first reads its environment).
i=0
until [ "$(q "SELECT count(*) FROM run WHERE tag = 'live'" 2>/dev/null)" = 1 ] ||
      [ "$i" -ge 1500 ]; do
	i=$((i + 1))
	sleep 0.02
done
reads=0 bad_cmp=0 bad_export=0 rows_before=0 shrank=0
while kill -0 "$pid" 2>/dev/null; do
	reads=$((reads + 1))
	if "$AIMCMP" --db "$W/a.db" --format lines new-1 live >"$W/cmp" 2>"$W/cmp-err"; then
		# A row is a comment or "number name base new delta pct% ...".
		if ! awk '!/^#/ && !/^[0-9]+ [^ ]+ [0-9.]+ [0-9.]+ -?[0-9.]+ -?[0-9.]+% / {
				print "# malformed: " $0; bad = 1 }
			END { exit bad }' "$W/cmp"; then
			bad_cmp=$((bad_cmp + 1))
		fi
		rows=$(grep -c '^[0-9]' "$W/cmp")
		[ "$rows" -ge "$rows_before" ] || shrank=$((shrank + 1))
		rows_before=$rows
	else
		bad_cmp=$((bad_cmp + 1))
		sed 's/^/# aimcmp: /' "$W/cmp-err" | head -3
	fi
	rm -f "$W/copy.db"
	if ! "$AIMDB" --db "$W/a.db" export -o "$W/live.csv" live new-1 ||
	   ! "$AIMDB" --db "$W/copy.db" import "$W/live.csv" >/dev/null; then
		bad_export=$((bad_export + 1))
	fi
done 2>"$W/read-err"
wait "$pid"; rc=$?
t "the writer finished normally" test "$rc" -eq 0
t "readers ran while it wrote ($reads times)" test "$reads" -ge 2
t "aimcmp always answered with whole rows" test "$bad_cmp" -eq 0
t "aimcmp never lost a row it had shown" test "$shrank" -eq 0
t "every export made while writing imports back" test "$bad_export" -eq 0
t "readers printed no error" test ! -s "$W/read-err"
t "the writer stored all its results" test "$(q "SELECT count(*)
	FROM result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'live'")" \
	-eq $((N_TESTS * 6))
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The server lost in the middle of a run: a private cluster (never the
# shared $AIM_TEST_PG, which this stops) is halted with pg_ctl stop -m
# fast once aimrun has stored its first result.  aimrun goes on
# measuring (a row for every test), exits 2 with one line saying the
# server was lost, how many results were not stored and what became of
# the run; on the server started again no result is half-written (each
# has its samples, its samples their metrics) and the run is not
# complete.  The same run restarted to the end stores nothing twice.
# Skips without the server programs.
set -u
NAME=pg-loss
. "${AIM_SRCDIR:-.}/t/robust-lib.sh"
S=${AIM_SRCDIR:-.}
AIM_TEST_PG=
. "$S/t/pg-lib.sh"
pg_need || exit 0
trap 'pg_stop; rm -rf "$W"' EXIT
pg_schema loss || exit 1
DB=$PG_DB SC=$PG_NAME
q() { pg_int "$SC" "$1"; }

TESTS=add_double,add_float,add_long,add_int,add_short,jmp_test
"$AIMRUN" --tests "$TESTS" --duration 0.2 --runs 2 --tag lost --db "$DB" \
	>"$W/out" 2>"$W/err" &
pid=$!
# The first result stored, then the server goes away.
i=0
while [ "$(q 'SELECT count(*) FROM result' 2>/dev/null)" != 1 ] &&
      [ $i -lt 400 ] && kill -0 $pid 2>/dev/null; do
	sleep 0.05; i=$((i + 1))
done
sh "$S/t/pg-cluster.sh" halt "$PG_DIR"; halted=$?
wait $pid; rc=$?
t "the server was halted mid-run" test "$halted" -eq 0
t "aimrun: exit 2" test "$rc" -eq 2
t "one line on stderr after the counters and checks" sh -c \
	"test \$(grep -vc '^aimrun: \(check\|counters\):' '$W/err') -eq 1"
t "it says the server was lost, and what is left" grep -q \
	"the server was lost during the run: [1-9][0-9]* results not stored, the others are run 1, incomplete, its end not recorded" \
	"$W/err"
t "measuring went on: a row for every test" sh -c \
	"for x in $(echo $TESTS | tr , ' '); do grep -q \" \$x \" '$W/out' || exit 1; done"
t "no 'Stored as' line for a run not stored whole" sh -c "! grep -q '^Stored as' '$W/out'"

sh "$S/t/pg-cluster.sh" restart "$PG_DIR" || exit 1
stored=$(q 'SELECT count(*) FROM result')
lost=$(sed -n 's/.*lost during the run: \([0-9]*\) results.*/\1/p' "$W/err")
t "stored and lost are the 12 results" test "$((stored + lost))" -eq 12
t "at least one result was stored" test "$stored" -ge 1
t "no result without its samples" test "$(q 'SELECT count(*) FROM result r
	WHERE NOT EXISTS (SELECT 1 FROM sample s WHERE s.result_id = r.id)')" -eq 0
t "no result with a gap in its samples" test "$(q 'SELECT count(*) FROM
	(SELECT result_id FROM sample GROUP BY result_id
	 HAVING max(seq) - min(seq) + 1 <> count(*)) AS g')" -eq 0
t "each sample with as many metrics as the others" test "$(q 'SELECT
	count(DISTINCT n) FROM (SELECT count(*) AS n FROM sample s LEFT JOIN
	sample_metric m ON m.result_id = s.result_id AND m.seq = s.seq
	GROUP BY s.result_id, s.seq) AS c')" -le 1
t "the run is incomplete, without an end" test \
	"$(q "SELECT count(*) FROM run WHERE status = 'incomplete'
	      AND ended_utc IS NULL")" -eq 1
"$AIMDB" --db "$DB" check >"$W/check" 2>&1
t "aimdb check lists it as incomplete" grep -q '^  run 1 (lost' "$W/check"
echo "1..$n"
exit $((fails > 0))

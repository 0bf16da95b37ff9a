#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun --threads: the copies of a thread-safe test run as threads of one
# test process, stored as copies with the mode as a fact of the run; a
# test not marked thread-safe is a skip with its reason; aimcmp refuses
# threads against processes.
set -u
S=${AIM_SRCDIR:-.}
NAME=threads
. "$S/t/robust-lib.sh"
AIMPLOT="$B/report/aimplot"
DB="$W/a.db"
q() { sqlite3 "$DB" "$1"; }
run() { "$AIMRUN" --db "$DB" --dir "$W/scratch" --counters none -q \
	--duration 0.01 --runs 1 "$@"; }

run --tag thr --tests add_long --copies 2 --threads ||
	echo "Bail out! aimrun --copies 2 --threads failed"
t "--copies 2 --threads stores add_long as 2 copies" test "$(q "SELECT
	count(*) FROM result AS r JOIN run AS u ON u.id = r.run_id WHERE
	u.tag = 'thr' AND r.status = 'ok' AND r.copies = 2")" -eq 1
t "... with the mode a fact of the run" test "$(q "SELECT e.value FROM
	run_env AS e JOIN run AS u ON u.id = e.run_id WHERE u.tag = 'thr' AND
	e.key = 'copies_mode'")" = threads
t "... every sample holding the slowest and fastest thread, adding up" \
	test "$(q "SELECT count(*) FROM sample AS s JOIN result AS r ON
	r.id = s.result_id JOIN run AS u ON u.id = r.run_id WHERE u.tag = 'thr'
	AND s.calls = (SELECT sum(value) FROM sample_metric AS m WHERE
	m.result_id = s.result_id AND m.seq = s.seq AND m.metric IN
	('copy_min_calls', 'copy_max_calls'))")" -gt 0
t "... and no sample without them" test "$(q "SELECT count(*) FROM sample
	AS s JOIN result AS r ON r.id = s.result_id JOIN run AS u ON
	u.id = r.run_id WHERE u.tag = 'thr' AND (SELECT count(*) FROM
	sample_metric AS m WHERE m.result_id = s.result_id AND m.seq = s.seq
	AND m.metric IN ('copy_min_calls', 'copy_max_calls')) <> 2")" -eq 0

# Files, a fifo and sockets: each thread in its own scratch directory.
run --tag files --copies 3 --threads \
	--tests creat-clo,link_test,fifo_test,disk_cp,tcp_test,udp_test
t "tests with files, a fifo and sockets pass as 3 threads" test "$(q "
	SELECT count(*) FROM result AS r JOIN run AS u ON u.id = r.run_id
	WHERE u.tag = 'files' AND r.status = 'ok' AND r.copies = 3")" -eq 6
t "... leaving no scratch directory" test -z "$(ls "$W/scratch")"

run --tag unsafe --copies 2 --threads --tests brk_test,fork_test,add_long
t "a test that moves the program break is a skip with its reason" \
	test "$(q "SELECT count(*) FROM result AS r JOIN run AS u ON
	u.id = r.run_id WHERE u.tag = 'unsafe' AND r.test = 'brk_test' AND
	r.status = 'skip' AND r.reason LIKE 'cannot run as threads: %break%'")" -eq 1
t "... as is one that forks" test "$(q "SELECT count(*) FROM result AS r
	JOIN run AS u ON u.id = r.run_id WHERE u.tag = 'unsafe' AND
	r.test = 'fork_test' AND r.status = 'skip' AND
	r.reason LIKE 'cannot run as threads: %fork%'")" -eq 1
t "... while the thread-safe one runs" test "$(q "SELECT count(*) FROM
	result AS r JOIN run AS u ON u.id = r.run_id WHERE u.tag = 'unsafe'
	AND r.test = 'add_long' AND r.status = 'ok'")" -eq 1
refused "--threads without --copies is refused" 1 "--threads" run --tag x \
	--threads --tests add_long
refused "--threads with --cmd is refused" 1 "--threads" "$AIMRUN" \
	--db "$DB" --threads --cmd x -- /bin/true

# aimcmp: threads are not processes.
run --tag proc --tests add_long --copies 2 || echo "Bail out! aimrun failed"
run --tag thr2 --tests add_long --copies 2 --threads ||
	echo "Bail out! aimrun failed"
refused "aimcmp refuses processes against threads" 1 "threads" \
	"$AIMCMP" --db "$DB" proc thr
refused "... either way round" 1 "threads" "$AIMCMP" --db "$DB" thr proc
t "... and compares threads with threads" sh -c "\"$AIMCMP\" --db '$DB' \
	thr thr2 | grep -q '^ *3  *add_long x2 '"
run --tag proc --tests add_long --copies 2 --threads ||
	echo "Bail out! aimrun failed"
refused "... and a tag that pools both" 1 "threads and as processes within proc" \
	"$AIMCMP" --db "$DB" thr proc
refused "--scaling refuses a tag that pools both" 1 "threads and as processes" \
	"$AIMCMP" --db "$DB" --scaling proc
refused "aimplot --scaling refuses a tag that pools both" 1 \
	"threads and as processes" "$AIMPLOT" --db "$DB" --scaling \
	-o "$W/s.png" proc
t "... and prints one that holds threads only" sh -c "\"$AIMCMP\" --db '$DB' \
	--scaling thr | grep -q '^ *3 add_long  *2 '"
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun --copies and --scale end to end: a sweep stores each copy count
# as a result of its own with the slowest and fastest copy's calls on
# every sample; the tests with sockets, fifos, files and SysV IPC run as
# copies without sharing a resource; aimcmp compares only like with like
# and prints the scaling table; aimplot --scaling writes its script.
set -u
S=${AIM_SRCDIR:-.}
NAME=copies
. "$S/t/robust-lib.sh"
AIMPLOT="$B/report/aimplot"
DB="$W/a.db"
q() { sqlite3 "$DB" "$1"; }
run() { "$AIMRUN" --db "$DB" --dir "$W/scratch" --counters none -q \
	--duration 0.01 --runs 1 "$@"; }

run --tag sweep --tests fork_test,page_test,add_long --scale 1,2 ||
	echo "Bail out! aimrun --scale 1,2 failed"
t "--scale 1,2 stores each test once with 1 copy" test "$(q "SELECT
	count(*) FROM result WHERE copies = 1 AND status = 'ok'")" -eq 3
t "... and once with 2 copies" test "$(q "SELECT count(*) FROM result
	WHERE copies = 2 AND status = 'ok'")" -eq 3
t "... the repetitions numbered on through the counts" test "$(q "SELECT
	group_concat(DISTINCT rep) FROM result WHERE copies = 2")" = 2
t "every sample of 2 copies holds its slowest and fastest copy" test "$(q "
	SELECT count(*) FROM sample AS s JOIN result AS r ON r.id = s.result_id
	WHERE r.copies = 2 AND (SELECT count(*) FROM sample_metric AS m WHERE
	m.result_id = s.result_id AND m.seq = s.seq AND m.metric IN
	('copy_min_calls', 'copy_max_calls')) <> 2")" -eq 0
t "... which add up to the sample's calls" test "$(q "SELECT count(*)
	FROM sample AS s JOIN result AS r ON r.id = s.result_id WHERE
	r.copies = 2 AND s.calls <> (SELECT sum(value) FROM sample_metric AS m
	WHERE m.result_id = s.result_id AND m.seq = s.seq AND m.metric IN
	('copy_min_calls', 'copy_max_calls'))")" -eq 0
t "one copy has no per-copy metrics" test "$(q "SELECT count(*) FROM
	sample_metric AS m JOIN result AS r ON r.id = m.result_id WHERE
	r.copies = 1 AND m.metric LIKE 'copy%'")" -eq 0
t "aimdb check finds the file sound" "$AIMDB" --db "$DB" check

# Ports are the kernel's choice, fifos and files live in each copy's
# scratch directory, IPC keys are each copy's own: all pass as copies.
run --tag shared --copies 3 \
	--tests tcp_test,udp_test,fifo_test,shared_memory,disk_cp,link_test,exec_test
t "tests with sockets, fifos, files and IPC pass as 3 copies" test "$(q "
	SELECT count(*) FROM result AS r JOIN run AS u ON u.id = r.run_id
	WHERE u.tag = 'shared' AND r.status = 'ok' AND r.copies = 3")" -eq 7
t "... leaving no scratch directory" test -z "$(ls "$W/scratch")"
refused "--copies 0 is refused" 1 "--copies" run --tag x --copies 0 \
	--tests add_long
refused "--copies with a word is refused" 1 "is not a count" run --tag x \
	--copies 1,two --tests add_long

# A stop sent to aimrun alone reaches every copy: the run ends at once.
"$AIMRUN" --db "$DB" --dir "$W/scratch" --counters none -q --duration 30 \
	--runs 1 --tag stop --tests fifo_test --copies 2 2>/dev/null &
pid=$!
sleep 1
kill -TERM "$pid"
i=0
while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 100 ]; do
	sleep 0.1; i=$((i + 1))
done
t "SIGTERM to aimrun stops 2 copies of a 30 s run" sh -c "! kill -0 $pid"
wait "$pid"; rc=$?
t "... with the signal's exit status" test "$rc" -eq 143
t "... leaving no scratch directory" test -z "$(ls "$W/scratch")"
t "... and no result of the stopped copies" test "$(q "SELECT count(*)
	FROM result AS r JOIN run AS u ON u.id = r.run_id
	WHERE u.tag = 'stop'")" -eq 0

# aimcmp: like with like.
run --tag one --tests add_long || echo "Bail out! aimrun failed"
run --tag two --tests add_long --copies 2 || echo "Bail out! aimrun failed"
refused "aimcmp refuses 1 copy against 2 as the same test" 1 \
	"different copy counts are not the same test" \
	"$AIMCMP" --db "$DB" one two
t "--copies 1:2 compares them when asked" sh -c "\"$AIMCMP\" --db '$DB' \
	--copies 1:2 one two | grep -q '^ *3  *add_long x1:2 '"
t "a sweep against one count compares the common count" sh -c "
	\"$AIMCMP\" --db '$DB' sweep two >'$W/cmp' &&
	grep -q '^ *3  *add_long x2  *[0-9.]*  *[0-9.]* ' '$W/cmp' &&
	grep -q '^ *3  *add_long  *[0-9.]*  *missing ' '$W/cmp'"
t "--tests NAME keeps its rows of every count" sh -c "
	\"$AIMCMP\" --db '$DB' --tests add_long sweep two >'$W/cmp' &&
	grep -q '^ *3  *add_long x2 ' '$W/cmp' &&
	! grep -q 'page_test' '$W/cmp'"
refused "--copies takes no zero" 1 "--copies" "$AIMCMP" --db "$DB" \
	--copies 0:2 one two
t "--scaling prints a row per copy count" sh -c "
	\"$AIMCMP\" --db '$DB' --scaling sweep >'$W/sc' &&
	grep -q '^ *3 add_long  *1  *[0-9.]*  *[0-9.]*  *-  *-  *-  *1.00x  *100.0%$' '$W/sc' &&
	grep -q '^ *3 add_long  *2  *[0-9.]*  *[0-9.]*  *[0-9.]*  *[0-9.]*  *[0-9.]*  *[0-9.]*x  *[0-9.]*%$' '$W/sc' &&
	test \"\$(grep -c '^ *[0-9]* [a-z_]*  *[12] ' '$W/sc')\" -eq 6"
t "... the rate per copy is the total over the count" sh -c "
	awk '\$2 == \"add_long\" && \$3 == 2 {
		d = \$4 / 2 - \$5; exit !(d < 0.01 && d > -0.01) }' '$W/sc'"
refused "--scaling wants a tag" 1 "--scaling" "$AIMCMP" --db "$DB" --scaling
t "--scaling --format csv: a header and a record per count" sh -c "
	\"$AIMCMP\" --db '$DB' --scaling --format csv sweep >'$W/sc.csv' &&
	test \"\$(grep -c '^sweep,[0-9]*,[a-z_]*,[^,]*,[12],' '$W/sc.csv')\" -eq 6 &&
	head -n 1 '$W/sc.csv' | grep -q '^tag,number,test,units,copies,'"
t "--scaling --format json: a row per count" test "$("$AIMCMP" --db "$DB" \
	--scaling --format json sweep | grep -c '"copies": [12],')" -eq 6
t "--scaling --format markdown: a row per count" test "$("$AIMCMP" \
	--db "$DB" --scaling --format markdown sweep | grep -c '^| [0-9]* | ')" -eq 6
refused "--scaling --format html is refused" 1 "--scaling" "$AIMCMP" \
	--db "$DB" --scaling --format html sweep

# aimplot --scaling: the script, strings single-quoted.
"$AIMRUN" --db "$DB" --dir "$W/scratch" --counters none -q --duration 0.01 \
	--runs 1 --tag "it's" --tests add_long --scale 1,2 ||
	echo "Bail out! aimrun failed"
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$DB" --scaling -o "$W/p.png" \
	-s "$W/p.gp" sweep "it's" 2>/dev/null
t "aimplot --scaling writes a panel per test" test "$(grep -c '^set title' \
	"$W/p.gp")" -eq 3
t "... a line per tag, total and per copy" sh -c "grep -q \"^plot \\\$scale1_1 using 1:4:2:6 with yerrorlines .* title 'sweep', \" '$W/p.gp' &&
	grep -q \"\\\$scale1_2 using 1:(\\\$4/\\\$1):(\\\$2/\\\$1):(\\\$6/\\\$1) with yerrorlines .* title 'it''s' . ' per copy'\" '$W/p.gp'"
t "... each count of each tag a data line" test "$(sed -n '/^\$scale1_1 << EOD/,/^EOD/p' \
	"$W/p.gp" | grep -c '^[12] ')" -eq 2
t "... copies on a log axis" grep -q '^set logscale x 2$' "$W/p.gp"
t "... rates with SI prefixes (12M, not 1.2e+07), in every panel" test \
	"$(grep -c '^set format y "%\.[0-6]s%c"$' "$W/p.gp")" -eq 3
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$DB" -o "$W/v.png" -s "$W/v.gp" \
	one two 2>/dev/null
t "the plot across tags draws one copy only" test "$(sed -n \
	'/^\$panel1 << EOD/,/^EOD/p' "$W/v.gp" | grep -c '^[0-9]')" -eq 1
refused "aimplot --scaling wants a tag" 1 "--scaling" "$AIMPLOT" --db "$DB" \
	--scaling -o "$W/q.png"
# Per-call histograms of copies cross the watcher's pipe by value and
# are merged: a sample's buckets hold the calls of every copy.
run --tag lat --tests add_long --copies 2 --latency 2>"$W/lat.err"
t "--latency with --copies 2 exits 0" test $? -eq 0
t "... without a memory error" sh -c "! grep -qi 'free\|corrupt\|sanitizer' '$W/lat.err'"
t "... and each sample's buckets hold the calls of both copies" test "$(q "
	SELECT count(*) FROM sample s JOIN result r ON r.id = s.result_id
	JOIN run u ON u.id = r.run_id WHERE u.tag = 'lat' AND s.seq > 0
	AND r.copies = 2 AND s.calls = (SELECT sum(m.value) FROM sample_metric m
	WHERE m.result_id = s.result_id AND m.seq = s.seq
	AND m.metric = 'lat_ns')")" -ge 1
echo "1..$n"
exit $((fails > 0))

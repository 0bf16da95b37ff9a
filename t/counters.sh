#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun --counters on the running kernel: every sample of a classic run
# holds the software counts, page_test faults its 100 x 16 fresh pages
# per call and add_long none, the children of fork_test and exec_test
# count (inherit), what the machine lacks is said once, bad lists are
# refused, and the counts go through the CSV and JSON exports and back.
set -u
S=${AIM_SRCDIR:-.}
NAME=counters
. "$S/t/robust-lib.sh"
q() { sqlite3 "$1" "$2"; }
DB="$W/c.db"

# Not -q: what cannot be counted is said only without it.
"$AIMRUN" --counters default --tag c --dir "$W/scratch" --db "$DB" \
	--tests page_test,add_long,fork_test,exec_test --duration 0.05 \
	--runs 1 >/dev/null 2>"$W/err"
rc=$?
if grep -q 'not supported: task-clock' "$W/err"; then
	skip "perf_event_open is refused here: $(head -n 1 "$W/err")"
	echo "1..$n"
	exit 0
fi
t "a run with counters exits 0" test "$rc" -eq 0
t "stderr holds only what cannot be counted" sh -c \
	"! grep -v '^aimrun: counters: not supported: [a-z:, -]*: ' '$W/err'"
t "each event named at most once" sh -c "sed 's/.*supported: //; s/: .*//' \
	'$W/err' | tr ',' '\n' | tr -d ' ' | sort | uniq -d | grep -q . && exit 1
	exit 0"
t "every sample holds task-clock, context switches, migrations, faults" \
	test "$(q "$DB" "SELECT count(*) FROM sample s WHERE seq > 0 AND
	(SELECT count(*) FROM sample_metric m WHERE m.result_id = s.result_id
	AND m.seq = s.seq AND m.metric IN ('task_clock_ns', 'context_switches',
	'cpu_migrations', 'page_faults')) = 4")" -eq \
	"$(q "$DB" "SELECT count(*) FROM sample WHERE seq > 0")"
t "(four tests measured)" test "$(q "$DB" "SELECT count(*) FROM result
	WHERE status = 'ok'")" -eq 4
# Page faults per call of TEST, rounded.
per_call() { q "$DB" "SELECT CAST(sum(m.value) * 1.0 / (SELECT sum(calls)
	FROM sample s JOIN result r2 ON r2.id = s.result_id WHERE r2.test = '$1'
	AND s.seq > 0) AS INTEGER) FROM sample_metric m JOIN result r
	ON r.id = m.result_id WHERE r.test = '$1' AND m.seq > 0
	AND m.metric = 'page_faults'"; }
pt=$(per_call page_test) al=$(per_call add_long)
ft=$(per_call fork_test) et=$(per_call exec_test)
echo "# page faults per call: page_test $pt, add_long $al, fork_test $ft, exec_test $et"
t "page_test faults about 100 x 16 pages per call" \
	test "$pt" -ge 800 -a "$pt" -le 3200
t "add_long faults less than once per call" test "$al" -lt 1
# A fork_test call is 100 forks: the parent alone takes about 2 faults
# per fork (copy on write of its stack), each child some 20 more.
t "fork_test counts its children's faults" test "$ft" -ge 600
t "exec_test counts its programs' faults" test "$et" -ge 100

"$AIMRUN" -q --counters none --tag n --tests add_long -d 0.01 -r 1 \
	--db "$DB" --dir "$W/scratch" 2>"$W/err.none"
t "--counters none counts nothing and says nothing" sh -c "test ! -s \
	'$W/err.none' && test \"\$(sqlite3 '$DB' \"SELECT count(*) FROM
	sample_metric m JOIN result r ON r.id = m.result_id JOIN run
	ON run.id = r.run_id WHERE run.tag = 'n' AND m.metric NOT IN
	('vol_cs', 'invol_cs', 'run_delay_ns', 'steal_ns')\")\" -eq 0"
"$AIMRUN" -q --counters page-faults --tag p --tests add_long -d 0.01 -r 1 \
	--db "$DB" --dir "$W/scratch" 2>/dev/null
t "a list counts only what it names" test "$(q "$DB" "SELECT
	group_concat(DISTINCT m.metric) FROM sample_metric m JOIN result r
	ON r.id = m.result_id JOIN run ON run.id = r.run_id WHERE run.tag = 'p'
	AND m.metric NOT IN ('vol_cs', 'invol_cs', 'run_delay_ns',
	'steal_ns')")" = page_faults
refused "an unknown event is refused, the valid ones listed" 1 \
	"--counters: an unknown event; valid: default, none, task-clock," \
	"$AIMRUN" --counters 'cycles,tlb-misses' --tests add_long --db "$DB"
refused "so is one in \$AIM_COUNTERS" 1 "\$AIM_COUNTERS: an unknown event" \
	env AIM_COUNTERS=nonsense "$AIMRUN" --tests add_long --db "$DB"

# The exports carry every counter of every sample, and imports read them.
per_sample() { q "$1" "SELECT r.test, s.seq, m.metric, m.value FROM
	sample_metric m JOIN sample s ON s.result_id = m.result_id AND
	s.seq = m.seq JOIN result r ON r.id = s.result_id JOIN run
	ON run.id = r.run_id WHERE run.tag = 'c' ORDER BY 1, 2, 3"; }
per_sample "$DB" >"$W/before"
"$AIMDB" --db "$DB" export -o "$W/c.csv" c
"$AIMDB" --db "$DB" export -f json -o "$W/c.json" c
t "the CSV export holds the counters" grep -q 'page_faults=[0-9]' "$W/c.csv"
t "CSV: imported back" "$AIMDB" --db "$W/csv.db" import -t c "$W/c.csv"
t "JSON: imported back" "$AIMDB" --db "$W/json.db" import "$W/c.json"
t "CSV: every counter of every sample came back" sh -c \
	"grep -q task_clock_ns '$W/before' && test \"\$1\" = \"\$(cat '$W/before')\"" \
	sh "$(per_sample "$W/csv.db")"
t "JSON: every counter of every sample came back" sh -c \
	"test \"\$1\" = \"\$(cat '$W/before')\"" sh "$(per_sample "$W/json.db")"
echo "1..$n"
exit $((fails > 0))

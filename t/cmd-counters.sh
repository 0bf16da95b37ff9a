#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun --cmd counts the perf events of every run, opened on the held
# child before it execs and inherited by what it starts: a command that
# starts eight programs faults far more than one that starts none; the
# block names the counters as perf does, and the run records them.
set -u
S=${AIM_SRCDIR:-.}
NAME=cmd-counters
. "$S/t/robust-lib.sh"
q() { sqlite3 "$1" "$2"; }
DB="$W/c.db"
cmd() {	# cmd TAG PROGRAM...: three runs counting task-clock and page faults
	tag=$1; shift
	"$AIMRUN" --tag "$tag" --runs 3 --counters task-clock,page-faults \
		--cmd prog --db "$DB" -- "$@" >"$W/$tag.out" 2>"$W/$tag.err"
}
faults() { q "$DB" "SELECT CAST(avg(m.value) AS INTEGER) FROM sample_metric m
	JOIN result r ON r.id = m.result_id JOIN run u ON u.id = r.run_id
	WHERE u.tag = '$1' AND m.metric = 'page_faults'"; }
cmd one /bin/true
if grep -q 'not supported: task-clock' "$W/one.err"; then
	skip "perf_event_open is refused here: $(head -n 1 "$W/one.err")"
	echo "1..$n"
	exit 0
fi
t "a counted command runs" test -s "$W/one.out"
t "the block names task-clock as perf does" \
	grep -q ' msec task-clock  *# *[0-9.]* CPUs utilized' "$W/one.out"
t "... and page-faults" grep -q ' page-faults  *# ' "$W/one.out"
t "every run stores both counters" test "$(q "$DB" "SELECT count(*)
	FROM sample_metric WHERE metric IN ('task_clock_ns', 'page_faults')")" \
	-eq 6
t "the run records what it counted" test "$(q "$DB" "SELECT value FROM
	run_env WHERE key = 'counters'")" = task-clock,page-faults
cmd eight /bin/sh -c '/bin/true; /bin/true; /bin/true; /bin/true;
	/bin/true; /bin/true; /bin/true; /bin/true'
t "the children of a command are counted (inherit)" \
	test "$(faults eight)" -gt "$(( $(faults one) * 3 ))"
"$AIMRUN" --tag none --runs 1 --counters none --cmd prog --db "$DB" \
	-- /bin/true >"$W/none.out" 2>&1
t "--counters none counts nothing" test "$(q "$DB" "SELECT count(*)
	FROM sample_metric m JOIN result r ON r.id = m.result_id JOIN run u
	ON u.id = r.run_id WHERE u.tag = 'none' AND m.metric IN
	('task_clock_ns', 'page_faults')")" -eq 0
refused "--cpu with --cmd" 1 "--cpu, --check, --copies and --scale are for tests" \
	"$AIMRUN" --tag x --cpu 0 --cmd prog --db "$DB" -- /bin/true
echo "1..$n"
exit $((fails > 0))

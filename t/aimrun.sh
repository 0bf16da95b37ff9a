#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun end to end: all 60 classic tests for a tiny period, the table on
# stdout, the database contents, bad input, and an interrupted run.
set -u
B=${AIM_BUILDDIR:-.}
S=${AIM_SRCDIR:-.}
AIMRUN="$B/harness/aimrun"
W=$(mktemp -d "${TMPDIR:-/tmp}/aimrun-t.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
mkdir "$W/scratch"
n=0
fails=0
t() {	# t DESCRIPTION COMMAND...: one TAP assertion
	d=$1; shift
	n=$((n + 1))
	if "$@" >/dev/null 2>&1; then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"; fails=$((fails + 1))
	fi
}
q() { sqlite3 "$W/a.db" "$1"; }

echo "1..32"
"$AIMRUN" --tag smoke --duration 0.02 --runs 1 --filesize 64K \
	--counters default --db "$W/a.db" --dir "$W/scratch" >"$W/out" 2>"$W/err"
rc=$?
t "aimrun over all 60 tests exits 0" test "$rc" -eq 0
# Besides the one line of the events this machine cannot count.
t "stderr only names failures, one line each" sh -c "! grep -v ': \(skip\|fail\|timeout\|crash\): \|^aimrun: counters: not supported: ' '$W/err'"
awk 'NR > 1 { print $2 }' "$S/t/data/aim9-tests.tsv" >"$W/names"
awk '/^ *[0-9]+ [^ ]+ / { print $2 }' "$W/out" >"$W/got"
t "60 rows in classic order" cmp "$W/names" "$W/got"
awk -F '\t' 'NR > 1 { print $1 " " $2 " " $4 }' "$S/t/data/aim9-tests.tsv" >"$W/ref"
# Recompose every finished row from its fields with the classic conversions.
awk '/^ *[0-9]+ [^ ]+ +[0-9.]+ +[0-9]+ / {
	u = $7; for (i = 8; i <= NF; i++) u = u " " $i
	line = sprintf("%6d %-14s %10.2f %10d %10.5f %15.2f %s", $1, $2, $3, $4, $5, $6, u)
	if (line != $0) { print "layout: " $0; bad = 1 }
} END { exit bad }' "$W/out" >"$W/layout"
t "every row has the classic layout" test ! -s "$W/layout"
awk '/^ *[0-9]+ [^ ]+ +[0-9.]+ +[0-9]+ / { u = $7; for (i = 8; i <= NF; i++) u = u " " $i; print $1 " " $2 " " u }' "$W/out" >"$W/units"
t "units of every row match the reference" sh -c "grep -vxF -f '$W/ref' '$W/units' | (! grep .)"
t "header has the 108-dash rule" grep -qx -- "$(printf '%108s' '' | tr ' ' -)" "$W/out"
t "run stored as complete" test "$(q "SELECT status FROM run WHERE tag='smoke'")" = complete
t "60 results stored" test "$(q "SELECT count(*) FROM result")" -eq 60
t "each result is ok or skip" test "$(q "SELECT count(*) FROM result WHERE status NOT IN ('ok','skip')")" -eq 0
t "every skip names its reason" test "$(q "SELECT count(*) FROM result WHERE status='skip' AND coalesce(reason,'')=''")" -eq 0
t "every ok result has samples" test "$(q "SELECT count(*) FROM result r WHERE status='ok' AND NOT EXISTS (SELECT 1 FROM sample s WHERE s.result_id=r.id)")" -eq 0
t "samples have calls and time" test "$(q "SELECT count(*) FROM sample WHERE calls<=0 OR elapsed_ns<=0")" -eq 0
t "environment stored" test "$(q "SELECT value FROM run_env WHERE key='uname.release'")" = "$(uname -r)"
t "scratch directory left empty" test -z "$(ls -A "$W/scratch")"
t "most tests ran (at least 50 ok)" test "$(q "SELECT count(*) FROM result WHERE status='ok'")" -ge 50

# Repetitions run in rounds: every test once, then every test again.
"$AIMRUN" --tag rounds --tests add_int,fork_test --duration 0.01 --runs 2 \
	--db "$W/a.db" --dir "$W/scratch" >/dev/null 2>&1
t "runs go in rounds across the tests" test "$(q "SELECT group_concat(test || rep, ' ') FROM (SELECT r.test, r.rep FROM result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'rounds' ORDER BY r.id)")" = "add_int1 fork_test1 add_int2 fork_test2"

# Bad input: one line on stderr, exit status 1 or 2, database unchanged.
cp "$W/a.db" "$W/before.db"
"$AIMRUN" --tests add_long,nope --db "$W/a.db" >/dev/null 2>"$W/e1"; rc=$?
t "unknown test: exit 1" test "$rc" -eq 1
t "unknown test: one line naming it" sh -c "test \$(wc -l <'$W/e1') -eq 1 && grep -q \"unknown test 'nope'\" '$W/e1'"
"$AIMRUN" --tests fork --db "$W/a.db" >/dev/null 2>"$W/e1"
t "a near miss: did you mean" grep -qx \
	"aimrun: --tests: unknown test 'fork' (did you mean fork_test?)" "$W/e1"
"$AIMRUN" --suite nosuch --db "$W/a.db" >/dev/null 2>"$W/e1"; rc=$?
t "unknown suite: exit 1, the suites named" sh -c "test $rc -eq 1 &&
	grep -qx 'aimrun: --suite nosuch: no such suite in .*/suite (suites: .*aim9.*)' '$W/e1'"
"$AIMRUN" --suite aim8 --db "$W/a.db" >/dev/null 2>"$W/e1"
t "a suite near the name: did you mean" grep -qx \
	"aimrun: --suite aim8: no such suite in .*/suite (did you mean aim9?)" "$W/e1"
"$AIMRUN" --suite "$W/nosuch.suite" --db "$W/a.db" >/dev/null 2>"$W/e1"
t "a suite file: the file's error" grep -q "nosuch.suite: No such file" "$W/e1"
printf 'add_long\nbogus line here\n' >"$W/bad.suite"
"$AIMRUN" --suite "$W/bad.suite" --db "$W/a.db" >/dev/null 2>"$W/e2"; rc=$?
t "malformed suite: exit 1 with file:line" sh -c "test $rc -eq 1 && grep -q 'bad.suite:2:' '$W/e2'"
"$AIMRUN" --tests add_long --duration -1 --db "$W/a.db" >/dev/null 2>&1; rc=$?
t "negative duration: exit 1" test "$rc" -eq 1
"$AIMRUN" --tests add_long --runs 0 --db "$W/a.db" >/dev/null 2>&1; rc=$?
t "zero runs: exit 1" test "$rc" -eq 1
"$AIMRUN" --tests add_long --duration 0.01 --runs 1 --db "$W" >/dev/null 2>"$W/e3"; rc=$?
t "database path is a directory: exit 2" test "$rc" -eq 2
"$AIMRUN" --tests creat-clo --duration 0.01 --runs 1 --db "$W/a.db" --dir "$W/nonexistent" >/dev/null 2>"$W/e4"; rc=$?
t "missing scratch parent: exit 2 naming it" sh -c "test $rc -eq 2 && grep -q nonexistent '$W/e4'"
t "database unchanged by refused runs" test "$(q "SELECT count(*) FROM run")" -eq 2

# Interrupted run: finished results stay, the run is marked incomplete.
# The interrupt comes once the first test is stored (polled, however slow
# the machine), while the second of 1 s runs.
"$AIMRUN" --tag intr --tests add_long,add_int,add_short --duration 1 --runs 1 \
	--db "$W/a.db" --dir "$W/scratch" >/dev/null 2>&1 &
pid=$!
i=0
while [ "$i" -lt 600 ] && [ "$(q "SELECT count(*) FROM result r JOIN run u ON u.id=r.run_id WHERE u.tag='intr' AND r.status='ok'" 2>/dev/null)" != 1 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -INT "$pid"
wait "$pid"; rc=$?
t "SIGINT: exit 130" test "$rc" -eq 130
t "SIGINT: run marked incomplete" test "$(q "SELECT status FROM run WHERE tag='intr'")" = incomplete
t "SIGINT: the finished test is kept" test "$(q "SELECT count(*) FROM result r JOIN run u ON u.id=r.run_id WHERE u.tag='intr' AND r.status='ok'")" -ge 1
t "SIGINT: scratch directory left empty" test -z "$(ls -A "$W/scratch")"
exit $((fails > 0))

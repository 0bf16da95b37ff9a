#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The kernel's monitors and log.  For real: page_test read around its
# warm-up and samples stores the changes of /proc/vmstat, its page faults and page
# allocations per call (1,600 of each by its design), which aimcmp
# --monitors names shows.  With fakes: monitors planted in the database
# (page faults and allocations per call doubled on NEW, the timer
# interrupts per call the same) are what aimcmp --monitors picks, in
# every format that shows counters; a name no reading makes is not
# shown.  A timed command's count its warm-up runs.  A kernel warning a timed command writes into a made-up log
# below $AIM_CHECK_ROOT is stored with the result, said by aimrun and
# aimcmp in one line each and listed by the HTML report, its hostile
# text escaped everywhere; a log that cannot be read is said so.  aimdb
# merge carries both.
set -u
S=${AIM_SRCDIR:-.}
NAME=monitors
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
DB=$(db_first m.db)
EMPTY="$W/empty"
mkdir "$EMPTY"
run() {	# run TAG ROOT [ARGS]: page_test 4 times, the root below ROOT
	tag=$1 root=$2; shift 2
	AIM_CHECK_ROOT=$root "$AIMRUN" --tag "$tag" --tests page_test \
		--duration 0.05 --runs 4 --counters none -q --db "$DB" \
		--dir "$W/scratch" "$@" 2>"$W/$tag.err"
}

# For real: the running kernel's /proc.
if [ -r /proc/vmstat ]; then
	AIM_CHECK_ROOT= run real1 "" && AIM_CHECK_ROOT= run real2 "" ||
		echo "Bail out! aimrun failed"
	t "the run says which monitors it read" test "$(db_val "$DB" "SELECT
		value FROM run_env e JOIN run u ON u.id = e.run_id WHERE
		u.tag = 'real1' AND e.key = 'monitors'" | cut -d, -f1)" = vmstat
	t "every result stores its page faults, more than 1,600 a call" \
		test "$(db_val "$DB" "SELECT count(*) FROM result r JOIN run u
		ON u.id = r.run_id JOIN result_monitor m ON m.result_id = r.id
		WHERE u.tag = 'real1' AND m.source = 'vmstat' AND m.name =
		'pgfault' AND m.value >= 1600 * (r.warmup_calls + (SELECT
		sum(calls) FROM sample s WHERE s.result_id = r.id))")" -eq 4
	"$AIMCMP" --db "$DB" --force \
		--monitors='vmstat.pgfault,vmstat.pgalloc_*' real1 real2 \
		>"$W/real.txt" 2>&1
	t "aimcmp --monitors shows page_test's page faults per call" \
		grep -q '^ *vmstat\.pgfault  *[0-9][0-9.]*  *[0-9]' "$W/real.txt"
	t "... and its page allocations" \
		grep -q '^ *vmstat\.pgalloc_[a-z]*  *[0-9]' "$W/real.txt"
	# One reading for the machine: the first copy's, the first thread's,
	# a timed command's around each run.
	AIM_CHECK_ROOT= "$AIMRUN" --tag copies --tests page_test --copies 2 \
		--duration 0.05 --runs 1 --counters none -q --db "$DB" \
		--dir "$W/scratch" 2>/dev/null
	# add_long faults nothing itself, and a quiet machine may fault
	# nothing else during the first thread's 0.05 s (seen once in CI):
	# a loop of execs beside it makes sure the machine does.
	( while :; do /bin/true; done ) &
	faulter=$!
	AIM_CHECK_ROOT= "$AIMRUN" --tag threads --tests add_long --copies 2 \
		--threads --duration 0.05 --runs 1 --counters none -q \
		--db "$DB" --dir "$W/scratch" 2>/dev/null
	kill "$faulter"
	wait "$faulter" 2>/dev/null
	AIM_CHECK_ROOT= "$AIMRUN" --tag command --runs 2 --db "$DB" -q \
		--cmd true -- /bin/true 2>/dev/null
	for tag in copies threads command; do
		t "$tag: the result stores the machine's page faults" test \
			"$(db_val "$DB" "SELECT count(*) FROM result_monitor m
			JOIN result r ON r.id = m.result_id JOIN run u
			ON u.id = r.run_id WHERE u.tag = '$tag' AND
			m.source = 'vmstat' AND m.name = 'pgfault' AND
			m.value > 0")" -eq 1
	done
else
	skip "no /proc/vmstat to read here"
fi

# A timed command counts its warm-ups, as a test process its warm-up: each
# run adds a page fault to a made-up /proc/vmstat.
FAKE="$W/fake"
mkdir -p "$FAKE/proc"
printf 'pgfault 0\n' >"$FAKE/proc/vmstat"
AIM_CHECK_ROOT=$FAKE "$AIMRUN" --tag counted --runs 2 --warmup 1 --db "$DB" \
	-q --cmd fault -- /bin/sh -c 'f=$AIM_CHECK_ROOT/proc/vmstat
	n=$(sed -n "s/^pgfault //p" "$f")
	printf "pgfault %d\n" $((n + 1)) >"$f.new" && mv "$f.new" "$f"' \
	>/dev/null 2>&1 || echo "Bail out! aimrun --cmd failed"
t "a timed command's monitors: its runs' and its warm-up's" test "$(db_val \
	"$DB" "SELECT m.value || ' ' || r.warmup_calls FROM result_monitor m
	JOIN result r ON r.id = m.result_id JOIN run u ON u.id = r.run_id
	WHERE u.tag = 'counted' AND m.name = 'pgfault'")" = "3 1"

# Fakes: no monitor read (an empty root), then planted ones.
run old "$EMPTY" && run new "$EMPTY" || echo "Bail out! aimrun failed"
t "a root without /proc: none read" test "$(db_val "$DB" "SELECT count(*)
	FROM run_env e JOIN run u ON u.id = e.run_id WHERE u.tag = 'old'
	AND e.key = 'monitors' AND e.value = 'none'")" -eq 1
t "... and nothing stored" test "$(db_val "$DB" "SELECT count(*) FROM
	result_monitor m JOIN result r ON r.id = m.result_id JOIN run u
	ON u.id = r.run_id WHERE u.tag IN ('old', 'new')")" -eq 0
"$AIMCMP" --db "$DB" --monitors old new >"$W/none.txt" 2>&1
t "aimcmp --monitors says a side holds none" \
	grep -q 'warning: --monitors: old holds no monitors' "$W/none.txt"
# Each process's calls: its warm-up and samples.
CALLS="(COALESCE(r.warmup_calls, 0) + (SELECT sum(calls) FROM sample s
	WHERE s.result_id = r.id))"
NEW="(SELECT u.tag = 'new' FROM run u WHERE u.id = r.run_id)"
db_sql "$DB" "UPDATE run_env SET value = 'vmstat,interrupts'
	WHERE key = 'monitors' AND run_id IN (SELECT id FROM run
	WHERE tag IN ('old', 'new'));
INSERT INTO result_monitor (result_id, source, name, value)
	SELECT r.id, 'vmstat', 'pgfault', CASE WHEN $NEW THEN 3200 ELSE 1600
	END * $CALLS + r.rep % 2 FROM result r JOIN run u ON u.id = r.run_id
	WHERE u.tag IN ('old', 'new');
INSERT INTO result_monitor (result_id, source, name, value)
	SELECT r.id, 'vmstat', 'pgalloc_normal', CASE WHEN $NEW THEN 3300
	ELSE 1650 END * $CALLS + r.rep % 2 FROM result r JOIN run u
	ON u.id = r.run_id WHERE u.tag IN ('old', 'new');
INSERT INTO result_monitor (result_id, source, name, value)
	SELECT r.id, 'interrupts', 'LOC', 2 * $CALLS + r.rep % 2 FROM result r
	JOIN run u ON u.id = r.run_id WHERE u.tag IN ('old', 'new');
INSERT INTO result_monitor (result_id, source, name, value)
	SELECT r.id, 'vmstat', 'evil<b>x', 9 * $CALLS FROM result r
	JOIN run u ON u.id = r.run_id WHERE u.tag = 'new'" ||
	echo "Bail out! cannot plant the monitors"
"$AIMCMP" --db "$DB" --monitors old new >"$W/txt" 2>&1
t "aimcmp --monitors shows page_test's page faults per call" \
	grep -q '^ *vmstat\.pgfault  *1600  *3200 ' "$W/txt"
t "... and its page allocations per call" \
	grep -q '^ *vmstat\.pgalloc_normal  *1650  *3300 ' "$W/txt"
t "... judged regressed (more of a cost per call)" \
	grep -q '^ *vmstat\.pgfault .* R ' "$W/txt"
t "... in its units" grep -q 'vmstat\.pgfault.*count/call' "$W/txt"
t "the timer's interrupts per call did not change: not shown" \
	sh -c "! grep -q 'interrupts\.LOC' '$W/txt'"
t "a stored name no reading makes is never shown" \
	sh -c "! grep -q 'evil' '$W/txt'"
"$AIMCMP" --db "$DB" --monitors='interrupts.*' old new >"$W/named.txt" 2>&1
t "--monitors=PATTERN shows what it names, changed or not" \
	grep -q '^ *interrupts\.LOC  *2[.0-9]*  *2[.0-9]* ' "$W/named.txt"
t "... and nothing else" sh -c "! grep -q 'vmstat' '$W/named.txt'"
for f in lines csv json markdown html; do
	"$AIMCMP" --db "$DB" --monitors -f "$f" old new >"$W/out.$f" 2>/dev/null
	t "--format $f shows vmstat.pgfault" grep -q 'vmstat\.pgfault' "$W/out.$f"
done
t "json: named as a monitor" grep -q '"monitor": true' "$W/out.json"
refused "--monitors with --scaling is refused" 1 "--monitors" \
	"$AIMCMP" --db "$DB" --monitors --scaling old
refused "--monitors with a format without counters is refused" 1 \
	"--monitors" "$AIMCMP" --db "$DB" --monitors -f tap old new
refused "an empty pattern is refused" 1 "empty pattern" \
	"$AIMCMP" --db "$DB" --monitors=a,,b old new

# The kernel log: a made-up one, a warning written during a run.
LOG="$W/root"
mkdir -p "$LOG/dev"
printf '4,1,10,-;an old warning, before the run\n' >"$LOG/dev/kmsg"
AIM_CHECK_ROOT=$LOG "$AIMRUN" --tag warned --runs 2 --db "$DB" --cmd inject \
	-- /bin/sh -c 'printf "4,2,2000,-;WARNING: CPU: 0 PID: 9 at mm/x.c:1 <script>\033[31mx\n6,3,3,-;an info line\n SUBSYSTEM=y\n" >>"$AIM_CHECK_ROOT/dev/kmsg"' \
	>"$W/warned.out" 2>"$W/warned.err"
t "the run read the log" test "$(db_val "$DB" "SELECT e.value FROM run_env e
	JOIN run u ON u.id = e.run_id WHERE u.tag = 'warned' AND
	e.key = 'kernel_log'")" = read
t "each warning of the run is stored with the result, the rest not" \
	test "$(db_val "$DB" "SELECT count(*) FROM kernel_log k JOIN result r
	ON r.id = k.result_id JOIN run u ON u.id = r.run_id WHERE
	u.tag = 'warned' AND k.level = 4 AND k.text LIKE 'WARNING: CPU: 0%'")" -eq 2
t "... its control character made printable" test "$(db_val "$DB" "SELECT
	count(*) FROM kernel_log WHERE text LIKE '%<script>?[31mx'")" -eq 2
t "aimrun says so in one line" sh -c "test \"\$(grep -c 'kernel log' \
	'$W/warned.err')\" -eq 1 && grep -q 'aimrun: kernel log: 2 lines of level warning or above during the run, the first in inject: WARNING: CPU: 0' '$W/warned.err'"
AIM_CHECK_ROOT=$EMPTY "$AIMRUN" --tag unread --runs 1 --db "$DB" --cmd inject \
	-- /bin/true >/dev/null 2>"$W/unread.err"
t "without a log the run says it was not read" test "$(db_val "$DB" "SELECT
	e.value FROM run_env e JOIN run u ON u.id = e.run_id WHERE
	u.tag = 'unread' AND e.key = 'kernel_log'")" = \
	"not read: No such file or directory"
t "... and aimrun says nothing of it" sh -c "! grep -q 'kernel log' '$W/unread.err'"
"$AIMCMP" --db "$DB" --force unread warned >"$W/k.txt" 2>&1
# A warning is one line, wrapped at 100 columns ("#   " continues it).
sed -e ':a' -e 'N;$!ba' -e 's/\n#   / /g' "$W/k.txt" >"$W/k.joined"
t "aimcmp says so in one line" sh -c "test \"\$(grep -c 'kernel log' \
	'$W/k.joined')\" -eq 1 && grep -q '^# warning: kernel log: lines of level warning or above during the runs: unread not read, warned 2 (inject 2); the first, of warned in inject: WARNING: CPU: 0' '$W/k.joined'"
"$AIMCMP" --db "$DB" --force -f html unread warned >"$W/k.html" 2>&1
t "the HTML report lists the lines" grep -q \
	'<td class="l klog">WARNING: CPU: 0 PID: 9 at mm/x.c:1 &lt;script&gt;?\[31mx</td>' \
	"$W/k.html"
"$AIMCMP" --db "$DB" --force -f json unread warned >"$W/k.json" 2>&1
"$AIMCMP" --db "$DB" --force -f markdown unread warned >"$W/k.md" 2>&1
t "no output holds the log's markup or an escape unescaped" sh -c "
	! grep -q '<script' '$W/k.html' && ! grep -q '[^\\\\]<script' '$W/k.md' &&
	! grep -q \"\$(printf '\\033')\" '$W/k.txt' '$W/k.html' '$W/k.json' '$W/k.md' '$W/warned.err'"
if command -v xmllint >/dev/null 2>&1; then
	t "the HTML report is well-formed" xmllint --noout "$W/k.html"
fi
# A run copied whole (aimdb merge; push is the same copy) keeps them.
COPY=$(db_new copy.db)
"$AIMDB" --db "$COPY" merge "$DB" warned >/dev/null 2>&1 &&
	"$AIMDB" --db "$COPY" merge "$DB" new >/dev/null 2>&1 ||
	echo "Bail out! aimdb merge failed"
KERNEL="SELECT (SELECT group_concat(k.level || ' ' || k.text, '|') FROM
	kernel_log k JOIN result r ON r.id = k.result_id JOIN run u
	ON u.id = r.run_id WHERE u.tag = 'warned') || ' ' || (SELECT
	sum(m.value) || ' ' || count(*) FROM result_monitor m JOIN result r
	ON r.id = m.result_id JOIN run u ON u.id = r.run_id WHERE
	u.tag = 'new' AND m.name NOT LIKE 'evil%')"
t "aimdb merge carries the kernel log and monitors of a run" test \
	"$(db_val "$COPY" "$KERNEL")" = "$(db_val "$DB" "$KERNEL")"
t "... all of them" test "$(db_val "$COPY" "SELECT count(*) FROM kernel_log")
	$(db_val "$COPY" "SELECT count(*) FROM result_monitor")" = "2
	12"
"$AIMDB" --db "$DB" rm warned >/dev/null 2>&1
"$AIMDB" --db "$DB" rm new >/dev/null 2>&1
t "aimdb rm takes the monitors and the log with the runs" test "$(db_val \
	"$DB" "SELECT (SELECT count(*) FROM kernel_log) + (SELECT count(*)
	FROM result_monitor m JOIN result r ON r.id = m.result_id JOIN run u
	ON u.id = r.run_id WHERE u.tag = 'new')")" -eq 0
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Interrupts of aimrun.  SIGINT, SIGTERM, SIGHUP (and SIGUSR1, SIGALRM,
# SIGPWR, at the end) in the middle of a test:
# the test's whole process group is killed, its scratch directory removed,
# finished results kept, the run marked incomplete, exit status 128+signal.
# SIGKILL at several moments: the database passes integrity_check, holds no
# half result, and the next aimrun, aimdb and aimcmp work, aimdb check
# listing the killed run as incomplete.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-signal
. "$S/t/robust-lib.sh"
q() { sqlite3 "$W/a.db" "$1"; }
# wait_for COMMAND...: poll every 20 ms, for at most 30 s.
wait_for() {
	i=0
	until "$@" >/dev/null 2>&1; do
		i=$((i + 1))
		[ "$i" -lt 1500 ] || return 1
		sleep 0.02
	done
}
children() { cat "/proc/$1/task/$1/children" 2>/dev/null; }
# No process is left in any of the process groups named.
groups_gone() {
	[ $# -gt 0 ] || return 1
	for g in "$@"; do
		kill -0 -- "-$g" 2>/dev/null && return 1
	done
	return 0
}
count_results() {	# TAG TEST
	q "SELECT count(*) FROM result r JOIN run u ON u.id = r.run_id
	   WHERE u.tag = '$1' AND r.test = '$2'"
}
in_disk_test() {	# TAG: add_long done, disk_wrt running in its scratch
	test "$(count_results "$1" add_long)" -eq 2 &&
		test -n "$(ls -A "$W/scratch")" && test -n "$(children "$2")"
}
half_results() {
	q "SELECT count(*) FROM result r WHERE status = 'ok' AND NOT EXISTS
	   (SELECT 1 FROM sample s WHERE s.result_id = r.id)"
}

echo "1..61"

# A stop signal while a disk test runs in its scratch directory.  The
# test process leads its group; its pid is read before the signal.
# stop_check SIG: seven assertions.
stop_check() {
	sig=$1
	case $sig in	# Linux numbers on x86 and the generic ABI (arm64)
	INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;;
	USR1) want=138 ;; ALRM) want=142 ;; PWR) want=158 ;;
	esac
	tag="stop-$sig"
	"$AIMRUN" --tag "$tag" --tests add_long,disk_wrt --duration 0.4 \
		--runs 2 --filesize 256K --db "$W/a.db" --dir "$W/scratch" \
		>"$W/out" 2>"$W/err" &
	pid=$!
	wait_for in_disk_test "$tag" "$pid"
	kids=$(children "$pid")
	kill -s "$sig" "$pid"
	wait "$pid"; rc=$?
	t "SIG$sig: exit status $want" test "$rc" -eq "$want"
	t "SIG$sig: the test's process group is gone" groups_gone $kids
	t "SIG$sig: scratch directory removed" test -z "$(ls -A "$W/scratch")"
	t "SIG$sig: finished results kept" \
		test "$(count_results "$tag" add_long)" -eq 2
	t "SIG$sig: run marked incomplete" \
		test "$(q "SELECT status FROM run WHERE tag = '$tag'")" = incomplete
	t "SIG$sig: the interrupted test stored nothing half done" \
		test "$(half_results)" -eq 0
	t "SIG$sig: one line on stderr says so" sh -c \
		"test \$(wc -l <'$W/err') -eq 1 && grep -q 'stopped by signal' '$W/err'"
}

for sig in INT TERM HUP; do
	stop_check "$sig"
done

# A reader that goes away: the table's pipe closes, the run goes on.
{ "$AIMRUN" --tag pipe --tests add_long,add_int,disk_wrt --duration 0.1 \
	--runs 2 --filesize 64K --db "$W/a.db" --dir "$W/scratch" \
	2>"$W/pipe-err"; echo $? >"$W/pipe-rc"; } | head -n 1 >/dev/null
t "closed output pipe: the run completes" \
	test "$(q "SELECT status FROM run WHERE tag = 'pipe'")" = complete
t "closed output pipe: every result stored" \
	test "$(q "SELECT count(*) FROM result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'pipe'")" -eq 6
t "closed output pipe: scratch directory removed" test -z "$(ls -A "$W/scratch")"

# SIGKILL after 1, 4 and 9 stored results: nothing can run in aimrun.
TESTS=add_long,add_int,add_short,creat-clo,fork_test,disk_rd,disk_wrt,sieve,pipe_cpy,tcp_test
for at in 1 4 9; do
	tag="kill-$at"
	"$AIMRUN" --tag "$tag" --tests "$TESTS" --duration 0.05 --runs 2 \
		--filesize 64K --db "$W/a.db" --dir "$W/scratch" -q 2>/dev/null &
	pid=$!
	wait_for sh -c "test \$(sqlite3 '$W/a.db' \"SELECT count(*) FROM result r JOIN run u ON u.id = r.run_id WHERE u.tag = '$tag'\") -ge $at"
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	t "SIGKILL once $at results are stored: integrity_check passes" \
		test "$(q "PRAGMA integrity_check")" = ok
	t "SIGKILL once $at results are stored: no half result" test "$(half_results)" -eq 0
	id=$(q "SELECT id FROM run WHERE tag = '$tag'")
	"$AIMDB" --db "$W/a.db" check >"$W/check" 2>&1; rc=$?
	t "SIGKILL once $at results are stored: aimdb check lists run $id as incomplete" \
		sh -c "test $rc -eq 0 && grep -q '^  run $id ($tag, ' '$W/check'"
done
rm -rf "$W/scratch"/aimrun.*	# the killed test's: nothing could remove it
"$AIMRUN" --tag after --tests add_long,disk_rd --duration 0.02 --runs 1 \
	--filesize 64K --db "$W/a.db" --dir "$W/scratch" -q; rc=$?
t "the next aimrun works" test "$rc" -eq 0
t "and stores a complete run" test "$(q "SELECT status FROM run WHERE tag = 'after'")" = complete
t "aimdb list works" "$AIMDB" --db "$W/a.db" list
t "aimdb show of a killed run works" "$AIMDB" --db "$W/a.db" show kill-4
t "aimcmp of a killed run works" "$AIMCMP" --db "$W/a.db" kill-4 after
t "aimdb export works" "$AIMDB" --db "$W/a.db" export -o "$W/all.csv"
# Every other signal that would end aimrun stops it as cleanly.
for sig in USR1 ALRM PWR; do
	stop_check "$sig"
done
# The lost table is said: exit 2 and one line, the results still stored.
t "closed output pipe: exit 2 with one line saying what is stored" sh -c \
	"test \"\$(cat '$W/pipe-rc')\" -eq 2 && test \$(wc -l <'$W/pipe-err') -eq 1 &&
	 grep -q 'results are stored as run' '$W/pipe-err'"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun's command line and its exit status: suite files that are no
# regular file are refused at once, --suite with --tests is refused, bad
# options get one line, a
# table that cannot be written and a run that measured nothing exit 2
# with one line saying what is stored, and a database lost mid-run is
# reported in one line.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-aimrun
. "$S/t/robust-lib.sh"
# Stop a run that blocks instead of waiting for ever.
bounded() { timeout 10 "$@"; }
DB="$W/a.db"
q() { sqlite3 "$DB" "$1"; }
# The last run's id and status.
last() { q "SELECT id || ' ' || status FROM run ORDER BY id DESC LIMIT 1"; }
run() { "$AIMRUN" --duration 0.01 --runs 1 --db "$DB" --dir "$W/scratch" -q "$@"; }

run --tag base --tests add_long || echo "Bail out! no database to work on"

# Suite files that are no regular file: refused at once, never read.
mkfifo "$W/fifo.suite"
refused "suite file that is a FIFO, without blocking" 1 "not a regular file" \
	bounded "$AIMRUN" --db "$DB" --suite "$W/fifo.suite"
refused "suite file that is a device" 1 "not a regular file" \
	bounded "$AIMRUN" --db "$DB" --suite /dev/zero
ln -s /dev/zero "$W/zero.suite"
refused "suite file that links to a device" 1 "not a regular file" \
	bounded "$AIMRUN" --db "$DB" --suite "$W/zero.suite"
head -c 1048577 /dev/zero | tr '\0' '#' >"$W/big.suite"
refused "suite file over 1 MiB" 1 "larger than 1 MiB" run --suite "$W/big.suite"
printf 'add_long\nruns 2\nduration 1\nruns 3\n' >"$W/twice.suite"
refused "suite file repeating a setting, named file:line" 1 \
	"twice.suite:4: 'runs' given twice (first on line 2)" run --suite "$W/twice.suite"
refused "--suite with --tests" 1 "--suite and --tests" \
	run --suite quick --tests add_long
refused "--tests with --suite" 1 "--suite and --tests" \
	run --tests add_long -s quick
# getopt's own messages took two lines.
refused "unknown option: one line" 1 "aimrun: unknown option '--bogus'" run --bogus
refused "unknown short option in a cluster" 1 "unknown option '-x'" run -qx
refused "option without its value" 1 "option '--tag' needs a value" run --tag
refused "value given to an option that takes none" 1 "option '--list=3' takes no value" \
	run --list=3

# A table that cannot be written: exit 2, one line saying what is stored.
"$AIMRUN" --tag full --tests add_long,add_int --duration 0.01 --runs 1 \
	--db "$DB" --dir "$W/scratch" >/dev/full 2>"$W/err"; rc=$?
set -- $(last)
t "standard output on /dev/full: exit 2" test "$rc" -eq 2
t "with one line naming it and the run stored" sh -c "test \$(wc -l <'$W/err') -eq 1 &&
	grep -qx 'aimrun: standard output: No space left on device; results are stored as run $1' '$W/err'"
t "the run is stored whole, complete" test "$2 $(q "SELECT count(*) FROM result WHERE run_id = $1 AND status = 'ok'")" = "complete 2"

# A run in which no test produced a result (both disk tests fail under
# a 256 KiB file size limit): exit 2, one line, the run incomplete.
limited() { sh -c 'ulimit -f "$0" && exec "$@"' "$@"; }
limited 512 "$AIMRUN" --tag none --tests disk_rd,disk_wrt --duration 0.01 \
	--runs 1 --filesize 1M --db "$DB" --dir "$W/scratch" -q 2>"$W/err"; rc=$?
set -- $(last)
t "no test produced a result: exit 2" test "$rc" -eq 2
t "one line says so after the tests' own lines" sh -c "test \$(wc -l <'$W/err') -eq 3 &&
	tail -n 1 '$W/err' | grep -qx 'aimrun: no test produced a result; the failures are stored as run $1, marked incomplete'"
t "the run is marked incomplete with its failures" test "$2 $(q "SELECT count(*) FROM result WHERE run_id = $1 AND status = 'fail'")" = "incomplete 2"
t "a run with a result still exits 0" run --tag some --tests add_long,disk_wrt

# The database goes away mid-run: one line, not one per failed write.
"$AIMRUN" --tag gone --tests add_long,add_int --duration 0.01 --runs 1000 \
	--db "$W/gone.db" --dir "$W/scratch" -q 2>"$W/err" &
pid=$!
i=0
until [ "$(sqlite3 "$W/gone.db" "SELECT count(*) FROM result" 2>/dev/null)" -gt 0 ] 2>/dev/null ||
      [ $i -ge 200 ]; do
	sleep 0.05; i=$((i + 1))
done
# One rename: aimrun never sees the path missing, so never creates it anew.
printf 'not a database any more\n' >"$W/text"
mv "$W/text" "$W/gone.db"
wait "$pid"; rc=$?
t "database lost mid-run: exit 2" test "$rc" -eq 2
t "with one line naming it and the run" sh -c "test \$(wc -l <'$W/err') -eq 1 &&
	grep -q 'gone.db: .*run 1' '$W/err'"
t "scratch directory left empty" test -z "$(ls -A "$W/scratch")"
# Listings and help that cannot be written are an error, not exit 0.
for opt in --list --help --version; do
	"$AIMRUN" $opt >/dev/full 2>"$W/err"; rc=$?
	t "aimrun $opt on /dev/full: exit 2 with one line" sh -c \
		"test $rc -eq 2 && test \$(wc -l <'$W/err') -eq 1"
done
# A newline in a path quoted by a message cannot forge a second line.
refused "a newline in a suite path stays on one line" 1 "suite /x?second" \
	run --suite "$(printf '/x\nsecond')"
refused "an escape sequence in a --dir path is not passed through" 2 "/q?[31m" \
	run --tests add_long --dir "$(printf '/q\033[31m')"
# File names in the suite directory are anybody's text.
mkdir "$W/suites"
touch "$W/suites/$(printf 'ev\033[31mil\nx').suite"
AIM_SUITEDIR="$W/suites" "$AIMRUN" --list >"$W/list" 2>&1
t "aimrun --list shows a hostile suite file name on one printable line" sh -c \
	"grep -qx '  ev?\\[31mil?x' '$W/list' && ! grep -q \"\$(printf '\\033')\" '$W/list'"
# Below the table, one line says where the numbers went.
"$AIMRUN" --tag where --tests add_long --duration 0.01 --runs 1 --db "$DB" \
	--dir "$W/scratch" >"$W/where" 2>&1
t "the last line names the run, the tag and the database" test \
	"$(tail -n 1 "$W/where")" = "Stored as run $(q "SELECT max(id) FROM run"), tag where, in $DB"
t "... after the table's closing rule and the noisy samples" sh -c \
	"awk '/^-+\$/ { r = NR } /^Noisy samples: / { n = NR }
	     END { exit !(r && n == r + 1) }' '$W/where'"
# The database moved away, or replaced by another file, mid-run: the run
# is in the first file, so aimrun stops in one line, makes no new file at
# the name and writes nothing to the one found there.
midrun() {	# midrun NAME: aimrun into $W/NAME, waiting for its first result
	"$AIMRUN" --tag mid --tests add_long,add_int --duration 0.01 \
		--runs 1000 --db "$W/$1" --dir "$W/scratch" -q \
		--counters none 2>"$W/err" &
	pid=$!
	i=0
	# Read only once aimrun has made the file: sqlite3 would make an
	# empty one at the name first, which aimrun then finds there.
	until { [ -s "$W/$1" ] && [ "$(sqlite3 -readonly "$W/$1" \
		"SELECT count(*) FROM result" 2>/dev/null)" -gt 0 ]; } 2>/dev/null ||
	      [ $i -ge 1200 ]; do
		sleep 0.05; i=$((i + 1))
	done
}
# why FAILS_BEFORE: after a failed check of a mid-run case, what aimrun
# said and how long its first result took, for the log.
why() {
	[ "$fails" -gt "$1" ] || return 0
	echo "# exit $rc after the first result in $((i * 50)) ms; stderr:"
	sed 's/^/#   /' "$W/err"
}
AIM_CHECK=quiet midrun moved.db
mv "$W/moved.db" "$W/elsewhere.db"
wait "$pid"; rc=$?
f0=$fails
t "database moved away mid-run: exit 2, one line saying so" sh -c \
	"test $rc -eq 2 && test \$(wc -l <'$W/err') -eq 1 &&
	grep -q 'moved.db: no longer there: moved or removed during the run' '$W/err'"
why "$f0"
t "... no new database at its name" test ! -e "$W/moved.db"
t "... the moved file holds the run" test "$(sqlite3 "$W/elsewhere.db" \
	"SELECT tag FROM run")" = mid
AIM_CHECK=quiet midrun swapped.db
cp "$W/swapped.db" "$W/copy.db"
mv "$W/copy.db" "$W/swapped.db"
n0=$(sqlite3 "$W/swapped.db" "SELECT count(*) FROM result")
wait "$pid"; rc=$?
f0=$fails
t "database replaced by a copy mid-run: exit 2, one line saying so" sh -c \
	"test $rc -eq 2 && test \$(wc -l <'$W/err') -eq 1 &&
	grep -q 'swapped.db: replaced by another file during the run' '$W/err'"
why "$f0"
t "... nothing written to the copy" test \
	"$(sqlite3 "$W/swapped.db" "SELECT count(*) FROM result")" = "$n0"
echo "1..$n"
exit $((fails > 0))

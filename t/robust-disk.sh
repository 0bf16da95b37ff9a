#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The file system says no: a read-only database or directory, an
# unwritable scratch directory, a scratch file system that fills up (a
# file size limit, and a small tmpfs when we may mount one), a database
# that cannot grow.  Writers stop with one line naming the cause and exit
# status 2, the database byte-identical or still sound; readers go on
# reading; a full scratch disk only fails the disk tests, with the reason.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-disk
. "$S/t/robust-lib.sh"
chmod 755 "$W"
mkdir "$W/bin"
chmod 1777 "$W/scratch"
# Copies anyone may run and read: the build and source trees may sit in a
# private directory such as /root (aimrun runs its tests in the
# aimrun-test beside it; the report to import is read as nobody).
for p in harness/aimrun harness/aimrun-test report/aimdb report/aimcmp; do
	cp "$B/$p" "$W/bin/" || exit 1
done
mkdir "$W/share" && cp -R "$S/suite" "$S/tests-aim/data" "$W/share/" &&
	cp "$S/t/data/report/bare.txt" "$W/share/" && chmod -R a+rX "$W/share" ||
	exit 1
REPORT=$W/share/bare.txt
# Copies outside the build tree read the installed suites unless told.
AIM_SUITEDIR="$W/share/suite" AIM_DATADIR="$W/share/data"
export AIM_SUITEDIR AIM_DATADIR
AIMRUN="$W/bin/aimrun"
AIMDB="$W/bin/aimdb"
AIMCMP="$W/bin/aimcmp"
q() { sqlite3 "$1" "$2"; }
DISK_TESTS=add_long,creat-clo,disk_rd,disk_wrt,disk_cp,sync_disk_wrt

# Root ignores file modes: drop to nobody for the read-only cases.
as_user=
if [ "$(id -u)" -eq 0 ]; then
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
	# nobody must reach the copies and the scratch directory: TMPDIR may
	# sit in a private directory.
	if command -v setpriv >/dev/null 2>&1 &&
	   $as_user "$AIMRUN" --version >/dev/null 2>&1 &&
	   $as_user mkdir "$W/scratch/probe" 2>/dev/null; then
		rmdir "$W/scratch/probe"
	else
		as_user=none
	fi
fi

"$AIMRUN" --tag base --tests add_long --duration 0.02 --runs 1 \
	--db "$W/a.db" --dir "$W/scratch" -q || echo "Bail out! no database"

if [ "$as_user" = none ]; then
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
		skip "root, and no setpriv or no path nobody may use: file modes untested"
	done
else
	# Read-only file in a read-only directory.
	mkdir "$W/ro"
	cp "$W/a.db" "$W/ro/a.db"
	chmod 444 "$W/ro/a.db"
	chmod 555 "$W/ro"
	DB="$W/ro/a.db"
	refused "aimrun on a read-only database in a read-only directory" 2 "read" \
		$as_user "$AIMRUN" --tests add_long --duration 0.01 --runs 1 \
		--db "$DB" --dir "$W/scratch"
	refused "aimdb rm on it" 2 "read" $as_user "$AIMDB" --db "$DB" rm base
	refused "aimdb import into it" 2 "read" $as_user "$AIMDB" --db "$DB" \
		import --tag x "$REPORT"
	t "aimdb list still reads it" $as_user "$AIMDB" --db "$DB" list
	t "aimdb show still reads it" $as_user "$AIMDB" --db "$DB" show base
	t "aimcmp still reads it" $as_user "$AIMCMP" --db "$DB" base base
	t "aimdb export still reads it" $as_user "$AIMDB" --db "$DB" export base
	t "and nothing was left beside it" test -z "$(ls -A "$W/ro" | grep -v '^a\.db$')"
	# The same for a database of schema version 1: readers never migrate.
	mkdir "$W/ro1"
	sqlite3 "$W/ro1/v1.db" <"$S/t/data/schema-v1.sql"
	cp "$W/ro1/v1.db" "$W/v1.orig"
	chmod 444 "$W/ro1/v1.db"
	chmod 555 "$W/ro1"
	t "a read-only version 1 database in a read-only directory: aimdb list" \
		$as_user "$AIMDB" --db "$W/ro1/v1.db" list
	t "aimcmp reads it" $as_user "$AIMCMP" --db "$W/ro1/v1.db" --force v1-run v1-imp
	t "aimdb export reads it" $as_user "$AIMDB" --db "$W/ro1/v1.db" export
	t "which stays byte-identical, alone" sh -c "cmp -s '$W/ro1/v1.db' \
		'$W/v1.orig' && test \"\$(ls -A '$W/ro1')\" = v1.db"
	# Read-only file in a directory we may write.
	mkdir "$W/rw"
	cp "$W/a.db" "$W/rw/a.db"
	chmod 444 "$W/rw/a.db"
	chmod 777 "$W/rw"
	DB="$W/rw/a.db"
	refused "aimrun on a read-only database file" 2 "read-only" \
		$as_user "$AIMRUN" --tests add_long --duration 0.01 --runs 1 \
		--db "$DB" --dir "$W/scratch"
	# A scratch parent nobody may write.
	DB="$W/a.db"
	mkdir "$W/noscratch"
	chmod 555 "$W/noscratch"
	chmod 666 "$W/a.db"
	refused "unwritable scratch directory" 2 "$W/noscratch" \
		$as_user "$AIMRUN" --tests creat-clo --duration 0.01 --runs 1 \
		--db "$DB" --dir "$W/noscratch"
	t "nothing was made in it" test -z "$(ls -A "$W/noscratch")"
fi

# A file size limit of 256 KiB (POSIX ulimit counts 512-byte blocks): the
# disk tests cannot write their 1 MiB files; the database stays small.
limited() { sh -c 'ulimit -f "$0" && exec "$@"' "$@"; }
limited 512 "$AIMRUN" --tag fsize --tests "$DISK_TESTS" --duration 0.02 \
	--runs 1 --filesize 1M --db "$W/a.db" --dir "$W/scratch" -q \
	2>"$W/err"; rc=$?
t "file size limit on scratch files: the run completes" test "$rc" -eq 0
t "the disk tests fail with the reason" test "$(q "$W/a.db" "SELECT count(*)
	FROM result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'fsize'
	AND r.status = 'fail' AND r.reason LIKE '%File too large%'")" -eq 4
t "the others (add_long, creat-clo: empty files) pass" test "$(q "$W/a.db" "SELECT count(*)
	FROM result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'fsize'
	AND r.status = 'ok'")" -eq 2
t "one line on stderr per failed test" test "$(wc -l <"$W/err")" -eq 4
t "scratch directory left empty" test -z "$(ls -A "$W/scratch")"

# A database that cannot grow at all, then one that stops growing.
limited 32 "$AIMRUN" --tag nogrow --tests add_long --duration 0.02 \
	--runs 1 --db "$W/new.db" --dir "$W/scratch" -q 2>"$W/err"; rc=$?
t "new database over the size limit: exit 2" test "$rc" -eq 2
t "with one line naming it and the cause" sh -c "test \$(wc -l <'$W/err') -eq 1 &&
	grep -q 'new.db: .*File too large' '$W/err'"
cp "$W/a.db" "$W/full.db"
blocks=$(( $(wc -c <"$W/full.db") / 512 ))
limited "$blocks" "$AIMRUN" --tag full --suite cpu --duration 0.01 --runs 3 \
	--db "$W/full.db" --dir "$W/scratch" -q 2>"$W/err"; rc=$?
t "database that stops growing mid-run: exit 2" test "$rc" -eq 2
t "with one line naming it" sh -c "test \$(wc -l <'$W/err') -eq 1 && grep -q 'full.db: ' '$W/err'"
t "the database is sound" test "$(q "$W/full.db" "PRAGMA integrity_check")" = ok
t "the run is incomplete" test "$(q "$W/full.db" "SELECT status FROM run WHERE tag = 'full'")" = incomplete
t "no half result" test "$(q "$W/full.db" "SELECT count(*) FROM result r
	WHERE status = 'ok' AND NOT EXISTS
	(SELECT 1 FROM sample s WHERE s.result_id = r.id)")" -eq 0
t "aimdb check passes" "$AIMDB" --db "$W/full.db" check

# A real full file system: a 512 KiB tmpfs in a mount namespace of our own.
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null 2>&1 &&
   unshare -m sh -c "mount -t tmpfs -o size=64k tmpfs '$W/scratch'" 2>/dev/null; then
	mkdir "$W/small"
	unshare -m sh -c '
		mount -t tmpfs -o size=512k,mode=0755 tmpfs "$1" || exit 99
		"$2" --tag tmpfs --tests "$3" --duration 0.02 --runs 1 \
			--filesize 1M --db "$4" --dir "$1" -q 2>/dev/null
		rc=$?
		ls -A "$1" >"$5"
		exit $rc' sh "$W/small" "$AIMRUN" "$DISK_TESTS" "$W/a.db" "$W/left"
	rc=$?
	t "full scratch file system: the run completes" test "$rc" -eq 0
	t "disk tests fail with 'No space left on device'" test "$(q "$W/a.db" "SELECT count(*)
		FROM result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'tmpfs'
		AND r.status = 'fail' AND r.reason LIKE '%No space left%'")" -ge 3
	t "the full file system is left empty" test ! -s "$W/left"
	unshare -m sh -c '
		mount -t tmpfs -o size=96k,mode=0755 tmpfs "$1" || exit 99
		cp "$2" "$1/a.db" || exit 98
		"$3" --tag tiny --suite cpu --duration 0.01 --runs 3 \
			--db "$1/a.db" --dir "$4" -q 2>"$5"
		rc=$?
		cp "$1/a.db" "$6"
		exit $rc' sh "$W/small" "$W/a.db" "$AIMRUN" "$W/scratch" "$W/err" "$W/tiny.db"
	rc=$?
	t "database on a full file system: exit 2" test "$rc" -eq 2
	t "with one line saying so" sh -c "test \$(wc -l <'$W/err') -eq 1 && grep -qi 'full\|space\|I/O' '$W/err'"
	t "and it is sound" test "$(q "$W/tiny.db" "PRAGMA integrity_check")" = ok
else
	for i in 1 2 3 4 5 6; do
		skip "cannot mount a small tmpfs here (needs root and mount namespaces)"
	done
fi
# A read-only mount says so, whether the database exists or not.
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null 2>&1 &&
   unshare -m sh -c "mount -t tmpfs -o size=64k tmpfs '$W/scratch'" 2>/dev/null; then
	mkdir "$W/romnt"
	unshare -m sh -c '
		mount -t tmpfs -o size=1m,mode=0755 tmpfs "$1" || exit 99
		cp "$2" "$1/a.db" && mount -o remount,ro "$1" || exit 98
		"$3" --tests add_long --duration 0.01 --runs 1 --db "$1/a.db" \
			--dir "$4" -q 2>"$5.1"; echo $? >>"$5"
		"$6" --db "$1/new.db" import --tag x "$7" 2>"$5.2"; echo $? >>"$5"
		"$6" --db "$1/a.db" rm base 2>"$5.3"; echo $? >>"$5"
		"$6" --db "$1/a.db" list >/dev/null 2>&1; echo $? >>"$5"' \
		sh "$W/romnt" "$W/a.db" "$AIMRUN" "$W/scratch" "$W/rocodes" "$AIMDB" \
		"$REPORT"
	for i in 1 2 3; do
		what=$(echo "aimrun on an existing database
aimdb import into a new database
aimdb rm" | sed -n "${i}p")
		t "read-only mount, $what: exit 2, 'Read-only file system'" sh -c "
			test \"\$(sed -n ${i}p '$W/rocodes')\" = 2 &&
			test \$(wc -l <'$W/rocodes.$i') -eq 1 &&
			grep -q 'Read-only file system' '$W/rocodes.$i'"
	done
	t "read-only mount: aimdb list still reads" test "$(sed -n 4p "$W/rocodes")" = 0
else
	for i in 1 2 3 4; do
		skip "cannot mount a read-only tmpfs here (needs root and mount namespaces)"
	done
fi
echo "1..$n"
exit $((fails > 0))

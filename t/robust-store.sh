#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The database layer never says "stored" for what it did not store: names
# SQLite reads as memory or as URIs are refused, damaged or incomplete
# databases are never written to, commands that edit runs never create a
# database, the exit status of aimdb's writers matches what was committed,
# the same file is not imported twice by mistake, and a database of the
# previous schema version migrates forward with its data.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-store
. "$S/t/robust-lib.sh"
q() { sqlite3 "$1" "$2"; }
BARE="$S/t/data/report/bare.txt"
run1() {	# run1 DB TAG: one tiny aimrun
	"$AIMRUN" --tag "$2" --tests add_int --duration 0.01 --runs 1 \
		--db "$1" --dir "$W/scratch" -q
}
run1 "$W/a.db" base || echo "Bail out! no database"

# 1. Names that are not plain files, from a directory that must stay empty.
mkdir "$W/cwd"
cd "$W/cwd" || exit 1
DB="$W/none"
for name in '' ':memory:' 'file:m?mode=memory' 'file:x.db?vfs=unix-none' \
	    'file:x.db' 'FILE:x.db'; do
	refused "aimdb import --db '$name'" 1 "not a plain file path" \
		"$AIMDB" --db "$name" import --tag x "$BARE"
	refused "aimrun --db '$name', before measuring" 2 "not a plain file path" \
		"$AIMRUN" --tests add_int --duration 0.01 --runs 1 --db "$name" \
		--dir "$W/scratch"
done
t "nothing was made in the working directory" test -z "$(ls -A "$W/cwd")"
t "a relative path that only looks like a URI is a plain file" \
	"$AIMDB" --db ./file:ok.db import --tag x "$BARE"
t "and is that file" test "$(q "$W/cwd/file:ok.db" "SELECT count(*) FROM run")" -eq 1
cd "$W" || exit 1

# 2. Damaged databases are refused before the first write.
cp "$W/a.db" "$W/flip.db"
q "$W/flip.db" "WITH RECURSIVE k(i) AS (SELECT 2 UNION ALL SELECT i + 1
	FROM k WHERE i < 3000) INSERT INTO sample SELECT result_id, i, calls,
	elapsed_ns, printed_ops FROM sample, k"
# The first cell pointer of the first leaf page of sample, far from the
# pages an append touches.
page=$(q "$W/flip.db" "SELECT pageno FROM dbstat WHERE name = 'sample'
	AND pagetype = 'leaf' ORDER BY pageno LIMIT 1")
printf '\377\377' | dd of="$W/flip.db" bs=1 seek=$(( (page - 1) * 4096 + 8 )) \
	conv=notrunc 2>/dev/null
t "a few flipped bytes fail integrity_check" \
	test "$(q "$W/flip.db" "PRAGMA integrity_check" | head -n 1)" != ok
DB="$W/flip.db"
refused "aimrun does not append to it" 2 "damaged" run1 "$DB" more
refused "aimdb import does not append to it" 2 "damaged" \
	"$AIMDB" --db "$DB" import --tag x "$BARE"
refused "aimdb check says it is damaged" 2 "damaged" "$AIMDB" --db "$DB" check

cp "$W/a.db" "$W/nosample.db"
q "$W/nosample.db" "DROP VIEW sample_rate; DROP TABLE sample"
DB="$W/nosample.db"
refused "a database without its sample table: aimrun refuses it" 2 "sample" \
	run1 "$DB" more
refused "aimdb import refuses it" 2 "sample" \
	"$AIMDB" --db "$DB" import --tag x "$BARE"
"$AIMDB" --db "$DB" check >"$W/out" 2>"$W/err"; rc=$?
t "aimdb check fails on it" test "$rc" -eq 2
t "naming the missing table and view" sh -c "grep -q 'table sample' '$W/out' &&
	grep -q 'view sample_rate' '$W/out'"
cp "$W/a.db" "$W/trigger.db"
q "$W/trigger.db" "CREATE TRIGGER eat AFTER INSERT ON sample
	BEGIN DELETE FROM sample; END"
DB="$W/trigger.db"
refused "a database with a planted trigger is not written" 2 "trigger eat" \
	run1 "$DB" more
cp "$W/a.db" "$W/col.db"
q "$W/col.db" "ALTER TABLE result ADD COLUMN extra TEXT"
DB="$W/col.db"
refused "a changed column is found by aimdb check" 2 "damaged" \
	"$AIMDB" --db "$DB" check
t "a sound database passes aimdb check, schema included" sh -c \
	"\"$AIMDB\" --db '$W/a.db' check | grep -q '^schema: ok'"

# 3. Commands that edit runs never create a database.
: >"$W/empty.db"
DB="$W/empty.db"
refused "aimdb rm on an empty file" 2 "empty" "$AIMDB" --db "$DB" rm base
refused "aimdb rename on an empty file" 2 "empty" \
	"$AIMDB" --db "$DB" rename base other
t "which stays empty" test ! -s "$W/empty.db"
DB="$W/missing.db"
refused "aimdb rm on a missing file" 1 "no such database" \
	"$AIMDB" --db "$DB" rm base
t "which is not created" test ! -e "$W/missing.db"

# 4. The exit status tells the truth: a report that cannot be written
# undoes the change.
run1 "$W/b.db" one
full() {	# full DESC COMMAND...: stdout on /dev/full, exit 2, DB unchanged
	d=$1; shift
	cp "$W/b.db" "$W/before"
	"$@" >/dev/full 2>"$W/err"; rc=$?
	t "$d" sh -c "test $rc -eq 2 && test \$(wc -l <'$W/err') -eq 1 &&
		cmp -s '$W/b.db' '$W/before'"
}
full "import to /dev/full: exit 2, nothing stored" \
	"$AIMDB" --db "$W/b.db" import --tag x "$BARE"
full "rm to /dev/full: exit 2, nothing removed" "$AIMDB" --db "$W/b.db" rm one
full "rename to /dev/full: exit 2, nothing renamed" \
	"$AIMDB" --db "$W/b.db" rename one two
t "so the retry of the import stores it once" \
	"$AIMDB" --db "$W/b.db" import --tag x "$BARE"
t "(one run)" test "$(q "$W/b.db" "SELECT count(*) FROM run WHERE tag = 'x'")" -eq 1

# 5. The same content is imported once unless --again.
cp "$BARE" "$W/copy.txt"
DB="$W/b.db"
refused "importing the same file again is refused" 1 "already imported" \
	"$AIMDB" --db "$DB" import --tag y "$BARE"
refused "so is a copy under another name, naming the earlier run" 1 "as run 2 (tag x" \
	"$AIMDB" --db "$DB" import --tag y "$W/copy.txt"
t "--again imports it" "$AIMDB" --db "$DB" import --again --tag y "$W/copy.txt"
t "(one more run)" test "$(q "$DB" "SELECT count(*) FROM run")" -eq 3
t "a removed import may be imported again" sh -c "\"$AIMDB\" --db '$DB' rm x y &&
	\"$AIMDB\" --db '$DB' import --tag z '$BARE'"

# 6. A database of schema version 1 migrates with its data.
sqlite3 "$W/v1.db" <"$S/t/data/schema-v1.sql"
# The context switches of version 1 and 2 columns are sample_metric rows
# from version 3 on (t/schema-migrate.sh tests that step on its own).
# The columns of version 1; later versions add their own (t/schema-v4.sh).
dump() { q "$1" "SELECT id, tag, suite, options, started_utc, ended_utc,
	status, source, source_file, aim_version, host FROM run WHERE id <= 2
	ORDER BY id; SELECT * FROM run_env WHERE run_id <= 2 ORDER BY run_id,
	key; SELECT id, run_id, number, test, rep, status, reason, factor,
	units, finished_utc, warmup_calls, warmup_ns, source_line FROM result
	WHERE run_id <= 2 ORDER BY id;
	SELECT s.result_id, s.seq, s.calls, s.elapsed_ns, s.printed_ops
	FROM sample s JOIN result r ON r.id = s.result_id
	WHERE r.run_id <= 2 ORDER BY result_id, seq"; }
dump "$W/v1.db" >"$W/v1.before"
q "$W/v1.db" "SELECT result_id, seq, 'invol_cs', invol_cs FROM sample
	WHERE invol_cs IS NOT NULL UNION ALL SELECT result_id, seq, 'vol_cs',
	vol_cs FROM sample WHERE vol_cs IS NOT NULL ORDER BY 1, 2, 3" \
	>"$W/v1.metrics"
# It holds bare.txt's run already: the same content, so --again.
t "a version 1 database takes a new import" \
	"$AIMDB" --db "$W/v1.db" import --again --tag new "$BARE"
t "it is now version 4 or later" \
	test "$(q "$W/v1.db" "PRAGMA user_version")" -ge 4
dump "$W/v1.db" >"$W/v1.after"
t "with its old data intact" cmp -s "$W/v1.after" "$W/v1.before"
t "and its context switches" sh -c "test -s '$W/v1.metrics' &&
	sqlite3 '$W/v1.db' \"SELECT result_id, seq, metric, value FROM
	sample_metric ORDER BY 1, 2, 3\" | cmp -s - '$W/v1.metrics'"
t "and it passes aimdb check" "$AIMDB" --db "$W/v1.db" check
t "the new import's hash is stored" \
	test "$(q "$W/v1.db" "SELECT count(*) FROM run_import")" -eq 1
t "aimrun writes to it" run1 "$W/v1.db" after

# 7. Readers take a database of an older version as it is: they never
# migrate, so a read-only file (in a read-only directory) stays
# byte-identical and gives the answers of the same data at version 3.
mkdir "$W/old"
sqlite3 "$W/old/v1.db" <"$S/t/data/schema-v1.sql"
cp "$W/old/v1.db" "$W/v1.orig"
cp "$W/old/v1.db" "$W/v2.db"
"$AIMDB" --db "$W/v2.db" import --again --tag gone "$BARE" >/dev/null &&
	"$AIMDB" --db "$W/v2.db" rm gone >/dev/null ||
	echo "Bail out! cannot migrate a copy of the version 1 database"
chmod a-w "$W/old/v1.db" "$W/old"
# The uuid column of the CSV export: derived before version 4, random
# after (and any uuid-shaped value with it).
UUID_CSV='s/,[0-9a-f]\{8\}-[0-9a-f]\{4\}-[0-9a-f]\{4\}-[0-9a-f]\{4\}-[0-9a-f]\{12\},/,,/g'
same() {	# same DESC PROGRAM ARGS...: equal output on v1 and migrated
	d=$1 prog=$2; shift 2
	"$prog" --db "$W/old/v1.db" "$@" >"$W/out1.all" 2>"$W/err"; rc=$?
	# A run's identity is the one column older versions cannot give
	# (there it is derived from the run's content; after it, random).
	grep -v '^ *"uuid": ' "$W/out1.all" | sed "$UUID_CSV" >"$W/out1"
	"$prog" --db "$W/v2.db" "$@" 2>&1 | grep -v '^ *"uuid": ' |
		sed "$UUID_CSV" >"$W/out2"
	t "$d" sh -c "test $rc -eq 0 && test ! -s '$W/err' &&
		test -s '$W/out1' && cmp -s '$W/out1' '$W/out2'"
	[ "$rc" -eq 0 ] || sed 's/^/# /' "$W/err" | head -2
}
same "aimdb list reads a version 1 database" "$AIMDB" list
same "aimdb show reads it" "$AIMDB" show v1-run
same "aimdb export reads it" "$AIMDB" export
same "aimdb export -f json reads it" "$AIMDB" export -f json v1-imp
same "aimcmp reads it" "$AIMCMP" --force v1-run v1-imp
t "aimdb check finds its version 1 schema sound" \
	"$AIMDB" --db "$W/old/v1.db" check
t "the file is byte-identical and still version 1" sh -c \
	"cmp -s '$W/old/v1.db' '$W/v1.orig' &&
	test \"\$(sqlite3 '$W/old/v1.db' 'PRAGMA user_version')\" -eq 1"
t "and nothing was added next to it" test "$(ls "$W/old")" = v1.db
chmod u+w "$W/old" "$W/old/v1.db"

# 8. Writers never follow a symbolic link at the database's name, nor
# create directories through one; readers may read through a link.
mkdir "$W/ln" "$W/ln/elsewhere"
ln -s "$W/ln/target.db" "$W/ln/dangling.db"
DB="$W/ln/target.db"
refused "aimrun refuses a dangling link as --db" 2 "is a symbolic link" \
	run1 "$W/ln/dangling.db" linked
t "and creates nothing at its target" test ! -e "$W/ln/target.db"
refused "aimdb import refuses it, exit 1" 1 "is a symbolic link" \
	"$AIMDB" --db "$W/ln/dangling.db" import --tag x "$BARE"
t "creating nothing either" test ! -e "$W/ln/target.db"
cp "$W/a.db" "$W/ln/real.db"
ln -s "$W/ln/real.db" "$W/ln/good.db"
DB="$W/ln/real.db"
refused "aimrun refuses a link to a good database" 2 "is a symbolic link" \
	run1 "$W/ln/good.db" linked
refused "so does aimdb rm" 1 "is a symbolic link" \
	"$AIMDB" --db "$W/ln/good.db" rm base
t "aimdb list reads through the link" sh -c \
	"\"$AIMDB\" --db '$W/ln/good.db' list | grep -q '^base '"
ln -s "$W/ln/elsewhere" "$W/ln/dir"
DB="$W/none"
refused "no directory is created through a linked component" 2 \
	"is a symbolic link" run1 "$W/ln/dir/new/aim.db" linked
t "(none was)" test ! -e "$W/ln/elsewhere/new"
t "an existing directory reached through a link is used" \
	run1 "$W/ln/dir/here.db" linked
t "(the file is there)" test -f "$W/ln/elsewhere/here.db"
cp "$W/a.db" "$W/ln/wal.db"
ln -s "$W/ln/planted" "$W/ln/wal.db-wal"
DB="$W/ln/wal.db"
refused "a link planted at the write-ahead log is not followed" 2 "" \
	run1 "$W/ln/wal.db" linked
t "(its target was not created)" test ! -e "$W/ln/planted"

# 9. The default results/aim.db is taken only from a results/ of one's
# own that others cannot write; else the per-user default, whose
# $XDG_DATA_HOME is taken only where others cannot write on the way.
mkdir "$W/proj" "$W/proj/results" "$W/home"
dflt() {	# dflt: aimrun in $W/proj with the default database
	(cd "$W/proj" && env -u AIM_DB -u XDG_DATA_HOME HOME="$W/home" \
		"$AIMRUN" --tests add_int --duration 0.01 --runs 1 \
		--dir "$W/scratch" -q)
}
HOMEDB="$W/home/.local/share/aimkit/aim.db"
dflt >/dev/null 2>&1
t "a private results/ holds the default database" \
	sh -c "test -f '$W/proj/results/aim.db' && test ! -e '$HOMEDB'"
rm -f "$W/proj/results/aim.db"*
chmod g+w "$W/proj/results"
dflt >/dev/null 2>&1
t "a group-writable results/ is passed over" \
	sh -c "test ! -e '$W/proj/results/aim.db' && test -f '$HOMEDB'"
rm -rf "$W/home/.local" "$W/proj/results"
mkdir "$W/proj/real-results"
ln -s real-results "$W/proj/results"
dflt >/dev/null 2>&1
t "so is a results/ that is a symbolic link" \
	sh -c "test ! -e '$W/proj/real-results/aim.db' && test -f '$HOMEDB'"
rm -rf "$W/home/.local" "$W/proj/results"
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
	mkdir "$W/proj/results"
	chown nobody "$W/proj/results"
	dflt >/dev/null 2>&1
	t "and so is a results/ owned by another user" \
		sh -c "test ! -e '$W/proj/results/aim.db' && test -f '$HOMEDB'"
else
	skip "not root, or no user nobody: cannot make another user's results/"
fi
# The per-user default under $XDG_DATA_HOME by the same rule: no
# directory on its way that another user may write.
rm -rf "$W/home/.local" "$W/proj/results"
xdg() {	# xdg DIR: aimrun in $W/proj with XDG_DATA_HOME=DIR
	(cd "$W/proj" && env -u AIM_DB XDG_DATA_HOME="$1" HOME="$W/home" \
		"$AIMRUN" --tests add_int --duration 0.01 --runs 1 \
		--dir "$W/scratch" -q) >/dev/null 2>&1
}
mkdir "$W/xdg"
xdg "$W/xdg/data"
t "an XDG_DATA_HOME of one's own holds the default database" \
	sh -c "test -f '$W/xdg/data/aimkit/aim.db' && test ! -e '$HOMEDB'"
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
	mkdir -m 0777 "$W/xdg/shared"
	chown nobody "$W/xdg/shared"
	xdg "$W/xdg/shared/data"
	t "one inside another user's world-writable directory is passed over" \
		sh -c "test ! -e '$W/xdg/shared/data' && test -f '$HOMEDB'"
else
	skip "not root, or no user nobody: cannot make another user's directory"
fi
rm -rf "$W/home/.local"
mkdir -m 0777 "$W/xdg/open"
xdg "$W/xdg/open/data"
t "so is one inside a world-writable directory that is not sticky" \
	sh -c "test ! -e '$W/xdg/open/data' && test -f '$HOMEDB'"
echo "1..$n"
exit $((fails > 0))

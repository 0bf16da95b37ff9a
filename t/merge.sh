#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimdb merge OTHER.db [TAG...]: runs of another aimkit database copied with
# all they hold (every column, environment, result, sample, metric and
# content hash), none twice (by uuid), each in a transaction of its own;
# the copy compares exactly as the original, gate included.  OTHER is only
# read, and a link, the target itself, a non-database, a damaged or newer
# file is refused with one line.  Runs of a file older than uuids get one
# derived from their content, so merging such a file twice stores it once.
NAME=merge
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
# What is merged from is a file ($A, the fixtures): merge reads SQLite
# files only.  What is merged into may be a server ($AIM_TEST_DB).
. "$S/t/identity-lib.sh"
B=$(db_first b.db)
COPY=$B
cp "$A" "$W/a.orig"
everything() {	# every stored column but the row ids, in a fixed order
	db_val "$1" "SELECT u.uuid, e.key, e.value FROM run_env AS e
	JOIN run AS u ON u.id = e.run_id ORDER BY 1, 2;
	SELECT tag, suite, options, started_utc, ended_utc, status, source,
	source_file, aim_version, host, uuid FROM run ORDER BY uuid;
	SELECT u.uuid, number, test, rep, r.status, reason, factor, units,
	finished_utc, warmup_calls, warmup_ns, source_line, judged, better
	FROM result AS r JOIN run AS u ON u.id = r.run_id ORDER BY 1, 2, 3, 4;
	SELECT u.uuid, r.test, r.rep, s.seq, calls, elapsed_ns, printed_ops
	FROM sample AS s JOIN result AS r ON r.id = s.result_id
	JOIN run AS u ON u.id = r.run_id ORDER BY 1, 2, 3, 4;
	SELECT u.uuid, r.test, r.rep, m.seq, metric, bound, value
	FROM sample_metric AS m JOIN result AS r ON r.id = m.result_id
	JOIN run AS u ON u.id = r.run_id ORDER BY 1, 2, 3, 4, 5, 6;
	SELECT u.uuid, sha256 FROM run_import AS i JOIN run AS u
	ON u.id = i.run_id ORDER BY 1" |
	# A whole REAL: the sqlite3 shell prints 333500.0, psql 333500.
	awk -F'|' -v OFS='|' '{ for (i = 1; i <= NF; i++)
		if ($i ~ /^-?[0-9]+\.0$/) sub(/\.0$/, "", $i); print }'
}
"$AIMDB" --db "$B" merge "$A" >"$W/out" 2>&1
t "a merge into a new database copies every run" grep -qx \
	"6 copied, 0 already present, 0 refused" "$W/out"
t "... leaving the other file as it was" cmp -s "$A" "$W/a.orig"
everything "$A" >"$W/a.all"
everything "$B" >"$W/b.all"
t "every column, fact, result, sample, metric and hash came over" \
	cmp "$W/a.all" "$W/b.all"
t "... and there are some of each" test "$(grep -c vol_cs "$W/b.all")" -gt 0
"$AIMDB" --db "$A" export -f json -o "$W/a.json"
"$AIMDB" --db "$B" export -f json -o "$W/b.json"
t "the copy's JSON export is the original's" cmp "$W/a.json" "$W/b.json"
same "aimcmp text is the same" k1 k2
same "... as JSON" -f json k1 k2
same "... as HTML" -f html k1 k2
same "the gate is the same (bare's environment is unknown)" k1 bare
t "... and it still stops the comparison" grep -qi 'environment' "$W/copy.out"
same "the gate as JSON" -f json k1 bare
same "three tags" --force k1 k2 bare
same "verdicts of the CSV runs" v6.8 v6.9
same "... as JSON" -f json v6.8 v6.9
"$AIMDB" --db "$B" merge "$A" >"$W/out" 2>&1
t "merging again stores nothing" grep -qx \
	"0 copied, 6 already present, 0 refused" "$W/out"
everything "$B" >"$W/b.again"
t "... the copy is as it was" cmp "$W/b.all" "$W/b.again"
DB="$B"
refused "the content hashes came over: bare.txt is known" 1 \
	"already imported" "$AIMDB" --db "$B" import -t x "$D/bare.txt"
# Rows joined here: group_concat() is SQLite's, string_agg() the server's.
joined() { db_val "$1" "$2" | tr '\n' ' '; }
C=$(db_new c.db)
"$AIMDB" --db "$C" merge "$A" k2 bare >"$W/out" 2>&1
t "merging named tags copies only theirs" test \
	"$(joined "$C" "SELECT tag FROM run ORDER BY id")" = "k2 bare "
"$AIMRUN" -q --db "$C" -t k3 -T add_long -d 0.01 -r 1 >/dev/null 2>&1
"$AIMDB" --db "$C" merge "$A" >"$W/out" 2>&1
t "... and a later merge of all adds the rest" grep -qx \
	"4 copied, 2 already present, 0 refused" "$W/out"
t "a merged database merges back as nothing new" sh -c \
	"\"\$1\" --db \"\$2\" merge \"\$3\" k1 k2 bare | grep -qx '0 copied, 3 already present, 0 refused'" \
	sh "$AIMDB" "$A" "$C"

# A file of version 3, before uuids: the derived uuid is the same each time.
sqlite3 "$W/v3.db" <"$S/t/data/schema-v3.sql" ||
	echo "Bail out! cannot load the version 3 fixture"
cp "$W/v3.db" "$W/v3.orig"
DD=$(db_new d.db) E=$(db_new e.db)
t "a version 3 file merges" "$AIMDB" --db "$DD" merge "$W/v3.db"
t "... read, not migrated" cmp -s "$W/v3.db" "$W/v3.orig"
"$AIMDB" --db "$DD" merge "$W/v3.db" >"$W/out" 2>&1
t "... twice stores it once" grep -qx \
	"0 copied, 2 already present, 0 refused" "$W/out"
"$AIMDB" --db "$E" merge "$W/v3.db" >/dev/null 2>&1
t "... under the same uuids in every copy" test \
	"$(joined "$DD" "SELECT uuid FROM run ORDER BY id")" = \
	"$(joined "$E" "SELECT uuid FROM run ORDER BY id")"
t "... which are version 8 uuids" test "$(db_val "$DD" \
	"SELECT COUNT(*) FROM run WHERE substr(uuid, 15, 1) = '8'")" -eq 2
"$AIMDB" --db "$W/v3.db" export -f json -o "$W/v3.json"
t "the JSON export of that file carries the same uuids" sh -c \
	"\"\$1\" --db \"\$2\" import \"\$3\" 2>&1 | grep -q 'is already stored'" \
	sh "$AIMDB" "$DD" "$W/v3.json"
"$AIMCMP" --db "$W/v3.db" --force v3-run v3-imp >"$W/v3.cmp" 2>&1
"$AIMCMP" --db "$DD" --force v3-run v3-imp >"$W/d.cmp" 2>&1
t "... and the copy compares as the old file does" cmp "$W/v3.cmp" "$W/d.cmp"

# A run without a uuid (a file edited by hand) gets the derived one too.
cp "$A" "$W/nouuid.db"
sqlite3 "$W/nouuid.db" "UPDATE run SET uuid = NULL WHERE tag = 'k1'"
G=$(db_new g.db)
"$AIMDB" --db "$G" merge "$W/nouuid.db" k1 >/dev/null 2>&1
"$AIMDB" --db "$G" merge "$W/nouuid.db" k1 >"$W/out" 2>&1
t "a run without a uuid merges, once" grep -qx \
	"0 copied, 1 already present, 0 refused" "$W/out"

# Hostile files to merge from: one line each, the target unchanged.  The
# target itself is known by its device and inode: a file's matter, so a
# file target for those two even when the rest runs on a server.
DB=$B
if db_is_pg "$B"; then
	DB=$(db_file bf.db)
	"$AIMDB" --db "$DB" merge "$A" >/dev/null 2>&1
fi
refused "the database itself is refused" 1 "is the database merged into" \
	"$AIMDB" --db "$DB" merge "$DB"
ln "$DB" "$W/hard.db"
refused "... also by another name" 1 "is the database merged into" \
	"$AIMDB" --db "$DB" merge "$W/hard.db"
DB=$B
ln -s "$A" "$W/link.db"
refused "a symbolic link is refused" 1 "symbolic link" \
	"$AIMDB" --db "$B" merge "$W/link.db"
refused "a file that is not a database" 12 "not an SQLite database" \
	"$AIMDB" --db "$B" merge "$D/bare.txt"
refused "a missing file" 1 "no database to merge from" \
	"$AIMDB" --db "$B" merge "$W/none.db"
cp "$A" "$W/newer.db"
sqlite3 "$W/newer.db" "PRAGMA user_version = 99"
refused "a newer schema version" 12 "newer" \
	"$AIMDB" --db "$B" merge "$W/newer.db"
head -c 8192 "$A" >"$W/cut.db"
refused "a truncated file" 12 "database" \
	"$AIMDB" --db "$B" merge "$W/cut.db"
refused "a tag the other file lacks" 1 "no such tag" \
	"$AIMDB" --db "$B" merge "$A" nosuchtag
cp "$A" "$W/evil.db"
F=$(db_new f.db)
sqlite3 "$W/evil.db" "UPDATE run SET uuid = 'NOT-A-UUID' WHERE tag = 'k2'"
refused "a hostile uuid in the other file" 1 "uuid" \
	"$AIMDB" --db "$F" merge "$W/evil.db" k2
sqlite3 "$W/evil.db" "UPDATE run SET uuid = '00000000-0000-4000-8000-000000000000'
	WHERE tag = 'k2'; UPDATE run SET options = 'a' || char(27) || '[2J'
	WHERE tag = 'k2'"
refused "a control character in a run's options" 1 "options" \
	"$AIMDB" --db "$F" merge "$W/evil.db" k2
t "nothing was stored from them" test "$(db_runs "$F")" -eq 0
echo "1..$n"
exit $((fails > 0))

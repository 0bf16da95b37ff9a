#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimdb push [--to TARGET] [--incomplete] [TAG...]: the runs of --db sent
# to another database, by uuid (twice stores once), complete runs only
# unless asked, one line per run and a summary; the local database is
# only read, and a missing or bad target is one line (--jobs N too, to a
# file: t/record-move.sh sends with it to a server).
NAME=push
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
L="$W/local.db" T="$W/target.db"
for tag in k1 k2 k3; do
	"$AIMRUN" -q --db "$L" -t $tag -T add_long -d 0.01 -r 1 \
		>/dev/null 2>&1 || echo "Bail out! aimrun failed"
done
# k3 as a run cut short: what a run still being measured looks like.
sqlite3 "$L" "UPDATE run SET status = 'incomplete', ended_utc = NULL
	WHERE tag = 'k3'" || echo "Bail out! sqlite3 failed"
uuid() { sqlite3 "$1" "SELECT uuid FROM run WHERE tag = '$2'"; }
runs() { sqlite3 "$1" "SELECT COUNT(*) || ' ' || COUNT(DISTINCT uuid) FROM run"; }
cp "$L" "$W/local.orig"
"$AIMDB" --db "$L" push --to "$T" >"$W/out" 2>"$W/err"; rc=$?
t "a push exits 0" test "$rc" -eq 0
t "... one line per run, the summary last" diff - "$W/out" <<END
pushed $(uuid "$L" k1) k1
pushed $(uuid "$L" k2) k2
left out $(uuid "$L" k3) k3 (incomplete; --incomplete sends it too)
2 copied, 0 already present, 0 refused, 1 incomplete left out
END
t "... nothing on stderr" test ! -s "$W/err"
t "... the local database only read" cmp -s "$L" "$W/local.orig"
t "... the target holds the two complete runs, once each" \
	test "$(runs "$T")" = "2 2"
"$AIMDB" --db "$L" export -f json k1 k2 >"$W/l.json"
"$AIMDB" --db "$T" export -f json >"$W/t.json"
t "... whole: the target's export is the local one's" cmp "$W/l.json" "$W/t.json"
"$AIMDB" --db "$L" push --to "$T" k1 k2 >"$W/out" 2>&1; rc=$?
t "pushing again exits 0" test "$rc" -eq 0
t "... and says every run was there" diff - "$W/out" <<END
skipped $(uuid "$L" k1) k1 (already present)
skipped $(uuid "$L" k2) k2 (already present)
0 copied, 2 already present, 0 refused
END
t "... storing nothing twice" test "$(runs "$T")" = "2 2"
AIM_PUSH_TO="$T" "$AIMDB" --db "$L" push --incomplete k3 >"$W/out" 2>&1
t "--incomplete sends the incomplete run, to \$AIM_PUSH_TO" grep -qx \
	"pushed $(uuid "$L" k3) k3" "$W/out"
t "... as incomplete" test "$(sqlite3 "$T" \
	"SELECT status FROM run WHERE tag = 'k3'")" = incomplete
t "--to wins over \$AIM_PUSH_TO" sh -c \
	'AIM_PUSH_TO=/nonexistent/x.db "$1" --db "$2" push --to "$3" k1' \
	sh "$AIMDB" "$L" "$T"
"$AIMDB" --db "$L" push --to "$W/named.db" k2 >/dev/null 2>&1
t "named tags push only theirs" test "$(sqlite3 "$W/named.db" \
	"SELECT tag FROM run")" = k2

DB="$L"
refused "no target" 1 "no target: give --to TARGET or set AIM_PUSH_TO" \
	env -u AIM_PUSH_TO "$AIMDB" --db "$L" push
refused "the database itself" 1 "is the database pushed from" \
	"$AIMDB" --db "$L" push --to "$L"
ln "$L" "$W/hard.db"
refused "... also by another name" 1 "is the database pushed from" \
	"$AIMDB" --db "$L" push --to "$W/hard.db"
refused "a tag the database lacks" 1 "no such tag" \
	"$AIMDB" --db "$L" push --to "$W/x.db" nosuchtag
refused "a missing local database" 1 "no such database to push from" \
	"$AIMDB" --db "$W/none.db" push --to "$T"
echo "not a database" >"$W/junk.db"
refused "a target that is not a database" 12 "not an SQLite database" \
	"$AIMDB" --db "$L" push --to "$W/junk.db"
refused "a server's string with a password, unshown" 1 \
	"push: dbname=x: a password in the connection string" \
	"$AIMDB" --db "$L" push --to "dbname=x password=sekrit"
t "... the password nowhere" sh -c "! grep -q sekrit '$W/err'"
refused "an unknown option" 1 "unknown option" \
	"$AIMDB" --db "$L" push --bogus
refused "--jobs to a file" 1 "--jobs: a file takes one writer at a time" \
	"$AIMDB" --db "$L" push --jobs 2 --to "$W/jobs.db"
t "... which is not made" test ! -e "$W/jobs.db"
refused "--jobs not a count from 1" 1 "--jobs: not a count of connections from 1 to 32: '0'" \
	"$AIMDB" --db "$L" push --jobs 0 --to "$T"
echo "1..$n"
exit $((fails > 0))

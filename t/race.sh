#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Writers racing on one store, each check and the write it allows one
# step: the same file imported by four processes at once is stored once,
# the others told it is there; the content hash goes with exactly the
# runs its import wrote; two renames to one new tag never pool two tags;
# one source pushed by four processes at once stores each run once, the
# others told "already present", never a duplicate key.
# On an SQLite file, then on a PostgreSQL server schema when one can be
# had (skipped with the reason otherwise).
NAME=race
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
. "$S/t/pg-lib.sh"
. "$S/t/db-sql.sh"
TRIALS=20
A="$S/t/data/report/logfile.suite9"	# two reports
C="$S/t/data/report/bare.txt"	# one
ha=$(sha256sum <"$A" | cut -c1-64)
hc=$(sha256sum <"$C" | cut -c1-64)
fresh() {	# fresh WHERE: an empty store for the next trial, into $D
	if [ "$1" = sqlite ]; then
		D="$W/race.db"
		rm -f "$D" "$D-wal" "$D-shm"
	else
		# made afresh: dropped and created again
		D=$("$B/t/pgschema" "$PG" "$PG_NAME") || echo "Bail out! no schema"
	fi
}
# at_once N CMD...: CMD N times at once, the exit statuses sorted into
# $W/rc and the stderr lines, sorted, into $W/err; stdout in $W/out.I.
at_once() {
	k=$1; shift
	for i in $(seq "$k"); do
		{ "$@" >"$W/out.$i" 2>"$W/err.$i"; echo $? >"$W/rc.$i"; } &
	done
	wait
	cat $(seq -f "$W/rc.%g" "$k") | sort >"$W/rc"
	cat $(seq -f "$W/err.%g" "$k") | sort >"$W/err"
}
# judge_import, judge_push: whether the four at once did right, and
# in $why what they did.
judge_import() {
	runs=$(db_val "$D" "SELECT count(*) FROM run")
	why="$runs runs, exits $(tr '\n' ' ' <"$W/rc")"
	[ "$runs" = 2 ] && [ "$(tr '\n' ' ' <"$W/rc")" = "0 1 1 1 " ] &&
		[ "$(grep -c 'already imported as run 1 (tag 2.6.19' "$W/err")" = 3 ] &&
		[ "$(wc -l <"$W/err")" = 3 ]
}
judge_push() {
	runs=$(db_val "$D" "SELECT count(*) FROM run")
	# the summaries' "N copied, M already present": 3 and 9 in all
	got=$(cat $(seq -f "$W/out.%g" 4) | awk '/copied, .* already present/ {
		c += $1; p += $3 } END { print c + 0, p + 0 }')
	why="$runs runs, copied|present $got, exits $(tr '\n' ' ' <"$W/rc")"
	[ "$runs" = 3 ] && [ "$got" = "3 9" ] &&
		[ "$(tr '\n' ' ' <"$W/rc")" = "0 0 0 0 " ] && [ ! -s "$W/err" ]
}
# The writers of a trial, into the store $D of that trial.
import_split() { "$AIMDB" --db "$D" import --split "$A"; }
push_src() { "$AIMDB" --db "$SRC" push --to "$D"; }
# trials JUDGE DESC WRITER: $TRIALS times WRITER four times at once into
# a fresh store, each judged; one assertion that every trial did right.
trials() {
	judge=$1 desc=$2 writer=$3 bad=0
	for trial in $(seq $TRIALS); do
		fresh "$at"
		at_once 4 "$writer"
		if ! "$judge"; then
			bad=$((bad + 1))
			echo "# $at trial $trial: $why"
			head -n 2 "$W/err" | sed 's/^/#   /'
		fi
	done
	t "$at: $desc" test "$bad" -eq 0
}
race() {	# race WHERE: every case against one engine
	at=$1
	trials judge_import "4 imports of one file at once, $TRIALS times: stored once, 3 told it is there" \
		import_split

	# Two files, each imported twice at once with --again: every run
	# holds its own file's hash, none another's, none without.
	bad=0
	for trial in $(seq $((TRIALS / 4))); do
		fresh "$at"
		"$AIMDB" --db "$D" import -t seed "$C" >/dev/null 2>&1
		for i in 1 2; do
			{ "$AIMDB" --db "$D" import --again --split "$A" \
				>/dev/null 2>"$W/err.a$i"; echo $? >"$W/rc.a$i"; } &
			{ "$AIMDB" --db "$D" import --again -t c "$C" \
				>/dev/null 2>"$W/err.c$i"; echo $? >"$W/rc.c$i"; } &
		done
		wait
		got=$(db_val "$D" "SELECT count(*), count(*) FILTER (WHERE
			i.sha256 IS NULL OR i.sha256 <> CASE WHEN u.tag IN
			('c', 'seed') THEN '$hc' ELSE '$ha' END) FROM run AS u
			LEFT JOIN run_import AS i ON i.run_id = u.id")
		if [ "$(cat "$W"/rc.a? "$W"/rc.c? | tr -d '\n')" != 0000 ] ||
		   [ "$got" != "7|0" ]; then
			bad=$((bad + 1))
			echo "# $at trial $trial: runs|with a wrong hash: $got"
			cat "$W"/err.a? "$W"/err.c? | head -n 2 | sed 's/^/#   /'
		fi
	done
	t "$at: concurrent imports: each run holds its own file's hash" \
		test "$bad" -eq 0

	# Two renames to one new tag at once: one wins, the other is told.
	bad=0
	for trial in $(seq $TRIALS); do
		fresh "$at"
		"$AIMDB" --db "$D" import -t t040 -t t041 "$A" >/dev/null 2>&1
		{ "$AIMDB" --db "$D" rename t040 X >/dev/null 2>"$W/err.1"; echo $? >"$W/rc.1"; } &
		{ "$AIMDB" --db "$D" rename t041 X >/dev/null 2>"$W/err.2"; echo $? >"$W/rc.2"; } &
		wait
		tags=$(db_val "$D" "SELECT tag FROM run ORDER BY tag" | tr '\n' ' ')
		if [ "$(cat "$W/rc.1" "$W/rc.2" | sort | tr -d '\n')" != 01 ] ||
		   { [ "$tags" != "X t041 " ] && [ "$tags" != "X t040 " ]; } ||
		   ! cat "$W/err.1" "$W/err.2" | grep -q "tag 'X' already exists"; then
			bad=$((bad + 1))
			echo "# $at trial $trial: tags $tags, exits $(cat "$W/rc.1" "$W/rc.2" | tr '\n' ' ')"
		fi
	done
	t "$at: 2 renames to one tag at once, $TRIALS times: never pooled, the other told" \
		test "$bad" -eq 0

	# One source pushed by four processes at once: each run stored once,
	# every push ends well, the runs it did not store "already present".
	trials judge_push "4 pushes of one source at once, $TRIALS times: each run once, no error" \
		push_src
}
SRC="$W/src.db"
"$AIMDB" --db "$SRC" import --split "$A" >/dev/null 2>&1 &&
	"$AIMDB" --db "$SRC" import -t c "$C" >/dev/null 2>&1 ||
	echo "Bail out! cannot make the source to push"
race sqlite
if pg_need >"$W/skip" && pg_schema race; then
	race postgresql
else
	for i in 1 2 3 4; do
		skip "postgresql: $(sed 's/^1\.\.0 # SKIP //' "$W/skip")"
	done
fi
echo "1..$n"
exit $((fails > 0))

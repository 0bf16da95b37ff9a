#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A run moves whole, whatever moves it: for every kind of run aimkit
# stores (tests timed per call with --latency, a mem family test,
# --copies, --threads, timed commands, and what every importer makes),
# the JSON export imported, the CSV export imported, a merge and a push
# each make a store that aimdb diff finds equal to the source, and doing
# the merge or push again changes nothing.  A push whose source holds a
# run the target refuses delivers every other run and exits 1 with the
# summary line.  On SQLite files, then on a PostgreSQL server (the
# source copied there, diffed across the engines), which skips without
# one.
NAME=record-move
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
. "$S/t/pg-lib.sh"
D="$S/t/data/report"
SRC="$W/src.db"
run() { "$AIMRUN" -q --db "$SRC" -d 0.01 -r 1 --dir "$W/scratch" "$@" \
	>/dev/null 2>&1 || echo "Bail out! aimrun $* failed"; }
imp() { "$AIMDB" --db "$SRC" import "$@" >/dev/null 2>&1 ||
	echo "Bail out! aimdb import $* failed"; }
run -t latency -T add_long,fun_cal --latency
if "$AIMRUN" --list | grep -q ' mem_copy_libc_4k_hot '; then
	run -t mem -T mem_copy_libc_4k_hot
fi
run -t copies -T add_long --copies 2
run -t threads -T add_long --copies 2 --threads
"$AIMRUN" -q --db "$SRC" -t cmd --cmd mytrue --runs 3 -- /bin/true \
	>/dev/null 2>&1 || echo "Bail out! aimrun --cmd failed"
# A command that fails: its failures stored, the run incomplete.
"$AIMRUN" -q --db "$SRC" -t cmdfail --cmd myfalse --runs 2 -- /bin/false \
	>/dev/null 2>&1
imp -t console "$D/bare.txt"
imp -t log1 -t log2 "$D/logfile.suite9"
imp -t ss1 -t ss2 "$D/suite9.ss"
imp "$D/samples.csv"
imp -t mmtests "$D/mmtests-aim9-1"
imp -t lkp "$D/lkp-aim9.json"
imp -t json "$S/fuzz/corpus/import-json/k1.json"
imp --split "$D/cmp-blocks.txt"
# aimcmp's table of bare.txt against quicklist.txt: bare.txt's run again.
imp --again --split "$D/cmp.txt"
imp "$D/wild/robot.eml"
imp -f lkp-compare "$D/wild/robot-reply.txt"
N=$(db_val "$SRC" "SELECT COUNT(*) FROM run")
t "the source holds every kind of run" test "$N" -ge 20
t "... histograms among them" test "$(db_val "$SRC" "SELECT COUNT(*)
	FROM sample_metric WHERE metric = 'lat_ns'")" -gt 0

equal() {	# equal DESC A B: aimdb diff finds the same facts in both
	"$AIMDB" diff "$2" "$3" >"$W/diff" 2>&1; rc=$?
	t "$1" test "$rc" -eq 0
	[ "$rc" -eq 0 ] || head -n 5 "$W/diff" | sed 's/^/# /'
}
# moves ENGINE SOURCE NEW: each move of SOURCE into a store "NEW NAME"
# makes (its name in $TO).
moves() {
	e=$1 src=$2 new=$3
	runs=$(db_val "$src" "SELECT COUNT(*) FROM run")
	for f in json csv; do
		$new "$f"
		"$AIMDB" --db "$src" export -f $f -o "$W/x.$f" &&
			"$AIMDB" --db "$TO" import "$W/x.$f" >/dev/null
		equal "$e: $f export and import: the same facts" "$src" "$TO"
	done
	$new merge
	"$AIMDB" --db "$TO" merge "$src" >/dev/null 2>&1
	equal "$e: merge: the same facts" "$src" "$TO"
	"$AIMDB" --db "$TO" merge "$src" >"$W/out" 2>&1
	t "$e: a second merge copies nothing" grep -qx \
		"0 copied, $runs already present, 0 refused" "$W/out"
	equal "$e: ... and changes nothing" "$src" "$TO"
	$new push
	"$AIMDB" --db "$src" push --incomplete --to "$TO" >/dev/null 2>&1
	equal "$e: push: the same facts" "$src" "$TO"
	"$AIMDB" --db "$src" push --incomplete --to "$TO" >"$W/out" 2>&1
	t "$e: a second push copies nothing" test "$(tail -n 1 "$W/out")" = \
		"0 copied, $runs already present, 0 refused"
	equal "$e: ... and changes nothing" "$src" "$TO"
	refusal "$e" "$src" "$new"
}
# A run the target refuses (a host with an escape, as an older aimkit
# stored it) among the others: pushed past, named, counted.
refusal() {
	e=$1 src=$2 new=$3
	$new bad
	bad=$TO
	"$AIMDB" --db "$bad" merge "$src" >/dev/null 2>&1
	db_sql "$bad" "UPDATE run SET host = 'x$(printf '\033')y'
		WHERE tag = 'console'"
	$new refused
	"$AIMDB" --db "$bad" push --incomplete --to "$TO" >"$W/out" 2>"$W/err"
	rc=$?
	t "$e: a push past a refused run exits 1" test "$rc" -eq 1
	t "$e: ... names it by uuid and tag" grep -q \
		"refused run $(db_val "$bad" "SELECT uuid FROM run WHERE
		tag = 'console'") (tag console)" "$W/err"
	t "$e: ... delivers every other run, then the summary" \
		test "$(tail -n 1 "$W/out")" = "$((runs - 1)) copied, 0 already present, 1 refused"
	"$AIMDB" diff "$bad" "$TO" >"$W/diff" 2>&1
	t "$e: ... the refused run's facts are all that differ" sh -c "
		test \"\$(grep -c '^>' '$W/diff')\" -eq 0 &&
		test \"\$(grep '^<' '$W/diff' | cut -d' ' -f2 | sort -u)\" = \
			\"\$1\"" sh "$(db_val "$bad" "SELECT uuid FROM run
			WHERE tag = 'console'")"
}
file() { TO="$W/$1.db"; }
moves sqlite "$SRC" file

# The same on a server: the source copied there, found equal across the
# engines, and every move from it into schemas of the server.  pg_need
# replaces the trap that removes the work directory.
if [ -x "$B/t/pgschema" ] && pg_need >"$W/skip" &&
   trap 'pg_stop; rm -rf "$W"' EXIT; then
	on_pg() { pg_schema "move_$1" && TO=$PG_DB; }
	on_pg src
	PSRC=$TO
	"$AIMDB" --db "$PSRC" merge "$SRC" >/dev/null 2>&1
	equal "the source on the server: the same facts as the file" \
		"$SRC" "$PSRC"
	moves postgresql "$PSRC" on_pg
else
	skip "$(sed 's/^1\.\.0 # SKIP //' "$W/skip" 2>/dev/null)"
fi
echo "1..$n"
exit $((fails > 0))

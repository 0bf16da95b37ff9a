#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A run moves whole, whatever moves it: for every kind of run aimkit
# stores (tests timed per call with --latency, a mem family test,
# --copies, --threads, timed commands, a result with the kernel's monitors
# and log lines of hostile text, and what every importer makes),
# the JSON export imported, the CSV export imported, a merge and a push
# each make a store that aimdb diff finds equal to the source, and doing
# the merge or push again changes nothing.  A push whose source holds a
# run the target refuses delivers every other run and exits 1 with the
# summary line.  On SQLite files, then on a PostgreSQL server (the
# source copied there, diffed across the engines; a push with --jobs
# too), which skips without one.
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
# The kernel's monitors (a made-up /proc/vmstat, one count up and one
# down a run) and log lines (a made-up /dev/kmsg, a warning of hostile
# text each run) of a timed command, below $AIM_CHECK_ROOT.
K="$W/kroot"
mkdir -p "$K/proc" "$K/dev"
printf 'pgfault 0\nnr_free_pages 100\n' >"$K/proc/vmstat"
: >"$K/dev/kmsg"
AIM_CHECK_ROOT=$K "$AIMRUN" -q --db "$SRC" -t kernel --cmd inject --runs 2 \
	-- /bin/sh -c 'f=$AIM_CHECK_ROOT/proc/vmstat
	n=$(sed -n "s/^pgfault //p" "$f")
	printf "pgfault %d\nnr_free_pages %d\n" $((n + 1)) $((100 - n)) \
		>"$f.new" && mv "$f.new" "$f"
	printf "4,2,2000,-;WARNING: \"q\", c\\\\ <b>\033[31mx\n3,3,3000,-;err\n" \
		>>"$AIM_CHECK_ROOT/dev/kmsg"' >/dev/null 2>&1 ||
	echo "Bail out! aimrun --cmd with a made-up kernel failed"
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
kernel() {	# kernel DB: its monitors and kernel log lines, counted
	echo "$(db_val "$1" "SELECT COUNT(*) FROM result_monitor")" \
		"$(db_val "$1" "SELECT COUNT(*) FROM kernel_log")"
}
OF_KERNEL="JOIN result r ON r.id = k.result_id JOIN run u ON u.id = r.run_id
	WHERE u.tag = 'kernel'"
t "... monitors and kernel log lines among them" test "$(db_val "$SRC" \
	"SELECT COUNT(*) FROM result_monitor k $OF_KERNEL AND (k.name, k.value)
	IN (('pgfault', 2), ('nr_free_pages', -1))") $(db_val "$SRC" \
	"SELECT COUNT(*) FROM kernel_log k $OF_KERNEL")" = "2 4"
t "... a log line of hostile text, made printable" test "$(db_val "$SRC" \
	"SELECT COUNT(*) FROM kernel_log k $OF_KERNEL AND k.text =
	'WARNING: \"q\", c\\ <b>?[31mx'")" -eq 2

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
		t "$e: ... the monitors and kernel log lines too" \
			test "$(kernel "$TO")" = "$(kernel "$src")"
		# The text in the format's own escaping, no escape byte.
		want='"WARNING: ""q"", c\ <b>?[31mx"'
		[ $f = csv ] || want='"WARNING: \"q\", c\\ <b>?[31mx"'
		t "$e: ... the log's text escaped in the file" sh -c '
			! grep -q "$(printf "\033")" "$1" && grep -qF -e "$2" "$1"
			' sh "$W/x.$f" "$want"
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
	t "$e: ... the monitors and kernel log lines too" \
		test "$(kernel "$TO")" = "$(kernel "$src")"
	"$AIMDB" --db "$src" push --incomplete --to "$TO" >"$W/out" 2>&1
	t "$e: a second push copies nothing" test "$(tail -n 1 "$W/out")" = \
		"0 copied, $runs already present, 0 refused"
	equal "$e: ... and changes nothing" "$src" "$TO"
	refusal "$e" "$src" "$new"
}
# A run the target refuses (a host with an escape, as an older aimkit
# stored it) among the others: pushed past, named, counted; pushed with
# the options after NEW.
refusal() {
	e=$1 src=$2 new=$3
	shift 3
	$new bad
	bad=$TO
	"$AIMDB" --db "$bad" merge "$src" >/dev/null 2>&1
	db_sql "$bad" "UPDATE run SET host = 'x$(printf '\033')y'
		WHERE tag = 'console'"
	$new refused
	"$AIMDB" --db "$bad" push --incomplete "$@" --to "$TO" >"$W/out" 2>"$W/err"
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

# A copy whose monitor changed and whose log lost a line differs.
file kdiff
"$AIMDB" --db "$TO" merge "$SRC" >/dev/null 2>&1
IN_KERNEL="result_id IN (SELECT r.id FROM result r JOIN run u
	ON u.id = r.run_id WHERE u.tag = 'kernel')"
db_sql "$TO" "UPDATE result_monitor SET value = 7 WHERE name = 'pgfault'
	AND $IN_KERNEL; DELETE FROM kernel_log WHERE seq = 4 AND $IN_KERNEL"
"$AIMDB" diff "$SRC" "$TO" >"$W/diff" 2>&1
t "aimdb diff: a changed monitor and a lost log line differ" test $? -eq 1
t "... each named" sh -c 'grep -q "^< .* monitor vmstat.pgfault=2\$" "$1" &&
	grep -q "^> .* monitor vmstat.pgfault=7\$" "$1" &&
	grep -q "^< .* kernel_log 4 level=3 facility=0 usec=3000 text=err\$" "$1" &&
	test "$(tail -n 1 "$1")" = "2 facts only in A, 1 only in B ($2 and $2 runs)"
	' sh "$W/diff" "$N"

# A log line with an escape or a monitor no reading makes, in either
# format, is refused with one line, the store as it was.
KS="$S/fuzz/corpus"
sed "s/<script>?/<script>$(printf '\033')/" "$KS/import-csv/kernel.csv" \
	>"$W/esc.csv"
sed 's/<script>?/<script>\\u001b/' "$KS/import-json/kernel.json" >"$W/esc.json"
sed 's/vmstat\.pgfault,/vmstat.pg<f,/' "$KS/import-csv/kernel.csv" >"$W/name.csv"
sed 's/"vmstat\.pgfault"/"vmstat.pg<f"/' "$KS/import-json/kernel.json" \
	>"$W/name.json"
DB=$SRC
for f in csv json; do
	refused "$f: a kernel log line with an escape is refused" 1 \
		"kernel log line 1 is not one the log gives" \
		"$AIMDB" --db "$DB" import --again "$W/esc.$f"
	refused "$f: a monitor's name no reading makes is refused" 1 \
		"not a name a reading makes" \
		"$AIMDB" --db "$DB" import --again "$W/name.$f"
done

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
	# Several runs at once, over connections of their own.
	on_pg jobs
	"$AIMDB" --db "$PSRC" push --incomplete --jobs 3 --to "$TO" \
		>"$W/out" 2>"$W/err"; rc=$?
	t "push --jobs 3 exits 0, nothing on stderr" test "$rc" -eq 0 -a ! -s "$W/err"
	t "... one line a run, the summary last" test "$(grep -c '^pushed ' \
		"$W/out") $(tail -n 1 "$W/out")" = \
		"$N $N copied, 0 already present, 0 refused"
	equal "... the same facts" "$PSRC" "$TO"
	"$AIMDB" --db "$PSRC" push --incomplete --jobs 3 --to "$TO" >"$W/out" 2>&1
	t "... a second push --jobs 3 copies nothing" \
		test "$(tail -n 1 "$W/out")" = "0 copied, $N already present, 0 refused"
	refusal "push --jobs 2" "$PSRC" on_pg --jobs 2
else
	skip "$(sed 's/^1\.\.0 # SKIP //' "$W/skip" 2>/dev/null)"
fi
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The defects of issue 25, each as it was met: per-call histograms lost by
# every move, timed commands unable to move, a push stopped at the first
# run it could not take, paths that disagree on what a run may hold, and
# --tests checked against the compiled catalog instead of the data.
NAME=record-defects
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
A=$(db_first a.db)
"$AIMRUN" -q --db "$A" -t lat -T add_long,mem_copy_libc_4k_hot --latency \
	-d 0.01 -r 1 --dir "$W/scratch" >/dev/null 2>&1 ||
	echo "Bail out! aimrun --latency failed"
"$AIMRUN" -q --db "$A" -t cmd --cmd mytrue --runs 3 -- /bin/true \
	>/dev/null 2>&1 || echo "Bail out! aimrun --cmd failed"
buckets() {
	db_val "$1" "SELECT COUNT(*) FROM sample_metric WHERE metric = 'lat_ns'"
}
n_buckets=$(buckets "$A")
t "the source holds per-call buckets" test "$n_buckets" -gt 0

M=$(db_new m.db)
"$AIMDB" --db "$M" merge "$A" >"$W/out" 2>&1
t "merge keeps every bucket" test "$(buckets "$M")" -eq "$n_buckets"
t "... and the timed command" test "$(db_val "$M" \
	"SELECT COUNT(*) FROM result WHERE test = 'mytrue'")" -eq 1
"$AIMCMP" --db "$M" --latency lat lat >"$W/out" 2>&1
t "aimcmp --latency reads the copy's buckets" sh -c \
	"! grep -q 'was timed per call' '$W/out'"

for f in json csv; do
	C=$(db_new "c$f.db")
	"$AIMDB" --db "$A" export -f $f -o "$W/a.$f" 2>"$W/err"
	"$AIMDB" --db "$C" import "$W/a.$f" >"$W/out" 2>&1
	t "$f export and import keep every bucket" test "$(buckets "$C")" \
		-eq "$n_buckets"
	t "... and the timed command" test "$(db_val "$C" \
		"SELECT COUNT(*) FROM result WHERE test = 'mytrue'")" -eq 1
done

# A run the target refuses (a host with an escape, as an older aimkit
# stored it) between two it takes: the others still arrive.
P=$(db_file p.db)
for tag in p1 p2 p3; do
	"$AIMRUN" -q --db "$P" -t $tag -T add_long -d 0.01 -r 1 \
		--dir "$W/scratch" >/dev/null 2>&1
done
sqlite3 "$P" "UPDATE run SET host = 'x' || char(27) || 'y' WHERE tag = 'p2'"
T=$(db_new t.db)
"$AIMDB" --db "$P" push --to "$T" >"$W/out" 2>"$W/err"; rc=$?
t "a push past a refused run exits non-zero" test "$rc" -ne 0
t "... delivers the others" test "$(db_val "$T" \
	"SELECT COUNT(*) FROM run")" -eq 2
t "... names the refused run by uuid and tag" grep -q \
	"$(sqlite3 "$P" "SELECT uuid FROM run WHERE tag = 'p2'") (tag p2)" "$W/err"
t "... and ends with the summary" test "$(tail -n 1 "$W/out")" = \
	"2 copied, 0 already present, 1 refused"

# What aimrun stores, every path takes: a --dir with a control character.
mkdir "$W/scratch/a$(printf '\t')b"
R=$(db_file r.db)
"$AIMRUN" -q --db "$R" -t tab -T add_long -d 0.01 -r 1 \
	--dir "$W/scratch/a$(printf '\t')b" >/dev/null 2>&1
"$AIMDB" --db "$R" export -f json -o "$W/r.json"
t "a run of a --dir with a tab imports" "$AIMDB" --db "$W/r2.db" \
	import "$W/r.json"

# What one importer refuses, every importer refuses.
"$AIMRUN" -q --db "$W/f.db" -t f -T brk_test -d 0.01 -r 1 \
	--dir "$W/scratch" >/dev/null 2>&1
sqlite3 "$W/f.db" "UPDATE result SET status = 'fail', reason = 'ok'"
"$AIMDB" --db "$W/f.db" export -f csv -o "$W/f.csv"
esc=$(printf '\033')
sed "2,\$s/,fail,ok,/,fail,x${esc}[2Jy,/" "$W/f.csv" >"$W/esc.csv"
DB=$(db_file esc.db)
refused "a CSV reason with an escape is refused" 1 "reason" \
	"$AIMDB" --db "$DB" import "$W/esc.csv"
"$AIMRUN" -q --db "$W/j.db" -t j -T add_long -d 0.01 -r 1 \
	--dir "$W/scratch" >/dev/null 2>&1
"$AIMDB" --db "$W/j.db" export -f json -o "$W/j.json"
sed 's/"elapsed_ns": [0-9]*/"elapsed_ns": 0/' "$W/j.json" >"$W/zero.json"
DB=$(db_file zero.db)
refused "a JSON ok sample of no time is refused" 1 "elapsed_ns" \
	"$AIMDB" --db "$DB" import "$W/zero.json"
awk '/"samples": \[/ { print "\"samples\": [ ],"; skip = 1; next }
	skip && /^ *\]/ { skip = 0; next } !skip' "$W/j.json" >"$W/none.json"
DB=$(db_file none.db)
refused "a JSON ok result without samples is refused" 1 "no samples" \
	"$AIMDB" --db "$DB" import "$W/none.json"

# Names only the data knows.
"$AIMRUN" -q --db "$A" -t cmd2 --cmd mytrue --runs 3 -- /bin/true \
	>/dev/null 2>&1
t "aimcmp --tests takes a timed command's name" \
	"$AIMCMP" --db "$A" --tests mytrue cmd cmd2
AIMPLOT="$B/report/aimplot"
# The script is written before gnuplot is looked for.
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$A" --tests mytrue -s "$W/p.gp" \
	cmd cmd2 >/dev/null 2>&1
t "aimplot --tests takes it too" grep -q mytrue "$W/p.gp"
DB=$A
refused "a name no loaded result has is one line naming the tags" 1 \
	"cmd, cmd2" "$AIMCMP" --db "$A" --tests nosuch cmd cmd2
refused "... in aimplot too" 1 "cmd, cmd2" \
	"$AIMPLOT" --db "$A" --tests nosuch -s "$W/q.gp" cmd cmd2
echo "1..$n"
exit $((fails > 0))

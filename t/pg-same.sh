#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The same data gives the same bytes on SQLite and PostgreSQL: one
# SQLite file of measured runs (two tags, counters, a latency run) and
# imported fixtures (t/data/plot, t/data/report) is merged into a fresh
# file and into a fresh server schema, so both hold the same rows with
# the same ids, uuids and times; aimcmp in every format (and --series,
# --counters, --latency, --wide, a classic import), aimdb list, show and
# export (csv and json) and aimplot's steps and script must be
# byte-identical.  The fixtures imported directly into each engine give
# the same comparisons and lists too, the import times and new uuids
# aside.  Skips without a server.
set -u
NAME=pg-same
. "${AIM_SRCDIR:-.}/t/robust-lib.sh"
S=${AIM_SRCDIR:-.}
. "$S/t/pg-lib.sh"
AIMPLOT="$B/report/aimplot"
pg_need || exit 0
trap 'pg_stop; rm -rf "$W"' EXIT
pg_schema same || exit 1
PM=$PG_DB
pg_schema same_import || exit 1
PI=$PG_DB
unset AIM_DB

fixtures() {	# fixtures DB: the imports of both halves
	for f in plot/series.csv report/samples.csv report/logfile.txt \
		 report/run.txt report/ss.txt; do
		"$AIMDB" --db "$1" import "$S/t/data/$f" >/dev/null || return 1
	done
	"$AIMDB" --db "$1" import --tag 2.6.20 "$S/t/data/plot/2.6.20.txt" \
		>/dev/null
}
src=$W/src.db
for tag in a b; do
	"$AIMRUN" --tests add_long,page_test --duration 0.01 --runs 2 \
		--tag $tag --db "$src" -q >/dev/null 2>&1
done
"$AIMRUN" --tests add_long --duration 0.01 --runs 2 --latency --tag lat \
	--db "$src" -q >/dev/null 2>&1
t "the source: three measured runs and the fixtures" fixtures "$src"
t "merged into a file" "$AIMDB" --db "$W/m.db" merge "$src"
t "merged into a server" "$AIMDB" --db "$PM" merge "$src"
t "imported into a file" fixtures "$W/i.db"
t "imported into a server" fixtures "$PI"

# outputs DB DIR: what is compared, one file each, stdout only.
outputs() {
	mkdir "$2"
	for f in text lines csv json markdown html junit tap; do
		"$AIMCMP" --db "$1" -f $f a b >"$2/cmp.$f" 2>/dev/null
		"$AIMCMP" --db "$1" -f $f 2.6.20 2.6.22 v6.8 >"$2/old.$f" 2>/dev/null
	done
	for f in text csv json; do
		"$AIMCMP" --db "$1" -f $f --series >"$2/series.$f" 2>/dev/null
		"$AIMCMP" --db "$1" -f $f --latency lat lat >"$2/lat.$f" 2>/dev/null
	done
	"$AIMCMP" --db "$1" --counters a b >"$2/counters" 2>/dev/null
	"$AIMCMP" --db "$1" --wide --legend a b >"$2/wide" 2>/dev/null
	"$AIMDB" --db "$1" list >"$2/list" 2>/dev/null
	"$AIMDB" --db "$1" show 2.6.22 >"$2/show" 2>/dev/null
	"$AIMDB" --db "$1" export -f json >"$2/export.json" 2>/dev/null
	"$AIMDB" --db "$1" export >"$2/export.csv" 2>/dev/null
	"$AIMPLOT" --db "$1" -S >"$2/steps" 2>/dev/null
	AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$1" -s "$2/plot.gp" \
		-o "$W/p.png" >/dev/null 2>&1
}
outputs "$W/m.db" "$W/lite"
outputs "$PM" "$W/pg"
for f in "$W"/lite/*; do
	f=${f##*/}
	t "merged: $f the same on both" sh -c "test -s '$W/lite/$f' &&
		cmp '$W/lite/$f' '$W/pg/$f'"
	[ "$fails" -eq 0 ] || diff "$W/lite/$f" "$W/pg/$f" | head -5 | sed 's/^/# /'
done
t "a comparison of measured runs is in them" grep -q ' page_test ' "$W/lite/cmp.text"
t "and of imported ones" grep -q 'fork_test' "$W/lite/old.text"

# Imported here and there: the times of the import and the new uuids
# are each engine's own; everything else is the same.
outputs "$W/i.db" "$W/ilite"
outputs "$PI" "$W/ipg"
norm() { sed -e 's/[0-9-]*T[0-9:]*Z/TIME/g' \
	-e 's/[0-9a-f]\{8\}-[0-9a-f-]\{27\}/UUID/g' "$1"; }
for f in old.text old.csv old.json series.text series.csv list show \
	 export.json export.csv steps plot.gp; do
	norm "$W/ilite/$f" >"$W/a"
	norm "$W/ipg/$f" >"$W/b"
	t "imported: $f the same on both" sh -c "test -s '$W/a' && cmp '$W/a' '$W/b'"
done

# A server whose databases sort text by language (en_US.UTF-8, here
# ICU's en-US: "k_a" before "Zeta") still orders as SQLite does.
{
	echo "tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops,env_key,env_value"
	for k in k.b k_a Zeta alpha _x A.b; do
		echo "coll,7,,,,,,,,,,,,$k,v"
	done
	echo "coll,7,3,add_long,1,1,ok,,20,400000000,60000,Thousand Long Integer Additions/second,,,"
} >"$W/coll.csv"
if pg_icu_db same; then
	i=0
	for d in "$W/c.db" "$PG_DB"; do
		"$AIMDB" --db "$d" import "$W/coll.csv" >/dev/null
		"$AIMDB" --db "$d" export -f json >"$W/c.$i"
		i=$((i + 1))
	done
	norm "$W/c.0" >"$W/a"
	norm "$W/c.1" >"$W/b"
	t "a server sorting by language: the facts in SQLite's order" \
		sh -c "grep -q Zeta '$W/a' && cmp '$W/a' '$W/b'"
else
	skip "the server cannot make a database sorting as en-US (ICU, PostgreSQL 15)"
fi
echo "1..$n"
exit $((fails > 0))

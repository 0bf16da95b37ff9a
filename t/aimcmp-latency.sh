#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp --latency on histograms whose quantiles are known: two tags of
# a mem variant, each sample's calls all at one planted time (side b 200
# ns above side a, sample for sample), so the p50 and p99 shifts are
# +200 ns with the Moses interval [+100, +300]; a side against itself
# shows no shift; text, CSV, JSON and Markdown; a tag without histograms.
set -u
S=${AIM_SRCDIR:-.}
NAME=aimcmp-latency
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
q() { db_val "$DB" "$1"; }
DB=$(db_first l.db)

case $(uname -m) in
x86_64) ;;
*)	echo "1..0 # SKIP the mem family runs on x86-64 only"; exit 0 ;;
esac

for tag in a b; do
	"$AIMRUN" -q --tag $tag --db "$DB" --dir "$W" --counters none \
		--tests mem_copy_libc_4k_hot --duration 0.2 --runs 3 2>/dev/null
done
"$AIMRUN" -q --tag plain --db "$DB" --dir "$W" --counters none \
	--tests add_long --duration 0.01 --runs 1 2>/dev/null
# Two samples a result; every call of a sample takes 1000 + 100 x seq
# + 10 x rep ns, 200 more on side b.
q "DELETE FROM sample WHERE seq > 2;
   DELETE FROM sample_metric WHERE seq > 2 OR metric = 'lat_ns';
   CREATE TEMP VIEW planted AS SELECT s.result_id, s.seq, s.calls,
	1000 + 100 * s.seq + 10 * r.rep
	+ CASE u.tag WHEN 'b' THEN 200 ELSE 0 END AS ns
	FROM sample s JOIN result r ON r.id = s.result_id
	JOIN run u ON u.id = r.run_id WHERE r.test = 'mem_copy_libc_4k_hot';
   UPDATE sample_metric SET value = (SELECT ns FROM planted p
	WHERE p.result_id = sample_metric.result_id
	AND p.seq = sample_metric.seq)
	WHERE metric IN ('lat_min_ns', 'lat_max_ns');
   INSERT INTO sample_metric (result_id, seq, metric, bound, value)
	SELECT result_id, seq, 'lat_ns', ns + 1, calls FROM planted;"
t "six samples a side" test "$(q "SELECT count(*) FROM sample s JOIN result r
	ON r.id = s.result_id WHERE r.test = 'mem_copy_libc_4k_hot'")" -eq 12

"$AIMCMP" --db "$DB" --latency a b >"$W/out" 2>"$W/err"
t "aimcmp --latency exits 0" test $? -eq 0
t "one line per tag of the variant" test "$(grep -c \
	'^mem_copy_libc_4k_hot ([ab]): avg=[0-9]* min=[0-9]* p50=[0-9]* p90=[0-9]* p99=[0-9]* p99.9=[0-9]* max=[0-9]* samples=[0-9]* (cut 0 > 100 x median) ns per call' \
	"$W/out")" -eq 2
t "min and max are the planted extremes" grep -q \
	'^mem_copy_libc_4k_hot (a): .* min=1110 .* max=1230 ' "$W/out"
t "p50: +200 ns within the Moses interval [+100, +300], slower" grep -q \
	'^  p50 b vs a: +200 ns (.*), 95 % interval \[+100, +300\]: slower$' "$W/out"
t "p99 likewise" grep -q \
	'^  p99 b vs a: +200 ns (.*), 95 % interval \[+100, +300\]: slower$' "$W/out"
t "a test without histograms has no line" sh -c "! grep -q add_long '$W/out'"

"$AIMCMP" --db "$DB" --latency a a >"$W/same"
t "a side against itself: no shift shown" grep -q \
	'^  p50 a vs a: +0 ns (+0.0 %), 95 % interval \[-[0-9]*, +[0-9]*\]: no shift shown$' \
	"$W/same"

"$AIMCMP" --db "$DB" --latency --format csv a b >"$W/csv"
t "CSV: exits 0" test $? -eq 0
t "CSV: a header and a record per tag" test "$(wc -l <"$W/csv")" -eq 3
t "CSV: b's record carries the shifts" grep -q \
	'^[0-9]*,mem_copy_libc_4k_hot,b,.*,200,100,300,200,100,300$' "$W/csv"
"$AIMCMP" --db "$DB" --latency --format json a b >"$W/json"
t "JSON: exits 0" test $? -eq 0
t "JSON: the shift and its interval" sh -c \
	"grep -q '\"p50_shift_ns\": 200' '$W/json' && grep -q '\"p99_hi_ns\": 300' '$W/json'"
t "JSON: the base side has no shift (null)" grep -q '"p50_shift_ns": null' "$W/json"
"$AIMCMP" --db "$DB" --latency --format md a b >"$W/md"
t "Markdown: exits 0" test $? -eq 0
t "Markdown: a header, its rule and a row per tag" test "$(grep -c '^|' "$W/md")" -eq 4

"$AIMCMP" --db "$DB" --latency plain >"$W/plain"
t "a tag with no per-call times says so" grep -q 'timed per call' "$W/plain"
"$AIMCMP" --db "$DB" --latency --format html a b >/dev/null 2>"$W/err2"
t "HTML is refused, saying which formats" sh -c \
	"test $? -eq 1 && grep -q '^aimcmp: --latency: the formats are text, lines, csv, json and markdown' '$W/err2'"
echo "1..$n"
exit $((fails > 0))

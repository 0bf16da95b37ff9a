#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp says what spoils a spread: per-process rates at two levels (a
# warning naming the test, in text, CSV and JSON, and the test's row in
# every format saying both levels and their processes; none for one level),
# the between-boot and within-boot parts of the spread of a side with
# several boots, which way a side of one boot beside one of several
# leans the verdicts, and what to do about a side of one boot.
set -u
S=${AIM_SRCDIR:-.}
NAME=levels
. "$S/t/robust-lib.sh"
. "$S/t/classify-lib.sh"
AIM_DB=${AIM_TEST_DB:-$W/l.db}
export AIM_DB
fc=28:fun_cal:1
{
	csv_header
	# Two levels 40 % apart, each process steady: 4 high, 2 low.
	fixture split 1 - "$fc:730000000,731000000,729000000,730500000,520000000,521000000"
	fixture split2 2 - "$fc:730000000,731000000,729500000,520000000,520500000,521000000"
	fixture plain 3 - "$fc:$(jit 700000000)"
	fixture plain2 4 - "$fc:$(jit 701000000)"
	# Three boots of plain3, 1.5 % apart, each three steady processes.
	fixture boots 5 boot-a "$fc:700000000,700700000,699300000"
	fixture boots 6 boot-b "$fc:710500000,711200000,709800000"
	fixture boots 7 boot-c "$fc:689500000,690200000,688800000"
	fixture oneboot 8 boot-d "$fc:$(jit 700000000)"
} >"$W/fx.csv"
"$AIMDB" import - <"$W/fx.csv" >/dev/null 2>"$W/import.err" ||
	echo "Bail out! the fixture does not import: $(cat "$W/import.err")"
"$AIMCMP" split split2 >"$W/text" 2>&1
"$AIMCMP" -f lines split split2 >"$W/lines" 2>&1
t "two levels: a warning naming the test and both sides" grep -Eq \
	'^# warning: 28 fun_cal: per-process rates at two levels: split \(2 near 5.2e\+08, 4 near 7.3e\+08: 40.[23][0-9] % apart, (no spread within|[0-9]+ x the spread within)\); split2 \(3 near .*more processes, spread over time, do' "$W/lines"
t "... and the table wraps it within 100 columns" sh -c \
	"grep -q '^# warning: 28 fun_cal: per-process rates at two levels' '$W/text' &&
	 awk 'length(\$0) > 100 { bad = 1 } END { exit bad }' '$W/text'"
"$AIMCMP" --format csv split split2 >/dev/null 2>"$W/csv.err"
t "two levels: the warning names both causes" grep -q 'its level (the machine.s speed while it ran, or where its code, stack or data landed: bench/levels tells which)' "$W/lines"
t "two levels: CSV says it on stderr" grep -q '^aimcmp: warning: 28 fun_cal: per-process rates at two levels' "$W/csv.err"
"$AIMCMP" --format json split split2 >"$W/json"
t "two levels: JSON warnings hold it" grep -q '"28 fun_cal: per-process rates at two levels' "$W/json"
# The row of the test says it too, in every format.
L1='split 7.3e+08 and 5.2e+08, 4 and 2 processes'
L2='split2 7.3e+08 and 5.2e+08, 3 and 3 processes'
"$AIMCMP" --wide split split2 >"$W/wide" 2>&1
t "two levels: the table's sub-row under the test" grep -Fq \
	"two levels: $L1; $L2" "$W/wide"
t "... named levels, right after the test's row" sh -c "
	grep -A1 '^ *28  *fun_cal ' '$W/wide' | tail -n 1 | grep -q '^ *levels  '"
t "... the narrow table too" grep -q '^ *levels  .*two levels: split ' "$W/text"
"$AIMCMP" --format lines split split2 >"$W/lines" 2>&1
t "two levels: --format lines, a comment under the row" grep -Fqx \
	"# 28 fun_cal: two levels: $L1; $L2" "$W/lines"
"$AIMCMP" --format csv split split2 >"$W/csv" 2>/dev/null
t "two levels: CSV columns base_levels and new_levels" sh -c "
	head -n 1 '$W/csv' | grep -q ',reason,base_levels,new_levels,base_mean,' &&
	grep -Fq ',\"7.3e+08 and 5.2e+08, 4 and 2 processes\",\"7.3e+08 and 5.2e+08, 3 and 3 processes\"' '$W/csv'"
t "two levels: JSON levels of each side" sh -c "
	grep -A4 '\"levels\": {' '$W/json' | grep -q '\"processes_high\": 4' &&
	grep -A4 '\"levels\": {' '$W/json' | grep -q '\"processes_low\": 2' &&
	test \$(grep -c '\"levels\": {' '$W/json') -eq 2"
"$AIMCMP" --format markdown split split2 >"$W/md" 2>&1
t "two levels: Markdown row under the test" grep -Fq \
	"| | levels | two levels: $L1; $L2 |" "$W/md"
"$AIMCMP" --format html split split2 >"$W/html" 2>&1
t "two levels: HTML row under the test" grep -Fq \
	"<tr class=\"levels\"><td></td><td class=\"l\" colspan=\"11\">two levels: $L1; $L2</td></tr>" "$W/html"
for f in text csv json markdown html lines; do
	"$AIMCMP" --format $f plain plain2 >"$W/plain.$f" 2>/dev/null
done
t "one level: no row says levels, in any format" sh -c "
	! grep -q 'two levels\|^ *levels  \|processes_high\|class=\"levels\"' $W/plain.* &&
	grep -q '\"levels\": null' '$W/plain.json' &&
	sed -n 2p '$W/plain.csv' | grep -Eq ',,[0-9.]+,[0-9.]+,-?[0-9.]+,-?[0-9.]+,\$'"
"$AIMCMP" plain plain2 >"$W/plain" 2>&1
t "one level: no levels warning" sh -c "! grep -q 'two levels' '$W/plain'"
"$AIMCMP" -f lines split plain >"$W/one" 2>&1
t "one side split: only that side named" sh -c \
	"grep -q 'two levels: split (2 near' '$W/one' && ! grep -q '; plain (' '$W/one'"
"$AIMCMP" -f lines boots plain >"$W/boots" 2>&1
t "several boots: between- and within-boot spread" grep -Eq \
	'^# warning: boots: 3 boots: spread of the per-process rates between boots 1\.[45][0-9] %, within a boot 0\.[01][0-9] % \(standard deviations, median over 1 test; most between boots: 28 fun_cal, 1\.[45][0-9] %\)$' "$W/boots"
t "one boot beside several: which way it leans" grep -Eq \
	'^# warning: plain: one boot beside 3 of boots: .* 1\.[45][0-9] % between boots .*verdicts lean towards deciding .*run plain again after a reboot' "$W/boots"
t "one boot only: says what to do" grep -q \
	'^# warning: oneboot: one boot only: between-boot variance unknown; run the same tag again after a reboot (the runs of a tag pool)$' \
	"$("$AIMCMP" -f lines oneboot plain >"$W/ob" 2>&1; echo "$W/ob")"
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp's default text table: golden files (two-way over the 60 classic
# tests, N-way, repeated samples), at most 100 columns for two tags, the
# fields of each row those of --format lines, the gmean line checked
# against the geometric mean of the printed ratios, --wide and --legend.
set -u
S=${AIM_SRCDIR:-.}
NAME=cmp-table
. "$S/t/robust-lib.sh"
D="$S/t/data/report"
AIM_DB=${AIM_TEST_DB:-$W/a.db}
export AIM_DB
golden() {	# golden NAME COMMAND...: stdout equals $D/NAME exactly
	g=$1; shift
	"$@" >"$W/$g" 2>"$W/$g.err"
	t "golden $g" cmp "$D/$g" "$W/$g"
}
# The rows of a table, each with its wrapped units joined, comments and
# the header row and gmean line left out; whitespace collapsed.
rows() {
	awk '/^ *[0-9]+  / { if (r != "") print r; r = $0; next }
	     /^  +[^ ]/ && !/^ +gmean  / && r != "" { r = r " " $0; next }
	     { if (r != "") print r; r = "" }
	     END { if (r != "") print r }' "$1" | tr -s ' ' | sed 's/^ //'
}
"$AIMDB" import --tag bare "$D/bare.txt" >/dev/null &&
	"$AIMDB" import -t quicklist "$D/quicklist.txt" >/dev/null &&
	"$AIMDB" import --split "$D/two-reports.txt" >/dev/null &&
	"$AIMDB" import - <"$D/samples.csv" >/dev/null ||
	echo "Bail out! the fixtures do not import"

golden cmp-table.txt "$AIMCMP" bare quicklist
golden nway-table.txt "$AIMCMP" bare quicklist alpha beta
golden repeated-table.txt "$AIMCMP" v6.8 v6.9
t "two tags, 60 tests: at most 100 columns" awk \
	'length($0) > 100 { print; bad = 1 } END { exit bad }' "$W/cmp-table.txt"
t "a header row names the tags" grep -Eq '^no +test +bare +quicklist +delta +pct +units$' \
	"$W/cmp-table.txt"
"$AIMCMP" --format lines bare quicklist | sed 's/^# //' | grep '^[0-9]' >"$W/lines"
rows "$W/cmp-table.txt" >"$W/rows"
t "every test is a row" test "$(wc -l <"$W/rows")" -eq 60
t "single samples: the fields of each row are those of --format lines" \
	cmp "$W/rows" "$W/lines"
"$AIMCMP" --format lines bare quicklist alpha beta | sed 's/^# //' |
	grep '^[0-9]' >"$W/nlines"
rows "$W/nway-table.txt" >"$W/nrows"
t "N-way: the same fields too" cmp "$W/nrows" "$W/nlines"
# The geometric mean of new/base over the rows with two numbers.
awk '$3 ~ /^[0-9.]+$/ && $4 ~ /^[0-9.]+$/ && $3 > 0 && $4 > 0 {
	s += log($4 / $3); k++ } END { printf "%.2f%%\n", (exp(s / k) - 1) * 100 }' \
	"$W/lines" >"$W/gmean"
t "gmean: the geometric mean of the printed ratios" sh -c \
	"grep -Eq \"^ +gmean +\$(cat '$W/gmean') +-\$\" '$W/cmp-table.txt'"
t "repeated samples: markers beside pct, gmean with its short interval" sh -c \
	"grep -Eq '^12  fork_test .* -7.01% R ' '$W/repeated-table.txt' &&
	 grep -Eq '^ +gmean +-?[0-9.]+% +\\[[-+][0-9.]+,[-+][0-9.]+\\]\$' '$W/repeated-table.txt'"
t "repeated samples: at most 100 columns, the header and warnings wrapped" \
	awk 'length($0) > 100 { print; bad = 1 } END { exit bad }' \
	"$W/repeated-table.txt"
t "repeated samples: short units, no blank at a line's end" sh -c \
	"grep -Eq '^12  fork_test .* mean +tasks/s\$' '$W/repeated-table.txt' &&
	 ! grep -q ' \$' '$W/repeated-table.txt'"
"$AIMCMP" --wide v6.8 v6.9 >"$W/rwide"
t "repeated samples, --wide: the units whole" \
	grep -Eq '^12  fork_test .* Task Creations/second$' "$W/rwide"
"$AIMDB" rename v6.9 6.9.0-rc1-next-20240401 >/dev/null
"$AIMCMP" v6.8 6.9.0-rc1-next-20240401 >"$W/long"
t "a tag wider than its values: the column is headed by its side" sh -c \
	"grep -Eq '^no +test +v6.8 +new +pct ' '$W/long' &&
	 grep -q '^# new: 6.9.0-rc1-next-20240401 (' '$W/long'"
"$AIMDB" rename 6.9.0-rc1-next-20240401 v6.9 >/dev/null
"$AIMCMP" --wide bare quicklist >"$W/wide"
t "--wide: units whole, a row per test" sh -c \
	"test \$(grep -c '^ *[0-9]' '$W/wide') -eq 60 && grep -q ' Thousand Long Integer Additions/second\$' '$W/wide'"
"$AIMCMP" --legend v6.8 v6.9 >"$W/legend"
t "--legend: the long legend instead of one line" sh -c \
	"test \$(grep -c '^# ' '$W/legend') -gt \$(grep -c '^# ' '$W/repeated-table.txt') &&
	 grep -q '^# mdc: minimum detectable change' '$W/legend'"
DB=$AIM_DB
refused "--wide with another format" 1 "--wide and --legend: only for the text table" \
	"$AIMCMP" --wide --format csv bare quicklist
echo "1..$n"
exit $((fails > 0))

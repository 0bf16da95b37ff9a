#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp's default table of two real runs of the whole classic suite
# (tiny periods, so the intervals are as wide as a noisy machine makes
# them): every line, header, warnings, rows and legend, within 100
# columns, the units short; --wide gives them whole.
set -u
S=${AIM_SRCDIR:-.}
NAME=cmp-width
. "$S/t/robust-lib.sh"
DB="$W/w.db"
for tag in 6.1.0-25-amd64 6.1.0-26-amd64; do
	"$AIMRUN" -q --tag "$tag" --duration 0.01 --runs 2 --filesize 64K \
		--db "$DB" --dir "$W/scratch" >/dev/null 2>&1 ||
		echo "Bail out! aimrun of the whole suite failed"
done
"$AIMCMP" --db "$DB" 6.1.0-25-amd64 6.1.0-26-amd64 >"$W/t" 2>"$W/t.err"
t "aimcmp of two real runs exits 0" test $? -eq 0
awk 'length($0) > 100 { print; bad = 1 } END { exit bad }' "$W/t" >"$W/wide"
t "every line within 100 columns" test ! -s "$W/wide"
sed 's/^/# over 100: /' "$W/wide" | cut -c1-160
t "a row per classic test" test "$(grep -c '^ *[0-9][0-9]*  ' "$W/t")" -eq 60
t "the units short" grep -Eq '^ 1  add_double .* k adds/s$' "$W/t"
"$AIMCMP" --db "$DB" --wide 6.1.0-25-amd64 6.1.0-26-amd64 >"$W/w" 2>&1
t "--wide: the units whole" grep -Eq \
	'^ 1  add_double .* Thousand Double Precision Additions/second$' "$W/w"
echo "1..$n"
exit $((fails > 0))

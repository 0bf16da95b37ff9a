#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimplot --latency, checked on the kept script: per function at one size
# a grouped bar chart (routines on x, hot and cold bars per tag, p50 from
# the stored buckets), a CDF per variant ending at 1, another size left
# out, every data string a single-quoted literal (a tag with a quote, a
# test name planted with a quote, a newline and a gnuplot command), and
# the refusals.  With gnuplot, the picture is drawn.
set -u
S=${AIM_SRCDIR:-.}
NAME=plot-latency
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
AIMPLOT="$B/report/aimplot"
DB=$(db_first p.db)

case $(uname -m) in
x86_64) ;;
*)	echo "1..0 # SKIP the mem family runs on x86-64 only"; exit 0 ;;
esac

"$AIMRUN" -q --tag a --db "$DB" --dir "$W" --counters none --duration 0.01 \
	--runs 1 --tests 'mem_copy_libc_4k_*,mem_copy_movsb_4k_*,mem_clear_stosb_4k_hot,mem_copy_libc_1m_hot' \
	2>/dev/null
"$AIMRUN" -q --tag "it's" --db "$DB" --dir "$W" --counters none --latency \
	--duration 0.01 --runs 1 --tests 'mem_copy_libc_4k_hot,add_long' 2>/dev/null
# The newline inside the literal: char() is SQLite's alone.
db_sql "$DB" "UPDATE result SET test = 'evil'' . system(''touch $W/pwned'') . ''
!touch $W/pwned2' WHERE test = 'add_long'"
t "the name with a quote and a newline is planted" test "$(db_val "$DB" \
	"SELECT count(*) FROM result WHERE test LIKE 'evil'' . system(%_!touch %'")" -eq 1

AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$DB" --latency -o "$W/l.png" \
	-s "$W/l.gp" a "it's" 2>/dev/null
t "without gnuplot the script is still written" test -s "$W/l.gp"
t "a bar panel per function at 4k" test "$(grep -c \
	"^set title '[a-z]*' . ' at ' . '4k' . ': p50 per call, hot and cold'$" "$W/l.gp")" -eq 2
t "copy: its routines on x, quoted" grep -qx "set xtics ('libc' 0, 'movsb' 1)" "$W/l.gp"
t "copy: a row per routine, hot and cold of both tags" test "$(sed -n \
	'/^\$bar1 << EOD/,/^EOD/p' "$W/l.gp" | grep -c '^[01] [0-9.e+]* [0-9.e+]* [0-9.e+NaN]* NaN$')" -eq 2
t "clear: no cold variant ran, its bars are NaN" test "$(sed -n \
	'/^\$bar[0-9]* << EOD/,/^EOD/p' "$W/l.gp" | grep -c '^0 [0-9.e+]* NaN NaN NaN$')" -eq 1
t "four bars a routine, each series titled state and tag" sh -c \
	"grep -q \"with boxes lc 4 title 'cold ' . 'it''s'\" '$W/l.gp'"
t "a CDF per variant and tag, the 1m one left out" test \
	"$(grep -c '^\$cdf[0-9]* << EOD$' "$W/l.gp")" -eq 7
t "every CDF ends at 1" test "$(awk '/^\$cdf/ { inb = 1; next }
	/^EOD/ { if (inb) { n++; if (last == 1) one++ } inb = 0; next }
	inb { last = $2 + 0 } END { print (n == one) }' "$W/l.gp")" -eq 1
t "a CDF panel per function and one for the other test" test \
	"$(grep -c ": share of calls below'$" "$W/l.gp")" -eq 3
t "ns on SI ticks: each CDF's x axis, each bar panel's y axis" sh -c "
	test \$(grep -c '^set format x \"%.0s%c\"\$' '$W/l.gp') -eq 3 &&
	test \$(grep -c '^set format y \"%.0s%c\"\$' '$W/l.gp') -eq 2"
t "the planted name is one quoted literal, its newline a ?" grep -qx \
	"set title 'evil'' . system(''touch $W/pwned'') . ''?!touch $W/pwned2' . ': share of calls below'" \
	"$W/l.gp"
t "the data blocks hold numbers only" sh -c "! sed -n '/<< EOD/,/^EOD/p' '$W/l.gp' | grep -v '<< EOD\$' | grep -v '^EOD\$' | grep -q '[^-0-9.e+ NaN]'"
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$DB" --latency --size 1m \
	-o "$W/m.png" -s "$W/m.gp" a 2>/dev/null
t "--size 1m: the 1m variant alone" test "$(grep -c '^\$cdf[0-9]* << EOD$' "$W/m.gp")" -eq 1
"$AIMPLOT" --db "$DB" --latency --size '4k;x' a >/dev/null 2>"$W/e1"
t "--size that is no size is refused" sh -c "test $? -eq 1 && grep -q '^aimplot: --size: ' '$W/e1'"
"$AIMPLOT" --db "$DB" --latency >/dev/null 2>"$W/e2"
t "--latency wants a tag" sh -c "test $? -eq 1 && grep -q '^aimplot: --latency: give one TAG' '$W/e2'"

GP=$(command -v gnuplot || echo /usr/bin/gnuplot)
if [ -x "$GP" ]; then
	AIM_GNUPLOT=$GP "$AIMPLOT" --db "$DB" --latency -o "$W/g.png" a "it's" 2>"$W/g.err"
	t "with gnuplot: a PNG" sh -c "test $? -eq 0 && test \"\$(head -c 4 '$W/g.png' | tail -c 3)\" = PNG"
	(cd "$W" && "$GP" l.gp >/dev/null 2>&1)
	t "the kept script run by gnuplot ran nothing planted" sh -c \
		"test ! -e '$W/pwned' && test ! -e '$W/pwned2'"
else
	skip "gnuplot not installed at '$GP'"
	skip "gnuplot not installed at '$GP'"
fi
echo "1..$n"
exit $((fails > 0))

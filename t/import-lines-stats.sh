#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimdb import reads aimcmp's --format lines as aimcmp prints it with
# repeated samples, the statistics columns (basis, cv, verdict, interval,
# mdc) between the percentage and the units: the imported rates are the
# printed ones, and a damaged statistics column is refused with file:line.
set -u
S=${AIM_SRCDIR:-.}
NAME=import-lines-stats
. "$S/t/robust-lib.sh"
A="$W/a.db" DB=${AIM_TEST_DB:-$W/b.db}
for tag in k1 k2; do
	"$AIMRUN" -q --db "$A" -t $tag -T add_long,fun_cal -d 0.01 -r 3 \
		>/dev/null 2>&1 || exit 1
done
"$AIMCMP" --db "$A" --format lines k1 k2 >"$W/lines.txt" 2>/dev/null
t "aimcmp --format lines of 3 samples a side prints statistics columns" \
	grep -qE '^3 add_long [0-9.]+ [0-9.]+ [-0-9.]+ [-0-9.]+% peak cv ' \
	"$W/lines.txt"
"$AIMDB" --db "$DB" import -t i1 -t i2 "$W/lines.txt" >"$W/out" 2>"$W/err"
t "aimdb import of it succeeds" [ $? -eq 0 ]
t "... with nothing said on stderr" test ! -s "$W/err"
# The printed figures without the statistics: number, name, the rates,
# delta, percentage, units; what the imported comparison prints.
awk '/^[0-9]/ { s = $1; for (i = 2; i <= 6; i++) s = s " " $i
	for (i = 14; i <= NF; i++) s = s " " $i; print s }' \
	"$W/lines.txt" >"$W/want"
"$AIMCMP" --db "$DB" --format lines i1 i2 2>/dev/null | grep '^[0-9]' \
	>"$W/got"
t "the imported rates, delta and percentage are the printed ones" \
	sh -c "test -s '$W/want' && cmp '$W/want' '$W/got'"
t "... for both tests" test "$(wc -l <"$W/got")" -eq 2
no=$(grep -n '^3 add_long' "$W/lines.txt" | cut -d: -f1)
# bad WHAT SED :LINE:MESSAGE: the output edited by SED is refused so.
bad() {
	sed "$2" "$W/lines.txt" >"$W/bad"
	refused "$1" 1 "bad:$3" "$AIMDB" --db "$DB" import -t a -t b "$W/bad"
}
bad "statistics: no cv word" "${no}s/ peak cv / peak xx /" "$no: add_long: statistics"
bad "statistics: an unknown verdict" \
	"${no}s/% \(regressed\|improved\|equivalent\|inconclusive\) /% maybe /" \
	"$no: add_long: statistics"
bad "statistics: no mdc word" "${no}s/\] mdc /] mcd /" "$no: add_long: statistics"
bad "statistics: an interval that is not one" "${no}s/ \[\([^]]*\)\] / (\1) /" \
	"$no: add_long: statistics"
echo "1..$n"
exit $((fails > 0))

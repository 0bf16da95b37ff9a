#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun --list: the units of every test, classic, extra or a family's
# variant, start at the same column, however long the longest name.
set -u
S=${AIM_SRCDIR:-.}
NAME=list-width
. "$S/t/robust-lib.sh"
"$AIMRUN" --list >"$W/list" 2>"$W/err"
t "aimrun --list succeeds" [ $? -eq 0 ]
# A test's line: its number, its name, blanks, then the units.
awk '/^ *[0-9]+ [a-z0-9_]+ / { match($0, /^ *[0-9]+ [a-z0-9_]+ +/)
	print RLENGTH; m = length($2) > m ? length($2) : m }
	END { print "longest " m }' "$W/list" >"$W/at"
t "the longest name listed is over 14 characters (a mem variant)" \
	awk '/^longest/ { exit !($2 > 14) }' "$W/at"
t "every test line's units start at the same column" \
	test "$(grep -vc longest "$W/at")" -gt 60 -a \
	"$(grep -v longest "$W/at" | sort -u | wc -l)" -eq 1
t "... one blank past the longest name" awk \
	'/^longest/ { m = $2 } !/^longest/ { at = $1 }
	END { exit !(at == 6 + 1 + m + 1) }' "$W/at"
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Posted comparisons: per-test blocks ("[kernel] time count loops/s ops/s"
# rows under a units and a name line) import as one run per kernel, and
# aimcmp's line form as two runs, every value exact; the line form of a
# comparison imported and printed again is the same text; anything
# malformed or inconsistent is refused with file:line and nothing stored.
set -u
S=${AIM_SRCDIR:-.}
NAME=import-cmp
. "$S/t/robust-lib.sh"
. "$S/t/csv-lib.sh"
D="$S/t/data/report"
# exact FILE EXPECTED IMPORT-OPTIONS...: the export is t/data/report/EXPECTED
# (its sixteen older columns: the uuid after them is new at every import)
exact() {
	f=$1 e=$2; shift 2
	rm -f "$W/x.db"
	"$AIMDB" --db "$W/x.db" import "$@" "$D/$f" >/dev/null &&
		"$AIMDB" --db "$W/x.db" export | csv20 | cut -d, -f1,3- | sed 's/\(,[^,]*\)\{4\}$//' |
		cmp -s - "$D/$e"
}
t "blocks: one run per [kernel], values exact, tags from the brackets" \
	exact cmp-blocks.txt cmp-blocks.csv --split
t "lines: before and after runs, values and failures exact" \
	exact cmp.txt cmp-lines.csv --split
# quoted FILE EXPECTED: FILE quoted by mail ("> ", CRLF) imports the same.
quoted() {
	sed 's/^/> /; s/$/\r/' "$D/$1" >"$W/q-$1" && rm -f "$W/q.db" &&
		"$AIMDB" --db "$W/q.db" import --split "$W/q-$1" >/dev/null &&
		"$AIMDB" --db "$W/q.db" export | csv20 | cut -d, -f1,3- | sed 's/\(,[^,]*\)\{4\}$//' |
		cmp -s - "$D/$2"
}
t "blocks quoted by mail, CRLF: the same values" quoted cmp-blocks.txt cmp-blocks.csv
t "lines quoted by mail, CRLF: the same values" quoted cmp.txt cmp-lines.csv
t "--format blocks names the kind" \
	exact cmp-blocks.txt cmp-blocks.csv -f blocks --split
t "--format lines names the kind" \
	exact cmp.txt cmp-lines.csv -f lines -t bare -t quicklist
t "--tag gives the kernels other names" sh -c "'$AIMDB' --db '$W/t.db' \
	import -t old -t new '$D/cmp-blocks.txt' && '$AIMDB' --db '$W/t.db' \
	export new | grep -q '^new,.*,277612.02,' && ! '$AIMDB' --db '$W/t.db' \
	export | grep -q linux-2.6"
"$AIMDB" --db "$W/ok.db" import -t bare -t quicklist "$D/cmp.txt" >/dev/null
"$AIMCMP" --db "$W/ok.db" --format lines bare quicklist >"$W/again.txt"
t "aimcmp --format lines prints the imported comparison again, exactly" \
	cmp "$W/again.txt" "$D/cmp.txt"
t "the wrong --format is refused" sh -c "! '$AIMDB' --db '$W/w.db' import \
	-f lines -t a -t b '$D/cmp-blocks.txt' 2>/dev/null"

DB="$W/ok.db"
# bad WHAT FILE SED :LINE:MESSAGE: FILE edited by SED is refused so.
bad() {
	f=bad$((n + 1))
	sed "$3" "$D/$2" >"$W/$f"
	refused "$1" 1 "$f$4" "$AIMDB" --db "$DB" import -t a -t b "$W/$f"
}
bad "lines: delta not after - before" cmp.txt 's/-107550.49/-107550.48/' \
	":5: add_long: delta -107550.48 is not"
bad "lines: percentage not the change" cmp.txt 's/ 0.49% / 0.50% /' \
	":6: add_int: 0.50% is not the change"
bad "lines: wrong units" cmp.txt '4s/Single Precision/Single/' \
	":4: add_float: units"
bad "lines: the first line wrapped by mail" cmp.txt '3s/ 1.85%/\
1.85%/' ":3: expected"
bad "lines: unknown test" cmp.txt 's/^4 add_int /4 add_integer /' \
	":6: expected"
bad "lines: test given twice" cmp.txt '$a\
1 add_double 1.00 2.00 1.00 100.00% Thousand Double Precision Additions/second' \
	":63: add_double given twice"
bad "lines: a commented row with two rates" cmp.txt \
	's/^# 21 sync_disk_cp \([0-9.]*\) fail/# 21 sync_disk_cp \1 12.00/' \
	":23: expected"
bad "lines: text after the comparison" cmp.txt '$a\
Thanks,' ":63: expected"
bad "lines: a rate out of range" cmp.txt 's/^1 add_double 229411.76/1 add_double 1e300/' \
	":3: add_double: before 1e+300 out of range"
bad "blocks: a row without its count" cmp-blocks.txt '9s/ 31 / /' \
	":9: add_double: expected"
bad "blocks: a kernel twice in a block" cmp-blocks.txt '14s/2.6.20/2.6.21/' \
	":14: page_test: kernel [linux-2.6.21] given twice"
bad "blocks: text after a block" cmp-blocks.txt '$a\
Thanks,' ":19: expected"
bad "blocks: a row whose units line is lost" cmp-blocks.txt '6d' \
	":7: a [kernel] row without a units line"
bad "blocks: a block without rows" cmp-blocks.txt '18d' \
	":17: ram_copy: a block without"
bad "blocks: ops/s not loops/s times the factor" cmp-blocks.txt \
	'8s/270000.00/280000.00/' ":8: add_double: ops/s"
bad "blocks: a control character in a kernel name" cmp-blocks.txt \
	'8s/linux/li\x01nux/' ":8: kernel name"
# Without an option, a posted comparison is tagged by its own names.
t "blocks: tags from the brackets with no option" exact cmp-blocks.txt cmp-blocks.csv
t "lines: tags from the header with no option" exact cmp.txt cmp-lines.csv
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Classic console reports as mail and list archives leave them: each kind
# of damage (and all at once) imports with every value exactly as in the
# undamaged report, what stays ambiguous is refused with file:line and
# nothing stored, and aimdb import --dry-run shows the values without
# touching the database.
set -u
S=${AIM_SRCDIR:-.}
NAME=import-mail
. "$S/t/robust-lib.sh"
. "$S/t/csv-lib.sh"
. "$S/t/db-sql.sh"
D="$S/t/data/report"
# stored FILE [TAGS...]: import FILE into a new database, then its table
# (aimdb show) and every sample (the export, tag and run id cut off, and
# the text of failures, which archives respace like any text); a
# database of its own each, named in $W/FILE.target (the undamaged
# report's the first).
stored() {
	f=$1; shift
	if [ "$f" = mail-clean.txt ]; then
		db=$(db_first "$f.db")
	else
		db=$(db_new "$f.db")
	fi
	printf '%s\n' "$db" >"$W/$f.target"
	"$AIMDB" --db "$db" import "$@" "$D/$f" >/dev/null &&
		"$AIMDB" --db "$db" show mail >"$W/$f.show" &&
		"$AIMDB" --db "$db" export mail | csv20 | cut -d, -f3- | sed 's/\(,[^,]*\)\{4\}$//' |
		sed 's/,fail,[^,]*,/,fail,,/' >"$W/$f.csv"
}
same() {	# same FILE [TAGS...]: FILE stores what mail-clean.txt does
	g=$1; shift
	stored "$g" -t mail "$@" &&
		cmp -s "$W/mail-clean.txt.show" "$W/$g.show" &&
		cmp -s "$W/mail-clean.txt.csv" "$W/$g.csv"
}

stored mail-clean.txt -t mail || echo "Bail out! the undamaged report does not import"
# The table as aimdb show prints it is the table of the file, digit for digit.
grep '/second$' "$D/mail-clean.txt" >"$W/rows"
t "undamaged: every row as printed" \
	sh -c "test \$(wc -l <'$W/rows') -eq 59 &&
		grep '/second\$' '$W/mail-clean.txt.show' | cmp -s - '$W/rows'"
t "undamaged: 60 results, new_raph failed" \
	sh -c "test \$(grep -c '^[0-9]' '$W/mail-clean.txt.csv') -eq 60 &&
		'$AIMDB' --db '$(db_first mail-clean.txt.db)' export mail | grep -qF \
		'39,new_raph,1,,fail,Unable to converge after 100 tries.; new_raph: Success; *** Failed to execute new_raph  ***,'"

t "ends at a blank line, no closing rule" same mail-blank-end.txt
t "a blank line between rows: the rows after it carry on the table" \
	same mail-blank-rows.txt
t "ends at the end of the file" same mail-eof.txt
t "ends at the end of the file, no final newline" same mail-eof-noeol.txt
t "ends at the next report's title" same mail-next-title.txt -t oldbox
t "ends at the mail trailer" same mail-trailer.txt
t "whitespace collapsed to single spaces" same mail-collapsed.txt
t "tabs in the rows" same mail-tabs.txt
t "quoted with > and >>" same mail-quoted.txt
t "CRLF line ends" same mail-crlf.txt
t "units wrapped onto the next lines" same mail-units-wrap.txt
t "rows broken inside their numbers" same mail-row-broken.txt
t "two-digit numbers fused to the names" same mail-fused.txt
t "rules broken into a long line and --" same mail-rule-broken.txt
t "headings in other spacing" same mail-headings.txt
t "every kind of damage at once" same mail-all.txt
t "the second report after the title" sh -c \
	"'$AIMDB' --db '$(cat "$W/mail-next-title.txt.target")' export oldbox | grep -c ',ok,' | grep -qx 5"

# Two reports as a list archive shows them, blanks squeezed and no
# closing rule: the comparison is the published one, digit for digit.
archive() {
	sed -e 's/[[:space:]]\{1,\}/ /g' -e 's/^ //' -e 's/ $//' "$D/$1" |
		awk '/^-+$/ { if (++r == 3) exit } { print }' >"$W/$1"
}
archive bare.txt
archive quicklist.txt
t "archived reports lost their closing rule" sh -c \
	"test \$(grep -c -- '^---' '$W/bare.txt') -eq 2 && tail -n 1 '$W/bare.txt' | grep -q '^60 ram_copy'"
ARCHIVE=$(db_new archive.db)
"$AIMDB" --db "$ARCHIVE" import -t bare "$W/bare.txt" >/dev/null &&
	"$AIMDB" --db "$ARCHIVE" import -t quicklist "$W/quicklist.txt" >/dev/null
t "archived reports compare as the published table" sh -c \
	"'$AIMCMP' --db '$ARCHIVE' --format lines bare quicklist | cmp -s - '$D/cmp.txt'"

# Ambiguous: refused with file:line, the database as it was.
DB=$(db_first mail-clean.txt.db)
refused "a line of text inside the table" 1 \
	"mail-bad-text.txt:33: row of exec_test after the end of the table at line 32" \
	"$AIMDB" --db "$DB" import -t bad "$D/mail-bad-text.txt"
refused "a row broken inside a number" 1 "mail-bad-split.txt:24: malformed row" \
	"$AIMDB" --db "$DB" import -t bad "$D/mail-bad-split.txt"
refused "units cut short" 1 \
	'mail-bad-cut.txt:26: malformed row: add_short units "Thousand Short" cut short' \
	"$AIMDB" --db "$DB" import -t bad "$D/mail-bad-cut.txt"

# --dry-run: the values, the database never created (on a server, its
# schema given no tables).
DRY=$(db_new dry.db)
dry() { "$AIMDB" --db "$DRY" import --dry-run -t mail "$D/$1"; }
no_db() { if db_is_pg "$DRY"; then db_bare "$DRY"; else test ! -e "$DRY"; fi; }
dry mail-clean.txt >"$W/dry-clean" 2>&1
dry mail-all.txt >"$W/dry-all" 2>&1; rc=$?
t "dry run: succeeds" test "$rc" -eq 0
t "dry run: no database created" no_db
t "dry run: names the file, line and tag" grep -qx \
	"would import $D/mail-all.txt:18 as mail (60 results)" "$W/dry-all"
t "dry run: the values of the undamaged report" \
	sh -c "sed 1d '$W/dry-all' >'$W/a'; sed 1d '$W/dry-clean' >'$W/c'; cmp -s '$W/a' '$W/c'"
t "dry run: a value as printed" sh -c \
	"grep -A1 -x '  3 add_long rep 1 ok factor 60000' '$W/dry-all' |
		grep -qx '    calls 25014 elapsed_ns 2020000000 ops/s 742990099.01'"
t "dry run: a failure and its reason" grep -q \
	'^  39 new_raph rep 1 fail factor [0-9]* reason Unable to converge' "$W/dry-all"
DB=$DRY
refused "dry run: ambiguous input refused all the same" 1 \
	"mail-bad-split.txt:24: malformed row" dry mail-bad-split.txt
t "dry run: still no database" no_db
echo "1..$n"
exit $((fails > 0))

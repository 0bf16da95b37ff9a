#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimplot of a long store: 25 tags of the 60 classic tests and 8 of the
# mem family.  Every tag drawn is labelled; without tags named the last
# 20 are drawn, said on stderr; past 60 tests a picture per group of
# tests (a PDF's pages), said on stderr; gnuplot draws them readable.
set -u
S=${AIM_SRCDIR:-.}
NAME=plot-many
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
AIMPLOT="$B/report/aimplot"
DB="$W/many.db"
# A tag per minor version, two processes of two samples a test.
{
	echo 'tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops'
	awk -F '\t' 'NR > 1 { print $1 "," $2 "," $3 "," $4 }
		END { print "201,mem_copy_libc_4k_hot,4096,Bytes/second"
		      print "202,mem_copy_libc_4k_cold,4096,Bytes/second"
		      print "209,mem_copy_movsb_4k_hot,4096,Bytes/second"
		      print "210,mem_copy_movsb_4k_cold,4096,Bytes/second"
		      print "273,mem_clear_libc_4k_hot,4096,Bytes/second"
		      print "274,mem_clear_libc_4k_cold,4096,Bytes/second"
		      print "281,mem_clear_stosb_4k_hot,4096,Bytes/second"
		      print "282,mem_clear_stosb_4k_cold,4096,Bytes/second" }' \
		"$S/t/data/aim9-tests.tsv" >"$W/tests"
	for v in $(seq 0 24); do
		awk -F , -v v="$v" '{ for (r = 1; r <= 2; r++)
			for (q = 1; q <= 2; q++)
				printf "6.%d,%d,%d,%s,%d,%d,ok,,%d,1000000000,%s,%s,\n",
				       v, v + 1, $1, $2, r, q, 90 + (v * 7 + r * 3 + q) % 20,
				       $3, $4 }' "$W/tests"
	done
} >"$W/many.csv"
"$AIMDB" --db "$DB" import "$W/many.csv" >/dev/null 2>&1 ||
	echo "Bail out! the store does not import"
labels() {	# labels SCRIPT: the tag labels of its x axis, one a line
	sed -n 's/^set xtics (\(.*\)) rotate.*/\1/p' "$1" |
		tr ',' '\n' | sed "s/^ *'\([^']*\)' [0-9]*\$/\1/"
}
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$DB" -o "$W/m.png" -s "$W/m.gp" \
	2>"$W/m.err"
t "25 tags: the last 20 drawn, said on stderr" grep -qx \
	'aimplot: 25 tags: drawing the last 20, 6.5 to 6.24 (name the tags to draw others)' \
	"$W/m.err"
labels "$W/m.gp" >"$W/m.labels"
t "... every one labelled" sh -c "test \$(wc -l <'$W/m.labels') -eq 20 &&
	test \$(grep -c '^6\\.[0-9]*\$' '$W/m.labels') -eq 20"
t "68 tests: a picture per group of tests, said" sh -c "
	grep -qx 'aimplot: 68 tests: tests 1 to 60 (classic) in $W/m-classic.png' '$W/m.err' &&
	grep -qx 'aimplot: 68 tests: tests 201 to 210 (mem_copy) in $W/m-mem_copy.png' '$W/m.err' &&
	grep -qx 'aimplot: 68 tests: tests 273 to 282 (mem_clear) in $W/m-mem_clear.png' '$W/m.err'"
t "... each its own output and grid" sh -c "
	test \$(grep -c '^set output ' '$W/m.gp') -eq 3 &&
	test \$(grep -c '^set multiplot layout ' '$W/m.gp') -eq 3 &&
	grep -q \"^set multiplot layout 2,2 title .* . ' (' . 'mem_copy' . ')'\" '$W/m.gp'"
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$DB" -o "$W/n.png" -s "$W/n.gp" \
	$(seq -f '6.%g' 0 24) 2>"$W/n.err"
labels "$W/n.gp" >"$W/n.labels"
t "tags named: all 25 drawn and labelled, no window said" sh -c "
	test \$(grep -c '^6\\.[0-9]*\$' '$W/n.labels') -eq 25 &&
	! grep -q 'drawing the last' '$W/n.err'"
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$DB" -o "$W/p.pdf" -s "$W/p.gp" \
	2>"$W/p.err"
t "PDF: one file, a page per group, said" sh -c "
	test \$(grep -c '^set output ' '$W/p.gp') -eq 1 &&
	test \$(grep -c '^set multiplot layout ' '$W/p.gp') -eq 3 &&
	grep -qx 'aimplot: 68 tests: a page per group of tests in $W/p.pdf, classic to mem_clear' '$W/p.err'"
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$DB" -o "$W/c.png" -s "$W/c.gp" \
	-t add_long,fork_test 2>"$W/c.err"
t "a few tests: one picture" sh -c "
	test \$(grep -c '^set output ' '$W/c.gp') -eq 1 && ! grep -q ' tests: ' '$W/c.err'"
# Two machines in one store: each machine's pages are files of their own.
cp "$DB" "$W/two.db"
db_sql "$W/two.db" "UPDATE run SET host = 'h1';
	UPDATE run SET host = 'h2' WHERE tag IN ('6.23', '6.24')" ||
	echo "Bail out! cannot edit the store"
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$W/two.db" -o "$W/h.png" \
	-s "$W/h.gp" 2>"$W/h.err"
t "two machines: a picture per group and machine, none written twice" sh -c "
	grep -q ' (classic-h1) in $W/h-classic-h1.png\$' '$W/h.err' &&
	grep -q ' (classic-h2) in $W/h-classic-h2.png\$' '$W/h.err' &&
	test \$(grep -c '^set output ' '$W/h.gp') -eq \
	     \$(grep '^set output ' '$W/h.gp' | sort -u | wc -l)"
GP=/usr/bin/gnuplot
if [ -x "$GP" ]; then
	AIM_GNUPLOT=$GP "$AIMPLOT" --db "$DB" -o "$W/g.png" 2>/dev/null
	t "gnuplot draws the three pictures" sh -c "test -s '$W/g-classic.png' &&
		test -s '$W/g-mem_copy.png' && test -s '$W/g-mem_clear.png'"
	t "... none taller than 3000 pixels" sh -c "
		for f in '$W'/g-*.png; do
			set -- \$(od -An -tu1 -j20 -N4 \"\$f\")
			test \$((\$1 * 16777216 + \$2 * 65536 + \$3 * 256 + \$4)) -le 3000 || exit 1
		done"
else
	skip "gnuplot not installed at $GP"
	skip "gnuplot not installed at $GP"
fi
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimplot end to end on a small known database (t/data/plot): the listing
# of significant steps and the gnuplot scripts against golden files, real
# gnuplot runs giving PNG, SVG, PDF and one file per test (skipped when
# gnuplot is absent), the temporary directory removed, and the errors:
# missing gnuplot, failing gnuplot, bad options, unknown tags.
set -u
B=${AIM_BUILDDIR:-.}
S=${AIM_SRCDIR:-.}
D="$S/t/data/plot"
AIMPLOT="$B/report/aimplot"
AIMDB="$B/report/aimdb"
W=$(mktemp -d "${TMPDIR:-/tmp}/plot-t.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
AIM_DB=${AIM_TEST_DB:-$W/a.db}
export AIM_DB
unset AIM_GNUPLOT
n=0
t() {	# t DESCRIPTION COMMAND...: one TAP assertion
	d=$1; shift
	n=$((n + 1))
	if "$@" >"$W/t.out" 2>&1; then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"
		sed 's/^/# /' "$W/t.out" | head -n 20
	fi
}
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }
# Scripts name the work directory and the version: make them stable.
normal() { sed -e "s|$W|@W@|g" -e 's/(aimkit [^)]*)/(aimkit VERSION)/' "$1"; }
# fails STATUS MESSAGE DESCRIPTION ARGS...: exit STATUS, one line MESSAGE.
fails() {
	st=$1; msg=$2; d=$3; shift 3
	"$AIMPLOT" "$@" >"$W/f.out" 2>"$W/f.err"; rc=$?
	t "$d: exit $st" test "$rc" -eq "$st"
	t "$d: says why in one line" one_line "$W/f.err" "$msg"
}
magic() {	# magic FILE TEXT: FILE is not empty and starts with TEXT
	test -s "$1" && test "$(head -c ${#2} "$1")" = "$2"
}
one_line() {	# one_line FILE TEXT: FILE is one line that contains TEXT
	test "$(wc -l <"$1")" -eq 1 && grep -qF -- "$2" "$1"
}

t "import a classic report" "$AIMDB" import --tag 2.6.20 "$D/2.6.20.txt"
t "import a CSV export of five tags" "$AIMDB" import "$D/series.csv"

"$AIMPLOT" --steps >"$W/steps.txt" 2>"$W/steps.err"
t "golden steps.txt" diff -u "$D/steps.txt" "$W/steps.txt"
t "tags in version order, the other tag last" grep -qx \
	'# 6 tags in version order: 2.6.20 2.6.21-rc4 2.6.21 2.6.21-quicklist 2.6.22 baseline' \
	"$W/steps.txt"
"$AIMPLOT" --steps --order date >"$W/date.txt"
t "--order date: by first run" grep -qx \
	'# 6 tags in date order: 2.6.20 2.6.21 2.6.22 2.6.21-rc4 baseline 2.6.21-quicklist' \
	"$W/date.txt"
"$AIMPLOT" -S -O given 2.6.22 2.6.21-rc4 >"$W/given.txt"
t "--order given keeps the command line order" grep -qx \
	'# 2 tags in given order: 2.6.22 2.6.21-rc4' "$W/given.txt"
"$AIMPLOT" -S 2.6.22 2.6.21-rc4 >"$W/two.txt"
t "named tags are ordered as versions too" grep -qx \
	'# 2 tags in version order: 2.6.21-rc4 2.6.22' "$W/two.txt"

# The script does not need gnuplot: write it while gnuplot is missing.
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --script "$W/script.gp" \
	--output "$W/trend.png" >"$W/m.out" 2>"$W/m.err"; rc=$?
t "missing gnuplot: exit 2" test "$rc" -eq 2
t "missing gnuplot: names the package" grep -qx \
	'aimplot: gnuplot: not found at /nonexistent: install the Debian package gnuplot-nox' \
	"$W/m.err"
normal "$W/script.gp" >"$W/script.norm"
t "golden script.gp (the grid)" diff -u "$D/script.gp" "$W/script.norm"
AIM_GNUPLOT=/nonexistent "$AIMPLOT" -s "$W/rel.gp" -r -f svg \
	-o "$W/dir/" -t fork_test,exec_test -T 'Box "7" \ 2.6' \
	2.6.21-rc4 2.6.21 2.6.21-quicklist 2.6.22 2>/dev/null
normal "$W/rel.gp" >"$W/rel.norm"
t "golden relative.gp (one SVG per test, quoted title)" \
	diff -u "$D/relative.gp" "$W/rel.norm"

# A measured run: the title names its machine and its suite.
"$B/harness/aimrun" --tag 6.1 --suite mm --duration 0.02 --runs 1 \
	--db "$W/m.db" -q >/dev/null 2>&1
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$W/m.db" -s "$W/m.gp" 2>/dev/null
t "the title names the host and the suite" grep -q \
	"title 'AIM9 operation rates by tag: host $(uname -n), suite mm'" "$W/m.gp"

fails 1 "aimplot: nosuch: no such tag in $AIM_DB" "unknown tag" nosuch
fails 1 "aimplot: 2.6.22: tag given twice" "tag twice" 2.6.22 2.6.22
fails 1 "aimplot: --tests: 'fork': no result of that name in " "unknown test" -t fork
fails 1 "(did you mean fork_test?)" "a near name suggested" -t fork
fails 1 "aimplot: --order: unknown order 'name'" "unknown order" -O name
fails 1 "aimplot: --output: $W/x.jpg: name a .png, .svg or .pdf file" \
	"bad extension" -o "$W/x.jpg"
fails 1 "aimplot: --format svg does not match --output $W/x.png" \
	"format against extension" -f svg -o "$W/x.png"
fails 1 "aimplot: --alpha: not a number between 0 and 0.5" "bad alpha" \
	--alpha 0.5
fails 1 "no such database" "no database" --db "$W/none.db"
"$AIMPLOT" --help >"$W/help"; rc=$?
t "--help: exit 0, usage on stdout" sh -c \
	"test $rc -eq 0 && grep -q '^Usage: aimplot ' '$W/help'"
t "--version names the program" sh -c "'$AIMPLOT' -V | grep -q '^aimplot (aimkit) '"

GP=$(sed -n 's/^#define GNUPLOT_PATH "\(.*\)"$/\1/p' "$B/config.h")
if test -n "$GP" && test -x "$GP"; then
	mkdir "$W/tmp"
	rm -f "$W/trend.png"
	TMPDIR="$W/tmp" "$AIMPLOT" -o "$W/trend.png" >"$W/g.out" 2>&1
	rc=$?
	t "PNG drawn: exit 0, no message" sh -c "test $rc -eq 0 && ! test -s '$W/g.out'"
	t "PNG file is a non-empty PNG" magic "$W/trend.png" "$(printf '\211PNG')"
	t "the temporary directory is gone" sh -c "test -z \"\$(ls -A '$W/tmp')\""
	t "SVG drawn" "$AIMPLOT" --relative -o "$W/trend.svg"
	t "SVG file is a non-empty SVG" grep -q '<svg' "$W/trend.svg"
	"$AIMPLOT" -o "$W/flat.png" 2.6.20 >"$W/flat.out" 2>&1
	rc=$?
	t "single samples (flat panels): drawn without a warning" sh -c \
		"test $rc -eq 0 && ! test -s '$W/flat.out' && test -s '$W/flat.png'"
	t "PDF drawn" "$AIMPLOT" -t fork_test -o "$W/trend.pdf" 2.6.21 2.6.22
	t "PDF file is a non-empty PDF" magic "$W/trend.pdf" "%PDF"
	t "one file per test in a new directory" "$AIMPLOT" -o "$W/per/"
	t "... named by number and test" sh -c "test -s '$W/per/03-add_long.png' &&
		test -s '$W/per/11-exec_test.png' &&
		test -s '$W/per/12-fork_test.png' && test \$(ls '$W/per' | wc -l) -eq 3"
	rm -f "$W/trend.png"
	t "a kept script alone redraws the picture" "$GP" "$W/script.gp"
	t "... as a PNG" magic "$W/trend.png" "$(printf '\211PNG')"
	"$AIMDB" import --again --tag 'odd "tag" \ with $x' "$D/2.6.20.txt" >/dev/null
	t "quotes, backslashes and dollars in a tag are drawn as text" \
		"$AIMPLOT" -o "$W/odd.png" 2.6.20 'odd "tag" \ with $x'
	AIM_GNUPLOT=/bin/false "$AIMPLOT" -o "$W/f.png" >"$W/f.out" 2>"$W/f.err"
	rc=$?
	t "failing gnuplot: exit 2" test "$rc" -eq 2
	t "failing gnuplot: says so" grep -q \
		'^aimplot: gnuplot: failed with exit status 1' "$W/f.err"
else
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
		skip "gnuplot not installed at '$GP' (the Debian package gnuplot-nox)"
	done
fi
echo "1..$n"

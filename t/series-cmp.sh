#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp --series end to end on the small database of t/data/plot: the
# listing is exactly aimplot's (one pipeline, one golden), the orders and
# filters, the CSV and JSON forms against golden files and against the
# listing, and the options that only make sense for two sides refused.
set -u
B=${AIM_BUILDDIR:-.}
S=${AIM_SRCDIR:-.}
P="$S/t/data/plot"
D="$S/t/data/report"
AIMCMP="$B/report/aimcmp"
AIMPLOT="$B/report/aimplot"
AIMDB="$B/report/aimdb"
W=$(mktemp -d "${TMPDIR:-/tmp}/series-cmp-t.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
AIM_DB=${AIM_TEST_DB:-$W/a.db}
export AIM_DB
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
. "$S/t/need.sh"
one_line() {	# one_line FILE TEXT: FILE is one line that contains TEXT
	test "$(wc -l <"$1")" -eq 1 && grep -qF -- "$2" "$1"
}
# fails STATUS MESSAGE DESCRIPTION ARGS...: exit STATUS, one line MESSAGE.
fails() {
	st=$1; msg=$2; what=$3; shift 3
	"$AIMCMP" "$@" >"$W/f.out" 2>"$W/f.err"; rc=$?
	t "$what: exit $st" test "$rc" -eq "$st"
	t "$what: says why in one line" one_line "$W/f.err" "$msg"
	t "$what: prints nothing on stdout" test ! -s "$W/f.out"
}

"$AIMDB" import --tag 2.6.20 "$P/2.6.20.txt" >/dev/null 2>&1
"$AIMDB" import "$P/series.csv" >/dev/null 2>&1

"$AIMCMP" --series >"$W/steps.txt" 2>"$W/steps.err"; rc=$?
t "--series, every tag: exit 0, nothing on stderr" sh -c \
	"test $rc -eq 0 && ! test -s '$W/steps.err'"
t "the listing is aimplot's golden steps.txt" diff -u "$P/steps.txt" "$W/steps.txt"
"$AIMPLOT" --steps >"$W/plot-steps.txt"
t "aimplot --steps prints the same bytes" cmp "$W/steps.txt" "$W/plot-steps.txt"
t "fork_test regressed from 2.6.21 to 2.6.21-quicklist" grep -q \
	'^12 fork_test 2.6.21 2.6.21-quicklist mean -10.14% regressed ' "$W/steps.txt"

"$AIMCMP" -S --order date >"$W/date.txt"
t "--order date: tags by first run" grep -qx \
	'# 6 tags in date order: 2.6.20 2.6.21 2.6.22 2.6.21-rc4 baseline 2.6.21-quicklist' \
	"$W/date.txt"
"$AIMCMP" --series -O given 2.6.22 2.6.21-rc4 >"$W/given.txt"
t "--order given keeps the command line order" grep -qx \
	'# 2 tags in given order: 2.6.22 2.6.21-rc4' "$W/given.txt"
"$AIMCMP" --series 2.6.22 2.6.21 2.6.21-quicklist >"$W/three.txt"
t "named tags are ordered as versions" grep -qx \
	'# 3 tags in version order: 2.6.21 2.6.21-quicklist 2.6.22' "$W/three.txt"
t "... and the steps are between neighbours in that order" sh -c \
	"grep -v '^#' '$W/three.txt' | cut -d' ' -f1-4 | tr '\n' ';' |
	grep -qx '11 exec_test 2.6.21-quicklist 2.6.22;12 fork_test 2.6.21 2.6.21-quicklist;'"
"$AIMCMP" --series --tests fork_test >"$W/fork.txt"
t "--tests: only that test's steps" sh -c \
	"test \$(grep -vc '^#' '$W/fork.txt') -eq 1 && grep -q '^12 fork_test ' '$W/fork.txt'"
t "--tests: the family is that test's steps" grep -q \
	'^# steps between consecutive tags: 5, 1 significant$' "$W/fork.txt"
"$AIMCMP" --series --alpha 0.2 --equivalence 20 >"$W/loose.txt"
t "--alpha and --equivalence reach the statistics" grep -q \
	'q <= 0.2 .*equivalence margin 20%$' "$W/loose.txt"
t "a 20% margin makes both steps equivalent" grep -q \
	'^# no significant step$' "$W/loose.txt"

"$AIMCMP" --series --format csv >"$W/steps.csv"
t "golden steps.csv" diff -u "$D/steps.csv" "$W/steps.csv"
"$AIMCMP" --series -f json >"$W/steps.json"
t "golden steps.json" diff -u "$D/steps.json" "$W/steps.json"
if need python3 python3; then
	t "CSV: every step, the significant ones those of the listing" python3 -c "
import csv, sys
rows = list(csv.DictReader(open('$W/steps.csv')))
assert len(rows) == 14, len(rows)
sig = [' '.join((r['number'], r['test'], r['from'], r['to']))
       for r in rows if r['significant'] == 'true']
text = [' '.join(l.split()[:4]) for l in open('$W/steps.txt')
        if not l.startswith('#')]
assert sig == text, (sig, text)
"
	t "JSON: counts agree with the steps" python3 -c "
import json
d = json.load(open('$W/steps.json'))
s, steps = d['statistics'], d['steps']
assert d['order'] == 'version' and len(d['tags']) == 6
assert s['steps'] == len(steps) == 14
assert s['significant'] == sum(x['significant'] for x in steps) == 2
assert s['one_run'] == 3 and s['family'] == 11
for x in steps:
    st = x['statistics']
    if x['significant']:
        assert st['verdict'] in ('regressed', 'improved'), x
        assert st['q'] <= s['alpha'], x
"
fi

fails 1 "aimcmp: nosuch: no such tag in $AIM_DB" "unknown tag" --series nosuch
fails 1 "aimcmp: 2.6.22: tag given twice" "tag twice" -S 2.6.22 2.6.22
fails 1 "aimcmp: --order: only with --series" "--order alone" \
	-O date 2.6.21 2.6.22
fails 1 "aimcmp: --order: unknown order 'name'" "unknown order" -S -O name
fails 1 "aimcmp: --series: the formats are text, csv and json" \
	"--series with html" --series --format html
fails 1 "aimcmp: --series: the formats are text, csv and json" \
	"--series with markdown" --series -f md
fails 1 "aimcmp: --series: --run, --sort" "--series with --run" \
	--series --run 1
fails 1 "aimcmp: --series: --run, --sort" "--series with --sort" \
	--series --sort pct
fails 1 "aimcmp: --series: --run, --sort" "--series with --fail-on-regression" \
	--series --fail-on-regression
fails 1 "aimcmp: give a BASE tag and at least one NEW tag" \
	"without --series two tags are needed" 2.6.21
# A tag whose only result was skipped: nothing to list.
{ head -n 1 "$D/samples.csv"; grep '^v6.8,7,54,tcp_test,1,' "$D/samples.csv"; } \
	>"$W/skip.csv"
"$AIMDB" --db "$W/e.db" import "$W/skip.csv" >/dev/null 2>&1
"$AIMCMP" --db "$W/e.db" --series >"$W/e.out" 2>"$W/e.err"; rc=$?
t "no ok result at all: exit 1, one line" sh -c \
	"test $rc -eq 1 && test ! -s '$W/e.out' &&
	grep -qx 'aimcmp: no ok results in these tags' '$W/e.err'"
if test -w /dev/full; then
	"$AIMCMP" --series >/dev/full 2>"$W/full.err"; rc=$?
	t "a full stdout: exit 2" test "$rc" -eq 2
	t "a full stdout: one line" one_line "$W/full.err" "aimcmp: stdout: "
else
	skip "no /dev/full"
	skip "no /dev/full"
fi
t "--help shows --series" sh -c "'$AIMCMP' --help | grep -q -- '--series'"
echo "1..$n"

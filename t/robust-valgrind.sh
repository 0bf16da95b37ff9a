#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp and aimdb under valgrind: every verb and output format, good and
# bad input, with no invalid access and no leak of any kind.  Slow (about
# a second a command), so `make check` skips it unless AIM_VALGRIND=1;
# `make valgrind` runs it.
set -u
S=${AIM_SRCDIR:-.}
if [ "${AIM_VALGRIND:-0}" != 1 ]; then
	echo "1..0 # SKIP set AIM_VALGRIND=1 (or run make valgrind)"
	exit 0
fi
if ! command -v valgrind >/dev/null 2>&1; then
	echo "1..0 # SKIP valgrind is not installed"
	exit 0
fi
NAME=robust-valgrind
. "$S/t/robust-lib.sh"
VG="valgrind -q --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all --error-exitcode=99"
# vg WANT PROGRAM ARGS...: exit status WANT and a silent valgrind.
vg() {
	want=$1 prog=$2; shift 2
	n=$((n + 1))
	$VG "$B/report/$prog" "$@" >/dev/null 2>"$W/err"; rc=$?
	if [ "$rc" -eq "$want" ] && ! grep -q '^==[0-9]*==' "$W/err"; then
		echo "ok $n - $prog $*"
	else
		echo "not ok $n - $prog $* (exit $rc)"; fails=$((fails + 1))
		grep '^==' "$W/err" | head -20 | sed 's/^/# /'
	fi
}

for tag in base new; do
	"$AIMRUN" --tag "$tag" --tests add_long,creat-clo,fork_test,disk_rd,tcp_test \
		--duration 0.02 --runs 3 --filesize 64K --db "$W/a.db" \
		--dir "$W/scratch" -q || echo "Bail out! aimrun failed"
done
D="--db $W/a.db"
vg 0 aimcmp $D base new
vg 0 aimcmp $D --format csv base new
vg 0 aimcmp $D --format json base new
vg 0 aimcmp $D --format markdown base new
vg 0 aimcmp $D --tests add_long,disk_rd --sort pct base new base
vg 1 aimcmp $D base nope
vg 1 aimcmp $D --format nope base new
vg 0 aimdb $D list
vg 0 aimdb $D show base
vg 0 aimdb $D check
vg 0 aimdb $D export -o "$W/x.csv"
vg 0 aimdb $D export --format json -o "$W/x.json" base
vg 0 aimdb --db "$W/b.db" import "$W/x.csv"
vg 0 aimdb $D import --tag bare "$S/t/data/report/bare.txt"
vg 0 aimdb $D import --split "$S/t/data/report/two-reports.txt"
vg 0 aimdb $D import --tag l1 --tag l2 "$S/t/data/report/logfile.suite9"
vg 0 aimdb $D import --split "$S/t/data/report/suite9.ss"
vg 1 aimdb $D import --tag bad "$S/t/data/report/bad-line.suite9"
vg 1 aimdb $D import "$S/t/data/report/bad-columns.csv"
vg 0 aimdb $D rename bare bare2
vg 0 aimdb $D rm bare2
vg 1 aimdb $D show nope
vg 1 aimdb $D frob
printf 'not a database\n' >"$W/text.db"
vg 2 aimdb --db "$W/text.db" list
vg 2 aimcmp --db "$W/text.db" base new
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Without a terminal (a log, CI) aimrun says on stderr, as each test run
# starts, the line a terminal shows in place: which run of which test,
# of how many, and the time left; -q and $AIM_PROGRESS=none keep them out.
set -u
S=${AIM_SRCDIR:-.}
NAME=progress
. "$S/t/robust-lib.sh"
DB="$W/p.db"
run() {	# run TAG [OPTION]...: two tests, two runs, stderr to a file
	tag=$1; shift
	"$AIMRUN" --tag "$tag" --db "$DB" --dir "$W/scratch" --duration 0.01 \
		--runs 2 --tests add_long,fork_test "$@" >"$W/$tag.out" \
		2>"$W/$tag.err"
}
(unset AIM_PROGRESS; run lines)
t "a line per test run, in the order they run" sh -c "
	sed 's/, ETA [0-9]*:[0-5][0-9]\$//' '$W/lines.err' >'$W/got' &&
	printf '%s\n' '[1/4] add_long run 1' '[2/4] fork_test run 1' \
		'[3/4] add_long run 2' '[4/4] fork_test run 2' | cmp -s - '$W/got'"
t "each with the time left" test "$(grep -c ', ETA [0-9]*:[0-5][0-9]$' \
	"$W/lines.err")" -eq 4
t "no terminal control in a log" sh -c "! grep -q \"\$(printf '\\r')\" '$W/lines.err'"
t "the table as ever" test "$(grep -c '^ *[0-9][0-9]* \(add_long\|fork_test\) ' \
	"$W/lines.out")" -eq 2
(unset AIM_PROGRESS; run quiet -q)
t "-q: none" test ! -s "$W/quiet.err"
AIM_PROGRESS=none run none
t "AIM_PROGRESS=none: none" test ! -s "$W/none.err"
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp --classify GOOD BAD CANDIDATE for git bisect run: 0 like good,
# 1 like bad, 125 cannot tell (between them, missing tests, tests that
# disagree), 128 on every error, never 1; the reason lines name the
# tests that decided with their numbers.
set -u
S=${AIM_SRCDIR:-.}
NAME=classify
. "$S/t/robust-lib.sh"
. "$S/t/classify-lib.sh"
AIM_DB=${AIM_TEST_DB:-$W/c.db}
export AIM_DB
add=3:add_long:60000:$(jit 6000000)
side() {	# side TAG RUN FORK EXEC: fork_test and exec_test at these rates
	fixture "$1" "$2" - "12:fork_test:100:$(jit "$3")" \
		"11:exec_test:5:$(jit "$4")" "$add"
}
{
	csv_header
	side good 1 100000 2000
	side bad 2 90000 1800
	side cand-good 3 100000 2000
	side cand-near 4 99000 1990
	side cand-bad 5 90000 1800
	side cand-mid 6 94868 1897
	side cand-mixed 7 100000 1800
	fixture cand-missing 8 - "$add"
	fixture cand-one 9 - "12:fork_test:100:100000" "11:exec_test:5:2000" "$add"
} >"$W/fx.csv"
"$AIMDB" import - <"$W/fx.csv" >/dev/null 2>"$W/import.err" ||
	echo "Bail out! the fixture does not import: $(cat "$W/import.err")"
classify() {	# classify DESC CODE PATTERN ARG...: exit CODE, PATTERN in stdout
	d=$1 code=$2 pat=$3; shift 3
	"$AIMCMP" --classify "$@" >"$W/out" 2>"$W/err"; rc=$?
	t "$d: exit $code (got $rc)" sh -c "[ $rc -eq $code ] && grep -Eq -- '$pat' '$W/out'"
}
classify "candidate equal to good" 0 '^like good \(exit 0\): of 2 tests that tell good from bad, 2 say good, 0 bad, 0 unsure; 1 test ignored' \
	good bad cand-good
t "the deciding tests are named with their numbers" sh -c \
	"grep -Eq '^  11 exec_test: bad -10.0[0-9]%, candidate [+-]0.00%, position -?0.00 .*: good\$' '$W/out' &&
	 grep -Eq '^  12 fork_test: bad -10.0[0-9]%, .*: good\$' '$W/out' &&
	 ! grep -q add_long '$W/out'"
classify "candidate close to good" 0 '^like good' good bad cand-near
classify "candidate equal to bad" 1 '^like bad \(exit 1\): of 2 tests .* 0 say good, 2 bad' \
	good bad cand-bad
t "like bad: position 1" grep -Eq '^  12 fork_test: .* position 1.00 \[.*: bad$' "$W/out"
classify "candidate halfway" 125 '^cannot tell \(exit 125\): .* 0 say good, 0 bad, 2 unsure' \
	good bad cand-mid
t "halfway: why" grep -q 'position 0.50 .*: unsure, its interval spans the midpoint$' "$W/out"
classify "tests that disagree" 125 '^cannot tell .* 1 says good, 1 bad, 0 unsure' \
	good bad cand-mixed
classify "deciding tests missing on the candidate" 125 \
	'^  12 fork_test: bad -10.0[0-9]%, candidate -: unsure, missing on the candidate$' \
	good bad cand-missing
classify "one process on the candidate" 125 \
	'fewer than 2 processes on the candidate$' good bad cand-one
classify "--tests: only fork_test decides" 0 '^like good .* of 1 test that tells|^like good .* of 1 test that' \
	--tests fork_test good bad cand-mixed
classify "--tests: exec_test alone says bad" 1 '^like bad' \
	--tests exec_test good bad cand-mixed
# Errors abort the bisect (git bisect run stops on 128 and above).
aborts() {	# aborts DESC PATTERN ARG...: exit 128, one line on stderr
	d=$1 pat=$2; shift 2
	"$AIMCMP" "$@" >/dev/null 2>"$W/err"; rc=$?
	t "$d: exit 128 (got $rc)" sh -c "[ $rc -eq 128 ] && [ \$(wc -l <'$W/err') -eq 1 ] && grep -qi -- '$pat' '$W/err'"
}
aborts "no test tells good from bad" "nothing to bisect on" \
	--classify --tests add_long good bad cand-good
aborts "unknown tag" "nosuch" --classify good bad nosuch
aborts "no database" "" --classify --db "$W/none.db" good bad cand-good
aborts "two tags" "GOOD, BAD and CANDIDATE" --classify good bad
aborts "a bad option before --classify" "bogus" --bogus --classify good bad cand-good
aborts "abbreviated --classify, bad option" "bogus" --bogus --class good bad cand-good
aborts "a format" "only --db" --classify --format csv good bad cand-good
aborts "unknown test" "nosuch" --classify --tests nosuch_test good bad cand-good
# The verdict must reach git bisect: an unwritable output is an error too.
if test -w /dev/full; then
	"$AIMCMP" --classify good bad cand-good >/dev/full 2>"$W/err"; rc=$?
	t "an output that cannot be written: exit 128 (got $rc), one line" sh -c \
		"[ $rc -eq 128 ] && [ \$(wc -l <'$W/err') -eq 1 ] && grep -q 'stdout' '$W/err'"
else
	skip "no /dev/full"
fi
printf 'not a database\n' >"$W/junk.db"
aborts "a file that is not a database" "" --classify --db "$W/junk.db" good bad cand-good
t "without --classify, errors keep their status" sh -c \
	"'$AIMCMP' good nosuch >/dev/null 2>&1; [ \$? -eq 1 ]"
echo "1..$n"
exit $((fails > 0))

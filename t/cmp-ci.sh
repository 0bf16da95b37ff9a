#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp --format junit and --format tap: one test case per test, a
# regression a failure (JUnit) or "not ok" (TAP) with its numbers, a test
# missing from NEW or one that crashed there an error (not ok), one
# missing from the base a skip; a comparison of no test an error of its
# own and, with --fail-on-regression, exit 4, as is a test missing or
# failed on NEW; every warning of the text in both; the JUnit
# output valid against the JUnit schema (t/data/junit.xsd), the TAP
# output read by Perl's TAP parser as exactly the tests compared, even
# with a test name holding XML specials, '#', a newline, an escape and
# bytes that are not UTF-8.
set -u
S=${AIM_SRCDIR:-.}
NAME=cmp-ci
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
DB=$(db_first a.db)
AIM_CHECK=quiet AIM_COUNTERS=none
export AIM_CHECK AIM_COUNTERS
q() { db_sql "$DB" "$1"; }
for tag in one one two two; do
	"$AIMRUN" --duration 0.01 --runs 2 --filesize 16K --db "$DB" \
		--dir "$W/scratch" -q --tag "$tag" \
		--tests add_long,creat-clo,page_test,brk_test ||
		echo "Bail out! aimrun could not make a database"
done
# Rates fixed by hand: add_long halves on two (a regression), the others
# stay; a little spread so every side has a variance.
EVIL=$(printf 'ev<i>l&"x\n# SKIP\033[31m\377]]>')
hex=$(printf '%s' "$EVIL" | od -An -tx1 | tr -d ' \n')
# The name: on SQLite a blob cast to text, so a byte that is not UTF-8
# too; a server's UTF8 text cannot hold that byte, and the rest is
# written as it is there (x'..' and the cast are SQLite's).
evil="CAST(x'$hex' AS TEXT)" shown='ev<i>l&"x?# SKIP?[31m?]]>'
if db_is_pg "$DB"; then
	evil="'$(printf 'ev<i>l&"x\n# SKIP\033[31m]]>')'" shown='ev<i>l&"x?# SKIP?[31m]]>'
fi
two="(SELECT r.id FROM result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'two'"
q "UPDATE sample SET calls = 100000 + (result_id * 7 + seq) % 13 * 100,
	elapsed_ns = 10000000;
UPDATE sample SET calls = calls / 2 WHERE result_id IN $two AND r.test = 'add_long');
DELETE FROM result WHERE id IN $two AND r.test = 'page_test');
UPDATE result SET status = 'crash', reason = 'signal 11' WHERE id IN $two
	AND r.test = 'brk_test');
UPDATE result SET test = $evil WHERE test = 'creat-clo';" ||
	echo "Bail out! the database could not be edited"
t "the rates, the regression, the crash and the name are planted" test \
	"$(db_val "$DB" "SELECT count(*) FROM result WHERE test LIKE 'ev<i>l&%'
	OR status = 'crash'")$(db_val "$DB" "SELECT count(DISTINCT elapsed_ns)
	FROM sample")$(db_val "$DB" "SELECT count(*) FROM result AS r JOIN run AS u
	ON u.id = r.run_id WHERE u.tag = 'two' AND r.test = 'page_test'")" = 1210

"$AIMCMP" --db "$DB" --format junit one two >"$W/out.xml" 2>"$W/err"; rc=$?
t "junit: exit 0 without --fail-on-regression" test "$rc" -eq 0
"$AIMCMP" --db "$DB" --format junit --fail-on-regression one two \
	>"$W/fail.xml" 2>/dev/null; rc=$?
t "junit --fail-on-regression: exit 3, the same document" \
	sh -c "test $rc -eq 3 && cmp -s '$W/out.xml' '$W/fail.xml'"
t "junit: no control character but newline" \
	sh -c "test \$(LC_ALL=C tr -d '\n\040-\176\200-\377' <'$W/out.xml' | wc -c) -eq 0"
if need xmllint libxml2-utils; then
	t "junit: valid against the JUnit schema" \
		xmllint --noout --schema "$S/t/data/junit.xsd" "$W/out.xml"
	x() { xmllint --xpath "$1" "$W/out.xml" 2>/dev/null; }
	t "junit: one test case per test" test "$(x 'count(//testcase)')" = 4
	t "junit: the regression is the one failure" \
		test "$(x 'string(//testcase[failure]/@name)')" = add_long
	t "junit: the failure's message holds the numbers" sh -c \
		"xmllint --xpath 'string(//failure/@message)' '$W/out.xml' |
		 grep -q '^add_long [0-9.]* -> [0-9.]* .*(-50\.[0-9]*%), regressed, interval \[-'"
	t "junit: the counts in the attributes" test \
		"$(x 'concat(/testsuites/@tests, /testsuites/@failures, /testsuites/@errors, /testsuites/@skipped)')" = 4120
	t "junit: a test missing from NEW is an error" \
		test "$(x 'string(//testcase[@name="page_test"]/error/@type)')" = missing
	t "junit: a crash on NEW is an error with its status" \
		test "$(x 'string(//testcase[@name="brk_test"]/error/@type)')" = crash
	t "junit: the hostile name keeps its specials, escaped" sh -c \
		"xmllint --xpath 'string(//testcase[2]/@name)' '$W/out.xml' |
		 grep -qxF -- \"\$1\"" sh "$shown"
fi

"$AIMCMP" --db "$DB" --format tap one two >"$W/out.tap" 2>/dev/null; rc=$?
t "tap: exit 0 without --fail-on-regression" test "$rc" -eq 0
t "tap: KTAP version line, then the plan" \
	test "$(head -n 2 "$W/out.tap" | tr '\n' ' ')" = "KTAP version 1 1..4 "
t "tap: the regression is 'not ok'" grep -qx 'not ok 1 add_long' "$W/out.tap"
t "tap: a missing test is 'not ok', with its reason" sh -c \
	"grep -qx 'not ok 3 page_test' '$W/out.tap' &&
	 grep -qx '# missing on two' '$W/out.tap'"
t "tap: the numbers as a diagnostic" \
	grep -q '^# add_long [0-9.]* -> [0-9.]* .*regressed' "$W/out.tap"
if perl -MTAP::Parser -e 1 2>/dev/null; then
	# passed failed skipped planned, as the parser counts them
	counts() {
		perl -MTAP::Parser -e '
			my $p = TAP::Parser->new({ source => $ARGV[0] });
			1 while $p->next;
			my @f = $p->failed; my @s = $p->skipped;
			print scalar($p->passed), " ", scalar(@f), " ",
			      scalar(@s), " ", $p->tests_planned, " ",
			      scalar($p->parse_errors), "\n";' "$1"
	}
	t "tap: the parser reads 4 tests: 1 ok, 3 not ok" \
		test "$(counts "$W/out.tap")" = "1 3 0 4 0"
	"$AIMCMP" --db "$DB" --format tap one one >"$W/same.tap" 2>/dev/null
	"$AIMCMP" --db "$DB" --format tap one two one >"$W/two.tap" 2>/dev/null
	t "tap: with NEW sides as subtests, one test point each" \
		test "$(counts "$W/two.tap")" = "1 1 0 2 0"
	if need prove build-essential; then
		t "prove: a comparison without regression passes" \
			prove -e cat "$W/same.tap"
		t "prove: one with a regression fails" sh -c \
			"! prove -e cat '$W/out.tap'"
	fi
else
	skip "Perl's TAP::Parser not found"
	skip "Perl's TAP::Parser not found"
	skip "Perl's TAP::Parser not found"
	skip "Perl's TAP::Parser not found"
fi

# The gates that must not pass: a test missing or failed on NEW, and a
# comparison of no test at all (no result of 100 copies).
"$AIMCMP" --db "$DB" --fail-on-regression --tests page_test,brk_test one two \
	>/dev/null 2>"$W/inc.err"; rc=$?
t "--fail-on-regression, tests missing or failed on NEW: exit 4, said" sh -c \
	"test $rc -eq 4 && grep -q '^aimcmp: --fail-on-regression: 2 tests missing, failed or without a usable process on a NEW side' '$W/inc.err'"
"$AIMCMP" --db "$DB" --fail-on-regression --copies 100 -f junit one two \
	>"$W/none.xml" 2>"$W/none.err"; rc=$?
t "--fail-on-regression, no test compared: exit 4, said" sh -c \
	"test $rc -eq 4 && grep -q 'no test was compared' '$W/none.err'"
t "junit: no test compared is an error case" sh -c \
	"grep -q '<testsuites name=\"aimcmp\" tests=\"1\" failures=\"0\" errors=\"1\"' '$W/none.xml' &&
	 grep -q '<error message=\"no test was compared against two' '$W/none.xml'"
"$AIMCMP" --db "$DB" --copies 100 -f tap one two >"$W/none.tap" 2>/dev/null
t "tap: no test compared is 'not ok'" grep -qx 'not ok 1 comparison' "$W/none.tap"
"$AIMCMP" --db "$DB" --fail-on-regression --tests add_long,creat-clo one one \
	>/dev/null 2>&1; rc=$?
t "--fail-on-regression: a complete comparison without regression, exit 0" \
	test "$rc" -eq 0
# Every warning of the text reaches both (the boot warnings among them).
"$AIMCMP" --db "$DB" -f lines one two 2>/dev/null |
	sed -n 's/^# warning: //p' >"$W/warn.txt"
"$AIMCMP" --db "$DB" -f tap one two 2>/dev/null >"$W/w.tap"
"$AIMCMP" --db "$DB" -f junit one two 2>/dev/null >"$W/w.xml"
t "every warning of the text is a TAP diagnostic and a JUnit property" sh -c '
	test -s "$1" || exit 1
	while IFS= read -r w; do
		grep -qxF "# $w" "$2" || exit 1
		x=$(printf "%s" "$w" | sed "s/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/\"/\&quot;/g; s/'"'"'/\&apos;/g")
		grep -qF "<property name=\"warning\" value=\"$x\"/>" "$3" || exit 1
	done <"$1"' sh "$W/warn.txt" "$W/w.tap" "$W/w.xml"
echo "1..$n"
exit $((fails > 0))

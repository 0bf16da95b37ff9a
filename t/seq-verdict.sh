#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# One verdict per question: aimcmp of a pair where NEW was grown by
# aimrun --until-decided against BASE gives aimrun's sequential verdicts
# (replayed on the stored processes), says so in its header, CSV and
# JSON, and says why not when the base has gained runs since or NEW
# pools other runs.
set -u
S=${AIM_SRCDIR:-.}
NAME=seq-verdict
. "$S/t/robust-lib.sh"
# Noisy processes would leave tests without a base on a loaded machine;
# the noise rules are t/rounds-t's and t/seq-t's.
AIM_CHECK=quiet AIM_COUNTERS=none AIM_NOISE=keep
export AIM_CHECK AIM_COUNTERS AIM_NOISE
DB=$W/s.db
R="--db $DB --dir $W/scratch --duration 0.01 -q --tests add_long,calibrate,fork_test"

# shellcheck disable=SC2086
AIM_CALIBRATE_WORK=1000 "$AIMRUN" $R --tag a --runs 5 ||
	echo "Bail out! the base run failed"
# shellcheck disable=SC2086
AIM_CALIBRATE_WORK=1300 "$AIMRUN" $R --tag b --runs 2 --against a \
	--until-decided --budget 4s >/dev/null 2>&1 ||
	echo "Bail out! the sequential run failed"
# The end report is not printed with -q: what aimrun decided is in the
# run's facts.
facts() {
	sqlite3 "$DB" "SELECT substr(e.key, 5) || ' ' || e.value FROM run_env e
		JOIN run u ON u.id = e.run_id WHERE u.tag = 'b' AND e.key LIKE 'seq.%'
		AND e.key NOT IN ('seq.against', 'seq.base_runs', 'seq.alpha',
		'seq.equivalence', 'seq.family', 'seq.noise') ORDER BY e.key"
}
facts >"$W/facts"
t "aimrun stored what it decided, per test" test "$(wc -l <"$W/facts")" -eq 3
"$AIMCMP" --db "$DB" -f lines a b >"$W/lines" 2>&1; rc=$?
t "aimcmp a b: exit 0" test "$rc" -eq 0
t "... the header says the verdicts are the sequential ones" grep -q \
	'^# sequential: b was grown by aimrun --until-decided against a: its verdicts, intervals and mdc are those of its looks' \
	"$W/lines"
# aimrun's word for each test against aimcmp's verdict of its row.
awk '{ print $1, ($2 == "undecided" ? "inconclusive" : $2) }' "$W/facts" |
	sort >"$W/aimrun.v"
awk '$1 ~ /^[0-9]+$/ { for (i = 1; i <= NF; i++) if ($i == "cv") { print $2, $(i + 2); break } }' \
	"$W/lines" | sort | join - "$W/aimrun.v" | cut -d' ' -f1,2 >"$W/aimcmp.v"
t "... and each test's verdict is aimrun's" cmp "$W/aimrun.v" "$W/aimcmp.v"
sed 's/^/# /' "$W/aimrun.v"
"$AIMCMP" --db "$DB" -f csv a b >"$W/csv" 2>/dev/null
t "CSV: the looks of each sequential verdict" sh -c \
	"head -n 1 '$W/csv' | grep -q ',looks\$' && test \$(grep -c ',[0-9][0-9]*\$' '$W/csv') -eq 3"
"$AIMCMP" --db "$DB" -f json a b >"$W/json" 2>/dev/null
t "JSON: sequential, with its looks" test \
	"$(grep -c '"sequential": true' "$W/json")" -eq 3
t "aimcmp's verdict: one check at least, not vacuous" test -s "$W/aimcmp.v"
# A fixed-sample comparison of the same processes is another question:
# the sequential verdicts stand outside the correction of the table.
t "... outside the correction: the family is empty" grep -q \
	'^# statistics: .* 0 comparisons corrected together' "$W/lines"

# The base gains a run: not the pair aimrun compared, and said.
# shellcheck disable=SC2086
AIM_CALIBRATE_WORK=1000 "$AIMRUN" $R --tag a --runs 2 ||
	echo "Bail out! the base run failed"
"$AIMCMP" --db "$DB" -f lines a b >"$W/more" 2>&1
t "the base gained runs: said, and the verdicts are fixed-sample ones" sh -c \
	"grep -q '^# warning: b was grown by aimrun --until-decided against runs 1 of a, which now holds runs 1,3: ' '$W/more' &&
	 ! grep -q '^# sequential:' '$W/more'"
"$AIMCMP" --db "$DB" -r 1 -r 2 a b >"$W/picked" 2>&1
t "... --run picks the pair again" grep -q '^# sequential: b ' "$W/picked"
# NEW pools another run.
# shellcheck disable=SC2086
AIM_CALIBRATE_WORK=1300 "$AIMRUN" $R --tag b --runs 2 ||
	echo "Bail out! the new run failed"
"$AIMCMP" --db "$DB" -f lines -r 1 -r 2 -r 4 a b >"$W/pooled" 2>&1
t "NEW pools another run: said" grep -q \
	'^# warning: b pools 2 runs, one of them (run 2) grown by aimrun --until-decided against a: ' \
	"$W/pooled"
echo "1..$n"
exit $((fails > 0))

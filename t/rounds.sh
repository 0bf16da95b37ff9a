#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun --precision and --until-decided end to end: the default run is
# unchanged, the added rounds are repetitions of the same run, the budget
# ends them, a large known change is found regressed, an unknown base is
# refused before anything is measured, and bad values are refused.
set -u
S=${AIM_SRCDIR:-.}
NAME=rounds
. "$S/t/robust-lib.sh"
# The rules about noisy samples are the unit tests' (t/rounds-t, t/seq-t):
# on a loaded machine (make -j check) every sample here may be noisy.
export AIM_COUNTERS=none AIM_NOISE=keep
q() { sqlite3 "$DB" "$1"; }
DB="$W/r.db"
R="--db $DB --dir $W/scratch --duration 0.01"

# shellcheck disable=SC2086
AIM_CALIBRATE_WORK=1000 "$AIMRUN" $R --tag plain --tests add_long,calibrate \
	--runs 2 >"$W/plain" 2>&1
t "the default run: no rounds added, none said" sh -c "
	test \"\$(sqlite3 '$DB' \"SELECT count(*) FROM result r JOIN run u
		ON u.id = r.run_id WHERE u.tag = 'plain'\")\" -eq 4 &&
	! grep -q '^round\|^Precision' '$W/plain'"

start=$(date +%s)
# shellcheck disable=SC2086
AIM_CALIBRATE_WORK=1000 "$AIMRUN" $R --tag prec --tests add_long,calibrate \
	--runs 2 --precision 0.01 --budget 3s >"$W/prec" 2>"$W/err"
rc=$?
took=$(( $(date +%s) - start ))
t "--precision exits 0" test "$rc" -eq 0
t "rounds were added: more than 2 repetitions a test" test \
	"$(q "SELECT min(c) FROM (SELECT count(*) c FROM result r JOIN run u
		ON u.id = r.run_id WHERE u.tag = 'prec' GROUP BY test)")" -gt 2
t "all rounds are one run, repetitions numbered 1..n" test \
	"$(q "SELECT count(DISTINCT run_id) || ' ' || sum(ok) FROM (SELECT
		r.test, min(r.run_id) run_id, max(r.run_id) last,
		count(*) = max(r.rep) AND count(DISTINCT r.rep) = count(*)
		AND min(r.rep) = 1 ok FROM result r JOIN run u
		ON u.id = r.run_id WHERE u.tag = 'prec' GROUP BY r.test)
		WHERE run_id = last")" = "1 2"
t "the budget of 3 s ends the rounds (took ${took} s)" test "$took" -le 6
t "each round says what is open and the budget left" \
	grep -q '^round [0-9]*: [0-9] of 2 tests open, [0-9.]* s of the budget left$' "$W/prec"
t "the end says, per test, not reached and the half-width" sh -c "
	grep -q '^Precision +/-0.01% .*: 0 of 2 reached' '$W/prec' &&
	grep -q '^add_long  *not reached  *+/-[0-9.]*%' '$W/prec' &&
	grep -q '^calibrate  *not reached  *+/-[0-9.]*%' '$W/prec'"

# A hundredfold slower calibrate is found, and the extra rounds go only to
# the test still open.
# shellcheck disable=SC2086
AIM_CALIBRATE_WORK=1000 "$AIMRUN" $R --tag base --tests calibrate --runs 10 \
	-q || echo "base run failed" >&2
# shellcheck disable=SC2086
AIM_CALIBRATE_WORK=100000 "$AIMRUN" $R --tag slow --tests calibrate,add_long \
	--runs 3 --against base --until-decided --budget 5s >"$W/dec" 2>"$W/err"
rc=$?
grep -v '^round' "$W/dec" | sed 's/^/# /'
sqlite3 "$DB" "SELECT '# base ' || r.rep || ' ' || s.calls || ' ' || s.elapsed_ns FROM result r JOIN run u ON u.id = r.run_id JOIN sample s ON s.result_id = r.id WHERE u.tag = 'base' AND s.seq = 1"
t "--until-decided exits 0" test "$rc" -eq 0
t "the known change is regressed" grep -q '^calibrate  *regressed  *\[-9[0-9.]*%,-[0-9.]*%\]' "$W/dec"
t "a test without a base is said and not re-run" sh -c "
	grep -q '^add_long  *no base' '$W/dec' &&
	test \"\$(sqlite3 '$DB' \"SELECT count(*) FROM result r JOIN run u
		ON u.id = r.run_id WHERE u.tag = 'slow' AND
		r.test = 'add_long'\")\" -eq 3"
t "the end says what was decided" grep -q '^Against base: 1 of 2 tests decided' "$W/dec"

# A base of two processes can never let a test be called equivalent: said
# before measuring and at the end; looks come on the schedule, not every
# round (4, 6, 9, 14, ... processes, and once when the budget ends).
# shellcheck disable=SC2086
AIM_CALIBRATE_WORK=1000 "$AIMRUN" $R --tag thin --tests calibrate --runs 2 -q ||
	echo "thin base run failed" >&2
# shellcheck disable=SC2086
AIM_CALIBRATE_WORK=1000 "$AIMRUN" $R --tag thin2 --tests calibrate --runs 2 \
	--against thin --until-decided --budget 3s --equivalence 0.1 >"$W/thin" 2>"$W/thin.err"
rc=$?
sed 's/^/# /' "$W/thin.err"
t "--until-decided against a thin base exits 0" test "$rc" -eq 0
t "a thin base is said before measuring, with what to do" grep -q \
	"^aimrun: --against thin: 1 of 1 tests cannot be called equivalent: its processes leave an interval of +/-[0-9.]*% to +/-[0-9.]*% at best (margin +/-0.1%); make the base precise on its kernel first (aimrun --tag thin --precision 0.043: tags pool)$" \
	"$W/thin.err"
t "the end says the base's floor" \
	grep -q '^calibrate  *undecided  *mdc .*; the base allows +/-[0-9.]*% at best)$' "$W/thin"
looks=$(sed -n 's/^calibrate .*(\([0-9]*\) looks, \([0-9]*\) processes.*/\1 \2/p' "$W/thin")
# One more look at the budget's end when processes came since the last.
# shellcheck disable=SC2016
t "looks on the schedule, not every round ($looks)" sh -c '
	set -- $1; l=$1 p=$2 want=0 k=4
	while [ "$k" -le "$p" ]; do want=$((want + 1)); k=$(( (3 * k + 1) / 2 )); done
	[ "$p" -ge 9 ] && { [ "$l" -eq "$want" ] || [ "$l" -eq $((want + 1)) ]; }' _ "$looks"

runs=$(q "SELECT count(*) FROM run")
refused "an unknown base is refused" 1 "--against: no run tagged 'nope'" \
	"$AIMRUN" $R --tag x --tests add_long --against nope --until-decided
t "before measuring: no run stored" test "$(q "SELECT count(*) FROM run")" -eq "$runs"
refused "a bad budget" 1 "--budget: '2x' is not a period" \
	"$AIMRUN" $R --tests add_long --precision 1 --budget 2x
refused "a budget out of range" 1 "--budget: '200h'" \
	"$AIMRUN" $R --tests add_long --precision 1 --budget 200h
refused "a bad precision" 1 "--precision: '0' is not a percentage" \
	"$AIMRUN" $R --tests add_long --precision 0
refused "a precision that is not a number" 1 "--precision: '1e2'" \
	"$AIMRUN" $R --tests add_long --precision 1e2
refused "a bad equivalence" 1 "--equivalence: '60'" \
	"$AIMRUN" $R --tests add_long --against base --until-decided --equivalence 60
refused "--against without --until-decided" 1 "go together" \
	"$AIMRUN" $R --tests add_long --against base
refused "--budget alone" 1 "--budget: only with" \
	"$AIMRUN" $R --tests add_long --budget 10m
refused "both modes at once" 1 "one or the other" \
	"$AIMRUN" $R --tests add_long --precision 1 --against base --until-decided
echo "1..$n"
exit $((fails > 0))

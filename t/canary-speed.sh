#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp says "machine speed" when a NEW side's median canary time moved
# 2 % or more from BASE's (the machine was slower or faster, whatever the
# kernel did), in every format, and says nothing within 2 %; a canary
# fact that is not a time is left out, never read as one.  It says
# "unsteady machine" when a side's canary rounds spread so much that an
# interval within the margin needs more runs than it has, and how many.
set -u
S=${AIM_SRCDIR:-.}
NAME=canary-speed
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
export AIM_COUNTERS=none
DB=$(db_first c.db)
for tag in a b; do
	"$AIMRUN" -q --db "$DB" --dir "$W/scratch" --tests add_long \
		--duration 0.01 --runs 4 --tag "$tag" || echo "run $tag failed" >&2
done
# Set every round's canary of a tag to NS (the runs measured their own).
canary() { db_sql "$DB" "UPDATE run_env SET value = '$2' WHERE key LIKE
	'canary.round.%' AND run_id IN (SELECT id FROM run WHERE tag = '$1')"; }
t "each tag has four canary rounds" test "$(db_val "$DB" "SELECT count(*)
	FROM run_env WHERE key LIKE 'canary.round.%'")" -eq 8
canary a 1000000
canary b 1100000
"$AIMCMP" --db "$DB" -f lines a b >"$W/slow" 2>&1
t "a slower machine is said, with the medians' rounds" grep -q \
	"^# warning: machine speed: the canary took +10.0 % longer in b than in a (median of 4 and 4 rounds): a change of that size in CPU-bound tests may be the machine's, not the kernel's$" \
	"$W/slow"
canary b 950000
"$AIMCMP" --db "$DB" --format json a b >"$W/fast" 2>&1
t "a faster one too, in JSON" grep -q \
	'machine speed: the canary took -5.0 % less in b than in a' "$W/fast"
"$AIMCMP" --db "$DB" --format csv a b >/dev/null 2>"$W/csv"
t "CSV: on stderr" grep -q 'machine speed: the canary took -5.0 %' "$W/csv"
canary b 1019000
"$AIMCMP" --db "$DB" a b >"$W/same" 2>&1
t "within 2 %: nothing said" sh -c "! grep -q 'machine speed' '$W/same'"
canary b 'x1100000'
"$AIMCMP" --db "$DB" a b >"$W/bad" 2>&1
t "a canary that is not a time is left out" sh -c \
	"! grep -q 'machine speed' '$W/bad'"
t "rounds alike: no side unsteady" sh -c "! grep -q 'unsteady' '$W/same'"
# Set tag $1's rounds 1 to 4 to the times that follow.
rounds() { db_sql "$DB" "UPDATE run_env SET value = CASE key
	WHEN 'canary.round.1' THEN '$2' WHEN 'canary.round.2' THEN '$3'
	WHEN 'canary.round.3' THEN '$4' ELSE '$5' END
	WHERE key LIKE 'canary.round.%'
	AND run_id IN (SELECT id FROM run WHERE tag = '$1')"; }
canary b 1000000
rounds b 1000000 1040000 960000 1000000
"$AIMCMP" --db "$DB" -f lines a b >"$W/spread" 2>&1
t "a side whose canary spread is unsteady, with the runs it needs" grep -q \
	"^# warning: unsteady machine: b: the canary's time spread by 3.3 % (cv over 4 rounds, the same loop each time): CPU-bound tests spread as much between runs, and an interval within +/-2 % needs about 21 runs a side at that spread; the spread is between moments of the machine, not inside a run, so the same time in more, shorter runs (--runs 21 and --duration cut to match) gets there sooner$" \
	"$W/spread"
t "the steady side is not" sh -c "! grep -q 'unsteady machine: a' '$W/spread'"
"$AIMCMP" --db "$DB" --format json a b >"$W/spread.json" 2>&1
t "in JSON too" grep -q 'unsteady machine: b: the canary' "$W/spread.json"
"$AIMCMP" --db "$DB" -f lines --equivalence 4 a b >"$W/wide" 2>&1
t "a wider margin asks for fewer runs" grep -q \
	"interval within +/-4 % needs about 6 runs a side" "$W/wide"
"$AIMCMP" --db "$DB" --equivalence 5 a b >"$W/wider" 2>&1
t "no more runs than the side has (4 for +/-5 %): nothing said" sh -c \
	"! grep -q 'unsteady' '$W/wider'"
rounds b 1000000 1005000 995000 1000000
"$AIMCMP" --db "$DB" a b >"$W/tight" 2>&1
t "a spread of 0.4 %: nothing said" sh -c \
	"! grep -q 'unsteady' '$W/tight'"
rounds b 1000000 1500000 700000 1000000
"$AIMCMP" --db "$DB" -f lines a b >"$W/wild" 2>&1
t "a spread past what --runs takes: no --runs it would refuse" sh -c \
	"grep -q 'unsteady machine: b: .* needs about 1[0-9][0-9][0-9] runs a side at that spread: more than aimrun runs (1000), so only a steadier machine gets there\$' '$W/wild' && ! grep -q -- '--runs 1[0-9][0-9][0-9]' '$W/wild'"
rounds b 1000000 1040000 960000 x
"$AIMCMP" --db "$DB" a b >"$W/three" 2>&1
t "three readable rounds say too little: nothing said" sh -c \
	"! grep -q 'unsteady' '$W/three'"
echo "1..$n"
exit $((fails > 0))

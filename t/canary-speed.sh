#!/bin/sh
# aimcmp says "machine speed" when a NEW side's median canary time moved
# 2 % or more from BASE's (the machine was slower or faster, whatever the
# kernel did), in every format, and says nothing within 2 %; a canary
# fact that is not a time is left out, never read as one.
set -u
S=${AIM_SRCDIR:-.}
NAME=canary-speed
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
export AIM_COUNTERS=none
DB=$(db_first c.db)
for tag in a b; do
	"$AIMRUN" -q --db "$DB" --dir "$W/scratch" --tests add_long \
		--duration 0.01 --runs 2 --tag "$tag" || echo "run $tag failed" >&2
done
# Set every round's canary of a tag to NS (the runs measured their own).
canary() { db_sql "$DB" "UPDATE run_env SET value = '$2' WHERE key LIKE
	'canary.round.%' AND run_id IN (SELECT id FROM run WHERE tag = '$1')"; }
t "each tag has two canary rounds" test "$(db_val "$DB" "SELECT count(*)
	FROM run_env WHERE key LIKE 'canary.round.%'")" -eq 4
canary a 1000000
canary b 1100000
"$AIMCMP" --db "$DB" a b >"$W/slow" 2>&1
t "a slower machine is said, with the medians' rounds" grep -q \
	"^# warning: machine speed: the canary took +10.0 % longer in b than in a (median of 2 and 2 rounds): a change of that size in CPU-bound tests may be the machine's, not the kernel's$" \
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
echo "1..$n"
exit $((fails > 0))

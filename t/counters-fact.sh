#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The perf events a run counted are a fact of the run (run_env key
# "counters"): the events left after what the machine cannot count, or
# "none"; aimcmp warns when two sides differ, since inherited counters
# cost a forking test a part of its rate.
set -u
S=${AIM_SRCDIR:-.}
NAME=counters-fact
. "$S/t/robust-lib.sh"
q() { sqlite3 "$1" "$2"; }
DB="$W/c.db"
run() {	# run TAG COUNTERS
	"$AIMRUN" --counters "$2" --tag "$1" --dir "$W/scratch" --db "$DB" \
		--tests add_long --duration 0.01 --runs 1 >/dev/null 2>"$W/err"
}
fact() { q "$DB" "SELECT e.value FROM run_env e JOIN run r ON r.id = e.run_id
	WHERE r.tag = '$1' AND e.key = 'counters'"; }
t "a run without counters" run none none
t "... says so" test "$(fact none)" = none
t "a run counting page faults" run pf page-faults
if grep -q 'not supported: page-faults' "$W/err"; then
	skip "perf_event_open is refused here: $(head -n 1 "$W/err")"
else
	t "... names the event it counted" test "$(fact pf)" = page-faults
	t "aimcmp warns that the sides counted differently" sh -c \
		"\"$AIMCMP\" --db '$DB' -f lines none pf 2>&1 |
		grep -q '^# warning: perf counters differs: none (none) vs page-faults (pf)'"
fi
t "a run counting what the machine lacks" run hw cycles,task-clock
if grep -q 'not supported: cycles' "$W/err"; then
	t "... stores only what it counted" test "$(fact hw)" = task-clock
else
	t "... stores both" test "$(fact hw)" = task-clock,cycles
fi
echo "1..$n"
exit $((fails > 0))

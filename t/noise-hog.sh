#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A CPU hog pinned to the CPU of aimrun --cpu 0: the test's samples wait
# for the CPU (run_delay_ns), are flagged, and aimcmp says "noisy
# machine" for that tag (the quiet one may be noisy too on a busy
# machine, so nothing is asserted of it); pinned against
# unpinned is refused unless --force.
set -u
S=${AIM_SRCDIR:-.}
NAME=noise-hog
. "$S/t/robust-lib.sh"
DB="$W/n.db"
run() { "$AIMRUN" -q --db "$DB" --dir "$W/scratch" --tests add_long \
	--duration 0.4 --runs 1 "$@"; }

if [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ]; then
	skip "one CPU: a quiet run cannot be had next to a hog"
	echo "1..$n"; exit 0
fi
if ! "$B/t/hog" 0 1 2>"$W/err"; then
	skip "CPU 0 cannot be had here: $(head -n 1 "$W/err")"
	echo "1..$n"; exit 0
fi
t "a pinned quiet run" run --tag quiet --cpu 1
"$B/t/hog" 0 2 & hog=$!
t "a pinned run next to the hog" run --tag hog --cpu 0
kill "$hog" 2>/dev/null; wait "$hog" 2>/dev/null
t "every sample of the hogged run holds its run delay" test "$(sqlite3 "$DB" \
	"SELECT count(*) FROM sample s JOIN result r ON r.id = s.result_id
	 JOIN run ON run.id = r.run_id WHERE run.tag = 'hog' AND s.seq > 0 AND
	 NOT EXISTS (SELECT 1 FROM sample_metric m WHERE m.result_id =
	 s.result_id AND m.seq = s.seq AND m.metric = 'run_delay_ns')")" -eq 0
t "the pinned CPU is stored" test "$(sqlite3 "$DB" "SELECT group_concat(value)
	FROM run_env WHERE key = 'cpu.pinned'")" = "1,0"
t "a canary per round is stored" test "$(sqlite3 "$DB" "SELECT count(*)
	FROM run_env WHERE key = 'canary.round.1'")" -eq 2
"$AIMCMP" --db "$DB" quiet hog >"$W/cmp" 2>&1
t "aimcmp: noisy machine for the hogged tag" grep -q \
	'warning: noisy machine: hog: [1-9][0-9]* of [0-9]* samples' "$W/cmp"
"$AIMCMP" --db "$DB" --format json quiet hog >"$W/json" 2>&1
t "JSON: the warning too" grep -q '"noisy machine: hog: ' "$W/json"
"$AIMCMP" --db "$DB" --format csv quiet hog >/dev/null 2>"$W/csv"
t "CSV: the warning on stderr" grep -q 'noisy machine: hog' "$W/csv"
t "an unpinned run" run --tag free
refused "pinned against unpinned is refused" 1 "pinned and unpinned" \
	"$AIMCMP" --db "$DB" quiet free
t "--force compares them" "$AIMCMP" --db "$DB" --force quiet free
refused "--cpu outside the allowed CPUs" 1 "--cpu: CPU 8191 is not among" \
	run --tag x --cpu 8191
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun's modes meet: a sweep of copy counts times a canary for each of
# its rounds under a key of its own, reps and rounds numbered on through
# the counts; --precision, --until-decided and --cmd refuse --copies and
# --scale in one line, nothing measured.
set -u
S=${AIM_SRCDIR:-.}
NAME=option-combos
. "$S/t/robust-lib.sh"
q() { sqlite3 "$1" "$2"; }
DB="$W/o.db"
"$AIMRUN" -q --tag s --tests add_long --copies 1,2 --duration 0.01 --runs 2 \
	--db "$DB" --dir "$W/scratch" >/dev/null 2>"$W/err"
t "a sweep of two counts and two runs stores" test "$(q "$DB" "SELECT
	count(*) FROM result")" -eq 4
t "... reps 1 to 4" test "$(q "$DB" "SELECT group_concat(rep) FROM
	(SELECT rep FROM result ORDER BY rep)")" = 1,2,3,4
t "... and a canary for each of its four rounds" test "$(q "$DB" "SELECT
	group_concat(key) FROM (SELECT key FROM run_env WHERE key LIKE
	'canary.round.%' ORDER BY key)")" = \
	canary.round.1,canary.round.2,canary.round.3,canary.round.4
refused "--precision with --copies" 1 "not with --copies or --scale" \
	"$AIMRUN" --tag p --tests add_long --precision 5 --copies 2 --db "$DB"
refused "--until-decided with --scale" 1 "not with --copies or --scale" \
	"$AIMRUN" --tag p --tests add_long --against s --until-decided --scale \
	--db "$DB"
refused "--cmd with --copies" 1 "--copies and --scale are for tests" \
	"$AIMRUN" --tag p --cmd x --copies 2 --db "$DB" -- /bin/true
echo "1..$n"
exit $((fails > 0))

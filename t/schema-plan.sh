#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The schema step of plans (STORE_PLAN_SCHEMA of lib/store/store_plan.h):
# a database at version 5 (t/data/schema-v4.sql brought forward by
# version 5's own step) is read as it is and left alone by the readers,
# aimplan show among them (no plans there); the first plan made in it
# migrates it, its runs intact, past that step to a schema aimdb check
# finds sound, where one plan at a time is the schema's rule too.
set -u
S=${AIM_SRCDIR:-.}
NAME=schema-plan
PLAN_V=$(sed -n 's/^#define STORE_PLAN_SCHEMA \([0-9][0-9]*\)$/\1/p' \
	"$S/lib/store/store_plan.h")
. "$S/t/robust-lib.sh"
AIMPLAN="$B/plan/aimplan"
q() { sqlite3 "$1" "$2"; }

{ cat "$S/t/data/schema-v4.sql" &&
  echo "ALTER TABLE result ADD COLUMN copies INTEGER NOT NULL DEFAULT 1
	CHECK (copies >= 1); PRAGMA user_version = 5;"; } |
	sqlite3 "$W/v5.db" || echo "Bail out! cannot make the version 5 fixture"
t "the fixture is at version 5" test "$(q "$W/v5.db" "PRAGMA user_version")" -eq 5
t "... and sound for a version 5 reader" "$AIMDB" --db "$W/v5.db" check
cp "$W/v5.db" "$W/v5.orig"
everything() { q "$1" "SELECT * FROM run ORDER BY id;
	SELECT * FROM result ORDER BY id; SELECT * FROM sample
	ORDER BY result_id, seq; SELECT * FROM run_env ORDER BY run_id, key"; }
everything "$W/v5.db" >"$W/before"
"$AIMDB" --db "$W/v5.db" list >"$W/list.old"
t "aimplan show on it: no plan, exit 1" sh -c "! '$AIMPLAN' --db '$W/v5.db' \
	show 2>'$W/err' && grep -q 'no plan in this database' '$W/err'"
t "aimcmp reads it" "$AIMCMP" --db "$W/v5.db" --force v4-run v4-imp
t "the readers left it byte-identical" cmp -s "$W/v5.db" "$W/v5.orig"
t "a plan made in it" "$AIMPLAN" --db "$W/v5.db" new --kernel a \
	--release 1.0 --kernel b --release 2.0 --tests add_long
t "migrates it past the plans' step, $PLAN_V" \
	test "$(q "$W/v5.db" "PRAGMA user_version")" -ge "${PLAN_V:-99}"
t "with its runs, results, samples and environment intact" sh -c \
	"test \"\$1\" = \"\$2\"" sh "$(cat "$W/before")" "$(everything "$W/v5.db")"
"$AIMDB" --db "$W/v5.db" list >"$W/list.new"
t "aimdb list says the same" cmp -s "$W/list.old" "$W/list.new"
t "aimdb check finds the migrated schema sound" "$AIMDB" --db "$W/v5.db" check
t "the plan is there, open" test "$(q "$W/v5.db" "SELECT state || ' ' ||
	is_open FROM plan")" = "active 1"
t "the schema holds one open plan at most" sh -c "! sqlite3 '$W/v5.db' \
	\"INSERT INTO plan (created_utc, state, is_open, via, reboot, target,
	alpha, trials, budget, runs) SELECT created_utc, state, 1, via, reboot,
	target, alpha, trials, budget, runs FROM plan\" 2>/dev/null"
t "and a boot of a kernel the plan lacks" sh -c "! sqlite3 '$W/v5.db' \
	\"PRAGMA foreign_keys = ON; INSERT INTO plan_boot (plan_id, seq, trial,
	kernel, state) VALUES (1, 99, 1, 7, 'planned')\" 2>/dev/null"
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Readers bounded against a hostile file: a database whose table run is
# a view over an endless recursive query.  Every reader (aimdb list,
# show, export, aimcmp, aimplot) and the sources of merge and push check
# the schema before reading anything, so each ends at once with one line
# naming the file and what differs, exit 2; aimdb check lists it without
# reading through the view.  Each command runs under timeout 10, which
# is the failure.  (A statement past its limit on a file that passed
# every check is t/db-limit-t's.)
NAME=robust-hostile
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
AIMPLOT="$B/report/aimplot"
export AIM_CHECK=quiet
command -v sqlite3 >/dev/null 2>&1 ||
	{ echo "1..0 # SKIP sqlite3 is not installed"; exit 0; }
G="$W/good.db" H="$W/hang.db"
"$AIMRUN" -q --db "$G" -t a -T add_long -d 0.01 -r 1 --counters none \
	>/dev/null 2>&1 || echo "Bail out! aimrun failed"
cp "$G" "$H"
sqlite3 "$H" "PRAGMA legacy_alter_table = ON;
	ALTER TABLE run RENAME TO run_gone;
	CREATE VIEW run AS WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL
	SELECT n + 1 FROM c) SELECT n AS id, 'a' AS tag, 'aim9' AS suite,
	'' AS options, '2024-01-01T00:00:00Z' AS started_utc,
	NULL AS ended_utc, 'incomplete' AS status, 'aimrun' AS source,
	NULL AS source_file, '0' AS aim_version, 'x' AS host, NULL AS uuid
	FROM c" || echo "Bail out! sqlite3 failed"
DB=$H
bounded() {	# bounded DESC COMMAND...: ends in 10 s, exit 2, one line naming H
	d=$1; shift
	refused "$d" 2 "$H: damaged database: " \
		timeout 10 "$@"
}
bounded "aimdb list" "$AIMDB" --db "$H" list
bounded "aimdb show" "$AIMDB" --db "$H" show a
bounded "aimdb export" "$AIMDB" --db "$H" export -f json
bounded "aimcmp" "$AIMCMP" --db "$H" a a
bounded "aimdb merge from it" "$AIMDB" --db "$G" merge "$H"
bounded "aimdb push from it" "$AIMDB" --db "$H" push --to "$W/to.db"
if [ -x "$AIMPLOT" ]; then
	bounded "aimplot" "$AIMPLOT" --db "$H" -S
else
	skip "aimplot is not built"
fi
timeout 10 "$AIMDB" --db "$H" check >"$W/check" 2>"$W/err"; rc=$?
t "aimdb check ends with exit 2" test "$rc" -eq 2
t "... naming the view and the missing table" sh -c "
	grep -qx '  view run: not part of the aimkit schema' '$W/check' &&
	grep -qx '  table run: missing' '$W/check'"
t "... without reading through the view" grep -qx \
	"incomplete runs: not listed (the schema differs)" "$W/check"
t "the good file merged from is untouched" test ! -e "$W/to.db"
echo "1..$n"
exit $((fails > 0))

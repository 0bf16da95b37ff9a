#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimdb rm and rename never make the database they were to change: a
# missing SQLite file stays missing, an empty one empty, and an empty
# schema of a server (t/pg-lib.sh; skipped without one) is refused as
# its readers refuse it, with no table made in it.
set -u
S=${AIM_SRCDIR:-.}
NAME=edit-empty
. "$S/t/robust-lib.sh"
. "$S/t/pg-lib.sh"
unset AIM_DB

DB="$W/missing.db"
refused "rm: a missing file is refused" 1 "no such database" \
	"$AIMDB" --db "$DB" rm a
refused "rename: a missing file is refused" 1 "no such database" \
	"$AIMDB" --db "$DB" rename a b
t "and not made" test ! -e "$DB" -a ! -e "$DB-wal" -a ! -e "$DB-journal"
DB="$W/empty.db"
: >"$DB"
refused "rm: an empty file is refused" 12 "empty file, not a database" \
	"$AIMDB" --db "$DB" rm a
refused "rename: an empty file is refused" 12 "empty file, not a database" \
	"$AIMDB" --db "$DB" rename a b
t "and left empty" test ! -s "$DB"
DB=

tables() {	# the tables of schema $1
	pg_int "$1" "SELECT count(*) FROM information_schema.tables
		WHERE table_schema = '$1'"
}
if [ ! -x "$B/t/pgschema" ]; then
	skip "built without PostgreSQL"
elif pg_need >"$W/pg.skip"; then
	trap 'pg_stop; rm -rf "$W"' EXIT
	pg_schema edit_empty || exit 1
	EMPTY=$PG_DB
	refused "rm: an empty server schema is refused" 12 \
		"no results in this database" "$AIMDB" --db "$EMPTY" rm a
	refused "rename: an empty server schema is refused" 12 \
		"no results in this database" "$AIMDB" --db "$EMPTY" rename a b
	t "the schema is left without tables" test "$(tables "$PG_NAME")" = 0
	refused "a reader of it is refused alike" 12 \
		"no results in this database" "$AIMCMP" --db "$EMPTY" a b
	t "and leaves it without tables too" test "$(tables "$PG_NAME")" = 0
	t "no file made for the server's name" test ! -e "$EMPTY"
else
	trap 'rm -rf "$W"' EXIT
	skip "$(sed 's/^1\.\.0 # SKIP //' "$W/pg.skip")"
fi
echo "1..$n"
exit $((fails > 0))

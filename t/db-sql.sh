# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the store and report scripts that edit or read their
# database behind the programs' backs, after t/robust-lib.sh (or with W
# set): the same statements on either engine.
#
# db_first FILE: the script's first database, $AIM_TEST_DB when set (a
# schema on a server, t/pg-suite.sh), else $W/FILE.  db_new FILE: one
# more database, fresh: $W/FILE, or with $AIM_TEST_DB_BASE (the server)
# a schema of its own made now (made afresh when asked for again, as a
# file removed first), its name added to the list $AIM_TEST_DB_LIST
# for t/pg-suite.sh to drop.  db_file FILE: always $W/FILE, for a part
# that tests the file itself.
#
# db_sql DB [SQL]: run SQL (else the statements on stdin) in DB, output
# discarded; db_val DB SQL: print what SQL answers, columns joined by
# '|', NULL empty, one row a line (as the sqlite3 shell does).  On a
# server through psql: no psqlrc, the first error stops it and fails,
# and the schema is first on the search_path by the options= the name
# carries (t/pgschema prints it so).
# db_is_pg DB: DB names a server (lib/store/dbtarget.c's rule, for the names
# the scripts make).
db_is_pg() {
	case $1 in
	postgres://* | postgresql://* | *=*) return 0 ;;
	*) return 1 ;;
	esac
}
db_run() {	# db_run DB: the statements on stdin, in DB, its answers on stdout
	if db_is_pg "$1"; then
		psql -X -q -A -t -v ON_ERROR_STOP=1 -d "$1" -f -
	else
		sqlite3 -bail "$1"
	fi
}
db_sql() {
	if [ $# -gt 1 ]; then
		printf '%s\n' "$2" | db_run "$1" >/dev/null
	else
		db_run "$1" >/dev/null
	fi
}
db_val() {
	printf '%s\n' "$2" | db_run "$1"
}
db_first() {
	printf '%s\n' "${AIM_TEST_DB:-$W/$1}"
}
db_file() {
	printf '%s\n' "$W/$1"
}
db_new() {
	if [ -z "${AIM_TEST_DB_BASE:-}" ]; then
		printf '%s\n' "$W/$1"
		return 0
	fi
	# A schema name is lower-case letters, digits and '_' (t/pgschema).
	dbn_s="${AIM_TEST_DB_PREFIX:-aimx}_$(printf '%s' "$1" |
		tr 'A-Z' 'a-z' | tr -c 'a-z0-9' _ | cut -c1-20)"
	echo "$dbn_s" >>"${AIM_TEST_DB_LIST:-/dev/null}"
	"${AIM_BUILDDIR:-.}/t/pgschema" "$AIM_TEST_DB_BASE" "$dbn_s"
}
db_tool() {	# db_tool DB: the program db_sql needs for DB is installed (need)
	if db_is_pg "$1"; then
		need psql postgresql
	else
		need sqlite3 sqlite3
	fi
}
db_snap() {	# db_snap DB: all DB holds, to see that a refusal left it alone
	"$AIMDB" --db "$1" export -f json 2>&1
}
db_runs() {	# db_runs DB: how many runs DB holds, 0 when it is not made yet
	if db_is_pg "$1"; then
		[ "$(db_val "$1" "SELECT count(*) FROM pg_tables
			WHERE schemaname = current_schema() AND tablename = 'run'")" = 1 ] ||
			{ echo 0; return 0; }
	elif [ ! -s "$1" ]; then
		echo 0
		return 0
	fi
	db_val "$1" "SELECT count(*) FROM run"
}
db_bare() {	# db_bare DB: DB holds nothing, not even tables (an empty file)
	if db_is_pg "$1"; then
		test "$(db_val "$1" "SELECT count(*) FROM pg_tables
			WHERE schemaname = current_schema()")" -eq 0
	else
		test ! -s "$1"
	fi
}

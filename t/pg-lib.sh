# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the tests that need a PostgreSQL server.  pg_need sets PG to
# a libpq connection string: $AIM_TEST_PG when set (.ci/run starts one
# cluster for every test), else a private cluster of t/pg-cluster.sh in a
# temporary directory, stopped and removed at exit.  Without either it
# prints the TAP skip with the reason and returns 1: a test without a
# server skips, never fails.  pg_run PROGRAM: PROGRAM's TAP with the
# server in $AIM_TEST_PG, or that skip.
PG=
PG_DIR=
pg_stop() {
	[ -z "${PG_SCHEMAS:-}${PG_DATABASES:-}" ] || pg_drop_schemas
	[ -n "$PG_DIR" ] || return 0
	sh "${AIM_SRCDIR:-.}/t/pg-cluster.sh" stop "$PG_DIR" 2>/dev/null ||
		rm -rf "$PG_DIR"
	PG_DIR=
}
pg_need() {
	if [ -n "${AIM_TEST_PG:-}" ]; then
		PG=$AIM_TEST_PG
		trap 'pg_stop' EXIT
		trap 'pg_stop; exit 1' HUP INT TERM
		return 0
	fi
	# Short and under /tmp: a socket path is at most 107 bytes, and the
	# server's user must reach it.
	PG_DIR=$(mktemp -u /tmp/aimpg.XXXXXXXX) || PG_DIR=
	trap 'pg_stop' EXIT
	trap 'pg_stop; exit 1' HUP INT TERM
	if [ -n "$PG_DIR" ] &&
	   PG=$(sh "${AIM_SRCDIR:-.}/t/pg-cluster.sh" start "$PG_DIR" 2>"$PG_DIR.err"); then
		rm -f "$PG_DIR.err"
		return 0
	fi
	why=$(head -n 1 "$PG_DIR.err" 2>/dev/null)
	rm -f "$PG_DIR.err"
	[ -d "$PG_DIR" ] || PG_DIR=
	echo "1..0 # SKIP no PostgreSQL server (set AIM_TEST_PG): ${why:-no cluster}"
	return 1
}
pg_run() {
	pg_need || return 0
	AIM_TEST_PG=$PG "$1"
}
# pg_schema NAME: a fresh schema of the server $PG for this script,
# dropped at exit: PG_NAME its name, PG_DB the --db string naming it;
# 1 when it cannot be made.  pg_need first.  pg_int NAME SQL: the one
# integer SQL answers in the schema NAME.
PG_SCHEMAS=
PG_DATABASES=
pg_drop_schemas() {
	for pg_s in $PG_SCHEMAS; do
		"${AIM_BUILDDIR:-.}/t/pgschema" -d "$PG" "$pg_s" 2>/dev/null
	done
	PG_SCHEMAS=
	for pg_s in $PG_DATABASES; do
		"${AIM_BUILDDIR:-.}/t/pgschema" -X "$PG" "$pg_s" 2>/dev/null
	done
	PG_DATABASES=
}
pg_schema() {
	pg_s="aims_$1_$$"
	PG_NAME=$pg_s
	PG_SCHEMAS="$PG_SCHEMAS $pg_s"
	PG_DB=$("${AIM_BUILDDIR:-.}/t/pgschema" "$PG" "$pg_s")
}
pg_int() {
	"${AIM_BUILDDIR:-.}/t/pgschema" -q "$PG" "$1" "$2"
}
# pg_icu_db NAME: a database of $PG whose default collation is ICU's
# en-US (as a server made under en_US.UTF-8 sorts), dropped at exit, in
# PG_DB; 1 when the server cannot make one (before PostgreSQL 15, no
# ICU, no right to create databases).
pg_icu_db() {
	pg_s="aimd_$1_$$"
	PG_DATABASES="$PG_DATABASES $pg_s"
	PG_DB=$("${AIM_BUILDDIR:-.}/t/pgschema" -D "$PG" "$pg_s" 2>/dev/null)
}

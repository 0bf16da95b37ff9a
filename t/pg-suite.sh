#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The store and report scripts that are about data, not files, run again
# with their database on a PostgreSQL server: each in a fresh schema,
# named to it by $AIM_TEST_DB (which those scripts take for their
# database in place of a file of their work directory; their further
# databases, schemas db_new of t/db-sql.sh makes on the server
# $AIM_TEST_DB_BASE, dropped with the first).  One assertion per script:
# it passed there too, and its runs are on the server; a script that
# skips whole here (the mem family off x86-64) is a skip.  Which scripts run on both engines
# and why the others are file-only: doc/fleet.md, "Tests".  Skips
# without a server.
set -u
S=${AIM_SRCDIR:-.}
B=${AIM_BUILDDIR:-.}
. "$S/t/pg-lib.sh"
if [ ! -x "$B/t/pgschema" ]; then
	echo "1..0 # SKIP built without PostgreSQL (t/pgschema)"
	exit 0
fi
pg_need || exit 0
W=$(mktemp -d "${TMPDIR:-/tmp}/pg-suite.XXXXXX") || exit 1
trap 'pg_stop; rm -rf "$W"' EXIT
SCRIPTS="cmp-table levels html series-cmp classify cmp-counters plot
	import-input import-scale import-lines-stats merge-missing
	report-inject plot-inject aimcmp-latency plot-latency list-samples
	list-summary series-window
	cmp-ci import-json csv-identity json-identity
	merge report import-peers import-mail import-wild canary-speed plan
	monitors"
n=0
fails=0
for s in $SCRIPTS; do
	n=$((n + 1))
	pg_schema "suite_$(echo "$s" | tr -c 'a-z0-9\n' _)" || exit 1
	# The script's further databases (db_new of t/db-sql.sh): schemas
	# named after this one, listed for dropping with it.
	: >"$W/$s.schemas"
	AIM_TEST_DB=$PG_DB AIM_TEST_DB_BASE=$PG AIM_TEST_DB_PREFIX=$PG_NAME \
		AIM_TEST_DB_LIST="$W/$s.schemas" sh "$S/t/$s.sh" >"$W/$s.tap" 2>&1
	rc=$?
	runs=$(pg_int "$PG_NAME" 'SELECT count(*) FROM run' 2>/dev/null)
	PG_SCHEMAS="$PG_SCHEMAS $(sort -u "$W/$s.schemas" | tr '\n' ' ')"
	if [ "$rc" -eq 0 ] && grep -q '^1\.\.0 # SKIP' "$W/$s.tap"; then
		echo "ok $n # SKIP t/$s.sh: $(sed -n 's/^1\.\.0 # SKIP //p' "$W/$s.tap")"
	elif [ "$rc" -eq 0 ] && ! grep -q '^not ok' "$W/$s.tap" &&
	   grep -q '^ok' "$W/$s.tap" && [ "${runs:-0}" -gt 0 ]; then
		echo "ok $n - t/$s.sh on PostgreSQL"
	else
		echo "not ok $n - t/$s.sh on PostgreSQL (exit $rc, ${runs:-no} runs there)"
		fails=$((fails + 1))
		grep -A3 '^not ok' "$W/$s.tap" | head -n 12 | sed 's/^/# /'
	fi
	pg_drop_schemas
done
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The storage seam (lib/store/db.h): no source the Makefile builds, outside the
# SQLite backend and the SQLite-specific open path (pragmas, checks, WAL,
# immutable reopen), includes <sqlite3.h> or a header that does, or names
# an SQLite call or type.  Tests that build SQLite files on purpose are
# listed by name.
set -u
S=${AIM_SRCDIR:-.}
W=$(mktemp -d "${TMPDIR:-/tmp}/db-seam.XXXXXX") || exit 2
trap 'rm -rf "$W"' EXIT
n=0
fails=0
t() {	# t DESCRIPTION COMMAND...
	n=$((n + 1)); d=$1; shift
	if "$@"; then echo "ok $n - $d"; else echo "not ok $n - $d"; fails=1; fi
}

# Every .c and .h of a *_SOURCES list of Makefile.am and its fragments.
for f in "$S/Makefile.am" "$S"/*/*.mk "$S"/*/*/*.mk; do
	awk '/_SOURCES[ \t]*\+?=/ { on = 1 }
	     on { for (i = 1; i <= NF; i++) if ($i ~ /\.[ch]$/) print $i
		  if ($0 !~ /\\$/) on = 0 }' "$f"
done | sort -u >"$W/sources"
allowed='^(lib/store/db_sqlite(_check)?\.[ch]|lib/store/schema[a-z_]*\.c|lib/store/schema\.h|lib/store/dbfile\.[ch]|t/(storefx\.[ch]|store-t\.c|store-open-t\.c|store-reopen-t\.c|robust-run-t\.c|robust-kill-t\.c|db-api-t\.c|db-limit-t\.c|schema-pg-sync-t\.c))$'
# Code lines naming SQLite, comments left out (a line starting one).
: >"$W/hits"
while read -r f; do
	printf '%s\n' "$f" | grep -Eq "$allowed" && continue
	test -f "$S/$f" || continue	# made by the build (harness/aimpaths.h)
	grep -nE 'sqlite3_|<sqlite3\.h>|(^|[^_[:alnum:]])sqlite3[[:space:]]*\*|struct[[:space:]]+sqlite3([^_[:alnum:]]|$)|#[[:space:]]*include[[:space:]]*"(db_sqlite|schema|dbfile)\.h"' \
		"$S/$f" | grep -vE '^[0-9]+:[[:space:]]*(/?\*|//)' |
		sed "s|^|# $f:|" >>"$W/hits"
done <"$W/sources"

echo "1..5"
t "the Makefile lists the sources ($(wc -l <"$W/sources") files)" \
	test "$(wc -l <"$W/sources")" -ge 100
t "among them the backend, the store and the queries" sh -c "
	grep -qx lib/store/db_sqlite.c '$W/sources' &&
	grep -qx lib/store/store.c '$W/sources' &&
	grep -qx report/query/query.c '$W/sources' &&
	grep -qx report/aimcmp.c '$W/sources'"
t "and the files allowed to speak SQLite exist" sh -c "
	for f in lib/store/db_sqlite.c lib/store/schema_open.c lib/store/dbfile.c \
		t/storefx.c; do
		test -f '$S/'\$f || exit 1
	done"
cat "$W/hits"
t "no other source includes <sqlite3.h> or names sqlite3" test ! -s "$W/hits"
grep -lE 'sqlite3|db_sqlite' "$S"/lib/store/store.c "$S"/lib/store/store_read.c \
	$(find "$S/report" -name '*.[ch]') | sed 's/^/# names SQLite: /' >"$W/named"
cat "$W/named"
t "the store and report/ reach the engine only through lib/store/db.h" \
	test ! -s "$W/named"
exit $fails

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Every command against a PostgreSQL server (t/pg-lib.sh), by --db and
# by $AIM_DB: aimrun stores two runs, aimcmp compares them, aimdb lists,
# exports, checks, shows, renames and removes, aimplot writes its script;
# a reader of an empty schema is told so; a string with a password or
# another secret (sslpassword) is refused by every command in one line
# that never shows it; a password file libpq warns of is one line too.
# Skips without a server.
set -u
NAME=pg-e2e
# Absolute: the commands run in a directory of their own.
AIM_BUILDDIR=$(cd "${AIM_BUILDDIR:-.}" && pwd) || exit 1
AIM_SRCDIR=$(cd "${AIM_SRCDIR:-.}" && pwd) || exit 1
export AIM_BUILDDIR AIM_SRCDIR
. "${AIM_SRCDIR:-.}/t/robust-lib.sh"
. "${AIM_SRCDIR:-.}/t/pg-lib.sh"
AIMPLOT="$B/report/aimplot"
pg_need || exit 0
trap 'pg_stop; rm -rf "$W"' EXIT
pg_schema e2e || exit 1
DB=$PG_DB S1=$PG_NAME DB0=$PG_DB
pg_schema e2e_empty || exit 1
EMPTY=$PG_DB
unset AIM_DB
# A server's name taken for a file would make one here.
mkdir "$W/cwd" && cd "$W/cwd" || exit 1

"$AIMRUN" --tests add_long,page_test --duration 0.01 --runs 2 --tag a \
	--db "$DB" >"$W/a.out" 2>"$W/a.err"; rc=$?
t "aimrun --db SERVER: exit 0" test "$rc" -eq 0
t "aimrun names the server it stored in" \
	grep -qF "Stored as run 1, tag a, in $DB" "$W/a.out"
AIM_DB=$DB "$AIMRUN" --tests add_long,page_test --duration 0.01 --runs 2 \
	--tag b >"$W/b.out" 2>"$W/b.err"
t "the server holds both runs" test "$(pg_int "$S1" 'SELECT count(*) FROM run')" = 2
t "aimrun with \$AIM_DB a server: run 2" grep -qF "Stored as run 2, tag b" \
	"$W/b.out"

"$AIMCMP" --db "$DB" a b >"$W/cmp.out" 2>"$W/cmp.err"; rc=$?
t "aimcmp a b: exit 0" test "$rc" -eq 0
t "aimcmp: both tests compared" sh -c "grep -q ' add_long ' '$W/cmp.out' &&
	grep -q ' page_test ' '$W/cmp.out'"
AIM_DB=$DB "$AIMDB" list >"$W/list" 2>&1
t "aimdb list: both runs, complete" sh -c "grep -Eq '^a +1 .* complete ' '$W/list' &&
	grep -Eq '^b +2 .* complete ' '$W/list'"
"$AIMDB" --db "$DB" export -f json -o "$W/x.json" a b
t "aimdb export json: both runs, 8 samples" sh -c \
	"test \$(grep -c '\"tag\":' '$W/x.json') -eq 2 &&
	 test \$(grep -c '\"seq\":' '$W/x.json') -eq 8"
"$AIMDB" --db "$DB" check >"$W/check" 2>&1; rc=$?
t "aimdb check: exit 0, schema and integrity ok" sh -c "test $rc -eq 0 &&
	grep -qx 'schema: ok' '$W/check' && grep -qx 'integrity: ok' '$W/check'"
t "aimdb show a" sh -c "'$AIMDB' --db '$DB' show a | grep -q add_long"
AIM_GNUPLOT=/nonexistent "$AIMPLOT" --db "$DB" --script "$W/p.gp" \
	-o "$W/p.png" a b >/dev/null 2>&1
t "aimplot keeps its script, drawing both tags" sh -c \
	"grep -q 'add_long' '$W/p.gp' && grep -q '\"b\"\\|b' '$W/p.gp'"
t "aimdb rename a c" "$AIMDB" --db "$DB" rename a c
t "aimdb rm b" "$AIMDB" --db "$DB" rm b
"$AIMDB" --db "$DB" list >"$W/list2" 2>&1
t "what is left: run 1 as c" sh -c "grep -Eq '^c +1 ' '$W/list2' &&
	! grep -Eq '^(a|b) ' '$W/list2'"

t "no file made for the server's name" test -z "$(ls -A "$W/cwd")"
refused "a reader of an empty schema" 12 "no results in this database" \
	"$AIMCMP" --db "$EMPTY" a b
DB=
for s in 'postgresql://aimtest:sekrit@localhost/aimtest' \
	 'host=localhost password=sekrit dbname=aimtest' \
	 'host=localhost sslpassword=sekrit dbname=aimtest' \
	 'postgresql://aimtest@localhost/aimtest?sslpassword=sekrit'; do
	for p in aimrun aimcmp aimdb aimplot; do
		case $p in
		aimrun) set -- "$AIMRUN" --tests add_long --duration 0.01 \
			--runs 1 --db "$s" ;;
		aimcmp) set -- "$AIMCMP" --db "$s" a b ;;
		aimdb) set -- "$AIMDB" --db "$s" list ;;
		aimplot) set -- "$AIMPLOT" --db "$s" -S ;;
		esac
		refused "$p: $s refused" 1 "a password in the connection string" "$@"
		t "$p: $s: the password not shown" sh -c "! grep -q sekrit '$W/err'"
	done
done
refused "aimdb: shown without the password" 1 \
	"postgresql://aimtest@localhost/aimtest: a password" \
	"$AIMDB" --db 'postgresql://aimtest:sekrit@localhost/aimtest' list
AIM_DB='dbname=x password=sekrit' refused "\$AIM_DB: the same" 1 \
	"dbname=x: a password" "$AIMCMP" a b
refused "aimdb: shown without the sslpassword" 1 \
	"postgresql://aimtest@localhost/aimtest?sslmode=prefer: a password" \
	"$AIMDB" --db 'postgresql://aimtest@localhost/aimtest?sslpassword=sekrit&sslmode=prefer' list
t "... which appears nowhere" sh -c "! grep -q 'sekrit\|sslpassword' '$W/err'"
# A password file libpq will not use: its own warning is aimkit's one line.
echo '*:*:*:*:sekrit' >"$W/pgpass"
chmod 644 "$W/pgpass"
PGPASSFILE="$W/pgpass" refused "a password file others may read: one line" 2 \
	"cannot connect: password file \"$W/pgpass\" has group or world access" \
	"$AIMDB" --db "$DB0" list
PGPASSFILE="$W/pgpass" refused "... on failing to connect too, with the reason" 2 \
	"No such file or directory; password file" \
	"$AIMDB" --db "host=/nonexistent dbname=x" list
chmod 600 "$W/pgpass"
PGPASSFILE="$W/pgpass" t "a private password file is used in silence" sh -c \
	'"$1" --db "$2" list >/dev/null 2>"$3" && test ! -s "$3"' sh "$AIMDB" \
	"$DB0" "$W/err"
echo "1..$n"
exit $((fails > 0))

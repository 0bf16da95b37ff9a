#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input to every command: unknown tags and tests, malformed suite and
# import files, database paths that are no aimkit database, option values
# out of range, and hostile tags.  Each is refused with exit status 1 or 2
# and one line on stderr naming the problem, the database byte-identical;
# tags with quotes or SQL are stored and shown as given, never executed.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-input
. "$S/t/robust-lib.sh"
DB="$W/a.db"
q() { sqlite3 "$DB" "$1"; }
run() { "$AIMRUN" --duration 0.02 --runs 1 --filesize 64K --db "$DB" \
	--dir "$W/scratch" -q "$@"; }

run --tag base --tests add_long,creat-clo || echo "Bail out! no database to work on"

# Unknown names.
refused "aimcmp: unknown tag" 1 "nope: no such tag" "$AIMCMP" --db "$DB" base nope
refused "aimdb show: unknown tag" 1 "nope: no such tag" "$AIMDB" --db "$DB" show nope
refused "aimdb rm: unknown tag" 1 "nope: no such tag" "$AIMDB" --db "$DB" rm nope
refused "aimdb rename: unknown tag" 1 "nope: no such tag" "$AIMDB" --db "$DB" rename nope other
refused "aimdb export: unknown tag" 1 "nope: no such tag" "$AIMDB" --db "$DB" export nope
refused "aimdb: unknown command" 1 "unknown command 'frob'" "$AIMDB" --db "$DB" frob
refused "aimrun: unknown test" 1 "unknown test 'nope'" run --tests add_long,nope
refused "aimcmp: unknown test" 1 "nope" "$AIMCMP" --db "$DB" --tests nope base base

# Malformed files: the file and line of the first problem.
printf 'add_long\nduration 2\nruns many\n' >"$W/bad.suite"
refused "malformed suite file" 1 "bad.suite:3:" run --suite "$W/bad.suite"
printf '# just a comment\n' >"$W/empty.suite"
refused "suite naming no test" 1 "empty.suite: names no tests" run --suite "$W/empty.suite"
refused "suite file that is a directory" 1 "$W" run --suite "$W/"
refused "malformed logfile import" 1 "bad-line.suite9:" \
	"$AIMDB" --db "$DB" import --tag x "$S/t/data/report/bad-line.suite9"
refused "malformed console import" 1 "wrong-columns.txt:" \
	"$AIMDB" --db "$DB" import --tag x "$S/t/data/report/wrong-columns.txt"
refused "malformed CSV import" 1 "bad-columns.csv:" \
	"$AIMDB" --db "$DB" import "$S/t/data/report/bad-columns.csv"
refused "binary import file" 12 "junk.bin" \
	"$AIMDB" --db "$DB" import --tag x "$S/t/data/report/junk.bin"
printf '  3 add_long  1e400 5 1 1 Thousand Long Integer Additions/second\n' >"$W/huge.txt"
refused "import of an absurd number" 1 "huge.txt:" \
	"$AIMDB" --db "$DB" import --tag x --format console "$W/huge.txt"

# Database paths that are no aimkit database: nothing is written to them.
keep=$DB
DB="$W"
refused "aimrun --db a directory" 2 "is a directory" run --tests add_long
refused "aimcmp --db a directory" 12 "is a directory" "$AIMCMP" --db "$W" base base
refused "aimdb --db a directory" 12 "is a directory" "$AIMDB" --db "$W" list
for kind in text truncated newer foreign; do
	DB="$W/$kind.db"
	case $kind in
	text) printf 'hello, not a database\n' >"$DB"; why="not an SQLite database" ;;
	truncated) head -c 6000 "$keep" >"$DB"; why="truncated" ;;
	newer) cp "$keep" "$DB"; sqlite3 "$DB" "PRAGMA user_version = 99"
		why="newer than this aimkit" ;;
	foreign) sqlite3 "$DB" "CREATE TABLE t (x); INSERT INTO t VALUES (1)"
		why="not an aimkit database" ;;
	esac
	refused "aimrun on a $kind file" 2 "$why" run --tests add_long
	refused "aimcmp on a $kind file" 12 "$why" "$AIMCMP" --db "$DB" base base
	refused "aimdb list on a $kind file" 12 "$why" "$AIMDB" --db "$DB" list
	refused "aimdb import into a $kind file" 12 "$why" \
		"$AIMDB" --db "$DB" import --tag x "$S/t/data/report/bare.txt"
done
DB=$keep

# Option values out of range.
for v in -1 0 0.0001 3601 1e9 nan inf 0x10 "" " 1" "1 s" 99999999999999999999; do
	refused "--duration '$v'" 1 "--duration" run --tests add_long --duration "$v"
done
for v in 0 -1 1001 1.5 abc 99999999999999999999; do
	refused "--runs '$v'" 1 "--runs" run --tests add_long --runs "$v"
done
refused "--runs with a newline before the number" 1 "--runs" \
	run --tests add_long --runs "
3"
for v in 0 1K 65G -5M 5X 5MM; do
	refused "--filesize '$v'" 1 "--filesize" run --tests add_long --filesize "$v"
done
refused "--timeout 0" 1 "--timeout" run --tests add_long --timeout 0
refused "aimdb show --run 0" 1 "" "$AIMDB" --db "$DB" show --run 0 base
refused "aimdb show --run abc" 1 "" "$AIMDB" --db "$DB" show --run abc base

# Hostile tags.  Quotes and SQL are text like any other.
sqltag="it's \"quoted\"; DROP TABLE run; --"
run --tag "$sqltag" --tests add_long; rc=$?
t "a tag with quotes and SQL is stored" test "$rc" -eq 0
t "and read back as given" test "$(q "SELECT tag FROM run WHERE id = 2")" = "$sqltag"
t "nothing was executed: both runs are there" test "$(q "SELECT count(*) FROM run")" -eq 2
t "aimdb list shows it" sh -c "'$AIMDB' --db '$DB' list | grep -qF -- '$(printf '%s' "$sqltag" | sed "s/'/'\\\\''/g")'"
t "aimcmp compares it" "$AIMCMP" --db "$DB" base "$sqltag"
t "aimdb show shows it" "$AIMDB" --db "$DB" show "$sqltag"
t "aimdb export and import carry it" sh -c "'$AIMDB' --db '$DB' export -o '$W/sql.csv' \"\$1\" &&
	'$AIMDB' --db '$W/copy.db' import '$W/sql.csv' >/dev/null &&
	test \"\$(sqlite3 '$W/copy.db' 'SELECT tag FROM run')\" = \"\$1\"" sh "$sqltag"
run --tag "Grüße-€-日本" --tests add_long; rc=$?
t "a UTF-8 tag is stored" test "$rc" -eq 0
nl="two
lines"
bad8=$(printf 'caf\351')
esc=$(printf 'red\033[31m')
long=$(head -c 10000 /dev/zero | tr '\0' x)
# Tags that show as something else, or as nothing: a right-to-left
# override, a zero-width space, a leading blank, a trailing U+00A0.
rlo=$(printf 'v6.8\342\200\256cr.1')
zw=$(printf 'v6.8\342\200\213')
nbsp=$(printf 'v6.8\302\240')
for name in newline non-UTF-8 escape 10000-byte bidi zero-width leading-blank trailing-no-break-space; do
	case $name in
	newline) tag=$nl; why="control character" ;;
	non-UTF-8) tag=$bad8; why="not valid UTF-8" ;;
	escape) tag=$esc; why="control character" ;;
	10000-byte) tag=$long; why="10000 bytes long" ;;
	bidi) tag=$rlo; why="bidirectional control character U+202E" ;;
	zero-width) tag=$zw; why="invisible character U+200B" ;;
	leading-blank) tag=" v6.8"; why="begins with a blank" ;;
	trailing-no-break-space) tag=$nbsp; why="ends with a blank (U+00A0)" ;;
	esac
	refused "aimrun --tag with a $name tag" 1 "$why" run --tests add_long --tag "$tag"
	refused "aimdb rename to a $name tag" 1 "$why" "$AIMDB" --db "$DB" rename base "$tag"
	refused "aimdb import --tag with a $name tag" 1 "$why" \
		"$AIMDB" --db "$DB" import --tag "$tag" "$S/t/data/report/bare.txt"
	refused "aimdb show of a $name tag" 1 "no such tag" "$AIMDB" --db "$DB" show "$tag"
	refused "aimcmp of a $name tag" 1 "no such tag" "$AIMCMP" --db "$DB" base "$tag"
done
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What every program and subcommand shares: a write error on standard
# output (/dev/full) is exit 2 with one line on stderr; every --help fits
# 80 columns; a bad option is reported under the program's name, not the
# path it was run by; --version names the database schema version that
# aimrun writes.
set -u
S=${AIM_SRCDIR:-.}
NAME=conventions
. "$S/t/robust-lib.sh"
AIMPLOT="$B/report/aimplot"
AIM_CHECK=quiet AIM_COUNTERS=none
export AIM_CHECK AIM_COUNTERS
DB="$W/a.db"
for tag in one one two two; do
	"$AIMRUN" --duration 0.01 --runs 1 --tests add_long,creat-clo \
		--filesize 16K --db "$DB" --dir "$W/scratch" -q --tag "$tag" ||
		echo "Bail out! aimrun could not make a database"
done
schema=$(sqlite3 "$DB" 'PRAGMA user_version') ||
	echo "Bail out! sqlite3 cannot read the database"

# full COMMAND...: on /dev/full, exit 2, the last line on stderr the
# write error (warnings about the data may come before it).
full() {
	"$@" >/dev/full 2>"$W/err"; rc=$?
	n=$((n + 1))
	if [ "$rc" -eq 2 ] &&
	   tail -n 1 "$W/err" | grep -q '^aim[a-z]*: .*No space left on device'; then
		echo "ok $n - $* >/dev/full: exit 2"
	else
		echo "not ok $n - $* >/dev/full: exit 2"; fails=$((fails + 1))
		echo "# exit $rc, stderr:"; tail -n 3 "$W/err" | sed 's/^/#   /'
	fi
}
if test -w /dev/full; then
	for p in "$AIMRUN" "$AIMCMP" "$AIMDB" "$AIMPLOT"; do
		full "$p" --help
		full "$p" --version
	done
	full "$AIMRUN" --list
	full "$AIMRUN" --check
	full "$AIMRUN" --db "$W/b.db" --dir "$W/scratch" --duration 0.01 \
		--runs 1 --tests add_long
	for f in text csv json; do
		full "$AIMRUN" --db "$W/b.db" --cmd c --runs 1 --format "$f" \
			-- true
	done
	for f in text lines csv json markdown html junit tap; do
		full "$AIMCMP" --db "$DB" --format "$f" one two
	done
	full "$AIMCMP" --db "$DB" --legend one two
	full "$AIMCMP" --db "$DB" --counters one two
	full "$AIMCMP" --db "$DB" --series
	for c in list check "show one" "export one" "export -f json one"; do
		# shellcheck disable=SC2086 # the words of the command
		full "$AIMDB" --db "$DB" $c
	done
	for c in list show import export merge rm rename check; do
		full "$AIMDB" "$c" --help
	done
	"$AIMDB" --db "$DB" export one >"$W/one.csv"
	full "$AIMDB" --db "$W/c.db" import -n "$W/one.csv"
	full "$AIMDB" --db "$W/c.db" merge "$DB" one
	full "$AIMPLOT" --db "$DB" --steps
else
	skip "no /dev/full"
fi

# wide COMMAND...: every line of its --help at most 80 characters.
wide() {
	"$@" --help >"$W/help" 2>&1
	t "$* --help fits 80 columns" sh -c \
		"test -s '$W/help' && ! awk 'length(\$0) > 80 { bad = 1 } END { exit !bad }' '$W/help'"
}
for p in "$AIMRUN" "$AIMCMP" "$AIMDB" "$AIMPLOT"; do
	wide "$p"
done
for c in list show import export merge rm rename check; do
	wide "$AIMDB" "$c"
done
# aimdb --help names each command as that command's own Usage line does,
# every option with it (the --db of push aside: it goes before the verb).
"$AIMDB" --help >"$W/dbhelp" 2>&1
for c in list show import export merge push rm rename check; do
	syn=$("$AIMDB" "$c" --help 2>&1 |
		sed -n '1s/^Usage: aimdb \(\[--db [A-Z]*\] \)\{0,1\}//p')
	t "aimdb --help: ${syn:-$c}" awk -v s="  ${syn:-?}" '
		index($0, s) == 1 && (length($0) == length(s) ||
			substr($0, length(s) + 1, 1) == " ") { f = 1 }
		END { exit !f }' "$W/dbhelp"
done

# named PROGRAM ARG...: run by a path, the complaint starts with the
# program's name and holds no slash of that path.
named() {
	prog=$1; shift
	"$@" >/dev/null 2>"$W/err"; rc=$?
	t "$prog through a path: '$prog: ...', exit 1" sh -c \
		"test $rc -eq 1 && grep -q '^$prog: ' '$W/err' &&
		 ! grep -q '/$prog' '$W/err' && test \$(wc -l <'$W/err') -eq 1"
}
ABS=$(cd "$B" && pwd)
for p in harness/aimrun report/aimcmp report/aimdb report/aimplot; do
	prog=${p#*/}
	named "$prog" "$ABS/$p" --no-such-option
	named "$prog" "$ABS/$p" -Z
	named "$prog" "$ABS/$p" --db
done
named aimdb "$ABS/report/aimdb" list --no-such-option
named aimdb "$ABS/report/aimdb" export --format
named aimrun "$ABS/harness/aimrun" --cmd c --no-such-option -- true
(cd "$ABS/report" && ./aimcmp --no-such-option) 2>"$W/err.rel"
t "./aimcmp: 'aimcmp: ...'" grep -q '^aimcmp: unknown option' "$W/err.rel"

# --version: the program, the package and the schema version.
for p in "$AIMRUN" "$AIMCMP" "$AIMDB" "$AIMPLOT"; do
	prog=${p##*/}
	"$p" --version >"$W/version" 2>&1
	t "$prog --version names the program" grep -q "^$prog (aimkit) " "$W/version"
	t "$prog --version names schema version $schema" \
		grep -qx "database schema version $schema" "$W/version"
done

echo "1..$n"
exit $((fails > 0))

# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the t/robust-*.sh scripts after they set NAME and S (the
# source tree): the programs under test, a private work directory with an
# empty scratch directory, removed at exit, and TAP assertions counted as
# they go (end with: echo "1..$n"; exit $((fails > 0))).
B=${AIM_BUILDDIR:-.}
AIMRUN="$B/harness/aimrun"
AIMDB="$B/report/aimdb"
AIMCMP="$B/report/aimcmp"
W=$(mktemp -d "${TMPDIR:-/tmp}/$NAME.XXXXXX") || exit 1
# What hold() has stopped: continued at exit, so a script killed between
# its hold and its release leaves no process stopped behind it, and no
# job of its own still writing into the directory it removes.  The jobs
# are this shell's children by /proc: without job control, dash's
# "jobs -p" names the process group, which is the caller's.
HELD=
# Some scripts take write permission away from parts of it.
trap '[ -z "$HELD" ] || kill -s CONT -- "$HELD" 2>/dev/null
for j in $(cat "/proc/$$/task/$$/children" 2>/dev/null); do kill "$j" 2>/dev/null; done; wait
chmod -R u+w "$W" 2>/dev/null; rm -rf "$W"' EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
# hold PID (or -PGID): stop it for a look; release PID continues it.
hold() {
	HELD=$1
	kill -s STOP -- "$1" 2>/dev/null && return 0
	HELD=
	return 1
}
release() {
	kill -s CONT -- "$1" 2>/dev/null
	HELD=
}
mkdir "$W/scratch" || exit 1
n=0
fails=0
t() {	# t DESCRIPTION COMMAND...: one assertion, the command's success
	d=$1; shift
	n=$((n + 1))
	if "$@" >/dev/null 2>&1; then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"; fails=$((fails + 1))
	fi
}
skip() {	# skip REASON: one assertion that could not be made here
	n=$((n + 1))
	echo "ok $n # SKIP $1"
}
. "${S:-${AIM_SRCDIR:-.}}/t/need.sh"
# refused DESC CODES PATTERN COMMAND...: the exit status is one of CODES
# ("1", "2" or "12"), stderr is one line holding PATTERN (any case), and
# the file $DB, when it is one, unchanged; a database on a server
# (t/db-sql.sh sourced), its export unchanged.
refused() {
	d=$1 codes=$2 pat=$3; shift 3
	[ -f "$DB" ] && cp "$DB" "$W/before"
	snap=
	if [ ! -e "$DB" ] && command -v db_snap >/dev/null 2>&1 &&
	   db_is_pg "$DB"; then
		snap=$W/before.snap
		db_snap "$DB" >"$snap"
	fi
	"$@" >/dev/null 2>"$W/err"; rc=$?
	n=$((n + 1))
	if [ "$rc" -ne 0 ] && case $codes in *"$rc"*) true ;; *) false ;; esac &&
	   [ "$(wc -l <"$W/err")" -eq 1 ] && grep -qiF -- "$pat" "$W/err" &&
	   { [ ! -f "$DB" ] || cmp -s "$DB" "$W/before"; } &&
	   { [ -z "$snap" ] || db_snap "$DB" | cmp -s - "$snap"; }; then
		echo "ok $n - $d${todo:+ # TODO $todo}"
	else
		echo "not ok $n - $d${todo:+ # TODO $todo}"
		[ -n "$todo" ] || fails=$((fails + 1))
		echo "# exit $rc, stderr:"; cut -c1-200 "$W/err" | sed 's/^/#   /' | head -5
	fi
}
todo=	# the reason, while a known defect keeps a check from passing

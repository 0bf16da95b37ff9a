#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Whole runs moved at scale, store to store: a store of TAGS (default
# 1000) runs x 60 tests x 30 samples, each sample with its two
# context-switch metrics (bench/cmp-scale.sh makes it), pushed to a
# PostgreSQL server over one connection and again over JOBS (default 2,
# aimdb push --jobs), and merged into a new SQLite file; and an import of
# RESULTS (default 20000) results of one run into the server.  Each with
# its wall time and rate, its CPU time (and the private server's) and the
# rate per CPU second, which the load of a shared host leaves alone, and
# its memory high-water mark (the maximum resident set GNU time reports).
# Targets: 50 runs/s for the push, 100 for the merge, 15,000 results/s
# for the import (doc/fleet.md).
# The server: $AIM_TEST_PG (a schema of its own for each) or a private
# cluster (t/pg-cluster.sh).
# Usage: bench/move-speed.sh [TAGS [RESULTS [JOBS]]].
# Prints figures; asserts nothing; exit 2 when the server or GNU time
# cannot be had.
set -u
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
S=${AIM_SRCDIR:-$(dirname "$0")/..}
TAGS=${1:-1000}
RESULTS=${2:-20000}
JOBS=${3:-2}
AIMDB="$B/report/aimdb"
[ -x /usr/bin/time ] || { echo "move-speed: GNU time (/usr/bin/time) is needed" >&2; exit 2; }
d=$(mktemp -d /tmp/aimmove.XXXXXX) || exit 2
PGD= SCHEMAS=
cleanup() {
	for s in $SCHEMAS; do
		"$B/t/pgschema" -d "$AIM_TEST_PG" "$s" 2>/dev/null
	done
	[ -z "$PGD" ] || sh "$S/t/pg-cluster.sh" stop "$PGD" 2>/dev/null
	rm -rf "$d"
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM
if [ -z "${AIM_TEST_PG:-}" ]; then
	PGD=$(mktemp -u /tmp/aimpg.XXXXXXXX) || exit 2
	PG=$(sh "$S/t/pg-cluster.sh" start "$PGD") || { PGD=; exit 2; }
fi
# target NAME: a fresh store on the server, its --db string.
target() {
	if [ -n "$PGD" ]; then
		"$B/t/pgschema" "$PG" "aimmove_$1"
	else
		SCHEMAS="$SCHEMAS aimmove_$1_$$"
		"$B/t/pgschema" "$AIM_TEST_PG" "aimmove_$1_$$"
	fi
}
# The CPU seconds the private server's backends have used and ended
# with (its postmaster's children's, /proc/PID/stat fields 16 and 17);
# 0 with a server of $AIM_TEST_PG.
server_cpu() {
	if [ -n "$PGD" ] && [ -r "$PGD/data/postmaster.pid" ]; then
		awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, "");
			printf "%.2f", ($14 + $15) / hz }' \
			"/proc/$(head -n 1 "$PGD/data/postmaster.pid")/stat"
	else
		echo 0
	fi
}
# Wait (up to 5 s) until the private server's connections have ended
# and been reaped, so that server_cpu counts their CPU: a backend is
# reaped a moment after its client exits, and until then it is a zombie
# child without the command line pgrep looks for.
quiet() {
	[ -n "$PGD" ] && [ -r "$PGD/data/postmaster.pid" ] || return 0
	pm=$(head -n 1 "$PGD/data/postmaster.pid") i=0
	while [ "$i" -lt 100 ] && { pgrep -P "$pm" -f '\[local\]' ||
		ps -o stat= --ppid "$pm" | grep -q '^Z'; } >/dev/null; do
		sleep 0.05
		i=$((i + 1))
	done
}
# timed WHAT COUNT UNIT COMMAND...: COMMAND's wall time and COUNT / time
# UNIT/s; its CPU time (user and system) and the server's, and COUNT /
# their sum, the rate a machine of its own would give; its memory
# high-water mark, and its last line.  The host is shared: the load says
# how much the wall time is the others'.
timed() {
	what=$1 count=$2 unit=$3; shift 3
	quiet
	s0=$(server_cpu)
	/usr/bin/time -o "$d/time" -f '%e %M %U %S' "$@" >"$d/out" 2>"$d/err"
	rc=$?
	quiet
	s1=$(server_cpu)
	read -r secs kib usr sys <"$d/time" 2>/dev/null || secs=0 kib=0 usr=0 sys=0
	awk -v w="$what" -v n="$count" -v u="$unit" -v s="$secs" -v k="$kib" \
		-v c="$usr" -v y="$sys" -v sv="$(awk -v a="$s0" -v b="$s1" \
		'BEGIN { print b - a }')" -v rc="$rc" \
		-v last="$(tail -n 1 "$d/out")" -v load="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
		cpu = c + y + sv
		printf "%s: %.2f s, %.0f %s/s (load %s); CPU %.2f s here + %.2f s server, %.0f %s per CPU second; high-water mark %.1f MiB; exit %d (%s)\n",
			w, s, (s > 0 ? n / s : 0), u, load, c + y, sv,
			(cpu > 0 ? n / cpu : 0), u, k / 1024, rc, last }'
	[ "$rc" -eq 0 ] || head -n 2 "$d/err" | sed 's/^/  /'
}

echo "store: bench/cmp-scale.sh $TAGS ($TAGS runs x 60 tests x 30 samples):"
REPEAT=1 sh "$S/bench/cmp-scale.sh" "$TAGS" "$d/scale.db" | sed 's/^/  /'
# Its made-up runs' uuids in the form the store writes.
sqlite3 "$d/scale.db" "UPDATE run SET uuid = substr(uuid, 1, 8) || '-' ||
	substr(uuid, 9, 4) || '-4' || substr(uuid, 14, 3) || '-8' ||
	substr(uuid, 18, 3) || '-' || substr(uuid, 21, 12)
	WHERE length(uuid) = 32" || exit 2
timed "push to PostgreSQL" "$TAGS" runs \
	"$AIMDB" --db "$d/scale.db" push --to "$(target push)"
timed "push to PostgreSQL, --jobs $JOBS" "$TAGS" runs \
	"$AIMDB" --db "$d/scale.db" push --jobs "$JOBS" --to "$(target pushj)"
timed "merge SQLite -> SQLite" "$TAGS" runs \
	"$AIMDB" --db "$d/merged.db" merge "$d/scale.db"
awk -v n="$RESULTS" 'BEGIN {
	print "tag,run_id,number,test,rep,seq,status,reason,calls," \
		"elapsed_ns,factor,units,printed_ops"
	for (i = 1; i <= n; i++)
		printf "v1,4,3,add_long,%d,1,ok,,20,400000000,60000," \
			"Thousand Long Integer Additions/second,\n", i
}' >"$d/in.csv"
timed "import of $RESULTS results into PostgreSQL" "$RESULTS" results \
	"$AIMDB" --db "$(target import)" import "$d/in.csv"

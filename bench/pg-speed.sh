#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SQLite against PostgreSQL on the same work: the results per second of
# importing one generated CSV export of N results (default 20000, one
# sample each), then one of N/10 results of 30 samples each (as a run of
# aimrun stores them: the rows a server takes in one COPY), into a fresh
# SQLite file and a fresh server schema (one transaction each), and what
# aimrun's open per result costs on each (bench/storeopen).  The server: SERVER (a libpq
# string whose database may hold a schema aimbench_speed, dropped and
# made again), else a private cluster of t/pg-cluster.sh.
# Usage: bench/pg-speed.sh [N [SERVER]].  Prints figures; asserts nothing.
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
S=${AIM_SRCDIR:-$(dirname "$0")/..}
N=${1:-20000}
d=$(mktemp -d "${TMPDIR:-/tmp}/aimbench.XXXXXX")
c=
cleanup() {
	[ -z "$c" ] || sh "$S/t/pg-cluster.sh" stop "$c" || true
	rm -rf "$d"
}
trap cleanup EXIT
if [ $# -ge 2 ]; then
	base=$2
else
	c=$(mktemp -u /tmp/aimpg.XXXXXXXX)
	base=$(sh "$S/t/pg-cluster.sh" start "$c")
fi
server=$("$B/t/pgschema" "$base" aimbench_speed)
# One run of N repetitions of add_long, as bench/import-speed.sh makes.
{
	echo "tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops,env_key,env_value"
	seq "$N" | sed 's|.*|v1,4,3,add_long,&,1,ok,,20,400000000,60000,Thousand Long Integer Additions/second,,,|'
} >"$d/in.csv"
M=$((N / 10))
# The same with 30 samples a result: its rows numbered by seq.
{
	head -n 1 "$d/in.csv"
	seq "$M" | awk '{ for (s = 1; s <= 30; s++)
		printf "v2,5,3,add_long,%d,%d,ok,,20,400000000,60000,Thousand Long Integer Additions/second,,,\n", $1, s }'
} >"$d/in30.csv"
import() {	# import NAME DB FILE N WHAT: the results per second into DB
	start=$(date +%s.%N)
	"$B/report/aimdb" --db "$2" import "$3" >/dev/null
	end=$(date +%s.%N)
	awk -v n="$4" -v s="$start" -v e="$end" -v w="$1" -v what="$5" \
		'BEGIN { printf "%-10s import%s: %8.0f results/s (%d in %.2f s)\n",
			 w, what, n / (e - s), n, e - s }'
}
import sqlite "$d/x.db" "$d/in.csv" "$N" ""
import postgresql "$server" "$d/in.csv" "$N" ""
import sqlite "$d/x.db" "$d/in30.csv" "$M" " x30"
import postgresql "$server" "$d/in30.csv" "$M" " x30"
printf 'sqlite     open per result: '; "$B/bench/storeopen" "$d/x.db"
printf 'postgresql open per result: '; "$B/bench/storeopen" "$server"
# A reader compares the schema on every open; aimdb check does not.
printf 'sqlite     open to read: '; "$B/bench/storeopen" "$d/x.db" 100 read
printf 'sqlite     open to check: '; "$B/bench/storeopen" "$d/x.db" 100 check
printf 'postgresql open to read: '; "$B/bench/storeopen" "$server" 100 read
printf 'postgresql open to check: '; "$B/bench/storeopen" "$server" 100 check
"$B/t/pgschema" -d "$base" aimbench_speed

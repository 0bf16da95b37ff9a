#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A database moved away at a random moment of a run, N times (default
# 80): aimrun must stop with exit 2 and the one line "no longer there",
# whichever step of its reopen the rename falls between.  Prints each
# other answer and the count; asserts nothing (a race: make check's
# t/robust-aimrun.sh meets it only by chance).  Run it beside a CPU load
# (e.g. three "while :; do :; done" loops) to widen the windows.
# Usage: bench/reopen-race.sh [N].
set -u
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
N=${1:-80}
d=$(mktemp -d "${TMPDIR:-/tmp}/aimrace.XXXXXX") || exit 2
trap 'rm -rf "$d"' EXIT
mkdir "$d/scratch"
if [ ! -x "$B/harness/aimrun" ]; then
	echo "reopen-race.sh: $B/harness/aimrun: not built (make first)" >&2
	exit 2
fi
bad=0 k=0
while [ "$k" -lt "$N" ]; do
	k=$((k + 1))
	rm -f "$d"/m.db* "$d"/e.db*
	AIM_CHECK=quiet "$B/harness/aimrun" --tag mid --tests add_long,add_int \
		--duration 0.01 --runs 1000 --db "$d/m.db" --dir "$d/scratch" \
		-q --counters none 2>"$d/err" &
	pid=$!
	i=0	# until the first result: read only once aimrun made the file
	until { [ -s "$d/m.db" ] && [ "$(sqlite3 -readonly "$d/m.db" \
		"SELECT count(*) FROM result" 2>/dev/null)" -gt 0 ]; } \
		2>/dev/null || [ "$i" -ge 1200 ]; do
		sleep 0.05; i=$((i + 1))
	done
	if [ ! -s "$d/m.db" ]; then
		echo "reopen-race.sh: no result stored in 60 s: $(head -c 300 "$d/err")" >&2
		exit 2
	fi
	sleep "0.0$((k % 9 + 1))"
	mv "$d/m.db" "$d/e.db"
	wait "$pid"; rc=$?
	if [ "$rc" -ne 2 ] || [ "$(wc -l <"$d/err")" -ne 1 ] ||
	   ! grep -q 'no longer there' "$d/err"; then
		bad=$((bad + 1))
		echo "move $k: exit $rc: $(head -c 300 "$d/err")"
	fi
done
echo "$bad of $N moves mid-run answered otherwise than \"no longer there\""

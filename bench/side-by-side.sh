#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Does the harness slow the work it measures?  Holds each classic test
# whose shape fits in a few lines against a reference doing the same work
# per call as a plain C loop in a small program of its own (bench/ratioref,
# built here: fork, exec of the same script, brk, page, signal, jmp,
# creat-clo, link_test, the pipe, FIFO and socket tests, the add, mul and
# div chains), lmbench's lat_proc way.  Each round runs, per test, one
# `aimrun --runs 1` and the reference for the same period, the reference
# first in every other round, so load that comes and goes (the machine may
# be shared) falls on both alike.  Prints per test the paired ratio aimrun
# / reference (the geometric mean of the rounds' ratios) with its 95 %
# interval and median, each side's mean rate and cv over the rounds
# (bench/paired), and the machine's load and steal over the run.  Then the
# same over each side's time on a CPU: the timed period less the time its
# process stood ready to run while something else had the CPU (the run
# delay of /proc/thread-self/schedstat, which aimrun stores per sample and
# the reference reads around its loop), with each side's mean share of
# such waiting.  The two sides run at different moments, so what else the
# host runs then (another job's bursts last seconds, over many rounds)
# falls on one side of a pair and not the other; the second table is the
# work's own pace (doc/tests.md, "jmp_test: what the 4 % was not").
# Prints figures; asserts nothing.
# Usage: bench/side-by-side.sh [TESTS|all] [ROUNDS] [DURATION]
# (defaults all 10 0.5).  AIMRUN names another aimrun to hold against the
# same references (an older build, say); counters are off and the machine
# check quiet unless AIM_COUNTERS and AIM_CHECK say otherwise; SBS_RAW=FILE
# keeps the rounds' rates ("TEST AIMRUN REF", calls per second).
# SBS_LOCKSTEP=SLICE_MS runs each round's aimrun and reference at once
# instead, on one CPU in alternating slices of SLICE_MS (bench/lockstep),
# so the host's moments fall on both alike; each rate is then half the
# rate alone (each side has half the wall clock), and the ratio is what
# the test process costs the test.
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
S=$(cd "$(dirname "$0")/.." && pwd)
T=${1:-all}
R=${2:-10}
D=${3:-0.5}
case $R in '' | *[!0-9]*)
	echo "side-by-side.sh: ROUNDS must be a whole number" >&2; exit 1 ;;
esac
case ${SBS_LOCKSTEP:-} in '' | [1-9] | [1-9][0-9] | [1-9][0-9][0-9]) ;; *)
	echo "side-by-side.sh: SBS_LOCKSTEP must be a slice of 1 to 999 ms" >&2
	exit 1 ;;
esac
if [ "$R" -lt 2 ]; then
	echo "side-by-side.sh: need 2 rounds or more" >&2
	exit 1
fi
A=${AIMRUN:-$B/harness/aimrun}
AIM_COUNTERS=${AIM_COUNTERS:-none}
AIM_CHECK=${AIM_CHECK:-quiet}
export AIM_COUNTERS AIM_CHECK
# The references are built here, as make builds them (-O2, as tests-aim/),
# and aimdb, which reads back the run delays aimrun stored.
if ! ${MAKE:-make} -s -C "$B" bench/ratioref bench/paired bench/lockstep \
	report/aimdb >&2
then
	echo "side-by-side.sh: cannot build bench/ratioref in $B" >&2
	exit 2
fi
REF=$B/bench/ratioref
if [ ! -x "$A" ]; then
	echo "side-by-side.sh: $A: not built (make first)" >&2
	exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/aimsbs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The tests with a reference, in aimrun's (classic) order.
"$REF" list | awk '{ print $1 }' >"$tmp/refs"
if [ "$T" = all ]; then
	"$A" --list | awk 'NR == FNR { r[$1] = 1; next }
		$1 ~ /^[0-9]+$/ && ($2 in r) { print $2 }' "$tmp/refs" - \
		>"$tmp/tests"
else
	echo "$T" | tr , '\n' >"$tmp/tests"
fi
while read -r t; do
	if ! grep -qx -- "$t" "$tmp/refs"; then
		echo "side-by-side.sh: $t: no reference ($REF list)" >&2
		exit 1
	fi
done <"$tmp/tests"

# aimrun on test $t, after the words given (none, or a lockstep prefix).
aim_cmd() {
	"$@" "$A" --db "$tmp/r.db" --tag side-by-side --tests "$t" --runs 1 \
		--duration "$D" --dir "$tmp"
}

# The iteration rate (calls/s, column 5) of test $t in aimrun's table.
aim_pick() {
	awk -v t="$t" '$2 == t { print $5 }'
}

# A fresh scratch directory for the reference beside aimrun's, with
# exec_test's copy of the script `true` in it.
ref_dir() {
	d=$(mktemp -d "$tmp/aimref.XXXXXX")
	cp "$S/tests-aim/data/true" "$d/true"
	chmod 0755 "$d/true"
}

# The reference's calls/s and share of waiting for a CPU: sets r and rw.
ref_rate() {
	ref_dir
	"$REF" "$t" "$D" "$d" >"$tmp/ref.out"
	rm -rf "$d"
	read -r r rw <"$tmp/ref.out"
}

# Both at once in lockstep, the reference's slice first if $1 is 1 (else
# aimrun's): sets a and r.
lockstep_pair() {
	ref_dir
	rm -f "$tmp/ref.out" "$tmp/aim.out"
	aim_cmd "$B/bench/lockstep" "$SBS_LOCKSTEP" "$1" "$tmp/ref.out" \
		"$tmp/aim.out" -- "$REF" "$t" "$D" "$d" -- >&2
	rm -rf "$d"
	read -r r rw <"$tmp/ref.out"
	a=$(aim_pick <"$tmp/aim.out")
}

# Each aimrun run's share of its samples' time spent waiting for a CPU,
# in the order of the runs (one run per round and test).
aim_waits() {
	"$B/report/aimdb" --db "$tmp/r.db" export -f csv side-by-side |
	awk -F, 'NR > 1 && $6 != "" && match($0, /run_delay_ns=[0-9]+/) {
		e[$2] += $10; w[$2] += substr($0, RSTART + 13, RLENGTH - 13) }
	END { for (r in e) if (e[r] > 0) print r, w[r] / e[r] }' | sort -n
}

# The second table: rates over each side's time on a CPU, and the mean
# shares of waiting, when both sides' run delays are known.
on_cpu() {
	if ! aim_waits >"$tmp/aimwait" ||
	   [ "$(wc -l <"$tmp/aimwait")" -ne "$(wc -l <"$tmp/pairs")" ] ||
	   grep -qx -- - "$tmp/refwait"; then
		echo "no run delays read: no rates over the time on a CPU"
		return 0
	fi
	echo "over each side's time on a CPU (the period less its run delay):"
	paste -d' ' "$tmp/pairs" "$tmp/aimwait" "$tmp/refwait" |
		awk '$5 < 1 && $6 < 1 { print $1, $2 / (1 - $5), $3 / (1 - $6) }' |
		"$B/bench/paired"
	paste -d' ' "$tmp/pairs" "$tmp/aimwait" "$tmp/refwait" |
		awk '{ if (!($1 in n)) o[++k] = $1; n[$1]++; a[$1] += $5
			r[$1] += $6 }
		END { printf "waiting for a CPU, mean share of the period:"
			for (i = 1; i <= k; i++)
				printf " %s %.1f %% / %.1f %%%s", o[i],
					100 * a[o[i]] / n[o[i]],
					100 * r[o[i]] / n[o[i]], i < k ? "," : ""
			print " (aimrun / reference)" }'
}

# cpu ticks: total and steal, from the first line of /proc/stat.
ticks() {
	awk '$1 == "cpu" { for (i = 2; i <= NF; i++) s += $i; print s, $9 }' \
		/proc/stat
}

echo "kernel $(uname -r), $(nproc) CPUs, THP $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo unknown)"
if [ -n "${SBS_LOCKSTEP:-}" ]; then
	echo "$R rounds of $D s per test, aimrun and reference in lockstep" \
		"(slices of $SBS_LOCKSTEP ms on one CPU; AIM_COUNTERS=$AIM_COUNTERS)"
else
	echo "$R rounds of $D s per test, aimrun and reference alternating" \
		"(AIM_COUNTERS=$AIM_COUNTERS)"
fi
load0=$(cut -d' ' -f1-3 /proc/loadavg)
ticks >"$tmp/ticks"
read -r tot0 st0 <"$tmp/ticks"
: >"$tmp/pairs"
: >"$tmp/refwait"
i=0
while [ "$i" -lt "$R" ]; do
	while read -r t; do
		if [ -n "${SBS_LOCKSTEP:-}" ]; then
			lockstep_pair $((i % 2 + 1))
		elif [ $((i % 2)) -eq 0 ]; then
			a=$(aim_cmd | aim_pick); ref_rate
		else
			ref_rate; a=$(aim_cmd | aim_pick)
		fi
		if [ -z "$a" ] || [ -z "$r" ]; then
			echo "side-by-side.sh: $t: no rate in round $i" >&2
			exit 2
		fi
		echo "$t $a $r" >>"$tmp/pairs"
		echo "${rw:--}" >>"$tmp/refwait"
	done <"$tmp/tests"
	i=$((i + 1))
done
ticks >"$tmp/ticks"
read -r tot1 st1 <"$tmp/ticks"
"$B/bench/paired" <"$tmp/pairs"
if [ -n "${SBS_RAW:-}" ]; then
	cp "$tmp/pairs" "$SBS_RAW"
fi
if [ -z "${SBS_LOCKSTEP:-}" ]; then
	on_cpu
fi
awk -v t="$((tot1 - tot0))" -v s="$((st1 - st0))" -v l0="$load0" \
	-v l1="$(cut -d' ' -f1-3 /proc/loadavg)" 'BEGIN {
	printf "load average %s before, %s after; steal %.2f %% of CPU time\n",
		l0, l1, (t > 0 ? 100 * s / t : 0) }'

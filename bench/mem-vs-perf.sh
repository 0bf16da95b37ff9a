#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The mem family's hot copies against perf bench mem memcpy at the same
# sizes, in one run: each round runs aimrun on a suite of the mem suite's
# hot copies at 4 KiB and 1 MiB (mem_copy_*_4k_hot, mem_copy_*_1m_hot),
# then perf bench mem memcpy -s 4KB and -s 1MB for the routines both
# have (glibc's memcpy: aimrun libc, perf default; rep movsb: movsb,
# x86-64-movsb; rep movsq: movsq, x86-64-movsq; the kernel's unrolled
# loop against aimrun's unrolled movq), so load that comes and goes falls
# on both alike.  Prints per pair the best round of each in GB/s (10^9
# bytes; perf prints GiB/s, converted) and aimrun / perf, then the load
# average before and after.  Prints figures; asserts nothing.
# Usage: bench/mem-vs-perf.sh [ROUNDS] [DURATION] (defaults 3 0.5).
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
R=${1:-3}
D=${2:-0.5}
case $R in '' | *[!0-9]*)
	echo "mem-vs-perf.sh: ROUNDS must be a whole number" >&2; exit 1 ;;
esac
A=${AIMRUN:-$B/harness/aimrun}
if [ ! -x "$A" ]; then
	echo "mem-vs-perf.sh: $A: not built (make first)" >&2
	exit 2
fi
PERF=$(command -v perf || true)
if [ -z "$PERF" ] || ! "$PERF" bench mem memcpy -s 4KB -f default >/dev/null 2>&1; then
	echo "mem-vs-perf.sh: perf bench mem memcpy does not run (the Debian package linux-perf)" >&2
	exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/aimmemperf.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
printf '# the hot copies of the mem suite at 4 KiB and 1 MiB\nmem_copy_*_4k_hot\nmem_copy_*_1m_hot\n' \
	>"$tmp/memhot.suite"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# perf's loops: about DURATION seconds at 20 GB/s.
loops() { awk -v d="$D" -v b="$1" 'BEGIN { n = int(d * 2e10 / b); print n < 1 ? 1 : n }'; }
: >"$tmp/all"
i=0
while [ "$i" -lt "$R" ]; do
	i=$((i + 1))
	"$A" --suite "$tmp/memhot.suite" --db "$tmp/a.db" --tag "round$i" \
		--dir "$tmp" --counters none --duration "$D" --runs 1 \
		2>/dev/null | awk '$1 ~ /^[0-9]+$/ && $2 ~ /^mem_copy_/ {
			split($2, p, "_"); print "aimrun", p[3], p[4], $6 / 1e9 }' \
		>>"$tmp/all"
	for size in 4KB 1MB; do
		case $size in 4KB) bytes=4096 ;; *) bytes=1048576 ;; esac
		for fn in default x86-64-movsb x86-64-movsq x86-64-unrolled; do
			"$PERF" bench mem memcpy -s "$size" -f "$fn" \
				-l "$(loops "$bytes")" 2>/dev/null |
				awk -v fn="$fn" -v s="$size" '/GB\/sec/ {
					print "perf", fn, s, $1 * 1073741824 / 1e9 }' \
				>>"$tmp/all"
		done
	done
done
awk -v rounds="$R" '
	function pair(r) {
		if (r == "libc") return "default"
		if (r == "movsb" || r == "movsq") return "x86-64-" r
		return r == "movq" ? "x86-64-unrolled" : ""
	}
	$1 == "aimrun" { k = $2 " " ($3 == "4k" ? "4KB" : "1MB")
		if ($4 > a[k]) a[k] = $4; seen[k] = 1 }
	$1 == "perf" { k = $2 " " $3; if ($4 > p[k]) p[k] = $4 }
	END {
		printf "best of %d rounds, GB/s (10^9 bytes per second)\n", rounds
		printf "%-8s %-5s %10s %-16s %10s %8s\n", "aimrun", "size", "GB/s",
		       "perf bench", "GB/s", "ratio"
		n = split("4KB 1MB", sizes, " ")
		m = split("libc movsb movsq movq sse2 sse2nt movnti avx2 avx512", rs, " ")
		for (s = 1; s <= n; s++)
			for (j = 1; j <= m; j++) {
				k = rs[j] " " sizes[s]
				if (!(k in seen)) continue
				f = pair(rs[j]); q = p[f " " sizes[s]]
				if (f != "" && q > 0)
					printf "%-8s %-5s %10.2f %-16s %10.2f %8.2f\n",
					       rs[j], sizes[s], a[k], f, q, a[k] / q
				else
					printf "%-8s %-5s %10.2f %-16s %10s %8s\n",
					       rs[j], sizes[s], a[k], "-", "-", "-"
			}
	}' "$tmp/all"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

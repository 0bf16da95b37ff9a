#!/bin/sh
# Does the harness slow the work it measures?  Holds fork_test, exec_test
# and jmp_test against references that do the same work in a process of
# their own (bench/ratioref: fork + _exit + waitpid, fork + execve of the
# same #!/bin/sh script + waitpid, jmp_test's loop as plain C), lmbench's
# lat_proc way.  Each round runs one aimrun of a test, then the reference
# for the same period, so load that comes and goes (the machine is shared)
# falls on both alike.  Prints per test the mean rate of each over the
# rounds with its coefficient of variation and the ratio of the means,
# then the best round of each and their ratio (what a loaded machine
# leaves least touched), the median of the rounds' own ratios ("paired":
# each round's two runs are neighbours in time, so what the load does
# between rounds cancels), and the load average before and after.  Prints
# figures; asserts nothing.
# Usage: bench/ratio.sh [TESTS] [ROUNDS] [DURATION]
# (defaults fork_test,exec_test,jmp_test 10 0.5).  AIMRUN names another
# aimrun to hold against the same references (an older build, say).
set -eu
B=${AIM_BUILDDIR:-$(dirname "$0")/..}
S=$(cd "$(dirname "$0")/.." && pwd)
T=${1:-fork_test,exec_test,jmp_test}
R=${2:-10}
D=${3:-0.5}
case $R in '' | *[!0-9]*)
	echo "ratio.sh: ROUNDS must be a whole number" >&2; exit 1 ;;
esac
if [ "$R" -lt 2 ]; then
	echo "ratio.sh: need 2 rounds or more" >&2
	exit 1
fi
A=${AIMRUN:-$B/harness/aimrun}
for p in "$A" "$B/bench/ratioref"; do
	if [ ! -x "$p" ]; then
		echo "ratio.sh: $p: not built (make first)" >&2
		exit 2
	fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/aimratio.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# exec_test execs its own copy of this script (mode 0755, in scratch).
cp "$S/tests-aim/data/true" "$tmp/true"
chmod 0755 "$tmp/true"

# The operation rate aimrun prints for test $1 (column 6 of its row).
aim_rate() {
	"$A" --db "$tmp/r.db" --tag ratio --tests "$1" \
		--runs 1 --duration "$D" | awk -v t="$1" '$2 == t { print $6 }'
}

ref_rate() {
	case $1 in
	fork_test) "$B/bench/ratioref" fork "$D" ;;
	exec_test) "$B/bench/ratioref" exec "$D" "$tmp/true" ;;
	jmp_test) "$B/bench/ratioref" jmp "$D" ;;
	*) echo "ratio.sh: $1: no reference (fork_test, exec_test, jmp_test)" >&2
	   exit 1 ;;
	esac
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$R rounds of $D s, aimrun and reference alternating"
printf '%-10s %13s %6s %13s %6s %6s %13s %13s %6s %6s\n' test aimkit/s cv% \
	reference/s cv% ratio best-aimkit best-ref ratio paired
for t in $(echo "$T" | tr , ' '); do
	: >"$tmp/$t"
	i=0
	while [ "$i" -lt "$R" ]; do
		a=$(aim_rate "$t")
		r=$(ref_rate "$t")
		if [ -z "$a" ] || [ -z "$r" ]; then
			echo "ratio.sh: $t: no rate in round $i" >&2
			exit 2
		fi
		echo "$a $r" >>"$tmp/$t"
		i=$((i + 1))
	done
	awk -v t="$t" '
	{
		a[NR] = $1; r[NR] = $2; sa += $1; sr += $2; q[NR] = $1 / $2
		if ($1 > ba) ba = $1
		if ($2 > br) br = $2
	}
	END {
		ma = sa / NR; mr = sr / NR
		for (i = 2; i <= NR; i++)	# insertion sort of the round ratios
			for (j = i; j > 1 && q[j - 1] > q[j]; j--) {
				x = q[j]; q[j] = q[j - 1]; q[j - 1] = x
			}
		pm = NR % 2 ? q[(NR + 1) / 2] : (q[NR / 2] + q[NR / 2 + 1]) / 2
		for (i = 1; i <= NR; i++) {
			va += (a[i] - ma) ^ 2; vr += (r[i] - mr) ^ 2
		}
		printf "%-10s %13.1f %6.2f %13.1f %6.2f %6.3f %13.1f %13.1f %6.3f %6.3f\n",
			t, ma, 100 * sqrt(va / (NR - 1)) / ma,
			mr, 100 * sqrt(vr / (NR - 1)) / mr, ma / mr, ba, br, ba / br, pm
	}' "$tmp/$t"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

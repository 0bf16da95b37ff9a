#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun --check on made-up /proc and /sys trees ($AIM_CHECK_ROOT): a
# tree with every problem gives each finding with what to change and
# exit 3, a clean tree none and exit 0; the brief ones are said at the
# start of a run, one line each on stderr, unless $AIM_CHECK is quiet.
set -u
S=${AIM_SRCDIR:-.}
NAME=check
. "$S/t/robust-lib.sh"
DB="$W/c.db"
C=sys/devices/system/cpu
plant() {	# plant ROOT: the files every check reads, all well
	mkdir -p "$1/proc/sys/kernel" "$1/$C/cpu0/cpufreq" "$1/$C/cpufreq" \
		"$1/$C/smt" "$1/sys/kernel/mm/transparent_hugepage"
	echo "0.00 0.01 0.05 1/100 4242" >"$1/proc/loadavg"
	echo performance >"$1/$C/cpu0/cpufreq/scaling_governor"
	echo 0 >"$1/$C/cpufreq/boost"
	echo 0 >"$1/$C/smt/active"
	echo 1 >"$1/$C/isolated"
	echo 1 >"$1/$C/nohz_full"
	echo 2 >"$1/proc/sys/kernel/randomize_va_space"
	echo "always [madvise] never" \
		>"$1/sys/kernel/mm/transparent_hugepage/enabled"
	echo 1 >"$1/proc/sys/kernel/perf_event_paranoid"
	printf 'processor\t: 0\nflags\t\t: fpu sse2\n' >"$1/proc/cpuinfo"
	echo "cpu  100 0 100 800 0 0 0 0 0 0" >"$1/proc/stat"
}
plant "$W/good"
plant "$W/bad"
R=$W/bad
echo "3.50 1.00 0.50 4/100 4242" >"$R/proc/loadavg"
mkdir -p "$R/proc/77"
echo "77 (spin\033ner) R 1 77 77 0" >"$R/proc/77/stat"
echo powersave >"$R/$C/cpu0/cpufreq/scaling_governor"
echo 1 >"$R/$C/cpufreq/boost"
echo 1 >"$R/$C/smt/active"
: >"$R/$C/isolated"
echo "(null)" >"$R/$C/nohz_full"
echo 0 >"$R/proc/sys/kernel/randomize_va_space"
echo "[always] madvise never" >"$R/sys/kernel/mm/transparent_hugepage/enabled"
echo 3 >"$R/proc/sys/kernel/perf_event_paranoid"
printf 'processor\t: 0\nflags\t\t: fpu hypervisor sse2\n' >"$R/proc/cpuinfo"
echo "cpu  100 0 100 700 0 0 0 100 0 0" >"$R/proc/stat"

# A CPU this process may use, for the pinned checks.
CPU=$(sed -n 's/^Cpus_allowed_list:[^0-9]*\([0-9]*\).*/\1/p' /proc/self/status)
AIM_CHECK_ROOT=$W/good "$AIMRUN" --cpu "$CPU" --check >"$W/good.out" 2>&1
t "a clean machine: exit 0" test $? -eq 0
t "a clean machine: nothing found" grep -qx \
	'nothing found that spoils measurements' "$W/good.out"
AIM_CHECK_ROOT=$R "$AIMRUN" --check >"$W/bad.out" 2>"$W/bad.err"
t "findings: exit 3 (something to change), stderr empty" \
	test $? -eq 3 -a ! -s "$W/bad.err"
f() {	# f WHAT PATTERN: finding WHAT says PATTERN, with a change line
	t "$1: $2" sh -c "grep -A1 '^$1: ' '$W/bad.out' | grep -qF -- '$2' &&
		grep -A1 '^$1: ' '$W/bad.out' | grep -q '^  change: .'"
}
f load "load average 3.50, 3 other runnable processes: spin?ner"
f governor "governor of CPU 0 is powersave"
f boost "boost (turbo) is on"
f smt "SMT is on"
f isolated "no CPU is isolated"
f nohz_full "no nohz_full CPU"
f aslr "ASLR is 0, not 2"
f thp "THP is always"
f hypervisor "running under a hypervisor"
f steal "10.0 % of CPU time was stolen by the hypervisor since boot"
if [ "$(id -u)" -ne 0 ]; then
	f perf_event_paranoid "perf_event_paranoid is 3"
else
	t "root: perf_event_paranoid is no finding" sh -c \
		"! grep -q '^perf_event_paranoid' '$W/bad.out'"
fi
t "isolated CPUs but not pinned" sh -c "AIM_CHECK_ROOT='$W/good' '$AIMRUN' \
	--check | grep -q 'CPUs 1 are isolated, but the run is not pinned'"
t "pinned: no such finding" sh -c "AIM_CHECK_ROOT='$W/good' '$AIMRUN' \
	--cpu '$CPU' --check | grep -qx 'nothing found that spoils measurements'"
run() { AIM_CHECK_ROOT=$R "$AIMRUN" --db "$DB" --dir "$W/scratch" \
	--tests add_long --duration 0.01 --runs 1 "$@" >/dev/null; }
(unset AIM_CHECK; run --tag a) 2>"$W/run.err"
t "a run says the brief findings, one line each" test \
	"$(grep -c '^aimrun: check: ' "$W/run.err")" -eq 4
t "load, governor, boost and ASLR among them" sh -c "grep -q 'load average' \
	'$W/run.err' && grep -q governor '$W/run.err' && grep -q boost \
	'$W/run.err' && grep -q ASLR '$W/run.err'"
AIM_CHECK=quiet run --tag b 2>"$W/quiet.err"
t "AIM_CHECK=quiet: nothing said" test ! -s "$W/quiet.err"
(unset AIM_CHECK; run --tag c -q) 2>"$W/q.err"
t "-q: nothing said" test ! -s "$W/q.err"
# The PMU is asked of the running kernel: --check says what a run of the
# default counters leaves unsaid, as this machine has one or not.
"$AIMRUN" --counters cycles --db "$DB" --dir "$W/scratch" --tests add_long \
	--duration 0.01 --runs 1 >/dev/null 2>"$W/cycles.err"
(unset AIM_CHECK_ROOT; "$AIMRUN" --check) >"$W/pmu.out" 2>&1
if grep -q '(no hardware counters: ' "$W/cycles.err"; then
	f2() { grep -A1 '^counters: no hardware counters: ' "$W/pmu.out" |
		grep -q '^  change: .*bare metal'; }
	t "no PMU: --check says so, with what to change" f2
else
	t "a PMU: --check says nothing of counters" sh -c \
		"! grep -q '^counters: ' '$W/pmu.out'"
fi
AIM_COUNTERS=default "$AIMRUN" --db "$DB" --dir "$W/scratch" \
	--tests add_long --duration 0.01 --runs 1 >/dev/null 2>"$W/dflt.err"
t "a run of the default counters says nothing of a missing PMU" sh -c \
	"! grep -q 'no hardware counters' '$W/dflt.err'"
# A load left by what just ended (a build), nothing runnable now: quiet.
plant "$W/after"
echo "0.90 0.70 0.40 1/100 4242" >"$W/after/proc/loadavg"
AIM_CHECK_ROOT="$W/after" "$AIMRUN" --check >"$W/after.out" 2>&1
t "a load under one CPU with nothing runnable now is no finding" sh -c \
	"! grep -q 'load average' '$W/after.out'"
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What a test process and the programs it starts hold open: stdio and
# the scratch directory across exec, nothing aimrun's caller left open
# (a file at 9 and at 200 here) and none of aimrun's own pipes.  Each
# look stops the test process, so it and its children hold still.
set -u
S=${AIM_SRCDIR:-.}
NAME=child-fds
. "$S/t/robust-lib.sh"
export AIM_COUNTERS=none AIM_CHECK=quiet
: >"$W/planted"
# kin PID: PID's descendants, one a line.
kin() {
	for k in $(cat "/proc/$1/task/$1/children" 2>/dev/null); do
		echo "$k"
		kin "$k"
	done
}
# look PID: each descriptor of PID as "pid fd target cloexec(0/1)".
look() {
	for f in /proc/"$1"/fd/*; do
		fd=${f##*/}
		tgt=$(readlink "$f" 2>/dev/null) || continue
		fl=$(sed -n 's/^flags:[[:space:]]*//p' "/proc/$1/fdinfo/$fd" 2>/dev/null)
		[ -n "$fl" ] || continue
		echo "$1 $fd $tgt $(( (0$fl >> 19) & 1 ))"
	done
}
watch() {	# watch OUT ARGS...: aimrun ARGS in the background, looked at
	out=$1; shift
	# bash: sh redirects single-digit descriptors only.
	bash -c 'exec 200<"$0" 9<"$0"; exec "$@"' "$W/planted" \
		"$AIMRUN" -q --db "$W/a.db" --dir "$W/scratch" "$@" &
	pid=$!
	: >"$out"
	while kill -0 "$pid" 2>/dev/null; do
		for p in $(kin "$pid"); do
			case $(cat "/proc/$p/comm" 2>/dev/null) in
			aimrun-test)
				# Its process group: the children it forked too.
				hold "-$p" || continue
				# Past its start (the pipes are marked then)
				# once it holds its run-delay meter open.
				look "$p" >"$W/look"
				grep -q '/schedstat ' "$W/look" &&
					sed 's/^/test /' "$W/look" >>"$out"
				# A child not yet past its exec holds what
				# the fork gave it: the programs are the rest.
				for c in $(kin "$p"); do
					[ "$(cat "/proc/$c/comm" 2>/dev/null)" = \
					  aimrun-test ] && continue
					look "$c" | sed 's/^/kid /' >>"$out"
				done
				release "-$p" ;;
			esac
		done
		sleep 0.05
	done
	wait "$pid"
}
watch "$W/one" --tag one --tests exec_test,shell_rtns_1 --duration 1 --runs 1
rc=$?
t "the run passed" test "$rc" -eq 0
t "test processes were seen ($(grep -c '^test' "$W/one") descriptors)" \
	grep -q '^test' "$W/one"
t "their children too ($(grep -c '^kid' "$W/one"))" grep -q '^kid' "$W/one"
t "none holds what the caller left open" sh -c \
	"! grep -F '$W/planted' '$W/one'"
# What crosses an exec: 0 to 2 and the scratch directory only.
awk '$1 == "test" && $5 == 0 && $3 > 2 && $4 !~ /\/scratch\/aimrun\./' \
	"$W/one" >"$W/leaks"
t "the test process keeps only stdio and its scratch directory across exec" \
	test ! -s "$W/leaks"
sed 's/^/# kept: /' "$W/leaks" | head -n 5
# The test process's pipes are aimrun's (results): none in a child.
awk '$1 == "test" && $4 ~ /^pipe:/ { p[$4] = 1 }
     $1 == "kid" && ($4 in p) { print }' "$W/one" >"$W/pipes"
t "no pipe of aimrun reaches a test's program" test ! -s "$W/pipes"
watch "$W/two" --tag two --tests exec_test --duration 1 --runs 1 --copies 2
rc=$?
t "--copies 2: the run passed" test "$rc" -eq 0
awk '$1 == "test" && $5 == 0 && $3 > 2 && $4 !~ /\/scratch\/aimrun\./' \
	"$W/two" >"$W/leaks2"
t "--copies 2: the barrier's pipes do not cross an exec either" sh -c \
	"grep -q '^test' '$W/two' && test ! -s '$W/leaks2' && ! grep -F '$W/planted' '$W/two'"
echo "1..$n"
exit $((fails > 0))

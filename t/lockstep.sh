#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/lockstep (bench/side-by-side.sh's SBS_LOCKSTEP) runs two commands
# on one CPU, each output to its own new file, and says which failed; its
# arguments and output files are checked before anything runs.  What it
# does to rates is bench/'s to print, not this test's.
set -u
S=${AIM_SRCDIR:-.}
NAME=lockstep
. "$S/t/robust-lib.sh"
L=$B/bench/lockstep
CPUS='grep Cpus_allowed_list /proc/self/status'
DB=$W/none	# refused() compares a database: there is none

"$L" 5 2 "$W/o1" "$W/o2" -- sh -c "$CPUS" -- sh -c "$CPUS; echo two" \
	>"$W/out" 2>"$W/err"
rc=$?
t "two commands: exit 0, nothing printed" \
	sh -c "[ $rc -eq 0 ] && [ ! -s '$W/out' ] && [ ! -s '$W/err' ]"
t "... each output in its own file" sh -c \
	"grep -q Cpus_allowed_list '$W/o1' && grep -qx two '$W/o2'"
t "... both on the same one CPU" sh -c \
	"c=\$(awk '{ print \$2 }' '$W/o1') &&
	 [ \"\$c\" = \"\$(awk 'NR == 1 { print \$2 }' '$W/o2')\" ] &&
	 case \$c in *[!0-9]*) false ;; esac"
t "... and what a command starts runs there too" sh -c \
	"rm -f '$W/o1' '$W/o2' && '$L' 5 1 '$W/o1' '$W/o2' -- \
	 sh -c 'sh -c \"$CPUS\"' -- sh -c \"$CPUS\" &&
	 [ \"\$(cat '$W/o1')\" = \"\$(cat '$W/o2')\" ]"

rm -f "$W/o1" "$W/o2"
"$L" 5 1 "$W/o1" "$W/o2" -- sh -c 'exit 3' -- true 2>"$W/err"
rc=$?
t "a command that fails: exit 1, one line naming it" sh -c \
	"[ $rc -eq 1 ] && [ \$(wc -l <'$W/err') -eq 1 ] &&
	 grep -q '^lockstep: sh: exit 3\$' '$W/err'"

rm -f "$W/o1" "$W/o2"
refused "a slice of 0 ms: usage" 1 "usage: lockstep" \
	"$L" 0 1 "$W/o1" "$W/o2" -- true -- true
refused "a third FIRST: usage" 1 "usage: lockstep" \
	"$L" 5 3 "$W/o1" "$W/o2" -- true -- true
refused "one command only" 1 "two commands" \
	"$L" 5 1 "$W/o1" "$W/o2" -- true --
ln -s "$W/target" "$W/o1"
"$L" 5 1 "$W/o1" "$W/o2" -- true -- true 2>"$W/err"
rc=$?
t "a link planted at an output: not followed, exit 2, one line" sh -c \
	"[ $rc -eq 2 ] && [ ! -e '$W/target' ] && [ \$(wc -l <'$W/err') -eq 1 ] &&
	 grep -q '^lockstep: .*/o1: ' '$W/err'"
rm -f "$W/o1"
: >"$W/o2"
"$L" 5 1 "$W/o1" "$W/o2" -- sleep 31.4159 -- true 2>"$W/err"
rc=$?
t "an output that exists: exit 2, one line" \
	sh -c "[ $rc -eq 2 ] && [ \$(wc -l <'$W/err') -eq 1 ] &&
	 grep -q '^lockstep: .*/o2: File exists' '$W/err'"
# No process of the command started first is left behind, stopped (it
# stops before its exec, so it still bears lockstep's command line).
none_left() {
	for f in /proc/[0-9]*/cmdline; do
		case $(tr '\0' ' ' <"$f" 2>/dev/null) in
		*" -- sleep 31.4159 -- "*) return 1 ;;
		esac
	done
	return 0
}
t "... and the command started first is not left behind" none_left
echo "1..$n"
exit $((fails > 0))

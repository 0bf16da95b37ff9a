#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A test runs in a process of its own program (harness/aimrun-test), which
# maps the C library, libm and the dynamic loader only: none of aimrun's
# libraries (SQLite, GSL, json-c, libcsv, nettle), so what a test forks is
# as small as AIM9's own test processes.  It gets aimrun's environment and
# is found beside aimrun (when it has aimrun's owner and only that owner
# may write it) or in the configured pkglibexecdir, never elsewhere.
set -u
S=${AIM_SRCDIR:-.}
NAME=lean-child
. "$S/t/robust-lib.sh"
PROG="$B/harness/aimrun-test"

# The sanitizer build links its runtime into every program.
san='^$'
t "aimrun-test is built" test -x "$PROG"
if need ldd build-essential; then
	ldd "$PROG" | grep -q libasan && san='lib(asan|ubsan|stdc\+\+|gcc_s)\.so'
	ldd "$PROG" | awk '{ print $1 }' |
		grep -Ev '^(linux-vdso\.so|libc\.so|libm\.so|/.*ld-linux)' |
		grep -Ev "$san" >"$W/libs"
	t "aimrun-test links no library but libc, libm and ld.so" \
		test ! -s "$W/libs"
fi
# Bound at start, so no process a test forks looks a symbol up, and the
# test process can keep all of libm from them (harness/child/dontfork.c).
if need readelf build-essential; then
	t "aimrun-test binds its symbols at start (-z now)" sh -c \
		"readelf -d '$PROG' | grep -Eq 'BIND_NOW|Flags:.* NOW'"
fi

# A fork_test running long enough to look at its process.
AIM_LEAN_MARK=lean-$$ "$AIMRUN" --db "$W/a.db" --tag lean --tests fork_test \
	--runs 1 --duration 1 --dir "$W/scratch" >"$W/out" 2>"$W/err" &
apid=$!
c=
i=0
while [ "$i" -lt 100 ] && [ -z "$c" ]; do
	for k in $(cat "/proc/$apid/task/$apid/children" 2>/dev/null); do
		exe=$(readlink "/proc/$k/exe" 2>/dev/null)
		# Between fork and exec it is aimrun for a moment; then the
		# loader runs until main() maps the IPC table.
		case $exe in
		*/aimrun-test) past=/memfd:aim-ipc ;;
		*) [ "$i" -ge 25 ] || continue; past=libc ;;
		esac
		grep -q "$past" "/proc/$k/maps" 2>/dev/null || continue
		cp "/proc/$k/maps" "$W/maps" &&
			tr '\0' '\n' <"/proc/$k/environ" >"$W/env" &&
			tr '\0' ' ' <"/proc/$k/cmdline" >"$W/cmd" && c=$k
	done
	[ -n "$c" ] || sleep 0.02
	i=$((i + 1))
done
wait "$apid"
rc=$?
t "the test ran in a process of aimrun-test" \
	sh -c "[ -n '$c' ] && case '$exe' in */aimrun-test) ;; *) false ;; esac"
t "the run succeeded" sh -c "[ $rc -eq 0 ] && grep -q ' fork_test ' '$W/out'"
if [ -n "$c" ]; then
	awk '$6 ~ /^\// { print $6 }' "$W/maps" | sort -u |
		grep -Ev '/(libc\.so|libm\.so|ld-linux)[^/]*$|/aimrun-test$|^/memfd:aim-ipc' |
		grep -Ev "$san" >"$W/mapped"
	t "the test process maps no file but libc, libm, ld.so, itself" \
		test ! -s "$W/mapped"
	t "the test process has aimrun's environment" \
		grep -qx "AIM_LEAN_MARK=lean-$$" "$W/env"
	t "its arguments are its name and a descriptor" \
		grep -Eqx 'aimrun-test [0-9]+ ' "$W/cmd"
	sed 's/^/# mapped: /' "$W/mapped"
else
	t "a test process was seen" false; t "a test process was seen" false
	t "a test process was seen" false
fi

# By hand it says what it is for; a block that is none is refused.
"$PROG" >/dev/null 2>"$W/hand"
t "aimrun-test run by hand exits 1 with one line" \
	sh -c "[ $? -eq 1 ] && [ \$(wc -l <'$W/hand') -eq 1 ]"
for size in 100 100000; do
	head -c "$size" /dev/zero >"$W/zero"
	"$PROG" 5 5<"$W/zero" >/dev/null 2>"$W/bad"
	t "a block of $size bytes is refused, one line, exit 2" \
		sh -c "[ $? -eq 2 ] && [ \$(wc -l <'$W/bad') -eq 1 ] &&
			grep -q '^aimrun-test: read the configuration: ' '$W/bad'"
done

# A copy beside aimrun that others may write is not run.
mkdir "$W/bin"
cp "$AIMRUN" "$PROG" "$W/bin/" && chmod g+w "$W/bin/aimrun-test"
lib=$(sed -n 's/^#define AIM_PKGLIBEXECDIR "\(.*\)"$/\1/p' "$B/harness/aimpaths.h")
if [ -e "$lib/aimrun-test" ]; then
	skip "an aimrun-test is installed in $lib"
else
	AIM_SUITEDIR="$S/suite" AIM_DATADIR="$S/tests-aim/data" DB= \
	refused "a group-writable aimrun-test beside aimrun is not run" 2 \
		"test program $lib/aimrun-test" \
		"$W/bin/aimrun" --db "$W/b.db" --tag w --tests add_long --runs 1 \
		--duration 0.01
fi
echo "1..$n"
exit $((fails > 0))

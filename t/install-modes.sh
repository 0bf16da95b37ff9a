#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make install DESTDIR=...: the files the tests execute (exec_test's
# `true`, the shell_rtns scripts) are installed executable, 0755, beside
# the suites, which stay 0644 data; the bash and zsh completions.
set -u
S=${AIM_SRCDIR:-.}
NAME=install-modes
. "$S/t/robust-lib.sh"
# An install of its own, independent of the make running this test.
unset MAKEFLAGS MFLAGS MAKELEVEL
if ! need make build-essential; then
	echo "1..$n"
	exit 1
fi
if [ ! -f "$B/Makefile" ]; then
	echo "1..0 # SKIP no Makefile in $B"
	exit 0
fi
make -s -C "$B" install DESTDIR="$W/stage" >"$W/log" 2>&1
t "make install DESTDIR= succeeds" test "$?" -eq 0
data=$(find "$W/stage" -type d -path '*/aimkit/data' | head -n 1)
t "the data directory is installed" test -n "$data"
for f in aim_1.sh aim_2.sh aim_3.sh true; do
	t "data/$f is installed 0755" sh -c \
		"test \"\$(stat -c %a '$data/$f')\" = 755 && test -f '$data/$f'"
done
t "a suite is installed 0644" sh -c \
	"test \"\$(stat -c %a '$data/../suite/quick.suite')\" = 644"
# The completions: bash's under each program's name, zsh's once.
t "bash completion for the four programs" test "$(find "$W/stage" \
	-path '*/bash-completion/completions/aim*' -type f | wc -l)" -eq 4
t "zsh completion in site-functions, naming the four" sh -c \
	"head -n 1 '$(find "$W/stage" -path '*/zsh/site-functions/_aimkit' -type f)' |
	 grep -qx '#compdef aimrun aimcmp aimdb aimplot'"
[ "$fails" -eq 0 ] || tail -n 3 "$W/log" | sed 's/^/# install: /'
echo "1..$n"
exit $((fails > 0))

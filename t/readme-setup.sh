#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The README's set-up section is what .ci/check-fresh runs on a fresh
# Debian machine: two commands (t/readme-cmd.sh), which install every
# Debian package that configure asks for and that a test needs (need,
# t/need.sh), and man-db for the man pages the README points at.
set -u
S=${AIM_SRCDIR:-.}
NAME=readme-setup
. "$S/t/robust-lib.sh"
R=$S/README.md
for i in 1 2; do
	sh "$S/t/readme-cmd.sh" "$R" "$i" >"$W/cmd$i" 2>&1
	t "the set-up section's command $i" test "$?" -eq 0 -a -s "$W/cmd$i"
done
t "the first command builds and runs the quick suite" grep -q \
	'&& make -j2 && ./harness/aimrun --suite quick' "$W/cmd1"
t "the second runs the tests" grep -q '&& make -j2 check$' "$W/cmd2"
# The packages: the words after each "apt-get install", options aside.
cat "$W/cmd1" "$W/cmd2" | sed 's/&&/\n/g' |
	sed -n 's/^ *apt-get install //p' | tr ' ' '\n' | grep '^[a-z0-9]' |
	sort -u >"$W/installed"
t "they install packages" test -s "$W/installed"
installs() {	# installs PACKAGE WHO: the README's commands install PACKAGE
	t "$2 needs $1: the README installs it" grep -qx -- "$1" "$W/installed"
}
sed -n 's/.*install the Debian package \([a-z0-9][a-z0-9.+-]*\).*/\1/p' \
	"$S/configure.ac" | sort -u >"$W/configured"
t "configure names the packages it needs" test -s "$W/configured"
while read -r p; do installs "$p" configure; done <"$W/configured"
cat "$S"/t/*.sh | grep -v '^[[:space:]]*#' |
	grep -oE '(^|[^a-z_])need [^ ]+ [a-z0-9][a-z0-9.+-]*' |
	awk '{ print $NF }' | sort -u >"$W/needed"
t "tests name the packages of the programs they need" test -s "$W/needed"
while read -r p; do installs "$p" "a test"; done <"$W/needed"
grep -q '`man doc/' "$R" && installs man-db "the README's man command"
echo "1..$n"
exit $((fails > 0))

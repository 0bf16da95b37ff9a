#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimrun holds no path of the trees it was built from (the same bytes
# from any build directory): only the configured directories are
# compiled in, and the build tree's aimrun finds the source tree by the
# file harness/aimrun-srcdir that make writes beside it and make install
# leaves behind.  A copy without that file uses the configured pkgdatadir.
set -u
S=${AIM_SRCDIR:-.}
NAME=repro-paths
. "$S/t/robust-lib.sh"
for tool in strip strings; do
	need "$tool" build-essential || { echo "1..$n"; exit 1; }
done
src=$(cd "$S" && pwd -P) bld=$(cd "$B" && pwd -P)
# Debugging sections name the compiler's directory; what runs is the rest.
strip -o "$W/aimrun" "$B/harness/aimrun" 2>"$W/strip.err"
t "a stripped copy of aimrun is made" test -s "$W/aimrun"
# The configured directories may lie in either tree (make distcheck
# installs under the source tree): those strings are the configuration's.
pkg=$(sed -n 's/^#define AIM_PKGDATADIR "\(.*\)"$/\1/p' "$B/harness/aimpaths.h")
lib=$(sed -n 's/^#define AIM_PKGLIBEXECDIR "\(.*\)"$/\1/p' "$B/harness/aimpaths.h")
t "the configured directories are known" test -n "$pkg" -a -n "$lib"
strings -a "$W/aimrun" | grep -vF -e "${pkg:-/nonexistent}" \
	-e "${lib:-/nonexistent}" >"$W/strings"
t "it names no build directory" sh -c "! grep -qF '$bld' '$W/strings'"
t "nor the source directory" sh -c "! grep -qF '$src' '$W/strings'"
real() {	# real DIR: DIR resolved, nothing when there is none
	[ -n "$1" ] && (cd "$1" 2>/dev/null && pwd -P)
}
suites() {	# suites AIMRUN: the directory its --list takes suites from
	"$1" --list 2>&1 | sed -n 's/^Suites (\(.*\)):$/\1/p'
}
t "the build tree's aimrun has the source tree beside it" test \
	"$(real "$(cat "$B/harness/aimrun-srcdir" 2>/dev/null)")" = "$src"
t "the build tree's aimrun lists the source tree's suites" test \
	"$(real "$(suites "$AIMRUN")")" = "$src/suite"
# Copied without the file, it looks in the configured pkgdatadir.
cp "$B/harness/aimrun" "$W/" || exit 1
t "a copy without it looks in the configured pkgdatadir" \
	test "$(suites "$W/aimrun")" = "$pkg/suite"
# A file others may write is not believed.
cp "$B/harness/aimrun-srcdir" "$W/" && chmod 0666 "$W/aimrun-srcdir"
t "one that others may write is ignored" \
	test "$(suites "$W/aimrun")" = "$pkg/suite"
chmod 0644 "$W/aimrun-srcdir"
t "one of aimrun's owner is used" test \
	"$(real "$(suites "$W/aimrun")")" = "$src/suite"
echo "1..$n"
exit $((fails > 0))

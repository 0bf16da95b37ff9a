#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# An install into a fresh prefix works with no source tree: a copy of the
# sources is configured twice (the second --prefix must reach the compiled
# paths), installed, staged with DESTDIR, then moved away before the
# installed aimrun, aimdb and aimcmp run.
set -u
S=${AIM_SRCDIR:-.}
NAME=install
. "$S/t/robust-lib.sh"
# The build below is independent of the one running this test.
unset MAKEFLAGS MFLAGS MAKELEVEL AIM_SUITEDIR AIM_DATADIR AIM_DB
# run NAME PREFIX [ENV...]: the quick suite, tiny, by PREFIX/bin/aimrun.
run() {
	name=$1 bin=$2/bin/aimrun; shift 2
	env "$@" "$bin" --suite quick --duration 0.01 --runs 1 --filesize 16K \
		--tag "$name" --db "$W/aim.db" --dir "$W/scratch" \
		>"$W/$name.out" 2>"$W/$name.err"
}

for tool in tar make cc; do
	need "$tool" build-essential || { echo "1..$n"; exit 1; }
done
if [ ! -x "$S/configure" ]; then
	echo "1..0 # SKIP no configure script in $S"
	exit 0
fi

echo "1..13"
# The sources without build outputs; other tests may add and remove files
# meanwhile, which tar reports with status 1.
mkdir "$W/src" &&
tar -C "$S" --exclude-vcs --exclude='*.o' --exclude='*.a' --exclude=.deps \
	--exclude='*.log' --exclude='*.trs' --exclude='*.db' --exclude=_build \
	--exclude=_inst --exclude=autom4te.cache --exclude=config.status \
	--exclude=Makefile --exclude=config.h --exclude=fuzz/work \
	--warning=no-file-changed --warning=no-file-removed -cf - . 2>/dev/null |
	tar -C "$W/src" -xf -
chmod -R u+w "$W/src"	# make distcheck's sources are read-only
P1="$W/first" P2="$W/prefix"
(cd "$W/src" && ./configure --prefix="$P1" CFLAGS=-O0 &&
	make harness/aimrun) >"$W/build.log" 2>&1
t "the copied sources build" test -x "$W/src/harness/aimrun"
(cd "$W/src" && ./configure --prefix="$P2" CFLAGS=-O0 && make install &&
	make install DESTDIR="$W/stage") >>"$W/build.log" 2>&1
t "make install into a fresh prefix" test -x "$P2/bin/aimrun"
t "the test program is in pkglibexecdir, not on PATH" \
	test -x "$P2/libexec/aimkit/aimrun-test" -a ! -e "$P2/bin/aimrun-test"
t "the second --prefix reached the compiled paths" \
	grep -q "$P2/share/aimkit" "$W/src/harness/aimpaths.h"

mv "$W/src" "$W/gone"
run installed "$P2"
t "installed aimrun runs the quick suite without the source tree" \
	test "$?" -eq 0 -a ! -s "$W/installed.err"
t "the table lists the suite's tests" grep -q ' shared_memory ' "$W/installed.out"

# A staged install looks where it will be installed; the overrides make it
# usable where it is.
mv "$P2" "$W/away"
run staged "$W/stage$P2"
t "staged aimrun looks in the configured pkgdatadir, not elsewhere" \
	sh -c "test \$(wc -l <'$W/staged.err') -eq 1 &&
		grep -q '$P2/share/aimkit/suite' '$W/staged.err'"
# The program the tests run in is no file a variable can point at: with
# the suites and data found, the staged aimrun still wants it installed.
run staged "$W/stage$P2" AIM_SUITEDIR="$W/stage$P2/share/aimkit/suite" \
	AIM_DATADIR="$W/stage$P2/share/aimkit/data" \
	PATH="$W/stage$P2/libexec/aimkit:$PATH"
t "staged aimrun runs its tests in the configured pkglibexecdir only" \
	sh -c "[ $? -eq 2 ] && test \$(wc -l <'$W/staged.err') -eq 1 &&
		grep -q 'test program $P2/libexec/aimkit/aimrun-test' '$W/staged.err'"
mv "$W/away" "$P2"

# A copy of the installed programs elsewhere still uses the configured
# pkgdatadir (it exists again).
cp -R "$P2" "$W/moved"
run moved "$W/moved"
t "a moved aimrun uses the configured pkgdatadir" \
	test "$?" -eq 0 -a ! -s "$W/moved.err"

t "installed aimdb lists the two runs" \
	sh -c "'$P2/bin/aimdb' --db '$W/aim.db' list >'$W/list' &&
		grep -q installed '$W/list' && ! grep -q staged '$W/list' &&
		grep -q moved '$W/list'"
t "installed aimdb check passes" "$P2/bin/aimdb" --db "$W/aim.db" check
"$P2/bin/aimcmp" --db "$W/aim.db" installed moved >"$W/cmp" 2>"$W/cmp.err"
rc=$?
t "installed aimcmp compares two runs" \
	sh -c "[ $rc -eq 0 ] && grep -q shared_memory '$W/cmp'"
t "installed man pages" test -f "$P2/share/man/man1/aimrun.1"

if [ "$fails" -ne 0 ]; then
	tail -n 3 "$W/build.log" | sed 's/^/# build: /'
	for f in "$W"/*.err; do head -n 2 "$f" | sed "s|^|# ${f##*/}: |"; done
fi
exit $((fails > 0))

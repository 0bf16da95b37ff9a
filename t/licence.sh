#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The licence, GPL-2.0-or-later: COPYING is the GPL version 2, every
# source file carries its SPDX line (build-aux/spdx-add --check names each
# that does not, by the rules of build-aux/spdx-add), debian/copyright and
# the README say it; and build-aux/spdx-add adds the line the kernel's
# way, once.
set -u
S=${AIM_SRCDIR:-.}
NAME=licence
. "$S/t/robust-lib.sh"
S=$(cd "$S" && pwd -P) || exit 1
SPDX="$S/build-aux/spdx-add"
ID='SPDX-License-Identifier: GPL-2.0-or-later'

t "COPYING is the GNU GPL version 2" sh -c "
	grep -q 'GNU GENERAL PUBLIC LICENSE' '$S/COPYING' &&
	grep -q 'Version 2, June 1991' '$S/COPYING'"
if [ -f /usr/share/common-licenses/GPL-2 ]; then
	t "COPYING is its text, whole" cmp -s "$S/COPYING" \
		/usr/share/common-licenses/GPL-2
fi
t "debian/copyright: machine-readable, every file GPL-2+" sh -c "
	head -n 1 '$S/debian/copyright' | grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' &&
	grep -A 2 -x 'Files: \*' '$S/debian/copyright' | grep -qx 'License: GPL-2+' &&
	grep -qx 'License: GPL-2+' '$S/debian/copyright'"
t "the README names the licence" grep -q 'GPL-2.0-or-later' "$S/README.md"

# The source files: what git tracks, or in a tree without git (a
# distribution tarball) every file but what autotools and a build make.
cd "$S" || exit 1
if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$S" ]; then
	git ls-files >"$W/files"
else
	find . \( -name autom4te.cache -o -name .deps -o -name _build \
		-o -name .git \) -prune -o -type f ! -name '*~' -print |
		sed 's|^\./||' |
		grep -vxE 'configure|config\.status|config\.h|aclocal\.m4|build-aux/(compile|depcomp|install-sh|missing|test-driver|ar-lib)' \
		>"$W/files"
fi
t "source files listed ($(wc -l <"$W/files"))" test "$(wc -l <"$W/files")" -gt 100
tr '\n' '\0' <"$W/files" | xargs -0 sh "$SPDX" --check >"$W/missing"
n=$((n + 1))
if [ -s "$W/missing" ]; then
	echo "not ok $n - every source file has the SPDX line (build-aux/spdx-add adds it)"
	fails=$((fails + 1))
	sed 's/^/# no SPDX line: /' "$W/missing"
else
	echo "ok $n - every source file has the SPDX line"
fi
cd "$W" || exit 1

# The script on files without the line: named by --check, then given it
# in the kernel's form, once.
mkdir -p "$W/s/t/data" && cd "$W/s" || exit 1
printf '/*\n * A module.\n */\nint x;\n' >m.c
printf '#ifndef M_H\n#define M_H\n#endif\n' >m.h
printf '#!/bin/sh\necho hi\n' >run.sh && chmod 755 run.sh
printf '# a fragment\nX = 1\n' >f.mk
printf '#compdef aimrun\n_aimrun() { :; }\n' >_aimkit
printf 'add_long\n' >t/data/fixture.c
printf 'no source\n' >notes.txt
sh "$SPDX" --check m.c m.h run.sh f.mk _aimkit t/data/fixture.c notes.txt \
	>"$W/named"; rc=$?
printf 'm.c\nm.h\nrun.sh\nf.mk\n_aimkit\n' >"$W/want"
t "--check names each source file without the line, exit 1" sh -c "
	test $rc -eq 1 && cmp -s '$W/named' '$W/want'"
sh "$SPDX" m.c m.h run.sh f.mk _aimkit t/data/fixture.c notes.txt
t "a .c: '// $ID' first" test "$(head -n 1 m.c)" = "// $ID"
t "a .h: '/* $ID */' first" test "$(head -n 1 m.h)" = "/* $ID */"
t "a script: '# $ID' after the #! line, mode kept" sh -c "
	test \"\$(sed -n 2p run.sh)\" = '# $ID' && test -x run.sh &&
	test \"\$(head -n 1 run.sh)\" = '#!/bin/sh'"
t "a makefile fragment: '# $ID' first" test "$(head -n 1 f.mk)" = "# $ID"
t "a zsh completion: after #compdef" test "$(sed -n 2p _aimkit)" = "# $ID"
t "fixtures and other files unchanged" sh -c "
	test \"\$(cat t/data/fixture.c)\" = add_long &&
	test \"\$(cat notes.txt)\" = 'no source'"
cat m.c m.h run.sh f.mk _aimkit >"$W/once"
sh "$SPDX" m.c m.h run.sh f.mk _aimkit
cat m.c m.h run.sh f.mk _aimkit >"$W/twice"
t "a second run changes nothing" cmp -s "$W/once" "$W/twice"
t "--check is then content" sh "$SPDX" --check m.c m.h run.sh f.mk _aimkit
cd "$W" || exit 1
echo "1..$n"
exit $((fails > 0))

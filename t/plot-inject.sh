#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimplot treats every string as data: tags (from aimrun, a CSV import or
# written into the database directly, newlines and all), test names,
# units and host names from the database, -T titles and -o/-s paths carry
# backquotes, $(...), system(...) and newlines followed by gnuplot
# commands, and a ~/.gnuplot waits in HOME; each would create a marker
# file if gnuplot ran it.  No marker ever appears, and the pictures are
# still drawn; every kept script, run by a bare gnuplot, runs nothing and
# names each picture as a single-quoted literal.
set -u
S=$(cd "${AIM_SRCDIR:-.}" && pwd)
AIM_BUILDDIR=$(cd "${AIM_BUILDDIR:-.}" && pwd)
NAME=plot-inject
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
# A marker in a path cannot hold '/': it lands in the working directory
# of the gnuplot that runs it, aimplot's private one (searched by gpwrap
# below before it goes) or $W, where the kept scripts are run.
cd "$W" || exit 1
AIMPLOT="$B/report/aimplot"
DB=$(db_first a.db)
M="$W/MARK"
GP=$(sed -n 's/^#define GNUPLOT_PATH "\(.*\)"$/\1/p' "$B/config.h")
nl='
'
no_marker() { test -z "$(find "$W" -name 'MARK*')" && ! test -s "$W/ran"; }
png() { test -s "$1" && test "$(head -c 4 "$1")" = "$(printf '\211PNG')"; }
aimrun_tag() {
	"$AIMRUN" --tag "$1" --tests add_long --duration 0.01 --runs 1 \
		--db "$DB" --dir "$W/scratch" -q >/dev/null 2>&1
}
q() { db_sql "$DB" "$1"; }

# Tags through aimrun, which refuses newlines but takes anything else.
t "aimrun stores a backquoted tag" aimrun_tag "bq\`touch $M.bq\`"
t "... a \$(...) tag" aimrun_tag "dollar\$(touch $M.dollar)"
t "... a tag closing a double-quoted string" \
	aimrun_tag "dq\" . system(\"touch $M.dq\") . \""
t "... a tag closing a single-quoted string" \
	aimrun_tag "sq' . system('touch $M.sq') . '"
# Through a CSV someone sent.
{
	head -n 1 "$S/t/data/plot/series.csv"
	sed -n '2,5s/^2\.6\.21,/csv`touch MARKFILE.csv`,/p' \
		"$S/t/data/plot/series.csv" | sed "s|MARKFILE|$M|"
} >"$W/evil.csv"
t "aimdb import stores a backquoted tag from a CSV" \
	"$AIMDB" --db "$DB" import "$W/evil.csv"
# Written into the database directly: any bytes at all (the newlines
# inside the literals, the same on both engines; char() is SQLite's).
aimrun_tag raw1 && aimrun_tag raw2 && aimrun_tag raw3
t "a database may hold newlines in tags, test names, units and hosts" q "
	UPDATE run SET tag = 'n1$nl!touch $M.nl1' WHERE tag = 'raw1';
	UPDATE run SET tag = 'n2${nl}system ''touch $M.nl2'''
		WHERE tag = 'raw2';
	UPDATE run SET tag = 'n3${nl}EOD$nl!touch $M.eod',
		host = 'h\`touch $M.host\`$nl!touch $M.host2' WHERE tag = 'raw3';
	UPDATE result SET test = 'add_long${nl}EOD$nl!touch $M.test',
		units = 'u\`touch $M.units\`$nl!touch $M.units2'
		WHERE run_id = (SELECT max(id) FROM run);"
t "... planted: three tags, a host, a test name and its units" test \
	"$(db_val "$DB" "SELECT count(*) FROM run WHERE tag LIKE 'n__%touch %'
	OR host LIKE 'h%_!touch %'")$(db_val "$DB" "SELECT count(*) FROM result
	WHERE test LIKE 'add_long_EOD_!touch %' AND units LIKE 'u%_!touch %'")" = 31

# A kept script names the picture, so its name must fit on one line.
refused "an -o name with a newline is refused" 1 "control character" \
	"$AIMPLOT" --db "$DB" -o "$W/a${nl}!touch $M.o.png"

mkdir "$W/out"
have_gp() { test -n "$GP" && test -x "$GP"; }
no_gp() {	# no_gp COUNT: skip as many assertions
	for i in $(seq "$1"); do
		skip "gnuplot not installed at '$GP' (the Debian package gnuplot-nox)"
	done
}
# kept SCRIPT PICTURE...: gnuplot itself, run on SCRIPT from $W (where
# aimplot ran, so relative names mean the same files), redraws each PICTURE.
kept() {
	k=$1; shift
	rm -f "$@" && (cd "$W" && "$GP" "$k") >/dev/null 2>&1 || return 1
	for p; do png "$p" || return 1; done
}
# single_quoted SCRIPT...: each has a `set output`, and every one names a
# single-quoted literal, which gnuplot neither expands nor takes for a pipe.
single_quoted() {
	for k; do
		grep -q '^set output' "$k" || return 1
		! grep '^set output' "$k" |
			grep -Evq "^set output '([^'|]|'')([^']|'')*'\$" || return 1
	done
}

if have_gp; then
# A HOME whose init file would run a command, and an XDG one too.
mkdir -p "$W/home/.config/gnuplot"
echo "system 'touch $M.home'" >"$W/home/.gnuplot"
echo "system 'touch $M.xdg'" >"$W/home/.config/gnuplot/gnuplotrc"
HOME="$W/home"
XDG_CONFIG_HOME="$W/home/.config"
GNUPLOT_LIB="$W/home"
export HOME XDG_CONFIG_HOME GNUPLOT_LIB
# gnuplot as aimplot starts it, then a record of any marker left in the
# private working directory that aimplot removes afterwards.
cat >"$W/gpwrap" <<EOF
#!/bin/sh
"$GP" "\$@"; rc=\$?
find . -name 'MARK*' >>"$W/ran"
echo "\$PWD" >>"$W/looked"
exit \$rc
EOF
chmod +x "$W/gpwrap"
AIM_GNUPLOT="$W/gpwrap"
export AIM_GNUPLOT

t "every tag drawn: exit 0" "$AIMPLOT" --db "$DB" -o "$W/out/all.png" \
	-s "$W/out/all.gp"
t "... the picture is a PNG" png "$W/out/all.png"
t "... and nothing ran" no_marker

title="t\`touch $M.T1\` \$(touch $M.T2) \" . system(\"touch $M.T3\") . \"$nl!touch $M.T4${nl}system 'touch $M.T5'"
t "a hostile -T title: exit 0" "$AIMPLOT" --db "$DB" -T "$title" \
	-o "$W/out/title.png" -s "$W/out/title.gp"
t "... drawn" png "$W/out/title.png"
t "... and nothing ran" no_marker

mkdir "$W/out/d\`touch MARK.dir\`"
o="$W/out/d\`touch MARK.dir\`/p\$(touch MARK.o)' . system('touch MARK.o2') . '.png"
so="$W/out/s\`touch MARK.s\`\$(touch MARK.s2).gp"
t "hostile -o and -s paths: exit 0" "$AIMPLOT" --db "$DB" -o "$o" \
	-s "$so" "bq\`touch $M.bq\`"
t "... drawn where asked" png "$o"
t "... and nothing ran" no_marker
per="$W/out/per\`touch MARK.per\`'\"/"
# The database holds several machines' runs: a panel, and a file, per test
# and machine; this one's runs are aimrun's here.
me=$(uname -n | sed 's/[^A-Za-z0-9._-]/_/g')
t "one file per test in a hostile directory: exit 0" "$AIMPLOT" --db "$DB" \
	-o "$per" -s "$W/out/per.gp"
t "... drawn" png "${per}03-add_long-$me.png"
t "... and nothing ran" no_marker

# The kept scripts, run by gnuplot with the hostile HOME: only the init
# file may run, so take it away first.
rm "$W/home/.gnuplot" "$W/home/.config/gnuplot/gnuplotrc"
redrawn=yes
kept "$W/out/all.gp" "$W/out/all.png" || redrawn=no
kept "$W/out/title.gp" "$W/out/title.png" || redrawn=no
kept "$so" "$o" || redrawn=no
kept "$W/out/per.gp" "${per}03-add_long-$me.png" || redrawn=no
t "the kept scripts, run by gnuplot itself, run nothing" no_marker
else
	no_gp 13
fi
# gnuplot's own complaint spans lines and echoes the script (tags in it):
# aimplot passes on one printable line of it.
printf '#!/bin/sh\necho >&2\necho "plot \\"x\\" \033[31m" >&2\necho "     ^" >&2\necho "\\"plot.gp\\" line 3: bad \033[2J thing" >&2\nexit 1\n' >"$W/fakegp"
chmod +x "$W/fakegp"
AIM_GNUPLOT="$W/fakegp" "$AIMPLOT" --db "$DB" -o "$W/out/fail.png" 2>"$W/gperr"
t "a failing gnuplot: one line from aimplot" test "$(wc -l <"$W/gperr")" -eq 1
t "... quoting its last line, made printable" sh -c \
	"grep -q 'line 3: bad ?\\[2J thing' '$W/gperr' && ! grep -q \"\$(printf '\\033')\" '$W/gperr'"
# gnuplot is handed its pictures as open descriptors: the script it runs
# names no path anybody could swap between its creation and gnuplot.
printf '#!/bin/sh\ncp "$1" "%s/seen.gp"\nls -l /proc/$$/fd/ >"%s/seen.fd"\n' "$W" "$W" >"$W/fakegp"
AIM_GNUPLOT="$W/fakegp" "$AIMPLOT" --db "$DB" -o "$W/out/fd/" >/dev/null 2>&1
t "per-test pictures: every output is a descriptor" sh -c \
	"grep '^set output' '$W/seen.gp' | grep -qv \"'/dev/fd/[0-9]*'\" && exit 1;
	 grep -q '^set output' '$W/seen.gp'"
t "... open on the temporary files in the target directory" \
	grep -q "3 -> $W/out/fd/\\.aimkit-" "$W/seen.fd"
if have_gp; then
t "... each ran to the end and redrew its pictures" test "$redrawn" = yes
t "... every set output in them a single-quoted literal" single_quoted \
	"$W/out/all.gp" "$W/out/title.gp" "$so" "$W/out/per.gp"
t "... and aimplot's own gnuplot was searched after each of its runs" \
	test "$(sort -u "$W/looked" | grep -cv "^$W")" -eq 4
# gnuplot sends the output to a command when its name starts with '|'.
t "an -o name starting with '|': exit 0" "$AIMPLOT" --db "$DB" \
	-o "|touch MARK.pipe.png" -s "$W/out/pipe.gp"
t "... drawn" png "$W/|touch MARK.pipe.png"
t "... the kept script, run by gnuplot, redraws it" \
	kept "$W/out/pipe.gp" "$W/|touch MARK.pipe.png"
t "... and nothing ran" no_marker
t "one file per test under such a directory: exit 0" "$AIMPLOT" --db "$DB" \
	-o "|touch MARK.pdir;x/" -s "$W/out/pdir.gp"
t "... the kept script, run by gnuplot, redraws them" \
	kept "$W/out/pdir.gp" "$W/|touch MARK.pdir;x/03-add_long-$me.png"
t "... and nothing ran" no_marker
t "... set output single-quoted, never starting with '|'" single_quoted \
	"$W/out/pipe.gp" "$W/out/pdir.gp"
else
	no_gp 11
fi
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Output files appear whole or not at all: aimdb export -o, aimplot -s
# and aimplot -o (one picture, or one per test) replace a link planted at
# the final name with a regular file and leave the link's target alone;
# under a file size limit (a full disk) they exit 2 with one line, the
# old file byte-identical and no temporary file left beside it.
set -u
S=${AIM_SRCDIR:-.}
NAME=outfile
. "$S/t/robust-lib.sh"
AIMPLOT="$B/report/aimplot"
DB="$W/a.db"
O="$W/out"
mkdir "$O"
GP=$(sed -n 's/^#define GNUPLOT_PATH "\(.*\)"$/\1/p' "$B/config.h")
limited() { sh -c 'ulimit -f "$0" && exec "$@"' "$@"; }
plain() { test -f "$1" && ! test -L "$1"; }
no_tmp() { test -z "$(find "$W" -name '.aimkit-*')"; }
echo "victim" >"$W/victim"
cp "$W/victim" "$W/victim.orig"
victim_intact() { cmp -s "$W/victim" "$W/victim.orig"; }
# full DESC FILE BLOCKS COMMAND...: under a limit of BLOCKS 512-byte
# blocks COMMAND exits 2 with one line, FILE as it was, no temporary file.
# plot_refused DESC STATUS: aimplot exited 1 with one line saying why,
# and wrote no script first.
plot_refused() {
	t "$1" sh -c "test $2 -eq 1 && test \$(wc -l <'$W/err') -eq 1 &&
		grep -q 'is the database being read' '$W/err' && ! test -e '$O/db.gp'"
}
full() {
	what=$1 file=$2 blocks=$3; shift 3
	echo "the old contents" >"$file"
	cp "$file" "$W/old"
	limited "$blocks" "$@" >/dev/null 2>"$W/err"; rc=$?
	t "$what: exit 2" test "$rc" -eq 2
	t "$what: one line" test "$(wc -l <"$W/err")" -eq 1
	t "$what: the old file is byte-identical" cmp -s "$file" "$W/old"
	t "$what: no temporary file left" no_tmp
}

t "a database of six tags" "$AIMDB" --db "$DB" import "$S/t/data/plot/series.csv"
# A reader of a WAL database creates its 32 KiB index file, which the
# limits below forbid: the writes under test are the output files.
sqlite3 "$DB" "PRAGMA journal_mode = DELETE" >/dev/null

ln -s "$W/victim" "$O/e.csv"
t "export -o over a link: exit 0" "$AIMDB" --db "$DB" export -o "$O/e.csv"
t "... the link became a regular file" plain "$O/e.csv"
t "... holding the export" grep -q '^tag,run_id,' "$O/e.csv"
t "... and its target is untouched" victim_intact
ln -s "$W/nowhere" "$O/dangling.json"
t "export -o over a dangling link" "$AIMDB" --db "$DB" export --format json \
	-o "$O/dangling.json"
t "... replaced it, creating nothing at its target" sh -c \
	"test -f '$O/dangling.json' && ! test -L '$O/dangling.json' && ! test -e '$W/nowhere'"
full "export -o on a full disk" "$O/e.csv" 1 \
	"$AIMDB" --db "$DB" export -o "$O/e.csv"
t "... and says why" grep -q "e.csv: File too large" "$W/err"

ln -s "$W/victim" "$O/s.gp"
t "aimplot -s over a link, gnuplot missing: exit 2" env AIM_GNUPLOT=/nonexistent \
	sh -c '"$@" 2>/dev/null; test $? -eq 2' sh "$AIMPLOT" --db "$DB" \
	-s "$O/s.gp" -o "$O/never.png"
t "... the link became the script" sh -c "test -f '$O/s.gp' &&
	! test -L '$O/s.gp' && grep -q '^set output' '$O/s.gp'"
t "... and its target is untouched" victim_intact
full "aimplot -s on a full disk" "$O/s.gp" 1 env AIM_GNUPLOT=/nonexistent \
	"$AIMPLOT" --db "$DB" -s "$O/s.gp"
t "... and says why" grep -q "s.gp: File too large" "$W/err"

if test -n "$GP" && test -x "$GP"; then
ln -s "$W/victim" "$O/p.png"
t "aimplot -o over a link: exit 0" "$AIMPLOT" --db "$DB" -o "$O/p.png"
t "... the link became the picture" sh -c "test -f '$O/p.png' &&
	! test -L '$O/p.png' && test \"\$(head -c 4 '$O/p.png')\" = \"\$(printf '\211PNG')\""
t "... and its target is untouched" victim_intact
mkdir "$O/per"
ln -s "$W/victim" "$O/per/03-add_long.png"
t "one file per test over a link" "$AIMPLOT" --db "$DB" -o "$O/per/"
t "... replaced the link" plain "$O/per/03-add_long.png"
t "... not its target" victim_intact
# 8 blocks (4 KiB): the script fits, the picture does not.
full "aimplot -o on a full disk" "$O/p.png" 8 "$AIMPLOT" --db "$DB" \
	-o "$O/p.png"
t "... and says gnuplot was stopped by the limit" grep -q "gnuplot: killed by signal" "$W/err"
else
	for i in 1 2 3 4 5 6 7 8 9 10 11; do
		skip "gnuplot not installed at '$GP' (the Debian package gnuplot-nox)"
	done
fi
# The database being read is no output: replacing it would lose it.
ln -s "$DB" "$W/db-link"
cp "$DB" "$W/db.orig"
for out in "$DB" "$W/./a.db" "$DB-journal"; do
	touch "$DB-journal"
	"$AIMDB" --db "$DB" export -o "$out" >/dev/null 2>"$W/err"; rc=$?
	t "export -o $out: refused, one line" sh -c "test $rc -eq 1 &&
		test \$(wc -l <'$W/err') -eq 1 && grep -q 'the database being read' '$W/err'"
	rm -f "$DB-journal"
done
"$AIMDB" --db "$W/db-link" export -o "$DB" >/dev/null 2>&1
t "export of a linked database onto its target: refused" test $? -eq 1
"$AIMPLOT" --db "$DB" -s "$DB" -o "$O/q.png" >/dev/null 2>&1
t "aimplot -s onto the database: refused" test $? -eq 1
# Named like a picture, so that only its being the database refuses it.
cp "$DB" "$W/db.png"
"$AIMPLOT" --db "$W/db.png" -o "$W/db.png" -s "$O/db.gp" >/dev/null 2>"$W/err"
plot_refused "aimplot -o onto the database: refused" $?
t "... and the database is byte-identical" sh -c \
	"cmp -s '$DB' '$W/db.orig' && cmp -s '$W/db.png' '$W/db.orig'"
# Readers write too: SQLite makes the 32 KiB -shm of a WAL database.  A
# file size limit fails that with one line, never kills the reader.
sqlite3 "$DB" "PRAGMA journal_mode = WAL" >/dev/null
for cmd in "list" "show one" "export"; do
	rm -f "$DB-shm" "$DB-wal"
	# shellcheck disable=SC2086
	limited 8 "$AIMDB" --db "$DB" $cmd >/dev/null 2>"$W/err"; rc=$?
	t "aimdb $cmd under a file size limit: exit 2, one line" sh -c \
		"test $rc -eq 2 && test \$(wc -l <'$W/err') -eq 1"
done
rm -f "$DB-shm" "$DB-wal"
limited 8 "$B/report/aimcmp" --db "$DB" one two >/dev/null 2>"$W/err"; rc=$?
t "aimcmp under a file size limit: exit 2, one line" sh -c \
	"test $rc -eq 2 && test \$(wc -l <'$W/err') -eq 1"
mkdir "$W/per"
cp "$W/db.orig" "$W/per/03-add_long.png"
"$AIMPLOT" --db "$W/per/03-add_long.png" -o "$W/per/" -s "$O/db.gp" \
	>/dev/null 2>"$W/err"
plot_refused "aimplot -o DIR/ with the database as a picture: refused" $?
t "... and the database is byte-identical" \
	cmp -s "$W/per/03-add_long.png" "$W/db.orig"
echo "1..$n"
exit $((fails > 0))

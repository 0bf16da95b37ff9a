#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile strings in a database (copied from another machine, or edited
# with sqlite3) reach the text outputs as data: an escape sequence, a
# newline, a carriage return, bidirectional controls, invisible
# characters and bytes that are not UTF-8, planted in every stored string
# field, never reach stdout.  Each output is compared with that of the
# same database holding a plain string instead: same number of lines,
# every line ended by a newline, valid UTF-8 with no control, bidi or
# invisible character.  JSON escapes such strings: it stays valid.
set -u
S=${AIM_SRCDIR:-.}
NAME=robust-output
. "$S/t/robust-lib.sh"
run() { "$AIMRUN" --duration 0.01 --runs 1 --filesize 64K --db "$W/base.db" \
	--dir "$W/scratch" -q --tests add_long,creat-clo "$@"; }

for tag in good good bad bad; do
	run --tag "$tag" || echo "Bail out! no database to work on"
done
# A clear step from good to bad, so that --series lists one.
sqlite3 "$W/base.db" "UPDATE sample SET calls = calls * 20 WHERE result_id IN
	(SELECT r.id FROM result r JOIN run u ON u.id = r.run_id WHERE u.tag = 'bad')" ||
	echo "Bail out! sqlite3 failed"

# ESC [31m, LF, CR, RLO (U+202E), ZWSP (U+200B), 0xff, C1 CSI (U+009B).
EVIL=$(printf 'ev\033[31mil\nx\ry\342\200\256z\342\200\213w\377v\302\233q')
PLAIN=ev-31mil-x-y-z-w-v-q
hex() { printf '%s' "$1" | od -An -tx1 | tr -d ' \n'; }

# plant DB VALUE: VALUE in every string field the reports read.
plant() {
	v="CAST(x'$(hex "$2")' AS TEXT)"
	bad="(SELECT id FROM run WHERE tag = 'bad')"
	sqlite3 "$1" "
UPDATE run SET host = $v, source = $v, suite = $v, options = $v;
UPDATE run SET source_file = $v, aim_version = $v, status = 'incomplete'
	WHERE id IN $bad;
UPDATE run_env SET value = $v WHERE key IN ('hostname', 'uname.release');
UPDATE run_env SET value = $v || value WHERE run_id IN $bad AND key IN
	('cpufreq.governor', 'cpu.microcode', 'kernel.cmdline', 'scratch.dir',
	 'mitigations', 'thp.enabled');
UPDATE result SET test = $v, units = $v WHERE test = 'creat-clo';
UPDATE run SET tag = $v WHERE tag = 'bad';"
}
cp "$W/base.db" "$W/plain.db" && plant "$W/plain.db" "$PLAIN" &&
	cp "$W/base.db" "$W/evil.db" && plant "$W/evil.db" "$EVIL" ||
	echo "Bail out! could not plant the strings"

# clean FILE: ends with a newline, valid UTF-8, no C0 but newline, no
# DEL, no C1, no bidi control, no invisible character.
clean() {
	[ ! -s "$1" ] && return 1
	[ "$(tail -c 1 "$1" | od -An -tx1 | tr -d ' ')" = 0a ] || return 1
	iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1 || return 1
	[ "$(LC_ALL=C tr -d '\n\040-\176\200-\377' <"$1" | wc -c)" -eq 0 ] ||
		return 1
	for c in '\302[\200-\237]' '\342\200[\213-\217\252-\256]' \
		 '\342\201[\240\246-\251]' '\357\273\277' '\330\234' \
		 '\341\240\216' '\342\200[\250\251]'; do
		LC_ALL=C grep -q "$(printf "$c")" "$1" && return 1
	done
	return 0
}

# same DESC FUNCTION: FUNCTION (which reads $DB and $TAG) on both
# databases: clean output on the planted one, as many lines as on the
# plain one, and the same exit status.
same() {
	d=$1
	DB=$W/plain.db TAG=$PLAIN
	$2 >"$W/plain.out" 2>"$W/plain.err"; prc=$?
	DB=$W/evil.db TAG=$EVIL
	$2 >"$W/evil.out" 2>"$W/evil.err"; erc=$?
	n=$((n + 1))
	# A warning wrapped at 100 columns takes as many "#   " lines as
	# its tag's shown width asks: count the lines it starts.
	if [ "$prc" -eq "$erc" ] && clean "$W/evil.out" &&
	   [ "$(grep -vc '^#   ' "$W/plain.out")" -eq \
	     "$(grep -vc '^#   ' "$W/evil.out")" ]; then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"; fails=$((fails + 1))
		echo "# exit $prc/$erc, lines $(wc -l <"$W/plain.out")/$(wc -l <"$W/evil.out")"
		head -c 400 "$W/evil.out" | od -c | head -12 | sed 's/^/#   /'
		head -3 "$W/evil.err" | cut -c1-200 | sed 's/^/#   /'
	fi
}

list() { "$AIMDB" --db "$DB" list; }
show() { "$AIMDB" --db "$DB" show "$TAG"; }
check() { "$AIMDB" --db "$DB" check; }
cmp_text() { "$AIMCMP" --db "$DB" good "$TAG"; }
cmp_base() { "$AIMCMP" --db "$DB" "$TAG" good; }
cmp_nway() { "$AIMCMP" --db "$DB" good "$TAG" good; }
series() { "$AIMCMP" --db "$DB" --series; }
series_given() { "$AIMCMP" --db "$DB" --series --order given "$TAG" good; }
renamed() {
	cp "$DB" "$W/edit.db" && "$AIMDB" --db "$W/edit.db" rename "$TAG" fine
}
removed() {
	cp "$DB" "$W/edit.db" && "$AIMDB" --db "$W/edit.db" rm good "$TAG"
}
imported() {
	cp "$DB" "$W/edit.db" && cp "$S/t/data/report/bare.txt" "$W/$TAG.txt" &&
		"$AIMDB" --db "$W/edit.db" import --tag imp "$W/$TAG.txt"
}
named_db() { cp "$DB" "$W/$TAG.db" && "$AIMDB" --db "$W/$TAG.db" check; }
same "aimdb list" list
same "aimdb show" show
same "aimdb check" check
same "aimcmp text" cmp_text
same "aimcmp text, the planted tag as the base" cmp_base
same "aimcmp text, three sides" cmp_nway
same "aimcmp --series text" series
same "aimcmp --series text, given order" series_given
same "aimdb rename of a planted tag" renamed
same "aimdb rm of a planted tag" removed
same "aimdb import of a file with a planted name" imported
same "aimdb check of a database with a planted name" named_db
cmp_csv() { "$AIMCMP" --db "$DB" -f csv good "$TAG"; }
series_csv() { "$AIMCMP" --db "$DB" --series -f csv; }
export_csv() { "$AIMDB" --db "$DB" export --lossy; }
same "aimcmp CSV" cmp_csv
same "aimcmp --series CSV" series_csv
same "aimdb export (CSV)" export_csv
DB=$W/evil.db
refused "aimdb export of a planted run without --lossy: one line" 1 \
	"--lossy writes it as well as CSV can" "$AIMDB" --db "$DB" export

# Columns line up, counted in characters once printable: the STATUS and
# HOST columns of every row start where their headings do.
aligned() {
	LC_ALL=C tr -d '\200-\277' <"$1" | LC_ALL=C awk '
		NR == 1 { s = index($0, "STATUS"); h = index($0, "HOST"); next }
		{ if (index($0, " complete") + 1 != s &&
		      index($0, " incomplete") + 1 != s) exit 1
		  if (substr($0, h - 1, 1) != " " || substr($0, h, 1) == " ") exit 1 }'
}
cp "$W/plain.db" "$W/wide.db" &&
	sqlite3 "$W/wide.db" "UPDATE run SET tag = 'caf$(printf '\303\251')' WHERE tag = 'good';
		UPDATE run SET host = 'h$(printf '\342\200\256')' WHERE id = 1" ||
	echo "Bail out! sqlite3 failed"
"$AIMDB" --db "$W/evil.db" list >"$W/list.out" 2>&1
t "aimdb list: columns aligned with planted strings" aligned "$W/list.out"
"$AIMDB" --db "$W/wide.db" list >"$W/list.out" 2>&1
t "aimdb list: columns aligned with multibyte characters" aligned "$W/list.out"

# JSON escapes what it carries: valid, and the planted tag comes back
# whole but for the byte that is not UTF-8.
JSON_EVIL=$(printf 'ev\033[31mil\nx\ry\342\200\256z\342\200\213w?v\302\233q')
if need python3 python3; then
	cat >"$W/check-json.py" <<'EOF'
import json, sys
with open(sys.argv[1], "rb") as f:
    doc = json.loads(f.read().decode("utf-8"))
def strings(x):
    if isinstance(x, dict):
        for k, v in x.items():
            yield k
            yield from strings(v)
    elif isinstance(x, list):
        for v in x:
            yield from strings(v)
    elif isinstance(x, str):
        yield x
sys.exit(0 if any(sys.argv[2] in s for s in strings(doc)) else 1)
EOF
	json() {	# json DESC ARGS...: valid JSON still holding the tag
		what=$1; shift
		"$AIMCMP" --db "$W/evil.db" -f json "$@" >"$W/out.json" 2>/dev/null
		t "$what: valid JSON" python3 -m json.tool "$W/out.json"
		t "$what: the tag kept, escaped, its bad byte made '?'" \
			python3 "$W/check-json.py" "$W/out.json" "$JSON_EVIL"
	}
	json "aimcmp json" good "$EVIL"
	json "aimcmp --series json" --series
fi

# A bad option is one line naming the program (not its path), the
# option as typed, made printable, and where help is: no second line.
DB=$W/plain.db
refused "aimcmp: unknown long option" 1 "aimcmp: unknown option '--bogus' (see aimcmp --help)" \
	"$AIMCMP" --bogus
refused "aimcmp: unknown short option in a cluster" 1 "aimcmp: unknown option '-x' (see aimcmp --help)" \
	"$AIMCMP" -Sx
refused "aimcmp: option without its value" 1 "aimcmp: option '--format' needs a value" \
	"$AIMCMP" good bad --format
refused "aimcmp: value given to a flag" 1 "aimcmp: option '--force=yes' takes no value" \
	"$AIMCMP" --force=yes good bad
refused "aimcmp: an option holding an escape" 1 "aimcmp: unknown option '--?[2J'" \
	"$AIMCMP" "--$(printf '\033[2J')"
refused "aimdb: unknown option" 1 "aimdb: unknown option '--bogus' (see aimdb --help)" \
	"$AIMDB" --bogus list
refused "aimdb: --db without its value" 1 "aimdb: option '--db' needs a value" \
	"$AIMDB" --db
refused "aimdb list: unknown option" 1 "aimdb: list: unknown option '--bogus' (see aimdb list --help)" \
	"$AIMDB" --db "$DB" list --bogus
refused "aimdb show: option without its value" 1 "aimdb: show: option '-r' needs a value (see aimdb show --help)" \
	"$AIMDB" --db "$DB" show good -r
refused "aimdb rm: value given to --help" 1 "aimdb: rm: option '--help=x' takes no value" \
	"$AIMDB" --db "$DB" rm --help=x

AIMPLOT="$B/report/aimplot"
refused "aimplot: unknown option" 1 "aimplot: unknown option '--bogus' (see aimplot --help)" \
	"$AIMPLOT" --db "$DB" --bogus
refused "aimplot: option without its value" 1 "aimplot: option '-o' needs a value" \
	"$AIMPLOT" --db "$DB" -o

# Inside a cluster after a long option, the short option is the culprit.
refused "aimrun: unknown option in a cluster after a long one" 1 \
	"aimrun: unknown option '-x'" "$AIMRUN" --quiet -xq
refused "aimcmp: unknown option in a cluster after --format=text" 1 \
	"aimcmp: unknown option '-z'" "$AIMCMP" --db "$DB" --format=text -zq
refused "aimrun: a long option given a value, a cluster after it" 1 \
	"aimrun: option '--quiet=yes' takes no value" "$AIMRUN" --quiet=yes -q

echo "1..$n"
exit $((fails > 0))

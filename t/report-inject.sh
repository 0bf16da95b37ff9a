#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp --format markdown and html show free text from the database
# (tags, test names, units, hosts, failure reasons) and never render it:
# markup, code spans, links and extra columns in a tag come out escaped,
# newlines never end a table row, and the page holds no element or
# attribute that came from the data.
set -u
S=${AIM_SRCDIR:-.}
NAME=report-inject
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
DB=$(db_first a.db)
A='<script>alert(1)</script>'
Bt='x|y `z` *a* _b_ [l](http://e.example) &amp; ~~s~~ <img src=x onerror=alert(2)>'
q() { db_sql "$DB" "$1"; }
# A newline inside a literal: the same on both engines (char() is SQLite's).
nl='
'

t "import a report as tag A" "$AIMDB" --db "$DB" import --tag "$A" \
	"$S/t/data/report/bare.txt"
t "import it again as tag B" "$AIMDB" --db "$DB" import --again --tag "$Bt" \
	"$S/t/data/report/bare.txt"
t "hostile units, host, test name and failure reason" q "
	UPDATE run SET host = '<b>h</b>|$nl| x |'
		WHERE tag = '$A';
	UPDATE result SET units = '<i>u</i>|\`c\`' WHERE number = 1;
	UPDATE result SET status = 'fail',
		reason = '\"><script>alert(3)</script>|$nl|'
		WHERE number = 2 AND run_id = (SELECT max(id) FROM run);
	UPDATE result SET test = 'add_long$nl| evil | row |<u>'
		WHERE number = 3;"
t "... planted: a host, two units, a reason and two test names" test \
	"$(db_val "$DB" "SELECT (SELECT count(*) FROM run WHERE host LIKE '<b>h</b>|_| x |')
	|| ' ' || (SELECT count(*) FROM result WHERE units = '<i>u</i>|\`c\`')
	|| ' ' || (SELECT count(*) FROM result WHERE reason LIKE '%alert(3)</script>|_|')
	|| ' ' || (SELECT count(*) FROM result WHERE test LIKE 'add_long_| evil |%')")" \
	= "1 2 1 2"

"$AIMCMP" --db "$DB" --format markdown "$A" "$Bt" >"$W/c.md" 2>"$W/md.err"
t "markdown: exit 0" test $? -eq 0
# Drop escaped characters, then look for what would still act.
sed 's/\\.//g' "$W/c.md" >"$W/bare.md"
t "markdown: no unescaped < > \` * [ ] ~" sh -c \
	"! grep -q '[<>\`*~]\|\[\|\]' '$W/bare.md'"
t "markdown: the tag is shown" grep -qF '\<script\>alert(1)\</script\>' "$W/c.md"
t "markdown: every table row has the columns of the header" sh -c "
	grep '^|' '$W/bare.md' | awk -F'|' 'NR == 1 { n = NF } NF != n { exit 1 }'"
t "markdown: as many rows as tests, and nothing else" test \
	"$(grep -c '^|' "$W/c.md")" -eq "$(($(grep -c '^ *[0-9]' "$S/t/data/report/bare.txt") + 2))"

"$AIMCMP" --db "$DB" --format html "$A" "$Bt" >"$W/c.html" 2>"$W/html.err"
t "html: exit 0" test $? -eq 0
t "html: no element from the data" sh -c \
	"! grep -qi '<script\|<img\|<b>\|<i>\|<u>' '$W/c.html'"
# Every element and attribute of the page is one aimcmp writes.
cat >"$W/check.py" <<'EOF'
import sys
import xml.etree.ElementTree as ET
raw = open(sys.argv[1], 'rb').read().decode('utf-8')
ok = {'html', 'head', 'meta', 'title', 'style', 'body', 'h1', 'h2', 'p',
      'ul', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
      'svg', 'g', 'path', 'text', 'circle', 'rect'}
for el in ET.fromstring(raw[raw.index('<html'):]).iter():
    assert el.tag in ok, el.tag
    for a in el.attrib:
        assert not a.lower().startswith('on'), a
EOF
if need python3 python3; then
	t "html: well-formed, and only elements and attributes of ours" \
		python3 "$W/check.py" "$W/c.html"
fi
t "html: the tag is shown, escaped" grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;' \
	"$W/c.html"
t "html: the reason is an escaped tooltip" grep -qF \
	'title="&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;|?|"' "$W/c.html"
echo "1..$n"
exit $((fails > 0))

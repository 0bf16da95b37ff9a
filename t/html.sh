#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimcmp --format html end to end: the page is well-formed (strict XML
# parse), self-contained (no script, no fetch of any kind), escapes free
# text, and says what the JSON of the same comparison says: every test a
# row, the same rates and verdicts, colour exactly on the regressed and
# improved verdicts, one strip per side with a tick per sample.
set -u
B=${AIM_BUILDDIR:-.}
S=${AIM_SRCDIR:-.}
D="$S/t/data/report"
AIMCMP="$B/report/aimcmp"
AIMDB="$B/report/aimdb"
W=$(mktemp -d "${TMPDIR:-/tmp}/html-t.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
AIM_DB=${AIM_TEST_DB:-$W/a.db}
export AIM_DB
n=0
t() {	# t DESCRIPTION COMMAND...: one TAP assertion
	d=$1; shift
	n=$((n + 1))
	if "$@" >"$W/t.out" 2>&1; then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"
		sed 's/^/# /' "$W/t.out" | head -n 20
	fi
}
. "$S/t/need.sh"

# The checker: python3's standard library only.
cat >"$W/check.py" <<'EOF'
import json, re, sys
import xml.etree.ElementTree as ET

page, doc = sys.argv[1], json.load(open(sys.argv[2]))
raw = open(page, 'rb').read().decode('utf-8')	# strict: valid UTF-8
assert raw.startswith('<!DOCTYPE html>\n<html lang="en">'), raw[:40]
root = ET.fromstring(raw[raw.index('<html'):])	# well-formed or raises

# Self-contained: nothing runs, nothing is fetched.
assert not re.search(r'(?i)https?:|//[a-z0-9]', raw), 'a URL'
for el in root.iter():
    assert el.tag not in ('script', 'link', 'img', 'iframe', 'object',
                          'embed', 'base', 'form', 'audio', 'video',
                          'source', 'image', 'use', 'foreignObject'), el.tag
    for a in el.attrib:
        assert not a.lower().startswith('on'), a
        assert a.lower() not in ('href', 'src', 'action', 'srcset'), a
style = ''.join(root.find('head/style').itertext())
assert 'url(' not in style and '@import' not in style
assert root.find('head/meta').get('charset') == 'utf-8'

sides = [doc['base']] + doc['new']
tags = [s['tag'] for s in sides]
title = root.find('head/title').text
assert title == 'aimcmp: ' + tags[0] + ' vs ' + ', '.join(tags[1:]), title
assert [''.join(e.itertext()) for e in root.iter('span')
        if e.get('class') == 'tag'] == tags

def text(e):
    return ''.join(e.itertext())

def num(x, unit=''):
    return '-' if x is None else '%.2f%s' % (x, unit)

def value(v):
    return num(v['rate']) if v['rate'] is not None else v['status']

def classes(e):
    return set((e.get('class') or '').split())

tests = doc['tests']
repeated = any(v['samples'] >= 2 for r in tests
               for v in [r['base']] + r['new'])
table = [t for t in root.iter('table') if t.get('class') == 'cmp'][0]
heads = [text(th) for th in table.find('thead/tr')]
assert ('verdict' in heads) == repeated, heads
# A test's rows; the row of its two levels, under it, says only that.
rows = [r for r in table.findall('tbody/tr') if 'levels' not in classes(r)]
assert len(rows) == len(tests), (len(rows), len(tests))
coloured = 0
for tr, r in zip(rows, tests):
    td = tr.findall('td')
    assert text(td[0]) == str(r['number'])
    assert text(td[1]) == r['test'] + r['units'], text(td[1])
    assert text(td[2]) == value(r['base'])
    i, want = 3, set()
    for nv in r['new']:
        assert text(td[i]) == value(nv), (r['test'], text(td[i]))
        assert text(td[i + 1]) == num(nv['delta'])
        assert text(td[i + 2]) == num(nv['pct'], '%')
        i += 3
        if not repeated:
            continue
        st = nv['statistics']
        verdict = st['verdict'] if st else '-'
        assert text(td[i]) == verdict, (r['test'], text(td[i]))
        colour = {verdict} & {'regressed', 'improved'}
        assert classes(td[i]) - {'l'} == colour, (r['test'], td[i].attrib)
        want |= colour
        coloured += len(colour)
        i += 3
    if all(nv['delta'] is None for nv in r['new']):
        want = {'none'}
    assert classes(tr) == want, (r['test'], tr.attrib, want)
    svg = td[-1].find('svg')
    groups = svg.findall('g')
    assert len(groups) == len(sides), r['test']
    for g, v in zip(groups, [r['base']] + r['new']):
        path = g.find('path')
        ticks = path.get('d').count('M') if path is not None else 0
        assert ticks == (v['samples'] if v['status'] == 'ok' else 0), \
            (r['test'], ticks, v['samples'])
        dots = len(g.findall('circle'))
        assert dots == (v['processes'] if v['status'] == 'ok' else 0), \
            (r['test'], dots)
# Colour classes nowhere else than on rows, verdicts and the legend.
for el in root.iter():
    if classes(el) & {'regressed', 'improved'}:
        assert el.tag in ('tr', 'td', 'span'), el.tag
        if el.tag == 'span':
            assert text(el) in classes(el) and repeated
print('coloured verdicts:', coloured)
EOF

"$AIMDB" import --tag bare "$D/bare.txt" >/dev/null 2>&1
"$AIMDB" import -t quicklist "$D/quicklist.txt" >/dev/null 2>&1
"$AIMDB" import --split "$D/two-reports.txt" >/dev/null 2>&1
"$AIMDB" import "$D/samples.csv" >/dev/null 2>&1
ODD="<b>\"v6.9\" & 'x' </b>"
"$AIMDB" rename v6.9 "$ODD" >/dev/null 2>&1

# page NAME ARGS...: the HTML and the JSON of one comparison.
page() {
	p=$1; shift
	"$AIMCMP" --format html "$@" >"$W/$p.html" 2>"$W/$p.err"; rc=$?
	"$AIMCMP" --format json "$@" >"$W/$p.json" 2>/dev/null
	t "$p: exit 0, nothing on stderr" sh -c \
		"test $rc -eq 0 && ! test -s '$W/$p.err'"
}
page repeated v6.8 "$ODD"
page single bare quicklist
page nway bare quicklist alpha
page sorted --sort pct --tests fork_test,add_long,exec_test,tcp_test,link_test \
	v6.8 "$ODD"

if need python3 python3; then
	for p in repeated single nway sorted; do
		t "$p: well-formed, self-contained, agrees with the JSON" \
			python3 "$W/check.py" "$W/$p.html" "$W/$p.json"
	done
	python3 "$W/check.py" "$W/repeated.html" "$W/repeated.json" \
		>"$W/c.out" 2>&1
	t "repeated: the regressed and the improved verdict are coloured" \
		grep -qx 'coloured verdicts: 2' "$W/c.out"
	python3 "$W/check.py" "$W/single.html" "$W/single.json" >"$W/c.out" 2>&1
	t "single samples: nothing is coloured" \
		grep -qx 'coloured verdicts: 0' "$W/c.out"
	# The checker must catch what it is there for.
	sed 's|</style>|</style><script>x()</script>|' "$W/repeated.html" \
		>"$W/bad1.html"
	t "the check refuses a script" sh -c \
		"! python3 '$W/check.py' '$W/bad1.html' '$W/repeated.json' >/dev/null 2>&1"
	sed 's|<td class="l regressed">|<td class="l">|' "$W/repeated.html" \
		>"$W/bad2.html"
	t "the check refuses an uncoloured regression" sh -c \
		"! python3 '$W/check.py' '$W/bad2.html' '$W/repeated.json' >/dev/null 2>&1"
	sed 's|<td>|<td><p>|' "$W/repeated.html" >"$W/bad3.html"
	t "the check refuses an unclosed element" sh -c \
		"! python3 '$W/check.py' '$W/bad3.html' '$W/repeated.json' >/dev/null 2>&1"
fi
t "a tag is text, never markup" sh -c \
	"grep -qF '&lt;b&gt;&quot;v6.9&quot; &amp; &#39;x&#39; &lt;/b&gt;' '$W/repeated.html' &&
	! grep -q '<b>' '$W/repeated.html'"
t "regressed rows carry the regressed class" grep -q \
	'^<tr class="regressed"><td>12</td><td class="l">fork_test<' "$W/repeated.html"
t "the legend explains the strips" grep -q '<li>samples: one strip per side' \
	"$W/repeated.html"
t "no http:// or https:// anywhere" sh -c \
	"! grep -qiE 'https?://' '$W/repeated.html' '$W/nway.html'"
"$AIMCMP" --format html v6.8 "$ODD" >"$W/again.html"
t "the same comparison gives the same bytes" cmp "$W/repeated.html" "$W/again.html"
if need xmllint libxml2-utils; then
	t "xmllint: well-formed" xmllint --noout "$W/repeated.html" "$W/nway.html"
fi
if test -w /dev/full; then
	"$AIMCMP" -f html v6.8 "$ODD" >/dev/full 2>"$W/full.err"; rc=$?
	t "a full stdout: exit 2, one line" sh -c \
		"test $rc -eq 2 && test \$(wc -l <'$W/full.err') -eq 1"
else
	skip "no /dev/full"
fi
echo "1..$n"

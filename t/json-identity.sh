#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The JSON export is lossless: importing it keeps each run's identity
# (uuid), times, status, suite, options, source and every result's own
# columns, so exporting the copy gives the same document byte for byte,
# and aimcmp compares the copy exactly as the original, gate included.
# A run already present (by uuid) is refused; --again stores a copy under
# a new uuid.  Hostile identity members are refused naming the member.
NAME=json-identity
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
A=$(db_first a.db)
. "$S/t/identity-lib.sh"
C=$(db_new c.db)
COPY=$C
"$AIMDB" --db "$A" export -f json -o "$W/a.json" || exit 1
# The copy is made a second later, so "now" differs from every stored time.
sleep 1
t "the export is imported" sh -c "\"$AIMDB\" --db '$C' import '$W/a.json' \
	>'$W/imported'"
t "... each run said once, with no line number" sh -c \
	"grep -q '^imported .*a.json as [^ ]* ([0-9]* results)$' '$W/imported' &&
	! grep -q 'json:0' '$W/imported'"
"$AIMDB" --db "$C" export -f json -o "$W/c.json"
t "exporting the copy gives the same document byte for byte" \
	cmp "$W/a.json" "$W/c.json"
t "the document holds the uuids" grep -q '"uuid": "[0-9a-f-]\{36\}"' "$W/c.json"
t "... and no row ids of the database it came from" sh -c \
	"! grep -q '\"\\(id\\|run_id\\|result_id\\)\":' \"\$1\"" sh "$W/c.json"
same "aimcmp text of two measured runs is the same" k1 k2
same "... as JSON" -f json k1 k2
same "... as lines" --format lines k1 k2
same "the gate is the same (bare's environment is unknown)" k1 bare
t "... and it still stops the comparison" sh -c \
	"grep -qi 'environment' \"\$1\"" sh "$W/copy.out"
same "the gate as JSON" -f json k1 bare
same "imported runs compare alike" v6.8 v6.9
same "three tags" k1 k2 bare --force
DB="$C"
refused "importing the same runs again is refused, naming uuid and tag" 1 \
	"$(sed -n 's/.*"uuid": "\([0-9a-f-]*\)".*/\1/p' "$W/a.json" | head -1) (tag k1)" \
	"$AIMDB" --db "$C" import "$W/a.json"
# A document with the same runs but other bytes: the uuid still says so.
sed 's/^ *//' "$W/a.json" >"$W/a-flat.json"
refused "... also from a file of other bytes" 1 "already stored" \
	"$AIMDB" --db "$C" import "$W/a-flat.json"
t "--again stores a second copy" "$AIMDB" --db "$C" import --again "$W/a.json"
t "... under new uuids" test "$(db_val "$C" \
	"SELECT COUNT(DISTINCT uuid) FROM run")" -eq "$(db_val "$C" \
	"SELECT COUNT(*) FROM run")"
t "... twice as many runs, each time twice" test "$(db_val "$C" \
	"SELECT COUNT(*) FROM run")" -eq "$(db_val "$A" \
	"SELECT 2 * COUNT(*) FROM run")" -a "$(db_val "$C" \
	"SELECT COUNT(*) FROM (SELECT 1 FROM run GROUP BY tag, started_utc
	 HAVING COUNT(*) % 2 = 1) AS g")" -eq 0
DB=$(db_new h.db)
# Each case: the export edited by a sed script is refused, the message
# naming the member.
bad() {	# bad DESC PATTERN SED
	sed "$3" <"$W/a.json" >"$W/edited.json" &&
	refused "$1" 1 "$2" "$AIMDB" --db "$DB" import "$W/edited.json"
}
bad "an upper-case uuid" "uuid is not lower-case" '0,/"uuid": "\([0-9a-f]\)/s//"uuid": "A/'
bad "a uuid of another shape" "uuid is not lower-case" '0,/"uuid": "[0-9a-f-]*"/s//"uuid": "1234"/'
bad "a uuid given to two runs" "uuid" "$(sed -n '0,/"uuid"/s/.*"uuid": "\([0-9a-f-]*\)".*/s|"uuid": "[0-9a-f-]*"|"uuid": "\1"|/p' "$W/a.json")"
bad "a time with a space" "started_utc is not" '0,/"started_utc": "\([0-9-]*\)T/s//"started_utc": "\1 /'
bad "a time that is no date" "ended_utc is not" '0,/"ended_utc": "[^"]*"/s//"ended_utc": "2026-02-30T10:00:00Z"/'
bad "a time with an offset" "finished_utc" '0,/"finished_utc": "\([^Z"]*\)Z"/s//"finished_utc": "\1+01:00"/'
bad "an unknown run status" "status is not incomplete" '0,/"status": "complete"/s//"status": "done"/'
bad "a complete run that never ended" "complete with an end" '0,/"ended_utc": "[^"]*"/s//"ended_utc": null/'
bad "a control character in the options" "options contains a control character" '0,/"options": "/s//"options": "\\u001b[2J/'
bad "a negative warm-up" "warmup_ns" '0,/"warmup_ns": [0-9]*/s//"warmup_ns": -5/'
bad "a source line as text" "source_line" '0,/"source_line": [0-9]*/s//"source_line": "7"/'
t "nothing of the refused documents was stored" db_bare "$DB"
echo "1..$n"
exit $((fails > 0))

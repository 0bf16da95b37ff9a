#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A server's schema held as strictly as a file's, and doc/fleet.md's
# roles.  A trigger that doubles every sample's time, or a rule that
# drops samples, planted by whoever owns the tables: aimdb check fails
# naming it, and the next writer (aimrun, aimdb import) refuses the
# store in one line, storing nothing.  Under the roles the
# documentation recommends (an owner only the administrator holds, a
# writer with SELECT, INSERT and the UPDATE of a run's end, a reader
# with SELECT), the writer measures and imports but can neither plant a
# trigger, a rule or a function nor change a column, and cannot rename
# or remove runs; the reader reads and cannot write.  Skips without a
# server.
NAME=pg-roles
S=${AIM_SRCDIR:-${srcdir:-.}}
. "$S/t/robust-lib.sh"
. "$S/t/pg-lib.sh"
. "$S/t/db-sql.sh"
pg_need || exit 0
# One line a refusal: no findings about the machine, no counters line.
export AIM_CHECK=quiet
command -v psql >/dev/null 2>&1 ||
	{ echo "1..0 # SKIP psql is not installed"; exit 0; }
pg_schema roles || exit 1
SU=$PG_DB SCH=$PG_NAME
OWN=aim_own_$$ WR=aim_wr_$$ RD=aim_rd_$$
trap 'pg_stop; db_sql "$PG" "DROP ROLE IF EXISTS $OWN, $WR, $RD" 2>/dev/null
	chmod -R u+w "$W" 2>/dev/null; rm -rf "$W"' EXIT
as() {	# as ROLE: the --db string of that role, the schema first on its path
	printf '%s user=%s options=-csearch_path=%s\n' "$PG" "$1" "$SCH"
}
db_sql "$SU" "CREATE ROLE $OWN LOGIN; CREATE ROLE $WR LOGIN;
	CREATE ROLE $RD LOGIN; ALTER SCHEMA $SCH OWNER TO $OWN" ||
	echo "Bail out! cannot make the roles"
run() {	# run DB TAG: one tiny aimrun into DB
	"$AIMRUN" -q --db "$1" -t "$2" -T add_long -d 0.01 -r 1 \
		--counters none >/dev/null 2>"$W/err"
}
runs() { db_val "$SU" "SELECT count(*) FROM run"; }
samples() { db_val "$SU" "SELECT count(*) FROM sample"; }

# The administrator makes the tables as the owner, then grants.
t "the owner makes the tables with a first run" run "$(as "$OWN")" setup
db_sql "$SU" "GRANT USAGE ON SCHEMA $SCH TO $WR, $RD;
	GRANT SELECT ON ALL TABLES IN SCHEMA $SCH TO $WR, $RD;
	GRANT INSERT ON run, run_env, result, sample, sample_metric,
		run_import, run_summary, result_monitor, kernel_log TO $WR;
	GRANT UPDATE (status, ended_utc) ON run TO $WR;
	GRANT UPDATE (n_tests, n_ok, n_samples) ON run_summary TO $WR" ||
	echo "Bail out! cannot grant"
t "the writer role measures" run "$(as "$WR")" w1
t "... and imports" "$AIMDB" --db "$(as "$WR")" import -t imp \
	"$S/t/data/report/bare.txt"
t "... its run complete" test "$(db_val "$SU" \
	"SELECT status FROM run WHERE tag = 'w1'")" = complete
for sql in "CREATE TRIGGER x BEFORE INSERT ON sample FOR EACH ROW
		EXECUTE FUNCTION suppress_redundant_updates_trigger()" \
	   "CREATE RULE x AS ON INSERT TO sample DO INSTEAD NOTHING" \
	   "CREATE FUNCTION $SCH.f() RETURNS int LANGUAGE sql AS 'SELECT 1'" \
	   "ALTER TABLE sample ADD COLUMN x BIGINT" \
	   "CREATE POLICY x ON run USING (true)" \
	   "UPDATE run SET tag = 'x' WHERE tag = 'w1'"; do
	t "the writer cannot: $(echo "$sql" | head -n 1 | cut -c1-40)" \
		sh -c '! printf "%s\n" "$2" | psql -X -q -v ON_ERROR_STOP=1 -d "$1" -f - >/dev/null 2>&1' \
		sh "$(as "$WR")" "$sql"
done
DB=
refused "nor rename runs: one line" 2 "permission denied" \
	"$AIMDB" --db "$(as "$WR")" rename w1 x
refused "nor remove them" 2 "permission denied" \
	"$AIMDB" --db "$(as "$WR")" rm w1
t "the reader role reads" "$AIMCMP" --db "$(as "$RD")" setup w1
refused "... and cannot write: one line" 2 "permission denied" \
	"$AIMRUN" -q --db "$(as "$RD")" -t r1 -T add_long -d 0.01 -r 1 \
	--counters none

# What a hand that owns the tables plants is named, and stops everyone.
plant() {	# plant DESC SQL: planted, then every command refuses it
	db_sql "$SU" "$2" || echo "Bail out! cannot plant $1"
	n0=$(runs) s0=$(samples)
	"$AIMDB" --db "$SU" check >"$W/check" 2>&1; rc=$?
	t "$1: aimdb check exits 2" test "$rc" -eq 2
	t "... naming it" grep -q "^  $3: not part of the aimkit schema" "$W/check"
	refused "... aimrun refuses to store" 2 "$3: not part of the aimkit schema" \
		"$AIMRUN" -q --db "$(as "$WR")" -t bad -T add_long -d 0.01 -r 1 \
		--counters none
	refused "... so does aimdb import" 2 "$3: not part of" \
		"$AIMDB" --db "$(as "$WR")" import --again -t bad \
		"$S/t/data/report/bare.txt"
	t "... nothing was stored" test "$(runs) $(samples)" = "$n0 $s0"
}
plant "a trigger doubling every time" "CREATE FUNCTION public.twice_$$() RETURNS trigger LANGUAGE plpgsql AS
	'BEGIN new.elapsed_ns := new.elapsed_ns * 2; RETURN new; END';
	CREATE TRIGGER twice BEFORE INSERT ON sample FOR EACH ROW
	EXECUTE FUNCTION public.twice_$$()" "trigger twice on sample"
db_sql "$SU" "DROP TRIGGER twice ON sample; DROP FUNCTION public.twice_$$()"
t "gone again, the writer stores" run "$(as "$WR")" w2
plant "a rule dropping samples" \
	"CREATE RULE nosample AS ON INSERT TO sample DO INSTEAD NOTHING" \
	"rule nosample on sample"
db_sql "$SU" "DROP RULE nosample ON sample"
plant "a function beside the tables" \
	"CREATE FUNCTION lower(text) RETURNS text LANGUAGE sql AS 'SELECT \$1'" \
	"function lower(text)"
db_sql "$SU" "DROP FUNCTION $SCH.lower(text)"
t "removed, aimdb check passes" "$AIMDB" --db "$SU" check
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The layers (HACKING.md, "Layers") are held by the build, not by review:
# 1. each layer is compiled with the include paths of the layers it may
#    use and no other, so a header of another layer is a compile error:
#    t/layers/probe.c compiled with each layer's flags as make has them
#    (t/layers.env, written from the same variables), once with a header
#    it may use (it compiles), once with one it may not (refused, the
#    header not found);
# 2. no object of a layer uses a symbol defined in a layer it may not
#    use (nm over the archives and the programs' own objects), and the
#    same check sees the uses it allows and refuses a narrower map;
# 3. every #include "..." of the product names a bare header, found
#    through those paths, and no product folder holds more than 25 .c
#    files.
set -u
S=${AIM_SRCDIR:-.}
NAME=layers
. "$S/t/robust-lib.sh"

# What each layer may use, itself included.
may() {
	case $1 in
	core) echo core ;;
	out) echo core out ;;
	stats) echo core stats ;;
	store) echo core store ;;
	tests) echo core tests ;;
	child) echo core tests child ;;
	harness) echo core out stats store tests child harness ;;
	query) echo core stats store query ;;
	report) echo core out stats store query report ;;
	esac
}
LAYERS='core out stats store tests child harness query report'

# 1. The headers.
if [ ! -r "$B/t/layers.env" ]; then
	echo "Bail out! $B/t/layers.env is missing (make check makes it)"
	exit 1
fi
. "$B/t/layers.env"
probe() {	# probe FLAGS HEADER: compile the probe, stderr in $W/err
	# shellcheck disable=SC2086	# flags are words
	(cd "$B" && $CC $FLAGS $1 -DPROBE="\"$2\"" \
		-c "$S/t/layers/probe.c" -o "$W/probe.o") 2>"$W/err"
}
uses() {	# uses TARGET HEADER...: each compiles with TARGET's flags
	tgt=$1; shift
	eval "f=\$$tgt"
	for h in "$@"; do
		t "$tgt may include $h" probe "$f" "$h"
	done
}
refused() {	# refused TARGET HEADER...: each is not found with its flags
	tgt=$1; shift
	eval "f=\$$tgt"
	for h in "$@"; do
		if probe "$f" "$h"; then
			r=compiled
		elif grep -Eq "$h.*(No such file|not found)" "$W/err"; then
			r=
		else
			r="failed otherwise: $(head -1 "$W/err")"
		fi
		[ -z "$r" ] || echo "# $tgt with $h: $r"
		t "$tgt cannot include $h" test -z "$r"
	done
}
t "the compiler is named" test -n "$CC"
uses core measure.h catalog.h rmtree.h outfile.h
refused core store.h stats.h jsonout.h aim_test.h timing.h run.h compare.h
uses out jsonout.h csvout.h tag.h
refused out store.h stats.h aim_test.h
uses stats stats.h seq.h noise.h measure.h
refused stats store.h jsonout.h aim_test.h
uses store store.h db.h dbtarget.h measure.h
refused store stats.h jsonout.h aim_test.h compare.h
uses tests aim_test.h ctx.h catalog.h rmtree.h
refused tests runner.h run.h ctx_ipc.h timing.h child.h store.h stats.h
uses child timing.h child.h ctx.h aim_test.h measure.h
refused child runner.h run.h ctx_ipc.h store.h stats.h jsonout.h
uses aimrun_test child_wire.h
refused aimrun_test runner.h store.h
uses harness runner.h timing.h aim_test.h store.h stats.h jsonout.h
refused harness compare.h query.h cli.h
uses query query.h query_int.h store.h db.h stats.h cli_exit.h
refused query cli.h compare.h fmt.h import.h plot.h jsonout.h run.h
uses aimrun run.h cli_opts.h
uses report cli.h query.h compare.h fmt.h import.h plot.h store.h stats.h \
	jsonout.h catalog.h
refused report run.h runner.h timing.h child.h aim_test.h ctx.h
for tgt in aimcmp aimdb aimplot; do
	uses "$tgt" cli.h compare.h store.h
	refused "$tgt" run.h timing.h aim_test.h
done

# 2. The symbols.
objects() {	# objects LAYER: its archive and its programs' own objects
	case $1 in
	core) echo "$B/lib/core/libcore.a" ;;
	out) echo "$B/lib/out/libout.a" ;;
	stats) echo "$B/lib/stats/libstats.a" ;;
	store) echo "$B/lib/store/libstore.a" ;;
	tests) echo "$B/tests-aim/libaimtests.a" ;;
	child) echo "$B/harness/child/libchild.a" \
		"$B"/harness/child/*aimrun-test.o ;;
	harness) echo "$B/harness/libharness.a" "$B"/harness/harness_aimrun-*.o ;;
	query) echo "$B/report/query/libquery.a" ;;
	report) echo "$B/report/libreport.a" "$B"/report/report_aim*-*.o ;;
	esac
}
if need nm build-essential; then
	: >"$W/defs"
	: >"$W/uses"
	for l in $LAYERS; do
		# shellcheck disable=SC2046	# a list of files
		nm -A -g --defined-only $(objects "$l") 2>/dev/null |
			awk -v l="$l" 'NF >= 3 && $(NF - 1) ~ /^[A-Z]$/ &&
				$NF != "main" { print $NF, l }' >>"$W/defs"
		# shellcheck disable=SC2046
		nm -A -u $(objects "$l") 2>/dev/null |
			awk -v l="$l" '{ o = $1; sub(/:[^:]*$/, "", o)
				print l, o, $NF }' >>"$W/uses"
	done
	for l in $LAYERS; do
		printf '%s %s\n' "$l" "$(may "$l")"
	done >"$W/may"
	# check MAYFILE: the uses across layers, "bad" where not allowed.
	check() {
		awk 'FILENAME == ARGV[1] { for (i = 2; i <= NF; i++)
				ok[$1 " " $i] = 1; next }
		     FILENAME == ARGV[2] { def[$1] = $2; next }
		     ($3 in def) && def[$3] != $1 {
			print (($1 " " def[$3]) in ok ? "ok" : "bad"),
				$1 "->" def[$3], $2, $3 }' \
			"$1" "$W/defs" "$W/uses" | sort -u
	}
	check "$W/may" >"$W/cross"
	for l in $LAYERS; do
		t "the $l layer defines symbols" \
			grep -q " $l\$" "$W/defs"
	done
	grep '^bad' "$W/cross" | head -20 | sed 's/^/# /'
	t "no object uses a symbol of a layer it may not use" \
		sh -c "! grep -q '^bad' '$W/cross'"
	for arrow in tests-\>core child-\>tests harness-\>child \
		harness-\>store report-\>store report-\>out report-\>stats \
		report-\>query query-\>store; do
		t "... and the check sees the uses it allows ($arrow)" \
			grep -q "^ok $arrow " "$W/cross"
	done
	# The same uses, with report/ allowed lib/core/ alone.
	sed 's/^report .*/report report core/' "$W/may" >"$W/narrow"
	narrow() { check "$W/narrow" | grep -q '^bad report->store '; }
	t "... and refuses them where the map does not allow them" narrow
fi

# 3. Bare includes, folder sizes.
find "$S/lib" "$S/tests-aim" "$S/harness" "$S/report" -name '*.[ch]' \
	-exec grep -Hn '^#[[:space:]]*include[[:space:]]*"[^"]*/' {} + \
	>"$W/pathed"
sed 's/^/# /' "$W/pathed"
t "every include of the product names a bare header" test ! -s "$W/pathed"
find "$S/lib" "$S/tests-aim" "$S/harness" "$S/report" -type d |
	while read -r d; do
		c=$(find "$d" -maxdepth 1 -name '*.c' | wc -l)
		[ "$c" -le 25 ] || echo "$d: $c"
	done >"$W/big"
sed 's/^/# more than 25 .c files: /' "$W/big"
t "no product folder holds more than 25 .c files" test ! -s "$W/big"

echo "1..$n"
exit $((fails > 0))

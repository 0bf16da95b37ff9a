#!/bin/sh
# Bash completion (completion/aimkit.bash), sourced into bash and driven
# as readline would drive it: options, suites, tests, tags and formats;
# its option lists are exactly those of each --help; tags that are shell
# code are offered quoted and never run.
set -u
S=${AIM_SRCDIR:-.}
NAME=completion
. "$S/t/robust-lib.sh"
AIM_CHECK=quiet AIM_COUNTERS=none
export AIM_CHECK AIM_COUNTERS
if ! command -v bash >/dev/null 2>&1 ||
   ! bash -c '((BASH_VERSINFO[0] >= 4))' 2>/dev/null; then
	echo "1..0 # SKIP no bash 4 or later"
	exit 0
fi
DB="$W/a.db"
for tag in v6.8 v6.9 evil1 evil2 evil3; do
	"$AIMRUN" --duration 0.01 --runs 1 --tests add_long --db "$DB" \
		--dir "$W/scratch" -q --tag "$tag" ||
		echo "Bail out! aimrun could not make a database"
done
# Tags as another machine's file may hold them: shell code, blanks.
sqlite3 "$DB" "UPDATE run SET tag = '\$(touch PWNED)' WHERE tag = 'evil1';
	UPDATE run SET tag = 'a \`touch PWNED2\` b' WHERE tag = 'evil2';
	UPDATE run SET tag = 'x;y' WHERE tag = 'evil3';" ||
	echo "Bail out! sqlite3 failed"

# comp WORD...: the candidates, one a line, for the last WORD, with the
# file sourced as bash-completion would source it.
cat >"$W/drive.bash" <<'EOF'
. "$1/completion/aimkit.bash" || exit 1
shift
COMP_WORDS=("$@")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
spec=$(complete -p "${1##*/}") || exit 1
fn=${spec#*-F }; fn=${fn%% *}
"$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort
EOF
comp() { (cd "$W" && bash "$W/drive.bash" "$S" "$@" 2>"$W/comp.err"); }
AB=$(cd "$B" && pwd) S=$(cd "$S" && pwd)
R="$AB/harness/aimrun" C="$AB/report/aimcmp" D="$AB/report/aimdb"
P="$AB/report/aimplot" A="$AB/plan/aimplan"
is() {	# is DESC EXPECTED WORD...: the candidates, joined by spaces
	d=$1 want=$2; shift 2
	got=$(comp "$@" | tr '\n' ' ')
	n=$((n + 1))
	if [ "$got" = "$want " ] && [ ! -s "$W/comp.err" ]; then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"; fails=$((fails + 1))
		echo "# got '$got', want '$want'"; head -3 "$W/comp.err" | sed 's/^/# /'
	fi
}
is "aimrun options" "--latency --list" "$R" --l
is "aimrun --suite: the suites" "quick" "$R" --suite q
is "aimrun --tests: test names" "add_long" "$R" --tests add_l
is "aimrun --tests: the last of a list" "add_long,creat-clo" \
	"$R" --tests add_long,creat
is "aimrun --cmd --format" "csv" "$R" --cmd x --format c
is "aimcmp tags from aimdb list" "v6.8 v6.9" "$C" --db "$DB" v6
is "aimcmp -d and a tag" "v6.8 v6.9" "$C" -d "$DB" v6.8 v
is "aimcmp --format" "json junit" "$C" --format j
# Every format of aimcmp's table, and its alias, as --format help says them.
is "aimcmp --format: the table's formats" \
	"$("$C" --format help | cut -f1 | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')" \
	"$C" --format ''
is "... and they are these" "csv html json junit lines markdown md tap text" \
	"$C" --format ''
is "aimcmp --tests: test names" "creat-clo" "$C" --tests creat
is "aimplot tags" "v6.8 v6.9" "$P" --db "$DB" v
is "aimplot --format" "pdf png" "$P" --format p
is "aimdb commands" "rename rm" "$D" r
is "aimplan commands" "resume run" "$A" r
is "aimplan new --via" "kexec" "$A" new --via k
is "aimplan new -d is --duration" "" "$A" new -d ''
is "aimplan new --kernel: tags" "v6.8 v6.9" "$A" --db "$DB" new --kernel v
is "aimdb show: tags" "v6.8 v6.9" "$D" --db "$DB" show v
is "aimdb export -f" "csv json" "$D" export -f ''
is "aimdb import -f" "lines lkp lkp-compare logfile" "$D" import -f l
is "aimdb import options" "--again" "$D" import --ag
is "hostile tags: offered quoted, as data" \
	'\$\(touch\ PWNED\) a\ \`touch\ PWNED2\`\ b v6.8 v6.9 x\;y' \
	"$C" --db "$DB" v6.8 ''
t "... and never run" test ! -e "$W/PWNED" -a ! -e "$W/PWNED2"
PATH="$AB/report:$AB/harness:$PATH" is "programs found on PATH" \
	"v6.8 v6.9" aimcmp --db "$DB" v

# The option lists against --help: the options of the lines that define
# them (indented at most 10 columns, before the description).
helpopts() {
	"$@" --help | grep -E '^ {1,10}[-[]' | sed 's/^ *//; s/  .*//' |
		grep -oE -- '(^|[ ,[])--?[A-Za-z][A-Za-z0-9-]*' |
		sed 's/^[ ,[]//' | sort -u
}
listed() {
	bash -c '. "$1/completion/aimkit.bash" && a=$2[@] &&
		printf "%s\n" "${!a}"' - "$S" "$1" | sort -u
}
same() {	# same ARRAY COMMAND...
	a=$1; shift
	helpopts "$@" >"$W/help.opts"
	listed "$a" >"$W/comp.opts"
	t "$a: the options of ${*##*/} --help" sh -c \
		"test -s '$W/help.opts' && cmp -s '$W/help.opts' '$W/comp.opts'"
	cmp -s "$W/help.opts" "$W/comp.opts" ||
		diff "$W/help.opts" "$W/comp.opts" | sed 's/^/# /'
}
same _aimkit_opts_aimrun "$R"
same _aimkit_opts_aimcmp "$C"
same _aimkit_opts_aimdb "$D"
same _aimkit_opts_aimplot "$P"
same _aimkit_opts_aimplan "$A"
for c in new run; do
	same "_aimkit_opts_aimplan_$c" "$A" "$c"
done
for c in show import export list push; do
	same "_aimkit_opts_aimdb_$c" "$D" "$c"
done
for c in merge rm rename check; do
	t "aimdb $c: no options in --help, none completed" sh -c \
		"test -z \"\$('$D' $c --help | grep -E '^ {1,10}-')\" &&
		 test -z \"\$(bash -c '. \"$S/completion/aimkit.bash\" &&
			echo \"\${_aimkit_opts_aimdb_$c[*]}\"')\""
done
for c in show pause resume cancel; do
	t "aimplan $c: no options in --help, none completed" sh -c \
		"test -z \"\$('$A' $c --help | grep -E '^ {1,10}-')\" &&
		 test -z \"\$(bash -c '. \"$S/completion/aimkit.bash\" &&
			echo \"\${_aimkit_opts_aimplan_$c[*]}\"')\""
done
t "an interactive bash registers all five programs" sh -c \
	"bash --norc --noprofile -i -c '. \"$S/completion/aimkit.bash\" &&
		for p in aimrun aimcmp aimdb aimplot aimplan; do complete -p \$p; done' \
		2>/dev/null | grep -c -- '-F _aimkit' | grep -qx 5"

echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
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
P="$AB/report/aimplot"
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
for c in show import export list push merge; do
	same "_aimkit_opts_aimdb_$c" "$D" "$c"
done
for c in diff rm rename check; do
	t "aimdb $c: no options in --help, none completed" sh -c \
		"test -z \"\$('$D' $c --help | grep -E '^ {1,10}-')\" &&
		 test -z \"\$(bash -c '. \"$S/completion/aimkit.bash\" &&
			echo \"\${_aimkit_opts_aimdb_$c[*]}\"')\""
done
t "an interactive bash registers all four programs" sh -c \
	"bash --norc --noprofile -i -c '. \"$S/completion/aimkit.bash\" &&
		for p in aimrun aimcmp aimdb aimplot; do complete -p \$p; done' \
		2>/dev/null | grep -c -- '-F _aimkit' | grep -qx 4"

# zsh: each line of $Z/lines typed into an interactive zsh (zsh/zpty)
# with compinit and the completion on its fpath, then TAB; a compadd of
# ours keeps every candidate offered, one a line, in $Z/out.N.
Z=$W/zsh
mkdir "$Z" || exit 1
cat >"$W/drive.zsh" <<'EOF'
src=$1 dir=$2
zmodload zsh/zpty && zpty z zsh -f -i || exit 2
zpty -w z "PS1= RPS1=; setopt noautolist nolistambiguous noautomenu nobeep"
zpty -w z "fpath=(${(q)src}/completion \$fpath); autoload -Uz compinit && compinit -u -D"
zpty -w z 'compadd() { if (( ${@[(I)-[OAD]*]} )); then builtin compadd "$@"; return; fi
	local -a m; builtin compadd -O m "$@"; print -rl -- $m >>$AIMOUT; builtin compadd "$@"; }'
zpty -w z '_aim_tab() { _main_complete; print -r -- AIMEND >>$AIMOUT; }
	zle -C aim-tab complete-word _aim_tab; bindkey "^I" aim-tab'
k=0
while IFS= read -r line; do
	k=$((k + 1))
	: >$dir/out.$k
	zpty -w z "AIMOUT=${(q)dir}/out.$k"
	zpty -w -n z "$line"$'\t'
	for i in {1..200}; do
		grep -qx AIMEND $dir/out.$k && break
		sleep 0.05
	done
	zpty -w -n z $'\C-e\C-u'
done <$dir/lines
zpty -d z
EOF
zis() {	# zis DESC EXPECTED LINE: the candidates, joined by spaces
	printf '%s\n' "$3" >>"$Z/lines"
	printf '%s\n' "$1" >>"$Z/descs"
	printf '%s\n' "$2" >>"$Z/wants"
}
zopts() {	# zopts PROGRAM [COMMAND]: the options of its --help
	helpopts "$@" >"$W/help.opts"
	zis "zsh: the options of ${*##*/} --help" \
		"$(LC_ALL=C sort -u "$W/help.opts" | tr '\n' ' ' | sed 's/ $//')" "$* -"
}
if need zsh zsh; then
	zis "zsh: aimrun options" "--latency --list" "$R --l"
	zis "zsh: aimrun --suite: the suites" "quick" "$R --suite q"
	zis "zsh: aimrun --tests: test names" "add_long" "$R --tests add_l"
	zis "zsh: aimrun --tests: the last of a list" "creat-clo" \
		"$R --tests add_long,creat"
	zis "zsh: aimrun --cmd --format" "csv" "$R --cmd x --format c"
	zis "zsh: aimcmp tags from aimdb list" "v6.8 v6.9" "$C --db $DB v6"
	zis "zsh: aimcmp -d and a tag" "v6.8 v6.9" "$C -d $DB v6.8 v"
	zis "zsh: aimcmp --format" "json junit" "$C --format j"
	zis "zsh: aimcmp --tests: test names" "creat-clo" "$C --tests creat"
	zis "zsh: aimplot tags" "v6.8 v6.9" "$P --db $DB v"
	zis "zsh: aimplot --format" "pdf png" "$P --format p"
	zis "zsh: aimdb commands" "rename rm" "$D r"
	zis "zsh: aimdb diff among the commands" "diff" "$D d"
	zis "zsh: aimdb show: tags" "v6.8 v6.9" "$D --db $DB show v"
	zis "zsh: aimdb export -f" "csv json" "$D export -f "
	zis "zsh: aimdb import -f" "lines lkp logfile" "$D import -f l"
	zis "zsh: aimdb import options" "--again" "$D import --ag"
	zis "zsh: hostile tags, offered as data" \
		'$(touch PWNED) a `touch PWNED2` b v6.8 v6.9 x;y' "$C --db $DB v6.8 "
	zis "zsh: programs found on PATH" "v6.8 v6.9" "aimcmp --db $DB v"
	for p in "$R" "$C" "$D" "$P"; do
		zopts "$p"
	done
	for c in show import export list push merge diff rm rename check; do
		zopts "$D" "$c"
	done
	(cd "$W" && PATH="$AB/report:$AB/harness:$PATH" timeout 120 \
		zsh -f "$W/drive.zsh" "$S" "$Z") >/dev/null 2>&1
	k=0
	while IFS= read -r d; do
		k=$((k + 1))
		want=$(sed -n "${k}p" "$Z/wants")
		got=$(grep -vx -e AIMEND -e '' "$Z/out.$k" 2>/dev/null |
			LC_ALL=C sort -u | tr '\n' ' ' | sed 's/ $//')
		n=$((n + 1))
		if [ "$got" = "$want" ] && grep -qx AIMEND "$Z/out.$k"; then
			echo "ok $n - $d"
		else
			echo "not ok $n - $d"; fails=$((fails + 1))
			echo "# got '$got', want '$want'"
		fi
	done <"$Z/descs"
	t "zsh: ... and never run" test ! -e "$W/PWNED" -a ! -e "$W/PWNED2"
fi

echo "1..$n"
exit $((fails > 0))

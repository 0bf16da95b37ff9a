# SPDX-License-Identifier: GPL-2.0-or-later
# Bash completion for aimrun, aimcmp, aimdb, aimplot and aimplan: options,
# suites, test names (aimrun --list), tags (aimdb list), formats, the
# commands of aimdb and aimplan.
#
# Tags and test names come from a database, which may come from another
# machine: they are never evaluated.  No compgen -W sees them (it expands
# its words); they are matched by plain prefix and quoted with %q.
#
# The option lists are those of each --help (t/completion.sh compares them).

_aimkit_opts_aimrun=(--tag --suite --tests --list --duration --runs --dir
	--filesize --db --timeout --counters --cpu --check --memsize --zerosize
	--latency --precision --against --until-decided --budget --equivalence --force
	--copies --scale --threads --quiet --cmd --warmup --table --format
	--prepare --help
	--version -t -s -T -l -d -r -D -f -q -h -V)
_aimkit_opts_aimcmp=(--db --format --wide --legend --tests --sort --run
	--series --order --last --since --classify --alpha --equivalence
	--exclude-flagged --fail-on-regression --counters --monitors --copies --scaling
	--latency --host --sizing --force --help --version -d -f -t -s -r -S -O -h -V)
_aimkit_opts_aimdb=(--db --help --version -d -h -V)
_aimkit_opts_aimplot=(--db --output --format --tests --order --last --since
	--relative --script --title --scaling --latency --size --host --steps
	--alpha --equivalence --force --help --version -d -o -f -t -O -r -s -T
	-S -h -V)
_aimkit_opts_aimdb_list=(--host --since --limit)
_aimkit_opts_aimdb_show=(--run -r)
_aimkit_opts_aimdb_import=(--tag --split --format --again --dry-run
	-t -s -f -a -n)
_aimkit_opts_aimdb_export=(--format --output --lossy -f -o -l)
_aimkit_opts_aimdb_merge=(--lossy -l)
_aimkit_opts_aimdb_push=(--to --incomplete --lossy --jobs -t -i -l -j)
_aimkit_opts_aimdb_rm=()
_aimkit_opts_aimdb_rename=()
_aimkit_opts_aimdb_check=()
_aimkit_opts_aimdb_diff=()
_aimkit_aimdb_commands=(list show import export merge push diff rm rename
	check)
_aimkit_opts_aimplan=(--db --help --version -d -h -V)
_aimkit_opts_aimplan_new=(--kernel --image --initrd --cmdline --entry
	--release --via --reboot --trials --precision --until-decided
	--equivalence --budget --alpha --suite --tests --duration --runs --dir
	--vm-memory --vm-cpus --help -k -n -s -T -d -r -D -h)
_aimkit_opts_aimplan_run=(--at-boot --help -h)
_aimkit_opts_aimplan_show=()
_aimkit_opts_aimplan_pause=()
_aimkit_opts_aimplan_resume=()
_aimkit_opts_aimplan_cancel=()
_aimkit_aimplan_commands=(new run show pause resume cancel)

# _aimkit_add PREFIX WORD...: each WORD that starts with the current word
# (after PREFIX, for comma lists) into COMPREPLY, quoted for the shell.
_aimkit_add()
{
	local prefix=$1 w q
	shift
	for w in "$@"; do
		[[ -n $w && $prefix$w == "$cur"* ]] || continue
		printf -v q '%q' "$w"
		COMPREPLY+=("$prefix$q")
	done
}

# _aimkit_tool NAME: the program NAME beside the one being completed
# (installed together, or harness/ and report/ of a build tree), else NAME.
_aimkit_tool()
{
	local self=${COMP_WORDS[0]} dir
	if [[ $self == */* ]]; then
		dir=${self%/*}
		for p in "$dir/$1" "$dir/../harness/$1" "$dir/../report/$1"; do
			[[ -x $p && ! -d $p ]] && { printf '%s\n' "$p"; return; }
		done
	fi
	printf '%s\n' "$1"
}

# The --db given on the line (both programs' spellings), as typed.
_aimkit_db()
{
	local i w prog=${COMP_WORDS[0]##*/}
	for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do
		w=${COMP_WORDS[i]}
		if [[ $w == --db || ($w == -d && $prog != aimrun) ]]; then
			printf '%s\n' "${COMP_WORDS[i + 1]}"
			return
		fi
		[[ $w == --db=* ]] && { printf '%s\n' "${w#--db=}"; return; }
	done
}

# Tags of aimdb list: the first column, as wide as its header "TAG",
# counted in characters (tags may hold spaces and any UTF-8).
_aimkit_tags()
{
	local db line width=-1 tag
	local LC_ALL=C.UTF-8 2>/dev/null
	local -a args=()
	db=$(_aimkit_db)
	[[ -n $db ]] && args=(--db "$db")
	while IFS= read -r line; do
		if ((width < 0)); then
			[[ $line == TAG* ]] || return
			tag=${line%%RUN*}
			width=$((${#tag} - 3))
			continue
		fi
		tag=${line:0:width}
		tag=${tag%"${tag##*[! ]}"}
		printf '%s\n' "$tag"
	done < <("$(_aimkit_tool aimdb)" "${args[@]}" list 2>/dev/null)
}

# aimrun --list: "tests" (the names) or "suites".
_aimkit_list()
{
	local line part=none num name
	while IFS= read -r line; do
		case $line in
		Tests:*) part=tests; continue ;;
		Suites*) part=suites; continue ;;
		esac
		if [[ $part == tests && $1 == tests ]]; then
			read -r num name _ <<<"$line"
			[[ $num == [0-9]* ]] && printf '%s\n' "$name"
		elif [[ $part == suites && $1 == suites && $line == "  "* ]]; then
			printf '%s\n' "${line#  }"
		fi
	done < <("$(_aimkit_tool aimrun)" --list 2>/dev/null)
}

# The formats of PROGRAM, from its table (--format help: a name a line).
_aimkit_formats()
{
	local name _
	while IFS=$'\t' read -r name _; do
		[[ $name == [a-z]* ]] && printf '%s\n' "$name"
	done < <("$(_aimkit_tool "$1")" --format help 2>/dev/null)
}

# _aimkit_from FUNCTION ARG: its lines as candidates.
_aimkit_from()
{
	local -a words
	mapfile -t words < <("$1" "$2")
	_aimkit_add "" "${words[@]}"
}

# A comma-separated list of test names: complete the last one.
_aimkit_test_list()
{
	local -a words
	local prefix=
	[[ $cur == *,* ]] && prefix=${cur%,*},
	mapfile -t words < <(_aimkit_list tests)
	_aimkit_add "$prefix" "${words[@]}"
	compopt -o nospace 2>/dev/null
}

_aimkit_files()
{
	compopt -o filenames 2>/dev/null
	mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
}

# The value of option PREV of program PROG; 1 when PREV takes none.
_aimkit_value()
{
	# aimplan new's -d is --duration; before the command, --db.
	if [[ $1:$2:$3 == aimplan:-d:new ]]; then
		return 0
	fi
	case $1:$2 in
	aimplot:-r | aimplot:-S | aimcmp:-S | aimdb:-s | aimdb:-a | aimdb:-n | \
	*:-l | *:-q | *:-h | *:-V)
		return 1 ;;
	aimrun:--filesize | aimrun:-f | aimrun:--duration | aimrun:-d | \
	aimrun:--runs | aimrun:-r | *:--timeout | *:--cpu | *:--memsize | \
	*:--zerosize | aimplot:--size | aimplan:--duration | aimplan:-n | \
	*:--trials | *:--vm-memory | *:--vm-cpus | *:--cmdline | *:--entry | \
	*:--release | \
	*:--precision | *:--budget | *:--equivalence | *:--copies | *:--cmd | \
	*:--warmup | *:--run | *:-r | *:--alpha | aimplot:--title | \
	aimplot:-T | *:--host | *:--last | *:--since | *:--limit | \
	*:--jobs | aimdb:-j)
		;;
	*:--db | *:-d | *:--script | aimplot:-s | *:--output | *:-o | \
	aimdb:--to | aimplan:--image | aimplan:--initrd)
		_aimkit_files ;;
	aimdb:-t)
		if [[ $3 == push ]]; then
			_aimkit_files
		else
			_aimkit_from _aimkit_tags
		fi ;;
	aimrun:--dir | aimrun:-D | aimplan:--dir | aimplan:-D)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
	aimrun:--suite | aimrun:-s | aimplan:--suite | aimplan:-s)
		_aimkit_from _aimkit_list suites
		_aimkit_files ;;
	*:--tests | aimrun:-T | aimcmp:-t | aimplot:-t | aimplan:-T)
		_aimkit_test_list ;;
	aimrun:--against | aimrun:--tag | aimrun:-t | aimdb:--tag | \
	aimplan:--kernel | aimplan:-k)
		_aimkit_from _aimkit_tags ;;
	aimrun:--format) _aimkit_add "" text csv json ;;
	aimplan:--via) _aimkit_add "" manual kexec grub vm ;;
	aimrun:--counters) _aimkit_add "" default none ;;
	aimcmp:--format | aimcmp:-f) _aimkit_from _aimkit_formats aimcmp ;;
	aimcmp:--sort | aimcmp:-s) _aimkit_add "" number name pct ;;
	*:--order | *:-O) _aimkit_add "" version date given ;;
	aimplot:--format | aimplot:-f) _aimkit_add "" png svg pdf ;;
	aimdb:--format | aimdb:-f)
		if [[ $3 == export ]]; then
			_aimkit_add "" csv json
		else
			_aimkit_add "" auto console logfile ss csv json mmtests \
				lkp lkp-compare blocks lines
		fi ;;
	*) return 1 ;;
	esac
	return 0
}

# aimdb's or aimplan's command: the first word that is not an option or
# its value.
_aimkit_command()
{
	local i w
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in
		--db | -d) ((i++)) ;;
		-*) ;;
		*) printf '%s %d\n' "$w" "$i"; return ;;
		esac
	done
}

_aimkit()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=
	local prog=${1##*/} cmd= at=0 name
	local -a words
	COMPREPLY=()
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	if [[ $prog == aimdb || $prog == aimplan ]]; then
		read -r cmd at <<<"$(_aimkit_command)"
	fi
	if [[ $prev == -* ]]; then
		_aimkit_value "$prog" "$prev" "$cmd" && return 0
	fi
	name=_aimkit_opts_$prog
	[[ -n $cmd ]] && name=${name}_$cmd
	if [[ $cur == -* ]]; then
		name=$name[@]
		words=("${!name}")
		mapfile -t COMPREPLY < <(compgen -W "${words[*]}" -- "$cur")
		return 0
	fi
	case $prog:$cmd in
	aimdb: | aimplan:)
		name=_aimkit_${prog}_commands[@]
		words=("${!name}")
		mapfile -t COMPREPLY < <(compgen -W "${words[*]}" -- "$cur") ;;
	aimdb:show | aimdb:export | aimdb:push | aimdb:rm | aimdb:rename | \
	aimcmp:* | aimplot:*)
		_aimkit_from _aimkit_tags ;;
	aimdb:import)
		_aimkit_files ;;
	aimdb:merge)
		if ((COMP_CWORD == at + 1)); then
			_aimkit_files
		else
			_aimkit_from _aimkit_tags
		fi ;;
	esac
	return 0
}

complete -F _aimkit aimrun aimcmp aimdb aimplot aimplan

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The documents' examples run as written.  Every command of README.md,
# doc/*.md and the man pages doc/*.1 is found by the rules below and run,
# in a private directory against a database of its document's own, in
# document order (so an example's tags come from the examples before it),
# with tiny durations; what cannot run here is listed below (NOT_HERE)
# with the reason.  A new example is thus run without being named here,
# and one that fails, or a listed one no document holds any more, fails;
# a new one that would install, reboot, mount or reach the network
# (MACHINE) fails unrun until it is listed.
#
# What a command is:
# - in Markdown, a fenced block marked sh: each line but comments and
#   blank lines; a block starting with "#!" is one script, named by its
#   next line;
# - in a Markdown block unmarked or marked console, and in a man page's
#   .EX/.EE or .nf/.fi block whose first line is a command: a line
#   starting with the prompt "$ " or with aimrun, aimcmp, aimdb or aimplot
#   (./harness/ or ./report/ before it or not); the other lines, and
#   blocks that start otherwise, are output;
# - a Markdown block marked sql: one query, run by sqlite3 on the database;
# - a line ending in \, |, && or || goes on on the next.
# Blocks marked otherwise (yaml: a CI service's workflow, html: output)
# hold no command of this machine.
set -u
S=${AIM_SRCDIR:-.}
NAME=doc-examples
. "$S/t/robust-lib.sh"
S=$(cd "$S" && pwd -P) && B=$(cd "$B" && pwd -P) || exit 1
need sqlite3 sqlite3 || { echo "1..$n"; exit 1; }
need gnuplot gnuplot-nox || { echo "1..$n"; exit 1; }
TAB=$(printf '\t')

# The commands that cannot run here: document, command (as the index
# below shows it: whitespace collapsed), why.
NOT_HERE="\
README.md	apt-get update && apt-get install -y build-essential autoconf automake pkgconf libsqlite3-dev libpq-dev libcsv-dev libjson-c-dev libgsl-dev nettle-dev zlib1g-dev liblzma-dev gnuplot-nox sqlite3 man-db && ./autogen.sh && ./configure && make -j2 && ./harness/aimrun --suite quick --tag first-look	installs packages as root: .ci/check-fresh runs it in a fresh chroot
README.md	apt-get install -y python3 libxml2-utils postgresql zsh && ./autogen.sh && ./configure && make -j2 check	installs packages as root and runs these tests: .ci/check-fresh runs it
doc/bisect.md	script: # git bisect run step: build this kernel, measure it in a VM, classify.	builds a kernel and boots it in qemu
doc/bisect.md	script: mount -t 9p -o trans=virtio aim /aim || poweroff -f	the boot script of a VM: mounts and powers off
doc/bisect.md	script: # git bisect run step across reboots. State: /srv/bisect/state holds	installs a kernel and reboots
doc/bisect.md	script: # After boot: measure the kernel the state file asked for, then go on.	runs at boot, drives git bisect in a kernel tree
doc/bisect.md	script: # git bisect run step for a user-space library: build, measure, classify.	builds and installs a library from its git checkout
doc/fleet.md	sql: CREATE ROLE aim_owner LOGIN; -- the administrator's only	PostgreSQL roles: a server's superuser
doc/fleet.md	sql: GRANT SELECT ON ALL TABLES IN SCHEMA aimkit TO aim_writer, aim_reader;	PostgreSQL grants: the schema's owner on a server
doc/aimcmp.1	aimcmp --classify --tests fork_test v6.8 v6.9 bisect-\$(git rev-parse --short HEAD)	names the commit of a kernel tree under git bisect
doc/aimdb.1	aimdb --db mine.db push --to service=fleet v6.9	a PostgreSQL server (pg_service.conf's fleet)
doc/aimdb.1	aimdb diff lab.db service=fleet	a PostgreSQL server (pg_service.conf's fleet)
"

# What an unlisted example is never run for: a package install, a reboot,
# a mount, a service, the network.
MACHINE='(^|[;&|(`[:space:]])(sudo|apt-get|apt|dpkg|reboot|poweroff|shutdown|halt|kexec|systemctl|grub-reboot|mount|umount|modprobe|insmod|sysctl|qemu-system-[a-z0-9_]+|curl|wget|ssh|scp)([[:space:]]|$)'

# Exit statuses other than 0 that an example may end with, by a pattern
# of its command: what the documents say it returns.
exits() {
	case $1 in
	*--classify*) echo '0 1 125' ;;		# git bisect run's good, bad, skip
	*--fail-on-regression*) echo '0 3' ;;	# 3: something regressed
	*'script: # aimkit-ci BASE'*) echo '0 3 4' ;;	# its header says so
	*) echo 0 ;;
	esac
}
# Arguments a script is run with: what its usage asks for.
script_args() {
	case $1 in
	*'script: # aimkit-ci BASE'*) echo base ;;
	esac
}

# The units: $W/ex/N (the text) and a line "N<TAB>doc<TAB>kind<TAB>key" of
# $W/index per unit, kind cmd, script or sql.
mkdir "$W/ex" || exit 1
for f in "$S/README.md" "$S"/doc/*.md "$S"/doc/*.1; do
	doc=${f#"$S/"}
	awk -v doc="$doc" -v dir="$W/ex" -v man="${doc##*.}" '
	function flush(   k) {
		if (unit == "") return
		k = key
		gsub(/[ \t]+/, " ", k); sub(/^ /, "", k); sub(/ $/, "", k)
		N++
		printf "%s", unit > (dir "/" doc_no "-" N)
		close(dir "/" doc_no "-" N)
		printf "%s-%d\t%s\t%s\t%s\n", doc_no, N, doc, kind, k
		unit = ""; key = ""
	}
	function command(line) {
		if (kind == "cmd" && unit != "" && !goes_on) flush()
		kind = "cmd"
		unit = unit line "\n"; key = key " " line
		goes_on = line ~ /(\\|\||&&|\|\|)[ \t]*$/
		if (!goes_on) flush()
	}
	function is_cmd(line) {
		return line ~ /^[ \t]*(\$ )?(\.\/harness\/|\.\/report\/)?aim(run|cmp|db|plot)([ \t]|$)/ ||
			line ~ /^[ \t]*\$ /
	}
	BEGIN { doc_no = doc; gsub(/[^A-Za-z0-9]/, "_", doc_no) }
	man == "1" && /^\.(EX|nf)/ { inb = 1; first = 1; goes_on = 0; next }
	man == "1" && /^\.(EE|fi)/ { inb = 0; flush(); next }
	man == "1" && inb {
		l = $0
		sub(/^\.B /, "", l)
		gsub(/\\-/, "-", l); gsub(/\\\(aq/, "\047", l); gsub(/\\e/, "\\", l)
		gsub(/\\&/, "", l); gsub(/\\f[BIRP]/, "", l)
		if (first) { cmds = is_cmd(l); first = 0 }
		if (cmds && (goes_on || is_cmd(l))) {
			sub(/^[ \t]*\$ /, "", l); command(l)
		}
		next
	}
	man == "1" { next }
	/^```/ && !inb {
		inb = 1; mode = substr($0, 4); first = 1; goes_on = 0
		next
	}
	/^```$/ && inb {
		inb = 0
		if (mode == "sql" || kind == "script") flush()
		flush(); next
	}
	!inb { next }
	mode == "sh" && first && /^#!/ {
		kind = "script"; unit = $0 "\n"; key = ""; first = 0; next
	}
	kind == "script" && unit != "" {
		if (key == "") key = "script: " $0
		unit = unit $0 "\n"; next
	}
	mode == "sql" {
		if (unit == "") { kind = "sql"; key = "sql: " $0 }
		unit = unit $0 "\n"; next
	}
	mode == "sh" {
		first = 0
		if (!goes_on && ($0 ~ /^[ \t]*#/ || $0 ~ /^[ \t]*$/)) next
		command($0); next
	}
	mode == "" || mode == "console" {
		if (first) { cmds = is_cmd($0); first = 0 }
		if (cmds && (goes_on || is_cmd($0))) {
			l = $0; sub(/^[ \t]*\$ /, "", l); command(l)
		}
		next
	}
	' "$f" || echo "Bail out! cannot read $doc"
done >"$W/index"
t "the documents hold examples ($(wc -l <"$W/index"))" \
	test "$(wc -l <"$W/index")" -ge 40

# Every listed command is still in its document.
printf '%s' "$NOT_HERE" | while IFS="$TAB" read -r doc cmd why; do
	awk -F "$TAB" -v d="$doc" -v c="$cmd" '$2 == d && $4 == c { f = 1 }
		END { exit !f }' "$W/index" || echo "$doc: $cmd"
done >"$W/stale"
n=$((n + 1))
if [ -s "$W/stale" ]; then
	echo "not ok $n - every command listed as not run here is in its document"
	sed 's/^/# no longer in the document: /' "$W/stale"
	fails=$((fails + 1))
else
	echo "ok $n - every command listed as not run here is in its document"
fi

# What runs them: the programs of this build on PATH and under
# ./harness/ and ./report/ of each private directory, aimrun with tiny
# runs on small files and buffers (and one round more at most past
# --runs), no program outside the private directory reading or writing
# the user's files.
mkdir "$W/bin" "$W/home" "$W/tmp" || exit 1
cat >"$W/bin/aimrun" <<EOF
#!/bin/sh
# aimrun of this build with tiny runs, the document's options after ours.
tiny="--duration 0.01 --runs 1 --filesize 16K --memsize 1M --zerosize 1M --dir $W/scratch"
late=
case " \$* " in
*" --cmd "*) tiny= ;;	# a command runs as long as it runs
esac
case " \$* " in
*" --precision "* | *" --until-decided "*) late="--budget 1s" ;;
esac
for a; do
	shift
	if [ "\$a" = -- ] && [ -n "\$late" ]; then set -- "\$@" \$late; late=; fi
	set -- "\$@" "\$a"
done
exec "$B/harness/aimrun" \$tiny "\$@" \$late
EOF
chmod +x "$W/bin/aimrun" || exit 1
for p in aimcmp aimdb aimplot; do
	ln -s "$B/report/$p" "$W/bin/$p" || exit 1
done
PATH="$W/bin:$PATH" HOME="$W/home" TMPDIR="$W/tmp"
AIM_CHECK=quiet AIM_COUNTERS=none AIM_PROGRESS=none
export PATH HOME TMPDIR AIM_CHECK AIM_COUNTERS AIM_PROGRESS
unset AIM_DB AIM_PUSH_TO AIM_NOISE

# tiny TAG [TESTS] [DB]: a run of a few tests, for an example that reads it.
tiny() {
	aimrun -q --tests "${2:-fork_test,exec_test,brk_test,add_long}" \
		--db "${3:-$AIM_DB}" --tag "$1" >/dev/null 2>&1 ||
		echo "# could not make the run $1 for $doc"
}

# sides TAG...: runs of fork_test and exec_test imported (t/classify-lib.sh),
# the first two tags a good and a bad kernel 10 % apart, the others like
# the bad one: what --classify reads.
. "$S/t/classify-lib.sh"
sides() {
	{
		csv_header
		fixture "$1" 1 - "12:fork_test:100:$(jit 50000)" \
			"11:exec_test:5:$(jit 2000)"
		shift
		run=2
		for tag; do
			fixture "$tag" "$run" - "12:fork_test:100:$(jit 45000)" \
				"11:exec_test:5:$(jit 1800)"
			run=$((run + 1))
		done
	} >sides.csv && aimdb import sides.csv >/dev/null ||
		echo "# could not import the sides $* for $doc"
}

# prepare DOC: what its examples read and do not make themselves.
prepare() {
	printf 'all:\n\t@:\nclean:\n\t@:\n' >Makefile	# make of --cmd kbuild
	mkdir t && ln -s "$S/t/data" t/data || return 1	# the fixtures named
	case $1 in
	README.md)
		sides good bad candidate
		tiny other fork_test other.db ;;
	doc/aimcmp.1)
		for tag in v6.8 v6.9 v6.10 base candidate; do tiny "$tag"; done ;;
	doc/aimdb.1)
		cp "$S/t/data/report/mail-quoted.txt" mail-from-lkml.txt &&
		cp "$S/t/data/report/two-reports.txt" three-kernels.txt &&
		cp "$S/t/data/report/logfile.suite9" logfile.suite9 &&
		tiny v6.9 fork_test lab.db &&
		tiny lab fork_test &&
		sqlite3 "$AIM_DB" "UPDATE run SET host = 'lab3' WHERE tag = 'lab';
			UPDATE run_env SET value = 'lab3' WHERE key = 'hostname'
			AND run_id IN (SELECT id FROM run WHERE tag = 'lab')" ;;
	doc/aimplot.1)
		for tag in v6.8 v6.9 v6.10; do tiny "$tag"; done ;;
	doc/bisect.md)
		sides v6.8 v6.9 bisect-3f2a91c ;;
	doc/ci.md)
		for tag in BASE NEW base; do tiny "$tag"; done ;;
	doc/schema.md)
		tiny 6.8.0 && tiny 6.9.0-rc1 ;;
	esac
}

# Each unit, in document order: run, or listed.
prev=
while IFS="$TAB" read -r id doc kind key; do
	if printf '%s' "$NOT_HERE" | awk -F "$TAB" -v d="$doc" -v c="$key" \
		'$1 == d && $2 == c { f = 1 } END { exit !f }'; then
		n=$((n + 1))
		echo "ok $n - $doc: $key: listed, not run here: $(
			printf '%s' "$NOT_HERE" | awk -F "$TAB" -v d="$doc" \
			-v c="$key" '$1 == d && $2 == c { print $3 }')"
		continue
	fi
	if [ "$doc" != "$prev" ]; then
		prev=$doc
		D="$W/run/$(printf '%s' "$doc" | tr -c 'A-Za-z0-9\n' _)"
		mkdir -p "$D/harness" "$D/scratch" || exit 1
		ln -s "$W/bin/aimrun" "$D/harness/aimrun" &&
			ln -s "$B/report" "$D/report" || exit 1
		AIM_DB="$D/aim.db"
		export AIM_DB
		(cd "$D" && prepare "$doc") ||
			echo "# could not prepare the examples of $doc"
	fi
	if grep -Eq "$MACHINE" "$W/ex/$id"; then
		n=$((n + 1)) fails=$((fails + 1))
		echo "not ok $n - $doc: $key: changes the machine or reaches the network: not run; list it in NOT_HERE with why"
		continue
	fi
	case $kind in
	cmd) set -- sh "$W/ex/$id" ;;
	script) set -- sh "$W/ex/$id" $(script_args "$key") ;;
	sql) set -- sqlite3 -bail "$AIM_DB" ".read $W/ex/$id" ;;
	esac
	(cd "$D" && exec timeout 60 "$@") >"$W/out" 2>&1 </dev/null
	rc=$?
	n=$((n + 1))
	case " $(exits "$key") " in
	*" $rc "*)
		echo "ok $n - $doc: $key" ;;
	*)
		echo "not ok $n - $doc: $key"
		fails=$((fails + 1))
		echo "# exit $rc (expected $(exits "$key")), the output's end:"
		tail -n 5 "$W/out" | cut -c1-200 | sed 's/^/#   /' ;;
	esac
done <"$W/index"
echo "1..$n"
exit $((fails > 0))

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# aimplan's commands on this machine, by hand (nothing reboots, no guest
# boots): new and its refusals, one open plan at a time, run (the running
# kernel checked and its block stored with the plan's facts; a second run
# in the same boot refused), show, pause, resume and cancel.  On a server
# too (t/pg-suite.sh).
set -u
S=${AIM_SRCDIR:-.}
NAME=plan
. "$S/t/robust-lib.sh"
. "$S/t/db-sql.sh"
AIMPLAN="$B/plan/aimplan"
DB=$(db_first plan.db)
REL=$(uname -r)
BLOCK="--tests add_long --duration 0.02 --runs 1 --dir $W/scratch"

new() { "$AIMPLAN" --db "$DB" new "$@"; }
# shellcheck disable=SC2086 # BLOCK is words
refused "one kernel is no comparison" 1 "two kernels or more" \
	new --kernel a --release "$REL" $BLOCK
refused "--reboot needs kexec or grub" 1 "--reboot goes with" \
	new --reboot --kernel a --release "$REL" --kernel b --release x
refused "grub needs each kernel's entry" 1 "--entry is needed" \
	new --via grub --kernel a --release "$REL" --kernel b --release x
refused "an unknown --via" 1 "--via: manual, kexec, grub or vm" \
	new --via pxe --kernel a --release "$REL" --kernel b --release x
refused "by hand, each kernel's release" 1 "--release is needed" \
	new --kernel a --kernel b --release x
refused "two kernels that look the same once booted" 1 "cannot be told apart" \
	new --kernel a --release "$REL" --kernel b --release "$REL"
refused "--trials and --until-decided" 1 "exclude each other" \
	new --kernel a --release "$REL" --kernel b --release x --trials 2 \
	--until-decided
refused "--equivalence without --until-decided" 1 "goes with --until-decided" \
	new --kernel a --release "$REL" --kernel b --release x --equivalence 1
refused "an image that is no kernel" 1 "not an x86 kernel image" \
	new --via vm --kernel a --image "$S/README.md" --kernel b \
	--image "$S/README.md"
refused "a kernel option before any --kernel" 1 "give --kernel TAG first" \
	new --release "$REL" --kernel a --kernel b
refused "a tag no terminal shows safely" 1 "--kernel" \
	new --kernel "$(printf 'a\033[2J')" --release "$REL" --kernel b \
	--release x
refused "the same tag twice" 1 "given twice" \
	new --kernel a --release "$REL" --kernel a --release x

# shellcheck disable=SC2086
t "a plan of two kernels by hand: this one, and one with a word" \
	new --kernel here --release "$REL" --kernel there --release "$REL" \
	--cmdline aimkit.test.plan=there --trials 2 $BLOCK
t "... its order is stored: 4 boots" test "$(db_val "$DB" "SELECT count(*)
	FROM plan_boot WHERE plan_id = 1 AND state = 'planned'")" -eq 4
t "... balanced: each trial boots each kernel once" test "$(db_val "$DB" \
	"SELECT count(DISTINCT trial || ':' || kernel) FROM plan_boot")" -eq 4
# shellcheck disable=SC2086
refused "one plan open at a time" 1 "plan 1 is open" \
	new --kernel x --release "$REL" --kernel y --release x $BLOCK

"$AIMPLAN" --db "$DB" run >"$W/run1" 2>"$W/err1"; rc=$?
t "run: this boot is 'here' (it lacks the word of 'there')" test "$rc" -eq 0
t "... its block is stored under 'here', and only there" test "$(db_val \
	"$DB" "SELECT tag, count(*) FROM run GROUP BY tag")" = "here|1"
t "... the run carries the plan's facts" test "$(db_val "$DB" "SELECT
	count(*) FROM run_env WHERE (key = 'plan.id' AND value = '1') OR
	(key = 'plan.via' AND value = 'manual')")" -eq 2
t "... with this boot's id" test "$(db_val "$DB" "SELECT e.value FROM
	run_env AS e JOIN run AS u ON u.id = e.run_id
	WHERE e.key = 'boot_id'")" = "$(cat /proc/sys/kernel/random/boot_id)"
t "... and the plan's boot records it" test "$(db_val "$DB" "SELECT
	count(*) FROM plan_boot AS b JOIN run AS u ON u.uuid = b.run_uuid
	WHERE b.state = 'done' AND b.boot_id = '$(cat \
	/proc/sys/kernel/random/boot_id)'")" -eq 1
t "... then it names the kernel to boot next, rebooting nothing" \
	grep -q '^next: boot 2 of 4, there (trial 1):' "$W/run1"
"$AIMPLAN" --db "$DB" run >"$W/run2" 2>&1
t "a second run in the same boot stores nothing" sh -c "
	grep -q 'this boot already ran block 1' '$W/run2' &&
	test $(db_val "$DB" 'SELECT count(*) FROM run') -eq 1"
"$AIMPLAN" --db "$DB" show >"$W/show"
t "show: the plan, its order and progress" sh -c "
	grep -q '^plan 1: active, via manual, 2 kernels, 2 trials' '$W/show' &&
	grep -q ' 1  trial 1  here  done' '$W/show' &&
	grep -q 'here stored as run' '$W/show'"
t "pause" "$AIMPLAN" --db "$DB" pause
"$AIMPLAN" --db "$DB" run >"$W/run3" 2>&1; rc=$?
t "a paused plan runs nothing: exit 3, one line why" sh -c "
	test $rc -eq 3 && grep -q 'plan 1 is paused: paused by the user' \
	'$W/run3' && test \"\$(wc -l <'$W/run3')\" -eq 1"
t "resume" "$AIMPLAN" --db "$DB" resume
refused "resume of an active plan" 1 "plan 1 is active" \
	"$AIMPLAN" --db "$DB" resume
t "cancel" "$AIMPLAN" --db "$DB" cancel
refused "run without an open plan" 1 "no open plan" \
	"$AIMPLAN" --db "$DB" run
t "show: the last plan, cancelled" sh -c "'$AIMPLAN' --db '$DB' show 1 |
	grep -q '^plan 1: cancelled'"
# shellcheck disable=SC2086
t "a new plan once the last is closed" \
	new --kernel a --release "$REL" --kernel b --release x $BLOCK
refused "show of a plan that is not there" 1 "no such plan" \
	"$AIMPLAN" --db "$DB" show 9
refused "an unknown command" 1 "unknown command 'fly'" \
	"$AIMPLAN" --db "$DB" fly
echo "1..$n"
exit $((fails > 0))

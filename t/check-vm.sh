#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make check-vm: a plan of virtual machines end to end.  The machine's
# own kernel image (the newest /boot/vmlinuz-* with its modules, or
# $AIM_VM_KERNEL) booted under qemu with two command lines, the default
# and mitigations=off, as two kernels; 2 trials of the quick suite's
# tests made short; 4 boots stored as runs of two tags in the plan's
# order, each with its guest's facts; and aimcmp comparing them with the
# boot as the unit, with the sizing advice.  Skipped without
# qemu-system-x86_64 or a kernel image.
set -u
S=${AIM_SRCDIR:-.}
NAME=check-vm
. "$S/t/robust-lib.sh"
AIMPLAN="$B/plan/aimplan"
DB="$W/vm.db"
# The quick suite's tests, named: the guests' deadline counts them.
QUICK=add_long,creat-clo,page_test,brk_test,signal_test,exec_test
QUICK=$QUICK,fork_test,link_test,disk_src,shared_memory,stream_pipe,pipe_cpy

# The newest image whose modules are installed (the guest loads its 9p
# and virtio modules from them).
newest() {
	for k in $(ls -1 /boot/vmlinuz-* 2>/dev/null | sort -rV); do
		[ -d "/lib/modules/${k#/boot/vmlinuz-}" ] && { echo "$k"; return; }
	done
}
kernel=${AIM_VM_KERNEL:-$(newest)}
if ! command -v qemu-system-x86_64 >/dev/null 2>&1; then
	echo "1..0 # SKIP no qemu-system-x86_64 (Debian: qemu-system-x86)"
	exit 0
fi
if [ -z "$kernel" ] || [ ! -r "$kernel" ]; then
	echo "1..0 # SKIP no kernel image in /boot (Debian: linux-image-amd64)"
	exit 0
fi
echo "# kernel $kernel"

t "a plan of two command lines of $kernel, 2 trials" "$AIMPLAN" --db "$DB" \
	new --via vm --kernel base --image "$kernel" \
	--kernel nomit --image "$kernel" --cmdline mitigations=off \
	--trials 2 --tests "$QUICK" --duration 0.2 --runs 2
start=$(date +%s)
"$AIMPLAN" --db "$DB" run >"$W/run" 2>&1
rc=$?
sed 's/^/# /' "$W/run"
echo "# the plan took $(($(date +%s) - start)) s"
t "aimplan run boots all four guests and ends" test "$rc" -eq 0
t "the plan is done" grep -q '^plan 1 ended: complete: 2 trials of 2 kernels' \
	"$W/run"
q() { sqlite3 "$DB" "$1"; }
t "4 runs: 2 of each tag" test "$(q "SELECT tag, count(*) FROM run
	GROUP BY tag ORDER BY tag" | tr '\n' ' ')" = "base|2 nomit|2 "
# The runs in the order they were made, and the plan's order of boots.
q "SELECT tag FROM run ORDER BY started_utc, id" >"$W/runs"
q "SELECT k.tag FROM plan_boot AS b JOIN plan_kernel AS k
	ON k.plan_id = b.plan_id AND k.idx = b.kernel ORDER BY b.seq" >"$W/order"
echo "# order: $(tr '\n' ' ' <"$W/order")"
t "the runs were made in the plan's order" cmp -s "$W/runs" "$W/order"
t "each trial boots each kernel once" test "$(q "SELECT count(DISTINCT
	trial || '-' || kernel) FROM plan_boot WHERE state = 'done'")" -eq 4
t "four boots, four boot ids" test "$(q "SELECT count(DISTINCT value)
	FROM run_env WHERE key = 'boot_id'")" -eq 4
t "each run is its boot's: the plan's boot ids are the runs'" \
	test "$(q "SELECT count(*) FROM plan_boot AS b JOIN run AS u
	ON u.uuid = b.run_uuid JOIN run_env AS e ON e.run_id = u.id
	AND e.key = 'boot_id' AND e.value = b.boot_id")" -eq 4
t "the guests' facts came with them: vm, the accelerator" test "$(q "SELECT
	count(*) FROM run_env WHERE (key = 'plan.via' AND value = 'vm')
	OR (key = 'plan.accel' AND value IN ('kvm', 'tcg'))")" -eq 8
t "nomit's boots had mitigations=off, base's not" test "$(q "SELECT
	group_concat(u.tag || ':' || (e.value LIKE '%mitigations=off%'), ' ')
	FROM run AS u JOIN run_env AS e ON e.run_id = u.id
	AND e.key = 'kernel.cmdline' ORDER BY u.tag")" != ""
t "... every one" test "$(q "SELECT count(*) FROM run AS u JOIN run_env
	AS e ON e.run_id = u.id AND e.key = 'kernel.cmdline'
	WHERE (u.tag = 'nomit') = (e.value LIKE '%mitigations=off%')")" -eq 4
t "each guest's release is the image's" test "$(q "SELECT count(DISTINCT
	e.value) FROM run_env AS e WHERE e.key = 'uname.release'")" -eq 1
"$AIMCMP" --db "$DB" base nomit >"$W/cmp" 2>&1
sed 's/^/# /' "$W/cmp"
t "aimcmp: the boot is the unit" grep -q 'the boot is the unit' "$W/cmp"
t "aimcmp: the sizing advice" grep -q 'sizing (Kalibera and Jones' "$W/cmp"
t "aimcmp: the plan, its order" grep -q '^# warning: plan 1 (done' "$W/cmp"
"$AIMCMP" --db "$DB" --sizing 5 -f json base nomit >"$W/cmp.json"
t "aimcmp --format json: each test's sizing" grep -q '"processes_per_boot"' \
	"$W/cmp.json"
echo "1..$n"
exit $((fails > 0))

# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by t/classify.sh and t/levels.sh after t/robust-lib.sh: a CSV
# of per-process rates, written by awk, for aimdb import.
#
# fixture TAG RUN BOOT SPEC...: one run of TAG with boot id BOOT (- for
# none); each SPEC is NUMBER:TEST:FACTOR:RATE,RATE,... with one process
# (rep) per rate, each of two 1-second samples at that rate, so that the
# per-process rates are exactly the ones given.
fixture() {
	awk -v tag="$1" -v run="$2" -v boot="$3" -v specs="${*#* * * }" '
	function unit(t) {
		if (t == "fork_test") return "Task Creations/second"
		if (t == "exec_test") return "Program Loads/second"
		if (t == "fun_cal") return "Function Calls (no arguments)/second"
		return "Thousand Long Integer Additions/second"
	}
	BEGIN {
		if (boot != "-")
			printf "%s,%d,,,,,,,,,,,,boot_id,%s,\n", tag, run, boot
		ns = split(specs, spec, " ")
		for (i = 1; i <= ns; i++) {
			split(spec[i], f, ":")
			nr = split(f[4], rate, ",")
			for (r = 1; r <= nr; r++)
				for (s = 1; s <= 2; s++)
					printf "%s,%d,%d,%s,%d,%d,ok,,%d,1000000000,%d,%s,,,,\n",
					       tag, run, f[1], f[2], r, s,
					       rate[r] / f[3], f[3], unit(f[2])
		}
	}'
}
csv_header() {
	echo "tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops,env_key,env_value,metrics"
}
# jit RATE: six per-process rates around RATE, spread about 0.2 %.
jit() {
	awk -v r="$1" 'BEGIN { printf "%d,%d,%d,%d,%d,%d", r, r * 1.003,
		r * 0.997, r * 1.002, r * 0.998, r * 1.001 }'
}

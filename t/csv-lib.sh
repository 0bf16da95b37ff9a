# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the scripts that read aimdb's CSV export by position.
# csv20: the export on stdin as its older 20 columns: the header and the
# records of facts, results and samples, each cut after copies; a run's
# own record, the histograms' buckets and the results' monitors and
# kernel log lines left out (doc/schema.md, "The CSV export").  Fields
# are told apart by commas: the scripts' data hold none inside a quoted
# field after the reason.
csv20() {
	sed 's/,monitor,value,log_level,log_facility,log_usec,log_text$/,,,,,,/' |
		grep ',,,,,,$' | sed 's/,,,,,,$//' |
		grep -v '[0-9]$' | sed 's/\(,[^,]*\)\{15\}$//' |
		grep -Ev '^[^,]*,[0-9]+,{15}[^,]*,,,$'
}

# SPDX-License-Identifier: GPL-2.0-or-later
# report/format/: aimcmp's table in each output format (fmt.h), the
# --scaling table (scaling_out.c) and the SVG of the HTML report.
report_libreport_a_SOURCES += \
	report/format/fmt.h report/format/fmt_common.c \
	report/format/fmt_csv.c report/format/fmt_html.c \
	report/format/fmt_json.c report/format/fmt_md.c \
	report/format/fmt_table.c report/format/fmt_table_line.c \
	report/format/fmt_table.h report/format/fmt_text.c \
	report/format/fmt_ci.c report/format/formats.c \
	report/format/svg.c report/format/svg.h
report_libreport_a_SOURCES += report/format/fmt_counters.c
report_libreport_a_SOURCES += report/format/scaling_out.c
report_libreport_a_SOURCES += report/format/fmt_latency.c

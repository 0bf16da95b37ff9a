// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The output formats of aimcmp, one table: option parsing, --help, the
 * matrix of formats and modes and the bash completion (through --format
 * help) all read it, so adding a format is its file, which defines its
 * descriptor, and one line here (HACKING.md, "Adding a format").
 */
#include "config.h"

#include "fmt.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

extern const struct cmp_format fmt_format_lines, fmt_format_csv,
	fmt_format_json, fmt_format_md, fmt_format_html, fmt_format_junit,
	fmt_format_tap;

const struct cmp_format *const fmt_formats[] = {
	&fmt_format_text,
	&fmt_format_lines,
	&fmt_format_csv,
	&fmt_format_json,
	&fmt_format_md,
	&fmt_format_html,
	&fmt_format_junit,
	&fmt_format_tap,
	NULL,
};

const struct cmp_format *
fmt_find(const char *name)
{
	for (size_t i = 0; fmt_formats[i] != NULL; i++)
		if (strcmp(fmt_formats[i]->name, name) == 0 ||
		    (fmt_formats[i]->alias != NULL &&
		     strcmp(fmt_formats[i]->alias, name) == 0))
			return fmt_formats[i];
	return NULL;
}

unsigned
fmt_modes(const struct cmp_format *f)
{
	return (f->table != NULL ? FMT_MODE_TABLE : 0u) |
	       (f->scaling != NULL ? FMT_MODE_SCALING : 0u) |
	       (f->latency != NULL ? FMT_MODE_LATENCY : 0u) |
	       (f->series != NULL ? FMT_MODE_SERIES : 0u) |
	       (f->counters ? FMT_MODE_COUNTERS : 0u);
}

char *
fmt_names(unsigned modes)
{
	char *out = xstrdup("");
	size_t n = 0, k = 0;

	for (size_t i = 0; fmt_formats[i] != NULL; i++)
		n += (fmt_modes(fmt_formats[i]) & modes) == modes;
	for (size_t i = 0; fmt_formats[i] != NULL; i++) {
		char *next;

		if ((fmt_modes(fmt_formats[i]) & modes) != modes)
			continue;
		k++;
		next = xasprintf("%s%s%s", out, k == 1 ? "" : k == n ? " and " :
				 ", ", fmt_formats[i]->name);
		free(out);
		out = next;
	}
	return out;
}

int
fmt_list(FILE *f)
{
	static const char *const mode[] = {
		"table", "scaling", "latency", "series", "counters",
	};

	for (size_t i = 0; fmt_formats[i] != NULL; i++) {
		unsigned m = fmt_modes(fmt_formats[i]);

		fprintf(f, "%s\t", fmt_formats[i]->name);
		for (size_t k = 0, first = 1; k < 5; k++)
			if (m & (1u << k)) {
				fprintf(f, "%s%s", first ? "" : ",", mode[k]);
				first = 0;
			}
		fprintf(f, "\t%s\n", fmt_formats[i]->help);
		if (fmt_formats[i]->alias != NULL)
			fprintf(f, "%s\t%s\tthe same as %s\n",
				fmt_formats[i]->alias, "-", fmt_formats[i]->name);
	}
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}

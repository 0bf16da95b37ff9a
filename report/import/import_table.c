// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of importers: --format names one, auto-detection tries each
 * in order (IMPORTERS, import_int.h), and a result directory goes to the
 * first that recognises it.  Nothing else knows which formats exist.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "filehash.h"
#include "import_int.h"
#include "xalloc.h"

#define IMPORTER_ENTRY(v) &v,
static const struct importer *const table[] = { IMPORTERS(IMPORTER_ENTRY) };
#undef IMPORTER_ENTRY
#define N_IMPORTERS (sizeof(table) / sizeof(table[0]))

int
import_format(const char *name, const struct importer **out)
{
	if (strcmp(name, "auto") == 0) {
		*out = NULL;
		return 0;
	}
	for (size_t i = 0; i < N_IMPORTERS; i++)
		if (strcmp(name, table[i]->name) == 0) {
			*out = table[i];
			return 0;
		}
	return -1;
}

const char *
import_format_name(const struct importer *imp)
{
	return imp->name;
}

int
import_format_own_tags(const struct importer *imp)
{
	return imp->own_tags;
}

void
import_format_names(char *buf, size_t len)
{
	size_t at = (size_t)snprintf(buf, len, "auto");

	for (size_t i = 0; i < N_IMPORTERS && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, ", %s",
				       table[i]->name);
}

int
import_table_parse(const struct import_lines *l, const struct importer *imp,
		   struct import_file *f)
{
	for (size_t i = 0; imp == NULL && i < N_IMPORTERS; i++)
		if (table[i]->detect != NULL && table[i]->detect(l))
			imp = table[i];
	if (imp == NULL)
		return import_error(l->name, l->n ? 1 : 0,
				    "no AIM9 results found: not a console report, logfile.suite9, suite9.ss, posted comparison, mmtests or lkp-tests result, or aimkit export");
	f->format = imp;
	return imp->parse(l, f);
}

/* Every importer that reads directories, named for the message. */
static void
dir_formats(char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < N_IMPORTERS && at < len; i++)
		if (table[i]->dir_parse != NULL)
			at += (size_t)snprintf(buf + at, len - at, "%s%s",
					       at > 0 ? " or " : "",
					       table[i]->dir_what);
}

int
import_dir(int dirfd, const char *name, const struct importer *imp,
	   struct import_file *out)
{
	struct filehash hash;
	char formats[256];
	int rc;

	memset(out, 0, sizeof(*out));
	dir_formats(formats, sizeof(formats));
	for (size_t i = 0; imp == NULL && i < N_IMPORTERS; i++)
		if (table[i]->dir_detect != NULL && table[i]->dir_detect(dirfd))
			imp = table[i];
	if (imp == NULL)
		return import_error(name, 0, "not a regular file, nor %s",
				    formats);
	if (imp->dir_parse == NULL)
		return import_error(name, 0, "a directory: only %s are imported whole",
				    formats);
	filehash_init(&hash);
	filehash_update(&hash, "dir", 4);
	rc = imp->dir_parse(dirfd, name, out, &hash);
	if (rc < 0) {
		import_free(out);
		return -1;
	}
	filehash_hex(&hash, out->sha256);
	out->name = name;
	out->format = imp;
	return 0;
}

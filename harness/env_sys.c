// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Readers for the small text files of /proc and /sys that describe the
 * machine, kept apart from the list of keys in env.c.  Every reader
 * answers -1 for an absent or unreadable file and never fails the run.
 */
#include "config.h"

#include "env_sys.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* Drop trailing blanks and newlines in place. */
static void
trim_end(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

static FILE *
open_under(const char *root, const char *path)
{
	char full[4096];

	if (snprintf(full, sizeof(full), "%s%s", root, path) >=
	    (int)sizeof(full))
		return NULL;
	return fopen(full, "re");
}

int
envsys_line(const char *root, const char *path, char *buf, size_t len)
{
	FILE *f = open_under(root, path);
	int rc = -1;

	if (f == NULL)
		return -1;
	if (fgets(buf, (int)len, f) != NULL) {
		trim_end(buf);
		rc = 0;
	}
	/* Read-only: a failing close loses nothing that was read. */
	(void)fclose(f);
	return rc;
}

/* "name<blanks>: value": NAME matches and VALUE is the trimmed rest. */
static int
match_field(char *line, const char *name, char **value)
{
	char *colon = strchr(line, ':');
	char *end;

	if (colon == NULL)
		return 0;
	end = colon;
	while (end > line && isspace((unsigned char)end[-1]))
		end--;
	if ((size_t)(end - line) != strlen(name) ||
	    strncmp(line, name, (size_t)(end - line)) != 0)
		return 0;
	colon++;
	while (isspace((unsigned char)*colon))
		colon++;
	trim_end(colon);
	*value = colon;
	return 1;
}

int
envsys_field(const char *root, const char *path, const char *name, char *buf,
	     size_t len)
{
	FILE *f = open_under(root, path);
	char line[1024];
	char *value;
	int rc = -1;

	if (f == NULL)
		return -1;
	while (rc < 0 && fgets(line, sizeof(line), f) != NULL) {
		if (match_field(line, name, &value)) {
			snprintf(buf, len, "%s", value);
			rc = 0;
		}
	}
	(void)fclose(f);	/* as in envsys_line */
	return rc;
}

int
envsys_choice(const char *root, const char *path, char *buf, size_t len)
{
	char line[256];
	char *open, *close;

	if (envsys_line(root, path, line, sizeof(line)) < 0)
		return -1;
	open = strchr(line, '[');
	close = open != NULL ? strchr(open, ']') : NULL;
	if (close == NULL)
		return -1;
	*close = '\0';
	snprintf(buf, len, "%s", open + 1);
	return 0;
}

static int
compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Names in DIR (no dot files), sorted; NULL if DIR cannot be read. */
static char **
sorted_names(const char *root, const char *dir, size_t *n)
{
	char full[4096];
	char **names = NULL;
	struct dirent *de;
	DIR *d;

	*n = 0;
	if (snprintf(full, sizeof(full), "%s%s", root, dir) >=
	    (int)sizeof(full) || (d = opendir(full)) == NULL)
		return NULL;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		names = xrealloc(names, (*n + 1) * sizeof(*names));
		names[(*n)++] = xstrdup(de->d_name);
	}
	(void)closedir(d);	/* read-only, as in envsys_line */
	if (*n > 0)
		qsort(names, *n, sizeof(*names), compare_names);
	return names;
}

char *
envsys_dir_summary(const char *root, const char *dir)
{
	char path[4096], text[1024];
	char *out = NULL, *next;
	size_t n, i;
	char **names = sorted_names(root, dir, &n);

	if (names == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (envsys_line(root, path, text, sizeof(text)) < 0)
			snprintf(text, sizeof(text), "unknown");
		next = xasprintf("%s%s%s: %s", out != NULL ? out : "",
				 out != NULL ? "; " : "", names[i], text);
		free(out);
		out = next;
		free(names[i]);
	}
	free(names);
	return out;
}

/* statfs(2) f_type values as the kernel defines them (linux/magic.h). */
static const struct {
	unsigned long magic;
	const char *name;
} fs_names[] = {
	{ 0x00000187, "autofs" },	{ 0x00009660, "isofs" },
	{ 0x00003434, "nilfs" },	{ 0x00004d44, "vfat" },
	{ 0x00006969, "nfs" },		{ 0x00009fa0, "proc" },
	{ 0x0000ef53, "ext2/3/4" },	{ 0x0000f15f, "ecryptfs" },
	{ 0x00c36400, "ceph" },		{ 0x01021994, "tmpfs" },
	{ 0x01021997, "9p" },		{ 0x01161970, "gfs2" },
	{ 0x15013346, "udf" },		{ 0x2011bab0, "exfat" },
	{ 0x2fc12fc1, "zfs" },		{ 0x3153464a, "jfs" },
	{ 0x52654973, "reiserfs" },	{ 0x5346544e, "ntfs" },
	{ 0x58465342, "xfs" },		{ 0x62656572, "sysfs" },
	{ 0x65735546, "fuse" },		{ 0x73717368, "squashfs" },
	{ 0x7461636f, "ocfs2" },	{ 0x794c7630, "overlay" },
	{ 0x858458f6, "ramfs" },	{ 0x9123683e, "btrfs" },
	{ 0x958458f6, "hugetlbfs" },	{ 0xca451a4e, "bcachefs" },
	{ 0xe0f5e1e2, "erofs" },	{ 0xf2f52010, "f2fs" },
	{ 0xfe534d42, "smb3" },		{ 0xff534d42, "cifs" },
};

const char *
envsys_fstype(unsigned long f_type, char *buf, size_t len)
{
	/* f_type is a signed word: compare the 32 bits the kernel sets. */
	unsigned long magic = f_type & 0xffffffffUL;
	size_t i;

	for (i = 0; i < sizeof(fs_names) / sizeof(fs_names[0]); i++) {
		if (fs_names[i].magic == magic) {
			snprintf(buf, len, "%s", fs_names[i].name);
			return buf;
		}
	}
	snprintf(buf, len, "%#lx", magic);
	return buf;
}

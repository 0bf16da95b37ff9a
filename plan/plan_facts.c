// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which kernel is running: its release, command line and boot id read
 * from what the kernel says (never from what the plan expected), and
 * whether they are those of a kernel of the plan.  A block is stored
 * under a tag only after this check, and only once per boot.
 */
#include "config.h"

#include "plan.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "envdiff.h"
#include "store_int.h"
#include "xalloc.h"

/* The facts are short lines; more is not a kernel's. */
#define FACT_MAX 4096

void
plan_facts_free(struct plan_facts *f)
{
	free(f->release);
	free(f->cmdline);
	free(f->boot_id);
	memset(f, 0, sizeof(*f));
}

/* The first line of ROOT/PATH, malloc'd; NULL with errno. */
static char *
read_line(const char *root, const char *path)
{
	char *name = xasprintf("%s%s", root, path), buf[FACT_MAX];
	int fd = open(name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	ssize_t n = -1;

	free(name);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		(void)close(fd);	/* read only: nothing to flush */
	}
	if (n < 0)
		return NULL;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return xstrdup(buf);
}

int
plan_facts_read(const char *root, struct plan_facts *f, char *err,
		size_t errlen)
{
	struct utsname u;

	memset(f, 0, sizeof(*f));
	errno = 0;
	/* The release of a test's root is a file, the real one uname's. */
	if (root[0] != '\0')
		f->release = read_line(root, "/proc/sys/kernel/osrelease");
	else if (uname(&u) == 0)
		f->release = xstrdup(u.release);
	f->cmdline = read_line(root, "/proc/cmdline");
	f->boot_id = read_line(root, "/proc/sys/kernel/random/boot_id");
	if (f->release == NULL || f->cmdline == NULL || f->boot_id == NULL ||
	    f->boot_id[0] == '\0') {
		snprintf(err, errlen, "cannot read the running kernel's %s: %s",
			 f->release == NULL ? "release" :
			 f->cmdline == NULL ? "command line" : "boot id",
			 errno != 0 ? strerror(errno) : "empty");
		plan_facts_free(f);
		return -1;
	}
	return 0;
}

char *
plan_boot_mark(const struct plan *p, const struct plan_boot *b)
{
	return xasprintf("%s%lld.%d", ENVDIFF_PLAN_MARK, (long long)p->id,
			 b->seq);
}

/* Whether WORD (LEN bytes) is a whole word of LINE. */
static int
has_word(const char *line, const char *word, size_t len)
{
	const char *s = line;

	while (*s != '\0') {
		size_t n;

		s += strspn(s, " \t");
		n = strcspn(s, " \t");
		if (n == len && strncmp(s, word, len) == 0)
			return 1;
		s += n;
	}
	return 0;
}

/* The first word of WORDS missing from LINE, its length in *LEN; NULL. */
static const char *
missing_word(const char *words, const char *line, size_t *len)
{
	const char *s = words;

	while (s != NULL && *s != '\0') {
		s += strspn(s, " \t");
		*len = strcspn(s, " \t");
		if (*len > 0 && !has_word(line, s, *len))
			return s;
		s += *len;
	}
	return NULL;
}

int
plan_facts_match(const struct plan_kernel *k, const struct plan_facts *f,
		 const char *mark, char *why, size_t whylen)
{
	const char *miss;
	size_t len = 0;

	if (strcmp(k->release, f->release) != 0) {
		snprintf(why, whylen, "release %s, not %s", f->release,
			 k->release);
		return 0;
	}
	miss = missing_word(k->cmdline, f->cmdline, &len);
	if (miss != NULL) {
		snprintf(why, whylen, "its command line lacks '%.*s'",
			 (int)len, miss);
		return 0;
	}
	if (mark != NULL && !has_word(f->cmdline, mark, strlen(mark))) {
		snprintf(why, whylen, "its command line lacks '%s' (not the "
			 "boot the plan asked for)", mark);
		return 0;
	}
	return 1;
}

/* The number of words of LINE (NULL: none). */
static size_t
count_words(const char *line)
{
	size_t n = 0;

	while (line != NULL && *line != '\0') {
		line += strspn(line, " \t");
		if (*line == '\0')
			break;
		line += strcspn(line, " \t");
		n++;
	}
	return n;
}

int
plan_facts_which(const struct plan *p, const struct plan_facts *f)
{
	char why[256];
	size_t best = 0;
	int found = -1, tie = 0;

	/* The most specific match: a kernel whose words hold another's. */
	for (size_t i = 0; i < p->n_kernels; i++) {
		size_t w = count_words(p->kernels[i].cmdline);

		if (!plan_facts_match(&p->kernels[i], f, NULL, why,
				      sizeof(why)))
			continue;
		if (found >= 0 && w == best) {
			tie = 1;
		} else if (found < 0 || w > best) {
			found = (int)i;
			best = w;
			tie = 0;
		}
	}
	return tie ? -1 : found;
}

uint64_t
plan_random_os(void *unused)
{
	uint64_t v = 0;
	ssize_t n;

	(void)unused;
	/* 8 bytes are never short once the pool is ready; EINTR before. */
	do
		n = getrandom(&v, sizeof(v), 0);
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)sizeof(v))
		return v;
	/* No getrandom (an old kernel): an order needs no secret. */
	v = (uint64_t)clock_mono_ns() + 0x9e3779b97f4a7c15ULL;
	v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ULL;
	v = (v ^ (v >> 27)) * 0x94d049bb133111ebULL;
	return v ^ (v >> 31);
}

int
plan_now_utc(char *buf, size_t len)
{
	char err[64];

	return store_now_utc(buf, len, err, sizeof(err));
}

double
plan_utc_diff(const char *from, const char *to)
{
	struct tm a, b;
	const char *ea, *eb;

	if (from == NULL || to == NULL)
		return NAN;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	ea = strptime(from, "%Y-%m-%dT%H:%M:%SZ", &a);
	eb = strptime(to, "%Y-%m-%dT%H:%M:%SZ", &b);
	if (ea == NULL || eb == NULL || *ea != '\0' || *eb != '\0')
		return NAN;
	return difftime(timegm(&b), timegm(&a));
}

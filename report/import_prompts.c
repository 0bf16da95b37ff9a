/*
 * singleuser's four prompts and its starting time, as a report shows them
 * above its table: the machine's name and configuration (where mmtests
 * answers uname -r), the seconds per test and the disk path.  Answered
 * from a pipe, the prompts stand together on one line with no answers:
 * that line answers nothing.  A mail may move an answer onto the next
 * line.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "xalloc.h"

static const char *const labels[IMPORT_PROMPTS] = {
	[IMPORT_PROMPT_NAME] = "Machine's name",
	[IMPORT_PROMPT_CONFIG] = "Machine's configuration",
	[IMPORT_PROMPT_SECONDS] = "Number of seconds to run each test",
	[IMPORT_PROMPT_PATH] = "Path to disk files",
	[IMPORT_PROMPT_START] = "Starting time",
};

/* The prompt mended line M starts with, or -1. */
static int
prompt_of(const char *m)
{
	for (int k = 0; k < IMPORT_PROMPTS; k++)
		if (strncmp(m, labels[k], strlen(labels[k])) == 0)
			return k;
	return -1;
}

/* M holds a second prompt after its first: prompts answered by a pipe. */
static int
piped(const char *m)
{
	for (int k = 0; k < IMPORT_PROMPT_START; k++) {
		const char *at = strstr(m, labels[k]);

		if (at != NULL && at != m)
			return 1;
	}
	return 0;
}

/*
 * The answer after the prompt on line I of L (M mended, N lines), as
 * written, or the word on the next line when a mail moved it there.
 */
static char *
answer(const struct import_lines *l, char *const *m, size_t n, size_t i,
       size_t *used)
{
	const char *raw = import_unquote(l->text[i]);
	const char *colon = strchr(raw, ':');
	char *a;

	*used = i;
	if (colon == NULL)
		return NULL;
	a = import_strip(colon + 1, strlen(colon + 1));
	if (a[0] == '\0' && i + 1 < n && m[i + 1][0] != '\0' &&
	    prompt_of(m[i + 1]) < 0 && !import_is_dashes(m[i + 1]) &&
	    strchr(m[i + 1], ' ') == NULL) {
		free(a);
		a = xstrdup(m[i + 1]);
		*used = i + 1;
	}
	if (a[0] == '\0') {
		free(a);
		return NULL;
	}
	return a;
}

void
import_prompts_read(const struct import_lines *l, char *const *m,
		    size_t from, size_t to, struct import_prompts *p)
{
	memset(p, 0, sizeof(*p));
	for (size_t i = from; i < to && i < l->n; i++) {
		int k = prompt_of(m[i]);
		size_t used;
		char *a;

		if (k < 0 || piped(m[i]) || p->answer[k] != NULL)
			continue;
		a = answer(l, m, to < l->n ? to : l->n, i, &used);
		if (a == NULL)
			continue;
		p->answer[k] = a;
		p->line[k] = import_no(l, used);
	}
}

void
import_prompts_free(struct import_prompts *p)
{
	for (int k = 0; k < IMPORT_PROMPTS; k++)
		free(p->answer[k]);
}

int
import_prompts_check(const struct import_lines *l, const struct import_prompts *p)
{
	for (int k = 0; k < IMPORT_PROMPTS; k++)
		if (p->answer[k] != NULL && !import_peer_text_ok(p->answer[k]))
			return import_error(l->name, p->line[k],
					    "%s: longer than 256 bytes, control characters or invalid UTF-8",
					    labels[k]);
	return 0;
}

void
import_prompts_apply(const struct import_prompts *p, struct import_report *r)
{
	const char *name = p->answer[IMPORT_PROMPT_NAME];
	const char *config = p->answer[IMPORT_PROMPT_CONFIG];

	if (name != NULL && r->host == NULL)
		r->host = xstrdup(name);
	if (config != NULL && r->configuration == NULL) {
		r->configuration = xstrdup(config);
		r->config_line = (int)p->line[IMPORT_PROMPT_CONFIG];
	}
}

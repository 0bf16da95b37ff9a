/*
 * The rows of what the kernel counted and logged while a result ran
 * (schema 6): each change of its monitors as result_monitor (the source
 * and the name apart: "vmstat" and "pgfault"), and each line of its log
 * as kernel_log, numbered from 1.  Only the forms a reading makes are
 * stored: a name monitor_name_valid() takes, a line of a level of the
 * log whose text tag_printable() leaves as it is.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "store_int.h"
#include "tag.h"

/* Whether L is a line as klog_read() makes them. */
static int
line_valid(const struct klog_line *l)
{
	size_t len = strnlen(l->text, sizeof(l->text));
	char copy[sizeof(l->text)];

	if (l->level < 0 || l->level > 7 || l->facility < 0 || l->usec < 0 ||
	    len == 0 || len == sizeof(l->text))
		return 0;
	memcpy(copy, l->text, len + 1);
	tag_printable(copy);
	return strcmp(copy, l->text) == 0;
}

static int
insert_monitors(struct store *st, int64_t result_id,
		const struct store_result *res)
{
	static const char *const cols[] = {
		"result_id", "source", "name", "value",
	};
	struct db_stmt *stmt = store_cached_bulk(st, STORE_STMT_MONITOR,
						 "result_monitor", cols, 4);
	int rc = stmt != NULL ? 0 : -1;

	for (size_t i = 0; i < res->n_monitors && rc == 0; i++) {
		const struct monitor_val *v = &res->monitors[i];
		const struct monitor_source *src = monitor_source_of(v->name);
		size_t len = strnlen(v->name, sizeof(v->name));
		char source[MONITOR_NAME_MAX];

		if (!monitor_name_valid(v->name, len)) {
			snprintf(st->err, sizeof(st->err), "cannot store "
				 "result %s: a monitor's name is not one a "
				 "reading makes", res->test);
			rc = -2;
			break;
		}
		snprintf(source, sizeof(source), "%s", src->name);
		if (db_bind_int64(stmt, 1, result_id) < 0 ||
		    db_bind_text(stmt, 2, source) < 0 ||
		    db_bind_text(stmt, 3, v->name + strlen(source) + 1) < 0 ||
		    db_bind_int64(stmt, 4, v->value) < 0 ||
		    db_bulk_row(stmt) < 0)
			rc = -1;
	}
	if (rc == 0 && db_bulk_flush(stmt) < 0)
		rc = -1;
	if (rc == -1)
		store_fail_sql(st, "cannot store the monitors of %s", res->test);
	store_stmt_release(st, STORE_STMT_MONITOR);
	return rc < 0 ? -1 : 0;
}

static int
insert_log(struct store *st, int64_t result_id, const struct store_result *res)
{
	static const char *const cols[] = {
		"result_id", "seq", "level", "facility", "usec", "text",
	};
	struct db_stmt *stmt = store_cached_bulk(st, STORE_STMT_KLOG,
						 "kernel_log", cols, 6);
	int rc = stmt != NULL ? 0 : -1;

	for (size_t i = 0; i < res->n_klog && rc == 0; i++) {
		const struct klog_line *l = &res->klog[i];

		if (!line_valid(l)) {
			snprintf(st->err, sizeof(st->err), "cannot store "
				 "result %s: kernel log line %zu is not one "
				 "the log gives", res->test, i + 1);
			rc = -2;
			break;
		}
		if (db_bind_int64(stmt, 1, result_id) < 0 ||
		    db_bind_int64(stmt, 2, (int64_t)i + 1) < 0 ||
		    db_bind_int64(stmt, 3, l->level) < 0 ||
		    db_bind_int64(stmt, 4, l->facility) < 0 ||
		    db_bind_int64(stmt, 5, l->usec) < 0 ||
		    db_bind_text(stmt, 6, l->text) < 0 ||
		    db_bulk_row(stmt) < 0)
			rc = -1;
	}
	if (rc == 0 && db_bulk_flush(stmt) < 0)
		rc = -1;
	if (rc == -1)
		store_fail_sql(st, "cannot store the kernel log of %s",
			       res->test);
	store_stmt_release(st, STORE_STMT_KLOG);
	return rc < 0 ? -1 : 0;
}

int
store_kernel_rows(struct store *st, int64_t result_id,
		  const struct store_result *res)
{
	if (res->n_monitors > 0 && insert_monitors(st, result_id, res) != 0)
		return -1;
	if (res->n_klog > 0 && insert_log(st, result_id, res) != 0)
		return -1;
	return 0;
}

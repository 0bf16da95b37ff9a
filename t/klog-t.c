// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel log (lib/core/klog.h): records of /dev/kmsg parsed, hostile
 * text made printable and cut; a made-up log below $AIM_CHECK_ROOT read
 * from where it ended when opened, only lines of level warning and above
 * kept, a line cut by the end of a write read whole the next time, the
 * lines beyond the room counted; what is refused as a log.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "klog.h"
#include "rmtree.h"
#include "tap.h"

static void
test_parse(void)
{
	struct klog_line l;
	char big[2000];
	int n;

	ok(klog_parse("4,1234,5678,-;WARNING: CPU: 0 PID: 1 at mm/x.c:1", 49,
		      &l), "a record");
	is_int(l.level, 4, "its level");
	is_int(l.facility, 0, "its facility: the kernel");
	is_int(l.usec, 5678, "its stamp");
	is_string(l.text, "WARNING: CPU: 0 PID: 1 at mm/x.c:1", "its text");
	ok(klog_parse("11,1,2,c,more;x", 15, &l) && l.level == 3 &&
	   l.facility == 1, "prio 11: user space, err; more fields");
	ok(!klog_parse(" SUBSYSTEM=pci", 14, &l), "a continuation is not one");
	ok(!klog_parse("4,1,2,-", 7, &l), "no text: not one");
	ok(!klog_parse("x,1,2,-;a", 9, &l), "no prio: not one");
	ok(!klog_parse("99999,1,2,-;a", 13, &l), "a prio out of range");
	ok(klog_parse("3,1,2,-;a\x1b[2J\xe2\x80\xae<b>", 20, &l), "hostile text");
	is_string(l.text, "a?[2J?<b>",
		  "control and bidirectional characters become '?'");
	ok(klog_parse("3,1,2,-;", 8, &l), "an empty text");
	is_string(l.text, "(empty)", "is said to be empty");
	n = snprintf(big, sizeof(big), "2,1,2,-;");
	memset(big + n, 'x', sizeof(big) - (size_t)n);
	ok(klog_parse(big, sizeof(big), &l), "a long record");
	is_int((int64_t)strlen(l.text), KLOG_TEXT_MAX - 1, "is cut");
	is_string(klog_level_name(0), "emerg", "level 0's name");
	is_string(klog_level_name(4), "warning", "level 4's name");
}

static void
append(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_APPEND);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text) ||
	    close(fd) != 0)
		bail("cannot append to %s", path);
}

static void
test_log(const char *dir)
{
	char path[4096];
	struct klog k;
	struct klog_line lines[3];
	size_t n = 0, seen = 0;

	snprintf(path, sizeof(path), "%s/dev/kmsg", dir);
	ok(klog_open(&k) < 0 && errno == ENOENT, "no log: ENOENT");
	{
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);

		if (fd < 0 || write(fd, "4,1,1,-;old\n", 12) != 12 ||
		    close(fd) != 0)
			bail("cannot create %s", path);
	}
	ok(klog_open(&k) == 0, "the made-up log opens");
	ok(klog_read(&k, lines, 3, &n, &seen) == 0 && n == 0 && seen == 0,
	   "what was there before is not read");
	append(path, "6,10,100,-;an info line\n"
	       "4,11,110,-;WARNING: CPU: 1 PID: 42 at fs/x.c:9 f+0x1\n"
	       " SUBSYSTEM=foo\n"
	       "3,12,120,-;BUG: <script>alert(1)</script>\n"
	       "4,13,130,-;cut ");
	ok(klog_read(&k, lines, 3, &n, &seen) == 0, "read what came");
	is_int(n, 2, "two lines of level warning and above");
	is_string(lines[0].text, "WARNING: CPU: 1 PID: 42 at fs/x.c:9 f+0x1",
		  "the warning");
	is_string(lines[1].text, "BUG: <script>alert(1)</script>",
		  "the error, as it was (outputs escape it)");
	append(path, "by the end of a write\n1,14,140,-;one\n0,15,150,-;two\n");
	ok(klog_read(&k, lines, 3, &n, &seen) == 0, "read again");
	is_int(n, 3, "the room is full");
	is_string(lines[2].text, "cut by the end of a write",
		  "a line cut by the end of a write is read whole");
	is_int(seen, 5, "every line is counted, kept or not");
	klog_close(&k);
	ok(unlink(path) == 0 && symlink("/dev/null", path) == 0, "plant a link");
	ok(klog_open(&k) < 0, "a link is never followed");
	ok(unlink(path) == 0 && mkfifo(path, 0600) == 0, "plant a FIFO");
	ok(klog_open(&k) < 0 && errno == EINVAL, "a FIFO is not a log");
	ok(klog_read(&k, lines, 3, &n, &seen) < 0 && errno == EBADF,
	   "a log not open is not read");
}

int
main(void)
{
	char dir[] = "/tmp/aim-klog-XXXXXX", sub[64];

	plan_lazy();
	test_parse();
	if (mkdtemp(dir) == NULL)
		bail("mkdtemp");
	snprintf(sub, sizeof(sub), "%s/dev", dir);
	if (mkdir(sub, 0700) != 0 || setenv("AIM_CHECK_ROOT", dir, 1) != 0)
		bail("the made-up tree");
	test_log(dir);
	(void)rmtree_at(AT_FDCWD, dir);
	return done_testing();
}

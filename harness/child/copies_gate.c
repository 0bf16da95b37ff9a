// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The test process's side of the --copies barrier, apart from the rest
 * of copies.c so that the test program (harness/child/aimrun-test.c) links
 * nothing of the watchers.
 */
#include "config.h"

#include "copies_gate.h"

#include <errno.h>
#include <stdint.h>
#include <unistd.h>

void
copies_gate_pass(const struct copies_gate *g, int ok)
{
	int32_t id = g->copy;
	char c;

	/* Four bytes are written whole; a failure shows as a late copy. */
	if (write(g->ready_fd, &id, sizeof(id)) != (ssize_t)sizeof(id))
		return;
	if (!ok)
		return;
	while (read(g->go_fd, &c, 1) < 0 && errno == EINTR)
		;	/* end of file, or an error: both release */
}

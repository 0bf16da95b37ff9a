// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic signal test: send SIGUSR2 to ourselves with kill() until the
 * handler has counted 1000 deliveries.  setup() installs the handler and
 * teardown() puts back whatever was there before.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "aim_test.h"

enum {
	TRAPS = 1000,
};

/*
 * The one piece of file-scope state: a signal handler can reach nothing
 * else.  volatile sig_atomic_t is what makes the wait loop re-read it;
 * AIM9's plain int let optimisers hoist the load and spin for ever.
 */
static volatile sig_atomic_t traps;

struct signal_state {
	pid_t self;
	struct sigaction old_action;
	sigset_t old_mask;
};

static void
count_trap(int signo)
{
	traps++;
}

/*
 * sigaction without SA_RESETHAND keeps the handler installed, so unlike
 * AIM9's handler, which re-armed itself with signal(), it makes no extra
 * system call per delivery.  SA_RESTART matches glibc's signal().
 */
static enum aim_status
signal_setup(struct aim_ctx *ctx)
{
	struct signal_state *st = malloc(sizeof(*st));
	struct sigaction sa;
	sigset_t usr2;

	if (st == NULL)
		return aim_fail_errno(ctx, "malloc signal state");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = count_trap;
	sa.sa_flags = SA_RESTART;
	if (sigemptyset(&sa.sa_mask) < 0 || sigemptyset(&usr2) < 0 ||
	    sigaddset(&usr2, SIGUSR2) < 0) {
		free(st);
		return aim_fail_errno(ctx, "sigemptyset");
	}
	if (sigaction(SIGUSR2, &sa, &st->old_action) < 0) {
		free(st);
		return aim_fail_errno(ctx, "sigaction SIGUSR2");
	}
	/* A blocked SIGUSR2 would never arrive; unblock it while we run. */
	if (sigprocmask(SIG_UNBLOCK, &usr2, &st->old_mask) < 0) {
		enum aim_status s = aim_fail_errno(ctx, "sigprocmask");

		/* Best effort: the failure being reported matters more. */
		(void)sigaction(SIGUSR2, &st->old_action, NULL);
		free(st);
		return s;
	}
	st->self = getpid();
	aim_ctx_set_data(ctx, st);
	return AIM_OK;
}

/*
 * A signal sent to oneself and not blocked is delivered before kill()
 * returns, so one kill() is one trap; a kill() that delivers nothing means
 * something else is holding the signal, and waiting would never end.
 */
static enum aim_status
signal_test_run(struct aim_ctx *ctx)
{
	const struct signal_state *st = aim_ctx_data(ctx);

	traps = 0;
	while (traps < TRAPS) {
		sig_atomic_t before = traps;

		if (kill(st->self, SIGUSR2) < 0)
			return aim_fail_errno(ctx, "kill SIGUSR2");
		if (traps == before)
			return aim_fail(ctx, "signal_test: SIGUSR2 not "
					"delivered after %d traps",
					(int)before);
	}
	aim_sink_u64((uint64_t)traps);
	return AIM_OK;
}

static void
signal_teardown(struct aim_ctx *ctx)
{
	struct signal_state *st = aim_ctx_data(ctx);

	if (st == NULL)
		return;
	/* Teardown cannot fail, and nothing could be done if these did. */
	(void)sigprocmask(SIG_SETMASK, &st->old_mask, NULL);
	(void)sigaction(SIGUSR2, &st->old_action, NULL);
	free(st);
	aim_ctx_set_data(ctx, NULL);
}

const struct aim_test aim_test_signal_test = {
	.info = &catalog_tests[CATALOG_SIGNAL_TEST],
	.needs = AIM_NEEDS_NOTHING,
	.no_threads = "installs a signal handler, of which a process has one per signal",
	.setup = signal_setup,
	.run = signal_test_run,
	.teardown = signal_teardown,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Two commands in lockstep on one CPU: each runs, with every process it
 * starts, only in its own slices of SLICE_MS, the two taking turns
 * (SIGCONT, then SIGSTOP at the slice's end), so both meet the same
 * moments of the host and get the same share of the wall clock.  A rate
 * each measures over the wall clock is then half its rate alone, and the
 * ratio of the two is what the commands differ by, not what the host did
 * between them (bench/side-by-side.sh, SBS_LOCKSTEP).  When one command
 * has ended, lockstep itself spins through its slices on the same CPU, so
 * the other keeps the same share and meets the same competition: left
 * idle, those slices would go to whatever else runs there, which then
 * leaves the remaining command more of its own slices than before.
 *
 *   lockstep SLICE_MS FIRST OUT1 OUT2 -- CMD1 [ARG...] -- CMD2 [ARG...]
 *
 * FIRST (1 or 2) is the command that gets the first slice; each command's
 * standard output goes to a new file OUT1 or OUT2.  Both, and lockstep,
 * run on the CPU lockstep started on.  Exit 0 if both exited 0, else 1
 * with a line saying which did not.  Prints nothing else; asserts nothing.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "parse.h"

#define MAX_TREE 64	/* processes of one command at a time */

struct side {
	pid_t pid;	/* the command's own process */
	int live;	/* not yet reaped */
	int status;	/* its wait status once reaped */
	char **argv;
};

static void
die(const char *what)
{
	fprintf(stderr, "lockstep: %s: %s\n", what, strerror(errno));
	exit(2);
}

/*
 * PID and its descendants into TREE (at most MAX_TREE), through each
 * one's main thread's list of children (the commands here fork from
 * their main thread); those that are gone are simply not found.
 */
static size_t
tree_of(pid_t pid, pid_t *tree)
{
	size_t n = 1;

	tree[0] = pid;
	for (size_t i = 0; i < n; i++) {
		char path[64];
		long child;
		FILE *f;

		snprintf(path, sizeof(path), "/proc/%d/task/%d/children",
			 (int)tree[i], (int)tree[i]);
		f = fopen(path, "re");
		if (f == NULL)
			continue;
		while (n < MAX_TREE && fscanf(f, "%ld", &child) == 1)
			tree[n++] = (pid_t)child;
		if (fclose(f) != 0)
			die(path);
	}
	return n;
}

/* SIG to the side's process and all it started; ESRCH: already gone. */
static void
signal_tree(const struct side *s, int sig)
{
	pid_t tree[MAX_TREE];
	size_t n = tree_of(s->pid, tree);

	for (size_t i = 0; i < n; i++)
		if (kill(tree[i], sig) != 0 && errno != ESRCH)
			die("kill");
}

/* This process on CPU: its spinning and its signals stay there. */
static void
pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0)
		die("sched_setaffinity");
}

/*
 * Start ARGV stopped (on lockstep's CPU), its output to a new file OUT:
 * the child stops itself before exec, so no instruction of the command
 * runs before its first slice.  -1 if it did not start (the child has
 * said why, or this says it).
 */
static int
side_start(struct side *s, const char *out)
{
	int fd, status;

	s->pid = fork();
	if (s->pid < 0)
		die("fork");
	if (s->pid == 0) {
		fd = open(out, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			  O_CLOEXEC, 0644);
		if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0 || raise(SIGSTOP) != 0)
			die(out);
		execvp(s->argv[0], s->argv);
		die(s->argv[0]);
	}
	if (waitpid(s->pid, &status, WUNTRACED) != s->pid)
		die("waitpid");
	if (WIFEXITED(status))	/* the child said why */
		return -1;
	if (!WIFSTOPPED(status)) {
		fprintf(stderr, "lockstep: %s: did not start\n", s->argv[0]);
		return -1;
	}
	s->live = 1;
	return 0;
}

/* Reap the side's process if it has ended. */
static void
side_poll(struct side *s)
{
	pid_t r = waitpid(s->pid, &s->status, WNOHANG);

	if (r < 0)
		die("waitpid");
	if (r == s->pid)
		s->live = 0;
}

/* 1 if the monotonic clock has reached AT. */
static int
reached(const struct timespec *at)
{
	struct timespec now;

	if (clock_gettime(CLOCK_MONOTONIC, &now) != 0)
		die("clock_gettime");
	return now.tv_sec > at->tv_sec ||
	       (now.tv_sec == at->tv_sec && now.tv_nsec >= at->tv_nsec);
}

/* Sleep, or with SPIN busy-wait, until *AT; then move it on by SLICE_NS. */
static void
slice_wait(struct timespec *at, long slice_ns, int spin)
{
	int err = 0;

	if (spin)
		while (!reached(at))
			;
	else
		while ((err = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME,
					      at, NULL)) == EINTR)
			;
	if (err != 0) {
		errno = err;
		die("clock_nanosleep");
	}
	at->tv_nsec += slice_ns;
	at->tv_sec += at->tv_nsec / 1000000000;
	at->tv_nsec %= 1000000000;
}

static void
run(struct side *s, long slice_ns, int first)
{
	struct timespec at;

	if (clock_gettime(CLOCK_MONOTONIC, &at) != 0)
		die("clock_gettime");
	while (s[0].live || s[1].live) {
		for (int k = 0; k < 2; k++) {
			int i = (first + k) % 2;

			if (s[i].live)
				signal_tree(&s[i], SIGCONT);
			slice_wait(&at, slice_ns, !s[i].live);
			if (!s[i].live)
				continue;
			signal_tree(&s[i], SIGSTOP);
			side_poll(&s[i]);
		}
	}
}

/* ARGV from I to the next "--" or the end; I past it. */
static char **
command_at(char **argv, int argc, int *i)
{
	char **cmd = &argv[*i];

	while (*i < argc && strcmp(argv[*i], "--") != 0)
		(*i)++;
	if (*i < argc)
		argv[(*i)++] = NULL;
	return cmd;
}

int
main(int argc, char **argv)
{
	struct side s[2];
	long slice_ms, first;
	int i = 6, cpu = sched_getcpu(), bad = 0;

	if (argc < 8 || strcmp(argv[5], "--") != 0 ||
	    parse_long(argv[1], 1, 1000, &slice_ms) != 0 ||
	    parse_long(argv[2], 1, 2, &first) != 0) {
		fprintf(stderr, "usage: lockstep SLICE_MS FIRST OUT1 OUT2 -- "
			"CMD1 [ARG...] -- CMD2 [ARG...] (SLICE_MS 1 to 1000, "
			"FIRST 1 or 2)\n");
		return 1;
	}
	if (cpu < 0)
		die("sched_getcpu");
	pin(cpu);
	s[0].argv = command_at(argv, argc, &i);
	s[1].argv = command_at(argv, argc, &i);
	if (s[0].argv[0] == NULL || s[1].argv[0] == NULL) {
		fprintf(stderr, "lockstep: two commands, each after a --\n");
		return 1;
	}
	if (side_start(&s[0], argv[3]) != 0)
		return 2;
	if (side_start(&s[1], argv[4]) != 0) {
		/* Not left stopped behind: killed and reaped. */
		if (kill(s[0].pid, SIGKILL) != 0 ||
		    waitpid(s[0].pid, &s[0].status, 0) != s[0].pid)
			die("kill");
		return 2;
	}
	run(s, slice_ms * 1000000, (int)first - 1);
	for (int k = 0; k < 2; k++) {
		if (WIFEXITED(s[k].status) && WEXITSTATUS(s[k].status) == 0)
			continue;
		fprintf(stderr, "lockstep: %s: %s %d\n", s[k].argv[0],
			WIFEXITED(s[k].status) ? "exit" : "signal",
			WIFEXITED(s[k].status) ? WEXITSTATUS(s[k].status)
					       : WTERMSIG(s[k].status));
		bad = 1;
	}
	return bad;
}

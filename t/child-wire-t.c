// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The configuration block a test process reads (harness/child/child_wire.c):
 * what aimrun packs comes back whole, and the test process refuses a
 * block with any field out of range, an unterminated name, an unknown
 * test or a descriptor it does not hold.  The IPC table reaches it
 * through its memfd, checked for size.
 */
#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "child_wire.h"
#include "ctx.h"
#include "ctx_ipc.h"
#include "tap.h"

struct fixture {
	struct child_cfg cfg;
	struct perf_plan plan;
	struct copies_gate gate;
	int pfd[2], ipc_fd, scratch_fd;
	struct child_wire good;
};

static void
fixture_init(struct fixture *f)
{
	memset(f, 0, sizeof(*f));
	if (pipe(f->pfd) != 0 || (f->scratch_fd = open(".", O_RDONLY)) < 0)
		bail("pipe or open");
	f->ipc_fd = memfd_create("t", 0);
	if (f->ipc_fd < 0)
		bail("memfd_create");
	timing_cfg_default(&f->cfg.timing, 50000000);
	f->cfg.scratch = "/tmp/aim-scratch.x";
	f->cfg.scratch_fd = f->scratch_fd;
	f->cfg.datadir = "/usr/share/aimkit/data";
	f->cfg.filesize_k = 64;
	f->cfg.memsize = 1UL << 20;
	f->cfg.zerosize = 1UL << 23;
	f->cfg.pin = 2;
	f->cfg.per_call = 1;
	f->cfg.threads = 5;
	f->plan = (struct perf_plan){ .want = 0x3f, .grouped = 1 };
	f->cfg.counters = &f->plan;
	f->gate = (struct copies_gate){ .ready_fd = f->pfd[1],
					.go_fd = f->pfd[0], .copy = 3 };
	f->cfg.gate = &f->gate;
	if (child_wire_pack(&f->good, aim_test_find("fork_test"), &f->cfg,
			    f->pfd[1], f->ipc_fd) != 0)
		bail("pack");
}

static void
round_trip(struct fixture *f)
{
	struct child_wire w = f->good;
	struct child_unpacked u;
	char err[160] = "";

	is_int(child_wire_unpack(&w, &u, err, sizeof(err)), 0,
	       "a packed block unpacks (%s)", err);
	ok(u.test == aim_test_find("fork_test"), "the test");
	is_string(u.cfg.scratch, f->cfg.scratch, "scratch");
	is_string(u.cfg.datadir, f->cfg.datadir, "datadir");
	ok(u.cfg.scratch_fd == f->scratch_fd && u.result_fd == f->pfd[1] &&
	   u.ipc_fd == f->ipc_fd, "descriptors");
	ok(u.cfg.timing.duration_ns == f->cfg.timing.duration_ns &&
	   u.cfg.timing.warmup_ns == f->cfg.timing.warmup_ns &&
	   u.cfg.timing.samples == f->cfg.timing.samples &&
	   u.cfg.timing.batch_ns == f->cfg.timing.batch_ns, "timing");
	ok(u.cfg.filesize_k == 64 && u.cfg.memsize == 1UL << 20 &&
	   u.cfg.zerosize == 1UL << 23 &&
	   u.cfg.pin == 2 && u.cfg.per_call == 1, "sizes, pin, latency");
	is_int(u.cfg.threads, 5, "threads");
	ok(u.cfg.counters != NULL && u.cfg.counters->want == 0x3f &&
	   u.cfg.counters->grouped == 1, "counters plan");
	ok(u.cfg.gate != NULL && u.cfg.gate->ready_fd == f->pfd[1] &&
	   u.cfg.gate->go_fd == f->pfd[0] && u.cfg.gate->copy == 3, "gate");
}

/* Each change makes the block one the test process must refuse. */
static void
refusals(const struct fixture *f)
{
	static const char *const what[] = {
		"magic", "size", "unterminated test name", "unknown test",
		"unterminated scratch", "duration 0", "negative warm-up",
		"no samples", "a flag of 2", "an unknown counter", "CPU -1",
		"copy -1", "size beyond 64G", "a closed result descriptor",
		"stdout as result descriptor", "a scratch descriptor without "
		"a scratch directory", "a gate half set", "batch 0",
		"a zero-page size beyond 1T", "threads -1",
		"more threads than copies",
	};
	int n = (int)(sizeof(what) / sizeof(what[0]));

	for (int i = 0; i < n; i++) {
		struct child_wire w = f->good;
		struct child_unpacked u;
		char err[160] = "";

		switch (i) {
		case 0: w.magic ^= 1; break;
		case 1: w.size--; break;
		case 2: memset(w.test, 'a', sizeof(w.test)); break;
		case 3: strcpy(w.test, "no_such_test"); break;
		case 4: memset(w.scratch, 'a', sizeof(w.scratch)); break;
		case 5: w.duration_ns = 0; break;
		case 6: w.warmup_ns = -1; break;
		case 7: w.samples = 0; break;
		case 8: w.samples_fixed = 2; break;
		case 9: w.counters_want = 1u << PERF_EVENTS; break;
		case 10: w.pin = -1; break;
		case 11: w.copy = -1; break;
		case 12: w.filesize_k = 64ULL * 1024 * 1024 + 1; break;
		case 13: w.result_fd = 1000; break;
		case 14: w.result_fd = STDOUT_FILENO; break;
		case 15: w.scratch[0] = '\0'; break;
		case 16: w.go_fd = -1; break;
		case 17: w.batch_ns = 0; break;
		case 18: w.zerosize = (1ULL << 40) + 1; break;
		case 19: w.threads = -1; break;
		case 20: w.threads = COPIES_MAX + 1; break;
		}
		ok(child_wire_unpack(&w, &u, err, sizeof(err)) == -1 &&
		   err[0] != '\0', "refused: %s (%s)", what[i], err);
	}
}

static void
ipc_table(void)
{
	int fd, other;
	struct ctx_ipc *a = ctx_ipc_new(&fd), *b;

	ok(a != NULL && fd >= 0, "an IPC table with its descriptor");
	if (a == NULL)
		return;
	b = ctx_ipc_attach(fd);
	ok(b != NULL, "attached through the descriptor");
	if (b != NULL) {
		b->held[1] = 42;
		is_int((int64_t)a->held[1], 42, "one table, seen from both");
		ctx_ipc_free(b, -1);
	}
	other = memfd_create("t", 0);
	ok(other >= 0 && ftruncate(other, 1) == 0 &&
	   ctx_ipc_attach(other) == NULL, "a file of another size is refused");
	(void)close(other);
	ctx_ipc_free(a, fd);
}

int
main(void)
{
	struct fixture f;

	plan_lazy();
	fixture_init(&f);
	round_trip(&f);
	refusals(&f);
	ipc_table();
	return done_testing();
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's monitors (lib/core/monitor.h): each file of the table read
 * from made-up text, hostile names made safe and numbers checked; the
 * changes between two readings of a made-up /proc below $AIM_CHECK_ROOT,
 * summed over several; what is refused as a file; and the timed loop's
 * span, which reads them once before the warm-up and once after the
 * last sample.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "ctx.h"
#include "monitor.h"
#include "rmtree.h"
#include "tap.h"
#include "timing.h"

/* The value of NAME in V, or -1 when it is not there. */
static int64_t
val(const struct monitor_vals *v, const char *name)
{
	for (size_t i = 0; i < v->n; i++)
		if (strcmp(v->v[i].name, name) == 0)
			return v->v[i].value;
	return -1;
}

static void
parse(int src, const char *text, struct monitor_vals *out)
{
	char *copy = strdup(text);

	memset(out, 0, sizeof(*out));
	monitor_parse(monitor_sources[src], copy, out);
	free(copy);
}

static void
test_vmstat(void)
{
	struct monitor_vals v;

	parse(0, "nr_free_pages 1989143\npgfault 123\npgalloc_normal 77\n"
	      "toolong 1234567890123456789\nbroken\nspace  \npgfault 1\n", &v);
	is_int(val(&v, "vmstat.pgfault"), 124, "vmstat: a name twice is summed");
	is_int(val(&v, "vmstat.pgalloc_normal"), 77, "vmstat: pgalloc_normal");
	is_int(val(&v, "vmstat.nr_free_pages"), 1989143, "vmstat: a level");
	is_int(val(&v, "vmstat.toolong"), -1,
	       "vmstat: a number of 19 digits is not kept");
	is_int(v.n, 3, "vmstat: lines without a number are left out");
	ok(strcmp(v.v[0].name, v.v[1].name) < 0 &&
	   strcmp(v.v[1].name, v.v[2].name) < 0, "vmstat: sorted by name");
	monitor_vals_free(&v);
}

static void
test_interrupts(void)
{
	struct monitor_vals v;

	parse(1, "           CPU0       CPU1       \n"
	      " 24:          2          3  IO-APIC   5-edge      ACPI:Ged\n"
	      " 26:          0          2  IO-APIC   4-edge      ttyS0   \n"
	      " 30:          1          1  PCI-MSI  eth0 <b>\x1b[31m;rm\n"
	      "NMI:          4          5   Non-maskable interrupts\n"
	      "LOC:     100000     200000   Local timer interrupts\n"
	      "ERR:          7\n"
	      " 99:\n", &v);
	is_int(val(&v, "interrupts.24:ACPI:Ged"), 5,
	       "interrupts: a line summed over the CPUs, named by its device");
	is_int(val(&v, "interrupts.26:ttyS0"), 2,
	       "interrupts: trailing blanks are not the device");
	is_int(val(&v, "interrupts.LOC"), 300000, "interrupts: LOC");
	is_int(val(&v, "interrupts.ERR"), 7, "interrupts: a line of one count");
	is_int(val(&v, "interrupts.30:_b___31m_rm"), 2,
	       "interrupts: a hostile device name keeps only safe bytes");
	is_int(v.n, 6, "interrupts: a line without counts is left out");
	for (size_t i = 0; i < v.n; i++)
		ok(monitor_name_valid(v.v[i].name, strlen(v.v[i].name)),
		   "interrupts: %s is a valid name", v.v[i].name);
	monitor_vals_free(&v);
}

static void
test_softirqs_schedstat_slab(void)
{
	struct monitor_vals v;

	parse(2, "                    CPU0       CPU1\n"
	      "          HI:          0          1\n"
	      "       TIMER:     854191     474561\n", &v);
	is_int(val(&v, "softirqs.TIMER"), 854191 + 474561, "softirqs: TIMER");
	is_int(val(&v, "softirqs.HI"), 1, "softirqs: HI");
	monitor_vals_free(&v);
	parse(3, "version 15\ntimestamp 4295\n"
	      "cpu0 1 0 10 5 20 15 1000 300 8\n"
	      "domain0 03 1 2 3 4 5 6 7 8 9 10 11 12 13 14\n"
	      "cpu1 2 0 30 5 40 15 3000 700 12\n", &v);
	is_int(val(&v, "schedstat.run_delay_ns"), 1000,
	       "schedstat: run delay summed over the CPUs");
	is_int(val(&v, "schedstat.ttwu_count"), 60, "schedstat: wake-ups");
	is_int(val(&v, "schedstat.legacy"), -1,
	       "schedstat: the always-zero field is left out");
	is_int(v.n, 8, "schedstat: 8 fields, the domains left out");
	monitor_vals_free(&v);
	parse(3, "version 15\ncpu0 1 2\n", &v);
	is_int(v.n, 0, "schedstat: a short cpu line gives nothing");
	monitor_vals_free(&v);
	parse(4, "slabinfo - version: 2.1\n"
	      "# name <active_objs> <num_objs> ...\n"
	      "dentry 1200 1300 192 21 1 : tunables 0 0 0 : slabdata 60 60 0\n"
	      "kmalloc-rcl-96 5 42 96 42 1 : tunables 0 0 0\n", &v);
	is_int(val(&v, "slabinfo.dentry"), 1200, "slabinfo: active objects");
	is_int(val(&v, "slabinfo.kmalloc-rcl-96"), 5, "slabinfo: a dashed name");
	is_int(v.n, 2, "slabinfo: the headers are left out");
	monitor_vals_free(&v);
}

static void
test_names(void)
{
	struct monitor_val v[4] = {
		{ "vmstat.b", 1 }, { "vmstat.a", 2 }, { "vmstat.b", 3 },
		{ "vmstat.c", 4 },
	};
	char longer[MONITOR_NAME_MAX + 8];

	ok(monitor_name_valid("vmstat.pgfault", 14), "vmstat.pgfault is valid");
	ok(monitor_name_valid("interrupts.24:ACPI:Ged", 22), "a device name");
	ok(!monitor_name_valid("vmstat.", 7), "a source alone is not");
	ok(!monitor_name_valid("nosuch.x", 8), "an unknown source is not");
	ok(!monitor_name_valid("vmstat.a b", 10), "a blank is not");
	ok(!monitor_name_valid("vmstat.a\0b", 10), "a NUL is not");
	ok(!monitor_name_valid("vmstat.<b>", 10), "markup is not");
	memset(longer, 'a', sizeof(longer));
	memcpy(longer, "vmstat.", 7);
	ok(!monitor_name_valid(longer, MONITOR_NAME_MAX),
	   "a name of MONITOR_NAME_MAX bytes is not");
	ok(monitor_source_of("softirqs.TIMER") == monitor_sources[2],
	   "the source of a name");
	is_int(monitor_unique(v, 4), 3, "a name twice is kept once");
	is_string(v[0].name, "vmstat.a", "and sorted");
}

static FILE *
create(const char *path)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		bail("cannot write %s", path);
	return f;
}

/* A made-up tree below DIR: the four readable files of the table. */
static void
plant(const char *dir, long faults, long loc, int slab)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/vmstat", dir);
	f = create(path);
	fprintf(f, "nr_free_pages 500\npgfault %ld\npgmajfault 3\n", faults);
	fclose(f);
	snprintf(path, sizeof(path), "%s/proc/interrupts", dir);
	f = create(path);
	fprintf(f, "  CPU0\nLOC: %ld Local timer interrupts\n", loc);
	fclose(f);
	snprintf(path, sizeof(path), "%s/proc/softirqs", dir);
	f = create(path);
	fprintf(f, "  CPU0\nTIMER: 9\n");
	fclose(f);
	snprintf(path, sizeof(path), "%s/proc/slabinfo", dir);
	(void)unlink(path);
	if (slab) {
		f = create(path);
		fprintf(f, "slabinfo - version: 2.1\nnew_cache 4 4 64 1 1\n");
		fclose(f);
	}
}

static int64_t
change(struct monitor *m, const char *name)
{
	size_t n;
	const struct monitor_val *v = monitor_changes(m, &n);

	for (size_t i = 0; v != NULL && i < n; i++)
		if (strcmp(v[i].name, name) == 0)
			return v[i].value;
	return 0;
}

static void
test_readings(const char *dir)
{
	struct monitor m;
	char path[4096], probe[64];
	size_t n;

	plant(dir, 1000, 50, 0);
	ok(monitor_open(&m) == 1, "the made-up tree is read");
	monitor_probe(probe, sizeof(probe));
	is_string(probe, "vmstat,interrupts,softirqs",
		  "the fact names the sources that read");
	ok(monitor_changes(&m, &n) == NULL, "no changes before an end");
	monitor_begin(&m);
	plant(dir, 1600, 57, 1);
	monitor_end(&m);
	ok(monitor_changes(&m, &n) == NULL, "no changes before a span is kept");
	monitor_keep(&m);
	is_int(change(&m, "vmstat.pgfault"), 600, "the change of pgfault");
	is_int(change(&m, "interrupts.LOC"), 7, "the change of LOC");
	ok(monitor_changes(&m, &n) != NULL && n == 2,
	   "unchanged values and a source opened later are left out");
	/* A timed command: the changes of each run summed. */
	monitor_begin(&m);
	plant(dir, 1650, 60, 0);
	monitor_end(&m);
	monitor_keep(&m);
	is_int(change(&m, "vmstat.pgfault"), 650, "summed over two spans");
	/* A failed run of a timed command: its span is not kept. */
	monitor_begin(&m);
	plant(dir, 1700, 60, 0);
	monitor_end(&m);
	is_int(change(&m, "vmstat.pgfault"), 650, "a span not kept adds nothing");
	snprintf(path, sizeof(path), "%s/proc/vmstat", dir);
	(void)unlink(path);
	monitor_begin(&m);
	ok(monitor_changes(&m, &n) == NULL,
	   "a reading that fails leaves no changes to give");
	monitor_close(&m);
	/* What is not a regular file is not read. */
	ok(symlink("interrupts", path) == 0, "plant a link");
	ok(monitor_open(&m) == 1, "the rest is read");
	monitor_probe(probe, sizeof(probe));
	is_string(probe, "interrupts,softirqs", "a link is never followed");
	monitor_close(&m);
	(void)unlink(path);
	ok(mkfifo(path, 0600) == 0, "plant a FIFO");
	monitor_probe(probe, sizeof(probe));
	is_string(probe, "interrupts,softirqs", "a FIFO is not read (nor waited on)");
	(void)unlink(path);
	snprintf(path, sizeof(path), "%s/proc", dir);
	ok(rmtree_at(AT_FDCWD, path) == 0, "an empty root");
	monitor_probe(probe, sizeof(probe));
	is_string(probe, "none", "no source: none");
}

/* The span of the timed loop, as the test process opens it. */
struct order {
	struct aim_clock *clk;
	char s[64];
	size_t n;
};

static void
put(struct order *o, char c)
{
	if (o->n + 1 < sizeof(o->s))
		o->s[o->n++] = c;
}

static void
m_start(void *st)
{
	put(st, '+');
}

static void
m_stop(void *st, struct measure_sample *s)
{
	(void)s;
	put(st, '-');
}

static void
s_begin(void *st)
{
	put(st, '[');
}

static void
s_end(void *st)
{
	put(st, ']');
}

static enum aim_status
fake_run(struct aim_ctx *ctx)
{
	struct order *o = aim_ctx_data(ctx);

	o->clk->fake_ns += 1000000;
	return AIM_OK;
}

static const struct aim_test fake_test = {
	.info = &(const struct catalog_test){
		.number = 99, .name = "fake", .units = "Fakes/second",
		.factor = 1,
	},
	.run = fake_run,
};

static int
count(void *arg, const struct measure_sample *s)
{
	struct order *o = arg;

	put(o, s->seq == 0 ? 'w' : 's');
	return 0;
}

static void
test_span(void)
{
	struct aim_clock clk;
	struct order o = { .clk = &clk };
	struct timing_meter meter = { m_start, m_stop, &o };
	struct timing_span span = { s_begin, s_end, &o };
	struct timing_cfg cfg = { .warmup_ns = 10000000,
				  .duration_ns = 30000000, .samples = 3,
				  .batch_ns = 20000, .meters = &meter,
				  .n_meters = 1, .span = &span };
	struct timing_result res;
	struct aim_ctx ctx;

	clock_init_fake(&clk, 5000, 7);
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &o);
	is_int(timing_run(&fake_test, &ctx, &clk, &cfg, count, &o, &res),
	       AIM_OK, "the loop with a span ends ok");
	o.s[o.n] = '\0';
	is_string(o.s, "[w+-s+-s+-s+]",
		  "the span opens before the warm-up and closes after the last sample");
}

int
main(void)
{
	char dir[] = "/tmp/aim-monitor-XXXXXX", proc[64];

	plan_lazy();
	test_vmstat();
	test_interrupts();
	test_softirqs_schedstat_slab();
	test_names();
	if (mkdtemp(dir) == NULL)
		bail("mkdtemp");
	snprintf(proc, sizeof(proc), "%s/proc", dir);
	if (mkdir(proc, 0700) != 0 || setenv("AIM_CHECK_ROOT", dir, 1) != 0)
		bail("the made-up tree");
	test_readings(dir);
	test_span();
	(void)rmtree_at(AT_FDCWD, dir);
	return done_testing();
}

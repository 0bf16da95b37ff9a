// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The list of environment keys stored with every run and where each comes
 * from.  Facts that cannot be read become "unknown" rather than errors: a
 * container without /sys still deserves its results.
 */
#include "config.h"

#include "env.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "env_sys.h"
#include "record.h"
#include "xalloc.h"

#define ENV_UNKNOWN "unknown"
#define ENV_CPU_DIR "/sys/devices/system/cpu"

/* The env being filled, its capacity and where /proc and /sys live. */
struct env_fill {
	struct env *env;
	size_t cap;
	const char *root;
};

/*
 * A copy of VALUE in the form every path carries (record_text_fit): what
 * the machine says may hold any byte, and a run is stored whatever it is.
 */
static char *
fitted(const char *value)
{
	char *v = xstrdup(value);

	record_text_fit(v);
	return v;
}

/* Add KEY with a copy of VALUE, or "unknown" when VALUE is NULL or empty. */
static void
put(struct env_fill *f, const char *key, const char *value)
{
	struct env *env = f->env;

	if (value == NULL || *value == '\0')
		value = ENV_UNKNOWN;
	if (env->n == f->cap) {
		f->cap = f->cap != 0 ? 2 * f->cap : 32;
		env->kv = xrealloc(env->kv, f->cap * sizeof(*env->kv));
	}
	env->kv[env->n].key = xstrdup(key);
	env->kv[env->n].value = fitted(value);
	env->n++;
}

/* KEY from the first line of PATH, or FALLBACK when it cannot be read. */
static void
put_line(struct env_fill *f, const char *key, const char *path,
	 const char *fallback)
{
	char buf[8192];

	put(f, key, envsys_line(f->root, path, buf, sizeof(buf)) == 0 ?
		    buf : fallback);
}

static void
put_uname(struct env_fill *f)
{
	struct utsname u;
	char host[HOST_NAME_MAX + 1];
	int ok = uname(&u) == 0;

	put(f, "uname.sysname", ok ? u.sysname : NULL);
	put(f, "uname.release", ok ? u.release : NULL);
	put(f, "uname.version", ok ? u.version : NULL);
	put(f, "uname.machine", ok ? u.machine : NULL);
	/* gethostname may not terminate a name that was cut short. */
	host[sizeof(host) - 1] = '\0';
	put(f, "hostname", gethostname(host, sizeof(host) - 1) == 0 ?
		    host : NULL);
}

/*
 * "model name" is x86's and most others' name; POWER says "cpu" and
 * some MIPS and ARM kernels "cpu model".
 */
static void
put_cpu(struct env_fill *f)
{
	static const char *const model_fields[] = {
		"model name", "cpu model", "cpu",
	};
	char buf[256];
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	size_t i;
	int found = 0;

	for (i = 0; !found && i < sizeof(model_fields) / sizeof(*model_fields);
	     i++)
		found = envsys_field(f->root, "/proc/cpuinfo", model_fields[i],
				     buf, sizeof(buf)) == 0;
	put(f, "cpu.model", found ? buf : NULL);
	snprintf(buf, sizeof(buf), "%ld", online);
	put(f, "cpu.count_online", online > 0 ? buf : NULL);
	put(f, "cpu.microcode",
	    envsys_field(f->root, "/proc/cpuinfo", "microcode", buf,
			 sizeof(buf)) == 0 ? buf : NULL);
}

/* MemTotal is in KiB ("16318480 kB"); stored in bytes. */
static void
put_memory(struct env_fill *f)
{
	char buf[64], *end;
	unsigned long long kib;

	if (envsys_field(f->root, "/proc/meminfo", "MemTotal", buf,
			 sizeof(buf)) < 0) {
		put(f, "mem.total_bytes", NULL);
		return;
	}
	errno = 0;
	kib = strtoull(buf, &end, 10);
	if (errno != 0 || end == buf || strcmp(end, " kB") != 0 ||
	    kib > ULLONG_MAX / 1024) {
		put(f, "mem.total_bytes", NULL);
		return;
	}
	snprintf(buf, sizeof(buf), "%llu", kib * 1024ULL);
	put(f, "mem.total_bytes", buf);
}

/*
 * Boost is "1" = allowed in the generic cpufreq file, but intel_pstate
 * says the opposite ("no_turbo" 1 = off); both become "on"/"off".
 */
static void
put_boost(struct env_fill *f)
{
	char buf[16];
	const char *value = NULL;

	if (envsys_line(f->root, ENV_CPU_DIR "/cpufreq/boost", buf,
			sizeof(buf)) == 0)
		value = strcmp(buf, "1") == 0 ? "on" :
			strcmp(buf, "0") == 0 ? "off" : NULL;
	else if (envsys_line(f->root, ENV_CPU_DIR "/intel_pstate/no_turbo",
			     buf, sizeof(buf)) == 0)
		value = strcmp(buf, "1") == 0 ? "off" :
			strcmp(buf, "0") == 0 ? "on" : NULL;
	put(f, "cpufreq.boost", value);
}

static void
put_policy(struct env_fill *f)
{
	char buf[64];
	char *mitigations;

	put_line(f, "cpufreq.governor",
		 ENV_CPU_DIR "/cpu0/cpufreq/scaling_governor", "none");
	put_boost(f);
	put_line(f, "smt.active", ENV_CPU_DIR "/smt/active", NULL);
	put(f, "thp.enabled",
	    envsys_choice(f->root, "/sys/kernel/mm/transparent_hugepage/enabled",
			  buf, sizeof(buf)) == 0 ? buf : NULL);
	put(f, "thp.defrag",
	    envsys_choice(f->root, "/sys/kernel/mm/transparent_hugepage/defrag",
			  buf, sizeof(buf)) == 0 ? buf : NULL);
	put_line(f, "thp.use_zero_page",
		 "/sys/kernel/mm/transparent_hugepage/use_zero_page", NULL);
	put_line(f, "kernel.randomize_va_space",
		 "/proc/sys/kernel/randomize_va_space", NULL);
	mitigations = envsys_dir_summary(f->root,
					 ENV_CPU_DIR "/vulnerabilities");
	put(f, "mitigations", mitigations);
	free(mitigations);
}

static void
put_scratch(struct env_fill *f, const char *scratch_dir)
{
	char name[32];
	char *real;
	struct statfs sf;

	if (scratch_dir == NULL) {
		put(f, "scratch.fstype", NULL);
		put(f, "scratch.dir", NULL);
		return;
	}
	put(f, "scratch.fstype", statfs(scratch_dir, &sf) == 0 ?
		    envsys_fstype((unsigned long)sf.f_type, name,
				  sizeof(name)) : NULL);
	/* The resolved path names the file system actually measured. */
	real = realpath(scratch_dir, NULL);
	put(f, "scratch.dir", real != NULL ? real : scratch_dir);
	free(real);
}

/*
 * Automake puts the tests' own -O2 before the configured CFLAGS on their
 * command line, so the value lists them in that order: a later -O wins.
 */
static void
put_build(struct env_fill *f)
{
	put(f, "cc.version", AIM_CC_VERSION);
	put(f, "cflags", "-O2 " AIM_CFLAGS);
	put(f, "aimkit.version", PACKAGE_VERSION);
}

int
env_capture_at(struct env *env, const char *root, const char *scratch_dir)
{
	struct env_fill f = { env, 0, root != NULL ? root : "" };

	if (env == NULL) {
		errno = EINVAL;
		return -1;
	}
	env->kv = NULL;
	env->n = 0;
	put_uname(&f);
	put_line(&f, "kernel.cmdline", "/proc/cmdline", NULL);
	put_line(&f, "boot_id", "/proc/sys/kernel/random/boot_id", NULL);
	put_cpu(&f);
	put_memory(&f);
	put_policy(&f);
	put_scratch(&f, scratch_dir);
	put_build(&f);
	return 0;
}

int
env_capture(struct env *env, const char *scratch_dir)
{
	return env_capture_at(env, "", scratch_dir);
}

void
env_add(struct env *env, const char *key, const char *value)
{
	env->kv = xrealloc(env->kv, (env->n + 1) * sizeof(*env->kv));
	env->kv[env->n].key = xstrdup(key);
	env->kv[env->n].value = fitted(value != NULL && *value != '\0' ?
				       value : ENV_UNKNOWN);
	env->n++;
}

const char *
env_get(const struct env *env, const char *key)
{
	size_t i;

	for (i = 0; i < env->n; i++)
		if (strcmp(env->kv[i].key, key) == 0)
			return env->kv[i].value;
	return NULL;
}

void
env_free(struct env *env)
{
	size_t i;

	if (env == NULL)
		return;
	/* The strings were allocated by put(); the const is for readers. */
	for (i = 0; i < env->n; i++) {
		free((char *)env->kv[i].key);
		free((char *)env->kv[i].value);
	}
	free(env->kv);
	env->kv = NULL;
	env->n = 0;
}

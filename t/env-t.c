// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The run environment: parsing checked exactly against made-up /proc and
 * /sys trees, then the real system checked against independent sources
 * (uname(2), sysconf(3), /proc/self/mounts).
 */
#include "config.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "env.h"
#include "env_sys.h"
#include "tap.h"

static const char *const all_keys[] = {
	"uname.sysname", "uname.release", "uname.version", "uname.machine",
	"hostname", "kernel.cmdline", "boot_id", "cpu.model",
	"cpu.count_online", "cpu.microcode", "mem.total_bytes",
	"cpufreq.governor", "cpufreq.boost", "smt.active", "thp.enabled",
	"thp.defrag", "thp.use_zero_page", "kernel.randomize_va_space", "mitigations",
	"scratch.fstype", "scratch.dir", "cc.version", "cflags",
	"aimkit.version",
};

#define N_KEYS (sizeof(all_keys) / sizeof(all_keys[0]))

/* Write TEXT to ROOT/PATH, creating the directories on the way. */
static void
plant(const char *root, const char *path, const char *text)
{
	char full[PATH_MAX];
	char *p;
	FILE *f;

	snprintf(full, sizeof(full), "%s/%s", root, path);
	for (p = full + strlen(root) + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		if (mkdir(full, 0755) < 0 && errno != EEXIST)
			bail("mkdir %s: %s", full, strerror(errno));
		*p = '/';
	}
	f = fopen(full, "w");
	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		bail("cannot write %s", full);
}

static void
plant_tree(const char *root)
{
	plant(root, "proc/cpuinfo",
	      "processor\t: 0\nvendor_id\t: FakeVendor\n"
	      "model name\t: Fake CPU 9000 @ 2.00GHz\n"
	      "microcode\t: 0xdeadbeef\n\nprocessor\t: 1\n"
	      "model name\t: Other CPU\n");
	plant(root, "proc/meminfo",
	      "MemTotal:        1024 kB\nMemFree:          512 kB\n");
	plant(root, "proc/cmdline", "root=/dev/sda1 quiet mitigations=off\n");
	plant(root, "proc/sys/kernel/random/boot_id",
	      "0b0c6a37-6d04-4b5e-9f4b-1c9e0a6f3c2d\n");
	plant(root, "proc/sys/kernel/randomize_va_space", "0\n");
	plant(root, "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
	      "performance\n");
	plant(root, "sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
	plant(root, "sys/devices/system/cpu/smt/active", "1\n");
	plant(root, "sys/kernel/mm/transparent_hugepage/enabled",
	      "[always] madvise never\n");
	plant(root, "sys/kernel/mm/transparent_hugepage/use_zero_page", "0\n");
	plant(root, "sys/kernel/mm/transparent_hugepage/defrag",
	      "always defer defer+madvise [madvise] never\n");
	plant(root, "sys/devices/system/cpu/vulnerabilities/spectre_v2",
	      "Mitigation: Retpolines\n");
	plant(root, "sys/devices/system/cpu/vulnerabilities/meltdown",
	      "Not affected\n");
	plant(root, "sys/devices/system/cpu/vulnerabilities/l1tf",
	      "Mitigation: PTE Inversion\n");
}

static void
test_fake_tree(const char *root)
{
	struct env env;

	plant_tree(root);
	is_int(env_capture_at(&env, root, root), 0, "capture a made-up tree");
	is_string(env_get(&env, "cpu.model"), "Fake CPU 9000 @ 2.00GHz",
		  "cpu.model is the first model name");
	is_string(env_get(&env, "cpu.microcode"), "0xdeadbeef", "microcode");
	is_string(env_get(&env, "mem.total_bytes"), "1048576",
		  "MemTotal in bytes");
	is_string(env_get(&env, "kernel.cmdline"),
		  "root=/dev/sda1 quiet mitigations=off", "cmdline, no newline");
	is_string(env_get(&env, "boot_id"),
		  "0b0c6a37-6d04-4b5e-9f4b-1c9e0a6f3c2d", "boot_id");
	is_string(env_get(&env, "kernel.randomize_va_space"), "0", "ASLR off");
	is_string(env_get(&env, "cpufreq.governor"), "performance",
		  "governor of cpu0");
	is_string(env_get(&env, "cpufreq.boost"), "off",
		  "intel_pstate no_turbo=1 is boost off");
	is_string(env_get(&env, "smt.active"), "1", "smt.active");
	is_string(env_get(&env, "thp.enabled"), "always",
		  "thp.enabled is the bracketed choice");
	is_string(env_get(&env, "thp.defrag"), "madvise",
		  "thp.defrag is the bracketed choice");
	is_string(env_get(&env, "thp.use_zero_page"), "0",
		  "thp.use_zero_page is the file's line");
	is_string(env_get(&env, "mitigations"),
		  "l1tf: Mitigation: PTE Inversion; meltdown: Not affected; "
		  "spectre_v2: Mitigation: Retpolines",
		  "mitigations sorted by name");
	env_free(&env);
	ok(env.n == 0 && env.kv == NULL, "env_free empties the env");

	/* 2^54 KiB and more would wrap the byte count. */
	plant(root, "proc/meminfo", "MemTotal: 18014398509481984 kB\n");
	is_int(env_capture_at(&env, root, root), 0, "capture a huge MemTotal");
	is_string(env_get(&env, "mem.total_bytes"), "unknown",
	   "a MemTotal whose bytes overflow is unknown, not wrapped");
	env_free(&env);
	plant(root, "proc/meminfo",
	      "MemTotal:        1024 kB\nMemFree:          512 kB\n");

	plant(root, "sys/devices/system/cpu/cpufreq/boost", "1\n");
	is_int(env_capture_at(&env, root, root), 0, "capture again");
	is_string(env_get(&env, "cpufreq.boost"), "on",
		  "the generic boost file wins over intel_pstate");
	env_free(&env);
}

static void
test_empty_tree(const char *root)
{
	struct env env;
	size_t i;
	int unknown = 0;

	is_int(env_capture_at(&env, root, "/nonexistent/scratch"), 0,
	       "capture with no /proc or /sys at all");
	is_int(env.n, N_KEYS, "every key is still present");
	is_string(env_get(&env, "cpufreq.governor"), "none",
		  "no cpufreq is governor none");
	for (i = 0; i < N_KEYS; i++) {
		const char *v = env_get(&env, all_keys[i]);

		unknown += v != NULL && strcmp(v, "unknown") == 0;
	}
	/* All but uname (4), hostname, CPU count, build (3), governor, dir. */
	is_int(unknown, (int64_t)N_KEYS - 11, "the rest are \"unknown\"");
	is_string(env_get(&env, "scratch.dir"), "/nonexistent/scratch",
		  "an unresolvable scratch dir is kept as given");
	env_free(&env);
	is_int(env_capture(NULL, "/tmp"), -1, "a NULL env is refused");
}

static void
test_fstype_names(void)
{
	char buf[32];

	is_string(envsys_fstype(0xef53, buf, sizeof(buf)), "ext2/3/4",
		  "EXT4_SUPER_MAGIC");
	is_string(envsys_fstype(0x01021994, buf, sizeof(buf)), "tmpfs",
		  "TMPFS_MAGIC");
	/* A 32-bit kernel word sign-extended into a 64-bit f_type. */
	is_string(envsys_fstype((unsigned long)(long)(int)0x9123683e, buf,
				sizeof(buf)), "btrfs", "sign-extended magic");
	is_string(envsys_fstype(0x12345678, buf, sizeof(buf)), "0x12345678",
		  "an unknown magic in hex");
}

/* Type of the mount holding PATH: the longest mount point prefix. */
static int
mount_type(const char *path, char *type, size_t len)
{
	char dir[PATH_MAX], fstype[64], line[4096];
	size_t best = 0;
	FILE *f = fopen("/proc/self/mounts", "r");

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		size_t n;

		if (sscanf(line, "%*s %4095s %63s", dir, fstype) != 2)
			continue;
		n = strlen(dir);
		if (strncmp(path, dir, n) != 0 ||
		    (path[n] != '/' && path[n] != '\0' && n > 1) || n < best)
			continue;
		best = n;
		snprintf(type, len, "%s", fstype);
	}
	(void)fclose(f);	/* read-only */
	return best > 0 ? 0 : -1;
}

static void
check_scratch(const struct env *env)
{
	char real[PATH_MAX], type[64], *dot;
	const char *want;

	if (realpath("/tmp", real) == NULL ||
	    mount_type(real, type, sizeof(type)) < 0) {
		skip("cannot find the mount of /tmp");
		return;
	}
	/* "fuse.sshfs" is fuse to statfs. */
	dot = strchr(type, '.');
	if (dot != NULL)
		*dot = '\0';
	want = strcmp(type, "ext2") == 0 || strcmp(type, "ext3") == 0 ||
	       strcmp(type, "ext4") == 0 ? "ext2/3/4" : type;
	is_string(env_get(env, "scratch.fstype"), want,
		  "scratch.fstype of /tmp matches /proc/self/mounts (%s)", type);
	is_string(env_get(env, "scratch.dir"), real, "scratch.dir resolved");
}

static void
test_real_system(void)
{
	struct env env;
	struct utsname u;
	char count[32];
	size_t i;
	int present = 0;

	is_int(env_capture(&env, "/tmp"), 0, "capture the running system");
	for (i = 0; i < N_KEYS; i++) {
		const char *v = env_get(&env, all_keys[i]);

		if (v != NULL && *v != '\0')
			present++;
		else
			diag("missing or empty: %s", all_keys[i]);
	}
	is_int(present, N_KEYS, "all %zu keys present with values", N_KEYS);
	is_int(env.n, N_KEYS, "and no others");
	if (uname(&u) == 0)
		is_string(env_get(&env, "uname.release"), u.release,
			  "uname.release is uname(2)'s");
	snprintf(count, sizeof(count), "%ld", sysconf(_SC_NPROCESSORS_ONLN));
	is_string(env_get(&env, "cpu.count_online"), count,
		  "cpu.count_online is sysconf's");
	is_string(env_get(&env, "aimkit.version"), PACKAGE_VERSION,
		  "aimkit.version");
	is_string(env_get(&env, "cc.version"), AIM_CC_VERSION, "cc.version");
	ok(strstr(env_get(&env, "cflags"), AIM_CFLAGS) != NULL &&
	   strstr(env_get(&env, "cflags"), "-O2") != NULL,
	   "cflags holds the configured flags and -O2: %s",
	   env_get(&env, "cflags"));
	ok(strchr(env_get(&env, "thp.enabled"), '[') == NULL,
	   "thp.enabled has no brackets: %s", env_get(&env, "thp.enabled"));
	ok(env_get(&env, "no.such.key") == NULL, "env_get of a missing key");
	check_scratch(&env);
	env_free(&env);
}

static int
remove_entry(const char *path, const struct stat *sb, int type,
	     struct FTW *ftw)
{
	return remove(path);
}

int
main(void)
{
	char fake[PATH_MAX], empty[PATH_MAX + 16];
	const char *tmp = getenv("TMPDIR");
	int rc;

	plan_lazy();
	snprintf(fake, sizeof(fake), "%s/env-t.XXXXXX",
		 tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(fake) == NULL)
		bail("mkdtemp: %s", strerror(errno));
	snprintf(empty, sizeof(empty), "%s/empty", fake);
	if (mkdir(empty, 0755) < 0)
		bail("mkdir %s: %s", empty, strerror(errno));
	test_fake_tree(fake);
	test_empty_tree(empty);
	test_fstype_names();
	test_real_system();
	rc = done_testing();
	if (nftw(fake, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
		diag("cannot remove %s: %s", fake, strerror(errno));
	return rc;
}

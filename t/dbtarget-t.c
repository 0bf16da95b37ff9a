// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which database names are PostgreSQL servers (lib/store/dbtarget.c): URIs and
 * keyword strings are, every other name is a file, hostile ones
 * included; a file named like a keyword string is reached as ./NAME.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbtarget.h"
#include "tap.h"

static const struct {
	const char *name;
	int server;
} cases[] = {
	{ "postgresql://db.example/aim", 1 },
	{ "postgres://u@h:5433/aim?sslmode=require", 1 },
	{ "postgresql://", 1 },
	{ "host=db.example dbname=aim", 1 },
	{ "host=/run/postgresql user=aim", 1 },
	{ "service=fleet", 1 },
	{ "dbname='a b' host=x", 1 },
	{ "  host=x  ", 1 },
	{ "host=x", 1 },
	{ "./host=x", 0 },
	{ "/tmp/host=x", 0 },
	{ "results/host=x", 0 },
	{ "dbname=a b", 0 },
	{ "dbname='a b", 0 },
	{ "nosuchkey=1", 0 },
	{ "host=x nosuchkey=1", 0 },
	{ "=x", 0 },
	{ "aim.db", 0 },
	{ "results/aim.db", 0 },
	{ "PostgreSQL://h/aim", 0 },
	{ "postgresql:/h/aim", 0 },
	{ "", 0 },
	{ " ", 0 },
	{ "file:aim.db", 0 },
	{ ":memory:", 0 },
};

/* A file called host=x in the current directory changes nothing. */
static void
test_file_exists(void)
{
	char dir[] = "/tmp/dbtarget-t.XXXXXX";
	int fd;

	if (mkdtemp(dir) == NULL || chdir(dir) < 0)
		bail("cannot make a directory");
	fd = open("host=x", O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || close(fd) < 0)
		bail("cannot create the file host=x");
	is_int(db_target_is_postgres("host=x"), 1,
	       "host=x is a server even when a file has that name");
	is_int(db_target_is_postgres("./host=x"), 0, "./host=x is that file");
	if (unlink("host=x") < 0 || chdir("/") < 0 || rmdir(dir) < 0)
		diag("cannot remove %s", dir);
}

/* A buffer too small for the name cuts it, the password still out. */
static void
cut_short(void)
{
	char buf[12];

	db_target_shown("postgresql://u:s3@hostname/d", buf, sizeof(buf));
	ok(strstr(buf, "s3") == NULL && strlen(buf) == 11,
	   "a short buffer: %s", buf);
}

/* What a message may show of a name: never a password. */
static void
test_shown(void)
{
	static const struct {
		const char *name, *shown;
		int cut;
	} shown[] = {
		{ "results/aim.db", "results/aim.db", 0 },
		{ "password=x.db", "a PostgreSQL connection string", 1 },
		{ "host=a dbname=b", "host=a dbname=b", 0 },
		{ "host=a password=s3 dbname=b", "host=a dbname=b", 1 },
		{ "password='s 3' host=a", "host=a", 1 },
		{ "host=a password = s3", "host=a", 1 },
		{ "postgresql://u@h/d", "postgresql://u@h/d", 0 },
		{ "postgresql://u:s3@h/d", "postgresql://u@h/d", 1 },
		{ "postgres://u:s3@h:5432/d?sslmode=require",
		  "postgres://u@h:5432/d?sslmode=require", 1 },
		{ "postgresql://h/d?password=s3&sslmode=require",
		  "postgresql://h/d?sslmode=require", 1 },
		{ "postgresql://h/d?passw%6frd=s3",
		  "a PostgreSQL connection string", 1 },
		/* every key libpq shows only as '*' is a secret */
		{ "host=a sslpassword=s3 dbname=b", "host=a dbname=b", 1 },
		{ "postgresql://h/d?sslpassword=s3&sslmode=require",
		  "postgresql://h/d?sslmode=require", 1 },
		{ "postgresql://h/d?sslpassw%6frd=s3",
		  "a PostgreSQL connection string", 1 },
		{ "host=a passfile=/p/pgpass", "host=a passfile=/p/pgpass", 0 },
	};
	char buf[256];

	for (size_t i = 0; i < sizeof(shown) / sizeof(shown[0]); i++) {
		int cut = db_target_shown(shown[i].name, buf, sizeof(buf));

		ok(cut == shown[i].cut && strcmp(buf, shown[i].shown) == 0,
		   "\"%s\" is shown as \"%s\" (%d): %s", shown[i].name,
		   shown[i].shown, shown[i].cut, buf);
	}
	cut_short();
}

int
main(void)
{
	plan_lazy();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		is_int(db_target_is_postgres(cases[i].name), cases[i].server,
		       "\"%s\" is %s", cases[i].name,
		       cases[i].server ? "a server" : "a file");
	test_file_exists();
	test_shown();
	return done_testing();
}

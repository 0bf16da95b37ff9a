/*
 * Which database names are PostgreSQL servers (lib/dbtarget.c): URIs and
 * keyword strings are, every other name is a file, hostile ones
 * included; a file named like a keyword string is reached as ./NAME.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
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

int
main(void)
{
	plan_lazy();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		is_int(db_target_is_postgres(cases[i].name), cases[i].server,
		       "\"%s\" is %s", cases[i].name,
		       cases[i].server ? "a server" : "a file");
	test_file_exists();
	return done_testing();
}

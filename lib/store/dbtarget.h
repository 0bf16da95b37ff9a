/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Which engine a database name given with --db or $AIM_DB means: a
 * PostgreSQL server (a libpq URI or keyword/value string) or, for
 * everything else, an SQLite file.
 */
#ifndef AIM_DBTARGET_H
#define AIM_DBTARGET_H

#include <stddef.h>

/*
 * 1 when S names a PostgreSQL server: it starts with "postgresql://" or
 * "postgres://", or every word of it is key=value with a key libpq knows
 * (values quoted as libpq quotes them: dbname='a b').  A keyword string
 * wins over a file of the same name, which stays reachable as ./NAME
 * (no libpq keyword holds a '/'); a string that is not wholly one, as
 * "dbname=a b", is a file name.  0 otherwise.
 */
int db_target_is_postgres(const char *s);

/*
 * S as a message may name it: a file name or a server's string without
 * its secrets (each word or parameter of a key libpq shows only as '*':
 * password, sslpassword and any other libpq marks so; the ":secret" of
 * a URI's "user:secret@"), into BUF of LEN bytes.  Returns 1 when a
 * secret was taken out (such a server is refused before any
 * connection), 0 when S is shown as it is.  A secret it cannot cut
 * cleanly (quoted or encoded oddly) leaves "a PostgreSQL connection
 * string".
 */
int db_target_shown(const char *s, char *buf, size_t len);

/*
 * 1 when libpq reads a value of a secret key out of the connection
 * string S (dispchar "*" in its table of keywords), 0 otherwise.
 */
int db_target_holds_secret(const char *s);

/* Why a server's string with a password or other secret in it is refused. */
#define DB_TARGET_NO_PASSWORD "a password in the connection string: keep " \
	"it in ~/.pgpass (PGPASSFILE) or a service file"

#endif

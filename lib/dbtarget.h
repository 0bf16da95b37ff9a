/*
 * Which engine a database name given with --db or $AIM_DB means: a
 * PostgreSQL server (a libpq URI or keyword/value string) or, for
 * everything else, an SQLite file.
 */
#ifndef AIM_DBTARGET_H
#define AIM_DBTARGET_H

/*
 * 1 when S names a PostgreSQL server: it starts with "postgresql://" or
 * "postgres://", or every word of it is key=value with a key libpq knows
 * (values quoted as libpq quotes them: dbname='a b').  A keyword string
 * wins over a file of the same name, which stays reachable as ./NAME
 * (no libpq keyword holds a '/'); a string that is not wholly one, as
 * "dbname=a b", is a file name.  0 otherwise.
 */
int db_target_is_postgres(const char *s);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The PostgreSQL backend of db.h, through libpq.  Built only with
 * libpq (configure without --without-postgresql: HAVE_LIBPQ).
 */
#ifndef AIM_DB_PG_H
#define AIM_DB_PG_H

#include <stddef.h>

struct db;

/*
 * Connect to the server CONNINFO names (a URI or keyword/value string,
 * dbtarget.h), with client_encoding UTF8, a 60 s statement_timeout,
 * application_name aimkit unless CONNINFO gives one, and a 10 s
 * connect_timeout unless it gives one.  A password in CONNINFO is
 * refused (it would show in the process list and in messages: the
 * passfile or a service file holds it).  NULL with a one-line reason in
 * ERR, which never quotes CONNINFO.
 */
struct db *db_pg_connect(const char *conninfo, char *err, size_t errlen);

#endif

# SPDX-License-Identifier: GPL-2.0-or-later
# : the results database (store.c, schema.c, documented in
# doc/schema.md) behind the engine seam of db.h, SQLite and PostgreSQL,
# with their unit tests.
lib_store_libstore_a_SOURCES += \
	lib/store/schema.c lib/store/schema_steps.c lib/store/schema.h \
	lib/store/schema_ver.h \
	lib/store/store.c lib/store/store_rows.c lib/store/store_put.c \
	lib/store/store_summary.c \
	lib/store/store.h \
	lib/store/store_int.h lib/store/store_code.h

dist_doc_DATA += doc/schema.md

check_PROGRAMS += t/store-open-t t/store-t
TESTS += t/store-open-t t/store-t

t_store_t_SOURCES = t/store-t.c t/storefx.c t/storefx.h
t_store_t_LDADD = t/libtap.a $(STORE_LDADD)

t_store_open_t_SOURCES = t/store-open-t.c t/storefx.c t/storefx.h
t_store_open_t_LDADD = t/libtap.a $(STORE_LDADD)

# dbfile.c: which paths may be opened as a database (schema.c).
lib_store_libstore_a_SOURCES += lib/store/dbfile.c lib/store/dbfile.h

# SQLite's failures in a user's words (schema_err.c); opening a file:
# the checks before the first write, its settings, WAL, the migration.
lib_store_libstore_a_SOURCES += lib/store/schema_err.c lib/store/schema_open.c
# The schema described in words both engines give (schema_desc.c), and
# a server's in those words (schema_pg_desc.c), compared by schema_diff.
lib_store_libstore_a_SOURCES += lib/store/schema_desc.c \
	lib/store/schema_pg_desc.c

# The rows of the kernel's monitors and log of a result (store_kernel.c).
lib_store_libstore_a_SOURCES += lib/store/store_kernel.c

# What the store makes by itself: a new run's time and uuid (store_check.c).
lib_store_libstore_a_SOURCES += lib/store/store_check.c

# The default database path, the names refused as one, and which output
# names would overwrite it.
lib_store_libstore_a_SOURCES += lib/store/dbpath.c lib/store/dbpath.h

# What aimrun reads back of a base tag (aimrun --against).
lib_store_libstore_a_SOURCES += lib/store/store_read.c lib/store/store_read.h

# The engine-neutral connection every statement goes through (db.h);
# backends fill the table of db_int.h.
lib_store_libstore_a_SOURCES += lib/store/db.c lib/store/db.h lib/store/db_int.h

# The SQLite backend of db.h, and of store_engine_code().
lib_store_libstore_a_SOURCES += lib/store/db_sqlite.c lib/store/db_sqlite.h \
	lib/store/db_sqlite_check.c
# Whether a database name is a PostgreSQL server (dbtarget.c), and
# the PostgreSQL store: its schema (schema_pg.c) and opening it
# (store_pg.c), which without libpq refuses every server.
lib_store_libstore_a_SOURCES += lib/store/dbtarget.c lib/store/dbtarget.h
lib_store_libstore_a_SOURCES += lib/store/store_pg.c lib/store/store_pg.h \
	lib/store/schema_pg.c lib/store/schema_pg.h
# The schema step of aimplan's boot plans in both engines' words, the
# plans themselves written (store_plan.c) and read back, in a folder of
# their own (plan/); their headers beside the store's.
lib_store_libstore_a_SOURCES += lib/store/plan/schema_plan.c \
	lib/store/schema_plan.h lib/store/plan/store_plan.c \
	lib/store/plan/store_plan_read.c lib/store/store_plan.h
if HAVE_LIBPQ
# The PostgreSQL backend of db.h: the connection (db_pg.c), its
# statements (db_pg_stmt.c), their columns (db_pg_col.c) and
# placeholders (db_pg_sql.c); rows sent together (db_pg_bulk.c).
# Its sources in pg/, its headers here beside the seam's.
lib_store_libstore_a_SOURCES += lib/store/pg/db_pg.c lib/store/db_pg.h \
	lib/store/db_pg_int.h lib/store/pg/db_pg_stmt.c \
	lib/store/pg/db_pg_col.c lib/store/pg/db_pg_sql.c \
	lib/store/pg/db_pg_admin.c lib/store/pg/db_pg_bulk.c
endif
dist_doc_DATA += doc/fleet.md

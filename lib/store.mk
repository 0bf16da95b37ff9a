# The results database (lib/store.c, lib/schema.c, documented in
# doc/schema.md) and the capture of the run environment (harness/env.c),
# with their unit tests.
lib_libaim_a_SOURCES += \
	lib/schema.c lib/schema.h lib/schema_ver.h \
	lib/store.c lib/store_rows.c lib/store.h lib/store_int.h \
	lib/store_code.h

harness_libharness_a_SOURCES += \
	harness/env.c harness/env.h \
	harness/env_sys.c harness/env_sys.h

dist_doc_DATA += doc/schema.md

check_PROGRAMS += t/env-t t/store-open-t t/store-t
TESTS += t/env-t t/store-open-t t/store-t

t_store_t_SOURCES = t/store-t.c t/storefx.c t/storefx.h
t_store_t_LDADD = t/libtap.a lib/libaim.a $(SQLITE3_LIBS) $(PQ_LIBS) $(LIBS)

t_store_open_t_SOURCES = t/store-open-t.c t/storefx.c t/storefx.h
t_store_open_t_LDADD = t/libtap.a lib/libaim.a $(SQLITE3_LIBS) $(PQ_LIBS) $(LIBS)

# Only env.o and env_sys.o are taken from libharness.a; they need xalloc
# from libaim.a.
t_env_t_SOURCES = t/env-t.c
t_env_t_LDADD = t/libtap.a harness/libharness.a lib/libaim.a $(LIBS)

# lib/dbfile.c: which paths may be opened as a database (lib/schema.c).
lib_libaim_a_SOURCES += lib/dbfile.c lib/dbfile.h

# What a failure means (lib/schema_err.c) and the schema comparison of
# writers and aimdb check (lib/schema_diff.c), apart to keep schema.c small.
lib_libaim_a_SOURCES += lib/schema_err.c lib/schema_diff.c

# Opening a file: the checks before the first write, WAL, the migration.
lib_libaim_a_SOURCES += lib/schema_open.c

# The forms of times and UUIDs a copy of a run may bring (lib/store_check.c).
lib_libaim_a_SOURCES += lib/store_check.c

# What aimrun reads back of a base tag (aimrun --against).
lib_libaim_a_SOURCES += lib/store_read.c lib/store_read.h

# The engine-neutral connection every statement goes through (lib/db.h);
# backends fill the table of lib/db_int.h.
lib_libaim_a_SOURCES += lib/db.c lib/db.h lib/db_int.h

# The SQLite backend of lib/db.h, and of store_engine_code().
lib_libaim_a_SOURCES += lib/db_sqlite.c lib/db_sqlite.h
# Whether a database name is a PostgreSQL server (lib/dbtarget.c), and
# the PostgreSQL store: its schema (lib/schema_pg.c) and opening it
# (lib/store_pg.c), which without libpq refuses every server.
lib_libaim_a_SOURCES += lib/dbtarget.c lib/dbtarget.h
lib_libaim_a_SOURCES += lib/store_pg.c lib/store_pg.h \
	lib/schema_pg.c lib/schema_pg.h
# Version 6 in both engines' words: aimplan's boot plans.
lib_libaim_a_SOURCES += lib/schema_plan.c lib/schema_plan.h
# The plans themselves: written (lib/store_plan.c) and read back.
lib_libaim_a_SOURCES += lib/store_plan.c lib/store_plan_read.c \
	lib/store_plan.h
if HAVE_LIBPQ
# The PostgreSQL backend of lib/db.h: the connection (lib/db_pg.c), its
# statements (lib/db_pg_stmt.c), their columns (lib/db_pg_col.c) and
# placeholders (lib/db_pg_sql.c); rows sent together (lib/db_pg_bulk.c).
lib_libaim_a_SOURCES += lib/db_pg.c lib/db_pg.h lib/db_pg_int.h \
	lib/db_pg_stmt.c lib/db_pg_col.c lib/db_pg_sql.c lib/db_pg_admin.c \
	lib/db_pg_bulk.c
endif
dist_doc_DATA += doc/fleet.md

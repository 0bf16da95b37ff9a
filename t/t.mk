# t/: unit and integration tests, TAP.
noinst_LIBRARIES += t/libtap.a
t_libtap_a_SOURCES = t/tap.c t/tap.h

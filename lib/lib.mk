# lib/: code shared by aimrun, aimcmp, aimdb and aimplot.
lib_libaim_a_SOURCES += \
	lib/catalog.c lib/catalog.h \
	lib/classic.c lib/classic.h \
	lib/clock.c lib/clock.h \
	lib/log.c lib/log.h \
	lib/measure.c lib/measure.h \
	lib/parse.c lib/parse.h \
	lib/tag.c lib/tag.h \
	lib/xalloc.c lib/xalloc.h
# Files beside the running program: its siblings and its build tree.
lib_libaim_a_SOURCES += lib/beside.c lib/beside.h
lib_libaim_a_SOURCES += lib/infile.c lib/infile.h
lib_libaim_a_SOURCES += lib/outfile.c lib/outfile.h
lib_libaim_a_SOURCES += lib/hist.c lib/hist.h lib/memfam.h
lib_libaim_a_SOURCES += lib/noise.c lib/noise.h

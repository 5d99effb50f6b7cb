## tests/install/local.mk — included by Makefile.am: libflagrule as an outside
## program uses it (tests/install/install.sh: the export list against the
## header, the header alone in C and C++, a staged install, a consumer built
## with pkg-config's flags, the version).
TESTS += tests/install/install.sh
AM_TESTS_ENVIRONMENT += \
	MAKE='$(MAKE)'; export MAKE; CC='$(CC)'; export CC; \
	PKG_CONFIG='$(PKG_CONFIG)'; export PKG_CONFIG; \
	libdir='$(libdir)'; export libdir; includedir='$(includedir)'; export includedir; \
	pkgdatadir='$(pkgdatadir)'; export pkgdatadir; \
	SAN_CFLAGS='$(SAN_CFLAGS)'; export SAN_CFLAGS; SAN_LDFLAGS='$(SAN_LDFLAGS)'; export SAN_LDFLAGS;
EXTRA_DIST += tests/install/install.sh tests/install/consumer.c
# (the staged install needs the built library and the generated flagrule.pc)
tests/install/install.log: libflagrule.la flagrule.pc

# SPDX-License-Identifier: GPL-2.0-or-later
# make deb: the Debian package, built by dpkg-buildpackage from the
# distribution tarball (as its .orig.tar.gz) in deb-build/, so the
# checkout stays clean; the .deb and .changes are left there.
# DEB_BUILD_OPTIONS passes through (nocheck, parallel=N).
EXTRA_DIST += debian/changelog debian/control debian/copyright \
	debian/rules debian/source/format debian/aimkit.docs \
	debian/aimkit.lintian-overrides
DEB_DIR = deb-build

deb: dist
	rm -rf $(DEB_DIR) && $(MKDIR_P) $(DEB_DIR)
	cp $(distdir).tar.gz $(DEB_DIR)/$(PACKAGE)_$(VERSION).orig.tar.gz
	cd $(DEB_DIR) && tar -xzf $(PACKAGE)_$(VERSION).orig.tar.gz
	cd $(DEB_DIR)/$(distdir) && dpkg-buildpackage -us -uc -b
	@ls $(DEB_DIR)/*.deb
clean-local: deb-clean
deb-clean:
	rm -rf $(DEB_DIR)
.PHONY: deb deb-clean

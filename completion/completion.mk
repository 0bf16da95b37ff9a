# SPDX-License-Identifier: GPL-2.0-or-later
# Bash completion for the four programs: one file, installed under each
# program's name so that bash-completion finds it when first completing
# any of them.  The directory is configure's --with-bash-completion-dir,
# by default bash-completion's own (pkg-config) under our prefix.
EXTRA_DIST += completion/aimkit.bash
# Zsh's: one file for all four (its #compdef line names them), in
# configure's --with-zsh-completion-dir.
dist_zshcompletion_DATA = completion/_aimkit
AIM_COMPLETED = aimrun aimcmp aimdb aimplot

install-data-local: install-completion
install-completion:
	$(MKDIR_P) '$(DESTDIR)$(bashcompletiondir)'
	for p in $(AIM_COMPLETED); do \
		$(INSTALL_DATA) '$(srcdir)/completion/aimkit.bash' \
			"$(DESTDIR)$(bashcompletiondir)/$$p" || exit 1; \
	done
uninstall-local:
	for p in $(AIM_COMPLETED); do \
		rm -f "$(DESTDIR)$(bashcompletiondir)/$$p"; \
	done
.PHONY: install-completion

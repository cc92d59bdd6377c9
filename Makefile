# Install WebViewHost where the desktop finds it:  make install PREFIX=~/.local
# Remove every installed file again:               make uninstall PREFIX=~/.local
# DocC documentation of the library modules:       make docs   (into .build/docs, no warnings allowed)
# The API reference in the browser (builds it, serves it on 127.0.0.1):  make docs-open
# Fail if a public declaration exposes a C pointer: make check-api
# Fail if a module depends on its own layer or above:  make check-layers
# Fail if a public declaration has no /// comment:  make check-docs
# The release app and its .deb as shipped: fail over 30 MB stripped or with ICU's data in it:  make check-size
# Build the notes example as another package would, run its handlers' tests, write its page types, tsc it, .deb it:  make check-example
# The injected page scripts: tsc --strict and their Node tests: make check-js
# The benchmarks, webview-host built as shipped beside them:  make bench   (BENCH=startup: the start-up rows alone; TOOLKIT=GTK4: on GTK 4)
# Write po/webviewhost.pot from the sources after changing a message:  make po
# Fail if the template is stale, a user-visible literal skips tr(), or a catalog is incomplete:  make check-strings
PREFIX ?= $(HOME)/.local
APP_ID := io.github.webviewhost.WebViewHost
# The toolkit: GTK3 (the default trait) or GTK4 (`make bench TOOLKIT=GTK4`, `make check-example
# TOOLKIT=GTK4`), each in a build directory of its own so the two builds do not undo each other.
# The external notes app names the trait in its manifest, as an app on GTK 4 does.
TOOLKIT ?= GTK3
ifeq ($(TOOLKIT),GTK4)
BUILD_DIR ?= .build-gtk4
TRAIT_FLAGS := --traits GTK4
DEPENDENCY_TRAITS := , traits: ["GTK4"]
# What dpkg-shlibdeps must find an app's binary linked with, and must not.
DEB_TOOLKIT_DEPENDS := libwebkitgtk-6.0-4 libgtk-4-1 libadwaita-1-0
DEB_OTHER_TOOLKIT := libgtk-3-0|libwebkit2gtk-4.1-0
else
BUILD_DIR ?= .build
TRAIT_FLAGS :=
DEPENDENCY_TRAITS :=
DEB_TOOLKIT_DEPENDS := libwebkit2gtk-4.1-0 libgtk-3-0
DEB_OTHER_TOOLKIT := libgtk-4-1|libwebkitgtk-6.0-4|libadwaita-1-0
endif
BINARY := $(BUILD_DIR)/release/webview-host

BIN_DIR := $(DESTDIR)$(PREFIX)/bin
LIB_DIR := $(DESTDIR)$(PREFIX)/lib/webview-host
SHARE_DIR := $(DESTDIR)$(PREFIX)/share
# The web process extension WebKit loads into its web processes; the binary needs it too.
EXTENSION := libWebViewHostWebProcess.so
RESOURCES_DIR := $(SHARE_DIR)/webview-host/Resources
# The library's catalogs, app-private (GLibCore's CatalogLocation looks in <exe dir>/../share/<exe name>/locale).
LOCALE_DIR := $(SHARE_DIR)/webview-host/locale
# The modules whose user-visible strings are the library's text domain, webviewhost.
TRANSLATED_SOURCES := Sources/GLibCore Sources/GtkWidgets Sources/WebKitGTK Sources/DesktopServices \
	Sources/DesktopIntegration Sources/WebAppWindow Sources/WebViewHostApp
CATALOGS := $(wildcard po/*.po)
NOTES_CATALOGS := $(wildcard Examples/NotesApp/po/*.po)
INSTALLED := \
	$(BIN_DIR)/webview-host \
	$(LIB_DIR)/$(EXTENSION) \
	$(SHARE_DIR)/applications/$(APP_ID).desktop \
	$(SHARE_DIR)/metainfo/$(APP_ID).metainfo.xml \
	$(SHARE_DIR)/icons/hicolor/scalable/apps/$(APP_ID).svg

# The modules other apps build on (the library products' Swift targets), from the one layer table.
LIBRARY_MODULES := $(shell python3 Tools/layer-check/layers.py modules)
SYMBOL_GRAPHS := $(BUILD_DIR)/symbol-graphs
DOCS_DIR := $(BUILD_DIR)/docs
# One static DocC site of every module, its landing page (/documentation/) linking each.
DOCS_SITE := $(DOCS_DIR)/site

EXAMPLE_DIR := $(BUILD_DIR)/external-notes
# One build directory for every package built from this checkout as another package would (the
# notes app here, the articles' and the README's app in the tests): the library compiles once
# (once per toolkit, in that toolkit's build directory: see MarkdownExample).
EXTERNAL_BUILD := $(BUILD_DIR)/external-packages

.PHONY: po check-strings build bench install uninstall validate symbol-graphs check-api check-layers check-docs docs docs-open check-example check-js

build:
	swift build -c release --static-swift-stdlib $(TRAIT_FLAGS) --product webview-host --scratch-path $(BUILD_DIR)

# The start-up rows launch the app as shipped (`build`) against a floor that loads no Swift
# runtime either.
bench: build
	swift build -c release --static-swift-stdlib $(TRAIT_FLAGS) --product webview-startup-floor --scratch-path $(BUILD_DIR)
	swift build -c release $(TRAIT_FLAGS) --product webview-bench --scratch-path $(BUILD_DIR)
	xvfb-run -a $(BUILD_DIR)/release/webview-bench $(BENCH)

install: build
	install -s -Dm755 $(BINARY) $(BIN_DIR)/webview-host
	install -s -Dm644 $(dir $(BINARY))$(EXTENSION) $(LIB_DIR)/$(EXTENSION)
	patchelf --remove-rpath --remove-needed libswiftCore.so $(LIB_DIR)/$(EXTENSION)
	patchelf --set-rpath '$$ORIGIN/../lib/webview-host' $(BIN_DIR)/webview-host
	mkdir -p $(RESOURCES_DIR)
	cp -R Resources/. $(RESOURCES_DIR)/
	set -e; for po in $(CATALOGS); do \
		language=$$(basename $$po .po); install -d $(LOCALE_DIR)/$$language/LC_MESSAGES; \
		msgfmt --check -o $(LOCALE_DIR)/$$language/LC_MESSAGES/webviewhost.mo $$po; \
	done
	install -d $(SHARE_DIR)/applications
	sed 's|^Exec=webview-host|Exec=$(PREFIX)/bin/webview-host|' data/$(APP_ID).desktop \
		> $(SHARE_DIR)/applications/$(APP_ID).desktop
	install -Dm644 data/$(APP_ID).metainfo.xml $(SHARE_DIR)/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 data/icons/$(APP_ID).svg $(SHARE_DIR)/icons/hicolor/scalable/apps/$(APP_ID).svg

uninstall:
	rm -f $(INSTALLED)
	rm -rf $(SHARE_DIR)/webview-host
	@# Directories left empty go too, deepest first, but never anything above PREFIX.
	-rmdir --ignore-fail-on-non-empty $(SHARE_DIR)/icons/hicolor/scalable/apps $(SHARE_DIR)/icons/hicolor/scalable \
		$(SHARE_DIR)/icons/hicolor $(SHARE_DIR)/icons $(SHARE_DIR)/applications $(SHARE_DIR)/metainfo \
		$(SHARE_DIR) $(BIN_DIR) $(LIB_DIR) $(DESTDIR)$(PREFIX)/lib 2>/dev/null

# The library's message template, from the sources (xgettext cannot read Swift).
po:
	python3 Tools/i18n/extract-strings.py write --domain webviewhost --output po/webviewhost.pot $(TRANSLATED_SOURCES)
	python3 Tools/i18n/extract-strings.py write --domain notes-app --output Examples/NotesApp/po/notes-app.pot Examples/NotesApp/Sources

# The template matches the sources, every user-visible literal goes through tr(), and every
# catalog is complete: each message of the template translated, none fuzzy, msgfmt --check clean.
check-strings:
	python3 -m unittest discover -s Tools/i18n -p 'test_*.py'
	python3 Tools/i18n/extract-strings.py check --domain webviewhost --output po/webviewhost.pot $(TRANSLATED_SOURCES)
	python3 Tools/i18n/extract-strings.py check --domain notes-app --output Examples/NotesApp/po/notes-app.pot Examples/NotesApp/Sources
	set -e; for po in $(CATALOGS) $(NOTES_CATALOGS); do \
		msgcmp $$po $$(ls $$(dirname $$po)/*.pot); \
		statistics=$$(LC_ALL=C msgfmt --check --statistics -o /dev/null $$po 2>&1); echo "$$po: $$statistics"; \
		case "$$statistics" in *untranslated*|*fuzzy*) exit 1;; esac; \
	done

# Checks the desktop entry and AppStream metadata as software centres do (no network).
validate:
	desktop-file-validate data/$(APP_ID).desktop
	appstreamcli validate --no-net data/$(APP_ID).metainfo.xml

# Public symbol graphs of the library modules, fresh (a stale graph would hide a change):
# extracted from the modules `swift build` makes, so unbuilt test targets do not matter.
symbol-graphs:
	swift build --scratch-path $(BUILD_DIR)
	python3 Tools/symbol-graphs/extract-symbol-graphs.py $(BUILD_DIR) $(SYMBOL_GRAPHS) $(LIBRARY_MODULES)

# The pointer rule, kept by a tool: no public declaration names a C pointer or a C type.
check-api: symbol-graphs
	python3 Tools/api-check/check-public-api.py $(SYMBOL_GRAPHS) $(LIBRARY_MODULES)

# The module graph, kept by a tool: every library module depends only on lower layers, the
# platform-free ones reach no C library, the ones below WebKit never reach it.
# Both toolkits' graphs: a trait's conditional dependencies show only when it is enabled.
check-layers:
	swift package --scratch-path $(BUILD_DIR) describe --type json > $(BUILD_DIR)/package-description.json
	swift package --scratch-path $(BUILD_DIR) --traits GTK4 describe --type json > $(BUILD_DIR)/package-description-gtk4.json
	python3 -m unittest discover -s Tools/layer-check -p 'test_*.py'
	python3 Tools/layer-check/check-layers.py $(BUILD_DIR)/package-description.json
	python3 Tools/layer-check/check-layers.py $(BUILD_DIR)/package-description-gtk4.json

# Every public declaration of the library modules has a /// comment, kept by a tool.
check-docs: symbol-graphs
	python3 Tools/doc-check/check-docs.py $(SYMBOL_GRAPHS) $(LIBRARY_MODULES)

# One DocC archive per library module, $(DOCS_DIR)/<Module>.doccarchive, with the module's
# catalog (Sources/<Module>/<Module>.docc) as its landing page; any warning fails. Then one
# site of them all, $(DOCS_SITE), whose landing page links every module, checked as served.
docs: symbol-graphs
	rm -rf $(DOCS_DIR)
	set -e; for module in $(LIBRARY_MODULES); do \
		mkdir -p $(DOCS_DIR)/graphs/$$module; \
		cp $(SYMBOL_GRAPHS)/$$module.symbols.json $(DOCS_DIR)/graphs/$$module/; \
		cp $(SYMBOL_GRAPHS)/$$module@*.symbols.json $(DOCS_DIR)/graphs/$$module/ 2>/dev/null || true; \
		docc convert $$(ls -d Sources/$$module/$$module.docc 2>/dev/null) \
			--additional-symbol-graph-dir $(DOCS_DIR)/graphs/$$module --warnings-as-errors \
			--fallback-display-name $$module --fallback-bundle-identifier io.github.webviewhost.$$module \
			--output-path $(DOCS_DIR)/$$module.doccarchive; \
	done
	docc merge $(foreach module,$(LIBRARY_MODULES),$(DOCS_DIR)/$(module).doccarchive) \
		--synthesized-landing-page-name WebViewHost --output-path $(DOCS_SITE)
	python3 Tools/docs-site/docs_site.py check $(DOCS_SITE) $(LIBRARY_MODULES)
	@echo "API reference: $(DOCS_SITE), a static site (make docs-open serves it and opens it)"

# The API reference in the desktop's browser, served from 127.0.0.1:8000 until Ctrl+C
# (a DocC site fetches its pages, which browsers refuse from file: URLs).
docs-open: docs
	python3 Tools/docs-site/docs_site.py serve $(DOCS_SITE)

# The notes example built from outside this package, so it sees public API only (inside,
# `package` declarations would be visible to it too).
check-example:
	mkdir -p $(EXAMPLE_DIR)
	@# A copy, its handlers module renamed: target names are unique across a package graph.
	rm -rf $(EXAMPLE_DIR)/Sources $(EXAMPLE_DIR)/Handlers $(EXAMPLE_DIR)/Tests $(EXAMPLE_DIR)/App
	mkdir -p $(EXAMPLE_DIR)/App
	cp -R Examples/NotesApp/Handlers Examples/NotesApp/Tests $(EXAMPLE_DIR)/
	cp -R Examples/NotesApp/Sources Examples/NotesApp/Web $(EXAMPLE_DIR)/App/
	sed -i 's/^import NotesHandlers$$/import ExternalNotesHandlers/' $(EXAMPLE_DIR)/App/Sources/*.swift $(EXAMPLE_DIR)/Tests/*.swift
	sed 's|@ROOT@|$(CURDIR)|g; s|@TRAITS@|$(DEPENDENCY_TRAITS)|g; s|@IDENTITY@|$(shell basename $(CURDIR) | tr A-Z a-z)|g' \
		Tools/api-check/ExternalNotes.Package.swift > $(EXAMPLE_DIR)/Package.swift
	swift build --build-tests --package-path $(EXAMPLE_DIR) --scratch-path $(EXTERNAL_BUILD)
	@# The library's words reach an app built on it in the user's language: their catalogs come with the build.
	LANG=de_DE.UTF-8 WEBVIEWHOST_NO_SANDBOX=1 timeout 10 xvfb-run -a $(EXTERNAL_BUILD)/debug/external-notes-app 2>&1 \
		| grep "Warnung: Web-Inhalte \(laufen ohne\|bleiben in der\) Sandbox"
	@# Its handlers' unit tests on WebBridgeTesting's fake web view, with no display.
	env -u DISPLAY -u WAYLAND_DISPLAY swift test --skip-build --disable-swift-testing \
		--package-path $(EXAMPLE_DIR) --scratch-path $(EXTERNAL_BUILD)
	@# The app routes, as an app depending on the library runs them: its page types, then tsc over its page.
	rm -f $(EXAMPLE_DIR)/App/Web/*.d.ts $(EXAMPLE_DIR)/App/Web/tsconfig.json
	swift package --package-path $(EXAMPLE_DIR) --scratch-path $(EXTERNAL_BUILD) --allow-writing-to-package-directory \
		generate-page-types --product external-notes-app --output App/Web
	tsc -p $(EXAMPLE_DIR)/App/Web --pretty false
	@# Its .deb, built by the plugin in release; lintian's errors fail.
	swift package --package-path $(EXAMPLE_DIR) --scratch-path $(EXTERNAL_BUILD) --allow-writing-to-package-directory \
		deb --product external-notes-app --app-id io.github.webviewhost.NotesExample --web App/Web \
		--desktop $(CURDIR)/Examples/NotesApp/data/io.github.webviewhost.NotesExample.desktop \
		--metainfo $(CURDIR)/Examples/NotesApp/data/io.github.webviewhost.NotesExample.metainfo.xml \
		--icon $(CURDIR)/Examples/NotesApp/data/icons/io.github.webviewhost.NotesExample.svg \
		--copyright $(CURDIR)/data/copyright --maintainer '$(DEB_MAINTAINER)' --output-dir $(CURDIR)/$(EXAMPLE_DIR)/deb
	lintian --fail-on error $(EXAMPLE_DIR)/deb/external-notes-app_*.deb
	@# Its Depends name the toolkit it was built with, and never the other one.
	depends=$$(dpkg-deb -f $$(ls -t $(EXAMPLE_DIR)/deb/external-notes-app_*.deb | head -1) Depends); echo "Depends: $$depends"; \
		for package in $(DEB_TOOLKIT_DEPENDS); do echo "$$depends" | grep -q -E "(^|, )$$package( |,|$$)" || { echo "missing $$package"; exit 1; }; done; \
		! echo "$$depends" | grep -E "(^|, )($(DEB_OTHER_TOOLKIT))( |,|$$)"
	python3 Tools/size-check/check-size.py --deb $$(ls -t $(EXAMPLE_DIR)/deb/external-notes-app_*.deb | head -1) \
		$(EXTERNAL_BUILD)/release/external-notes-app

# Debian package: make deb → $(DEB_DIR)/webview-host_VERSION_ARCH.deb, its version the metainfo's
# newest <release>. Plugins/PackageDeb/build-deb.sh packages any app built on WebViewHost the same way
# (see Examples/NotesApp/Makefile).
DEB_DIR ?= $(BUILD_DIR)/deb
DEB_MAINTAINER ?= The WebViewHost developers <webviewhost@example.org>

.PHONY: deb check-size

deb: build
	Plugins/PackageDeb/build-deb.sh --name webview-host --app-id $(APP_ID) --binary $(BINARY) --web Resources \
		--desktop data/$(APP_ID).desktop --metainfo data/$(APP_ID).metainfo.xml \
		--icon data/icons/$(APP_ID).svg --copyright data/copyright --section web \
		--maintainer '$(DEB_MAINTAINER)' --output-dir $(DEB_DIR)

# The shipped app's size: its release binary (built as `make deb` and the deb plugin build it)
# stripped at most 30 MB and without ICU's data, and its .deb's size, reported.
check-size: deb
	python3 Tools/size-check/check-size.py --deb $$(ls -t $(DEB_DIR)/webview-host_*.deb | head -1) $(BINARY)

# The scripts the library injects (Sources/**/*.js, embedded by the EmbedJavaScript plugin):
# tsc --strict with zero findings (tsconfig.json), then their unit tests on Node's own runner.
check-js:
	tsc -p tsconfig.json --pretty false
	node --test Tests/JavaScript/

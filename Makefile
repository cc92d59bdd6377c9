# Install WebViewHost where the desktop finds it:  make install PREFIX=~/.local
# Remove every installed file again:               make uninstall PREFIX=~/.local
PREFIX ?= $(HOME)/.local
APP_ID := io.github.webviewhost.WebViewHost
BUILD_DIR ?= .build
BINARY := $(BUILD_DIR)/release/webview-host

BIN_DIR := $(DESTDIR)$(PREFIX)/bin
SHARE_DIR := $(DESTDIR)$(PREFIX)/share
RESOURCES_DIR := $(SHARE_DIR)/webview-host/Resources
INSTALLED := \
	$(BIN_DIR)/webview-host \
	$(SHARE_DIR)/applications/$(APP_ID).desktop \
	$(SHARE_DIR)/metainfo/$(APP_ID).metainfo.xml \
	$(SHARE_DIR)/icons/hicolor/scalable/apps/$(APP_ID).svg

.PHONY: build install uninstall validate

build:
	swift build -c release --static-swift-stdlib --product webview-host --scratch-path $(BUILD_DIR)

install: build
	install -s -Dm755 $(BINARY) $(BIN_DIR)/webview-host
	mkdir -p $(RESOURCES_DIR)
	cp -R Resources/. $(RESOURCES_DIR)/
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
		$(SHARE_DIR) $(BIN_DIR) 2>/dev/null

# Checks the desktop entry and AppStream metadata as software centres do (no network).
validate:
	desktop-file-validate data/$(APP_ID).desktop
	appstreamcli validate --no-net data/$(APP_ID).metainfo.xml

# Debian package: make deb → $(DEB_DIR)/webview-host_VERSION_ARCH.deb, its version the metainfo's
# newest <release>. Tools/deb/build-deb.sh packages any app built on WebViewHost the same way
# (see Examples/NotesApp/Makefile).
DEB_DIR ?= $(BUILD_DIR)/deb
DEB_MAINTAINER ?= The WebViewHost developers <webviewhost@example.org>

.PHONY: deb

deb: build
	Tools/deb/build-deb.sh --name webview-host --app-id $(APP_ID) --binary $(BINARY) --web Resources \
		--desktop data/$(APP_ID).desktop --metainfo data/$(APP_ID).metainfo.xml \
		--icon data/icons/$(APP_ID).svg --copyright data/copyright --section web \
		--maintainer '$(DEB_MAINTAINER)' --output-dir $(DEB_DIR)

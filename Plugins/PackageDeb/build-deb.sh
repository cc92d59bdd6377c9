#!/usr/bin/env bash
# Builds a Debian package of a desktop app made with WebViewHost: NAME_VERSION_ARCH.deb holding
# the stripped binary as /usr/bin/NAME, the web process extension it needs
# (libWebViewHostWebProcess.so, from beside the binary) as a private library in /usr/lib/NAME
# (the binary's RUNPATH points there), its web files as /usr/share/NAME/<basename of --web>
# (where `<exe dir>/../share/NAME/…` finds them; without the development files — `.d.ts`,
# `tsconfig.json`, source maps — unless --include-development-files), the desktop entry, AppStream metainfo,
# scalable icon, copyright and changelog. `Depends` comes from dpkg-shlibdeps.
#
# The version, summary, description and homepage are read from the metainfo (its newest
# <release> is the version), so the metainfo is the one place to change them.
#
#   build-deb.sh --name webview-host --app-id io.github.webviewhost.WebViewHost \
#       --binary .build/release/webview-host --web Resources \
#       --desktop data/X.desktop --metainfo data/X.metainfo.xml --icon data/icons/X.svg \
#       --copyright data/copyright --maintainer 'Name <mail@example.org>' --output-dir .build/deb
#
# Optional: --version V (overrides the metainfo), --section S (default misc), --url-scheme NAME
# (repeatable: the app's own URL schemes, added to the desktop entry's MimeType as
# x-scheme-handler/NAME, with %U on its Exec line, by desktop-entry.py beside this script),
# --include-development-files, --po DIR (the app's own gettext catalogs: each DIR/<language>.po
# compiled to /usr/share/locale/<language>/LC_MESSAGES/<domain>.mo, the domain named by DIR's one
# .pot). The library's own catalogs (po/ of the library's checkout) go in app-private, as
# /usr/share/NAME/locale: every app built on the library ships them, and dpkg refuses two
# packages owning one file, so a shared /usr/share/locale/*/LC_MESSAGES/webviewhost.mo would
# make two such apps conflict. Apps run it through the `deb` command plugin (Plugins/PackageDeb).
# Compression: dpkg-deb's default (xz), or DPKG_DEB_COMPRESSOR_TYPE and _LEVEL from the environment.
# Needs dpkg-dev (dpkg-shlibdeps), binutils (strip, readelf), patchelf, python3; no root or fakeroot.
set -euo pipefail

usage() { sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

name="" app_id="" binary="" web="" desktop="" metainfo="" icon="" copyright="" maintainer=""
output_dir="." version="" section="misc" development_files=0 po=""
url_schemes=()
while [ $# -gt 0 ]; do
    if [ "$1" = --include-development-files ]; then development_files=1; shift; continue; fi
    [ $# -ge 2 ] || usage
    case "$1" in
        --name) name=$2 ;;
        --app-id) app_id=$2 ;;
        --binary) binary=$2 ;;
        --web) web=$2 ;;
        --desktop) desktop=$2 ;;
        --metainfo) metainfo=$2 ;;
        --icon) icon=$2 ;;
        --copyright) copyright=$2 ;;
        --maintainer) maintainer=$2 ;;
        --output-dir) output_dir=$2 ;;
        --version) version=$2 ;;
        --section) section=$2 ;;
        --url-scheme) url_schemes+=(--url-scheme "$2") ;;
        --po) po=$2 ;;
        *) echo "build-deb.sh: unknown option $1" >&2; usage ;;
    esac
    shift 2
done
for required in name app_id binary web desktop metainfo icon copyright maintainer; do
    [ -n "${!required}" ] || { echo "build-deb.sh: --${required//_/-} is required" >&2; usage; }
done
for file in "$binary" "$desktop" "$metainfo" "$icon" "$copyright"; do
    [ -f "$file" ] || { echo "build-deb.sh: no such file: $file" >&2; exit 1; }
done
[ -d "$web" ] || { echo "build-deb.sh: no such directory: $web" >&2; exit 1; }

# Fields from the metainfo, one per line: version, release date, summary, homepage, description paragraphs.
metainfo_fields() {
    python3 - "$metainfo" <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
release = root.find("releases/release")
if release is None or not release.get("version"):
    sys.exit("build-deb.sh: the metainfo has no <releases><release version=…>: it gives the package version")
def text(element):
    return " ".join("".join(element.itertext()).split()) if element is not None else ""
homepage = root.find("url[@type='homepage']")
print(release.get("version"))
print(release.get("date") or "")
print(text(root.find("summary")))
print(text(homepage))
for paragraph in root.findall("description/p"):
    print(text(paragraph))
EOF
}
mapfile -t fields < <(metainfo_fields)
[ ${#fields[@]} -ge 4 ] || exit 1
version=${version:-${fields[0]}}
release_date=${fields[1]}
summary=${fields[2]}
homepage=${fields[3]}
description_paragraphs=("${fields[@]:4}")

arch=$(dpkg --print-architecture)
umask 022
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"
doc="$root/usr/share/doc/$name"

install -d "$root/DEBIAN" "$root/usr/bin" "$doc"
strip --remove-section=.comment --remove-section=.note --strip-unneeded -o "$root/usr/bin/$name" "$binary"
chmod 755 "$root/usr/bin/$name"
extension=libWebViewHostWebProcess.so
private_libraries=()
if readelf -d "$binary" | grep -q "(NEEDED).*\[$extension\]"; then
    [ -f "$(dirname "$binary")/$extension" ] || { echo "build-deb.sh: $binary needs $extension beside it" >&2; exit 1; }
    install -d "$root/usr/lib/$name"
    strip --remove-section=.comment --strip-unneeded -o "$root/usr/lib/$name/$extension" "$(dirname "$binary")/$extension"
    # A C library that swiftc linked: it needs neither the toolchain's path nor its runtime.
    patchelf --remove-rpath --remove-needed libswiftCore.so "$root/usr/lib/$name/$extension"
    patchelf --set-rpath "\$ORIGIN/../lib/$name" "$root/usr/bin/$name"
    private_libraries=("$root/usr/lib/$name/$extension")
fi
install -d "$root/usr/share/$name"
cp -R "$web" "$root/usr/share/$name/$(basename "$web")"
if [ $development_files -eq 0 ]; then
    # Type declarations, tsc's configuration and source maps serve development only.
    find "$root/usr/share/$name/$(basename "$web")" -type f \( -name '*.d.ts' -o -name tsconfig.json -o -name '*.map' \) -delete
fi
# Compiles the catalogs of folder $1 (domain: its .pot's name) into $2/<language>/LC_MESSAGES.
compile_catalogs() {
    local template domain catalog language
    template=$(ls "$1"/*.pot 2>/dev/null | head -n 1)
    [ -n "$template" ] || { echo "build-deb.sh: $1 has no .pot naming the text domain" >&2; exit 1; }
    domain=$(basename "$template" .pot)
    for catalog in "$1"/*.po; do
        [ -e "$catalog" ] || continue
        language=$(basename "$catalog" .po)
        install -d "$2/$language/LC_MESSAGES"
        msgfmt --check -o "$2/$language/LC_MESSAGES/$domain.mo" "$catalog"
    done
}
compile_catalogs "$(dirname "$0")/../../po" "$root/usr/share/$name/locale"
if [ -n "$po" ]; then compile_catalogs "$po" "$root/usr/share/locale"; fi
install -d "$root/usr/share/applications"
python3 "$(dirname "$0")/desktop-entry.py" "$desktop" "$root/usr/share/applications/$app_id.desktop" "${url_schemes[@]}"
install -Dm644 "$metainfo" "$root/usr/share/metainfo/$app_id.metainfo.xml"
install -Dm644 "$icon" "$root/usr/share/icons/hicolor/scalable/apps/$app_id.svg"
install -m644 "$copyright" "$doc/copyright"
{
    echo "$name ($version) unstable; urgency=medium"
    echo
    echo "  * Release $version."
    echo
    echo " -- $maintainer  $(date -R -u -d "${release_date:-now}")"
} | gzip -9n > "$doc/changelog.gz"
find "$root/usr" -type d -exec chmod 755 {} +
find "$root/usr" -type f ! -path "$root/usr/bin/*" -exec chmod 644 {} +

# dpkg-shlibdeps reads debian/control of a source package: give it a minimal one.
install -d "$work/source/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$name" "$name" > "$work/source/debian/control"
depends=$(cd "$work/source" && dpkg-shlibdeps -O --warnings=1 -l"$root/usr/lib/$name" \
    "$root/usr/bin/$name" "${private_libraries[@]}" | sed -n 's/^shlibs:Depends=//p')

{
    echo "Package: $name"
    echo "Version: $version"
    echo "Architecture: $arch"
    echo "Maintainer: $maintainer"
    echo "Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)"
    echo "Depends: $depends"
    echo "Section: $section"
    echo "Priority: optional"
    [ -z "$homepage" ] || echo "Homepage: $homepage"
    echo "Description: $summary"
    first=1
    for paragraph in "${description_paragraphs[@]}"; do
        [ $first -eq 1 ] || echo " ."
        first=0
        echo "$paragraph" | fold -s -w 78 | sed 's/ *$//; s/^/ /'
    done
} > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$output_dir"
package="$output_dir/${name}_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$root" "$package" >/dev/null
echo "$package"

/*
 * SwiftPM links every library with swiftc, which adds the Swift runtime's image
 * registration (swiftrt.o) and libswiftCore.so even to a C-only library. This library has
 * no Swift metadata to register: these two definitions, hidden so they serve only this
 * library, answer swiftrt.o's references, so nothing here needs the Swift runtime and
 * packaging (Plugins/PackageDeb/build-deb.sh, `make install`) drops libswiftCore.so from the
 * library's needs: an installed app's web processes load no Swift.
 */
#include <stdbool.h>

__attribute__((visibility("hidden"))) void swift_addNewDSOImage(const void *sections)
{
    (void)sections;
}

__attribute__((visibility("hidden"))) bool _swift_backtrace_isThunkFunction(const char *name)
{
    (void)name;
    return false;
}

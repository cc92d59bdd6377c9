#ifndef CWEBKITWEBEXTENSION_SHIM_H
#define CWEBKITWEBEXTENSION_SHIM_H

#include <webkit2/webkit-web-extension.h>
#include <gio/gunixfdlist.h>

#endif

#ifndef CWEBKITWEBPROCESSEXTENSION6_SHIM_H
#define CWEBKITWEBPROCESSEXTENSION6_SHIM_H

/* WebKitGTK 6.0's web process extension API (the GTK4 trait). */
#include <webkit/webkit-web-process-extension.h>
#include <gio/gunixfdlist.h>

#endif

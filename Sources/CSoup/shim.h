#ifndef CSOUP_SHIM_H
#define CSOUP_SHIM_H

/* libsoup 3 alone, for the WebSocket client: no GTK, no WebKit. */
#include <libsoup/soup.h>

#endif

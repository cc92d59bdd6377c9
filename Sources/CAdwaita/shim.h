#ifndef CADWAITA_SHIM_H
#define CADWAITA_SHIM_H

/* libadwaita 1 over GTK 4 (the GTK4 trait); imported through CGtkHelpers. */
#include <adwaita.h>

#endif

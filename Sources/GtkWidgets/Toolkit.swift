// The package links exactly one toolkit: GTK refuses to run with GTK 3 and GTK 4 in one
// process. An app that names GTK4 and also the default traits (`.defaults`) gets both.
#if GTK3 && GTK4
#error("WebViewHost: enable one of the traits GTK3 (the default) and GTK4, not both")
#elseif !GTK3 && !GTK4
#error("WebViewHost: enable one of the traits GTK3 (the default) and GTK4")
#endif

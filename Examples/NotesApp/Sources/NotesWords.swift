import WebAppWindow
import WebKitGTK

/// The notes app's own words, its text domain `notes-app`: the catalogs in `po/` beside the
/// sources (German and Russian), compiled into the app's resource bundle by the library's
/// `CompileCatalogs` plugin. The library's words (the header bar, the menu) are the library's.
let words = TextDomain("notes-app")

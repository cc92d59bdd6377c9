// A small notes app built on WebViewHost's libraries: a GtkApplication whose window shows a
// page from app://, and a page that stores notes through typed bridge handlers in a JSON
// file under the XDG data directory.
import Glibc

exit(MainActor.assumeIsolated { NotesApp().run() })

import CGtkHelpers
import FoundationEssentials
import GLibCore

/// The URI of a file a launch named, as `Application.onOpen` hands it on.
///
/// GApplication passes files, not URIs, and GLib reads a `file:` URI's query as part of the
/// file name: `file:///notes/page.html?mode=compact` arrives as a file named
/// `page.html?mode=compact`. When no file of that name exists but `page.html` does, the
/// query was meant as one and is put back; a file whose name really holds a `?` still wins.
enum LaunchedFile {
    static func uri(of file: OpaquePointer) -> String? {
        let uri = takeString(g_file_get_uri(file))
        guard let path = takeString(g_file_get_path(file)), let mark = path.firstIndex(of: "?"),
              !FileManager.default.fileExists(atPath: path) else { return uri }
        let filePath = String(path[..<mark])
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: filePath, isDirectory: &isDirectory), !isDirectory,
              let fileURI = takeString(g_filename_to_uri(filePath, nil, nil)),
              let query = takeString(g_uri_escape_string(String(path[path.index(after: mark)...]), "=&;+,/?:@!$'()*", 0))
        else { return uri }
        return fileURI + "?" + query
    }
}

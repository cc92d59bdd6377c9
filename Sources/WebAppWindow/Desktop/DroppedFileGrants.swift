import FoundationEssentials
import WebPolicy

/// The files dropped onto a window that its page may read (`PageServices.droppedFiles`):
/// each regular file of a drop under a fresh random token, until the page navigates away
/// (`revokeAll()`), so a page reads what the user dropped onto it and nothing else — not
/// another window's drops, not the previous page's, not any path it names.
@MainActor
final class DroppedFileGrants {
    /// The most files granted at once; the oldest go first beyond it.
    static let limit = 1024
    private var files: [String: URL] = [:]
    private var order: [String] = []

    /// Grants the regular files among `urls` and describes them for the page; folders and
    /// what cannot be read are left out.
    func grant(_ urls: [URL]) -> [DroppedFile] {
        urls.compactMap { url in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  FileManager.default.isReadableFile(atPath: url.path)
            else { return nil }
            let token = UUID().uuidString
            files[token] = url
            order.append(token)
            if order.count > Self.limit { files[order.removeFirst()] = nil }
            return DroppedFile(name: url.lastPathComponent, size: (attributes[.size] as? Int) ?? 0,
                               type: MIMEType.forPath(url.path),
                               lastModified: (attributes[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0), token: token)
        }
    }

    /// The file granted under `token`, if it still is.
    func file(_ token: String) -> URL? {
        files[token]
    }

    /// Takes back every grant: the page that had them is gone.
    func revokeAll() {
        files = [:]
        order = []
    }
}

import CWebKitGTK
import WebOrigin
import WebPolicy

extension LoadError {
    /// One sentence for a person, naming the server (host and port) or the file: what the
    /// error page says first. `detail` says the same for a developer.
    public var summary: String {
        switch kind {
        case .fileNotFound:
            if let path = LocalFilePath(fileURI: uri) { return "There is no file at \(path)." }
            return "There is no page at \(uri)."
        case .tlsCertificate:
            return "The server at \(place) sent a certificate that cannot be trusted, so the page was not opened."
        case .cannotShow:
            return "This window cannot show what \(place) sent."
        case .restrictedPort:
            let port = Origin(uri: uri)?.port.map(String.init) ?? "this"
            return "Web pages may not use port \(port) (asked for at \(place)): it is reserved for other programs."
        case .network:
            return networkSummary
        case .other:
            return "The page at \(place) could not be loaded."
        }
    }

    /// What went wrong for a developer: WebKit's error domain, code and message.
    public var detail: String {
        "\(underlying.message) (\(underlying.domain) \(underlying.code))"
    }

    /// The server as a person would name it: `host:port`, or the whole URI when it has no host.
    var place: String {
        guard let origin = Origin(uri: uri), !origin.host.isEmpty else { return uri }
        return origin.port.map { "\(origin.host):\($0)" } ?? origin.host
    }

    private var networkSummary: String {
        switch (underlying.domain, underlying.code) {
        case (Self.ioDomain, Int(G_IO_ERROR_CONNECTION_REFUSED.rawValue)):
            "The server at \(place) refused the connection."
        case (Self.ioDomain, Int(G_IO_ERROR_TIMED_OUT.rawValue)):
            "The server at \(place) took too long to answer."
        case (Self.ioDomain, Int(G_IO_ERROR_HOST_UNREACHABLE.rawValue)),
             (Self.ioDomain, Int(G_IO_ERROR_NETWORK_UNREACHABLE.rawValue)):
            "No server answers at \(place): the network cannot reach it."
        case (Self.ioDomain, Int(G_IO_ERROR_CONNECTION_CLOSED.rawValue)),
             (Self.ioDomain, Int(G_IO_ERROR_BROKEN_PIPE.rawValue)):
            "The server at \(place) closed the connection without answering."
        case (Self.resolverDomain, _):
            "The address \(Origin(uri: uri)?.host ?? uri) could not be found."
        default:
            "No server answers at \(place)."
        }
    }

    private static let ioDomain = String(cString: g_quark_to_string(g_io_error_quark()))
    private static let resolverDomain = String(cString: g_quark_to_string(g_resolver_error_quark()))
}

import GLibCore
import CWebKitGTKHelpers
import WebOrigin
import WebPolicy

extension LoadError {
    /// One sentence for a person, naming the server (host and port) or the file: what the
    /// error page says first. `detail` says the same for a developer.
    public var summary: String {
        switch kind {
        case .fileNotFound:
            if let path = LocalFilePath(fileURI: uri) { return tr("There is no file at {path}.", ["path": "\(path)"]) }
            return tr("There is no page at {address}.", ["address": uri])
        case .tlsCertificate:
            return tr("The server at {server} sent a certificate that cannot be trusted, so the page was not opened.", ["server": place])
        case .cannotShow:
            return tr("This window cannot show what {server} sent.", ["server": place])
        case .restrictedPort:
            guard let port = Origin(uri: uri)?.port else {
                return tr("Web pages may not use this port (asked for at {server}): it is reserved for other programs.", ["server": place])
            }
            return tr("Web pages may not use port {port} (asked for at {server}): it is reserved for other programs.",
                      ["port": String(port), "server": place])
        case .network:
            return networkSummary
        case .other:
            return tr("The page at {server} could not be loaded.", ["server": place])
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
            tr("The server at {server} refused the connection.", ["server": place])
        case (Self.ioDomain, Int(G_IO_ERROR_TIMED_OUT.rawValue)):
            tr("The server at {server} took too long to answer.", ["server": place])
        case (Self.ioDomain, Int(G_IO_ERROR_HOST_UNREACHABLE.rawValue)),
             (Self.ioDomain, Int(G_IO_ERROR_NETWORK_UNREACHABLE.rawValue)):
            tr("No server answers at {server}: the network cannot reach it.", ["server": place])
        case (Self.ioDomain, Int(G_IO_ERROR_CONNECTION_CLOSED.rawValue)),
             (Self.ioDomain, Int(G_IO_ERROR_BROKEN_PIPE.rawValue)):
            tr("The server at {server} closed the connection without answering.", ["server": place])
        case (Self.resolverDomain, _):
            tr("The address {host} could not be found.", ["host": Origin(uri: uri)?.host ?? uri])
        default:
            tr("No server answers at {server}.", ["server": place])
        }
    }

    private static let ioDomain = String(cString: g_quark_to_string(g_io_error_quark()))
    private static let resolverDomain = String(cString: g_quark_to_string(g_resolver_error_quark()))
}

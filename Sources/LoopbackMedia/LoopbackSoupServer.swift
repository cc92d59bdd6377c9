import CSoup
import CGLib
import GLibCore

/// A libsoup server listening on 127.0.0.1 only, on a port the system picks: how the
/// library's loopback servers (`MediaServer`) and its tools (the benchmark's page server)
/// open one, so none of them can end up listening on another interface.
package enum LoopbackSoupServer {
    /// A new listening server, owned by the caller, and its port; when listening fails,
    /// nothing is left behind.
    @MainActor
    package static func listen() throws(GLibError) -> (server: UnsafeMutablePointer<SoupServer>, port: Int) {
        let server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 0, nil, nil)!)
            .assumingMemoryBound(to: SoupServer.self)
        let address = g_inet_socket_address_new_from_string("127.0.0.1", 0)!
        defer { g_object_unref(address) }
        do {
            _ = try throwingGError { soup_server_listen(server, gcast(address), SoupServerListenOptions(0), $0) }
        } catch {
            g_object_unref(server)
            throw error
        }
        let uris = soup_server_get_uris(server)
        defer { g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) } }
        return (server, Int(g_uri_get_port(OpaquePointer(uris!.pointee.data))))
    }
}

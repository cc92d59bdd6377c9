import CGLib
import CSoup
import GLibCore

/// The libsoup session a client connects through: one per client, so trust settings
/// and connection pools never leak from one client to another.
@MainActor
enum Session {
    /// A new session; with `file`, `wss://` servers are checked against the PEM certificate
    /// authorities in it instead of the system's.
    static func make(trustingCertificatesIn file: String?) throws(WebSocketError) -> ObjectReference<SoupSession> {
        let session = ObjectReference<SoupSession>(adopting: soup_session_new())
        guard let file else { return session }
        do throws(GLibError) {
            let database = try throwingGError { g_tls_file_database_new(file, $0) }
            soup_session_set_tls_database(session.pointer, database)
            g_object_unref(database)
            return session
        } catch {
            throw .invalidTrustedCertificates(error)
        }
    }
}

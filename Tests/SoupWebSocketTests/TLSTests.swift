import Foundation
import LoopTestHelpers
import SoupWebSocket
import XCTest

final class TLSTests: FeedServerTestCase, @unchecked Sendable {
    /// A self-signed certificate for 127.0.0.1, made fresh with openssl.
    private func makeCertificate(in directory: TestDirectory) throws -> (certificate: String, key: String) {
        let certificate = directory.url.appendingPathComponent("cert.pem").path
        let key = directory.url.appendingPathComponent("key.pem").path
        let openssl = try ChildProcess("/usr/bin/env", [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
        ], error: .discarded)
        XCTAssertEqual(openssl.wait(), .exited(0), "openssl could not make a certificate")
        return (certificate, key)
    }

    func testSecureEchoWithATrustedCertificate() throws {
        let directory = TestDirectory()
        let (certificate, key) = try makeCertificate(in: directory)
        let server = try startServer(tls: (certificate, key))
        loopTest {
            let url = "wss://127.0.0.1:\(server.port)/echo"
            let client = try self.makeClient(url) { $0.trustedCertificatesFile = certificate }
            let recorder = Recorder(client)
            try await client.connect()
            try client.send(text: "over TLS")
            try await waitUntil { recorder.messages.count == 1 }
            XCTAssertEqual(recorder.messages, [.text("over TLS")])
        }
    }

    func testAnUntrustedCertificateFailsTheHandshake() throws {
        let directory = TestDirectory()
        let (certificate, key) = try makeCertificate(in: directory)
        let server = try startServer(tls: (certificate, key))
        loopTest {
            let client = try self.makeClient("wss://127.0.0.1:\(server.port)/echo") { $0.reconnect = nil }
            do {
                try await client.connect()
                XCTFail("a self-signed certificate is not trusted by default")
            } catch {
                guard case .handshakeFailed = error as? WebSocketError else {
                    return XCTFail("expected handshakeFailed, got \(error)")
                }
            }
        }
    }

    func testAMissingTrustFileIsAnImmediateError() throws {
        try MainActor.assumeIsolated {
            XCTAssertThrowsError(try WebSocketClient(url: "wss://127.0.0.1:1/",
                                                     configuration: WebSocketConfiguration(trustedCertificatesFile: "/nonexistent.pem"))) {
                guard case .invalidTrustedCertificates = $0 as? WebSocketError else {
                    return XCTFail("expected invalidTrustedCertificates, got \($0)")
                }
            }
        }
    }
}

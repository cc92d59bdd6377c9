import Foundation
import TestHelpers
import WebKitGTK
import XCTest

/// An untrusted TLS certificate gets the error page and is never accepted, with every guard
/// attached (the authentication guard refuses server-trust challenges).
final class TLSErrorTests: GTKTestCase {
    /// A self-signed certificate for 127.0.0.1 (valid until 2125) and its key: untrusted by design.
    static let selfSignedPEM = """
-----BEGIN CERTIFICATE-----
MIIDHDCCAgSgAwIBAgIUHXBeJuGIlMxyJuJS/qK82UHXf4kwDQYJKoZIhvcNAQEL
BQAwFDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEzMDEzNTMzOFoYDzIxMjYx
MTA2MTM1MzM4WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwggEiMA0GCSqGSIb3DQEB
AQUAA4IBDwAwggEKAoIBAQDS+ezQFXRCKSJOCiVIj6p1tNgP/Xz5tRyZUn6JKa+7
MwXhryV2kY4cP+g0ldxfWww7t/B5BlJxP4AuvEiC4FQI5RLBMFTTGcaRKHnbukN9
YbyOY3CnBKRLX3amFoh5U72U+hCil+cIWbLHiVHlZJ0G7iJCC9bko3qXPB7l8On9
Ezg+oIUJ39R6VBfrqMzDD8ehfRyBGRMZ7G+LyhnapxJPBNPQEj07zp36xcYgtgen
JMRDFWovH7s16hQ8JEUMjvK4Foe0vWoP1BxBT2EmXXDOWEj7Y97ePZjPy/fsHunf
gc7F50lv3LxLj70fTHHFy9gMcj8MspYKxn1JSzbNzlSlAgMBAAGjZDBiMB0GA1Ud
DgQWBBRSzJpBitJBg/TxJd/tx9rYs0DcqjAfBgNVHSMEGDAWgBRSzJpBitJBg/Tx
Jd/tx9rYs0DcqjAPBgNVHRMBAf8EBTADAQH/MA8GA1UdEQQIMAaHBH8AAAEwDQYJ
KoZIhvcNAQELBQADggEBAGjS4m18JjeZqqSt/x6/oJFmYJNlAhZIQzijdZNGcsxy
zYzQoGcWpnpcSO3GSd8hYTnylxIgIZsxKk3cKJibM+GjoZGbKSBTOr+JkdAg1IiD
2xwvIw71SYb5iDqvqtUdVThdk2LHeu1QnoCwg4yHvn/gA242sMtnw2oDmjEKhHvv
KBAXO4zqCafjfXa/5d837aaGlzFe1U0DQgUHkq2Fdq0If23UUxEVxS1fzjMPFDDy
eJ1lcExL13Xf4DJxc/LDe//ereRzrLHqFUrdSCjgUstP66vjK4M9zvzDo8EG0PRI
xem7uX1U4YKDmjMN0O+7LvIwZfDmXY5o01zP/qsjLOM=
-----END CERTIFICATE-----
-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDS+ezQFXRCKSJO
CiVIj6p1tNgP/Xz5tRyZUn6JKa+7MwXhryV2kY4cP+g0ldxfWww7t/B5BlJxP4Au
vEiC4FQI5RLBMFTTGcaRKHnbukN9YbyOY3CnBKRLX3amFoh5U72U+hCil+cIWbLH
iVHlZJ0G7iJCC9bko3qXPB7l8On9Ezg+oIUJ39R6VBfrqMzDD8ehfRyBGRMZ7G+L
yhnapxJPBNPQEj07zp36xcYgtgenJMRDFWovH7s16hQ8JEUMjvK4Foe0vWoP1BxB
T2EmXXDOWEj7Y97ePZjPy/fsHunfgc7F50lv3LxLj70fTHHFy9gMcj8MspYKxn1J
SzbNzlSlAgMBAAECggEAAmxZ9rrkWrUvvm855ec2iUMSPz7FXnXg1fb/WpJ2wQLx
RJoXJ1E9LWBjiaUWAqdgUNhIRA+ZR1E4JvFFMPGkLXT6Hetw8frID9dD7Qzq5QgI
GyeTvetc+rumOHqmRyR51zn3EnMFtZAYMFgIr4aUEiYOkS0jIv2otQ98+F2nxl8a
ja9EhyCH7sr96r8edSZIZrlK8cM6Kk/wDbs2wzwHxh5fiRScBrHDDvgCSOfm75oD
Gr0Qm5yxLLVibMxCaP38F/sITBKAqmVlltQSt5Ao3bu1zvxPOkcoJm5juBo+3j39
pFm46jtGuetL147WO3rp+xyMCkK87rpQ2QWyASuYsQKBgQDrpK4aqGH3iU5GS1op
yiSgdFaK24DPHE55RkjQPrNmP55/ifRMCsjlzpFoLMCKhhyAseSGoH8CPmtlN2dc
EWivsCD9lHRqHLHO/ZAn9D9QqADMwHYTGERczN9jb61D5QbomXM3HUCEP8TxsR6x
KUNoGQDPe/u1LYPbc7wh/T/eFQKBgQDlM7oPGnqG39++KQJ5DObiegd6llFMDef5
9Hk2aW80o6CaAeFe2dy88MBldr5dExs9GvQQ0D9cPfUoiZBfgCiywuD0c9guJqLG
Qj8UlxSKzaNlNTE7CW9altkk2v/8BkLTA0OaoMPadLN+tJnNFjvuXo+RIRJLv4DX
n3h02YjQUQKBgQCzUKLIWGAMbSjqZwbajB+pFj6Q9g4kDMdOlARuq3f7E+h55zHG
9+H+tl2CJ6PxBbME39ol9FYSEAvLfwihUAIYx2+jZ+fao7FO8TdUoBHaP640ITT4
vNuwvpozYdU4uDy0najGRPVGbfxha0YOzHal7XjnatKVAWi4g26jcsK6LQKBgB9E
8FRRK3gtIMxDsgerv/AT7+NEkLDMkOJj/Ql0VuyaijWYnhOfq2LHgagWDCCMk8HB
ZJzKnGpMNZ8jLWQqCuNgfOo8x7h8IubjcNGxTuck6O7M0/uW7O8x90v06MmMXR+G
qXl2B2JNW5Oktfrp1qFNm06UcXeOF9jS888VQnoRAoGBAOWOVx56x0KZKcjKNCBw
0FaSPB+L9v1DKAnwnfpCb6BJ0U93xF9hf4icDKtz9aI2W42FJDEjrGOcLa2KwBlW
YatmRgBN4U2C5yGUKZl/QO4RKH/6uIJyppwPpkTe9N+AXADNg7LUZz0OkGtNG7tx
dek6q0XdjJ06V2T6hg9c86nI
-----END PRIVATE KEY-----
"""

    func testSelfSignedCertificateShowsErrorPageAndIsNotBypassed() {
        gtkTest {
            let server = try LoopbackServer(tlsPEM: Self.selfSignedPEM)
            server.page("/page.html", "<title>secret page</title>")
            let host = TestWindow(view: WebView(context: .ephemeral()))
            let auth = AuthenticationGuard(view: host.view, prompter: RecordingAuthenticationPrompter(answer: nil))
            var failures: [LoadError] = []
            let observation = host.view.observe { if case .loadFailed(let error) = $0 { failures.append(error) } }
            host.view.load(uri: server.url("/page.html"))
            try await waitUntil("TLS failure reported") { !failures.isEmpty }
            try await waitUntil("error page shown") { host.view.title == "Untrusted connection" }
            XCTAssertEqual(failures.first?.kind, .tlsCertificate)
            XCTAssertEqual(failures.first?.uri, server.url("/page.html"))
            let message = try await host.view.evaluateJavaScript("document.getElementById('error-message').textContent", as: String.self)
            XCTAssertEqual(message, "The server at 127.0.0.1:\(server.port) sent a certificate that cannot be trusted, so the page was not opened.")
            XCTAssertEqual(server.requestedPaths, [], "no request may pass over the untrusted connection")
            _ = (auth, observation)
            host.close()
            server.stop()
        }
    }
}
